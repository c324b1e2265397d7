import FailingStores
import FlowTestSupport
import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// Archive, order and the statistics by category on the screens (issue 49), through the flow a
/// user drives, in both languages.
@MainActor
@Suite("Archive, order and groups on screen")
struct ArrangementScreenTests {
  /// "Run", "Read", "Swim" every day in Home; "Paint" in Joys; Run done the three days before
  /// 2026-11-30, Paint the two.
  func world() throws -> TestWorld {
    let world = TestWorld()
    try world.store.saveSettings(StoreSettings(isOnboardingDone: true))
    try world.store.createCategory(home)
    try world.store.createCategory(joys)
    for tracker in [habit("Run", id: 10), habit("Read", id: 11), habit("Swim", id: 12)] {
      try world.store.createTracker(tracker)
    }
    try world.store.createTracker(habit("Paint", id: 13, category: joys))
    for iso in ["2026-11-27", "2026-11-28", "2026-11-29"] {
      try world.store.toggleRecord(trackerID: id(10), on: day(iso))
    }
    for iso in ["2026-11-28", "2026-11-29"] { try world.store.toggleRecord(trackerID: id(13), on: day(iso)) }
    return world
  }

  func names(_ flow: AppFlow, section: Int) -> [String] {
    flow.view.main?.sections[section].cards.map(\.name) ?? []
  }

