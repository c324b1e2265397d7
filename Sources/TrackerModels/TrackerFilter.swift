/// The filters of the main screen's filter sheet (docs/rules.md).
public enum TrackerFilter: String, CaseIterable, Hashable, Sendable {
  /// Every tracker shown on the selected date.
  case all
  /// Every tracker shown today; choosing it moves the selected date to today.
  case today
  /// Only trackers completed on the selected date.
  case completed
  /// Only trackers not completed on the selected date.
  case notCompleted = "not-completed"

  /// Whether a tracker shown on the selected date passes the filter.
  public func includes(isCompleted: Bool) -> Bool {
    switch self {
    case .all, .today: return true
    case .completed: return isCompleted
    case .notCompleted: return !isCompleted
    }
  }

  /// Whether the tracker of `history`, shown on `day`, passes the filter: it is completed on `day`
  /// when the day is met (docs/rules.md), so a measurable tracker below its target is not.
  public func includes(_ history: TrackerHistory, on day: Day, today: Day) -> Bool {
    includes(isCompleted: history.isMet(on: day, today: today))
  }

  /// The filter that stays active after the user picks another date: "Trackers for today" returns
  /// to All, the others stay.
  public var afterDateChange: TrackerFilter {
    self == .today ? .all : self
  }
}
