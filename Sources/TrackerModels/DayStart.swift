import Foundation

/// The hour the user's day starts at (docs/rules.md, "Day start hour"): 00:00 by default, at most
/// 12:00, in whole hours. Night owls set 03:00 so a habit ticked at 01:30 counts for the evening
/// before.
///
/// The hour is read on the wall clock of the user's time zone: the day is the local calendar date,
/// or the one before it while the local time is earlier than the start hour. So a daylight-saving
/// night never moves the turn of the day off the hour the user chose (on a night that skips the
/// hour, the day turns at the first moment after it).
public struct DayStart: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// 0 … 12.
  public let hour: Int

  /// The start at `hour`, or nil outside 0…12.
  public init?(hour: Int) {
    guard DayStart.hours.contains(hour) else { return nil }
    self.hour = hour
  }

  /// Every hour a day may start at: 0 … 12.
  public static let hours = 0...12

  /// Midnight, the default.
  public static let midnight = DayStart(hour: 0)!

  /// Every start the setting offers, 00:00 … 12:00.
  public static let all: [DayStart] = hours.map { DayStart(hour: $0)! }

  /// Parses "HH:MM" with whole hours ("03:00", also "3:00") or a bare hour ("3"); nil otherwise.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let time = ReminderTime(trimmed), time.minute == 0 {
      self.init(hour: time.hour)
    } else if (1...2).contains(trimmed.count), trimmed.allSatisfy({ $0.isASCII && $0.isNumber }),
      let hour = Int(trimmed)
    {
      self.init(hour: hour)
    } else {
      return nil
    }
  }

  /// "03:00".
  public var description: String { (hour < 10 ? "0" : "") + String(hour) + ":00" }

  /// The user's "today" at `instant` in `timeZone`.
  public func today(at instant: Date, in timeZone: TimeZone) -> Day {
    let date = Day(instant, in: timeZone)
    guard hour > 0 else { return date }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let localHour = calendar.component(.hour, from: instant)
    return localHour < hour ? date.adding(days: -1) : date
  }

  /// The first instant of `day` as the user counts it: the start hour on its calendar date (the
  /// first moment after it on a night that skips that hour).
  public func start(of day: Day, in timeZone: TimeZone) -> Date {
    let midnight = day.start(in: timeZone)
    guard hour > 0 else { return midnight }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = day.components
    let wanted = DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: hour)
    // A skipped hour (spring forward) gives the next existing instant.
    return calendar.date(from: wanted) ?? midnight.addingTimeInterval(TimeInterval(hour * 3600))
  }

  public static func < (lhs: DayStart, rhs: DayStart) -> Bool { lhs.hour < rhs.hour }
}
