import FailingStores
import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// Issue 32, the creation/edit form: a tracker's measure (Yes/No, or Measurable with a unit, a daily
/// target and at least / at most) and a habit's schedule of N times a week or a month.
@MainActor
@Suite("The form's measure and quota", .temporaryFolders)
struct MeasureAndQuotaFormTests {
  /// A world of one category, onboarding done.
  static func world() throws -> TestWorld {
    let world = TestWorld()
    try world.store.createCategory(home)
    try world.store.saveSettings(StoreSettings(isOnboardingDone: true))
    return world
  }

  /// The new habit form with its name, category, emoji and color filled, each step's store work
  /// awaited.
  static func newHabit(_ flow: AppFlow, name: String) async throws {
    for id in ["add", "habit", "name"] { try await flow.tapAndSettle(id) }
    try await flow.performAndSettle(.type(name))
    for id in ["category", "category:" + home.title, "emoji:1", "color:1"] { try await flow.tapAndSettle(id) }
  }

  /// The app launched in `language` on `world()`, on the new habit form filled by `newHabit`
  /// and due on `day` ("mon", "tue"…), each step's store work awaited.
  static func newHabitForm(_ language: Language, name: String, dueOn day: String) async throws -> (
    world: TestWorld, flow: AppFlow
  ) {
    let world = try Self.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await newHabit(flow, name: name)
    for id in ["schedule", "day:" + day, "done"] { try await flow.tapAndSettle(id) }
    return (world, flow)
  }

  /// The stored tracker called `name`.
  static func stored(_ world: TestWorld, _ name: String) throws -> Tracker? {
    try world.store.trackers().first { $0.tracker.name == name }?.tracker
  }

