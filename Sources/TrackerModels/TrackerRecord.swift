import Foundation

/// The fact that a tracker was completed on a day; at most one per (tracker, day).
public struct TrackerRecord: Hashable, Sendable {
  /// The completed tracker.
  public var trackerID: UUID
  /// The day it was completed on.
  public var day: Day

  /// A record of `trackerID` on `day`.
  public init(trackerID: UUID, day: Day) {
    self.trackerID = trackerID
    self.day = day
  }
}
