import Foundation
import ModelTestSupport
import SyncSimulation
import TestSupport
import Testing
import TrackerModels

@testable import TrackerArchiveCodec
@testable import TrackerStore
@testable import TrackerSync

/// Sync through a shared folder (docs/sync.md): what travels, how it merges, what is ignored.
@Suite("Sync through a shared folder", .temporaryFolders)
struct SyncTests {
  /// Two devices on one folder (a real one: no engine between them).
  struct Pair {
    let folder: String
    let a: SQLiteTrackerStore
    let b: SQLiteTrackerStore

    init() throws {
      let temporary = TemporaryFolder()
      folder = temporary.path("share")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      a = try SQLiteTrackerStore(path: temporary.path("a.sqlite"), now: fixedNow)
      b = try SQLiteTrackerStore(path: temporary.path("b.sqlite"), now: fixedNow)
      // Changes are stamped when made, by each device's clock: here the run's fixed one.
      a.editClock = { fixedNow }
      b.editClock = { fixedNow }
    }

    /// A syncs, then B, then A again, at `now`.
    @discardableResult
    func exchange(at now: Date = fixedNow) throws -> [SyncReport] {
      [
        try a.sync(folder: folder, now: now), try b.sync(folder: folder, now: now),
        try a.sync(folder: folder, now: now),
      ]
    }

    func exports() throws -> (String, String) {
      (
        TrackerArchive.export(try a.contents(), dayStart: try a.settings().dayStart),
        TrackerArchive.export(try b.contents(), dayStart: try b.settings().dayStart)
      )
    }
  }

  @Test func aTrackerWithItsMarksMadeOnOneDeviceArrivesOnTheOther() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    let run = try measured("Run", id: 10)
    try pair.a.createTracker(run)
    try pair.a.setAmount(amount("12.5"), trackerID: run.id, on: day("2026-11-20"))
    try pair.a.setNote("rain", trackerID: run.id, on: day("2026-11-20"))
    try pair.a.setDaysOff(true, trackerID: run.id, on: [day("2026-11-21")])
    try pair.a.updateSettings { $0.dayStart = DayStart(hour: 4)! }

