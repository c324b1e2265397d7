import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore
import TrackerSync

/// The command log an extension hands its commands to the app through (issue 48, item 4): each
/// command applied once, whatever is killed when.
@Suite("The command log of extensions", .temporaryFolders)
struct CommandLogTests {
  static let one = Amount(thousandths: 1000)!
  static let today = day("2026-11-30")

  /// A store with a measurable habit "Water" (glasses, at least 8).
  static func store(_ kind: StoreKind, path: String? = nil) throws -> any TrackerDataStore
    & LoggedCommandApplying
  {
    let store: any TrackerDataStore & LoggedCommandApplying =
      switch (kind, path) {
      case (.sqlite, let path?): try SQLiteTrackerStore(path: path, now: fixedNow)
      case (.sqlite, nil):
        try SQLiteTrackerStore(path: TemporaryFolder().path("tracker.sqlite"), now: fixedNow)
      case (.memory, _): InMemoryTrackerStore()
      }
    try store.createCategory(home)
    var water = habit("Water", id: 10)
    water.measure = try .measurable(unit: "glasses", target: Amount(thousandths: 8000)!, direction: .atLeast)
    try store.createTracker(water)
    return store
  }

  static func amount(_ store: any TrackerDataStore) throws -> Amount? {
    try store.records(trackerID: id(10)).first { $0.day == today }?.amount
  }

  @Test(arguments: StoreKind.allCases)
  func commandsWrittenByAnExtensionAreAppliedOnceByTheApp(kind: StoreKind) throws {
    let store = try Self.store(kind)
    let log = CommandLog(container: TemporaryFolder().path("container"))
    let add = HabitCommand(trackerID: id(10), day: Self.today, action: .addAmount(Self.one))
    #expect(try log.append([add]) == 1)
    #expect(try log.append([add, add]) == 2)
    try log.append([HabitCommand(trackerID: id(10), day: Self.today, action: .writeNote("from the widget"))])
    let first = try log.merge(into: store)
    #expect(first.applied.applied.count == 4 && first.applied.position == 3 && first.skipped.isEmpty)
    #expect(try Self.amount(store) == Amount(thousandths: 3000))
    #expect(try store.notes(trackerID: id(10)).map(\.text) == ["from the widget"])
    // Merged again: nothing more. The applied files are gone; the next is numbered after them.
    #expect(try log.merge(into: store).applied.applied.isEmpty)
    #expect(try Self.amount(store) == Amount(thousandths: 3000))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: log.folder).filter { $0.hasSuffix(".jsonl") } == [])

    #expect(try log.append([add]) == 4)
    try log.merge(into: store)
    #expect(try Self.amount(store) == Amount(thousandths: 4000))
  }

