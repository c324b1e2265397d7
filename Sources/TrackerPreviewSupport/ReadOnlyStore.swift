import Foundation
import TrackerModels

/// Shows what another store holds and refuses every change, as a read-only data file does: for
/// previews and snapshots of a failed save, and for showing any screen of a data file without
/// ever writing to it.
public final class ReadOnlyStore: SnapshotReadingStore {
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

  /// A snapshot of `base`, its settings as `adjustSettings` makes them.
  public func read<Result>(
    _ body: (any TrackerDataReading) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try base.read { (reader) throws(StoreError) in
      try body(ForwardingReader(reader, adjustingSettings: adjustSettings))
    }
  }

  public func createCategory(_ category: TrackerCategory) throws(StoreError) { throw Self.refusal }
  public func renameCategory(id: UUID, to title: String) throws(StoreError) { throw Self.refusal }
  public func deleteCategory(id: UUID) throws(StoreError) { throw Self.refusal }
  public func createTracker(_ tracker: Tracker) throws(StoreError) { throw Self.refusal }
  public func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day],
    raisingToTargetOn raised: [Day]
  )
    throws(StoreError)
  { throw Self.refusal }
  public func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError) { throw Self.refusal }
  public func setArchived(_ isArchived: Bool, trackerID: UUID) throws(StoreError) { throw Self.refusal }
  public func moveTracker(_ id: UUID, to place: TrackerOrder.Place) throws(StoreError) { throw Self.refusal }
  public func deleteTracker(id: UUID) throws(StoreError) { throw Self.refusal }
  public func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool { throw Self.refusal }
  public func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    throw Self.refusal
  }
  public func setDaysOff(_ isOff: Bool, _ days: [TrackerDayOff]) throws(StoreError) -> DaysOffChange {
    throw Self.refusal
  }
  public func setAmount(_ amount: Amount?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    throw Self.refusal
  }
  public func setNote(_ text: String?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    throw Self.refusal
  }
  public func updateSettings(_ change: (inout StoreSettings) -> Void) throws(StoreError) -> StoreSettings {
    throw Self.refusal
  }
  public func insert(_ additions: StoreAdditions) throws(StoreError) { throw Self.refusal }
  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }
}
