import Foundation

extension Day {
  /// The earliest day the app keeps: 1900-01-01. An earlier date is a typo (`0000-01-01`), and
  /// a year before 1900 is no habit anyone tracked.
  public static let earliestStored = Day(daysSinceEpoch: -25_567)

  /// The latest day the app keeps at all: 9999-12-31, the last day a `YYYY-MM-DD` date can write.
  public static let latestStored = Day(daysSinceEpoch: 2_932_896)

  /// Whether the store can hold this day and give it back: between `earliestStored` and
  /// `latestStored`.
  public var isStorable: Bool { self >= .earliestStored && self <= .latestStored }

  /// The latest day a backup made on `today` may hold: two days after it, because at one instant
  /// the date differs by up to two days between time zones (Kiritimati and Pago Pago).
  public static func latestInBackup(today: Day) -> Day { today.adding(days: 2) }
}