  @Test func aRefusedCommandIsConsumedAndABadFileIsSkippedAndSaid() throws {
    let store = try Self.store(.sqlite)
    let log = CommandLog(container: TemporaryFolder().path("container"))
    let add = HabitCommand(trackerID: id(10), day: Self.today, action: .addAmount(Self.one))
    try log.append([HabitCommand(trackerID: id(99), day: Self.today, action: .setDone(true))])
    try log.append([add])
    // A file whose line is no command (damaged, or from a later version).
    let third = try log.append([add])
    let path = (log.folder as NSString).appendingPathComponent("0000000\(third).jsonl")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "add-amount", with: "levitate").write(
      toFile: path, atomically: true, encoding: .utf8)
    try log.append([add])
    let report = try log.merge(into: store)
    #expect(report.applied.applied.count == 3)
    #expect(report.applied.applied.first?.outcome == .failure(.trackerNotFound(id(99))))
    #expect(report.skipped.map(\.reason) == ["line 2 is not a command"])
    #expect(report.applied.position == 4)
    #expect(try Self.amount(store) == Amount(thousandths: 2000))
    #expect(try log.merge(into: store).applied.applied.isEmpty)
  }

  @Test func aFolderMadeAgainIsANewLogWhoseNumbersAreNotTakenForOnesApplied() throws {
    let store = try Self.store(.sqlite)
    let container = TemporaryFolder().path("container")
    let add = HabitCommand(trackerID: id(10), day: Self.today, action: .addAmount(Self.one))
    try CommandLog(container: container).append([add])
    try CommandLog(container: container).merge(into: store)
    try FileManager.default.removeItem(atPath: CommandLog(container: container).folder)
    #expect(try CommandLog(container: container).append([add]) == 1)
    try CommandLog(container: container).merge(into: store)
    #expect(try Self.amount(store) == Amount(thousandths: 2000))
  }

  @Test func aDataFileThatForgotItsPlaceFindsNoAppliedFileToApplyAgain() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try Self.store(.sqlite, path: path)
    try FileManager.default.copyItem(atPath: path, toPath: folder.path("backup.sqlite"))
    let log = CommandLog(container: folder.path("container"))
    let add = HabitCommand(trackerID: id(10), day: Self.today, action: .addAmount(Self.one))
    try log.append([add])
    try log.append([add])
    try log.merge(into: store)
    // The backup from before the merge, restored: its place is 0, and no applied file is left.
    let restored = try SQLiteTrackerStore(path: folder.path("backup.sqlite"), now: fixedNow)
    #expect(try log.merge(into: restored).applied.applied.isEmpty)
    #expect(try log.append([add]) == 3)
    #expect(try log.merge(into: restored).applied.applied.count == 1)
  }

  /// An extension writing commands and the app merging them, both killed at random, 100 times:
  /// every command in the log is applied exactly once (the amount is the number of the newest
  /// file, each file adding 1), and every command the extension was told was written is among them.
  @Test func killedAtRandomEachCommandIsAppliedExactlyOnce() throws {
    var random = SplitMix(seed: 48)
    var newestFiles: Set<Int> = []
    var mergesCut = 0
    for trial in 0..<100 {
      let folder = TemporaryFolder()
      let path = folder.path("tracker.sqlite")
      let container = folder.path("container")
      _ = try Self.store(.sqlite, path: path)
      // The extension writes a file every 2 ms or so, as the merger merges (with the files in
      // memory, twelve files without a pause take less than a millisecond: no kill between them).
      let writer = try HelperRun(
        ["log-commands", container, id(10).uuidString, Self.today.iso, "12", "2"],
        printingTo: folder.url.appendingPathComponent("writer.txt"))
      let merger = try HelperRun(
        ["merge-log", path, container, "30"], printingTo: folder.url.appendingPathComponent("merger.txt"))
      // Either is killed first, at any moment of its work: after a random number of its steps
      // (the writer's 12 files, the merger's 30 rounds) and a random moment into the next. Counted
      // in steps, not in time, the kills spread over the work however slowly a loaded machine
      // starts the programs (counted in time, a full run's extensions were all killed before
      // their first file or after their last).
      let (first, second) = random.next() % 2 == 0 ? (writer, merger) : (merger, writer)
      for helper in [first, second] {
        helper.waitForLines(Int(random.next() % UInt64(helper === writer ? 13 : 31)))
        usleep(UInt32(random.next() % 2_500))
        helper.kill()
      }
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      #expect(store.recovery == nil)
      let log = CommandLog(container: container)
      try log.merge(into: store)
      // Every file is applied and removed now: `.last` numbers the newest ever written.
      // (No folder at all when the extension was killed before its first file.)
      let listed = (try? FileManager.default.contentsOfDirectory(atPath: log.folder)) ?? []
      let files = listed.filter { $0.hasSuffix(".jsonl") }
      #expect(files.isEmpty, "trial \(trial): \(files)")
      let last = FileManager.default.contents(atPath: log.folder + "/.last").map {
        String(decoding: $0, as: UTF8.self)
      }
      let newest = Int(last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "0") ?? -1
      let amount = try Self.amount(store)?.thousandths ?? 0
      #expect(amount == newest * 1000, "trial \(trial): amount \(amount), newest file \(newest)")
      #expect(writer.lines.compactMap(Int.init).max() ?? 0 <= newest, "trial \(trial)")
      newestFiles.insert(newest)
      // The app's merges had not caught up with the extension when it was killed.
      let merged = merger.lines.compactMap { Int($0.dropFirst("merged ".count)) }.max() ?? 0
      if merged < newest { mergesCut += 1 }
    }
    // The kills fell at many places: extensions cut after few and many files, merges behind.
    #expect(newestFiles.count >= 3, "\(newestFiles.sorted())")
    #expect(mergesCut >= 2, "\(mergesCut)")
  }
}

/// `tracker-store-writer` running with `arguments`, what it prints going to a file: read at any
/// moment, and whole once it ended (a pipe's end would come only when every program that
/// inherited it ended, other tests' helpers among them).
final class HelperRun {
  private let process = Process()
  private let output: URL

  init(_ arguments: [String], printingTo output: URL) throws {
    self.output = output
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
    }
    process.executableURL = HelperProcess.executable
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Returns once it printed `count` lines, or ended, or after `seconds` (a program that hangs
  /// fails the test by what it left, not by hanging it). Looks every millisecond: a step of the
  /// helpers takes a few.
  func waitForLines(_ count: Int, within seconds: TimeInterval = 60) {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while process.isRunning, lines.count < count, Date() < deadline { usleep(1_000) }
  }

  /// Ends it at once, as iOS or a crash would.
  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// What it printed so far (whole lines only, once it has ended).
  var lines: [String] {
    let text = String(decoding: FileManager.default.contents(atPath: output.path) ?? Data(), as: UTF8.self)
    return text.split(separator: "\n").map(String.init)
  }
}
