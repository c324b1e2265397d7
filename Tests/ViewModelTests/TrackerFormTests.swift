import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels

@testable import TrackerViewModels

/// Seed, creating a tracker: algorithms 1–8 with every sub-point.
@MainActor
@Suite("Creating and editing trackers", .temporaryFolders)
struct TrackerFormTests {
  static let emojis = TrackerEmoji.all.map { TrackerFormViewModel.EmojiItem(emoji: $0, isSelected: false) }
  static let colors = TrackerColor.palette.map {
    TrackerFormViewModel.ColorItem(color: $0, isSelected: false)
  }

  @Test func creation1_aHabitHasAScheduleRow() async {
    let model = TrackerFormViewModel(environment: TestWorld().environment(.ru), mode: .newHabit)
    await model.settled()
    #expect(
      model.state
        == .init(
          title: "Новая привычка", name: "", namePlaceholder: "Введите название трекера",
          isClearVisible: false,
          clearAccessibilityLabel: "Очистить название", nameError: nil, categoryTitle: "Категория",
          categoryValue: nil,
          hasSchedule: true, scheduleTitle: "Расписание", scheduleValue: nil, emojiTitle: "Эмодзи",
          emojis: Self.emojis,
          colorTitle: "Цвет", colors: Self.colors, dayCounter: nil, cancelTitle: "Отменить",
          createTitle: "Создать",
          isCreateEnabled: false,
          measure: .init(
            title: "Учёт",
            kinds: [
              .init(value: .yesNo, title: "Да / Нет", isChosen: true),
              .init(value: .amount, title: "Количество", isChosen: false),
            ],
            isMeasurable: false, unit: "", unitTitle: "Единица", unitPlaceholder: "км, стр.…", target: "",
            targetTitle: "Цель на день", targetPlaceholder: "20",
            directions: [
              .init(value: .atLeast, title: "Не меньше", isChosen: true),
              .init(value: .atMost, title: "Не больше", isChosen: false),
            ],
            targetPeriods: [
              .init(value: .day, title: "в день", isChosen: true),
              .init(value: .week, title: "в неделю", isChosen: false),
              .init(value: .month, title: "в месяц", isChosen: false),
            ]),
          reminders: .init(
            title: "Напоминания", rows: [], addTitle: "Добавить напоминание", isAddEnabled: true)))
  }

  @Test func creation1_anIrregularEventHasNoScheduleRow() async {
    let model = TrackerFormViewModel(environment: TestWorld().environment(.en), mode: .newEvent)
    await model.settled()
    #expect(
      model.state
        == .init(
          title: "New irregular event", name: "", namePlaceholder: "Enter tracker name",
          isClearVisible: false,
          clearAccessibilityLabel: "Clear name", nameError: nil, categoryTitle: "Category",
          categoryValue: nil,
          hasSchedule: false, scheduleTitle: "Schedule", scheduleValue: nil, emojiTitle: "Emoji",
          emojis: Self.emojis,
          colorTitle: "Color", colors: Self.colors, dayCounter: nil, cancelTitle: "Cancel",
          createTitle: "Create",
          isCreateEnabled: false,
          measure: .init(
            title: "Measure",
            kinds: [
              .init(value: .yesNo, title: "Yes / No", isChosen: true),
              .init(value: .amount, title: "Measurable", isChosen: false),
            ],
            isMeasurable: false, unit: "", unitTitle: "Unit", unitPlaceholder: "km, pages…", target: "",
            targetTitle: "Daily target", targetPlaceholder: "20",
            directions: [
              .init(value: .atLeast, title: "At least", isChosen: true),
              .init(value: .atMost, title: "At most", isChosen: false),
            ]),
          reminders: .init(title: "Reminders", rows: [], addTitle: "Add a reminder", isAddEnabled: true)))
  }

  @Test func creation2i_theClearButtonAppearsFromOneCharacterAndEmptiesTheField() {
    let model = TrackerFormViewModel(environment: TestWorld().environment(.ru), mode: .newHabit)
    model.nameChanged("П")
    #expect(model.state.isClearVisible)
    model.clearNameTapped()
    #expect(model.state.name == "" && !model.state.isClearVisible && model.state.nameError == nil)
  }

  @Test(arguments: [("ru", "Ограничение 38 символов"), ("en", "38 character limit")])
  func creation2ii_iii_thirtyEightCharactersAreFineThirtyNineShowTheError(language: String, message: String) {
    let model = TrackerFormViewModel(
      environment: TestWorld().environment(language == "ru" ? .ru : .en), mode: .newHabit)
    model.nameChanged(String(repeating: "ж", count: 38))
    #expect(model.state.nameError == nil)
    model.nameChanged(String(repeating: "ж", count: 39))
    #expect(model.state.nameError == message)
    #expect(!model.state.isCreateEnabled)
  }

  @Test func creation3i_theCategoryListShowsAPlaceholderWhenThereAreNone() async {
    let model = CategoryListViewModel(environment: TestWorld().environment(.ru), checked: nil)
    await model.settled()
    #expect(
      model.state
        == .init(
          title: "Категория", rows: [], placeholder: "Привычки и события можно объединить по смыслу",
          addTitle: "Добавить категорию", checkedAccessibilityLabel: "Выбрано", deleteConfirmation: nil))
  }

  @Test func creation3ii_theLastChosenCategoryHasTheCheckmark() async throws {
    let world = TestWorld()
    try world.store.createCategory(home)
    try world.store.createCategory(joys)
    let first = CategoryListViewModel(environment: world.environment(.ru), checked: nil)
    await first.settled()
    #expect(first.state.rows.map(\.isChecked) == [false, false])
    first.categoryTapped(joys.id)
    await first.settled()
    let later = CategoryListViewModel(environment: world.environment(.ru), checked: nil)
    await later.settled()
    #expect(
      later.state.rows == [
        .init(id: home.id, title: "Домашний уют", isChecked: false),
        .init(id: joys.id, title: "Радостные мелочи", isChecked: true),
      ])
  }

  @Test func creation3a_b_doneIsDisabledUntilATitleIsTyped() async {
    let model = CategoryFormViewModel(environment: TestWorld().environment(.ru))
    await model.settled()
    #expect(
      model.state
        == .init(
          title: "Новая категория", text: "", placeholder: "Введите название категории", error: nil,
          doneTitle: "Готово",
          isDoneEnabled: false))
    model.textChanged("С")
    await model.settled()
    #expect(model.state.isDoneEnabled && model.state.error == nil)
    model.textChanged("   ")
    await model.settled()
    #expect(!model.state.isDoneEnabled)
  }

  @Test func creation3c_d_aNewCategoryComesBackCheckedAndChoosingItFillsTheForm() async throws {
    let world = TestWorld(store: try TestWorld.demo().store)
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.performAndSettle(.tap(.label("Привычка")))
    try await flow.tapAndSettle("category")
    #expect(flow.screen == .categories)
    try await flow.performAndSettle(.tap(.label("Добавить категорию")))
    #expect(flow.screen == .categoryForm)
    try await flow.tapAndSettle("title")
    try await flow.performAndSettle(.type("Спорт"))
    try await flow.performAndSettle(.tap(.label("Готово")))
    guard case .categories(let list)? = flow.view.presented.last else {
      Issue.record("not on the list")
      return
    }
    #expect(list.rows.map(\.title) == ["Домашний уют", "Радостные мелочи", "Спорт"])
    #expect(list.rows.map(\.isChecked) == [false, false, true])
    try await flow.performAndSettle(.tap(.label("Спорт")))
    guard case .trackerForm(let form)? = flow.view.presented.last else {
      Issue.record("not on the form")
      return
    }
    #expect(form.categoryValue == "Спорт")
  }

  @Test func creation4_theScheduleShowsShortNamesOrEveryDay() async throws {
    let world = TestWorld()
    let flow = await AppFlow.launch(environment: try showMain(world))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("schedule")
    guard case .schedule(let schedule)? = flow.view.presented.last else {
      Issue.record("no schedule")
      return
    }
    #expect(
      schedule.rows.map(\.title) == [
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
      ])
    #expect(schedule.rows.allSatisfy { !$0.isOn })
    try await flow.tapAndSettle("day:fri")
    try await flow.tapAndSettle("day:mon")
    try await flow.performAndSettle(.tap(.label("Done")))
    #expect(formState(flow)?.scheduleValue == "Mon, Fri")
    try await flow.tapAndSettle("schedule")
    for code in ["tue", "wed", "thu", "sat", "sun"] { try await flow.tapAndSettle("day:\(code)") }
    try await flow.tapAndSettle("done")
    #expect(formState(flow)?.scheduleValue == "Every day")
  }

  @Test func creation4_inRussian() {
    let model = TrackerFormViewModel(environment: TestWorld().environment(.ru), mode: .newHabit)
    model.scheduleChosen([.monday, .wednesday, .sunday])
    #expect(model.state.scheduleValue == "Пн, Ср, Вс")
    model.scheduleChosen(.everyDay)
    #expect(model.state.scheduleValue == "Каждый день")
  }

  @Test func creation5_6_theChosenEmojiAndColorAreMarked() {
    let model = TrackerFormViewModel(environment: TestWorld().environment(.en), mode: .newEvent)
    model.emojiTapped(4)
    model.colorTapped(17)
    #expect(model.state.emojis.map(\.isSelected) == (0..<18).map { $0 == 4 })
    #expect(model.state.colors.map(\.isSelected) == (0..<18).map { $0 == 17 })
    model.emojiTapped(0)
    #expect(model.state.emojis.filter(\.isSelected).map(\.emoji) == ["🙂"])
  }

  @Test func creation7_cancelCreatesNothing() async throws {
    let world = try TestWorld.demo()
    let before = try world.store.contents()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("event")
    try await flow.tapAndSettle("name")
    try await flow.performAndSettle(.type("Лишнее"))
    try await flow.performAndSettle(.tap(.label("Отменить")))
    // What was typed is not thrown away unasked (issue 49): the question, then Discard.
    #expect(flow.screen == .trackerForm)
    try await flow.performAndSettle(.tap(.label("Не сохранять")))
    #expect(flow.screen == .trackers)
    #expect(try world.store.contents() == before)
  }

  @Test func creation8_createIsEnabledOnlyWhenEverythingIsFilledThenTheHabitShowsInItsCategory() async throws
  {
    let world = try TestWorld.demo()
    let environment = world.environment(.ru)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    func createEnabled() throws -> Bool { try flow.find(.identifier("create")).isEnabled }
    try await flow.tapAndSettle("name")
    try await flow.performAndSettle(.type("Читать"))
    #expect(try !createEnabled())
    try await flow.tapAndSettle("category")
    try await flow.tapAndSettle("category:Радостные мелочи")
    #expect(try !createEnabled())
    try await flow.tapAndSettle("schedule")
    try await flow.tapAndSettle("day:mon")
    try await flow.tapAndSettle("done")
    #expect(try !createEnabled())
    try await flow.tapAndSettle("emoji:3")
    #expect(try !createEnabled())
    try await flow.tapAndSettle("color:5")
    #expect(try createEnabled())
    try await flow.performAndSettle(.tap(.label("Создать")))
    #expect(flow.screen == .trackers)
    guard case .trackers(let main) = flow.view.base else {
      Issue.record("not on main")
      return
    }
    let joys = try #require(main.sections.first { $0.title == "Радостные мелочи" })
    #expect(
      joys.cards.first { $0.name == "Читать" }
        == .init(
          id: id(101), name: "Читать", emoji: "🌺", color: TrackerColor.palette[4], dayCounter: "0 дней",
          isCompleted: false, isCompleteEnabled: true, isPinned: false,
          completeAccessibilityLabel: "Отметить выполненным", actions: russianActions(.done, .dayOff)))
  }

  @Test func duplicateNamesAreRefused() async throws {
    let world = try TestWorld.demo()
    let model = TrackerFormViewModel(environment: world.environment(.ru), mode: .newHabit)
    await model.settled()
    model.nameChanged("поливать РАСТЕНИЯ")
    await model.settled()
    #expect(model.state.nameError == "Трекер с таким названием уже есть")
    let category = CategoryFormViewModel(environment: world.environment(.en))
    await category.settled()
    category.textChanged("домашний уют")
    await category.settled()
    #expect(category.state.error == "A category with this name already exists")
    #expect(!category.state.isDoneEnabled)
  }

  @Test func editingShowsTheFormFilledWithTheDayCounter() async throws {
    let world = try TestWorld.demo()
    let summary = try #require(try world.store.trackers().first { $0.tracker.name == "Поливать растения" })
    let model = TrackerFormViewModel(environment: world.environment(.ru), mode: .edit(summary))
    await model.settled()
    #expect(model.state.title == "Редактирование привычки")
    #expect(model.state.name == "Поливать растения" && model.state.categoryValue == "Домашний уют")
    #expect(model.state.scheduleValue == "Каждый день")
    #expect(model.state.createTitle == "Сохранить" && model.state.isCreateEnabled)
    #expect(
      model.state.dayCounter
        == .init(
          text: "10 дней", count: 10, isMinusEnabled: true, minusAccessibilityLabel: "На день меньше",
          plusAccessibilityLabel: "На день больше"))
  }

  @Test func editPlusAndMinusApplyOnlyOnSave() async throws {
    let world = try TestWorld.demo()
    let summary = try #require(try world.store.trackers().first { $0.tracker.name == "Поливать растения" })
    let model = TrackerFormViewModel(environment: world.environment(.ru), mode: .edit(summary))
    await model.settled()
    model.daysPlusTapped()
    await model.settled()
    model.daysPlusTapped()
    await model.settled()
    #expect(model.state.dayCounter?.text == "12 дней")
    #expect(try world.store.recordDays(trackerID: summary.tracker.id).count == 10)
    model.createTapped()
    await model.settled()
    // Two more: today (due, not done) and the most recent due day before the ten recorded.
    let days = try world.store.recordDays(trackerID: summary.tracker.id)
    #expect(days.count == 12)
    #expect(days.contains(day("2026-11-30")) && days.contains(day("2026-11-19")))
  }

  @Test func editMinusRemovesTheMostRecentRecordsAndCannotGoBelowZero() async throws {
    let world = try TestWorld.demo()
    let summary = try #require(
      try world.store.trackers().first { $0.tracker.name == "Бабушка прислала открытку в вотсапе" })
    let model = TrackerFormViewModel(environment: world.environment(.en), mode: .edit(summary))
    await model.settled()
    model.daysMinusTapped()
    await model.settled()
    model.daysMinusTapped()
    await model.settled()
    #expect(model.state.dayCounter?.count == 0)
    #expect(model.state.dayCounter?.isMinusEnabled == false)
    model.cancelTapped()
    await model.settled()
    #expect(try world.store.recordDays(trackerID: summary.tracker.id).count == 1)
    model.createTapped()
    await model.settled()
    #expect(try world.store.recordDays(trackerID: summary.tracker.id).isEmpty)
  }
}

