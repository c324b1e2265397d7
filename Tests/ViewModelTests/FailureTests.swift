import FailingStores
import FlowTestSupport
import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TrackerViewModels

/// A store that refuses: every screen says why in an alert and keeps showing what is really
/// stored (docs/native-client.md, "Every failure reaches the user").
@MainActor
@Suite("Failed saves and reads", .temporaryFolders)
struct FailureTests {
  /// The alert for a read-only data file.
  func couldNotSave(_ language: Language) -> AlertState {
    language == .ru
      ? AlertState(
        title: "Не удалось сохранить",
        message: "Файл с данными нельзя изменить: он или его папка только для чтения.",
        buttons: [.init(title: "Ок", action: .dismiss)])
      : AlertState(
        title: "Couldn't save", message: "The data file can't be changed: it or its folder is read-only.",
        buttons: [.init(title: "OK", action: .dismiss)])
  }

  /// The alert for a disk that fails while reading.
  func couldNotRead(_ language: Language) -> AlertState {
    language == .ru
      ? AlertState(
        title: "Не удалось прочитать данные", message: "Диск сообщил об ошибке при работе с файлом данных.",
        buttons: [.init(title: "Ок", action: .dismiss)])
      : AlertState(
        title: "Couldn't read your data", message: "The disk reported an error while using the data file.",
        buttons: [.init(title: "OK", action: .dismiss)])
  }

  /// The demo in `language` behind a store that can be told to fail, and the demo's names.
  func demo(_ language: Language) throws -> (world: TestWorld, store: FailingStore, names: [String]) {
    let demo = DemoData(today: day("2026-11-30"), language: language == .ru ? .russian : .english)
    let world = try TestWorld.demo(language == .ru ? .russian : .english)
    return (world, FailingStore(world.store), demo.trackers.map(\.name))
  }

  @Test(arguments: Language.allCases)
  func aRefusedCompletionShowsCouldntSaveAndTheCardStaysUnmarked(language: Language) async throws {
    let (world, store, names) = try demo(language)
    let flow = await AppFlow.launch(environment: world.environment(language, store: store))
    await flow.settled()
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("complete:" + names[0])
    #expect(flow.view.alert == couldNotSave(language))
    #expect(flow.view.card(names[0])?.isCompleted == false)
    #expect(flow.view.card(names[0])?.dayCounter == (language == .ru ? "10 дней" : "10 days"))
    #expect(try world.store.completedTrackerIDs(on: day("2026-11-30")).count == 1)
    #expect(flow.elements.map(\.id) == ["ok"])
    try await flow.tapAndSettle("ok")
    #expect(flow.view.alert == nil)
    #expect(store.failures == ["setCompleted"])
  }

  @Test func aRefusedPinKeepsTheCardWhereItWas() async throws {
    let (world, store, names) = try demo(.ru)
    let flow = await AppFlow.launch(environment: world.environment(.ru, store: store))
    await flow.settled()
    store.fail(.nextWrite(FailingStore.diskFull))
    try await flow.performAndSettle(.longPress(.identifier("card:" + names[1])))
    try await flow.tapAndSettle("pin")
    #expect(flow.view.alert?.title == "Не удалось сохранить")
    #expect(flow.view.alert?.message == "Диск заполнен. Освободите место и попробуйте ещё раз.")
    #expect(flow.view.main?.sections.first?.cards.map(\.name) == [names[0]])
    #expect(flow.view.main?.menu == nil)
    #expect(try world.store.trackers().filter(\.tracker.isPinned).count == 1)
  }

  @Test func aRefusedDeleteKeepsTheTrackerAndItsRecords() async throws {
    let (world, store, names) = try demo(.en)
    let flow = await AppFlow.launch(environment: world.environment(.en, store: store))
    await flow.settled()
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.performAndSettle(.longPress(.identifier("card:" + names[1])))
    try await flow.tapAndSettle("delete")
    try await flow.tapAndSettle("confirm")
    #expect(flow.view.alert == couldNotSave(.en))
    #expect(flow.view.card(names[1]) != nil)
    #expect(try world.store.trackers().count == DemoData(today: day("2026-11-30")).trackers.count)
    #expect(try world.store.allRecords().count == 20)
  }

