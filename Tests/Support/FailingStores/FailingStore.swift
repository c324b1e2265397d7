import Foundation
import TodoModels
import TodoStore
import TrackerModels
import TrackerStore

/// Which calls of a failing store fail.
public enum Failing: Equatable, Sendable {
  case nothing
  case nextRead(StoreError)
  case nextWrite(StoreError)
  case everyRead(StoreError)
  case everyWrite(StoreError)
}

/// What the failing stores of both apps share: the failure they are armed with, and the calls
/// that failed.
public class FailsOnDemand: @unchecked Sendable {
  private let lock = NSLock()
  private var failing = Failing.nothing
  private var failedCalls: [String] = []
  private var readCalls: [String] = []
  private var writeCalls: [String] = []

  /// Makes the calls `failing` says fail, from now on.
  public func fail(_ failing: Failing) {
    lock.lock()
    self.failing = failing
    lock.unlock()
  }

  /// The names of the calls that failed, in order.
  public var failures: [String] {
    lock.lock()
    defer { lock.unlock() }
    return failedCalls
  }

  /// The names of the reads asked for since the last `forgetReads()`, in order, failed or not.
  public var reads: [String] {
    lock.lock()
    defer { lock.unlock() }
    return readCalls
  }

  /// The names of the writes asked for, in order, failed or not.
  public var writes: [String] {
    lock.lock()
    defer { lock.unlock() }
    return writeCalls
  }

  /// Starts counting the reads afresh.
  public func forgetReads() {
    lock.lock()
    readCalls = []
    lock.unlock()
  }

  private let held = NSCondition()
  private var readsHeld = false

  /// Makes every read wait, on whatever thread makes it, until `releaseReads()`: a slow disk.
  public func holdReads() {
    held.lock()
    readsHeld = true
    held.unlock()
  }

  /// Lets the held reads go on.
  public func releaseReads() {
    held.lock()
    readsHeld = false
    held.broadcast()
    held.unlock()
  }

  /// Whether reads are held now.
  public var areReadsHeld: Bool {
    held.lock()
    defer { held.unlock() }
    return readsHeld
  }

  private var beforeWrites: (@Sendable () -> Void)?
  private var afterSnapshots: (@Sendable () -> Void)?

  /// Runs `body` after each snapshot read (`read { … }`), its value read and not yet answered,
  /// on the thread that read it (nil: none): a test holds an answer that a commit then overtakes.
  public func afterEachSnapshot(_ body: (@Sendable () -> Void)?) {
    lock.lock()
    afterSnapshots = body
    lock.unlock()
  }

  func afterSnapshot() {
    lock.lock()
    let after = afterSnapshots
    lock.unlock()
    after?()
  }

  /// Runs `body` before each write, on the thread that writes (nil: none): a test holds the
  /// writes at a gate, as another program's lock would.
  public func beforeEachWrite(_ body: (@Sendable () -> Void)?) {
    lock.lock()
    beforeWrites = body
    lock.unlock()
  }

  /// Throws the armed error when the call `name` is one that fails now.
  func check(_ name: String, isWrite: Bool) throws(StoreError) {
    if isWrite {
      lock.lock()
      let before = beforeWrites
      lock.unlock()
      before?()
    } else {
      held.lock()
      while readsHeld { held.wait() }
      held.unlock()
    }
    lock.lock()
    defer { lock.unlock() }
    if isWrite { writeCalls.append(name) } else { readCalls.append(name) }
    switch failing {
    case .nextRead(let error) where !isWrite:
      failing = .nothing
      failedCalls.append(name)
      throw error
    case .nextWrite(let error) where isWrite:
      failing = .nothing
      failedCalls.append(name)
      throw error
    case .everyRead(let error) where !isWrite:
      failedCalls.append(name)
      throw error
    case .everyWrite(let error) where isWrite:
      failedCalls.append(name)
      throw error
    default:
      return
    }
  }
}

/// A store that fails on purpose: the next read or write (or every one) throws a chosen error,
/// and nothing changes; everything else goes to an in-memory store underneath.
public final class FailingStore: FailsOnDemand, SnapshotReadingStore, @unchecked Sendable {
  public let base: InMemoryTrackerStore

