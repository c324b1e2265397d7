import Foundation

/// A store that passes every call to another one, with one place to step in before each read
/// (`willRead()`): a wrapper of a client's or a tool's own — counting what a screen reads, making
/// reads fail — without writing the whole protocol again (and again each time it grows).
open class ForwardingTrackerStore: SnapshotReadingStore, @unchecked Sendable {
  /// The store every call goes to.
  public let base: any TrackerDataStore

  /// A store passing every call to `base`.
  public init(_ base: any TrackerDataStore) { self.base = base }

  /// Called before every read, each read of a snapshot too (not before writes, observation or
  /// waiting); throw to refuse the read. Does nothing here.
  open func willRead() throws(StoreError) {}

  /// A snapshot of `base`, each of its reads after `willRead()`.
  open func read<Result>(
    _ body: (any TrackerDataReading) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try base.read { (reader) throws(StoreError) in
      try body(ForwardingReader(reader, willRead: { () throws(StoreError) in try self.willRead() }))
    }
  }

  open func createCategory(_ category: TrackerCategory) throws(StoreError) {
    try base.createCategory(category)
  }
  open func renameCategory(id: UUID, to title: String) throws(StoreError) {
    try base.renameCategory(id: id, to: title)
  }
  open func deleteCategory(id: UUID) throws(StoreError) { try base.deleteCategory(id: id) }
  open func createTracker(_ tracker: Tracker) throws(StoreError) { try base.createTracker(tracker) }
  open func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day],
    raisingToTargetOn raised: [Day]
  ) throws(StoreError) {
    try base.updateTracker(
      tracker, addingRecordsOn: added, removingRecordsOn: removed, raisingToTargetOn: raised)
  }
  open func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError) {
    try base.setPinned(isPinned, trackerID: trackerID)
  }
  open func setArchived(_ isArchived: Bool, trackerID: UUID) throws(StoreError) {
    try base.setArchived(isArchived, trackerID: trackerID)
  }
  open func moveTracker(_ id: UUID, to place: TrackerOrder.Place) throws(StoreError) {
    try base.moveTracker(id, to: place)
  }
  open func deleteTracker(id: UUID) throws(StoreError) { try base.deleteTracker(id: id) }
  @discardableResult
  open func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.toggleRecord(trackerID: trackerID, on: day)
  }
  @discardableResult
  open func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.setCompleted(isDone, trackerID: trackerID, on: day)
  }
  @discardableResult
  open func setAmount(_ amount: Amount?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.setAmount(amount, trackerID: trackerID, on: day)
  }
  @discardableResult
  open func setNote(_ text: String?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.setNote(text, trackerID: trackerID, on: day)
  }
  @discardableResult
  open func setDaysOff(_ isOff: Bool, _ days: [TrackerDayOff]) throws(StoreError) -> DaysOffChange {
    try base.setDaysOff(isOff, days)
  }
  @discardableResult
  open func updateSettings(_ change: (inout StoreSettings) -> Void) throws(StoreError) -> StoreSettings {
    try base.updateSettings(change)
  }
  open func insert(_ additions: StoreAdditions) throws(StoreError) { try base.insert(additions) }
  open func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }
  open func waitingAtMost<Result>(
    _ limit: Duration, _ body: () throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try base.waitingAtMost(limit, body)
  }
}