  @Test(arguments: [Language.en, .ru])
  func theCardsMenuMovesACardUpAndDownItsSectionOnlyWhereThereIsACardToPass(language: Language) async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    #expect(names(flow, section: 0) == ["Read", "Run", "Swim"])
    try await flow.performAndSettle(.longPress(.identifier("card:Read")))
    #expect(!flow.elements.map(\.id).contains("move-up"))
    #expect(
      try flow.find(.identifier("move-down")).label == (language == .en ? "Move down" : "Переместить ниже"))
    try await flow.tapAndSettle("move-down")
    #expect(flow.view.main?.menu == nil)
    #expect(names(flow, section: 0) == ["Run", "Read", "Swim"])
    try await flow.performAndSettle(.longPress(.identifier("card:Swim")))
    #expect(!flow.elements.map(\.id).contains("move-down"))
    try await flow.tapAndSettle("move-up")
    #expect(names(flow, section: 0) == ["Run", "Swim", "Read"])
    // Kept by the store, so every screen and the next launch see it.
    #expect(
      TrackerOrder.sorted(
        try world.store.trackers().map(\.tracker).filter { $0.categoryID == home.id }, .root
      )
      .map(\.name) == ["Run", "Swim", "Read"])
    // A card alone in its section has neither.
    try await flow.performAndSettle(.longPress(.identifier("card:Paint")))
    #expect(!flow.elements.map(\.id).contains("move-up") && !flow.elements.map(\.id).contains("move-down"))
  }

  @Test(arguments: [Language.en, .ru])
  func anArchivedHabitLeavesTheMainScreenAndTheFiguresAndKeepsItsHistory(language: Language) async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("tab-statistics")
    let before = try #require(flow.view.statistics).cards.map(\.value)
    try await flow.tapAndSettle("tab-trackers")
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    try await flow.tapAndSettle("archive")
    #expect(flow.view.card("Run") == nil && flow.view.card("Read") != nil)
    #expect(try world.store.recordDays(trackerID: id(10)).count == 3)
    try await flow.tapAndSettle("tab-statistics")
    let after = try #require(flow.view.statistics).cards.map(\.value)
    // Completed went from 5 (3 + 2) to the painting's 2.
    #expect(before[2] == "5" && after[2] == "2")
    #expect(
      try world.store.read { (reader) throws(StoreError) in
        try reader.statistics(asOf: day("2026-11-30"), category: nil)
      }.completed == 2)
  }

  @Test(arguments: [Language.en, .ru])
  func settingsListsTheArchivedAndBringsOneBackWhole(language: Language) async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("tab-settings")
    let none = try #require(flow.settings).state
    #expect(
      none.archivedTitle == (language == .en ? "Archived: none" : "В архиве: нет") && none.archived.isEmpty)
    try world.store.setArchived(true, trackerID: id(10))
    try world.store.setArchived(true, trackerID: id(13))
    #expect(await until { flow.settings?.state.archived.map(\.name) == ["Paint", "Run"] })
    let settings = try #require(flow.settings).state
    #expect(settings.archivedTitle == (language == .en ? "Archived: 2" : "В архиве: 2"))
    #expect(try flow.find(.identifier("unarchive:Run")).label == (language == .en ? "Bring back" : "Вернуть"))
    try await flow.tapAndSettle("unarchive:Run")
    #expect(flow.settings?.state.archived.map(\.name) == ["Paint"])
    try await flow.tapAndSettle("tab-trackers")
    #expect(flow.view.card("Run")?.dayCounter == (language == .en ? "3 days" : "3 дня"))
    #expect(flow.view.card("Paint") == nil)
  }

  /// The app launched on `world()` through a store that can hold and fail its writes.
  func appOnAFailingStore() async throws -> (TestWorld, FailingStore, AppEnvironment, AppFlow) {
    let world = try world()
    let store = FailingStore(world.store)
    let environment = world.environment(.en, store: store)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    return (world, store, environment, flow)
  }

  @Test func twoHeadersTappedWhileTheFileIsBusyStayCollapsedBetweenTheirSaves() async throws {
    let (world, store, environment, flow) = try await appOnAFailingStore()
    // The first header's save waits at the first gate, the second's at the second: between
    // them, the screen reads what the first one left.
    let (first, second) = store.twoWriteGates()
    defer {
      first.open()
      second.open()
    }
    try flow.tap("section:" + home.title)
    #expect(await until { first.waiting == 1 })
    try flow.tap("section:" + joys.title)
    let both: Set = [home.title, joys.title]
    let shown = Watched<[Set<String>]>([])
    let token = flow.observe { view in
      shown.update { $0.append(Set(view.main?.sections.filter(\.isCollapsed).map(\.title) ?? [])) }
    }
    first.open()
    #expect(await until { second.waiting == 1 && environment.access.writer.state.waiting == 1 })
    await environment.access.settled(readsOnly: true)
    #expect(shown.value.allSatisfy { $0 == both }, "Joys opened again: \(shown.value)")
    second.open()
    await flow.settled()
    token.cancel()
    #expect(shown.value.allSatisfy { $0 == both }, "\(shown.value)")
    #expect(try world.store.settings().collapsedCategoryIDs == [home.id, joys.id])
  }

  @Test func aCollapseThatFailsShowsWhatWasStoredElsewhereMeanwhile() async throws {
    let (world, store, environment, flow) = try await appOnAFailingStore()
    let gate = Gate()
    gate.close()
    store.beforeEachWrite { gate.passThrough() }
    defer { gate.open() }
    try flow.tap("section:" + home.title)
    #expect(await until { gate.waiting == 1 })
    // Another program collapses Joys while the save waits: the screen reads it, and keeps its
    // own choice meanwhile.
    var heard = environment.access.changes().makeAsyncIterator()
    try world.store.updateSettings { $0.collapsedCategoryIDs = [joys.id] }
    _ = await heard.next()
    await environment.access.settled(readsOnly: true)
    let collapsed = { Set(flow.view.main?.sections.filter(\.isCollapsed).map(\.title) ?? []) }
    #expect(collapsed() == [home.title])
    // The save fails: the screen shows what is stored.
    store.fail(.nextWrite(FailingStore.readOnly))
    store.beforeEachWrite(nil)
    gate.open()
    await flow.settled()
    #expect(flow.view.alert != nil)
    #expect(collapsed() == [joys.title])
  }

  @Test(arguments: [Language.en, .ru])
  func aCollapsedCategoryShowsItsDaysProgressAndStaysCollapsed(language: Language) async throws {
    let world = try world()
    try world.store.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    let header = try flow.find(.identifier("section:" + home.title))
    #expect(header.label == home.title && header.isChecked == false)
    try await flow.tapAndSettle("section:" + home.title)
    let collapsed = try #require(flow.view.main?.sections.first { $0.title == home.title })
    #expect(collapsed.isCollapsed && collapsed.cards.isEmpty)
    #expect(collapsed.progressText == (language == .en ? "1 of 3 done" : "выполнено 1 из 3"))
    #expect(flow.view.card("Run") == nil && flow.view.card("Paint") != nil)
    // Kept: the next launch opens with it collapsed.
    #expect(try world.store.settings().collapsedCategoryIDs == [home.id])
    let again = await AppFlow.launch(environment: world.environment(language))
    await again.settled()
    #expect(again.view.main?.sections.first { $0.title == home.title }?.isCollapsed == true)
    try await again.tapAndSettle("section:" + home.title)
    #expect(again.view.card("Run")?.isCompleted == true)
    #expect(try world.store.settings().collapsedCategoryIDs == [])
  }

  @Test(arguments: [Language.en, .ru])
  func aHabitToQuitsCardCountsItsDaysCleanAndTheFormTakesAtMostZero(language: Language) async throws {
    let world = try world()
    var smoke = habit("Smoke", id: 14, created: "2026-11-20")
    smoke.measure = .measurable(try MeasureGoal(unit: "cigs", target: .zero, direction: .atMost))
    try world.store.createTracker(smoke)
    try world.store.setAmount(try Amount(parsing: "2"), trackerID: id(14), on: day("2026-11-26"))
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    #expect(flow.view.card("Smoke")?.amountText == (language == .en ? "4 days clean" : "4 дня без срыва"))
    // The form: at most 0 is a target; at least 0 is not.
    try await flow.performAndSettle(.longPress(.identifier("card:Smoke")))
    try await flow.tapAndSettle("edit")
    let form = try #require(flow.sheet?.model(TrackerFormViewModel.self))
    #expect(form.state.measure.targetError == nil && form.state.isCreateEnabled)
    form.directionTapped(.atLeast)
    #expect(
      form.state.measure.targetError
        == (language == .en ? "The target must be more than zero" : "Цель должна быть больше нуля"))
  }

  @Test(arguments: [Language.en, .ru])
  func aMetWeekShowsItsTickEveryDayAndMoreThanAskedReadsAsMet(language: Language) async throws {
    let world = try world()
    // Gym 2 a week: Monday and Tuesday done (2026-11-30 is a Monday; today the Wednesday).
    var gym = habit("Gym", id: 14, created: "2026-11-01")
    gym.kind = .habit(Schedule(quota: Quota(2, per: .week)!))
    try world.store.createTracker(gym)
    for iso in ["2026-11-30", "2026-12-01"] { try world.store.toggleRecord(trackerID: id(14), on: day(iso)) }
    var wednesday = world
    wednesday.now = ISO8601DateFormatter().date(from: "2026-12-02T09:00:00Z")!
    let flow = await AppFlow.launch(environment: wednesday.environment(language))
    await flow.settled()
    let card = try #require(flow.view.card("Gym"))
    #expect(!card.isCompleted && card.isPeriodMet)
    #expect(card.quotaText == (language == .en ? "2 of 2 this week" : "2 из 2 на этой неделе"))
    #expect(try flow.find(.identifier("complete:Gym")).label == "✓")
    // A tick still adds the day, and more than asked reads as met, never "3 of 2".
    try await flow.tapAndSettle("complete:Gym")
    let after = try #require(flow.view.card("Gym"))
    #expect(
      after.isCompleted
        && after.quotaText == (language == .en ? "3 this week: met" : "3 на этой неделе: выполнено"))
    #expect(try world.store.recordDays(trackerID: id(14)).count == 3)
    // Its detail: an untouched day is not "not scheduled".
    try await flow.tapAndSettle("card:Gym")
    let legend = try #require(
      flow.view.presented.last.flatMap { screen -> DetailViewModel.State? in
        if case .detail(let state) = screen { return state }
        return nil
      }
    ).legend
    #expect(
      legend.first { $0.mark == .notDue }?.text
        == (language == .en ? "not done (any day may count)" : "не отмечено (подходит любой день)"))
  }

  @Test(arguments: [Language.en, .ru])
  func anAtMostDayEndedWithNothingEnteredSaysItIsMetAsZero(language: Language) async throws {
    let world = try world()
    var coffee = habit("Coffee", id: 14, created: "2026-11-20")
    coffee.measure = .measurable(
      try MeasureGoal(unit: "cups", target: Amount(parsing: "2"), direction: .atMost))
    try world.store.createTracker(coffee)
    try world.store.setAmount(try Amount(parsing: "3"), trackerID: id(14), on: day("2026-11-28"))
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    // Today is not judged yet: it shows what the day holds.
    #expect(flow.view.card("Coffee")?.amountText == "– / 2 cups")
    let model = try #require(flow.trackers)
    model.daySelected(day("2026-11-29"))
    await flow.settled()
    #expect(
      flow.view.card("Coffee")?.amountText == (language == .en ? "0 entered: met" : "введено 0: выполнено"))
    #expect(flow.view.card("Coffee")?.isCompleted == true)
    model.daySelected(day("2026-11-28"))
    await flow.settled()
    #expect(flow.view.card("Coffee")?.amountText == "3 / 2 cups")
    // The detail's amounts: 0 on the days met with nothing entered, "–" today and before the first day.
    try await flow.tapAndSettle("card:Coffee")
    let detail = try #require(
      flow.view.presented.last.flatMap { screen -> DetailViewModel.State? in
        if case .detail(let state) = screen { return state }
        return nil
      })
    let amounts = detail.amountWeeks.flatMap(\.amounts)
    #expect(amounts.contains("0") && amounts.contains("3"))
  }

  @Test(arguments: [Language.en, .ru])
  func theStatisticsPickerShowsOneCategorysFiguresAlone(language: Language) async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("tab-statistics")
    let scopes = try #require(flow.view.statistics).scopes
    #expect(scopes.map(\.title) == [language == .en ? "All" : "Все", home.title, joys.title])
    #expect(scopes.map(\.isChosen) == [true, false, false])
    try await flow.tapAndSettle("scope:" + joys.title)
    let joysOnly = try #require(flow.view.statistics)
    #expect(joysOnly.scopes.map(\.isChosen) == [false, false, true])
    // Paint alone: 2 completed, a best period of 2.
    #expect(joysOnly.cards.map(\.value)[0] == "2" && joysOnly.cards.map(\.value)[2] == "2")
    try await flow.tapAndSettle("scope:" + home.title)
    #expect(try #require(flow.view.statistics).cards.map(\.value)[2] == "3")
    // The category deleted elsewhere: back to all, once the change is read.
    try world.store.deleteCategory(id: home.id)
    #expect(
      await until {
        flow.view.statistics?.scopes.isEmpty == true && flow.view.statistics?.cards.map(\.value)[2] == "2"
      })
  }
}