  @Test(arguments: Language.allCases)
  func aRefusedCreateKeepsTheFormOpenWithCreateEnabledAndTheReason(language: Language) async throws {
    let (world, store, _) = try demo(language)
    let flow = await AppFlow.launch(environment: world.environment(language, store: store))
    await flow.settled()
    for id in ["add", "habit", "name"] { try await flow.tapAndSettle(id) }
    try await flow.performAndSettle(.type("Run"))
    try await flow.tapAndSettle("category")
    try await flow.tapAndSettle("category:" + (language == .ru ? "Домашний уют" : "Home comfort"))
    for id in ["schedule", "day:mon", "done", "emoji:1", "color:1"] { try await flow.tapAndSettle(id) }
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("create")
    #expect(flow.screen == .trackerForm)
    #expect(flow.view.alert == couldNotSave(language))
    guard case .trackerForm(let form)? = flow.view.presented.last else {
      Issue.record("the form closed")
      return
    }
    #expect(form.name == "Run" && form.isCreateEnabled && form.nameError == nil)
    #expect(try world.store.trackers().count == DemoData(today: day("2026-11-30")).trackers.count)
    try await flow.tapAndSettle("ok")
    try await flow.tapAndSettle("create")
    #expect(flow.screen == .trackers)
    #expect(flow.view.card("Run") != nil)
  }

  @Test func aRefusedEditKeepsTheTrackerAsItWas() async throws {
    let (world, store, names) = try demo(.en)
    let flow = await AppFlow.launch(environment: world.environment(.en, store: store))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:" + names[0])))
    try await flow.tapAndSettle("edit")
    try await flow.tapAndSettle("name")
    try await flow.performAndSettle(.clear)
    try await flow.performAndSettle(.type("Water the garden"))
    try await flow.tapAndSettle("days-plus")
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("create")
    #expect(flow.screen == .trackerForm)
    #expect(flow.view.alert == couldNotSave(.en))
    let stored = try world.store.trackers().first {
      $0.tracker.id == DemoData(today: day("2026-11-30")).trackers[0].id
    }
    #expect(stored?.tracker.name == names[0])
    #expect(stored?.recordCount == 10)
  }

