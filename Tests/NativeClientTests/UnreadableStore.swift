import Foundation
import TrackerModels

/// A client's own store wrapper whose reads fail while `failsReads` is set (a file gone bad under
/// the app, an I/O error): what a client sees when the store refuses.
final class UnreadableStore: TrackerDataStore, @unchecked Sendable {
  private let base: any TrackerDataStore
  private let lock = NSLock()
  private var failing = false

  /// The failure every read throws while failing.
  static let failure = StoreError.storage(StorageFailure(.inputOutput, detail: "disk I/O error"))

  init(_ base: any TrackerDataStore) { self.base = base }

  /// Whether reads fail from now on.
  var failsReads: Bool {
    get { lock.withLock { failing } }
    set { lock.withLock { failing = newValue } }
  }

  private func read<Value>(_ body: () throws(StoreError) -> Value) throws(StoreError) -> Value {
    if failsReads { throw Self.failure }
    return try body()
  }

  func categories() throws(StoreError) -> [TrackerCategory] {
    try read { () throws(StoreError) in try base.categories() }
  }
  func createCategory(_ category: TrackerCategory) throws(StoreError) { try base.createCategory(category) }
  func renameCategory(id: UUID, to title: String) throws(StoreError) {
    try base.renameCategory(id: id, to: title)
  }
  func deleteCategory(id: UUID) throws(StoreError) { try base.deleteCategory(id: id) }
  func trackers() throws(StoreError) -> [TrackerSummary] {
    try read { () throws(StoreError) in try base.trackers() }
  }
  func createTracker(_ tracker: Tracker) throws(StoreError) { try base.createTracker(tracker) }
  func updateTracker(_ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day])
    throws(StoreError)
  { try base.updateTracker(tracker, addingRecordsOn: added, removingRecordsOn: removed) }
  func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError) {
    try base.setPinned(isPinned, trackerID: trackerID)
  }
  func deleteTracker(id: UUID) throws(StoreError) { try base.deleteTracker(id: id) }
  func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try base.toggleRecord(trackerID: trackerID, on: day)
  }
  func setDaysOff(_ isOff: Bool, trackerID: UUID, on days: [Day]) throws(StoreError) -> [Day] {
    try base.setDaysOff(isOff, trackerID: trackerID, on: days)
  }
  func dayOffTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try read { () throws(StoreError) in try base.dayOffTrackerIDs(on: day) }
  }
  func daysOff(trackerID: UUID) throws(StoreError) -> [Day] {
    try read { () throws(StoreError) in try base.daysOff(trackerID: trackerID) }
  }
  func completedTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try read { () throws(StoreError) in try base.completedTrackerIDs(on: day) }
  }
  func recordDays(trackerID: UUID) throws(StoreError) -> [Day] {
    try read { () throws(StoreError) in try base.recordDays(trackerID: trackerID) }
  }
  func allRecords() throws(StoreError) -> [TrackerRecord] {
    try read { () throws(StoreError) in try base.allRecords() }
  }
  func statistics(asOf today: Day) throws(StoreError) -> Statistics {
    try read { () throws(StoreError) in try base.statistics(asOf: today) }
  }
  func settings() throws(StoreError) -> StoreSettings {
    try read { () throws(StoreError) in try base.settings() }
  }
  func saveSettings(_ settings: StoreSettings) throws(StoreError) { try base.saveSettings(settings) }
  func contents() throws(StoreError) -> StoreContents {
    try read { () throws(StoreError) in try base.contents() }
  }
  func insert(_ contents: StoreContents) throws(StoreError) { try base.insert(contents) }
  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }

  func waitingAtMost<Result>(_ limit: Duration, _ body: () throws(StoreError) -> Result) throws(StoreError)
    -> Result
  {
    try base.waitingAtMost(limit, body)
  }
}
