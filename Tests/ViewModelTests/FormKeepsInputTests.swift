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

/// Issue 49, "A form that never loses what you typed": Cancel asks as Esc does, and a new habit's
/// form opens on the only category there is.
@MainActor
@Suite("The form keeps what was typed", .temporaryFolders)
struct FormKeepsInputTests {
  @Test(arguments: Language.allCases)
  func cancelOnAFormWithChangesAsksAndKeepEditingKeepsThem(language: Language) async throws {
    let world = try MeasureAndQuotaFormTests.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("name")
    try await flow.performAndSettle(.type("Read"))
    try await flow.tapAndSettle("cancel")
    let question = try #require(flow.sheet?.model(TrackerFormViewModel.self)?.state.discardQuestion)
    #expect(question.keepEditingTitle == (language == .ru ? "Продолжить" : "Keep editing"))
    try await flow.tapAndSettle("keep-editing")
    #expect(flow.screen == .trackerForm && flow.sheet?.model(TrackerFormViewModel.self)?.state.name == "Read")
    try await flow.tapAndSettle("cancel")
    try await flow.tapAndSettle("discard")
    #expect(flow.screen == .trackers)
    #expect(try world.store.trackers().isEmpty)
  }

  @Test func cancelOnAnUntouchedFormClosesIt() async throws {
    let world = try MeasureAndQuotaFormTests.world()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("cancel")
    #expect(flow.screen == .trackers)
  }

  @Test func aNewHabitsFormOpensOnTheOnlyCategoryAndIsStillUntouched() async throws {
    let world = try MeasureAndQuotaFormTests.world()  // one category: home
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    let form = try #require(flow.sheet?.model(TrackerFormViewModel.self)?.state)
    #expect(form.categoryValue == home.title)
    #expect(!form.hasChanges)
    try await flow.performAndSettle(.dismiss)
    #expect(flow.screen == .trackers)
  }

  @Test func withTwoCategoriesNoneIsChosenForTheUser() async throws {
    let world = try MeasureAndQuotaFormTests.world()
    try world.store.createCategory(TrackerCategory(id: id(2), title: "Work"))
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    #expect(flow.sheet?.model(TrackerFormViewModel.self)?.state.categoryValue == nil)
  }

  /// The date button writes dates as messages do: this year's day and month, another year's with
  /// its year (issue 49).
  @Test(arguments: [(Language.en, "30 Nov", "5 Dec 2025"), (.ru, "30 нояб.", "5 дек. 2025")])
  func theDateButtonWritesTheDayAsMessagesDo(language: Language, today: String, lastYear: String) async throws
  {
    let world = TestWorld()
    try world.store.saveSettings(StoreSettings(isOnboardingDone: true))
    let model = TrackersViewModel(environment: world.environment(language))
    #expect(model.state.dateText == today)
    model.daySelected(day("2025-12-05"))
    #expect(model.state.dateText == lastYear)
  }

  /// A category added from the form's list is checked and already the form's (issue 49).
  @Test func aCategoryAddedFromTheFormIsCheckedAndChosen() async throws {
    let world = try MeasureAndQuotaFormTests.world()
    try world.store.createCategory(TrackerCategory(id: id(2), title: "Work"))
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("category")
    try await flow.tapAndSettle("add-category")
    try await flow.tapAndSettle("title")
    try await flow.performAndSettle(.type("Sport"))
    try await flow.tapAndSettle("done")
    #expect(flow.screen == .categories)
    #expect(try flow.find(.identifier("category:Sport")).isChecked == true)
    try await flow.performAndSettle(.dismiss)
    #expect(flow.screen == .trackerForm)
    #expect(flow.sheet?.model(TrackerFormViewModel.self)?.state.categoryValue == "Sport")
  }

  /// A refused character is named in the refusal (issue 49), in both languages: a bidirectional
  /// override, and an invisible zero width space, alone (it would draw a blank name) or in a name
  /// (it would pass for another name beside it).
  @Test(arguments: [
    (Language.en, "Run\u{202E}", "The name contains a character that cannot be used: U+202E"),
    (.ru, "Run\u{202E}", "В названии есть недопустимый символ: U+202E"),
    (.en, "\u{200B}", "The name contains a character that cannot be used: U+200B"),
    (.ru, "\u{200B}", "В названии есть недопустимый символ: U+200B"),
    (.en, "Ho\u{200B}me", "The name contains a character that cannot be used: U+200B"),
  ])
  func aRefusedCharacterIsNamed(language: Language, typed: String, message: String) async throws {
    let world = try MeasureAndQuotaFormTests.world()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("name")
    try await flow.performAndSettle(.type(typed))
    #expect(flow.sheet?.model(TrackerFormViewModel.self)?.state.nameError == message)
  }

