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

/// Seed 004, step 3: a tracker's detail — figures by the streak rule and the five-week grid.
@MainActor
@Suite("Card detail", .temporaryFolders)
struct DetailTests {
  typealias Mark = DetailViewModel.Cell.Mark

  /// "Run", due Mon, Wed, Fri, created Wednesday 2026-11-04; done Nov 6, 9, 13, 16, 18, 20, 23,
  /// 25 and 27 (Nov 11 missed). Today is Monday 2026-11-30.
  static let runDays = [
    "2026-11-06", "2026-11-09", "2026-11-13", "2026-11-16", "2026-11-18", "2026-11-20",
    "2026-11-23", "2026-11-25", "2026-11-27",
  ]

  func store() throws -> InMemoryTrackerStore {
    let run = habit("Run", id: 10, days: [.monday, .wednesday, .friday], created: "2026-11-04")
    return try InMemoryTrackerStore(
      contents: StoreContents(
        categories: [home], trackers: [run, event("Walk", id: 11, created: "2026-11-20")],
        records: Self.runDays.map { TrackerRecord(trackerID: run.id, day: day($0)) }),
      settings: StoreSettings(isOnboardingDone: true))
  }

  func cell(_ iso: String, _ state: DetailViewModel.State) -> DetailViewModel.Cell? {
    state.weeks.joined().first { $0.day == day(iso) }
  }

