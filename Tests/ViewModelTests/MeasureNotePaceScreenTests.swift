import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// Issue 32 on screen: measurable and quota cards, the amount and note sheets, the detail's notes,
/// amounts and chart, through the flow a user drives. 2026-11-30 is a Monday; noon in Moscow.
@MainActor
@Suite("Measure, note and pace on screen")
struct MeasureNotePaceScreenTests {
  /// "Run", at least 20 km every day since 2026-11-01, with `amounts` (ISO day → text).
  func world(_ amounts: [String: String] = [:], direction: MeasureDirection = .atLeast) throws -> TestWorld {
    let world = TestWorld()
    try world.store.saveSettings(StoreSettings(isOnboardingDone: true))
    try world.store.createCategory(home)
    var run = habit("Run", id: 10)
    run.measure = try .measurable(unit: "km", target: Amount(parsing: "20"), direction: direction)
    try world.store.createTracker(run)
    for (iso, text) in amounts {
      _ = try world.store.setAmount(Amount(parsing: text), trackerID: id(10), on: day(iso))
    }
    return world
  }

  /// A quota habit "Swim", `count` a `period`, since 2026-11-01, done on `days`.
  func quotaWorld(_ count: Int, per period: Quota.Period, done days: [String]) throws -> TestWorld {
    let world = TestWorld()
    try world.store.saveSettings(StoreSettings(isOnboardingDone: true))
    try world.store.createCategory(home)
    let quota = try #require(Quota(count, per: period))
    var swim = habit("Swim", id: 20)
    swim.kind = .habit(Schedule(quota: quota))
    try world.store.createTracker(swim)
    for iso in days { try world.store.toggleRecord(trackerID: id(20), on: day(iso)) }
    return world
  }

  @Test(arguments: [(Language.en, "12.5 / 20 km", "– / 20 km"), (.ru, "12,5 / 20 km", "– / 20 km")])
  func aMeasurableCardShowsTheDaysAmountAgainstItsTarget(language: Language, amount: String, nothing: String)
    async throws
  {
    let world = try world(["2026-11-30": "12.5"])
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    #expect(flow.view.card("Run")?.amountText == amount)
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("day:2026-11-29")
    #expect(flow.view.card("Run")?.amountText == nothing)
  }

  @Test func anAtLeastDayBelowItsTargetIsNotDoneButShowsItsAmount() async throws {
    let world = try world(["2026-11-30": "12.5", "2026-11-29": "20"])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    let card = try #require(flow.view.card("Run"))
    #expect(!card.isCompleted && card.amountText == "12.5 / 20 km")
    #expect(try flow.find(.identifier("complete:Run")).label == "+")
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("day:2026-11-29")
    #expect(flow.view.card("Run")?.isCompleted == true)
  }

  @Test func theCardsDayCounterCountsMetDays() async throws {
    let world = try world(["2026-11-27": "25", "2026-11-28": "10", "2026-11-29": "20"])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    #expect(flow.view.card("Run")?.dayCounter == "2 days")
  }

