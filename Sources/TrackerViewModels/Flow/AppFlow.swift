import Foundation
import Observation
import TrackerLocalization
import TrackerModels

/// The whole app: onboarding on first launch, the two tabs, and the sheets and menus over them.
/// It owns the screens' view models, turns their routes into navigation, exposes everything on
/// screen as one value (`view`) and does each of the app's typed actions (`send`) — for native
/// clients, renderers, scripts and tests alike. The elements a user acts on and the user actions
/// of scripts and UI tests (`elements`, `perform`) are TrackerAutomation's.
///
/// Observing it (`observe`) delivers a new view whenever anything a user could see changes: an
/// action, a store change made by any screen, another part of the app or another process, and
/// the day changing (`clockChanged()`).
///
/// It is `Observable`: its navigation (`tab`, `screens`, `sheet`) and its `view` are tracked like
/// any view model's fields, so a SwiftUI client binds `TabView(selection: $flow.tab)` and
/// `sheet(item: $flow.sheet)`, and draws each presented screen from its own view model.
@MainActor
@Observable
public final class AppFlow {
  /// The tabs of the tab bar.
  public enum Tab: Equatable, Hashable, Sendable {
    case trackers, statistics, settings
  }

  /// A presented screen and the flow's binding to it, released together when it closes.
  struct Layer {
    let screen: Presented
    let binding: BindingToken?
  }

  /// The environment every screen gets.
  @ObservationIgnored
  public let environment: AppEnvironment
  // The navigation state, changed by `AppFlow+Actions` and `AppFlow+Navigation`.
  // The roots are public, so a `TabView` binds each tab's view model field by field.
  /// The onboarding, until its button is pressed.
  public package(set) var onboarding: OnboardingViewModel?
  /// The main screen, from onboarding's end on.
  public package(set) var trackers: TrackersViewModel?
  /// The statistics tab, made when first shown.
  public package(set) var statistics: StatisticsViewModel?
  /// The settings tab, made when first shown.
  public package(set) var settings: SettingsViewModel?
  @ObservationIgnored
  var settingsBinding: BindingToken?
  /// The flow's bindings to the screens under the sheets.
  @ObservationIgnored
  var onboardingBinding: BindingToken?
  @ObservationIgnored
  var trackersBinding: BindingToken?
  @ObservationIgnored
  var statisticsBinding: BindingToken?
  /// The selected tab; setting it is the user's tap on the tab (ignored while the onboarding,
  /// which has no tab bar, is on screen).
  public package(set) var tab = Tab.trackers
  /// Sheets and modal screens, bottom to top.
  var layers: [Layer] = []
  /// The category whose long-press menu is open.
  var categoryMenu: UUID?
  /// The focused text field.
  var focusedField: InputField?
  /// Set when the settings could not be read at launch.
  var launchAlert: AlertState?
  /// "Today" when the flow last looked at the clock.
  @ObservationIgnored
  var shownToday: Day
  /// The view its observers see, published once per action or hand-over.
  @ObservationIgnored
  let published: FlowPublisher<AppView>
  /// The language and time zone the screens were last shown in.
  @ObservationIgnored
  var shownRegion: RegionSettings.State
  @ObservationIgnored
  var regionBinding: BindingToken?

  /// Launches the app off the main actor's back: the settings (which hold the day start hour
  /// "today" needs, and whether onboarding was done) are read off the main actor, and `then`
  /// gets the flow on the main actor once they are. Until then a client shows its launch screen.
  /// The app opens on onboarding until it was finished once, then on the main screen; when the
  /// settings cannot be read, the main screen opens with an alert (onboarding would save over
  /// settings it could not read).
  public static func launch(
    environment: AppEnvironment, then: @escaping @MainActor @Sendable (AppFlow) -> Void
  ) {
    environment.access.read { (store) throws(StoreError) in
      try store.settings()
    } then: { read in
      then(AppFlow(environment: environment, settings: read))
    }
  }

  /// `launch(environment:then:)` for Swift concurrency: `.task { flow = await AppFlow.launch(environment: environment) }`.
  public static func launch(environment: AppEnvironment) async -> AppFlow {
    await withCheckedContinuation { continuation in
      launch(environment: environment) { continuation.resume(returning: $0) }
    }
  }

  /// The app with its settings as read (or why they could not be).
  init(environment: AppEnvironment, settings read: Result<StoreSettings, StoreError>) {
    self.environment = environment
    if case .success(let stored) = read {
      environment.dayStartCache.remember(stored.dayStart, through: environment.access)
    }
    shownToday = environment.today
    shownRegion = environment.region.now
    published = FlowPublisher(
      AppView(
        base: .onboarding(OnboardingViewModel(environment: environment).state), tabBar: nil, presented: [],
        categoryMenu: nil, focusedField: nil))
    // What the store hands over in one turn (a call's outcome, the reads a commit started) is one
    // new view, however many screens it changes, as one action is.
    published.start(making: { [unowned self] in makeView() }, handOversOf: environment.access)
    let settings: StoreSettings
    switch read {
    case .success(let stored): settings = stored
    case .failure(let error):
      launchAlert = .storeFailure(error, .read, environment.localizer)
      settings = StoreSettings(isOnboardingDone: true)
    }
    if settings.isOnboardingDone {
      showMain()
    } else {
      let model = OnboardingViewModel(environment: environment)
      model.onFinish = { [weak self] in self?.showMain() }
      onboarding = model
      onboardingBinding = model.observe { [weak self] _ in self?.publish() }
    }
    regionBinding = environment.region.leading.observe { [weak self] _ in self?.followRegion() }
    // A day start changed elsewhere, read off the main actor after "today" went on with the old
    // one: "today" is looked at again.
    dayStartToken = environment.dayStartCache.follow { [weak self] in self?.clockChanged() }
    publish()
  }

