import Foundation

/// What taking days off, or cancelling them, changed in a store.
public struct DaysOffChange: Hashable, Sendable {
  /// The days off taken or cancelled, by tracker then day (a day already off, or not off, is no
  /// change).
  public var changed: [TrackerDayOff]
  /// The records that days taken off removed (a day is done or off, never both), by tracker then
  /// day: a caller says them, so a completion never disappears without a word.
  public var removedRecords: [TrackerRecord]

  /// A change with every field given.
  public init(changed: [TrackerDayOff] = [], removedRecords: [TrackerRecord] = []) {
    self.changed = changed
    self.removedRecords = removedRecords
  }
}
