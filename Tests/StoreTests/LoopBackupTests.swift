import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerArchiveCodec
@testable import TrackerImports
@testable import TrackerSQLite
@testable import TrackerStore

private let today = day("2026-11-30")
private let titles = ForeignTitles(loop: "Loop", loopArchive: "Loop · archive", habitBull: "HabitBull")

/// A Loop backup of version 25 made here, in a new folder: Loop's two tables as `habits` and
/// `repetitions` declare them (no constraints unless they say so), then `rows` (SQL).
private func makeBackup(
  habits: String =
    "id INTEGER PRIMARY KEY, name TEXT, uuid TEXT, freq_num INTEGER, freq_den INTEGER, position INTEGER",
  repetitions: String = "id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT",
  _ rows: String
) throws -> (folder: TemporaryFolder, path: String) {
  let folder = TemporaryFolder()
  let path = folder.path("Loop Habits Backup.db")
  let database = try Database(path: path, create: true)
  defer { database.close() }
  try database.execute(
    "PRAGMA user_version = 25; CREATE TABLE Habits (\(habits)); CREATE TABLE Repetitions (\(repetitions)); \(rows)"
  )
  return (folder, path)
}

/// Milliseconds at UTC midnight of `iso`, as Loop stores a day.
private func ms(_ iso: String) -> Int { day(iso).daysSinceEpoch * 86_400_000 }

/// The file at `path` read as a Loop backup from its path (failing the test otherwise).
private func read(_ path: String) throws -> OtherTrackerFile {
  try #require(OtherTrackerFile.read(file: path, today: today)).get()
}

private func importedStore(_ file: OtherTrackerFile) throws -> (InMemoryTrackerStore, ForeignImportSummary) {
  let store = InMemoryTrackerStore()
  return (store, try store.importForeign(file, titles: titles, today: today))
}

private func named(_ store: any TrackerDataStore, _ name: String) throws -> Tracker {
  try #require(try store.trackers().map(\.tracker).first { $0.name == name }, "no tracker \(name)")
}

private func recordDays(_ store: any TrackerDataStore, _ name: String) throws -> [String] {
  try store.recordDays(trackerID: try named(store, name).id).map(\.iso)
}

private func offDays(_ store: any TrackerDataStore, _ name: String) throws -> [String] {
  try store.daysOff(trackerID: try named(store, name).id).map(\.iso)
}

/// The tracker's records as "day amount" ("2026-11-30 12.5"; "2026-11-30" for a record without).
private func amounts(_ store: any TrackerDataStore, _ name: String) throws -> [String] {
  try store.records(trackerID: try named(store, name).id).map { record in
    record.day.iso + (record.amount.map { " \($0)" } ?? "")
  }
}

/// The tracker's met days as of `today`, as the rules judge them from what the store holds.
private func metDays(_ store: any TrackerDataStore, _ name: String) throws -> [String] {
  let tracker = try named(store, name)
  let history = TrackerHistory(
    tracker: tracker, records: try store.records(trackerID: tracker.id),
    daysOff: try store.daysOff(trackerID: tracker.id).map { TrackerDayOff(trackerID: tracker.id, day: $0) })
  let first = history.firstDay(today: today)
  return (first.daysSinceEpoch...today.daysSinceEpoch).map { Day(daysSinceEpoch: $0) }
    .filter { history.isMet(on: $0, today: today) }.map(\.iso)
}

/// A copy of the backup at `path` as Loop killed mid-write leaves it, at `crashed`: a
/// transaction big enough to spill into the file, copied with its journal while it is open (then
/// rolled back in the original).
private func crashedCopy(of path: String, as crashed: String) throws -> String {
  let writer = try Database(path: path, create: false)
  defer { writer.close() }
  try writer.execute(
    "PRAGMA cache_size = 1; BEGIN; INSERT INTO Habits VALUES (2, 'Uncommitted', NULL, 1, 1, 1)")
  for offset in 0..<400 {
    try writer.execute(
      "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (1, \(ms("2025-01-01") + offset * 86_400_000), 2, hex(randomblob(300)))"
    )
  }
  try FileManager.default.copyItem(atPath: path, toPath: crashed)
  try FileManager.default.copyItem(atPath: path + "-journal", toPath: crashed + "-journal")
  try writer.execute("ROLLBACK")
  return crashed
}

/// Every file of `folder` with its bytes.
private func snapshot(_ folder: TemporaryFolder) throws -> [String: Data] {
  var files: [String: Data] = [:]
  for name in folder.files() { files[name] = try Data(contentsOf: folder.url.appendingPathComponent(name)) }
  return files
}

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/Imports")

