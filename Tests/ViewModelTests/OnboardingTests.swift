import Testing
import TrackerAutomation
import TrackerModels

@testable import TrackerViewModels

/// Seed, onboarding: algorithms 1–2.
@MainActor
@Suite("Onboarding", .temporaryFolders)
struct OnboardingTests {
  @Test func onboarding1_swipesChangePagesWithoutWrappingAround() {
    let model = OnboardingViewModel(environment: TestWorld().environment(.ru))
    #expect(
      model.state
        == .init(
          page: 0, pageCount: 2, text: "Отслеживайте только то, что хотите",
          secondaryText: "Создавайте привычки и отмечайте их каждый день", buttonTitle: "Вот это технологии!")
    )
    model.swipedRight()
    #expect(model.state.page == 0)
    model.swipedLeft()
    #expect(
      model.state
        == .init(
          page: 1, pageCount: 2, text: "Даже если это не литры воды и йога",
          secondaryText: "Нерегулярные события тоже можно отслеживать", buttonTitle: "Вот это технологии!"))
    model.swipedLeft()
    #expect(model.state.page == 1)
    model.swipedRight()
    #expect(model.state.page == 0)
  }

  @Test func onboarding1_inEnglish() {
    let model = OnboardingViewModel(environment: TestWorld().environment(.en))
    model.swipedLeft()
    #expect(
      model.state
        == .init(
          page: 1, pageCount: 2, text: "Even if it's not liters of water and yoga",
          secondaryText: "Irregular events can be tracked too", buttonTitle: "Let's go!"))
  }

  @Test func onboarding2_eachPageHasATitleAndASecondaryTextInEnglish() {
    let model = OnboardingViewModel(environment: TestWorld().environment(.en))
    #expect(model.state.text == "Track only what you want")
    #expect(model.state.secondaryText == "Create habits and mark them every day")
  }

  @Test func onboarding1_observersSeeEveryPageChange() {
    let model = OnboardingViewModel(environment: TestWorld().environment(.en))
    var pages: [Int] = []
    let token = model.observe { pages.append($0.page) }
    model.swipedLeft()
    model.swipedLeft()  // no change: no call
    model.swipedRight()
    token.cancel()
    model.swipedLeft()
    #expect(pages == [0, 1, 0])
  }

  @Test func releasingTheTokenStopsTheCalls() {
    let model = OnboardingViewModel(environment: TestWorld().environment(.en))
    var pages: [Int] = []
    var token: BindingToken? = model.observe { pages.append($0.page) }
    model.swipedLeft()
    #expect(token != nil)
    token = nil
    model.swipedRight()
    #expect(pages == [0, 1])
  }

  @Test func onboarding2_theButtonOpensTheMainScreenOnceAndForAll() async throws {
    let world = TestWorld()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    #expect(flow.screen == .onboarding)
    #expect(
      flow.elements == [
        Element(identifier: .start, label: "Вот это технологии!", action: .tracker(.finishOnboarding))
      ]
    )
    try await flow.performAndSettle(.swipe(.left))
    try await flow.performAndSettle(.tap(.label("Вот это технологии!")))
    #expect(flow.screen == .trackers)
    #expect(try world.store.settings().isOnboardingDone)
    #expect(await AppFlow.launch(environment: world.environment(.ru)).screen == .trackers)
  }

  @Test func onboardingIsNotMarkedDoneByAnythingElse() async throws {
    let world = TestWorld()
    try world.store.createCategory(home)
    try world.store.createTracker(habit("Read", id: 10))
    #expect(await AppFlow.launch(environment: world.environment(.en)).screen == .onboarding)
    #expect(try world.store.settings().isOnboardingDone == false)
  }
}