  @Test func theFiguresFollowTheStreakRuleInRussian() async throws {
    let model = DetailViewModel(
      environment: TestWorld(store: try store()).environment(.ru), trackerID: id(10),
      selectedDay: day("2026-11-30"))
    await model.settled()
    let state = model.state
    #expect(
      state.name == "Run" && state.categoryTitle == "Домашний уют" && state.scheduleText == "Пн, Ср, Пт")
    #expect(state.weekdayTitles == ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"])
    // Since the miss on Nov 11: 13, 16, 18, 20, 23, 25, 27 — today (due, not done) does not reset.
    #expect(
      state.figures.map(\.value) == ["🔥 7 дней", "7 дней", "9 дней"])
    #expect(state.figures.map(\.label) == ["Текущая серия", "Лучшая серия", "Всего выполнено"])
    #expect(
      state.legend.map(\.text) == [
        "выполнено", "пропущено", "не по расписанию", "на сегодня", "до первого дня", "в будущем", "выходной",
      ])
    #expect(
      state.editTitle == "Редактировать" && state.deleteTitle == "Удалить" && state.backTitle == "Назад")
  }

  @Test func everyCellStateAndWhichCellsCanBeTapped() async throws {
    let model = DetailViewModel(
      environment: TestWorld(store: try store()).environment(.en), trackerID: id(10),
      selectedDay: day("2026-11-30")
    )
    await model.settled()
    let state = model.state
    // Five weeks ending with the selected date's: Monday Nov 2 to Sunday Dec 6.
    #expect(state.weeks.count == 5 && state.weeks.allSatisfy { $0.count == 7 })
    #expect(
      state.weeks.first?.first?.day == day("2026-11-02") && state.weeks.last?.last?.day == day("2026-12-06"))
    let expected: [(String, Mark, Bool)] = [
      ("2026-11-02", .beforeFirstDay, true),  // a Monday before the first day: can be ticked
      ("2026-11-03", .beforeFirstDay, false),  // a Tuesday: not due
      ("2026-11-04", .missed, true),  // the first day, due, not done
      ("2026-11-05", .notDue, false),
      ("2026-11-06", .done, true),
      ("2026-11-11", .missed, true),
      ("2026-11-28", .notDue, false),
      ("2026-11-30", .dueToday, true),
      ("2026-12-02", .future, false),
    ]
    for (iso, mark, enabled) in expected {
      #expect(cell(iso, state)?.mark == mark, "\(iso)")
      #expect(cell(iso, state)?.isEnabled == enabled, "\(iso)")
    }
    #expect(cell("2026-11-30", state)?.isToday == true && cell("2026-11-27", state)?.isToday == false)
    #expect(cell("2026-12-01", state)?.dayOfMonth == "1")
  }

  @Test func theGridEndsWithTheWeekOfTheMainScreensSelectedDate() async throws {
    let model = DetailViewModel(
      environment: TestWorld(store: try store()).environment(.en), trackerID: id(10),
      selectedDay: day("2026-11-18")
    )
    await model.settled()
    let state = model.state
    #expect(state.weeks.last?.map(\.day.iso) == (16...22).map { "2026-11-\($0)" })
    #expect(state.weeks.first?.first?.day == day("2026-10-19"))
  }

  @Test func aGridAcrossAMonthEndAndAYearEnd() async throws {
    let world = TestWorld(store: try store(), now: "2027-01-02T09:00:00Z")
    let model = DetailViewModel(
      environment: world.environment(.en), trackerID: id(10), selectedDay: day("2027-01-02")
    )
    await model.settled()
    let state = model.state
    let days = Array(state.weeks.joined().map(\.day))
    #expect(days.first == day("2026-11-30") && days.last == day("2027-01-03"))
    #expect(zip(days, days.dropFirst()).allSatisfy { $1 == $0.adding(days: 1) })
    #expect(state.weeks.last?.map(\.dayOfMonth) == ["28", "29", "30", "31", "1", "2", "3"])
    #expect(cell("2026-12-30", state)?.mark == .missed && cell("2026-12-31", state)?.mark == .notDue)
    #expect(cell("2027-01-01", state)?.mark == .missed)
    #expect(cell("2027-01-02", state)?.mark == .notDue && cell("2027-01-03", state)?.mark == .future)
    // Nothing done since Nov 27: the streak broke at the first due day after it, and a broken
    // streak has no flame (issue 30, item 8), as on the card.
    #expect(state.figures.first?.value == "0 days")
  }

  @Test func aGridAcrossADaylightSavingChangeHasEveryDayOnce() async throws {
    // New York leaves daylight saving time on Sunday 2026-11-01; today is Tuesday Nov 3 there.
    let world = TestWorld(store: try store(), now: "2026-11-03T15:00:00Z")
    let base = world.environment(.en)
    let environment = AppEnvironment(
      now: base.now, timeZone: TimeZone(identifier: "America/New_York")!, language: .en, store: base.store,
      analytics: base.analytics, makeID: base.makeID)
    #expect(environment.today == day("2026-11-03"))
    let model = DetailViewModel(environment: environment, trackerID: id(10), selectedDay: environment.today)
    await model.settled()
    let state = model.state
    let days = Array(state.weeks.joined().map(\.day))
    #expect(days.count == 35 && Set(days).count == 35)
    #expect(days.first == day("2026-10-05") && days.last == day("2026-11-08"))
    #expect(
      cell("2026-11-01", state)?.mark == .beforeFirstDay && cell("2026-11-03", state)?.mark == .beforeFirstDay
    )
    #expect(cell("2026-11-04", state)?.mark == .future)
  }

  @Test func anEventIsDueEveryDaySoEveryPastDayCanBeTicked() async throws {
    let model = DetailViewModel(
      environment: TestWorld(store: try store()).environment(.ru), trackerID: id(11),
      selectedDay: day("2026-11-30")
    )
    await model.settled()
    let state = model.state
    #expect(state.scheduleText == "Нерегулярное событие")
    #expect(
      cell("2026-11-10", state)?.mark == .beforeFirstDay && cell("2026-11-10", state)?.isEnabled == true)
    #expect(cell("2026-11-21", state)?.mark == .missed && cell("2026-11-28", state)?.isEnabled == true)
    #expect(cell("2026-12-01", state)?.isEnabled == false)
  }

  @Test func tappingAMissedDayTicksItAndTheFiguresAgreeAtOnce() async throws {
    let world = TestWorld(store: try store())
    let model = DetailViewModel(
      environment: world.environment(.en), trackerID: id(10), selectedDay: day("2026-11-30"))
    await model.settled()
    var published: [String] = []
    let token = model.observe { published.append($0.figures.first?.value ?? "") }
    model.dayTapped(day("2026-11-11"))
    await model.settled()
    #expect(cell("2026-11-11", model.state)?.mark == .done)
    #expect(model.state.figures.map(\.value) == ["🔥 10 days", "10 days", "10 days"])
    model.dayTapped(day("2026-11-28"))  // not due: disabled, nothing happens
    await model.settled()
    model.dayTapped(day("2026-12-02"))  // future: disabled
    await model.settled()
    #expect(try world.store.recordDays(trackerID: id(10)).count == 10)
    model.dayTapped(day("2026-11-30"))  // today
    await model.settled()
    #expect(model.state.figures.first?.value == "🔥 11 days")
    #expect(published == ["🔥 7 days", "🔥 10 days", "🔥 11 days"])
    withExtendedLifetime(token) {}
  }

  @Test func aChangeMadeElsewhereShowsInTheDetail() async throws {
    let world = TestWorld(store: try store())
    let model = DetailViewModel(
      environment: world.environment(.en), trackerID: id(10), selectedDay: day("2026-11-30"))
    // Another part of the app (or process) writes, not through this screen.
    try world.store.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
    #expect(await until { cell("2026-11-30", model.state)?.mark == .done })
    #expect(cell("2026-11-30", model.state)?.mark == .done)
  }

  @Test func throughTheFlowACardOpensItsDetailWhichEditsDeletesAndGoesBack() async throws {
    let world = TestWorld(store: try store())
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("card:Run")
    #expect(flow.screen == .detail)
    try await flow.tapAndSettle("day:2026-11-11")
    guard case .detail(let state) = flow.view.presented.last else {
      Issue.record("no detail")
      return
    }
    #expect(state.figures.first?.value == "🔥 10 days")
    // The main screen under it agrees.
    guard case .trackers(let main) = flow.view.base else {
      Issue.record("no main screen")
      return
    }
    #expect(main.sections.flatMap(\.cards).first { $0.name == "Run" }?.streakText == "🔥 10")
    try await flow.tapAndSettle("edit")
    #expect(flow.screen == .trackerForm)
    try await flow.tapAndSettle("cancel")
    #expect(flow.screen == .detail)
    try await flow.tapAndSettle("back")
    #expect(flow.screen == .trackers)
    try await flow.tapAndSettle("card:Run")
    try await flow.tapAndSettle("delete")
    #expect(flow.elements.map(\.id) == ["confirm", "cancel"])
    try await flow.tapAndSettle("cancel")
    #expect(flow.screen == .detail)
    try await flow.tapAndSettle("delete")
    try await flow.tapAndSettle("confirm")
    #expect(flow.screen == .trackers)
    #expect(try world.store.trackers().map(\.tracker.name) == ["Walk"])
  }

  @Test(arguments: [Language.ru, .en])
  func swipingACardLeftAsksTheMenusDeleteQuestion(language: Language) async throws {
    let world = TestWorld(store: try store())
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.performAndSettle(.swipe(.left, .identifier("card:Run")))
    guard case .trackers(let main) = flow.view.base else {
      Issue.record("no main screen")
      return
    }
    #expect(
      main.menu?.deleteQuestion
        == (language == .ru
          ? "Уверены, что хотите удалить трекер?" : "Are you sure you want to delete the tracker?"))
    #expect(flow.elements.map(\.id) == ["confirm", "cancel"])
    try await flow.tapAndSettle("cancel")
    #expect(try world.store.trackers().count == 2)
    try await flow.performAndSettle(.swipe(.left, .identifier("card:Run")))
    try await flow.tapAndSettle("confirm")
    #expect(try world.store.trackers().map(\.tracker.name) == ["Walk"])
  }

  @Test func aDisabledDayIsRefusedByTheFlowWithItsReason() async throws {
    let flow = await AppFlow.launch(environment: TestWorld(store: try store()).environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("card:Run")
    #expect(throws: FlowError.self) { try flow.tap("day:2026-12-02") }
  }
}
