import Foundation
import TrackerModels

/// Shows what another store holds and refuses every change, as a read-only data file does: for
/// previews and snapshots of a failed save, and for showing any screen of a data file without
/// ever writing to it.
public final class ReadOnlyStore: TrackerDataStore, @unchecked Sendable {
  private let base: any TrackerDataStore
  private let adjustSettings: @Sendable (inout StoreSettings) -> Void

  /// What every change is refused with: the error SQLite gives for a read-only file.
  public static let refusal = StoreError.storage(
    StorageFailure(.readOnly, detail: "attempt to write a readonly database"))

  /// A read-only view of `base`, whose settings read as `adjustSettings` makes them (say, with
  /// the onboarding over, so the app opens on its main screen); the store itself is not changed.
  public init(
    _ base: any TrackerDataStore,
    adjustingSettings adjustSettings: @escaping @Sendable (inout StoreSettings) -> Void = { _ in }
  ) {
    self.base = base
    self.adjustSettings = adjustSettings
  }

  public func categories() throws(StoreError) -> [TrackerCategory] { try base.categories() }
  public func createCategory(_ category: TrackerCategory) throws(StoreError) { throw Self.refusal }
  public func renameCategory(id: UUID, to title: String) throws(StoreError) { throw Self.refusal }
  public func deleteCategory(id: UUID) throws(StoreError) { throw Self.refusal }
  public func trackers() throws(StoreError) -> [TrackerSummary] { try base.trackers() }
  public func createTracker(_ tracker: Tracker) throws(StoreError) { throw Self.refusal }
  public func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day]
  )
    throws(StoreError)
  { throw Self.refusal }
  public func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError) { throw Self.refusal }
  public func deleteTracker(id: UUID) throws(StoreError) { throw Self.refusal }
  public func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool { throw Self.refusal }
  public func completedTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try base.completedTrackerIDs(on: day)
  }
  public func recordDays(trackerID: UUID) throws(StoreError) -> [Day] {
    try base.recordDays(trackerID: trackerID)
  }
  public func allRecords() throws(StoreError) -> [TrackerRecord] { try base.allRecords() }
  public func statistics(asOf today: Day) throws(StoreError) -> Statistics {
    try base.statistics(asOf: today)
  }
  public func setDaysOff(_ isOff: Bool, _ days: [TrackerDayOff]) throws(StoreError) -> DaysOffChange {
    throw Self.refusal
  }
  public func dayOffTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try base.dayOffTrackerIDs(on: day)
  }
  public func daysOff(trackerID: UUID) throws(StoreError) -> [Day] { try base.daysOff(trackerID: trackerID) }
  public func settings() throws(StoreError) -> StoreSettings {
    var settings = try base.settings()
    adjustSettings(&settings)
    return settings
  }
  public func saveSettings(_ settings: StoreSettings) throws(StoreError) { throw Self.refusal }
  public func contents() throws(StoreError) -> StoreContents { try base.contents() }
  public func insert(_ additions: StoreAdditions) throws(StoreError) { throw Self.refusal }
  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }
}
