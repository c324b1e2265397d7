import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

/// The SQLite store reads on a connection of its own beside the writer (docs/architecture.md,
/// "Data access"): a write in progress never holds up a read, a read sees only what was
/// committed, a write's own reads see its changes, and the statistics' kept day-by-day part is
/// still kept across this store's unrelated commits and never outlives one that changes it.
@Suite("Reads on their own connection", .temporaryFolders)
struct ReaderConnectionTests {
  /// A gate a thread waits at until another opens it.
  final class Gate: @unchecked Sendable {
    private let opened = DispatchSemaphore(value: 0)
    let reached = DispatchSemaphore(value: 0)
    func wait() {
      reached.signal()
      opened.wait()
    }
    func open() { opened.signal() }
  }

  /// Runs `body` on another thread; its value, or nil when it did not end within `seconds`.
  func answer<Value: Sendable>(within seconds: Double, _ body: @escaping @Sendable () throws -> Value)
    -> Value?
  {
    let done = DispatchSemaphore(value: 0)
    let box = Box<Value>()
    Thread.detachNewThread {
      box.value = try? body()
      done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
  }

  final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
      get { lock.withLock { stored } }
      set { lock.withLock { stored = newValue } }
    }
  }

  func store() throws -> (SQLiteTrackerStore, String) {
    let path = TemporaryFolder().path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    try store.createCategory(home)
    try store.createTracker(habit("Вода", id: 10, created: "2026-11-20"))
    try store.createTracker(try measured("Бег", id: 11, target: "5", created: "2026-11-20"))
    return (store, path)
  }

  @Test func aWriteInProgressHoldsUpNoReadAndTheReadSeesOnlyWhatWasCommitted() throws {
    let (store, _) = try store()
    #expect(store.readsBesideTheWriter)
    let gate = Gate()
    store.inWrite = { gate.wait() }
    let today = day("2026-11-26")
    let written = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? store.toggleRecord(trackerID: id(10), on: today)
      written.signal()
    }
    gate.reached.wait()
    // The writer is held inside its transaction, the tap not committed: reads answer, without it.
    let done = answer(within: 60) { try store.completedTrackerIDs(on: today) }
    let trackers = answer(within: 60) { try store.trackers().map(\.tracker.id) }
    let statistics = answer(within: 60) { try store.statistics(asOf: today).completed }
    gate.open()
    store.inWrite = nil
    #expect(done == [])
    #expect(trackers == [id(11), id(10)] || trackers == [id(10), id(11)], "\(String(describing: trackers))")
    #expect(statistics == 0)
    #expect(written.wait(timeout: .now() + 30) == .success)
    #expect(try store.completedTrackerIDs(on: today) == [id(10)])
    #expect(try store.statistics(asOf: today).completed == 1)
  }

  @Test func aReadMadeInsideAWriteSeesTheWritesOwnChange() throws {
    let (store, _) = try store()
    let today = day("2026-11-26")
    let seen = Box<[UUID]>()
    store.inWrite = {
      seen.value = try? store.completedTrackerIDs(on: today).sorted { $0.uuidString < $1.uuidString }
    }
    try store.toggleRecord(trackerID: id(10), on: today)
    store.inWrite = nil
    #expect(seen.value == [id(10)])
  }

  @Test func theKeptDayByDayPartOutlivesAYesNoTapButNotAnAmountNorAnotherProcessesCommit() throws {
    let (store, path) = try store()
    let today = day("2026-11-26")
    _ = try store.statistics(asOf: today)
    let first = store.dayByDayPartsComputed
    _ = try store.statistics(asOf: today)
    #expect(store.dayByDayPartsComputed == first, "kept between two calls")
    try store.toggleRecord(trackerID: id(10), on: today)
    _ = try store.statistics(asOf: today)
    #expect(store.dayByDayPartsComputed == first, "a yes/no tap reads no measured record")
    try store.setAmount(amount("6"), trackerID: id(11), on: today)
    let afterAmount = try store.statistics(asOf: today)
    #expect(store.dayByDayPartsComputed == first + 1, "an amount is read")
    #expect(afterAmount.trackers.first { $0.trackerID == id(11) }?.completed == 1)
    let other = try SQLiteTrackerStore(path: path, now: fixedNow)
    try other.setAmount(amount("7"), trackerID: id(11), on: day("2026-11-25"))
    let afterOther = try store.statistics(asOf: today)
    #expect(store.dayByDayPartsComputed == first + 2, "another connection's commit is read")
    #expect(afterOther.trackers.first { $0.trackerID == id(11) }?.completed == 2)
  }

  /// A part computed from a snapshot taken before a commit that changes it is not kept when the
  /// commit lands before it would have been: the next statistics read the commit.
  @Test(arguments: ["an amount", "a day off", "a quota tap"])
  func aPartComputedBeforeACommitThatChangesItIsNotKept(_ change: String) throws {
    let (store, _) = try store()
    try store.createTracker(quota("Зал", id: 12, 2, per: .week))
    let today = day("2026-11-26")
    let gate = Gate()
    store.beforeKeepingDayByDayPart = { gate.wait() }
    let read = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? store.statistics(asOf: today)
      read.signal()
    }
    gate.reached.wait()
    store.beforeKeepingDayByDayPart = nil
    switch change {
    case "an amount": try store.setAmount(amount("6"), trackerID: id(11), on: today)
    case "a day off": _ = try store.setDaysOff(true, trackerID: id(11), on: [today.adding(days: -1)])
    default: try store.toggleRecord(trackerID: id(12), on: today)
    }
    gate.open()
    #expect(read.wait(timeout: .now() + 30) == .success)
    let contents = try store.contents()
    let reference = Statistics(
      trackers: try store.trackers().map(\.tracker), records: try store.allRecords(),
      daysOff: contents.daysOff, today: today)
    #expect(try store.statistics(asOf: today) == reference)
  }

  /// Writes on one thread, statistics on another: whatever their interleaving, after each write
  /// the statistics are those a full computation from the records gives — no part computed from
  /// a snapshot before a commit is kept past it.
  @Test(arguments: 0..<12)
  func statisticsReadBesideWritesEndAsAFullComputation(seed: Int) throws {
    let (store, _) = try store()
    try store.createTracker(quota("Зал", id: 12, 2, per: .week))
    let today = day("2026-11-26")
    let stop = Box<Bool>()
    let reads = Box<Int>()
    let stopped = DispatchSemaphore(value: 0)
    let reading = Thread {
      var count = 0
      while stop.value != true {
        _ = try? store.statistics(asOf: today)
        count += 1
      }
      reads.value = count
      stopped.signal()
    }
    reading.start()
    var random = StatisticsSummaryTests.Generator(seed: UInt64(seed))
    func reference() throws -> Statistics {
      let contents = try store.contents()
      return Statistics(
        trackers: try store.trackers().map(\.tracker), records: try store.allRecords(),
        daysOff: contents.daysOff, today: today)
    }
    for step in 0..<60 {
      let offset = Int.random(in: 0..<6, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: try store.toggleRecord(trackerID: id(10), on: today.adding(days: -offset))
      case 1:
        try store.setAmount(
          Amount(thousandths: Int.random(in: 0...9000, using: &random)), trackerID: id(11),
          on: today.adding(days: -offset))
      case 2: try store.toggleRecord(trackerID: id(12), on: today.adding(days: -offset))
      default:
        _ = try store.setDaysOff(
          Bool.random(using: &random), trackerID: id(11 + offset % 2), on: [today.adding(days: -offset)])
      }
      // Whatever the other thread's read is doing now (before its keeping, after it), the part
      // it may keep never stands for the file after this write.
      #expect(try store.statistics(asOf: today) == reference(), "step \(step)")
    }
    stop.value = true
    stopped.wait()
    #expect(try store.statistics(asOf: today) == reference())
    #expect((reads.value ?? 0) > 0)
  }
}