/// Whether this process has the file at `path` open: a reading through SQLite has it open from
/// the connection's opening on, and reads nothing of it without SQLite's lock.
private func isOpenHere(_ path: String) -> Bool {
  let wanted = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  #if os(macOS)
    var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
    return (0..<getdtablesize()).contains {
      fcntl($0, F_GETPATH, &buffer) != -1 && String(cString: buffer) == wanted
    }
  #else
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return open.contains {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == wanted
    }
  #endif
}

@Suite("Loop Habit Tracker backups: colors, value codes, hostile files (issue 29)", .temporaryFolders)
struct LoopBackupTests {
  // MARK: Colors

  /// Loop's palettes as Loop defines them: 20 colors from version 21, 13 from 14 to 20.
  static let loop20: [UInt32] = [
    0xD32F2F, 0xE64A19, 0xF57C00, 0xFF8F00, 0xF9A825, 0xAFB42B, 0x7CB342, 0x388E3C, 0x00897B, 0x00ACC1,
    0x039BE5, 0x1976D2, 0x303F9F, 0x5E35B1, 0x8E24AA, 0xD81B60, 0x5D4037, 0x303030, 0x757575, 0xAAAAAA,
  ]
  static let loop13: [UInt32] = [
    0xD32F2F, 0xE64A19, 0xF9A825, 0xAFB42B, 0x388E3C, 0x00897B, 0x00ACC1, 0x039BE5, 0x5E35B1, 0x8E24AA,
    0xD81B60, 0x303030, 0xAAAAAA,
  ]