/// Finishes onboarding in `world` and returns its English environment.
@MainActor
func showMain(_ world: TestWorld) throws -> AppEnvironment {
  try world.store.saveSettings(StoreSettings(isOnboardingDone: true))
  return world.environment(.en)
}

@MainActor
func formState(_ flow: AppFlow) -> TrackerFormViewModel.State? {
  for screen in flow.view.presented.reversed() {
    if case .trackerForm(let state) = screen { return state }
  }
  return nil
}

/// Leaving a form (issue 30, item 1): changes are never thrown away without a word.
@MainActor
@Suite("Leaving the tracker form", .temporaryFolders)
struct LeavingTheFormTests {
  @Test(arguments: [
    (Language.en, "Discard your changes?", "Discard", "Keep editing"),
    (.ru, "Не сохранять изменения?", "Не сохранять", "Продолжить"),
  ])
  func leavingAFormWithChangesAsksFirstAndAnUntouchedOneClosesAtOnce(
    language: Language, question: String, discard: String, keep: String
  ) async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    func form() -> TrackerFormViewModel.State? { formState(flow) }
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    // Untouched: Esc closes it.
    try await flow.performAndSettle(.dismiss)
    #expect(form() == nil && flow.screen == .trackers)
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("name")
    try await flow.performAndSettle(.type("Run"))
    try await flow.performAndSettle(.dismiss)
    #expect(
      form()?.discardQuestion
        == TrackerFormViewModel.State.DiscardQuestion(
          text: question, discardTitle: discard, keepEditingTitle: keep))
    #expect(flow.elements.map(\.id) == ["discard", "keep-editing"])
    // Keep editing (or Esc again): the form stays as it was.
    try await flow.tapAndSettle("keep-editing")
    #expect(form()?.name == "Run" && form()?.discardQuestion == nil)
    try await flow.performAndSettle(.dismiss)
    try await flow.performAndSettle(.dismiss)
    #expect(form()?.name == "Run" && form()?.discardQuestion == nil)
    // Discard: the form closes, nothing saved.
    try await flow.performAndSettle(.dismiss)
    try await flow.tapAndSettle("discard")
    #expect(form() == nil && flow.screen == .trackers)
    #expect(try world.store.trackers().allSatisfy { $0.tracker.name != "Run" })
  }
}