  /// A unit typed with an invisible character is refused as a name is, in both languages, and
  /// Create waits; a tracker kept from before with such a unit is edited and saved with it.
  @Test(arguments: [
    (Language.en, "The unit contains a character that cannot be used: U+200B"),
    (.ru, "В единице есть символ, который нельзя использовать: U+200B"),
  ])
  func aTypedUnitWithAnInvisibleCharacterIsRefusedAndAKeptOneIsKept(language: Language, message: String)
    async throws
  {
    let (_, flow) = try await MeasureAndQuotaFormTests.newHabitForm(language, name: "Run", dueOn: "mon")
    try await flow.tapAndSettle("measure:amount")
    try await flow.tapAndSettle("target")
    try await flow.performAndSettle(.type("5"))
    try await flow.tapAndSettle("unit")
    try await flow.performAndSettle(.type("km\u{200B}"))
    #expect(flow.sheet?.model(TrackerFormViewModel.self)?.state.measure.unitError == message)
    #expect(try !flow.find(.identifier("create")).isEnabled)
    try await flow.sendAndSettle(.textChanged(.unit, "km"))
    #expect(flow.sheet?.model(TrackerFormViewModel.self)?.state.measure.unitError == nil)
    #expect(try flow.find(.identifier("create")).isEnabled)

    // Kept from before (a backup): its unit passes while it is left as it is.
    var kept = try MeasureAndQuotaFormTests.reading()
    kept.measure = .measurable(
      try MeasureGoal(unit: "k\u{200B}m", target: Amount(units: 5)!, direction: .atLeast))
    let keptWorld = try MeasureAndQuotaFormTests.world(kept, [])
    let form = try await MeasureAndQuotaFormTests.form(keptWorld, language)
    #expect(form.state.measure.unitError == nil && form.state.isCreateEnabled)
    form.unit = "k\u{200B}ms"
    #expect(form.state.measure.unitError == message && !form.state.isCreateEnabled)
  }

  @Test func aCategoryMadeAndChosenStaysChosenWhenAnOlderReadArrivesAfterIt() async throws {
    let world = try MeasureAndQuotaFormTests.world()
    let store = FailingStore(world.store)
    let environment = world.environment(.en, store: store)
    let form = await loaded(TrackerFormViewModel(environment: environment, mode: .newHabit))
    // The next read of the form's, set off by a commit elsewhere, reads and then waits to answer.
    let gate = Gate()
    gate.close()
    defer { gate.open() }
    let isNextHeld = Watched(true)
    store.afterEachSnapshot {
      if isNextHeld.update({ isHeld in
        defer { isHeld = false }
        return isHeld
      }) {
        gate.passThrough()
      }
    }
    try world.store.createCategory(TrackerCategory(id: id(70), title: "Work"))
    #expect(await until { gate.waiting == 1 })
    // Meanwhile a category is made from the form's list and chosen, as its write's answer does.
    let garden = TrackerCategory(id: id(71), title: "Garden")
    try world.store.createCategory(garden)
    form.categoryChosen(garden.id)
    gate.open()
    await environment.settled()
    // The read from before the new category came after the choice: the choice stays.
    #expect(form.state.categoryValue == "Garden")
    #expect(form.categoryID == garden.id)
  }

  @Test func aChosenCategoryDeletedBeforeAnyReadHadItLeavesTheRowEmpty() async throws {
    let world = try MeasureAndQuotaFormTests.world()
    let environment = world.environment(.en)
    let form = await loaded(TrackerFormViewModel(environment: environment, mode: .newHabit))
    var heard = environment.access.changes().makeAsyncIterator()
    let gone = TrackerCategory(id: id(72), title: "Gone")
    try world.store.createCategory(gone)
    form.categoryChosen(gone.id)
    try world.store.deleteCategory(id: gone.id)
    // Both commits reached the screens (the form asked what it asks then), and their reads ended.
    _ = await heard.next()
    _ = await heard.next()
    await environment.settled()
    #expect(form.state.categoryValue == nil)
    #expect(form.categoryID == nil)
  }

  @Test func aCategoryDeletedElsewhereBeforeItWasChosenIsNotKeptChosen() async throws {
    // Chosen from a list read before another program deleted it: no commit comes after the
    // choice to tell of the deletion.
    let world = try MeasureAndQuotaFormTests.world()
    let environment = world.environment(.en)
    let form = await loaded(TrackerFormViewModel(environment: environment, mode: .newHabit))
    let gone = TrackerCategory(id: id(73), title: "Gone")
    var heard = environment.access.changes().makeAsyncIterator()
    try world.store.createCategory(gone)
    try world.store.deleteCategory(id: gone.id)
    _ = await heard.next()
    _ = await heard.next()
    await environment.settled()
    form.categoryChosen(gone.id)
    await environment.settled()
    #expect(form.state.categoryValue == nil)
    #expect(form.categoryID == nil)
  }
}