    let first = try pair.a.sync(folder: pair.folder, now: fixedNow)
    #expect(first.joined)
    #expect(first.changesOut > 0)
    let second = try pair.b.sync(folder: pair.folder, now: fixedNow)
    #expect(second.changesIn == first.changesOut)
    #expect(second.devicesIn == 1)
    #expect(try pair.b.contents() == pair.a.contents())
    #expect(try pair.b.settings().dayStart == DayStart(hour: 4))
    let (a, b) = try pair.exports()
    #expect(a == b)
  }

  @Test func twoDevicesTickingTheSameDayMakeOneRecord() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    let read = habit("Read", id: 10)
    try pair.a.createTracker(read)
    try pair.exchange()
    try pair.a.toggleRecord(trackerID: read.id, on: day("2026-11-25"))
    try pair.b.toggleRecord(trackerID: read.id, on: day("2026-11-25"))
    try pair.exchange()
    try pair.b.sync(folder: pair.folder, now: fixedNow)
    #expect(try pair.a.recordDays(trackerID: read.id) == [day("2026-11-25")])
    #expect(try pair.b.recordDays(trackerID: read.id) == [day("2026-11-25")])
  }

  @Test func anEditMadeAfterSeeingAnotherWinsEvenWithAClockBehind() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    var run = habit("Run", id: 10)
    try pair.a.createTracker(run)
    try pair.a.sync(folder: pair.folder, now: fixedNow)
    try pair.b.sync(folder: pair.folder, now: fixedNow)
    // B's clock stands five hours behind A's, yet B renamed after seeing A's name.
    run.name = "Jog"
    try pair.b.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    try pair.b.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(-5 * 3600))
    try pair.a.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(60))
    #expect(try pair.a.trackers().map(\.tracker.name) == ["Jog"])
  }

  @Test func aDeletedTrackerStaysDeletedUntilAnEditAfterTheDeletion() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    var run = habit("Run", id: 10)
    try pair.a.createTracker(run)
    try pair.a.toggleRecord(trackerID: run.id, on: day("2026-11-20"))
    try pair.exchange()
    try pair.b.sync(folder: pair.folder, now: fixedNow)

    pair.a.editClock = { fixedNow.addingTimeInterval(60) }
    try pair.a.deleteTracker(id: run.id)
    try pair.a.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(60))
    // B ticks a day before it hears of the deletion, stamped before it: the tracker stays gone.
    pair.b.editClock = { fixedNow.addingTimeInterval(30) }
    try pair.b.toggleRecord(trackerID: run.id, on: day("2026-11-21"))
    try pair.b.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(30))
    try pair.a.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(90))
    #expect(try pair.a.trackers().isEmpty)
    #expect(try pair.b.trackers().isEmpty)

    // Renamed later on a device that kept it (restored from a backup): it comes back, without the
    // marks made before the deletion.
    try pair.b.insert(StoreContents(categories: [], trackers: [run], records: []))
    run.name = "Run again"
    try pair.b.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    try pair.b.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(120))
    try pair.a.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(150))
    #expect(try pair.a.trackers().map(\.tracker.name) == ["Run again"])
    #expect(try pair.a.recordDays(trackerID: run.id).isEmpty)
  }

  @Test func twoTrackersOfOneNameMadeApartAreNumberedTheSameWayOnBothDevices() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    try pair.exchange()
    try pair.a.createTracker(habit("Run", id: 10, created: "2026-11-01"))
    try pair.b.createTracker(habit("run", id: 11, created: "2026-11-05"))
    try pair.exchange()
    try pair.b.sync(folder: pair.folder, now: fixedNow)
    let names = try pair.a.trackers().map(\.tracker).sorted { $0.id.uuidString < $1.id.uuidString }.map(
      \.name)
    #expect(names == ["Run", "run 2"])
    let (a, b) = try pair.exports()
    #expect(a == b)
    // Nothing more to send: the numbering is the merge's, not an edit.
    #expect(try pair.a.sync(folder: pair.folder, now: fixedNow).changesOut == 0)
    #expect(try pair.b.sync(folder: pair.folder, now: fixedNow).changesOut == 0)
  }

  @Test func aLogCutShortIsReadLaterNeverHalfApplied() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    try pair.a.createTracker(habit("Run", id: 10))
    try pair.a.sync(folder: pair.folder, now: fixedNow)
    let device = try #require(
      try FileManager.default.contentsOfDirectory(atPath: pair.folder + "/tracker-sync").first)
    let path = pair.folder + "/tracker-sync/\(device)/00000001.jsonl"
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    for cut in [whole.count / 3, whole.count - 1] {
      try whole.prefix(cut).write(to: URL(fileURLWithPath: path))
      let report = try pair.b.sync(folder: pair.folder, now: fixedNow)
      #expect(report.changesIn == 0)
      #expect(report.unread == [UnreadLog(device: device, sequence: 1, isIncomplete: true)])
      #expect(try pair.b.contents() == .empty)
    }
    try whole.write(to: URL(fileURLWithPath: path))
    #expect(try pair.b.sync(folder: pair.folder, now: fixedNow).unread.isEmpty)
    #expect(try pair.b.trackers().map(\.tracker.name) == ["Run"])
  }

  @Test func filesThatAreNotOursAreLeftAlone() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    try pair.a.sync(folder: pair.folder, now: fixedNow)
    let logs = pair.folder + "/tracker-sync"
    let device = try #require(try FileManager.default.contentsOfDirectory(atPath: logs).first)
    let strangers = [
      "\(device)/00000001.sync-conflict-20261201-120000-ABCDEFG.jsonl", "\(device)/.00000002.jsonl.icloud",
      "\(device)/notes.txt", "not-a-device/00000001.jsonl", ".stfolder",
    ]
    for name in strangers {
      let path = logs + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data("{broken".utf8).write(to: URL(fileURLWithPath: path))
    }
    let report = try pair.b.sync(folder: pair.folder, now: fixedNow)
    #expect(report.unread.isEmpty)
    #expect(try pair.b.categories() == [home])
    for name in strangers { #expect(FileManager.default.fileExists(atPath: logs + "/" + name)) }
  }

  @Test func aMissingFolderIsAnErrorThatChangesNothing() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    let missing = pair.folder + "/not-there"
    #expect(throws: SyncError.folderMissing(missing)) { try pair.a.sync(folder: missing, now: fixedNow) }
    #expect(throws: SyncError.noFolder) { try pair.a.sync(now: fixedNow) }
    #expect(try pair.a.syncStatus() == SyncStatus())
    #expect(try pair.a.categories() == [home])
  }

  @Test func theFolderIsRememberedAndSettingsKnowTheLastSync() throws {
    let pair = try Pair()
    try pair.a.sync(folder: pair.folder, now: fixedNow)
    let later = fixedNow.addingTimeInterval(3600)
    let report = try pair.a.sync(now: later)
    #expect(!report.joined)
    #expect(report.folder == pair.folder)
    let status = try pair.a.syncStatus()
    #expect(status.folder == pair.folder)
    #expect(status.lastSynced == later)
  }

  @Test func aClockMoreThanADayAheadIsKeptAndReported() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    let ahead = fixedNow.addingTimeInterval(30 * 3600)
    try pair.a.sync(folder: pair.folder, now: ahead)
    let report = try pair.b.sync(folder: pair.folder, now: fixedNow)
    #expect(report.clocksAhead.map(\.hours) == [30])
    #expect(try pair.b.categories() == [home])
    #expect(try pair.b.syncStatus().clocksAhead == report.clocksAhead)
    // A's stamp moved B's clock only a day ahead (docs/sync.md, "Hostile input"): B's rename right
    // after loses to it, as the warning says; one made once B's clock passes A's stamp wins.
    try pair.b.renameCategory(id: home.id, to: "Дом")
    try pair.b.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(60))
    try pair.a.sync(folder: pair.folder, now: ahead.addingTimeInterval(60))
    #expect(try pair.a.categories().map(\.title) == [home.title])
    let caughtUp = ahead.addingTimeInterval(120)
    pair.b.editClock = { caughtUp }
    try pair.b.renameCategory(id: home.id, to: "Дом")
    try pair.b.sync(folder: pair.folder, now: caughtUp)
    try pair.a.sync(folder: pair.folder, now: caughtUp)
    #expect(try pair.a.categories().map(\.title) == ["Дом"])
  }

  @Test func aStoreWithHistoryJoiningSendsItOnceAndNotAgain() throws {
    let pair = try Pair()
    try pair.a.createCategory(home)
    let read = habit("Read", id: 10)
    try pair.a.createTracker(read)
    for offset in 0..<30 {
      try pair.a.toggleRecord(trackerID: read.id, on: day("2026-11-01").adding(days: offset))
    }
    let first = try pair.a.sync(folder: pair.folder, now: fixedNow)
    #expect(first.changesOut == 1 + 11 + 30)
    #expect(try pair.a.sync(folder: pair.folder, now: fixedNow).changesOut == 0)
    try pair.b.sync(folder: pair.folder, now: fixedNow)
    #expect(try pair.b.recordDays(trackerID: read.id).count == 30)
    #expect(try pair.b.sync(folder: pair.folder, now: fixedNow).changesOut == 0)
  }

  @Test func theRandomRunsFoldLogsIntoSnapshotsAlongTheWay() throws {
    var compacted = 0
    for seed in UInt64(100)..<110 {
      let outcome = try SyncSimulation(seed: seed, steps: 120, folder: TemporaryFolder().path("run")).run()
      #expect(outcome.problems.isEmpty, "seed \(seed): \(outcome.problems.joined(separator: "\n"))")
      compacted += outcome.compacted
    }
    #expect(compacted > 0)
  }

  @Test(arguments: 0..<UInt64(40))
  func randomEditsOnThreeDevicesConvergeToTheSameArchive(seed: UInt64) throws {
    let temporary = TemporaryFolder()
    let outcome = try SyncSimulation(seed: seed, folder: temporary.path("run")).run()
    #expect(outcome.problems.isEmpty, "seed \(seed): \(outcome.problems.joined(separator: "\n"))")
  }
}

