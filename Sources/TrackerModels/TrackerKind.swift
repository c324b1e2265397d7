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

/// The weekdays a habit is due on; never empty, so a habit without days cannot be built.
public struct Schedule: Hashable, Sendable {
  /// The weekdays, never empty.
  public let days: WeekdaySet

  /// A schedule on `days`, or `nil` when `days` is empty.
  public init?(_ days: WeekdaySet) {
    guard !days.isEmpty else { return nil }
    self.days = days
  }

  /// Every day of the week.
  public static let everyDay = Schedule(uncheckedDays: .everyDay)

  private init(uncheckedDays: WeekdaySet) { self.days = uncheckedDays }
}