  @Test(arguments: [(Language.en, "12.5 / 20 km"), (.ru, "12,5 / 20 km")])
  func typingAnAmountAndSavingShowsItOnTheCard(language: Language, shown: String) async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("complete:Run")
    #expect(flow.screen == .amount)
    try await flow.performAndSettle(.type(language == .ru ? "12,5" : "12.5"))
    try await flow.tapAndSettle("save")
    #expect(flow.screen == .trackers)
    #expect(flow.view.card("Run")?.amountText == shown)
    #expect(try world.store.records(trackerID: id(10)).map(\.amount) == [try Amount(parsing: "12.5")])
  }

  @Test(arguments: [
    (Language.en, "12.5.1", "Enter a number, such as 12.5"), (.ru, "12,5,1", "Введите число, например 12,5"),
    (.en, "-3", "An amount cannot be below zero"), (.ru, "1,2345", "Не больше трёх знаков после запятой"),
  ])
  func theAmountSheetRefusesBadInputInWordsAndKeepsIt(language: Language, typed: String, error: String)
    async throws
  {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("complete:Run")
    try await flow.performAndSettle(.type(typed))
    guard case .amount(let state)? = flow.view.presented.last else {
      Issue.record("the amount sheet is not on top")
      return
    }
    #expect(state.error == error && state.text == typed && !state.isSaveEnabled)
    #expect(throws: FlowError.self) { try flow.tap("save") }
    #expect(try world.store.records(trackerID: id(10)).isEmpty)
  }

  @Test func minusAndPlusMoveByOneUnitAndNeverBelowZero() async throws {
    let world = try world(["2026-11-30": "1.5"])
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    try await flow.tapAndSettle("complete:Run")
    try await flow.tapAndSettle("amount-plus")
    #expect(try flow.find(.identifier("amount")).label == "2,5")
    try await flow.tapAndSettle("amount-minus")
    try await flow.tapAndSettle("amount-minus")
    #expect(try flow.find(.identifier("amount")).label == "0,5")
    try await flow.tapAndSettle("amount-minus")
    #expect(try flow.find(.identifier("amount")).label == "0")
    #expect(try !flow.find(.identifier("amount-minus")).isEnabled)
  }

  @Test func clearOnTheAmountSheetRemovesTheDaysRecord() async throws {
    let world = try world(["2026-11-30": "12.5"])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("complete:Run")
    try await flow.tapAndSettle("clear")
    #expect(flow.screen == .trackers)
    #expect(try world.store.records(trackerID: id(10)).isEmpty)
    #expect(flow.view.card("Run")?.amountText == "– / 20 km")
  }

  @Test func escClosesTheAmountAndNoteSheetsWithoutSaving() async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("complete:Run")
    try await flow.performAndSettle(.type("7"))
    try await flow.performAndSettle(.dismiss)
    #expect(flow.screen == .trackers)
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    try await flow.tapAndSettle("note")
    try await flow.performAndSettle(.type("sick"))
    try await flow.performAndSettle(.dismiss)
    #expect(flow.screen == .trackers)
    #expect(try world.store.records(trackerID: id(10)).isEmpty)
    #expect(try world.store.notes(trackerID: id(10)).isEmpty)
  }

  @Test(arguments: [
    (Language.en, Quota.Period.week, "1 of 3 this week"), (.ru, .week, "1 из 3 на этой неделе"),
    (.en, .month, "2 of 3 this month"), (.ru, .month, "2 из 3 в этом месяце"),
  ])
  func aQuotaCardShowsThePeriodsProgress(language: Language, period: Quota.Period, progress: String)
    async throws
  {
    let world = try quotaWorld(3, per: period, done: ["2026-11-27", "2026-11-30"])
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    #expect(flow.view.card("Swim")?.quotaText == progress)
  }

  @Test func aQuotaCardOnADayOfAnotherWeekSaysThatWeek() async throws {
    let world = try quotaWorld(2, per: .week, done: ["2026-11-24", "2026-11-27"])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("day:2026-11-25")
    #expect(flow.view.card("Swim")?.quotaText == "2 of 2 that week")
  }

  @Test(arguments: [(Language.en, "3 times a week"), (.ru, "3 раза в неделю")])
  func aQuotaHabitsDetailNamesItsScheduleAndMarksNoDayMissed(language: Language, schedule: String)
    async throws
  {
    let world = try quotaWorld(3, per: .week, done: ["2026-11-24", "2026-11-26", "2026-11-27"])
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("card:Swim")
    guard case .detail(let detail)? = flow.view.presented.last else {
      Issue.record("the detail is not on top")
      return
    }
    #expect(detail.scheduleText == schedule)
    let days = detail.weeks.joined()
    #expect(!days.contains { $0.mark == .missed })
    let done = ["2026-11-24", "2026-11-26", "2026-11-27"].map(day)
    #expect(days.filter { $0.mark == .done }.map(\.day) == done)
    #expect(detail.chart == nil && detail.amountWeeks.isEmpty)
  }

  @Test func anAmountSavedOnOneCardLeavesTheOthersAsTheyWere() async throws {
    let world = try world(["2026-11-29": "25"])
    try world.store.createTracker(habit("Read", id: 11))
    try world.store.toggleRecord(trackerID: id(11), on: day("2026-11-30"))
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    let read = flow.view.card("Read")
    try await flow.tapAndSettle("complete:Run")
    try await flow.performAndSettle(.type("20"))
    try await flow.tapAndSettle("save")
    #expect(flow.view.card("Run")?.isCompleted == true && flow.view.card("Run")?.dayCounter == "2 days")
    #expect(flow.view.card("Run")?.currentStreak == 2)
    #expect(flow.view.card("Read") == read)
  }

  @Test func theCompletedFiltersFollowMetDays() async throws {
    let world = try world(["2026-11-30": "12.5"])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("filters")
    try await flow.tapAndSettle("filter:completed")
    #expect(flow.view.card("Run") == nil)
    try await flow.tapAndSettle("filters")
    try await flow.tapAndSettle("filter:not-completed")
    #expect(flow.view.card("Run") != nil)
  }

  @Test(arguments: [(Language.en, "Note for this day"), (.ru, "Заметка на этот день")])
  func aNoteWrittenFromTheCardsMenuIsListedOnTheDetailAndClearRemovesIt(language: Language, entry: String)
    async throws
  {
    let world = try world(["2026-11-30": "12.5"])
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    #expect(try flow.find(.identifier("note")).label == entry)
    try await flow.tapAndSettle("note")
    #expect(flow.screen == .note)
    try await flow.performAndSettle(.type("ran in the rain"))
    try await flow.tapAndSettle("save")
    #expect(try world.store.notes(trackerID: id(10)).map(\.text) == ["ran in the rain"])
    try await flow.tapAndSettle("card:Run")
    guard case .detail(let detail)? = flow.view.presented.last else {
      Issue.record("the detail is not on top")
      return
    }
    #expect(detail.entries.map(\.note) == ["ran in the rain"])
    #expect(detail.entries.map(\.amountText) == [language == .ru ? "12,5 km" : "12.5 km"])
    #expect(detail.weeks.joined().filter(\.hasNote).map(\.day) == [day("2026-11-30")])
    // The detail's own entry opens the same note; Clear removes it.
    try await flow.tapAndSettle("note")
    #expect(try flow.find(.identifier("note-text")).label == "ran in the rain")
    try await flow.tapAndSettle("clear")
    #expect(flow.screen == .detail)
    guard case .detail(let cleared)? = flow.view.presented.last else {
      Issue.record("another screen is presented: \(String(describing: flow.view.presented.last))")
      return
    }
    #expect(cleared.entries.isEmpty && !cleared.weeks.joined().contains(where: \.hasNote))
    #expect(try world.store.notes(trackerID: id(10)).isEmpty)
  }

  @Test func aNoteMayBeWrittenOnAFutureDayAndKeepsItsLineBreaks() async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("next-month")
    try await flow.tapAndSettle("day:2026-12-03")
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    try await flow.tapAndSettle("note")
    try await flow.performAndSettle(.type("race day\nbring water"))
    try await flow.tapAndSettle("save")
    #expect(try world.store.notes(trackerID: id(10)).map(\.day) == [day("2026-12-03")])
    #expect(try world.store.notes(trackerID: id(10)).map(\.text) == ["race day\nbring water"])
  }

  @Test func aBlankNoteCannotBeSavedAndATooLongOneSaysWhy() async throws {
    let world = try world()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:Run")))
    try await flow.tapAndSettle("note")
    try await flow.performAndSettle(.type("   "))
    #expect(try !flow.find(.identifier("save")).isEnabled)
    try await flow.performAndSettle(.clear)
    try await flow.performAndSettle(.type(String(repeating: "ж", count: 501)))
    guard case .note(let state)? = flow.view.presented.last else {
      Issue.record("the note sheet is not on top")
      return
    }
    #expect(state.error != nil && !state.isSaveEnabled)
  }

  @Test func theDetailChartsTheLast12WeeksTotalsAgainstTheWeeklyTarget() async throws {
    let world = try world(["2026-11-30": "12.5", "2026-11-24": "20", "2026-11-25": "7.25", "2026-09-14": "3"])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("card:Run")
    guard case .detail(let detail)? = flow.view.presented.last else {
      Issue.record("the detail is not on top")
      return
    }
    let chart = try #require(detail.chart)
    #expect(chart.weeks.count == 12)
    #expect(chart.weeks.first?.monday == day("2026-09-14") && chart.weeks.last?.monday == day("2026-11-30"))
    #expect(chart.weeks.map(\.totalText).suffix(2) == ["27.25", "12.5"])
    #expect(chart.weeks.first?.totalText == "3")
    #expect(chart.target == (try Amount(parsing: "140")))
    #expect(chart.targetText == "target 140 km a week")
    #expect(detail.amountWeeks.last?.amounts == ["12.5", "–", "–", "–", "–", "–", "–"])
  }

  /// Issue 49: a month's target charts 7/30 of it a week, exactly (3000 a month: 700, never 699);
  /// the amount sheet says the target is the month's.
  @Test func aMonthsTargetChartsItsShareOfAWeekAndTheSheetSaysTheMonth() async throws {
    let world = try world(["2026-11-30": "100"])
    var run = try #require(try world.store.trackers().first).tracker
    run.measure = try .measurable(
      unit: "km", target: Amount(parsing: "3000"), direction: .atMost, period: .month)
    try world.store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("card:Run")
    guard case .detail(let detail)? = flow.view.presented.last else {
      Issue.record("the detail is not on top")
      return
    }
    #expect(detail.chart?.target == Amount(units: 700))
    try await flow.tapAndSettle("back")
    try await flow.tapAndSettle("complete:Run")
    guard case .amount(let sheet)? = flow.view.presented.last else {
      Issue.record("the amount sheet is not on top")
      return
    }
    #expect(sheet.goalText == "Target: at most 3000 km a month")
  }

  /// A covered day reads as met; a day ahead never "3/2": at most N of N.
  @Test(arguments: [
    (Language.en, "2 times in 10 days: met", "2/2 in 10 days", "1/2 in 10 days"),
    (.ru, "2 раза за 10 дней: выполнено", "2/2 за 10 дней", "1/2 за 10 дней"),
  ])
  func aWindowCardSaysMetWhenCoveredAndNeverMoreThanN(
    language: Language, met: String, ahead: String, fewer: String
  ) throws {
    let window = try #require(TimesInDays(2, in: 10))
    let localizer = Localizer(language)
    #expect(
      DisplayText.windowProgress(WindowProgress(window: window, checkIns: 3, isFilled: true), localizer)
        == met)
    #expect(
      DisplayText.windowProgress(WindowProgress(window: window, checkIns: 3, isFilled: false), localizer)
        == ahead)
    #expect(
      DisplayText.windowProgress(WindowProgress(window: window, checkIns: 1, isFilled: false), localizer)
        == fewer)
  }

  /// A period target's running week marks no day missed: the week decides (issue 49).
  @Test func aPeriodTargetsDetailMarksNoDayMissed() async throws {
    let world = try world(["2026-11-30": "5000"])
    var run = try #require(try world.store.trackers().first).tracker
    run.measure = try .measurable(
      unit: "km", target: Amount(parsing: "50000"), direction: .atLeast, period: .week)
    try world.store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("card:Run")
    guard case .detail(let detail)? = flow.view.presented.last else {
      Issue.record("the detail is not on top")
      return
    }
    #expect(!detail.weeks.joined().contains { $0.mark == .missed }, "\(detail.weeks)")
  }

  @Test func theSheetsElementsAreNamedForAScreenReader() async throws {
    let world = try world(["2026-11-30": "12.5"])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    #expect(try flow.find(.identifier("card:Run")).spoken == "Run, 0 days, 12.5 / 20 km")
    #expect(try flow.find(.identifier("complete:Run")).spoken == "Enter the amount: Run")
    try await flow.tapAndSettle("complete:Run")
    #expect(try flow.find(.identifier("amount")).spoken == "Run: 12.5 km")
    #expect(try flow.find(.identifier("amount-plus")).spoken == "One km more")
    try await flow.performAndSettle(.clear)
    #expect(try flow.find(.identifier("save")).spoken == "Save: Run, Mon 30 Nov: enter an amount first")
  }
}