/// The log's fast reading and writing agree with the general JSON writer and parser.
@Suite("Sync log lines")
struct SyncLogLineTests {
  static let values: [JSONValue] = [
    .bool(true), .bool(false), .null, .string("Run"), .string("12.5"), .string("Заметка ✎"),
    .string("a \"quoted\" word"), .string("back\\slash"), .string("line\nbreak"), .string("\u{2028}"),
    .string(""), .number("3"), .object([("days", .array([.string("mon"), .string("fri")]))]),
    .object([("unit", .string("km")), ("target", .string("5")), ("direction", .string("at-least"))]),
  ]

  @Test(arguments: values)
  func aValueReadsBackAsWrittenByBothWays(value: JSONValue) throws {
    let fast = SyncValueText.encode(value)
    #expect(SyncValueText.decode(fast) == value)
    #expect(try JSONParser.parse(fast) == value)
    #expect(SyncValueText.decode(JSONWriter.line(value)) == value)
  }

  @Test func aLogOfEveryKindOfValueReadsBackEntryForEntry() throws {
    let device = id(7).uuidString
    let entries = Self.values.enumerated().map { index, value in
      (
        key: SyncKey(.tracker, id(index).uuidString, "f\(index)"),
        value: SyncValue(
          value, SyncStamp(milliseconds: 1_796_000_000_000 + UInt64(index), counter: 1, device: device))
      )
    }
    let file = SyncLogFile(
      device: device, sequence: 3, entries: entries, read: [id(8).uuidString: 2], written: 1_796_000_000_000)
    #expect(SyncLogFile.decode(file.text, device: device, sequence: 3) == .success(file))
    // Every line is JSON the general parser reads to the same entry.
    for line in file.text.split(separator: "\n") { _ = try JSONParser.parse(String(line)) }
  }
}

