import TrackerLocalization
import TrackerModels

/// The two onboarding pages shown on first launch (seed: onboarding 1–2).
@MainActor
public final class OnboardingViewModel: ObservableViewModel, RegionFollowing {
  /// What the onboarding screen shows.
  public struct State: Equatable, Sendable, AlertShowing {
    /// The page shown, 0 or 1.
    public var page: Int
    /// How many pages there are (the page control's dots).
    public var pageCount: Int
    /// The current page's title.
    public var text: String
    /// The current page's secondary text, under the title (seed 000, onboarding 2).
    public var secondaryText: String
    /// The button's title.
    public var buttonTitle: String
    /// A failed save, over the page.
    public var alert: AlertState?

    /// A value with every field given.
    public init(
      page: Int, pageCount: Int, text: String, secondaryText: String, buttonTitle: String,
      alert: AlertState? = nil
    ) {
      self.page = page
      self.pageCount = pageCount
      self.text = text
      self.secondaryText = secondaryText
      self.buttonTitle = buttonTitle
      self.alert = alert
    }
  }

  /// The state and its observers.
  public let observable: ObservableState<State>
  /// Called when the user pressed the button (the flow opens the main screen).
  public var onFinish: (() -> Void)?

  package let environment: AppEnvironment
  /// Each page's title and secondary text.
  private let pages: [(title: TextKey, secondary: TextKey)] = [
    (.onboardingPage1, .onboardingPage1Secondary), (.onboardingPage2, .onboardingPage2Secondary),
  ]

  /// The onboarding at its first page.
  public init(environment: AppEnvironment) {
    self.environment = environment
    let localizer = environment.localizer
    observable = ObservableState(
      State(
        page: 0, pageCount: pages.count, text: localizer.text(pages[0].title),
        secondaryText: localizer.text(pages[0].secondary),
        buttonTitle: localizer.text(.onboardingStart), alert: nil))
    region = following(environment.region) { model in
      model.state.buttonTitle = model.environment.localizer.text(.onboardingStart)
      model.state.alert = model.state.alert?.relabelled(model.environment.localizer)
      model.show(page: model.state.page)
    }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// Call when the user swiped left: the next page, if any (no wrap-around).
  public func swipedLeft() { show(page: min(state.page + 1, pages.count - 1)) }

  /// Call when the user swiped right: the previous page, if any.
  public func swipedRight() { show(page: max(state.page - 1, 0)) }

  /// Call when the user pressed the button: onboarding is done for good. When the store cannot
  /// remember that, the page stays with an alert saying why (stored settings are never replaced
  /// by defaults because reading them failed).
  public func startTapped() {
    // A second press while the first is saved does nothing more.
    guard !isFinishing else { return }
    isFinishing = true
    saving(environment.access, environment.localizer, .givingUpAfterWait) { (store) throws(StoreError) in
      try store.updateSettings { $0.isOnboardingDone = true }
    } then: { [weak self] _ in
      self?.isFinishing = false
      self?.onFinish?()
    } failed: { [weak self] in
      self?.isFinishing = false
    }
  }

  /// Whether the press that ends onboarding is being saved.
  private var isFinishing = false

  private func show(page: Int) {
    var next = state
    next.page = page
    next.text = environment.localizer.text(pages[page].title)
    next.secondaryText = environment.localizer.text(pages[page].secondary)
    state = next
  }
}
