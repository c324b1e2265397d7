import TrackerLocalization
import TrackerModels

/// The filter sheet (seed: main screen 4).
@MainActor
public final class FiltersViewModel: PresentedScreen {
  /// One filter's row.
  public struct Row: Equatable, Sendable, Identifiable {
    public var filter: TrackerFilter
    public var title: String
    /// The blue checkmark on the current filter.
    public var isChecked: Bool

    /// The filter identifies the row.
    public var id: TrackerFilter { filter }

    /// A value with every field given.
    public init(filter: TrackerFilter, title: String, isChecked: Bool) {
      self.filter = filter
      self.title = title
      self.isChecked = isChecked
    }
  }

  /// What the sheet shows.
  public struct State: ScreenState {
    public var title: String
    public var rows: [Row]

    /// A value with every field given.
    public init(title: String, rows: [Row]) {
      self.title = title
      self.rows = rows
    }
  }

  /// The state and its observers (it never changes: choosing closes the sheet).
  public let observable: ObservableState<State>
  /// Called with the filter the user chose.
  public var onChoice: ((TrackerFilter) -> Void)?

  /// The sheet with `current` checked.
  public init(environment: AppEnvironment, current: TrackerFilter) {
    observable = ObservableState(Self.state(current, environment.localizer))
    region = following(environment.region) { $0.state = Self.state(current, environment.localizer) }
  }

  private static func state(_ current: TrackerFilter, _ localizer: Localizer) -> State {
    State(
      title: localizer.text(.filtersTitle),
      rows: TrackerFilter.allCases.map {
        Row(filter: $0, title: FiltersViewModel.title(of: $0, localizer), isChecked: $0 == current)
      })
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// Call when the user tapped a filter.
  public func filterTapped(_ filter: TrackerFilter) { onChoice?(filter) }

  /// The filter's name in the sheet.
  public static func title(of filter: TrackerFilter, _ localizer: Localizer) -> String {
    switch filter {
    case .all: return localizer.text(.filtersAll)
    case .today: return localizer.text(.filtersToday)
    case .completed: return localizer.text(.filtersCompleted)
    case .notCompleted: return localizer.text(.filtersNotCompleted)
    }
  }
}
