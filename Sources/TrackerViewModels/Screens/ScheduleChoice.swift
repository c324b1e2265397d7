import TrackerModels

/// What the schedule screen chose for a habit (docs/rules.md, "N times a week or a month"): some
/// weekdays, or N met days a week or a month on any days.
public enum ScheduleChoice: Hashable, Sendable {
  /// Due on these weekdays; none chosen yet is an empty set.
  case weekdays(WeekdaySet)
  /// N times a week or a month.
  case quota(Quota)
  /// N times in Y days, as Loop counts them (issue 49).
  case window(TimesInDays)

  /// The habit's schedule, or nil while no weekday is chosen.
  public var schedule: Schedule? {
    switch self {
    case .weekdays(let days): return Schedule(days)
    case .quota(let quota): return Schedule(quota: quota)
    case .window(let window): return Schedule(window: window)
    }
  }

  /// The choice a stored schedule makes.
  public init(_ schedule: Schedule) {
    if let quota = schedule.quota {
      self = .quota(quota)
    } else if let window = schedule.window {
      self = .window(window)
    } else {
      self = .weekdays(schedule.days)
    }
  }
}