/// Compaction (docs/sync.md, "Compaction"): a device folds its own logs into a snapshot once every
/// device known to the folder has read them.
@Suite("Sync folders stay small", .temporaryFolders)
struct SyncCompactionTests {
  @Test func aMonthOfDailyEditsFoldsIntoOneSnapshotThatANewDeviceReadsTheSame() throws {
    let pair = try SyncTests.Pair()
    let (share, laptop, desktop) = (pair.folder, pair.a, pair.b)
    laptop.syncCompactionThreshold = 4
    try laptop.createCategory(home)
    let read = habit("Read", id: 10)
    try laptop.createTracker(read)
    var compacted = 0
    var laptopDevice = ""
    for offset in 0..<30 {
      let now = fixedNow.addingTimeInterval(Double(offset) * 86_400)
      try laptop.toggleRecord(trackerID: read.id, on: day("2026-11-01").adding(days: offset))
      // The same note rewritten every day: one field, many entries.
      try laptop.setNote("day \(offset)", trackerID: read.id, on: day("2026-11-01"))
      let report = try laptop.sync(folder: share, now: now)
      compacted += report.compacted
      laptopDevice = report.device
      try desktop.sync(folder: share, now: now)
    }
    #expect(compacted > 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: share + "/tracker-sync/" + laptopDevice)
    #expect(files.count < 8, "\(files.sorted())")
    // The note's 30 versions became one line in the snapshot.
    let snapshot = try #require(files.first { $0.hasPrefix("snapshot-") })
    let text = try String(
      contentsOfFile: share + "/tracker-sync/\(laptopDevice)/\(snapshot)", encoding: .utf8)
    #expect(text.components(separatedBy: "\"f\": \"text\"").count - 1 == 1)

    // A device joining now reads the snapshot and the logs after it, and ends the same.
    let late = try SQLiteTrackerStore(path: TemporaryFolder().path("late.sqlite"), now: fixedNow)
    try late.sync(folder: share, now: fixedNow.addingTimeInterval(31 * 86_400))
    let export = { (store: SQLiteTrackerStore) in
      TrackerArchive.export(try store.contents(), dayStart: try store.settings().dayStart)
    }
    #expect(try export(late) == export(laptop))
    #expect(try export(desktop) == export(laptop))
  }

  @Test func logsAreNotFoldedWhileAKnownDeviceHasNotReadThem() throws {
    let pair = try SyncTests.Pair()
    let (share, laptop, desktop) = (pair.folder, pair.a, pair.b)
    laptop.syncCompactionThreshold = 2
    try desktop.createCategory(joys)
    try desktop.sync(folder: share, now: fixedNow)
    try laptop.sync(folder: share, now: fixedNow)
    try laptop.createCategory(home)
    for offset in 0..<6 {
      try laptop.renameCategory(id: home.id, to: "Home \(offset)")
      // The desktop is away: it never reads again.
      #expect(
        try laptop.sync(folder: share, now: fixedNow.addingTimeInterval(Double(offset) * 60)).compacted == 0)
    }
  }
}
