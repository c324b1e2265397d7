/// A tracker with the facts about its records that screens need without loading them.
public struct TrackerSummary: Hashable, Sendable {
  /// The tracker.
  public var tracker: Tracker
  /// Its number of records, all time: the card's "N days".
  public var recordCount: Int
  /// Its earliest record, if any.
  public var earliestRecord: Day?

  /// A summary with every field given.
  public init(tracker: Tracker, recordCount: Int, earliestRecord: Day?) {
    self.tracker = tracker
    self.recordCount = recordCount
    self.earliestRecord = earliestRecord
  }

  /// The earlier of creation and the earliest record.
  public var firstDay: Day { tracker.firstDay(earliestRecord: earliestRecord) }

  /// Whether the tracker is shown on `day`.
  public func isVisible(on day: Day) -> Bool { tracker.isVisible(on: day, firstDay: firstDay) }
}
