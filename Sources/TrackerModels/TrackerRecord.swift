import Foundation

/// The fact that a tracker was completed on a day; at most one per (tracker, day).
public struct TrackerRecord: Hashable, Sendable {
  /// The completed tracker.
  public var trackerID: UUID
  /// The day it was completed on.
  public var day: Day
  /// A measurable tracker's amount that day (docs/rules.md, "Measurable habits"); nil for a
  /// yes/no tracker, whose record is a tick. A measurable tracker's record without an amount
  /// counts as its target (a tick means "done", as `done NAME` enters the target). An amount
  /// that misses the target stays a record: it is kept and shown, only not met.
  public var amount: Amount? {
    get { Amount(thousandths: thousandths) }
    set { thousandths = newValue?.thousandths ?? -1 }
  }

  /// The amount's thousandths, −1 for none: one word rather than an optional's two, so a record
  /// stays 32 bytes and the statistics' pass over hundreds of thousands of them stays as fast.
  private var thousandths: Int

  /// A record of `trackerID` on `day`, with `amount` for a measurable tracker.
  public init(trackerID: UUID, day: Day, amount: Amount? = nil) {
    self.trackerID = trackerID
    self.day = day
    thousandths = amount?.thousandths ?? -1
  }
}
