import TrackerLocalization
import TrackerModels

/// The date picker the main screen's date opens (seed: main screen 2).
@MainActor
public final class CalendarViewModel: PresentedScreen {
  /// One cell of the month grid; `day` is nil for the blanks before the 1st and after the last.
  public struct Cell: Equatable, Sendable, Identifiable {
    /// The cell's place in the grid, 0 for the top left (blanks have no day to tell them apart).
    public var id: Int
    public var day: Day?
    public var text: String
    public var isSelected: Bool
    public var isToday: Bool

    /// A value with every field given.
    public init(id: Int, day: Day? = nil, text: String, isSelected: Bool, isToday: Bool) {
      self.id = id
      self.day = day
      self.text = text
      self.isSelected = isSelected
      self.isToday = isToday
    }
  }

  /// What the calendar shows.
  public struct State: ScreenState {
    /// "Ноябрь 2026".
    public var monthTitle: String
    /// The first day of the month shown.
    public var month: Day
    /// Short weekday names, Monday first.
    public var weekdayTitles: [String]
    /// Weeks of seven cells, Monday first.
    public var weeks: [[Cell]]
    public var previousAccessibilityLabel: String
    public var nextAccessibilityLabel: String

    /// A value with every field given.
    public init(
      monthTitle: String, month: Day, weekdayTitles: [String], weeks: [[Cell]],
      previousAccessibilityLabel: String, nextAccessibilityLabel: String
    ) {
      self.monthTitle = monthTitle
      self.month = month
      self.weekdayTitles = weekdayTitles
      self.weeks = weeks
      self.previousAccessibilityLabel = previousAccessibilityLabel
      self.nextAccessibilityLabel = nextAccessibilityLabel
    }
  }

  /// The state and its observers.
  public let observable: ObservableState<State>
  /// Called with the day the user picked.
  public var onChoice: ((Day) -> Void)?

  package let environment: AppEnvironment
  private let selected: Day

  /// The calendar showing `selected`'s month.
  public init(environment: AppEnvironment, selected: Day) {
    self.environment = environment
    self.selected = selected
    observable = ObservableState(
      CalendarViewModel.state(month: selected.firstOfMonth, selected: selected, environment: environment))
    region = following(environment.region) { $0.showMonth($0.state.month) }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// Call when the user tapped the previous-month arrow.
  public func previousMonthTapped() { showMonth(state.month.firstOfMonth(addingMonths: -1)) }

  /// Call when the user tapped the next-month arrow.
  public func nextMonthTapped() { showMonth(state.month.firstOfMonth(addingMonths: 1)) }

  /// Call when the day may have changed: the "today" mark moves.
  public func clockChanged() { showMonth(state.month) }

  /// Call when the user tapped a day.
  public func dayTapped(_ day: Day) { onChoice?(day) }

  private func showMonth(_ month: Day) {
    state = CalendarViewModel.state(month: month, selected: selected, environment: environment)
  }

  private static func state(month: Day, selected: Day, environment: AppEnvironment) -> State {
    let localizer = environment.localizer
    let today = environment.today
    let leading = month.weekday.rawValue - 1
    var cells = (0..<leading).map { Cell(id: $0, day: nil, text: "", isSelected: false, isToday: false) }
    for offset in 0..<month.daysInMonth {
      let day = month.adding(days: offset)
      cells.append(
        Cell(
          id: cells.count, day: day, text: String(offset + 1), isSelected: day == selected,
          isToday: day == today))
    }
    while cells.count % 7 != 0 {
      cells.append(Cell(id: cells.count, day: nil, text: "", isSelected: false, isToday: false))
    }
    let parts = month.components
    return State(
      monthTitle: localizer.monthHeader(year: parts.year, month: parts.month),
      month: month,
      weekdayTitles: (1...7).map(localizer.weekdayShortName(iso:)),
      weeks: stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) },
      previousAccessibilityLabel: localizer.text(.calendarPreviousMonthAccessibility),
      nextAccessibilityLabel: localizer.text(.calendarNextMonthAccessibility))
  }
}
