import Foundation

/// A store that passes every call to another one, with one place to step in before each read
/// (`willRead()`): a wrapper of a client's or a tool's own — counting what a screen reads, making
/// reads fail, refusing one write — without writing the whole protocol again (and again each time
/// it grows). A conformer gives `base` and implements only the calls it changes; every other call
/// goes to `base` as it is. A protocol rather than a class to subclass, so a conformer is a plain
/// `Sendable` type the compiler checks (a final class whose state is `Locked`, or a struct).
public protocol ForwardingTrackerStore: SnapshotReadingStore {
  /// The store every call goes to.
  var base: any TrackerDataStore { get }

  /// Called before every read, each read of a snapshot too (not before writes, observation or
  /// waiting); throw to refuse the read. Does nothing unless implemented.
  func willRead() throws(StoreError)
}

extension ForwardingTrackerStore {
  public func willRead() throws(StoreError) {}

  /// A snapshot of `base`, each of its reads after `willRead()`.
  public func read<Result>(
    _ body: (any TrackerDataReading) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try base.read { (reader) throws(StoreError) in
      try body(ForwardingReader(reader, willRead: { () throws(StoreError) in try self.willRead() }))
    }
  }

  public func createCategory(_ category: TrackerCategory) throws(StoreError) {
    try base.createCategory(category)
  }
  public func renameCategory(id: UUID, to title: String) throws(StoreError) {
    try base.renameCategory(id: id, to: title)
  }
  public func deleteCategory(id: UUID) throws(StoreError) { try base.deleteCategory(id: id) }
  public func createTracker(_ tracker: Tracker) throws(StoreError) { try base.createTracker(tracker) }
  public func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day],
    raisingToTargetOn raised: [Day]
  ) throws(StoreError) {
    try base.updateTracker(
      tracker, addingRecordsOn: added, removingRecordsOn: removed, raisingToTargetOn: raised)
  }
  public func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError) {
    try base.setPinned(isPinned, trackerID: trackerID)
  }
  public func setArchived(_ isArchived: Bool, trackerID: UUID) throws(StoreError) {
    try base.setArchived(isArchived, trackerID: trackerID)
  }
  public func moveTracker(_ id: UUID, to place: TrackerOrder.Place) throws(StoreError) {
    try base.moveTracker(id, to: place)
  }
  public func deleteTracker(id: UUID) throws(StoreError) { try base.deleteTracker(id: id) }
  @discardableResult
  public func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.toggleRecord(trackerID: trackerID, on: day)
  }
  @discardableResult
  public func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.setCompleted(isDone, trackerID: trackerID, on: day)
  }
  @discardableResult
  public func setAmount(_ amount: Amount?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.setAmount(amount, trackerID: trackerID, on: day)
  }
  @discardableResult
  public func setNote(_ text: String?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.setNote(text, trackerID: trackerID, on: day)
  }
  @discardableResult
  public func setDaysOff(_ isOff: Bool, _ days: [TrackerDayOff]) throws(StoreError) -> DaysOffChange {
    try base.setDaysOff(isOff, days)
  }
  @discardableResult
  public func updateSettings(_ change: (inout StoreSettings) -> Void) throws(StoreError) -> StoreSettings {
    try base.updateSettings(change)
  }
  public func insert(_ additions: StoreAdditions) throws(StoreError) { try base.insert(additions) }
  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }
  public func waitingAtMost<Result>(
    _ limit: Duration, _ body: () throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try base.waitingAtMost(limit, body)
  }
}
