import Foundation

/// A day a tracker is taken off (docs/rules.md, "Skipped days"): a vacation or an illness. It is
/// not due that day, so a streak neither grows nor breaks on it. At most one per (tracker, day),
/// and never on a day that has a record.
public struct TrackerDayOff: Hashable, Sendable {
  /// The tracker taken off.
  public var trackerID: UUID
  /// The day it is off.
  public var day: Day

  /// A day off of `trackerID` on `day`.
  public init(trackerID: UUID, day: Day) {
    self.trackerID = trackerID
    self.day = day
  }
}