  public init(_ base: InMemoryTrackerStore) { self.base = base }

  /// A read-only file, as SQLite reports it.
  public static let readOnly = StoreError.storage(
    StorageFailure(.readOnly, detail: "SQLite error 8 (attempt to write a readonly database)"))
  /// A full disk.
  public static let diskFull = StoreError.storage(
    StorageFailure(.diskFull, detail: "SQLite error 13 (database or disk is full)"))
  /// A failing disk.
  public static let ioError = StoreError.storage(
    StorageFailure(.inputOutput, detail: "SQLite error 10 (disk I/O error)"))

  private func write<T>(_ name: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try check(name, isWrite: true)
    return try body()
  }

  public func createCategory(_ category: TrackerCategory) throws(StoreError) {
    try write("createCategory") { () throws(StoreError) in try base.createCategory(category) }
  }
  public func renameCategory(id: UUID, to title: String) throws(StoreError) {
    try write("renameCategory") { () throws(StoreError) in try base.renameCategory(id: id, to: title) }
  }
  public func deleteCategory(id: UUID) throws(StoreError) {
    try write("deleteCategory") { () throws(StoreError) in try base.deleteCategory(id: id) }
  }
  public func createTracker(_ tracker: Tracker) throws(StoreError) {
    try write("createTracker") { () throws(StoreError) in try base.createTracker(tracker) }
  }
  public func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day],
    raisingToTargetOn raised: [Day]
  )
    throws(StoreError)
  {
    try write("updateTracker") { () throws(StoreError) in
      try base.updateTracker(
        tracker, addingRecordsOn: added, removingRecordsOn: removed, raisingToTargetOn: raised)
    }
  }
  public func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError) {
    try write("setPinned") { () throws(StoreError) in try base.setPinned(isPinned, trackerID: trackerID) }
  }
  public func setArchived(_ isArchived: Bool, trackerID: UUID) throws(StoreError) {
    try write("setArchived") { () throws(StoreError) in try base.setArchived(isArchived, trackerID: trackerID)
    }
  }
  public func moveTracker(_ id: UUID, to place: TrackerOrder.Place) throws(StoreError) {
    try write("moveTracker") { () throws(StoreError) in try base.moveTracker(id, to: place) }
  }
  public func deleteTracker(id: UUID) throws(StoreError) {
    try write("deleteTracker") { () throws(StoreError) in try base.deleteTracker(id: id) }
  }
  @discardableResult
  public func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try write("toggleRecord") { () throws(StoreError) in try base.toggleRecord(trackerID: trackerID, on: day)
    }
  }
  public func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try write("setCompleted") { () throws(StoreError) in
      try base.setCompleted(isDone, trackerID: trackerID, on: day)
    }
  }
  public func setDaysOff(_ isOff: Bool, _ days: [TrackerDayOff]) throws(StoreError) -> DaysOffChange {
    try write("setDaysOff") { () throws(StoreError) in try base.setDaysOff(isOff, days) }
  }
  @discardableResult
  public func setAmount(_ amount: Amount?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try write("setAmount") { () throws(StoreError) in
      try base.setAmount(amount, trackerID: trackerID, on: day)
    }
  }
  @discardableResult
  public func setNote(_ text: String?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try write("setNote") { () throws(StoreError) in try base.setNote(text, trackerID: trackerID, on: day) }
  }
  @discardableResult
  public func updateSettings(_ change: (inout StoreSettings) -> Void) throws(StoreError) -> StoreSettings {
    try write("updateSettings") { () throws(StoreError) in try base.updateSettings(change) }
  }
  /// A snapshot of the store underneath, each of its reads failing as a single read would.
  public func read<Result>(_ body: (any TrackerDataReading) throws(StoreError) -> Result) throws(StoreError)
    -> Result
  {
    let result = try base.read { (reader) throws(StoreError) in try body(Reader(store: self, base: reader)) }
    afterSnapshot()
    return result
  }
  public func insert(_ contents: StoreAdditions) throws(StoreError) {
    try write("insert") { () throws(StoreError) in try base.insert(contents) }
  }
  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }

  public func waitingAtMost<Result>(_ limit: Duration, _ body: () throws(StoreError) -> Result)
    throws(StoreError)
    -> Result
  {
    try base.waitingAtMost(limit, body)
  }
}

