import Foundation
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// A link opens its screen over whatever was open (issue 48, "Deep links"), through the public API
/// as a client's `onOpenURL` would: `flow.open(url)`.
@MainActor
@Suite("Links open their screens")
struct DeepLinkFlowTests {
  /// Two habits in one category, the introduction done; Thursday 3 December 2026 in Moscow.
  func world() throws -> (InMemoryTrackerStore, run: UUID, read: UUID) {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    func habit(_ name: String) throws -> UUID {
      let tracker = Tracker(
        id: UUID(), name: name, emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: home.id,
        createdOn: Day(year: 2026, month: 11, day: 1)!, kind: .habit(.everyDay))
      try store.createTracker(tracker)
      return tracker.id
    }
    return (store, try habit("Morning run"), try habit("Read"))
  }

  func detailShown(_ flow: AppFlow) -> UUID? {
    guard case .detail(let model)? = flow.sheet else { return nil }
    return model.trackerID
  }

  @Test func aHabitsLinkOpensItsDetailByNameOrIdOverWhateverWasOpen() async throws {
    let (store, run, read) = try world()
    let flow = await AppFlow.launch(environment: clientEnvironment(store, .en))
    await flow.settled()
    try await flow.sendAndSettle(.openFilters)
    try flow.open(try #require(URL(string: "tracker://habit/morning%20RUN")))
    await flow.settled()
    #expect(detailShown(flow) == run)
    #expect(flow.screens.count == 1 && flow.selectedTab == .trackers)
    try flow.open(DeepLink.habit(.id(read)).url)
    await flow.settled()
    #expect(detailShown(flow) == read && flow.screens.count == 1)
  }

  @Test func eachPlaceOpensItsScreen() async throws {
    let (store, _, _) = try world()
    let flow = await AppFlow.launch(environment: clientEnvironment(store, .en))
    await flow.settled()
    try flow.open(.statistics)
    #expect(flow.selectedTab == .statistics && flow.screens.isEmpty)
    try flow.open(.new)
    #expect(flow.selectedTab == .trackers && flow.screen == .typePicker)
    // Another day picked, a sheet open: today's link brings back today, with nothing over it.
    try flow.open(.today)
    try flow.send(.openCalendar)
    try flow.send(.chooseDay(Day(year: 2026, month: 11, day: 20)!))
    try flow.send(.openFilters)
    try flow.open(.today)
    #expect(flow.screens.isEmpty && flow.screen == .trackers)
    #expect(flow.trackers?.selectedDay == flow.environment.today)
  }

  @Test(arguments: Language.allCases)
  func aLinkToNoHabitSaysSoOnTheMainScreen(language: Language) async throws {
    let (store, _, _) = try world()
    let flow = await AppFlow.launch(environment: clientEnvironment(store, language))
    await flow.settled()
    try flow.open(.habit(.name("Swim")))
    await flow.settled()  // the habits read, none named so
    #expect(flow.screens.isEmpty)
    let alert = try #require(flow.trackers?.alert)
    let localizer = Localizer(language)
    #expect(alert.title == localizer.text(.linkAlertTitle))
    #expect(
      alert.message
        == (language == .en ? "No habit is named “Swim”." : "Нет привычки с названием «Swim»."))
    try flow.send(.dismissAlert)
    #expect(flow.trackers?.alert == nil)
  }

  @Test(arguments: Language.allCases)
  func aBadLinkIsRefusedWithItsReasonAndChangesNothing(language: Language) async throws {
    let (store, _, _) = try world()
    let flow = await AppFlow.launch(environment: clientEnvironment(store, language))
    await flow.settled()
    try flow.send(.openFilters)
    let before = flow.view
    let localizer = Localizer(language)
    let calendar = try #require(URL(string: "tracker://calendar"))
    do throws(DeepLinkError) {
      try flow.open(calendar)
      Issue.record("a link to no place opened")
    } catch {
      #expect(error == .unknownPlace("calendar"))
      #expect(
        error.message(localizer)
          == (language == .en
            ? "tracker://calendar leads nowhere: links open today, habit/NAME, statistics or new."
            : "tracker://calendar никуда не ведёт: ссылки открывают today, habit/НАЗВАНИЕ, statistics или new.")
      )
    }
    #expect(flow.view == before)
    #expect(throws: DeepLinkError.otherScheme("https")) {
      try flow.open(try #require(URL(string: "https://example.com")))
    }
    #expect(flow.view == before)
  }

  @Test func aFormWithChangesAsksInsteadOfLosingWhatWasTyped() async throws {
    let (store, _, _) = try world()
    let flow = await AppFlow.launch(environment: clientEnvironment(store, .en))
    await flow.settled()
    try flow.send(.addTracker)
    try flow.send(.chooseKind(.habit))
    try flow.send(.textChanged(.name, "Swim"))
    #expect(throws: DeepLinkError.formHasChanges) { try flow.open(.statistics) }
    guard case .trackerForm(let form)? = flow.sheet else {
      Issue.record("the form closed: \(flow.screen)")
      return
    }
    #expect(form.name == "Swim" && form.discardQuestion != nil)
    #expect(flow.selectedTab == .trackers)
  }

  @Test func theIntroductionComesFirst() async throws {
    let store = InMemoryTrackerStore()
    let flow = await AppFlow.launch(environment: clientEnvironment(store, .en))
    await flow.settled()
    #expect(flow.screen == .onboarding)
    #expect(throws: DeepLinkError.onboardingNotDone) { try flow.open(.statistics) }
    #expect(flow.screen == .onboarding)
  }
}
