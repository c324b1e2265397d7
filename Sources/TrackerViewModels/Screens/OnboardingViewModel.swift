import TrackerLocalization
import TrackerModels

/// The two onboarding pages shown on first launch (seed: onboarding 1–2).
@MainActor
public final class OnboardingViewModel {
  /// What the onboarding screen shows.
  public struct State: Equatable, Sendable {
    /// The page shown, 0 or 1.
    public var page: Int
    /// How many pages there are (the page control's dots).
    public var pageCount: Int
    /// The current page's text.
    public var text: String
    /// The button's title.
    public var buttonTitle: String
  }

  /// The state now.
  public private(set) var state: State {
    didSet { if state != oldValue { observers.notify(state) } }
  }
  /// Called when the user pressed the button (the flow opens the main screen).
  public var onFinish: (() -> Void)?

  private let environment: AppEnvironment
  private let observers = StateObservers<State>()
  private let pages: [TextKey] = [.onboardingPage1, .onboardingPage2]

  /// The onboarding at its first page.
  public init(environment: AppEnvironment) {
    self.environment = environment
    let localizer = environment.localizer
    state = State(
      page: 0, pageCount: pages.count, text: localizer.text(pages[0]),
      buttonTitle: localizer.text(.onboardingStart))
  }

  /// Calls `handler` with the state now and after each change.
  public func observe(_ handler: @escaping (State) -> Void) -> BindingToken { observers.add(state, handler) }

  /// Call when the user swiped left: the next page, if any (no wrap-around).
  public func swipedLeft() { show(page: min(state.page + 1, pages.count - 1)) }

  /// Call when the user swiped right: the previous page, if any.
  public func swipedRight() { show(page: max(state.page - 1, 0)) }

  /// Call when the user pressed the button: onboarding is done for good.
  public func startTapped() {
    var settings = (try? environment.store.settings()) ?? StoreSettings()
    settings.isOnboardingDone = true
    try? environment.write { try $0.saveSettings(settings) }
    onFinish?()
  }

  private func show(page: Int) {
    var next = state
    next.page = page
    next.text = environment.localizer.text(pages[page])
    state = next
  }
}