extension FailingStore {
  /// A snapshot's reads: each one fails as the store's own read of that name does, else reads
  /// the snapshot underneath.
  struct Reader: TrackerDataReading {
    let store: FailingStore
    let base: any TrackerDataReading

    private func read<T>(_ name: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
      try store.check(name, isWrite: false)
      return try body()
    }

    func categories() throws(StoreError) -> [TrackerCategory] {
      try read("categories") { () throws(StoreError) in try base.categories() }
    }
    func trackers() throws(StoreError) -> [TrackerSummary] {
      try read("trackers") { () throws(StoreError) in try base.trackers() }
    }
    func completedTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
      try read("completedTrackerIDs") { () throws(StoreError) in try base.completedTrackerIDs(on: day) }
    }
    func recordDays(trackerID: UUID) throws(StoreError) -> [Day] {
      try read("recordDays") { () throws(StoreError) in try base.recordDays(trackerID: trackerID) }
    }
    func allRecords() throws(StoreError) -> [TrackerRecord] {
      try read("allRecords") { () throws(StoreError) in try base.allRecords() }
    }
    func records(trackerID: UUID) throws(StoreError) -> [TrackerRecord] {
      try read("records") { () throws(StoreError) in try base.records(trackerID: trackerID) }
    }
    func records(on day: Day) throws(StoreError) -> [TrackerRecord] {
      try read("recordsOnDay") { () throws(StoreError) in try base.records(on: day) }
    }
    func notes(trackerID: UUID) throws(StoreError) -> [TrackerNote] {
      try read("notes") { () throws(StoreError) in try base.notes(trackerID: trackerID) }
    }
    func notes(on day: Day) throws(StoreError) -> [TrackerNote] {
      try read("notesOnDay") { () throws(StoreError) in try base.notes(on: day) }
    }
    func statistics(asOf today: Day) throws(StoreError) -> Statistics {
      try read("statistics") { () throws(StoreError) in try base.statistics(asOf: today) }
    }
    func dayOffTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
      try read("dayOffTrackerIDs") { () throws(StoreError) in try base.dayOffTrackerIDs(on: day) }
    }
    func daysOff(trackerID: UUID) throws(StoreError) -> [Day] {
      try read("daysOff") { () throws(StoreError) in try base.daysOff(trackerID: trackerID) }
    }
    func settings() throws(StoreError) -> StoreSettings {
      try read("settings") { () throws(StoreError) in try base.settings() }
    }
    func contents() throws(StoreError) -> StoreContents {
      try read("contents") { () throws(StoreError) in try base.contents() }
    }
  }
}

/// The to-do app's store that fails on purpose, as `FailingStore` does for the tracker's.
public final class FailingTodoStore: FailsOnDemand, TodoDataStore, @unchecked Sendable {
  public let base: InMemoryTodoStore

  public init(_ base: InMemoryTodoStore) { self.base = base }

  public func tasks() throws(StoreError) -> [TodoTask] {
    try check("tasks", isWrite: false)
    return try base.tasks()
  }
  public func createTask(_ task: TodoTask) throws(StoreError) {
    try check("createTask", isWrite: true)
    try base.createTask(task)
  }
  public func updateTask(_ task: TodoTask) throws(StoreError) {
    try check("updateTask", isWrite: true)
    try base.updateTask(task)
  }
  public func deleteTask(id: UUID) throws(StoreError) {
    try check("deleteTask", isWrite: true)
    try base.deleteTask(id: id)
  }
  @discardableResult
  public func insertLoaded(_ tasks: [TodoTask]) throws(StoreError) -> Bool {
    try check("insertLoaded", isWrite: true)
    return try base.insertLoaded(tasks)
  }
  public func observe(_ handler: @escaping @Sendable (TodoChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }
}
