/// A set of weekdays stored as seven bits, so schedule checks cost one AND.
public struct WeekdaySet: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue & 0b111_1111 }

  /// The set holding exactly `day`.
  public init(_ day: Weekday) { self.rawValue = 1 << (day.rawValue - 1) }

  /// The set holding `days`.
  public init<Days: Sequence>(_ days: Days) where Days.Element == Weekday {
    self = days.reduce(into: WeekdaySet()) { $0.insert(WeekdaySet($1)) }
  }

  /// Single days, so that a set reads `[.monday, .friday]`.
  public static let monday = WeekdaySet(.monday)
  public static let tuesday = WeekdaySet(.tuesday)
  public static let wednesday = WeekdaySet(.wednesday)
  public static let thursday = WeekdaySet(.thursday)
  public static let friday = WeekdaySet(.friday)
  public static let saturday = WeekdaySet(.saturday)
  public static let sunday = WeekdaySet(.sunday)

  /// All seven days.
  public static let everyDay = WeekdaySet(rawValue: 0b111_1111)

  /// Whether `day` is in the set.
  public func contains(_ day: Weekday) -> Bool { rawValue & (1 << (day.rawValue - 1)) != 0 }

  /// The days in the set, Monday first.
  public var days: [Weekday] { Weekday.allCases.filter(contains) }
}
