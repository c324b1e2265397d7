import Foundation

/// Everything on screen at once, as display-ready values: what a renderer draws.
public struct AppView: Equatable, Sendable {
  /// The screen under everything else.
  public enum Base: Equatable, Sendable {
    case onboarding(OnboardingViewModel.State)
    case trackers(TrackersViewModel.State)
    case statistics(StatisticsViewModel.State)
    case settings(SettingsViewModel.State)

    /// The screen's alert, if it shows one.
    public var alert: AlertState? {
      switch self {
      case .onboarding(let state): return state.alert
      case .trackers(let state): return state.alert
      case .statistics(let state): return state.alert
      case .settings(let state): return state.alert
      }
    }
  }

  /// The tab bar under the main screens.
  public struct TabBar: Equatable, Sendable {
    public var trackersTitle: String
    public var statisticsTitle: String
    public var settingsTitle: String
    public var selected: AppFlow.Tab

    /// A tab bar with every field given.
    public init(trackersTitle: String, statisticsTitle: String, settingsTitle: String, selected: AppFlow.Tab)
    {
      self.trackersTitle = trackersTitle
      self.statisticsTitle = statisticsTitle
      self.settingsTitle = settingsTitle
      self.selected = selected
    }
  }

  /// The long-press menu of a category in the category list.
  public struct CategoryMenu: Equatable, Sendable {
    public var categoryID: UUID
    public var editTitle: String
    public var deleteTitle: String

    /// A menu with every field given.
    public init(categoryID: UUID, editTitle: String, deleteTitle: String) {
      self.categoryID = categoryID
      self.editTitle = editTitle
      self.deleteTitle = deleteTitle
    }
  }

  /// The screen under everything else.
  public var base: Base
  /// The tab bar, from the end of onboarding on.
  public var tabBar: TabBar?
  /// Sheets and modal screens over the base, bottom to top.
  public var presented: [Presented]
  /// The open menu of a category in the category list.
  public var categoryMenu: CategoryMenu?
  /// The focused text field, if any.
  public var focusedField: InputField?
  /// An alert that is not any one screen's: the launch could not read the settings.
  public var launchAlert: AlertState?

  /// A view with every part given.
  public init(
    base: Base, tabBar: TabBar?, presented: [Presented], categoryMenu: CategoryMenu?,
    focusedField: InputField?,
    launchAlert: AlertState? = nil
  ) {
    self.base = base
    self.tabBar = tabBar
    self.presented = presented
    self.categoryMenu = categoryMenu
    self.focusedField = focusedField
    self.launchAlert = launchAlert
  }

  /// The alert the user sees: the topmost screen's, else the launch's.
  public var alert: AlertState? {
    for screen in presented.reversed() {
      if let alert = screen.alert { return alert }
    }
    return base.alert ?? launchAlert
  }

  /// The name of the screen on top.
  public var screen: ScreenName {
    if let top = presented.last { return top.name }
    switch base {
    case .onboarding: return .onboarding
    case .trackers: return .trackers
    case .statistics: return .statistics
    case .settings: return .settings
    }
  }
}