  /// The nearest of our 18 colors by the redmean distance, worked out in floating point:
  /// (2 + r̄/256)·ΔR² + 4·ΔG² + (2 + (255 − r̄)/256)·ΔB², the first of equals.
  static func nearest(_ rgb: UInt32) -> TrackerColor {
    func parts(_ value: UInt32) -> (Double, Double, Double) {
      (Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF))
    }
    let (r1, g1, b1) = parts(rgb)
    var best = TrackerColor.palette[0]
    var bestDistance = Double.infinity
    for color in TrackerColor.palette {
      let (r2, g2, b2) = parts(color.rgb)
      let mean = (r1 + r2) / 2
      let distance =
        (2 + mean / 256) * (r1 - r2) * (r1 - r2) + 4 * (g1 - g2) * (g1 - g2)
        + (2 + (255 - mean) / 256) * (b1 - b2) * (b1 - b2)
      if distance < bestDistance {
        best = color
        bestDistance = distance
      }
    }
    return best
  }

  @Test(arguments: [21, 22, 24, 25])
  func everyColorOfThe20ColorPaletteIsItsNearestOfOurs(version: Int) {
    for (index, rgb) in Self.loop20.enumerated() {
      #expect(LoopBackup.color(index, version: version) == Self.nearest(rgb), "index \(index)")
    }
  }

  @Test(arguments: [14, 17, 20])
  func everyColorOfThe13ColorPaletteIsItsNearestOfOurs(version: Int) {
    for (index, rgb) in Self.loop13.enumerated() {
      #expect(LoopBackup.color(index, version: version) == Self.nearest(rgb), "index \(index)")
    }
  }

  @Test(arguments: [12, 13])
  func everyARGBColorBeforeVersion14IsItsNearestOfOurs(version: Int) {
    for rgb in Self.loop20 + Self.loop13 + [0xFFFFFF, 0x000000, 0x123456] {
      let argb = Int(Int32(bitPattern: 0xFF00_0000 | rgb))
      #expect(LoopBackup.color(argb, version: version) == Self.nearest(rgb), "\(String(rgb, radix: 16))")
    }
  }

  @Test func greyIsNotGreenPinkIsNotNavyCyanIsNotGreen() {
    let greens: Set<UInt32> = [0x33CF69, 0x46E69D, 0x2FD058]
    for grey: UInt32 in [0x757575, 0xAAAAAA, 0x303030] {
      #expect(!greens.contains(OtherTrackerFile.nearestColor(grey).rgb), "\(String(grey, radix: 16))")
    }
    #expect(OtherTrackerFile.nearestColor(0xD81B60).rgb != 0x35347C)  // pink
    #expect(!greens.contains(OtherTrackerFile.nearestColor(0x00ACC1).rgb))  // cyan
    // By hand: red stays red, pink the red nearest it, cyan light blue, light grey the sand.
    #expect(OtherTrackerFile.nearestColor(0xD32F2F).rgb == 0xFD4C49)
    #expect(OtherTrackerFile.nearestColor(0xD81B60).rgb == 0xFD4C49)
    #expect(OtherTrackerFile.nearestColor(0x00ACC1).rgb == 0x34A7FE)
    #expect(OtherTrackerFile.nearestColor(0xAAAAAA).rgb == 0xF6C48B)
    // Teal has no teal among ours: by redmean its nearest are the two greens (26,000 and 28,300),
    // then navy (34,800); the formula decides, not a wish (docs/decisions.md).
    #expect(OtherTrackerFile.nearestColor(0x00897B).rgb == 0x33CF69)
  }

  // MARK: Value codes, version by version

  @Test func version24NumericalHabitsKeepEveryAmountAtMostCountsZeroDaysAndSkipsAreDaysOff() throws {
    let (store, summary) = try importedStore(
      try #require(
        OtherTrackerFile.read(Data(contentsOf: fixtures.appendingPathComponent("loop-v24.db")), today: today)
      )
      .get())
    // At most 2 spoons a day: every amount entered is a record (0 too); −1 is nothing; a skip is
    // a day off, not 0.003.
    let sugar = try named(store, "Sugar")
    #expect(
      sugar.measure
        == .measurable(try MeasureGoal(unit: "spoons", target: Amount(units: 2) ?? .zero, direction: .atMost))
    )
    #expect(try amounts(store, "Sugar") == ["2026-11-20 1", "2026-11-22 5", "2026-11-27 2", "2026-11-30 0"])
    #expect(try offDays(store, "Sugar") == ["2026-11-24"])
    #expect(sugar.kind == .habit(.everyDay))
    // Met, as the rules judge it: every past day from the first entry within the target, a day
    // with nothing entered (or −1) included; 5 misses; today is judged once it has ended.
    #expect(
      try metDays(store, "Sugar") == [
        "2026-11-20", "2026-11-21", "2026-11-23", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28",
        "2026-11-29",
      ])
    // At least 5 km a day: 6 meets, 4 misses (kept), a skip is a day off, not an amount.
    #expect(try amounts(store, "Run") == ["2026-11-28 6", "2026-11-30 4"])
    #expect(try metDays(store, "Run") == ["2026-11-28"])
    #expect(try offDays(store, "Run") == ["2026-11-29"])
    // 100 pages a week: a target of the week's sum (issue 49).
    let pages = try named(store, "Pages a week")
    #expect(pages.kind == .habit(.everyDay))
    #expect(pages.measure.goal?.target == Amount(units: 100))
    #expect(pages.measure.goal?.period == .week)
    #expect(try amounts(store, "Pages a week") == ["2026-11-26 30", "2026-11-28 0"])
    #expect(try offDays(store, "Pages a week") == ["2026-11-27"])
    // Yes/no: 2 a record, 3 a day off, 1 (Loop's own) nothing.
    #expect(try recordDays(store, "Floss") == ["2026-11-28"])
    #expect(try offDays(store, "Floss") == ["2026-11-29"])
    #expect(try named(store, "Floss").measure == .yesNo)
    #expect(sugar.color == Self.nearest(0x757575))
    #expect(try named(store, "Run").color == Self.nearest(0x00897B))
    var expected = ForeignAdaptations()
    expected.periodTargets = 1
    expected.atMostHabits = 1
    expected.descriptions = 2  // Sugar's description, Run's question; Floss's question is empty
    #expect(summary.adaptations == expected)
    #expect(summary.added.contents.daysOff.count == 4)
  }

  // MARK: Rows that are not what they claim

  @Test func checkMarksWhoseTimestampOrValueIsNotAWholeNumberAreLeftOutAndCounted() throws {
    let (_, path) = try makeBackup(
      """
      INSERT INTO Habits VALUES (1, 'Read', NULL, 1, 1, 0);
      INSERT INTO Repetitions (habit, timestamp, value) VALUES
        (1, \(ms("2026-11-28")), 2), (1, NULL, 2), (1, 'yesterday', 2), (1, x'00ff', 2),
        (1, \(ms("2026-11-29")), 2.7), (1, \(ms("2026-11-27")), 'two'), (1, \(Double(ms("2026-11-26")) + 0.5), 2);
      """)
    let (store, summary) = try importedStore(try read(path))
    #expect(try recordDays(store, "Read") == ["2026-11-28"])
    #expect(try named(store, "Read").createdOn == day("2026-11-28"))
    #expect(summary.adaptations.unreadableCheckMarks == 6)
    #expect(summary.adaptations.checkMarksLeftOut == 0)
  }

  @Test func habitRowsSharingARowIDAreLeftOutAndCounted() throws {
    let (_, path) = try makeBackup(
      habits: "id INTEGER, name TEXT, uuid TEXT, freq_num INTEGER, freq_den INTEGER, position INTEGER",
      """
      INSERT INTO Habits VALUES (1, 'Read', NULL, 1, 1, 0), (1, 'Write', NULL, 1, 1, 1), (2, 'Walk', NULL, 1, 1, 2);
      INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(ms("2026-11-28")), 2), (2, \(ms("2026-11-29")), 2);
      """)
    let (store, summary) = try importedStore(try read(path))
    #expect(try store.trackers().map(\.tracker.name).sorted() == ["Read", "Walk"])
    #expect(try recordDays(store, "Read") == ["2026-11-28"])
    #expect(summary.adaptations.habitsSharingRowID == 1)
  }

  @Test func habitsSharingAUUIDAreTrackersOfTheirOwnEachWithItsScheduleAndFirstDay() throws {
    let uuid = "7c8d9e0f1a2b4c3d8e4f5a6b7c8d9e0f"
    let (_, path) = try makeBackup(
      habits:
        "id INTEGER PRIMARY KEY, name TEXT, uuid TEXT, freq_num INTEGER, freq_den INTEGER, position INTEGER, reminder_days INTEGER",
      """
      INSERT INTO Habits VALUES (1, 'Every day', '\(uuid)', 1, 1, 0, 127), (2, 'Sundays', '\(uuid)', 1, 7, 1, 2);
      INSERT INTO Repetitions (habit, timestamp, value) VALUES
        (1, \(ms("2026-11-20")), 2), (1, \(ms("2026-11-24")), 3),
        (2, \(ms("2026-11-29")), 2), (2, \(ms("2026-11-24")), 3), (2, \(ms("2026-11-22")), 3);
      """)
    let file = try read(path)
    let (store, summary) = try importedStore(file)
    #expect(try store.trackers().count == 2)
    #expect(try named(store, "Every day").id.uuidString.lowercased().filter { $0 != "-" } == uuid)
    // Once a week, counted by Loop's windows (issue 49): shown every day, so both skips stay.
    #expect(try named(store, "Sundays").kind == .habit(Schedule(window: try #require(TimesInDays(1, in: 7)))))
    #expect(try recordDays(store, "Sundays") == ["2026-11-29"])
    #expect(try offDays(store, "Sundays") == ["2026-11-22", "2026-11-24"])
    #expect(try offDays(store, "Every day") == ["2026-11-24"])
    #expect(try recordDays(store, "Every day") == ["2026-11-20"])
    #expect(summary.adaptations.habitsSharingUUID == 1)
    #expect(summary.adaptations.checkMarksLeftOut == 0)
    // The same ids on every read: a second import adds nothing.
    let again = try store.importForeign(try read(path), titles: titles, today: today)
    #expect(again.addedNothing && again.trackersAlreadyThere == 2)
  }

  @Test func manyHabitsOfOneNameAreNumberedInTurnPassingOverNamesTaken() throws {
    let values = (1...1_000).map { "(\($0), 'Habit', NULL, 1, 1, \($0))" }.joined(separator: ", ")
    let (_, path) = try makeBackup("INSERT INTO Habits VALUES \(values);")
    let store = InMemoryTrackerStore()
    try store.createCategory(TrackerCategory(id: UUID(), title: "Home"))
    let home = try #require(try store.categories().first).id
    try store.createTracker(
      Tracker(
        id: UUID(), name: "habit 3", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: home, createdOn: today, kind: .event))
    let summary = try store.importForeign(try read(path), titles: titles, today: today)
    let names = summary.added.trackers.map(\.name)
    #expect(names.prefix(4) == ["Habit", "Habit 2", "Habit 4", "Habit 5"])
    #expect(names.last == "Habit 1001" && Set(names).count == 1_000)
    #expect(summary.adaptations.renamedDuplicates == 999)
  }

  // MARK: Files being written, killed mid-write, with a log

  @Test func aHotJournalIsRolledBackInAPrivateCopyAndTheFilesStayByteForByte() throws {
    let (folder, path) = try makeBackup(
      """
      INSERT INTO Habits VALUES (1, 'Read', NULL, 1, 1, 0);
      INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(ms("2026-11-28")), 2);
      """)
    let crashed = try crashedCopy(of: path, as: folder.path("crashed.db"))
    let before = try snapshot(folder)
    #expect(before.keys.contains("crashed.db-journal"))
    let (store, _) = try importedStore(try read(crashed))
    #expect(try store.trackers().map(\.tracker.name) == ["Read"])
    #expect(try recordDays(store, "Read") == ["2026-11-28"])
    #expect(try snapshot(folder) == before)
    // The private copy is gone afterwards, after a success and after a refusal alike.
    let scratch = TemporaryFolder()
    #expect((try? LoopBackup.read(path: crashed, today: today, scratch: scratch.url.path).get()) != nil)
    let (_, later) = try makeBackup(
      "INSERT INTO Habits VALUES (1, 'Read', NULL, 1, 1, 0); PRAGMA user_version = 26;")
    let laterCrashed = try crashedCopy(of: later, as: folder.path("later.db"))
    let refused = LoopBackup.read(path: laterCrashed, today: today, scratch: scratch.url.path)
    #expect((try? refused.get()) == nil)
    #expect(scratch.files() == [])
  }

  @Test func theCommitsOfAWriteAheadLogBesideTheBackupAreReadAndTheFilesStayByteForByte() throws {
    let (folder, path) = try makeBackup(
      """
      PRAGMA journal_mode = WAL;
      INSERT INTO Habits VALUES (1, 'Read', NULL, 1, 1, 0);
      """)
    let writer = try Database(path: path, create: false)
    try writer.execute(
      """
      PRAGMA wal_autocheckpoint = 0;
      INSERT INTO Habits VALUES (2, 'Walk', NULL, 1, 1, 1);
      INSERT INTO Repetitions (habit, timestamp, value) VALUES (2, \(ms("2026-11-29")), 2), (1, \(ms("2026-11-28")), 2);
      """)
    // The backup as it is while its writer still has it open: the commits are in the log only.
    let copied = folder.path("copied.db")
    try FileManager.default.copyItem(atPath: path, toPath: copied)
    try FileManager.default.copyItem(atPath: path + "-wal", toPath: copied + "-wal")
    writer.close()
    let before = try snapshot(folder)
    let (store, _) = try importedStore(try read(copied))
    #expect(try store.trackers().map(\.tracker.name).sorted() == ["Read", "Walk"])
    #expect(try recordDays(store, "Walk") == ["2026-11-29"])
    #expect(try recordDays(store, "Read") == ["2026-11-28"])
    #expect(try snapshot(folder) == before)
  }

  @Test func aBackupBeingWrittenIsReadAsOneSnapshotNeverTorn() throws {
    let (folder, path) = try makeBackup(
      """
      INSERT INTO Habits VALUES (1, 'Read', NULL, 1, 1, 0);
      INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(ms("2026-11-28")), 2);
      """)
    // Another process in the middle of a write that spills into the file: a habit, then its
    // check-marks; it commits when told.
    let writer = try RunningHelper(["loop-write", path, "600"])
    #expect(writer.nextLine() == "writing")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = ReadResult()
    let reading = Thread {
      result.set(OtherTrackerFile.read(file: path, today: today))
    }
    reading.start()
    // The reading has opened the backup: it waits for the writer's lock from now on.
    #expect(eventuallyPolling { isOpenHere(path) })
    #expect(!result.hasEnded)
    try writer.send("commit")
    #expect(writer.nextLine() == "committed")
    let file = try #require(result.wait()).get()
    let (store, _) = try importedStore(file)
    // Either before the write or after it, never between: here after it, since the read waits.
    let names = try store.trackers().map(\.tracker.name).sorted()
    #expect(names == ["Read", "Written"])
    #expect(try recordDays(store, "Written").count == 600)
    #expect(!folder.files().contains { $0.hasSuffix("-shm") || $0.hasSuffix("-wal") })
    _ = before
  }
}

/// A read's result handed from the thread that reads to the test.
private final class ReadResult: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var value: Result<OtherTrackerFile, ImportFailure>?
  private var ended = false

  func set(_ result: Result<OtherTrackerFile, ImportFailure>?) {
    lock.lock()
    value = result
    ended = true
    lock.unlock()
    done.signal()
  }

  /// Whether the reading has ended.
  var hasEnded: Bool {
    lock.lock()
    defer { lock.unlock() }
    return ended
  }

  func wait() -> Result<OtherTrackerFile, ImportFailure>? {
    done.wait()
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
