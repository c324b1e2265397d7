import FlowTestSupport
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerModels

@testable import TrackerViewModels

/// Seed, statistics: algorithms 1–3.
@MainActor
@Suite("Statistics screen", .temporaryFolders)
struct StatisticsScreenTests {
  @Test func statistics1_noDataShowsThePlaceholder() async {
    let world = TestWorld()
    #expect(
      await loaded(StatisticsViewModel(environment: world.environment(.ru))).state
        == .init(title: "Статистика", cards: [], placeholder: "Анализировать пока нечего"))
    #expect(
      await loaded(StatisticsViewModel(environment: world.environment(.en))).state
        == .init(title: "Statistics", cards: [], placeholder: "Nothing to analyze yet"))
  }

  @Test func statistics2_figuresWithoutDataShowZero() async throws {
    // Only an event done once: best period 1, perfect days 0 (events never count), shown as 0.
    let world = TestWorld()
    try world.store.createCategory(home)
    try world.store.createTracker(event("Открытка", id: 10))
    try world.store.toggleRecord(trackerID: id(10), on: day("2026-11-20"))
    #expect(
      await loaded(StatisticsViewModel(environment: world.environment(.ru))).state
        == .init(
          title: "Статистика",
          cards: [
            .init(id: .bestPeriod, value: "1", label: "Лучший период"),
            .init(id: .perfectDays, value: "0", label: "Идеальные дни"),
            .init(id: .completed, value: "1", label: "Трекеров завершено"),
            .init(id: .average, value: "1", label: "Среднее значение"),
          ],
          placeholder: nil))
  }

  @Test func statistics3_theFourFiguresOfTheDemoInBothLanguages() async throws {
    let world = try TestWorld.demo()
    #expect(
      await loaded(StatisticsViewModel(environment: world.environment(.ru))).state.cards == [
        .init(id: .bestPeriod, value: "10", label: "Лучший период"),
        .init(id: .perfectDays, value: "8", label: "Идеальные дни"),
        .init(id: .completed, value: "20", label: "Трекеров завершено"),
        .init(id: .average, value: "1,8", label: "Среднее значение"),
      ])
    #expect(
      await loaded(StatisticsViewModel(environment: world.environment(.en))).state.cards == [
        .init(id: .bestPeriod, value: "10", label: "Best period"),
        .init(id: .perfectDays, value: "8", label: "Perfect days"),
        .init(id: .completed, value: "20", label: "Trackers completed"),
        .init(id: .average, value: "1.8", label: "Average"),
      ])
  }

  @Test func completingATrackerUpdatesTheStatisticsAtOnce() async throws {
    let world = try TestWorld.demo()
    let environment = world.environment(.en)
    let statistics = StatisticsViewModel(environment: environment)
    let main = TrackersViewModel(environment: environment)
    await environment.access.settled()
    let plants = try #require(main.state.sections.first?.cards.first)
    main.completeTapped(plants.id)
    await environment.access.settled()
    // Today (a Monday) both due habits are now done: one more perfect day.
    #expect(statistics.state.cards.map(\.value) == ["11", "9", "21", "1.9"])
  }

  @Test func theOpenTabFollowsTogglesEditsAndDeletesAsAFreshComputationWould() async throws {
    let world = try TestWorld.demo(.english)
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("tab-statistics")
    try await flow.tapAndSettle("tab-trackers")
    func statisticsOnTheTab() -> StatisticsViewModel.State? { flow.statistics?.state }
    func fresh() async -> StatisticsViewModel.State {
      await loaded(StatisticsViewModel(environment: world.environment(.en))).state
    }

    try await flow.tapAndSettle("complete:Water the plants")
    #expect(await statisticsOnTheTab() == fresh())
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("day:2026-11-27")
    try await flow.tapAndSettle("complete:The cat blocked the camera on a call")
    #expect(await statisticsOnTheTab() == fresh())
    // A new schedule re-evaluates the whole history.
    try await flow.performAndSettle(.longPress(.identifier("card:Morning exercise")))
    try await flow.tapAndSettle("edit")
    try await flow.tapAndSettle("schedule")
    for day in ["day:tue", "day:thu", "day:sat"] { try await flow.tapAndSettle(day) }
    try await flow.tapAndSettle("done")
    try await flow.tapAndSettle("days-minus")
    try await flow.tapAndSettle("create")
    #expect(await statisticsOnTheTab() == fresh())
    try await flow.performAndSettle(.longPress(.identifier("card:Water the plants")))
    try await flow.tapAndSettle("delete")
    try await flow.tapAndSettle("confirm")
    #expect(await statisticsOnTheTab() == fresh())
    #expect(statisticsOnTheTab()?.cards.isEmpty == false)
  }
}
