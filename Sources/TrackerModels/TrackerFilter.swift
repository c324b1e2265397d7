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

  /// The filter that stays active after the user picks another date: "Trackers for today" returns
  /// to All, the others stay.
  public var afterDateChange: TrackerFilter {
    self == .today ? .all : self
  }
}
