import Foundation

/// A calendar day (year, month, day) in the proleptic Gregorian calendar, never an instant.
///
/// Stored as the number of days since 1970-01-01 so that arithmetic is integer arithmetic: month
/// ends, leap days and daylight-saving changes cannot shift a day.
public struct Day: Hashable, Comparable, Sendable {
  /// Days since 1970-01-01 (negative before it).
  public let daysSinceEpoch: Int

  /// The day `daysSinceEpoch` days after 1970-01-01.
  public init(daysSinceEpoch: Int) {
    self.daysSinceEpoch = daysSinceEpoch
  }

  /// The given date, or `nil` when it does not exist (2026-02-30, month 13, day 0).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), (1...Day.length(ofMonth: month, year: year)).contains(day)
    else { return nil }
    self.daysSinceEpoch = Day.daysFromCivil(year: year, month: month, day: day)
  }

  /// The calendar day that `date` falls on in `timeZone`.
  public init(_ date: Date, in timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    self.daysSinceEpoch = Day.daysFromCivil(
      year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// The year, month and day of this day.
  public var components: (year: Int, month: Int, day: Int) {
    Day.civilFromDays(daysSinceEpoch)
  }

  /// The year (for example 2026).
  public var year: Int { components.year }
  /// The month, 1 for January.
  public var month: Int { components.month }
  /// The day of the month, from 1.
  public var day: Int { components.day }

  /// The ISO weekday of this day.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday (ISO 4); the modulo is kept non-negative for earlier days.
    let index = ((daysSinceEpoch + 3) % 7 + 7) % 7
    return Weekday.allCases[index]
  }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> Day {
    Day(daysSinceEpoch: daysSinceEpoch + count)
  }

  /// The number of days from this day to `other` (negative when `other` is earlier).
  public func days(to other: Day) -> Int {
    other.daysSinceEpoch - daysSinceEpoch
  }

  /// The first day of this day's month.
  public var firstOfMonth: Day {
    let parts = components
    return Day(daysSinceEpoch: Day.daysFromCivil(year: parts.year, month: parts.month, day: 1))
  }

  /// The number of days in this day's month.
  public var daysInMonth: Int {
    let parts = components
    return Day.length(ofMonth: parts.month, year: parts.year)
  }

  /// The first day of the month `count` months later (earlier when negative).
  public func firstOfMonth(addingMonths count: Int) -> Day {
    let parts = components
    let index = parts.year * 12 + (parts.month - 1) + count
    let year = index >= 0 ? index / 12 : (index - 11) / 12
    let month = index - year * 12 + 1
    return Day(daysSinceEpoch: Day.daysFromCivil(year: year, month: month, day: 1))
  }

  /// The instant this day starts in `timeZone` (the first moment that exists on it).
  public func start(in timeZone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = components
    let components = DateComponents(year: parts.year, month: parts.month, day: parts.day)
    let noon = calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    return calendar.startOfDay(for: noon)
  }

  public static func < (lhs: Day, rhs: Day) -> Bool {
    lhs.daysSinceEpoch < rhs.daysSinceEpoch
  }

  /// Whether `year` has a 29th of February.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in `month` of `year`.
  public static func length(ofMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // Howard Hinnant's civil-calendar algorithms (public domain), exact for every Int year in range.
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
