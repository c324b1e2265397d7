/// What kind of tracker this is: a habit due on some weekdays, or an event due any day.
public enum TrackerKind: Hashable, Sendable {
  /// A habit, due on the weekdays of its schedule.
  case habit(Schedule)
  /// An irregular event: no schedule, every day counts as due.
  case event

  /// The weekdays on which the tracker is due (every day for an event).
  public var dueDays: WeekdaySet {
    switch self {
    case .habit(let schedule): return schedule.days
    case .event: return .everyDay
    }
  }

  /// Whether this is a habit.
  public var isHabit: Bool {
    if case .habit = self { return true }
    return false
  }
}

/// When a habit is due: on the weekdays of a set (never empty), or, for a *quota* habit
/// (docs/rules.md, "N times a week or a month"), any day until its period holds N met days.
///
/// Why the quota lives here, as a field with a default, rather than as a new `TrackerKind` case: a
/// quota habit *is* a habit, shown every day, and its `days` are every day, so every existing
/// reader of `kind` (`isHabit`, `dueDays`, visibility, ticking, the store's weekday mask) stays
/// right about when it is shown and can be ticked without naming a new case; an event cannot carry
/// a quota at all (the state cannot be built); and the rules that differ (streaks, periods,
/// perfect days, the reminder) ask `quota` in one place, `TrackerHistory`. A new case would have
/// forced every switch on the kind, store and archive included, to choose a behaviour before
/// those layers can store a quota. (Until they do, a quota habit they save reads back as a habit
/// due every day: the store and the archive must write `quota` too.)
public struct Schedule: Hashable, Sendable {
  /// The weekdays, never empty: every day for a quota habit.
  public let days: WeekdaySet
  /// N a week or a month, or nil for a habit due on `days`.
  public let quota: Quota?

  /// A schedule on `days`, or `nil` when `days` is empty.
  public init?(_ days: WeekdaySet) {
    guard !days.isEmpty else { return nil }
    self.init(uncheckedDays: days)
  }

  /// A quota schedule: shown every day, due until the period holds `quota.count` met days.
  public init(quota: Quota) {
    days = .everyDay
    self.quota = quota
  }

  /// Every day of the week.
  public static let everyDay = Schedule(uncheckedDays: .everyDay)

  private init(uncheckedDays: WeekdaySet) {
    days = uncheckedDays
    quota = nil
  }
}

/// N met days a week (1–6, an ISO week, Monday to Sunday) or a month (1–30, a calendar month).
public struct Quota: Hashable, Sendable {
  /// The period a quota counts over.
  public enum Period: String, CaseIterable, Hashable, Sendable {
    /// An ISO week, Monday to Sunday.
    case week
    /// A calendar month.
    case month

    /// The counts a quota over this period may ask for: 1–6 a week (7 is every day: a
    /// weekday schedule), 1–30 a month.
    public var allowedCounts: ClosedRange<Int> {
      switch self {
      case .week: return 1...6
      case .month: return 1...30
      }
    }
  }

  /// How many met days a period asks for, before its days off lower it.
  public let count: Int
  /// Over which period.
  public let period: Period

  /// `count` times a `period`, or nil outside `period.allowedCounts`.
  public init?(_ count: Int, per period: Period) {
    guard period.allowedCounts.contains(count) else { return nil }
    self.count = count
    self.period = period
  }

  /// The days of the period `day` falls in: its week's Monday to Sunday, or its month.
  public func days(containing day: Day) -> ClosedRange<Day> {
    switch period {
    case .week:
      let monday = day.adding(days: 1 - day.weekday.rawValue)
      return monday...monday.adding(days: 6)
    case .month:
      let first = day.firstOfMonth
      return first...first.adding(days: day.daysInMonth - 1)
    }
  }

  /// Whether `day` is the last day of its period (a Sunday, or a month's last day).
  public func endsPeriod(_ day: Day) -> Bool {
    switch period {
    case .week: return day.weekday == .sunday
    case .month: return day.adding(days: 1).day == 1
    }
  }
}