  @Test func anUnreadableHistoryKeepsTheEditFormOpenAndAddsNoDays() async throws {
    let (world, store, names) = try demo(.ru)
    let flow = await AppFlow.launch(environment: world.environment(.ru, store: store))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:" + names[0])))
    try await flow.tapAndSettle("edit")
    try await flow.tapAndSettle("days-plus")
    try await flow.tapAndSettle("days-plus")
    store.fail(.nextRead(FailingStore.ioError))
    try await flow.tapAndSettle("create")
    #expect(store.failures == ["records"])
    #expect(flow.screen == .trackerForm)
    #expect(flow.view.alert == couldNotRead(.ru))
    guard case .trackerForm(let form)? = flow.view.presented.last else {
      Issue.record("another screen is presented: \(String(describing: flow.view.presented.last))")
      return
    }
    #expect(form.dayCounter?.text == "12 дней")
    #expect(
      try world.store.recordDays(trackerID: DemoData(today: day("2026-11-30")).trackers[0].id).count == 10)
  }

  @Test(arguments: Language.allCases)
  func aRefusedNewCategoryKeepsTheCategoryFormOpen(language: Language) async throws {
    let (world, store, _) = try demo(language)
    let flow = await AppFlow.launch(environment: world.environment(language, store: store))
    await flow.settled()
    for id in ["add", "habit", "category", "add-category", "title"] { try await flow.tapAndSettle(id) }
    try await flow.performAndSettle(.type("Sport"))
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("done")
    #expect(flow.screen == .categoryForm)
    #expect(flow.view.alert == couldNotSave(language))
    guard case .categoryForm(let form)? = flow.view.presented.last else {
      Issue.record("another screen is presented: \(String(describing: flow.view.presented.last))")
      return
    }
    #expect(form.text == "Sport" && form.isDoneEnabled && form.error == nil)
    #expect(try world.store.categories().count == 2)
    // OK closes the sheet's alert and leaves the form as it was; Done again saves.
    try await flow.tapAndSettle("ok")
    #expect(flow.view.alert == nil && flow.screen == .categoryForm)
    try await flow.tapAndSettle("done")
    #expect(try world.store.categories().count == 3)
    #expect(flow.screen == .categories)
  }

  @Test func aRefusedRenameKeepsTheOldTitle() async throws {
    let (world, store, _) = try demo(.ru)
    let flow = await AppFlow.launch(environment: world.environment(.ru, store: store))
    await flow.settled()
    for id in ["add", "habit", "category"] { try await flow.tapAndSettle(id) }
    try await flow.performAndSettle(.longPress(.identifier("category:Домашний уют")))
    try await flow.tapAndSettle("edit")
    try await flow.tapAndSettle("title")
    try await flow.performAndSettle(.type("!"))
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("done")
    #expect(flow.view.alert == couldNotSave(.ru))
    #expect(try world.store.categories().map(\.title) == ["Домашний уют", "Радостные мелочи"])
    try await flow.tapAndSettle("ok")
    try await flow.performAndSettle(.dismiss)
    guard case .categories(let list)? = flow.view.presented.last else {
      Issue.record("another screen is presented: \(String(describing: flow.view.presented.last))")
      return
    }
    #expect(list.rows.map(\.title) == ["Домашний уют", "Радостные мелочи"])
  }

  @Test func aRefusedCategoryDeletionKeepsTheCategoryAndItsTrackers() async throws {
    let (world, store, _) = try demo(.ru)
    let flow = await AppFlow.launch(environment: world.environment(.ru, store: store))
    await flow.settled()
    for id in ["add", "habit", "category"] { try await flow.tapAndSettle(id) }
    try await flow.performAndSettle(.longPress(.identifier("category:Радостные мелочи")))
    try await flow.tapAndSettle("delete")
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("confirm")
    #expect(flow.view.alert == couldNotSave(.ru))
    guard case .categories(let list)? = flow.view.presented.last else {
      Issue.record("another screen is presented: \(String(describing: flow.view.presented.last))")
      return
    }
    #expect(list.rows.map(\.title) == ["Домашний уют", "Радостные мелочи"])
    #expect(list.deleteConfirmation == nil)
    #expect(try world.store.trackers().count == DemoData(today: day("2026-11-30")).trackers.count)
  }

  @Test func aCategoryThatCannotBeRememberedIsNotChosenAndTheListSaysWhy() async throws {
    let (world, store, _) = try demo(.en)
    let flow = await AppFlow.launch(environment: world.environment(.en, store: store))
    await flow.settled()
    for id in ["add", "habit", "category"] { try await flow.tapAndSettle(id) }
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("category:Little joys")
    #expect(flow.screen == .categories)
    #expect(flow.view.alert == couldNotSave(.en))
    #expect(try world.store.settings().lastChosenCategoryID == nil)
  }

  @Test(arguments: Language.allCases)
  func aFilterThatCannotBeRememberedStillFiltersAndSaysSo(language: Language) async throws {
    let (world, store, names) = try demo(language)
    let flow = await AppFlow.launch(environment: world.environment(language, store: store))
    await flow.settled()
    try await flow.tapAndSettle("filters")
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("filter:completed")
    #expect(flow.view.alert == couldNotSave(language))
    #expect(flow.view.main?.filter == .completed)
    #expect(flow.view.main?.sections.flatMap(\.cards).map(\.name) == [names[3]])
    #expect(try world.store.settings().filter == .all)
  }

  /// Another program chooses a filter while this screen's own save of one waits: the screen keeps
  /// its choice meanwhile, and when its save fails it shows what is stored (before, the filter
  /// read meanwhile was dropped, and the screen went on with a filter stored nowhere).
  @Test func aFilterThatCannotBeRememberedGivesWayToOneChosenElsewhereMeanwhile() async throws {
    let (world, store, _) = try demo(.en)
    let environment = world.environment(.en, store: store)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("filters")
    let gate = Gate()
    gate.close()
    store.beforeEachWrite { gate.passThrough() }
    defer { gate.open() }
    try flow.tap("filter:completed")
    #expect(await until { gate.waiting == 1 })
    var heard = environment.access.changes().makeAsyncIterator()
    try world.store.updateSettings { $0.filter = .today }
    _ = await heard.next()
    await environment.access.settled(readsOnly: true)
    #expect(flow.view.main?.filter == .completed)
    store.fail(.nextWrite(FailingStore.readOnly))
    store.beforeEachWrite(nil)
    gate.open()
    await flow.settled()
    #expect(flow.view.alert == couldNotSave(.en))
    #expect(flow.view.main?.filter == .today)
    #expect(try world.store.settings().filter == .today)
  }

  /// Two filters chosen while the file is busy, and both saves fail: the screen knows the filter
  /// stored before both, so another program storing the first one shows it. Before, the screen
  /// took the first one for stored, and that program's choice was no news.
  @Test func twoFilterSavesThatBothFailLeaveTheScreenKnowingWhatIsStored() async throws {
    let (world, store, _) = try demo(.en)
    let environment = world.environment(.en, store: store)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    let (first, second) = store.twoWriteGates()
    defer {
      first.open()
      second.open()
    }
    store.fail(.everyWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("filters")
    try flow.tap("filter:completed")
    #expect(await until { first.waiting == 1 })
    // The first save waits at its gate: the sheet is opened without awaiting the store's work.
    try flow.tap("filters")
    #expect(await until { (try? flow.find(.identifier("filter:today"))) != nil })
    try flow.tap("filter:today")
    first.open()
    second.open()
    await flow.settled()
    #expect(flow.view.main?.filter == .today)
    store.fail(.nothing)
    try world.store.updateSettings { $0.filter = .completed }
    #expect(await until { flow.view.main?.filter == .completed })
  }

  @Test(arguments: Language.allCases)
  func onboardingThatCannotBeSavedStaysWithTheReason(language: Language) async throws {
    let world = TestWorld()
    let store = FailingStore(world.store)
    let flow = await AppFlow.launch(environment: world.environment(language, store: store))
    await flow.settled()
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("start")
    #expect(flow.screen == .onboarding)
    #expect(flow.view.alert == couldNotSave(language))
    #expect(try world.store.settings().isOnboardingDone == false)
    try await flow.tapAndSettle("ok")
    try await flow.tapAndSettle("start")
    #expect(flow.screen == .trackers)
  }

  @Test func onboardingNeverSavesDefaultsOverSettingsItCouldNotRead() async throws {
    // The button reads no settings of its own to save them back: it changes its one field inside
    // the write (`updateSettings`), so a read failing then cannot put defaults over the rest.
    let world = TestWorld()
    try world.store.saveSettings(StoreSettings(isOnboardingDone: false, filter: .completed))
    let store = FailingStore(world.store)
    let flow = await AppFlow.launch(environment: world.environment(.en, store: store))
    await flow.settled()
    store.fail(.nextRead(FailingStore.ioError))
    try await flow.tapAndSettle("start")
    #expect(flow.screen == .trackers)
    #expect(try world.store.settings() == StoreSettings(isOnboardingDone: true, filter: .completed))
  }

  @Test(arguments: Language.allCases)
  func anUnreadableStoreShowsTheAlertNotTheWhatAreWeGoingToTrackPlaceholder(language: Language) async throws {
    let (world, store, _) = try demo(language)
    store.fail(.everyRead(FailingStore.ioError))
    let flow = await AppFlow.launch(environment: world.environment(language, store: store))
    await flow.settled()
    #expect(flow.screen == .trackers)
    #expect(flow.view.alert == couldNotRead(language))
    #expect(flow.view.main?.placeholder == nil)
    #expect(flow.view.main?.sections == [])
  }

  @Test func aFailedReadAfterAChangeKeepsTheCardsOnScreen() async throws {
    let (world, store, names) = try demo(.ru)
    let flow = await AppFlow.launch(environment: world.environment(.ru, store: store))
    await flow.settled()
    let published = PublishedViews(flow)
    let before = flow.view.main?.sections
    store.fail(.everyRead(FailingStore.ioError))
    try await Task.detached {
      try world.store.deleteTracker(id: DemoData(today: day("2026-11-30")).trackers[1].id)
    }
    .value
    let alerted = await published.next(after: 0) { $0.alert != nil }
    #expect(alerted?.alert == couldNotRead(.ru))
    #expect(alerted?.main?.sections == before)
    #expect(flow.view.card(names[1]) != nil)
  }

  /// In both modes (the app's, a script's): the date and the cards shown before stay, and the day
  /// shown is the day observed, so the next commit's read is of that day — not of the day that
  /// could not be read, whose marks would then show under this day's date.
  @Test(arguments: [true, false])
  func aDateThatCannotBeReadKeepsTheDateAndTheCards(asTheAppRuns: Bool) async throws {
    let (world, store, names) = try demo(.en)
    let environment =
      asTheAppRuns ? world.environment(.en, store: store) : world.environment(.en, store: store)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    let before = flow.view.main
    try await flow.tapAndSettle("date")
    store.fail(.nextRead(FailingStore.ioError))
    try await flow.tapAndSettle("day:2026-11-29")
    #expect(flow.view.alert == couldNotRead(.en))
    #expect(flow.view.main?.selectedDay == day("2026-11-30"))
    #expect(flow.view.main?.sections == before?.sections)
    try await flow.tapAndSettle("ok")
    // A commit: the screen reads its day again, the 30th, and shows what a fresh screen shows.
    let undone = try #require(names.first { flow.view.card($0)?.isCompleted == false })
    try await flow.tapAndSettle("complete:" + undone)
    let fresh = await AppFlow.launch(environment: world.environment(.en))
    await fresh.settled()
    #expect(flow.view.card(undone)?.isCompleted == true)
    #expect(flow.view.main?.selectedDay == day("2026-11-30"))
    #expect(flow.view.main?.sections == fresh.view.main?.sections)
  }

  @Test(arguments: Language.allCases)
  func statisticsThatCannotBeReadShowTheAlertNotTheNothingToAnalyzePlaceholder(language: Language)
    async throws
  {
    let (world, store, _) = try demo(language)
    let flow = await AppFlow.launch(environment: world.environment(language, store: store))
    await flow.settled()
    store.fail(.nextRead(FailingStore.ioError))
    try await flow.tapAndSettle("tab-statistics")
    #expect(flow.view.alert == couldNotRead(language))
    #expect(flow.view.statistics?.placeholder == nil)
    #expect(flow.view.statistics?.cards == [])
    try await flow.tapAndSettle("ok")
    #expect(flow.view.alert == nil)
  }

  @Test func settingsThatCannotBeReadAtLaunchOpenTheMainScreenWithAnAlert() async throws {
    let world = TestWorld()
    let store = FailingStore(world.store)
    store.fail(.nextRead(FailingStore.ioError))
    let flow = await AppFlow.launch(environment: world.environment(.en, store: store))
    await flow.settled()
    #expect(flow.screen == .trackers)
    #expect(flow.view.alert == couldNotRead(.en))
    try await flow.tapAndSettle("ok")
    #expect(flow.view.alert == nil)
    #expect(try world.store.settings() == StoreSettings())
  }
}