  @ObservationIgnored
  var dayStartToken: ObservationToken?

  /// Calls `handler` with the view now and after each change, until the token is cancelled or
  /// released.
  public func observe(_ handler: @escaping (AppView) -> Void) -> BindingToken {
    published.observers.observe(handler)
  }

  // MARK: What is on screen

  /// Everything on screen: built once per change (`publish`), so a renderer, the terminal or a
  /// test reads it without building it again. While an action is handled, the view as it is now.
  public var view: AppView { published.view }

  /// Everything on screen, built from the screens' states.
  func makeView() -> AppView {
    let localizer = environment.localizer
    let base: AppView.Base
    if let onboarding {
      base = .onboarding(onboarding.state)
    } else if tab == .statistics, let statistics {
      base = .statistics(statistics.state)
    } else if tab == .settings, let settings {
      base = .settings(settings.state)
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
        settingsTitle: localizer.text(.settingsTitle), selected: tab)
      : nil
    let menu = categoryMenu.map {
      AppView.CategoryMenu(
        categoryID: $0, editTitle: localizer.text(.menuEdit), deleteTitle: localizer.text(.menuDelete))
    }
    return AppView(
      base: base, tabBar: tabBar, presented: layers.map(\.screen.state), categoryMenu: menu,
      focusedField: focusedField, launchAlert: launchAlert)
  }

  /// The name of the screen on top.
  public var screen: ScreenName { view.screen }

  // MARK: The clock and the region

  /// Call when the day may have changed: at midnight (`UIApplication.significantTimeChangeNotification`),
  /// when the app comes back to the foreground, when the time zone changes. Every screen that
  /// shows "today" reads the clock again; nothing happens when the day is the same.
  /// TrackerAutomation's `perform` calls it before each action.
  public func clockChanged() {
    let today = environment.today
    guard today != shownToday else { return }
    shownToday = today
    trackers?.clockChanged()
    statistics?.clockChanged()
    for layer in layers { layer.screen.model.clockChanged() }
    publish()
  }

  /// Call when the user chose another language for the app (in its own settings, or the system's
  /// `NSLocale.currentLocaleDidChangeNotification`) or the time zone changed
  /// (`NSSystemTimeZoneDidChange`): every screen, open or under a sheet, shows its texts in
  /// `language` (lists in its order), and "today" moves to `timeZone`: one new view. The same as
  /// `environment.environmentChanged(language:timeZone:)`.
  public func environmentChanged(language: Language, timeZone: TimeZone) {
    environment.environmentChanged(language: language, timeZone: timeZone)
  }

  /// Every screen the flow owns follows the environment's language and time zone, in one view.
  private func followRegion() {
    let now = environment.region.now
    guard now != shownRegion else { return }
    shownRegion = now
    oneState {
      let screens: [(any RegionFollowing)?] = [onboarding, trackers, statistics, settings]
      for screen in screens { screen?.followRegion() }
      for layer in layers { layer.screen.model.followRegion() }
      launchAlert = launchAlert?.relabelled(environment.localizer)
      clockChanged()
      publish()
    }
  }

  /// Call when the app goes away (the scene disconnects, the terminal session ends): a visible main
  /// screen reports its `close`.
  public func appClosed() {
    if onboarding == nil, tab == .trackers { trackers?.screenClosed() }
  }
}

// MARK: Navigation, as state a client binds to

extension AppFlow {
  /// The screens presented over the tabs, bottom to top (a client that pushes and presents them
  /// itself draws each from its view model), as `NavigationStack(path: $flow.screens)` binds
  /// them: setting a shorter path is the user going back (or swiping screens away), and closes
  /// the screens above it from the top, as SwiftUI already closed them. A screen whose
  /// `isDismissDisabled` is true is one a client keeps the user from leaving that way (its
  /// Cancel asks); closed anyway, it closes. A path that is not the start of the screens shown
  /// does nothing: screens open by the user's actions.
  public var screens: [Presented] {
    get { layers.map(\.screen) }
    set {
      let shown = layers.map(\.screen)
      guard newValue.count < shown.count, Array(shown.prefix(newValue.count)) == newValue else { return }
      oneState {
        defer { publish() }
        while layers.count > newValue.count { closedByUser() }
      }
    }
  }

  /// The screen on top of the tabs, if any: what `sheet(item: $flow.sheet)` presents. Setting it
  /// to nil is the user swiping it away, and it closes, as SwiftUI already closed it (a
  /// permission sheet swiped away is "Not now"). A client refuses the swipe up front while the
  /// sheet's `isDismissDisabled` is true (a form with changes, a save on its way):
  /// `.interactiveDismissDisabled(screen.isDismissDisabled)`, with the discard question on
  /// Cancel. Setting another screen does nothing (screens open by the user's actions).
  public var sheet: Presented? {
    get { layers.last?.screen }
    set {
      guard newValue == nil, !layers.isEmpty else { return }
      oneState {
        defer { publish() }
        closedByUser()
      }
    }
  }

  /// The selected tab, as `TabView(selection: $flow.selectedTab)` binds it: setting it is the
  /// user's tap on a tab. While the onboarding or a sheet covers the tab bar there is nothing to
  /// tap, and the tab stays.
  public var selectedTab: Tab {
    get { tab }
    set {
      guard onboarding == nil, layers.isEmpty else { return }
      oneState {
        defer { publish() }
        do { try selectTab(newValue) } catch {
          // Not reachable: the tab bar is uncovered (checked above).
          assertionFailure("\(error)")
        }
      }
    }
  }
}
