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

/// Days off and the day start hour on the screens (docs/rules.md; issue 24), through the flow a
/// user drives. 2026-11-30 is a Monday; the world's clock stands at 12:00 in Moscow.
@MainActor
@Suite("Days off and the day start on screen", .temporaryFolders)
struct DaysOffScreenTests {
  /// "Run" every day since 2026-11-01, done the three days before today.
  func world() throws -> TestWorld {
    let world = TestWorld()
    try world.store.saveSettings(StoreSettings(isOnboardingDone: true))
    try world.store.createCategory(home)
    try world.store.createTracker(habit("Run", id: 10))
    for iso in ["2026-11-27", "2026-11-28", "2026-11-29"] {
      try world.store.toggleRecord(trackerID: id(10), on: day(iso))
    }
    return world
  }

  @Test(arguments: [
    (Language.en, "Take a day off", "Cancel the day off"), (.ru, "Взять выходной", "Отменить выходной"),
  ])
  func theCardsMenuTakesTheSelectedDayOffAndTheCardShowsADash(
    language: Language, take: String, cancel: String
  ) async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    #expect(flow.elements.map(\.label).contains(take))
    try await flow.tapAndSettle("day-off")
    let card = try #require(flow.view.card("Run"))
    #expect(card.isDayOff && !card.isCompleted && card.currentStreak == 3)
    #expect(try flow.find(.identifier("complete:Run")).label == "–")
    #expect(try world.store.daysOff(trackerID: id(10)) == [day("2026-11-30")])
    // The same menu now cancels it.
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    #expect(flow.elements.map(\.id) == ["pin", "cancel-day-off", "note", "edit", "archive", "delete"])
    #expect(flow.elements.map(\.label).contains(cancel))
    try await flow.tapAndSettle("cancel-day-off")
    #expect(flow.view.card("Run")?.isDayOff == false)
    #expect(try world.store.daysOff(trackerID: id(10)) == [])
  }

  @Test(arguments: [
    (Language.en, "The day is done. Take it off anyway?", "Take it off"),
    (.ru, "День отмечен. Всё равно сделать его выходным?", "Сделать выходным"),
  ])
  func takingADoneDayOffAsksFirstAndOnlyYesRemovesTheRecord(
    language: Language, question: String, confirm: String
  ) async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    // From the card's menu, on today, done.
    try await flow.tapAndSettle("complete:Run")
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    try await flow.tapAndSettle("day-off")
    guard case .trackers(let screen) = flow.view.base else {
      Issue.record("the main screen is not the base")
      return
    }
    let asked = try #require(screen.menu?.dayOffQuestion)
    #expect(asked.text == question && asked.confirmTitle == confirm && asked.day == day("2026-11-30"))
    #expect(flow.elements.map(\.id) == ["confirm", "cancel"])
    try await flow.tapAndSettle("cancel")
    #expect(flow.view.card("Run")?.isCompleted == true)
    #expect(try world.store.daysOff(trackerID: id(10)) == [])
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    try await flow.tapAndSettle("day-off")
    try await flow.tapAndSettle("confirm")
    #expect(flow.view.card("Run")?.isDayOff == true)
    #expect(try world.store.daysOff(trackerID: id(10)) == [day("2026-11-30")])
    #expect(try !world.store.recordDays(trackerID: id(10)).contains(day("2026-11-30")))
    // From the detail's grid: a long press on a done day asks the same; Esc keeps the record.
    try await flow.tapAndSettle("card:Run")
    try await flow.performAndSettle(.longPress(.identifier("day:2026-11-29")))
    func detail() -> DetailViewModel.State? {
      if case .detail(let state)? = flow.view.presented.last { state } else { nil }
    }
    #expect(detail()?.dayOffQuestion?.text == question)
    try flow.dismissTop()
    #expect(detail()?.dayOffQuestion == nil && flow.screen == .detail)
    #expect(try world.store.recordDays(trackerID: id(10)).contains(day("2026-11-29")))
    try await flow.performAndSettle(.longPress(.identifier("day:2026-11-29")))
    try await flow.tapAndSettle("confirm")
    #expect(try world.store.daysOff(trackerID: id(10)) == [day("2026-11-29"), day("2026-11-30")])
  }

  @Test func tappingTheButtonOfADayOffCompletesTheDayInstead() async throws {
    let world = try world()
    try world.store.setDaysOff(true, trackerID: id(10), on: [day("2026-11-30")])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    #expect(flow.view.card("Run")?.isDayOff == true)
    #expect(flow.view.card("Run")?.completeAccessibilityLabel == "Day off: mark as done")
    try await flow.tapAndSettle("complete:Run")
    let card = try #require(flow.view.card("Run"))
    #expect(card.isCompleted && !card.isDayOff && card.currentStreak == 4)
    #expect(try world.store.daysOff(trackerID: id(10)) == [])
  }

  @Test func aFutureDateMayBeTakenOffThoughItCannotBeCompleted() async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("next-month")
    try await flow.tapAndSettle("day:2026-12-03")
    #expect(try !flow.find(.identifier("complete:Run")).isEnabled)
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    try await flow.tapAndSettle("day-off")
    #expect(try world.store.daysOff(trackerID: id(10)) == [day("2026-12-03")])
  }

  @Test func aLongPressOnAGridCellTogglesItsDayOffAndTheStreakKeepsOverIt() async throws {
    let world = try world()
    // A miss on Thursday 26 broke the run before it: done 23–25, missed 26, done 27–29.
    for iso in ["2026-11-23", "2026-11-24", "2026-11-25"] {
      try world.store.toggleRecord(trackerID: id(10), on: day(iso))
    }
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("card:Run")
    guard case .detail(let before)? = flow.view.presented.last else {
      Issue.record("no detail")
      return
    }
    #expect(before.figures.first?.value == "🔥 3 days")
    try await flow.performAndSettle(.longPress(.identifier("day:2026-11-26")))
    guard case .detail(let after)? = flow.view.presented.last else {
      Issue.record("no detail")
      return
    }
    #expect(after.weeks.joined().first { $0.day == day("2026-11-26") }?.mark == .dayOff)
    #expect(after.figures.map(\.value) == ["🔥 6 days", "6 days", "6 days"])
    // Again: the day off is cancelled and the miss counts again.
    try await flow.performAndSettle(.longPress(.identifier("day:2026-11-26")))
    guard case .detail(let again)? = flow.view.presented.last else {
      Issue.record("no detail")
      return
    }
    #expect(again.figures.first?.value == "🔥 3 days")
  }

  @Test func moreTrackedDaysOnTheEditScreenPassOverADayOff() async throws {
    let world = try world()
    try world.store.setDaysOff(true, trackerID: id(10), on: [day("2026-11-26")])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    try await flow.tapAndSettle("edit")
    try await flow.tapAndSettle("days-plus")
    try await flow.tapAndSettle("days-plus")
    try await flow.tapAndSettle("create")
    // Today (30) and then, past the day off on the 26th, the 25th.
    #expect(
      try world.store.recordDays(trackerID: id(10)).map(\.iso) == [
        "2026-11-25", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30",
      ])
    #expect(try world.store.daysOff(trackerID: id(10)) == [day("2026-11-26")])
  }

  @Test func aDayBeforeTheFirstDayCannotBeTakenOff() async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("card:Run")
    // Created 2026-11-01: the grid starts on Monday 2026-10-27.
    #expect(throws: FlowError.self) { try flow.perform(.longPress(.identifier("day:2026-10-28"))) }
    #expect(try world.store.daysOff(trackerID: id(10)) == [])
  }

  @Test(arguments: [(Language.en, "Day starts at 03:00"), (.ru, "День начинается в 03:00")])
  func choosingThreeOClockMovesTodayBackBeforeThreeInTheMorning(language: Language, row: String) async throws
  {
    let world = try world()
    // 01:30 in Moscow on Tuesday 1 December.
    let clock = TestClock("2026-11-30T22:30:00Z")
    let environment = AppEnvironment(
      now: { clock.now }, timeZone: TimeZone(identifier: "Europe/Moscow")!, language: language,
      store: world.store, analytics: world.analytics, makeID: { UUID() })
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    #expect(flow.view.main?.selectedDay == day("2026-12-01"))
    try await flow.tapAndSettle("tab-settings")
    try await flow.tapAndSettle("day-start")
    #expect(flow.screen == .dayStart)
    #expect(flow.elements.count == 13 && flow.elements.first?.isChecked == true)
    try await flow.tapAndSettle("hour:03")
    #expect(flow.screen == .settings)
    #expect(try flow.find(.identifier("day-start")).label == row)
    #expect(try world.store.settings().dayStart == DayStart(hour: 3))
    // Monday evening still: the main screen goes back to the 30th, and the run stays unbroken.
    flow.clockChanged()
    await flow.settled()
    try await flow.tapAndSettle("tab-trackers")
    #expect(flow.view.main?.selectedDay == day("2026-11-30"))
    #expect(flow.view.card("Run")?.currentStreak == 3)
    #expect(try flow.find(.identifier("complete:Run")).isEnabled)
    // At 03:00 the day turns: Tuesday, with Monday missed.
    clock.set("2026-12-01T00:00:00Z")
    flow.clockChanged()
    await flow.settled()
    #expect(flow.view.main?.selectedDay == day("2026-12-01"))
    #expect(flow.view.card("Run")?.currentStreak == 0)
  }

  @Test func aDayStartThatCannotBeReadCountsFromMidnightAndIsReadAgainNextTime() async throws {
    let world = try world()
    var settings = try world.store.settings()
    settings.dayStart = DayStart(hour: 3)!
    try world.store.saveSettings(settings)
    let store = FailingStore(world.store)
    store.fail(.nextRead(FailingStore.ioError))
    let clock = TestClock("2026-11-30T22:30:00Z")  // 01:30 on Tuesday in Moscow
    let environment = AppEnvironment(
      now: { clock.now }, timeZone: TimeZone(identifier: "Europe/Moscow")!, language: .en, store: store,
      analytics: world.analytics, makeID: { UUID() })
    // Never read yet: midnight counts while the hour is read off the main actor, and that read
    // fails.
    #expect(environment.today == day("2026-12-01"))
    await environment.settled()
    // Still unknown: midnight again, and the hour is read again.
    #expect(environment.today == day("2026-12-01"))
    await environment.settled()
    #expect(environment.today == day("2026-11-30"))
  }

  @Test func aDayStartSavedElsewhereMovesTodayHere() async throws {
    let world = try world()
    let clock = TestClock("2026-11-30T22:30:00Z")  // 01:30 on Tuesday in Moscow
    let environment = AppEnvironment(
      now: { clock.now }, timeZone: TimeZone(identifier: "Europe/Moscow")!, language: .en,
      store: world.store, analytics: world.analytics, makeID: { UUID() })
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    #expect(environment.today == day("2026-12-01"))
    var settings = try world.store.settings()
    settings.dayStart = DayStart(hour: 2)!
    try world.store.saveSettings(settings)
    // The commit reaches the main actor and is handed over on the turn after (the day start
    // cache follows the access's observation, as the screens do). The first look after it goes
    // on with the hour known and reads the new one off the main actor.
    #expect(await until { environment.dayStartCache.isStale })
    #expect(environment.today == day("2026-12-01"))
    await flow.settled()
    #expect(environment.today == day("2026-11-30"))
    flow.clockChanged()
    await flow.settled()
    #expect(flow.view.main?.selectedDay == day("2026-11-30"))
  }

  @Test func aDayStartPickedHereHoldsWhileItsSaveWaitsForTheFile() async throws {
    let world = try world()
    let clock = TestClock("2026-11-30T22:30:00Z")  // 01:30 on Tuesday in Moscow
    let store = FailingStore(world.store)
    let environment = AppEnvironment(
      now: { clock.now }, timeZone: TimeZone(identifier: "Europe/Moscow")!, language: .en,
      store: store, analytics: world.analytics, makeID: { UUID() })
    let model = SettingsViewModel(environment: environment)
    await environment.settled()
    #expect(environment.today == day("2026-12-01"))
    // The save waits for the file (a sync's merge, another program's write).
    let gate = Gate()
    gate.close()
    store.beforeEachWrite { gate.passThrough() }
    defer { gate.open() }
    model.dayStartChosen(DayStart(hour: 2)!)
    #expect(environment.today == day("2026-11-30"))
    #expect(await until { gate.waiting == 1 })
    // Meanwhile the settings change elsewhere: the hour is read again, and the file still holds
    // the hour before the save.
    try world.store.updateSettings { $0.filter = .completed }
    #expect(await until { environment.dayStartCache.isStale })
    #expect(environment.today == day("2026-11-30"))
    await environment.access.settled(readsOnly: true)
    #expect(environment.today == day("2026-11-30"), "today moved back while the save waited")
    store.beforeEachWrite(nil)
    gate.open()
    await environment.settled()
    #expect(environment.today == day("2026-11-30"))
    #expect(try world.store.settings().dayStart == DayStart(hour: 2)!)
  }
}
