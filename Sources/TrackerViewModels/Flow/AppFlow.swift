import Foundation
import TrackerLocalization
import TrackerModels

/// The whole app: onboarding on first launch, the two tabs, and the sheets and menus over them.
/// It owns the screens' view models, turns their routes into navigation, exposes everything on
/// screen as one value (`view`) with the elements a user can act on (`elements`), and performs
/// user actions on them (`perform`) — for renderers, scripts and tests alike.
@MainActor
public final class AppFlow {
  /// The tabs of the tab bar.
  public enum Tab: Equatable, Sendable {
    case trackers, statistics
  }

  /// A presented screen with its view model.
  enum Presented {
    case typePicker(TypePickerViewModel)
    case trackerForm(TrackerFormViewModel)
    case categories(CategoryListViewModel)
    case categoryForm(CategoryFormViewModel)
    case schedule(ScheduleViewModel)
    case filters(FiltersViewModel)
    case calendar(CalendarViewModel)
  }

  /// The environment every screen gets.
  public let environment: AppEnvironment
  // The navigation state, changed by `AppFlow+Actions` and `AppFlow+Navigation`.
  /// The onboarding, until its button is pressed.
  var onboarding: OnboardingViewModel?
  /// The main screen, from onboarding's end on.
  var trackers: TrackersViewModel?
  /// The statistics tab, made when first shown.
  var statistics: StatisticsViewModel?
  /// The selected tab.
  var tab = Tab.trackers
  /// Sheets and modal screens, bottom to top.
  var presented: [Presented] = []
  /// The category whose long-press menu is open.
  var categoryMenu: UUID?
  /// The identifier of the focused text field.
  var focusedField: String?
  /// Keeps the flow's own bindings to its screens alive.
  var bindings: [BindingToken] = []
  let observers = StateObservers<AppView>()
  /// The view last published, so unchanged views are not published again.
  var lastView: AppView?

  /// The app as launched: onboarding until it was finished once, then the main screen.
  public init(environment: AppEnvironment) {
    self.environment = environment
    let settings = (try? environment.store.settings()) ?? StoreSettings()
    if settings.isOnboardingDone {
      showMain()
    } else {
      let model = OnboardingViewModel(environment: environment)
      model.onFinish = { [weak self] in self?.showMain() }
      onboarding = model
      bind(model.observe { _ in })
    }
  }

  /// Calls `handler` with the view now and after each change.
  public func observe(_ handler: @escaping (AppView) -> Void) -> BindingToken { observers.add(view, handler) }

  // MARK: What is on screen

  /// Everything on screen.
  public var view: AppView {
    let localizer = environment.localizer
    let base: AppView.Base
    if let onboarding {
      base = .onboarding(onboarding.state)
    } else if tab == .statistics, let statistics {
      base = .statistics(statistics.state)
    } else if let trackers {
      base = .trackers(trackers.state)
    } else {
      // Not reachable: without onboarding the main screen exists. Shown rather than crashing.
      base = .onboarding(OnboardingViewModel(environment: environment).state)
    }
    let tabBar =
      onboarding == nil
      ? AppView.TabBar(
        trackersTitle: localizer.text(.trackersTitle), statisticsTitle: localizer.text(.statisticsTitle),
        selected: tab)
      : nil
    let menu = categoryMenu.map {
      AppView.CategoryMenu(
        categoryID: $0, editTitle: localizer.text(.menuEdit), deleteTitle: localizer.text(.menuDelete))
    }
    return AppView(
      base: base, tabBar: tabBar, presented: presented.map(\.state), categoryMenu: menu,
      focusedField: focusedField)
  }

  /// The name of the screen on top.
  public var screen: ScreenName { view.screen }

  /// What the user can act on now: the topmost layer's elements.
  public var elements: [Element] { ElementTree.elements(of: view, environment: environment) }

  // MARK: Acting

  /// Performs `action` as the user would, or explains why it cannot be done.
  public func perform(_ action: UserAction) throws(FlowError) {
    switch action {
    case .tap(let target): try tap(try find(target))
    case .longPress(let target): try longPress(try find(target))
    case .type(let text):
      guard let field = focusedField else { throw failure("no text field is focused; tap one first") }
      setText(of: field, to: currentText(of: field) + text)
    case .clear:
      guard let field = focusedField else { throw failure("no text field is focused; tap one first") }
      setText(of: field, to: "")
    case .swipe(let direction):
      guard let onboarding, presented.isEmpty else { throw failure("nothing here changes with a swipe") }
      if direction == .left { onboarding.swipedLeft() } else { onboarding.swipedRight() }
    case .dismiss:
      try dismissTop()
    }
    publish()
  }

  /// The element `target` names, if exactly one matches.
  public func find(_ target: UserAction.Target) throws(FlowError) -> Element {
    let all = elements
    let matches: [Element]
    switch target {
    case .identifier(let identifier): matches = all.filter { $0.identifier == identifier }
    case .label(let label): matches = all.filter { $0.label == label }
    }
    guard !matches.isEmpty else {
      throw FlowError(message: "nothing on screen matches \(target)", elements: all)
    }
    guard matches.count == 1 else {
      throw FlowError(
        message: "\(matches.count) elements match \(target); use an identifier", elements: matches)
    }
    return matches[0]
  }
}

extension AppFlow.Presented {
  /// The presented screen's state.
  @MainActor
  var state: AppView.Presented {
    switch self {
    case .typePicker(let model): return .typePicker(model.state)
    case .trackerForm(let model): return .trackerForm(model.state)
    case .categories(let model): return .categories(model.state)
    case .categoryForm(let model): return .categoryForm(model.state)
    case .schedule(let model): return .schedule(model.state)
    case .filters(let model): return .filters(model.state)
    case .calendar(let model): return .calendar(model.state)
    }
  }
}

extension String {
  /// The rest of the string after `prefix`, or nil when it does not start with it.
  func dropPrefix(_ prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
