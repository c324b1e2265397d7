import Foundation

/// Everything on screen at once, as display-ready values: what a renderer draws.
public struct AppView: Equatable, Sendable {
  /// The screen under everything else.
  public enum Base: Equatable, Sendable {
    case onboarding(OnboardingViewModel.State)
    case trackers(TrackersViewModel.State)
    case statistics(StatisticsViewModel.State)
  }

  /// A sheet or modal screen over the base, bottom to top.
  public enum Presented: Equatable, Sendable {
    case typePicker(TypePickerViewModel.State)
    case trackerForm(TrackerFormViewModel.State)
    case categories(CategoryListViewModel.State)
    case categoryForm(CategoryFormViewModel.State)
    case schedule(ScheduleViewModel.State)
    case filters(FiltersViewModel.State)
    case calendar(CalendarViewModel.State)

    /// The screen's stable name.
    public var name: ScreenName {
      switch self {
      case .typePicker: return .typePicker
      case .trackerForm: return .trackerForm
      case .categories: return .categories
      case .categoryForm: return .categoryForm
      case .schedule: return .schedule
      case .filters: return .filters
      case .calendar: return .calendar
      }
    }
  }

  /// The tab bar under the main screens.
  public struct TabBar: Equatable, Sendable {
    public var trackersTitle: String
    public var statisticsTitle: String
    public var selected: AppFlow.Tab
  }

  /// The long-press menu of a category in the category list.
  public struct CategoryMenu: Equatable, Sendable {
    public var categoryID: UUID
    public var editTitle: String
    public var deleteTitle: String
  }

  public var base: Base
  public var tabBar: TabBar?
  public var presented: [Presented]
  public var categoryMenu: CategoryMenu?
  /// The identifier of the focused text field, if any.
  public var focusedField: String?

  /// The name of the screen on top.
  public var screen: ScreenName {
    if let top = presented.last { return top.name }
    switch base {
    case .onboarding: return .onboarding
    case .trackers: return .trackers
    case .statistics: return .statistics
    }
  }
}