  @Test(arguments: [(Language.en, "12.5"), (.ru, "12,5"), (.en, "12,5"), (.ru, "12.5")])
  func aMeasurableHabitIsCreatedWithItsUnitTargetAndDirection(language: Language, target: String) async throws
  {
    let world = try Self.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await Self.newHabit(flow, name: "Run")
    try await flow.tapAndSettle("schedule")
    try await flow.tapAndSettle("day:mon")
    try await flow.tapAndSettle("done")
    #expect(try flow.find(.identifier("measure:yes-no")).isChecked == true)
    try await flow.tapAndSettle("measure:amount")
    #expect(try flow.find(.identifier("measure:amount")).isChecked == true)
    #expect(try !flow.find(.identifier("create")).isEnabled)
    try await flow.tapAndSettle("unit")
    try await flow.performAndSettle(.type(language == .ru ? "км" : "km"))
    #expect(try !flow.find(.identifier("create")).isEnabled)
    try await flow.tapAndSettle("target")
    try await flow.performAndSettle(.type(target))
    #expect(try flow.find(.identifier("direction:at-least")).isChecked == true)
    try await flow.tapAndSettle("direction:at-most")
    #expect(try flow.find(.identifier("create")).isEnabled)
    try await flow.tapAndSettle("create")
    #expect(flow.screen == .trackers)
    let tracker = try #require(try Self.stored(world, "Run"))
    #expect(
      tracker.measure
        == .measurable(
          try MeasureGoal(
            unit: language == .ru ? "км" : "km", target: try Amount(parsing: "12.5"), direction: .atMost)))
    #expect(tracker.kind == .habit(Schedule([.monday])!))
  }

  @Test(arguments: [(Language.en, "3 times a week"), (.ru, "3 раза в неделю")])
  func aThreeTimesAWeekHabitIsCreatedAndItsRowSaysSo(language: Language, text: String) async throws {
    let world = try Self.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await Self.newHabit(flow, name: "Swim")
    try await flow.tapAndSettle("schedule")
    #expect(try flow.find(.identifier("schedule:weekdays")).isChecked == true)
    try await flow.tapAndSettle("schedule:week")
    #expect(try flow.find(.identifier("schedule:week")).isChecked == true)
    // The weekdays' switches give way to N.
    #expect(throws: FlowError.self) { try flow.find(.identifier("day:mon")) }
    try await flow.tapAndSettle("done")
    #expect(formState(flow)?.scheduleValue == text)
    try await flow.tapAndSettle("create")
    let tracker = try #require(try Self.stored(world, "Swim"))
    #expect(tracker.kind == .habit(Schedule(quota: Quota(3, per: .week)!)))
    #expect(tracker.measure == .yesNo)
  }

  @Test(arguments: [(Language.en, "10 times a month"), (.ru, "10 раз в месяц")])
  func aMonthlyQuotaIsCreatedWithTheStepper(language: Language, text: String) async throws {
    let world = try Self.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await Self.newHabit(flow, name: "Call home")
    try await flow.tapAndSettle("schedule")
    try await flow.tapAndSettle("schedule:month")
    for _ in 0..<7 { try await flow.tapAndSettle("quota-plus") }
    try await flow.tapAndSettle("done")
    #expect(formState(flow)?.scheduleValue == text)
    try await flow.tapAndSettle("create")
    #expect(try Self.stored(world, "Call home")?.quota == Quota(10, per: .month))
  }

  @Test func theStepperStaysWithinThePeriodsCountsAndKeepsNAcrossPeriods() async {
    let model = ScheduleViewModel(environment: TestWorld().environment(.en), days: [])
    await model.settled()
    model.kindTapped(.week)
    await model.settled()
    #expect(
      model.state.quota
        == .init(
          text: "3 times a week", count: 3, isMinusEnabled: true, isPlusEnabled: true,
          minusAccessibilityLabel: "One time fewer", plusAccessibilityLabel: "One time more"))
    for _ in 0..<5 { model.quotaMinusTapped() }
    #expect(model.state.quota?.count == 1 && model.state.quota?.isMinusEnabled == false)
    #expect(model.state.quota?.text == "1 time a week")
    for _ in 0..<9 { model.quotaPlusTapped() }
    #expect(model.state.quota?.count == 6 && model.state.quota?.isPlusEnabled == false)
    model.kindTapped(.month)
    await model.settled()
    for _ in 0..<30 { model.quotaPlusTapped() }
    #expect(model.state.quota?.count == 30 && model.state.quota?.isPlusEnabled == false)
    // Back to a week, N comes within its counts.
    model.kindTapped(.week)
    await model.settled()
    #expect(model.choice == .quota(Quota(6, per: .week)!))
    model.kindTapped(.weekdays)
    await model.settled()
    #expect(model.state.quota == nil && model.state.rows.count == 7)
    #expect(model.choice == .weekdays([]))
  }

  /// Issue 49: N times in Y days, N between 1 and Y − 1, Y between 2 and 31; each stepper keeps
  /// the other's bound.
  @Test func theWindowsSteppersKeepNBelowYAndYWithinTwoToThirtyOne() async {
    let model = ScheduleViewModel(environment: TestWorld().environment(.en), days: [])
    await model.settled()
    model.kindTapped(.window)
    await model.settled()
    #expect(model.state.quota?.text == "3 times in 7 days" && model.state.windowDays?.text == "in 7 days")
    #expect(model.choice == .window(TimesInDays(3, in: 7)!))
    for _ in 0..<10 { model.quotaPlusTapped() }
    #expect(model.state.quota?.count == 6 && model.state.quota?.isPlusEnabled == false)
    // Y cannot go below N + 1: 7 stays while N is 6.
    model.windowDaysMinusTapped()
    await model.settled()
    #expect(model.state.windowDays?.count == 7 && model.state.windowDays?.isMinusEnabled == false)
    for _ in 0..<5 { model.quotaMinusTapped() }
    for _ in 0..<10 { model.windowDaysMinusTapped() }
    #expect(model.choice == .window(TimesInDays(1, in: 2)!))
    #expect(model.state.quota?.text == "1 time in 2 days")
    for _ in 0..<40 { model.windowDaysPlusTapped() }
    #expect(model.state.windowDays?.count == 31 && model.state.windowDays?.isPlusEnabled == false)
    model.kindTapped(.weekdays)
    await model.settled()
    #expect(model.state.windowDays == nil && model.state.quota == nil)
  }

  @Test(arguments: [(Language.en, "2 times in 10 days"), (.ru, "2 раза за 10 дней")])
  func aWindowHabitIsMadeFromTheFormAndEditedBack(language: Language, text: String) async throws {
    let world = try Self.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await Self.newHabit(flow, name: "Swim")
    try await flow.tapAndSettle("schedule")
    try await flow.tapAndSettle("schedule:window")
    try await flow.tapAndSettle("quota-minus")
    for _ in 0..<3 { try await flow.tapAndSettle("window-days-plus") }
    try await flow.tapAndSettle("done")
    #expect(formState(flow)?.scheduleValue == text)
    try await flow.tapAndSettle("create")
    let stored = try #require(try Self.stored(world, "Swim"))
    #expect(stored.window == TimesInDays(2, in: 10) && stored.isDue(on: day("2026-12-06")))
  }

  /// Issue 49: a measurable habit's target may be a week's or a month's; with N times in Y days
  /// (a window counts ticks) the form says why under the target and Create waits.
  @Test(arguments: [
    (
      Language.en,
      "“N times in Y days” counts ticks: a measurable tracker is due on weekdays or N times a week or a month."
    ),
    (
      .ru,
      "«N раз за Y дней» считает отметки: измеряемый трекер — по дням недели или N раз в неделю или в месяц."
    ),
  ])
  func aTargetOfAWeekIsMadeAndAWindowBesideAMeasureIsSaidAndWaits(language: Language, refusal: String)
    async throws
  {
    let world = try Self.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await Self.newHabit(flow, name: "Steps")
    try await flow.tapAndSettle("schedule")
    try await flow.tapAndSettle("schedule:window")
    try await flow.tapAndSettle("done")
    try await flow.tapAndSettle("measure:amount")
    try await flow.tapAndSettle("unit")
    try await flow.performAndSettle(.type("steps"))
    try await flow.tapAndSettle("target")
    try await flow.performAndSettle(.type("50000"))
    #expect(formState(flow)?.measure.targetError == refusal)
    #expect(formState(flow)?.isCreateEnabled == false)
    try await flow.tapAndSettle("schedule")
    try await flow.tapAndSettle("schedule:weekdays")
    for day in ["day:mon", "day:tue", "day:wed", "day:thu", "day:fri", "day:sat", "day:sun"] {
      try await flow.tapAndSettle(day)
    }
    try await flow.tapAndSettle("done")
    try await flow.tapAndSettle("target-period:week")
    #expect(formState(flow)?.measure.targetError == nil)
    #expect(formState(flow)?.measure.targetTitle == (language == .en ? "Target" : "Цель"))
    try await flow.tapAndSettle("create")
    let stored = try #require(try Self.stored(world, "Steps"))
    #expect(stored.measure.goal?.period == .week && stored.measure.goal?.target == Amount(units: 50_000))
  }

  @Test func theWeekdaysChosenStayWhileAQuotaIsTriedAndTheScreenFollowsTheLanguage() async {
    let world = TestWorld()
    let model = ScheduleViewModel(environment: world.environment(.ru), days: [.monday, .friday])
    await model.settled()
    #expect(
      model.state.kinds == [
        .init(kind: .weekdays, title: "Дни недели", isChosen: true),
        .init(kind: .week, title: "N раз в неделю", isChosen: false),
        .init(kind: .month, title: "N раз в месяц", isChosen: false),
        .init(kind: .window, title: "N раз за Y дней", isChosen: false),
      ])
    model.kindTapped(.month)
    await model.settled()
    #expect(model.state.rows.isEmpty)
    #expect(model.state.quota?.text == "3 раза в месяц")
    model.kindTapped(.weekdays)
    await model.settled()
    #expect(model.state.rows.filter(\.isOn).map(\.weekday) == [.monday, .friday])
    #expect(model.choice == .weekdays([.monday, .friday]))
  }

  @Test(arguments: [
    (Language.en, "abc", "Enter a number, like 12.5"), (.ru, "abc", "Введите число, например 12,5"),
    (.en, "-2", "The target cannot be below zero"), (.ru, "-2", "Цель не может быть меньше нуля"),
    (.en, "1.2345", "At most 3 digits after the point"),
    (.ru, "1,2345", "Не больше трёх знаков после запятой"),
    (.en, "0", "The target must be more than zero"), (.ru, "0,000", "Цель должна быть больше нуля"),
    (.en, "1000000000", "The target is too large"), (.ru, "1000000000", "Слишком большая цель"),
    (.en, "1,2,3", "Enter a number, like 12.5"),
  ])
  func aTargetThatIsNotANumberSaysWhyUnderTheFieldAndKeepsCreateDisabled(
    language: Language, text: String, message: String
  ) async throws {
    let (_, flow) = try await Self.newHabitForm(language, name: "Read", dueOn: "tue")
    try await flow.tapAndSettle("measure:amount")
    try await flow.tapAndSettle("unit")
    try await flow.performAndSettle(.type("p."))
    try await flow.tapAndSettle("target")
    try await flow.performAndSettle(.type(text))
    #expect(formState(flow)?.measure.targetError == message)
    #expect(formState(flow)?.measure.target == text)
    #expect(try !flow.find(.identifier("create")).isEnabled)
    try await flow.performAndSettle(.clear)
    // An empty field says nothing, as an empty name does.
    #expect(formState(flow)?.measure.targetError == nil)
    try await flow.performAndSettle(.type("20"))
    #expect(formState(flow)?.measure.targetError == nil)
    #expect(try flow.find(.identifier("create")).isEnabled)
  }

  @Test(arguments: [(Language.en, "12 character limit"), (.ru, "Ограничение 12 символов")])
  func aUnitOverTwelveCharactersIsRefused(language: Language, message: String) async throws {
    let world = try Self.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await Self.newHabit(flow, name: "Walk")
    try await flow.tapAndSettle("schedule")
    try await flow.tapAndSettle("day:tue")
    try await flow.tapAndSettle("done")
    try await flow.tapAndSettle("measure:amount")
    try await flow.tapAndSettle("target")
    try await flow.performAndSettle(.type("5"))
    try await flow.tapAndSettle("unit")
    try await flow.performAndSettle(.type(String(repeating: "ш", count: 12)))
    #expect(formState(flow)?.measure.unitError == nil)
    #expect(try flow.find(.identifier("create")).isEnabled)
    try await flow.performAndSettle(.type("ш"))
    #expect(formState(flow)?.measure.unitError == message)
    #expect(try !flow.find(.identifier("create")).isEnabled)
    // Yes/No needs no unit: the typed one stays for a switch back.
    try await flow.tapAndSettle("measure:yes-no")
    #expect(try flow.find(.identifier("create")).isEnabled)
    #expect(throws: FlowError.self) { try flow.find(.identifier("unit")) }
    try await flow.tapAndSettle("measure:amount")
    #expect(formState(flow)?.measure.unit == String(repeating: "ш", count: 13))
  }

  /// A measurable quota habit stored with amounts: 20 pages at least, 3 times a week.
  static func reading(_ direction: MeasureDirection = .atLeast) throws -> Tracker {
    var tracker = habit("Read", id: 10, created: "2026-11-01")
    tracker.kind = .habit(Schedule(quota: Quota(3, per: .week)!))
    tracker.measure = .measurable(
      try MeasureGoal(unit: "стр.", target: Amount(units: 20)!, direction: direction))
    return tracker
  }

  static func world(_ tracker: Tracker, _ records: [(String, Int?)]) throws -> TestWorld {
    let store = try InMemoryTrackerStore(
      contents: StoreContents(
        categories: [home], trackers: [tracker],
        records: records.map {
          TrackerRecord(trackerID: tracker.id, day: day($0.0), amount: $0.1.flatMap { Amount(units: $0) })
        }),
      settings: StoreSettings(isOnboardingDone: true))
    return TestWorld(store: store)
  }

  static func form(_ world: TestWorld, _ language: Language) async throws -> TrackerFormViewModel {
    let summary = try #require(try world.store.trackers().first)
    return await loaded(TrackerFormViewModel(environment: world.environment(language), mode: .edit(summary)))
  }

  /// Issue 49: a window habit's day is met by its window, so the edit form offers no day counter
  /// (one day more would fill several) and nothing is added on Save; back on weekdays it returns.
  @Test func aWindowHabitsEditFormHasNoDayCounter() async throws {
    var tracker = try Self.reading(.atLeast)
    tracker.measure = .yesNo
    tracker.kind = .habit(Schedule(window: try #require(TimesInDays(1, in: 3))))
    let world = try Self.world(tracker, [("2026-11-27", nil)])
    let model = try await Self.form(world, .en)
    #expect(model.state.dayCounter == nil && model.state.isCreateEnabled)
    model.daysPlusTapped()
    await model.settled()
    #expect(model.state.dayCounter == nil)
    model.scheduleChosen(.weekdays(.everyDay))
    await model.settled()
    #expect(model.state.dayCounter?.count == 1)
    model.scheduleChosen(.window(try #require(TimesInDays(1, in: 3))))
    await model.settled()
    model.createTapped()
    await model.settled()
    #expect(try world.store.records(trackerID: tracker.id).map(\.day) == [day("2026-11-27")])
  }

  @Test func editingAMeasurableQuotaHabitOpensWithItsValuesAndSaveWritesThem() async throws {
    var tracker = try Self.reading(.atMost)
    tracker.measure = .measurable(
      try MeasureGoal(unit: "стр.", target: Amount(parsing: "12.5"), direction: .atMost))
    let world = try Self.world(tracker, [])
    let model = try await Self.form(world, .ru)
    #expect(model.state.scheduleValue == "3 раза в неделю")
    #expect(model.state.measure.isMeasurable)
    #expect(model.state.measure.kinds.map(\.isChosen) == [false, true])
    #expect(model.unit == "стр." && model.target == "12,5")
    #expect(model.state.measure.directions.map(\.isChosen) == [false, true])
    #expect(model.state.isCreateEnabled && !model.hasChanges)
    model.target = "15"
    model.directionTapped(.atLeast)
    await model.settled()
    model.scheduleChosen(.quota(Quota(12, per: .month)!))
    await model.settled()
    #expect(model.state.scheduleValue == "12 раз в месяц")
    model.createTapped()
    await model.settled()
    let saved = try #require(try world.store.trackers().first?.tracker)
    #expect(
      saved.measure
        == .measurable(try MeasureGoal(unit: "стр.", target: Amount(units: 15)!, direction: .atLeast)))
    #expect(saved.quota == Quota(12, per: .month))
  }

  @Test func theScheduleOpensWithTheFormsQuota() async throws {
    let world = try Self.world(try Self.reading(), [])
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:Read")))
    try await flow.tapAndSettle("edit")
    try await flow.tapAndSettle("schedule")
    #expect(try flow.find(.identifier("schedule:week")).isChecked == true)
    guard case .schedule(let schedule)? = flow.view.presented.last else {
      Issue.record("not on the schedule")
      return
    }
    #expect(schedule.quota?.text == "3 times a week")
    try await flow.tapAndSettle("schedule:weekdays")
    try await flow.tapAndSettle("day:sat")
    try await flow.tapAndSettle("done")
    try await flow.tapAndSettle("create")
    #expect(try world.store.trackers().first?.tracker.kind == .habit(Schedule([.saturday])!))
  }

  @Test func aMeasurableTrackerMadeYesNoKeepsItsDaysAndLosesItsAmounts() async throws {
    let world = try Self.world(
      try Self.reading(), [("2026-11-27", 5), ("2026-11-28", 25), ("2026-11-29", nil)])
    let model = try await Self.form(world, .en)
    // Met days, as the card counts them: 25 and the record without an amount.
    #expect(model.state.dayCounter?.text == "2 days")
    model.measureKindTapped(.yesNo)
    await model.settled()
    // A yes/no tracker's records are all ticks.
    #expect(model.state.dayCounter?.text == "3 days")
    model.createTapped()
    await model.settled()
    let records = try world.store.records(trackerID: id(10))
    #expect(records.map(\.day) == [day("2026-11-27"), day("2026-11-28"), day("2026-11-29")])
    #expect(records.allSatisfy { $0.amount == nil })
    #expect(try world.store.trackers().first?.tracker.measure == .yesNo)
  }

  @Test func moreDaysOnAnAtLeastHabitMeetTheMostRecentUnmetDaysWithTheTarget() async throws {
    // Today is Monday 30 November; Sunday's 5 pages missed the 20.
    let world = try Self.world(try Self.reading(), [("2026-11-29", 5), ("2026-11-27", 25)])
    let model = try await Self.form(world, .ru)
    #expect(model.state.dayCounter?.text == "1 день")
    model.daysPlusTapped()
    await model.settled()
    model.daysPlusTapped()
    await model.settled()
    #expect(model.state.dayCounter?.text == "3 дня")
    model.createTapped()
    await model.settled()
    let records = try world.store.records(trackerID: id(10))
    // Today gets a record that counts as the target; Sunday's amount becomes the target.
    #expect(
      records == [
        TrackerRecord(trackerID: id(10), day: day("2026-11-27"), amount: Amount(units: 25)),
        TrackerRecord(trackerID: id(10), day: day("2026-11-29"), amount: Amount(units: 20)),
        TrackerRecord(trackerID: id(10), day: day("2026-11-30")),
      ])
  }

  /// The reading habit's form on a failing store, renamed "Read more" with two more days: today
  /// and Sunday, whose 5 pages missed the 20.
  static func renamedWithTwoMoreDays() async throws -> (TestWorld, FailingStore, TrackerFormViewModel) {
    let world = try Self.world(try Self.reading(), [("2026-11-29", 5), ("2026-11-27", 25)])
    let store = FailingStore(world.store)
    let summary = try #require(try world.store.trackers().first)
    let model = await loaded(
      TrackerFormViewModel(environment: world.environment(.en, store: store), mode: .edit(summary)))
    model.name = "Read more"
    model.daysPlusTapped()
    await model.settled()
    model.daysPlusTapped()
    await model.settled()
    return (world, store, model)
  }

  @Test func moreDaysOnAMeasurableHabitAreSavedInOneWrite() async throws {
    let (world, store, model) = try await Self.renamedWithTwoMoreDays()
    model.createTapped()
    await model.settled()
    // The new name, today's record and Sunday's amount raised to the target: one transaction.
    #expect(store.writes == ["updateTracker"])
    #expect(try Self.stored(world, "Read more") != nil)
    #expect(
      try world.store.records(trackerID: id(10)).map(\.amount) == [
        Amount(units: 25), Amount(units: 20), nil,
      ])
  }

  @Test func aRefusedSaveOfMoreDaysOnAMeasurableHabitLeavesNothingHalfWritten() async throws {
    let (world, store, model) = try await Self.renamedWithTwoMoreDays()
    let before = try world.store.contents()
    store.fail(.everyWrite(FailingStore.diskFull))
    model.createTapped()
    await model.settled()
    #expect(model.state.alert != nil)
    // Neither the new name, nor today's record, nor Sunday's raised amount.
    #expect(try world.store.contents() == before)
    // Saved again once the disk has room: everything at once.
    store.fail(.nothing)
    model.alertDismissed()
    await model.settled()
    model.createTapped()
    await model.settled()
    #expect(try Self.stored(world, "Read more") != nil)
    #expect(
      try world.store.records(trackerID: id(10)).map(\.amount) == [
        Amount(units: 25), Amount(units: 20), nil,
      ])
  }

  @Test func fewerDaysOnAnAtLeastHabitRemoveTheMostRecentMetRecordsOnly() async throws {
    let world = try Self.world(
      try Self.reading(), [("2026-11-29", 30), ("2026-11-28", 5), ("2026-11-27", 25)])
    let model = try await Self.form(world, .en)
    #expect(model.state.dayCounter?.count == 2)
    model.daysMinusTapped()
    await model.settled()
    model.daysMinusTapped()
    await model.settled()
    #expect(model.state.dayCounter?.count == 0 && model.state.dayCounter?.isMinusEnabled == false)
    model.daysMinusTapped()
    await model.settled()
    model.daysPlusTapped()
    await model.settled()
    model.daysMinusTapped()
    await model.settled()
    #expect(model.state.dayCounter?.count == 0)
    model.createTapped()
    await model.settled()
    // The amount that missed stays stored.
    #expect(
      try world.store.records(trackerID: id(10))
        == [TrackerRecord(trackerID: id(10), day: day("2026-11-28"), amount: Amount(units: 5))])
  }

  @Test func anAtMostHabitsMinusGoesNoLowerThanItOpened() async throws {
    var tracker = try Self.reading(.atMost)
    tracker.kind = .habit(.everyDay)
    tracker.createdOn = day("2026-11-27")
    // 27 and 28 within the target, 29 over it: two met days before today.
    let world = try Self.world(tracker, [("2026-11-28", 3), ("2026-11-29", 30)])
    let model = try await Self.form(world, .en)
    #expect(model.state.dayCounter?.count == 2 && model.state.dayCounter?.isMinusEnabled == false)
    model.daysPlusTapped()
    await model.settled()
    #expect(model.state.dayCounter?.isMinusEnabled == true)
    model.createTapped()
    await model.settled()
    // The day over the target became met: it holds the target.
    #expect(
      try world.store.records(trackerID: id(10)).last
        == TrackerRecord(trackerID: id(10), day: day("2026-11-29"), amount: Amount(units: 20)))
  }

  @Test func aLossPendingWhenTheMeasureChangesShowsOnlyWhatSaveRemoves() async throws {
    let world = try Self.world(try Self.reading(), [("2026-11-28", 25), ("2026-11-29", 30)])
    let model = try await Self.form(world, .en)
    model.daysMinusTapped()
    await model.settled()
    model.daysMinusTapped()
    await model.settled()
    #expect(model.state.dayCounter?.count == 0)
    // At most 20: every day since 1 November met but the two over it; none can be taken back.
    model.directionTapped(.atMost)
    await model.settled()
    #expect(model.state.dayCounter?.count == 27 && model.state.dayCounter?.isMinusEnabled == false)
    model.createTapped()
    await model.settled()
    #expect(try world.store.records(trackerID: id(10)).count == 2)
  }

  @Test func changingTheMeasureIsAChangeTheDiscardQuestionProtects() async throws {
    let world = try Self.world(try Self.reading(), [])
    let model = try await Self.form(world, .en)
    #expect(!model.hasChanges)
    model.target = "21"
    #expect(model.hasChanges)
    model.target = "20"
    #expect(!model.hasChanges)
    model.measureKindTapped(.yesNo)
    await model.settled()
    #expect(model.hasChanges)
  }
}
