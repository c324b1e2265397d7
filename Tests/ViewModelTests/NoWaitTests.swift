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

@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerViewModels

/// The app's main actor waits for no store call (docs/architecture.md, "The screen never
/// freezes"): every outcome comes on a later turn of the main actor.
/// What a screen shows meanwhile is never wrong — nothing in place of what it has not read yet,
/// a save on its way taken once — and an outcome that comes after the user moved on lands on
/// its own screen only. Each test checks the state right after the action (no turn of the main
/// actor has run, so no outcome can have come), then after the outcomes came.
@MainActor
@Suite("A main actor that waits for nothing")
struct NoWaitTests {
  /// `world`'s environment as the app runs it (on `store`, by default the world's).
  func appEnvironment(_ world: TestWorld, _ language: Language, store: (any TrackerDataStore)? = nil)
    -> AppEnvironment
  {
    let environment = world.environment(language, store: store ?? world.store)
    return environment
  }

  /// Lets held reads go after `seconds` whatever happens, so a main actor that did wait for one
  /// ends the test with a failure instead of hanging it.
  func releasing(_ store: FailingStore, after seconds: Double = 600) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { store.releaseReads() }
  }

  /// Lets the outcomes of every call made so far arrive.
  func settled(_ environment: AppEnvironment) async throws {
    await environment.access.settled()
  }

  @Test func aCallThatAlreadyEndedStillContinuesOnALaterTurn() async throws {
    let world = TestWorld()
    let environment = appEnvironment(world, .en)
    let ended = DispatchSemaphore(value: 0)
    var continued = 0
    environment.access.write { (store) throws(StoreError) in
      try store.createCategory(TrackerCategory(id: id(1), title: "Home"))
      ended.signal()
    } then: { _ in
      continued += 1
    }
    // The write has ended on its queue, and the main actor has not had a turn since.
    ended.wait()
    #expect(continued == 0 && environment.access.callsInFlight == 1)
    try await settled(environment)
    #expect(continued == 1)
  }

  @Test(arguments: [Language.en, .ru])
  func anEmptyMainScreenSaysNothingBeforeItsFirstReadThenAsksWhatToTrack(_ language: Language) async throws {
    let world = TestWorld(
      store: try InMemoryTrackerStore(
        contents: StoreContents(categories: [], trackers: [], records: []),
        settings: StoreSettings(isOnboardingDone: true)))
    let environment = appEnvironment(world, language)
    let model = TrackersViewModel(environment: environment)
    // Not read yet: no placeholder (an empty list is not what is stored), no cards, no filter.
    #expect(
      model.state.placeholder == nil && model.state.sections.isEmpty && !model.state.isFilterButtonVisible)
    try await settled(environment)
    #expect(
      model.state.placeholder
        == TrackersViewModel.Placeholder(
          kind: .noTrackers, text: Localizer(language).text(.trackersPlaceholderEmpty)))
  }

  @Test(arguments: [Language.en, .ru])
  func theMainScreenShowsItsCardsWhenTheyArrive(_ language: Language) async throws {
    let world = try TestWorld.demo(language == .en ? .english : .russian)
    let environment = appEnvironment(world, language)
    let model = TrackersViewModel(environment: environment)
    #expect(model.state.sections.isEmpty && model.state.placeholder == nil)
    try await settled(environment)
    #expect(!model.state.sections.isEmpty && model.state.placeholder == nil)
  }

  @Test(arguments: [Language.en, .ru])
  func settingsShowNoRowsAndTakeNoFlipBeforeTheStoredSettingsAreRead(_ language: Language) async throws {
    let world = try TestWorld.demo()
    try world.store.updateSettings { $0.reminder = ReminderSettings(isOn: true, time: ReminderTime.evening) }
    let environment = appEnvironment(world, language)
    let flow = await AppFlow.launch(environment: environment)
    try flow.tap("tab-settings")
    let before = try #require(flow.settings)
    // The default (off) is not what is stored (on): no row shows it, and a flip does nothing.
    #expect(!before.state.isRead && before.state.alert == nil)
    #expect(flow.elements.map(\.id) == ["tab-trackers", "tab-statistics", "tab-settings"])
    before.reminderToggled()
    try await settled(environment)
    #expect(before.state.isRead && before.state.isReminderOn)
    #expect(try world.store.settings().reminder.isOn)
    #expect(flow.elements.map(\.id).prefix(2) == ["reminder", "reminder-time"])
  }

  @Test(arguments: [Language.en, .ru])
  func settingsShowNoSyncRowBeforeTheSyncsStatusIsRead(_ language: Language) async throws {
    let world = try TestWorld.demo()
    let sync = ScriptedSync(SyncStatus(folder: "/home/anna/Sync"))
    sync.statusGate.close()
    // Let go whatever happens, so a main actor that did wait ends the test with a failure instead
    // of hanging it; late enough for the whole suite beside it, which holds the main actor for
    // minutes between this test's turns.
    DispatchQueue.global().asyncAfter(deadline: .now() + 600) { sync.statusGate.open() }
    defer { sync.statusGate.open() }
    var environment = appEnvironment(world, language)
    // The app's sync reads its status in the background: the environment is made at once.
    environment.sync = AppSync(store: sync)
    let model = SettingsViewModel(environment: environment)
    try await settled(environment)
    // The settings are read, the sync's status is not: no row says "Sync: off" over a joined folder.
    #expect(environment.sync?.state.isRead == false)
    #expect(!model.state.isRead)
    sync.statusGate.open()
    #expect(await until { model.state.isRead })
    let joined = language == .en ? "Sync: /home/anna/Sync" : "Синхронизация: /home/anna/Sync"
    #expect(model.state.syncTitle.hasPrefix(joined), "\(model.state.syncTitle)")
  }

  @Test func whetherTheReminderWasAllowedIsReadOffTheMainThreadAndAnsweredWhenRead() async throws {
    let world = try TestWorld.demo()
    try world.store.updateSettings { $0.reminder = ReminderSettings(isOn: true, time: ReminderTime.evening) }
    let store = FailingStore(world.store)
    store.holdReads()
    releasing(store)
    // Made at once while the settings cannot be read yet.
    let scheduler = StoredSettingScheduler.allowedIfOn(through: world.environment(.en, store: store).access)
    let answers = Heard<NotificationAuthorization>()
    let asked = Task { answers.add(await scheduler.authorizationStatus()) }
    try await Task.sleep(for: .milliseconds(50))
    #expect(answers.all == [])
    store.releaseReads()
    // A reminder stored as on was allowed: the question asked meanwhile hears so.
    await asked.value
    #expect(answers.all == [.granted])
    #expect(await scheduler.authorizationStatus() == .granted)
  }

  @Test func aReminderStoredAsOffLeavesTheSchedulerToAsk() async throws {
    let world = try TestWorld.demo()
    let scheduler = StoredSettingScheduler.allowedIfOn(through: world.environment(.en).access)
    #expect(await scheduler.authorizationStatus() == .notDetermined)
  }

  @Test(arguments: [Language.en, .ru])
  func trackersForTodayChosenElsewhereMovesAPastDayToToday(_ language: Language) async throws {
    let world = try TestWorld.demo()
    let environment = appEnvironment(world, language)
    let model = TrackersViewModel(environment: environment)
    try await settled(environment)
    let today = model.state.selectedDay
    model.daySelected(today.adding(days: -2))
    try await settled(environment)
    // Another window or process chooses "Trackers for today".
    try world.store.updateSettings { $0.filter = .today }
    #expect(await until { model.state.filter == .today && model.state.selectedDay == today })
    try await settled(environment)
    #expect(model.state.dateText == DisplayText.shortDate(today, today: today, environment.localizer))
    #expect(!model.state.sections.isEmpty)
  }

  @Test func aFormsSaveOnItsWayTakesNoSecondSaveAndClosesOnce() async throws {
    let world = TestWorld()
    let environment = appEnvironment(world, .en)
    let form = CategoryFormViewModel(environment: environment)
    try await settled(environment)  // the titles already taken
    var closed = 0
    form.onDone = { _ in closed += 1 }
    form.textChanged("Garden")
    #expect(form.state.isDoneEnabled && !form.state.isSaving)
    form.doneTapped()
    #expect(form.state.isSaving && closed == 0)
    form.doneTapped()
    try await settled(environment)
    // One save ran: a second would have found the title taken by the first.
    #expect(closed == 1 && !form.state.isSaving && form.state.alert == nil && form.state.error == nil)
    #expect(try world.store.categories().map(\.title) == ["Garden"])
  }

  @Test func aTrackerFormSavingTakesNoCancelAndNoSecondCreate() async throws {
    let world = try TestWorld.demo(.english)
    let environment = appEnvironment(world, .en)
    let flow = await AppFlow.launch(environment: environment)
    try await settled(environment)
    let before = try world.store.trackers().count
    try flow.tap("add")
    try flow.tap("event")
    try await settled(environment)
    try flow.tap("name")
    try flow.perform(.type("Read a book"))
    try flow.tap("category")
    try await settled(environment)
    try flow.tap("category:" + (try world.store.categories().first?.title ?? ""))
    try await settled(environment)
    try flow.tap("emoji:1")
    try flow.tap("color:1")
    let form = try #require(
      flow.layers.last.flatMap { if case .trackerForm(let form) = $0.screen { form } else { nil } })
    #expect(form.state.isCreateEnabled)
    try flow.tap("create")
    // On its way: Create shows disabled, and Cancel and Esc wait for it.
    #expect(form.state.isSaving)
    let create = try #require(flow.elements.first { $0.id == "create" })
    #expect(!create.isEnabled && create.unavailableReason == "saving, a moment")
    form.createTapped()
    form.cancelTapped()
    form.dismissRequested()
    #expect(form.state.discardQuestion == nil)
    try await settled(environment)
    #expect(flow.screen == .trackers)
    #expect(try world.store.trackers().count == before + 1)
  }

  /// The to-do app in the app's mode, a new task "Milk" typed and Done pressed: its save on its
  /// way (the in-memory store answers on its queue, after the main actor's turn).
  private func taskBeingSaved() async throws -> (
    store: InMemoryTodoStore, environment: TodoEnvironment, flow: TodoFlow, form: TodoFormViewModel
  ) {
    let store = InMemoryTodoStore()
    let environment = TodoEnvironment.fixed(
      now: TodoScenario.now, language: .en, store: store, loader: StubLoader())
    let flow = TodoFlow(environment: environment)
    await environment.access.settled()
    try flow.tap("add")
    let form = try #require(flow.sheet)
    #expect(!form.isDismissDisabled)
    try flow.tap("text")
    try flow.perform(.type("Milk"))
    try flow.tap("done")
    #expect(flow.view.form?.isSaving == true)
    return (store, environment, flow, form)
  }

  @Test func aToDoFormTakesNoEscWhileItsSaveIsOnItsWayAndClosesWhenSaved() async throws {
    let (store, environment, flow, _) = try await taskBeingSaved()
    let done = try #require(flow.elements.first { $0.id == "done" })
    #expect(!done.isEnabled && done.unavailableReason == "saving, a moment")
    // Esc and Cancel wait for the save: the form closes with it.
    try flow.perform(.dismiss)
    try flow.tap("cancel")
    #expect(flow.screen == .todoForm)
    await environment.access.settled()
    #expect(flow.screen == .todos && flow.view.form == nil)
    #expect(try store.tasks().map(\.text) == ["Milk"])
  }

  /// The to-do form refuses a swipe while it saves (`isDismissDisabled`); swiped away anyway, it
  /// is gone at once and its save still lands.
  @Test func aToDoFormSwipedAwayWhileItSavesClosesAndItsSaveStillLands() async throws {
    let (store, environment, flow, form) = try await taskBeingSaved()
    #expect(form.isDismissDisabled)
    flow.sheet = nil
    #expect(flow.screen == .todos && flow.view.form == nil)
    await environment.access.settled()
    #expect(flow.screen == .todos && flow.view.form == nil)
    #expect(try store.tasks().map(\.text) == ["Milk"])
  }

  /// The note sheet of the demo's first card, "Felt great" typed and Save pressed: its save on
  /// its way (the app's mode, where the main actor waits for no store call).
  private func noteBeingSaved(_ language: Language) async throws -> (
    world: TestWorld, environment: AppEnvironment, flow: AppFlow, trackerID: UUID
  ) {
    let world = try TestWorld.demo(language == .en ? .english : .russian)
    let environment = appEnvironment(world, language)
    let flow = await AppFlow.launch(environment: environment)
    try await settled(environment)
    let card = try #require(flow.trackers?.state.sections.flatMap(\.cards).first)
    try flow.perform(.longPress(.identifier("card:" + card.name)))
    try flow.tap("note")
    try await settled(environment)
    #expect(flow.screen == .note)
    try flow.perform(.type("Felt great"))
    try flow.tap("save")
    #expect(flow.view.presented.last?.isSaving == true)
    return (world, environment, flow, card.id)
  }

  @Test(arguments: [Language.en, .ru])
  func aSheetRefusesASwipeDownWhileItsSaveIsOnItsWayAndClosesWhenSaved(_ language: Language) async throws {
    let (world, environment, flow, trackerID) = try await noteBeingSaved(language)
    let save = try #require(flow.elements.first { $0.id == "save" })
    #expect(!save.isEnabled)
    #expect(save.unavailableReason == (language == .en ? "saving, a moment" : "сохраняется, минуту"))
    // The sheet refuses a swipe down while its save is on its way (a client passes this to
    // `interactiveDismissDisabled`), and closes by itself once saved.
    #expect(flow.sheet?.isDismissDisabled == true)
    #expect(flow.view.presented.last?.isDismissDisabled == true)
    try await settled(environment)
    #expect(flow.screen == .trackers)
    #expect(try world.store.notes(trackerID: trackerID).map(\.text) == ["Felt great"])
  }

  /// A client that let the swipe through anyway: the sheet is gone at once, as on screen, and the
  /// save on its way still lands; nothing of the closed sheet comes back.
  @Test(arguments: [Language.en, .ru])
  func aSheetSwipedAwayWhileItSavesClosesAndItsSaveStillLands(_ language: Language) async throws {
    let (world, environment, flow, trackerID) = try await noteBeingSaved(language)
    flow.sheet = nil
    #expect(flow.screen == .trackers)
    try await settled(environment)
    #expect(flow.screen == .trackers && flow.view.alert == nil)
    #expect(try world.store.notes(trackerID: trackerID).map(\.text) == ["Felt great"])
  }

  /// Right after another day is picked, the main screen never shows the day before's marks under
  /// the new date: the cards are withheld until the new day's read comes.
  @Test func anotherDaysMarksNeverShowUnderThePickedDate() async throws {
    let world = try TestWorld.demo(.english)
    let store = FailingStore(world.store)
    let environment = appEnvironment(world, .en, store: store)
    let model = TrackersViewModel(environment: environment)
    try await settled(environment)
    #expect(!model.state.sections.isEmpty)
    store.holdReads()
    releasing(store)
    model.daySelected(day("2026-11-29"))
    #expect(model.state.selectedDay == day("2026-11-29"))
    #expect(model.state.sections.isEmpty && model.state.placeholder == nil)
    store.releaseReads()
    try await settled(environment)
    #expect(model.state.selectedDay == day("2026-11-29"))
    #expect(!model.state.sections.isEmpty)
  }

  /// Text typed into the note sheet before its read came stays when the read comes (it replaced
  /// what was typed with the stored note).
  @Test func whatIsTypedBeforeTheNotesReadComesStays() async throws {
    let world = try TestWorld.demo(.english)
    let store = FailingStore(world.store)
    let environment = appEnvironment(world, .en, store: store)
    let tracker = try #require(try world.store.trackers().first?.tracker)
    try world.store.setNote("stored", trackerID: tracker.id, on: day("2026-11-30"))
    store.holdReads()
    releasing(store)
    let model = NoteViewModel(environment: environment, trackerID: tracker.id, day: day("2026-11-30"))
    model.text = "typed while it read"
    store.releaseReads()
    try await settled(environment)
    #expect(model.state.text == "typed while it read")
    #expect(model.state.isClearEnabled)  // the read still says there is a note to clear
    // Untouched, the read fills the field.
    let untouched = NoteViewModel(environment: environment, trackerID: tracker.id, day: day("2026-11-30"))
    try await settled(environment)
    #expect(untouched.state.text == "stored")
  }

  /// "+" pressed on the amount sheet before its read came counts: the read does not put the
  /// stored amount back over it.
  @Test func aPlusPressedBeforeTheAmountsReadComesStays() async throws {
    let world = TestWorld()
    try world.store.createCategory(home)
    var run = habit("Run", id: 10)
    run.measure = .measurable(try MeasureGoal(unit: "km", target: Amount(units: 5)!, direction: .atLeast))
    try world.store.createTracker(run)
    try world.store.setAmount(Amount(units: 7), trackerID: run.id, on: day("2026-11-30"))
    let store = FailingStore(world.store)
    let environment = appEnvironment(world, .en, store: store)
    store.holdReads()
    releasing(store)
    let model = AmountViewModel(environment: environment, trackerID: run.id, day: day("2026-11-30"))
    model.plusTapped()
    #expect(model.state.text == "1")
    store.releaseReads()
    try await settled(environment)
    #expect(model.state.text == "1")
    #expect(model.state.isSaveEnabled)
    let untouched = AmountViewModel(environment: environment, trackerID: run.id, day: day("2026-11-30"))
    try await settled(environment)
    #expect(untouched.state.text == "7")
  }

  @Test(arguments: [Language.en, .ru])
  func theAppLaunchesWithoutWaitingForItsSettings(_ language: Language) async throws {
    let world = try TestWorld.demo(language == .en ? .english : .russian)
    let store = FailingStore(world.store)
    let environment = appEnvironment(world, language, store: store)
    store.holdReads()
    releasing(store)
    let launched = Recorded<AppFlow>()
    AppFlow.launch(environment: environment) { launched.values.append($0) }
    // Returned while the settings cannot be read yet: a client shows its launch screen.
    #expect(launched.values.isEmpty && store.areReadsHeld)
    store.releaseReads()
    #expect(await until { launched.values.count == 1 })
    let flow = try #require(launched.values.first)
    try await settled(environment)
    #expect(flow.screen == .trackers && flow.view.alert == nil)
    #expect(flow.view.main?.sections.isEmpty == false)
  }

  @Test func aFirstLaunchOpensOnboardingAndUnreadableSettingsOpenTheMainScreenWithAnAlert() async throws {
    let fresh = TestWorld()
    let first = await AppFlow.launch(environment: appEnvironment(fresh, .en))
    #expect(first.screen == .onboarding)
    let world = try TestWorld.demo(.english)
    let store = FailingStore(world.store)
    store.fail(.nextRead(FailingStore.ioError))
    let flow = await AppFlow.launch(environment: appEnvironment(world, .en, store: store))
    #expect(flow.screen == .trackers)
    #expect(flow.view.alert?.title == Localizer(.en).text(.alertReadFailedTitle))
  }

  @Test func aDayStartChangedElsewhereMovesTodayWithoutTheMainActorWaitingForIt() async throws {
    // 10:00 in Moscow on Monday 30 November.
    let world = TestWorld(store: try TestWorld.demo(.english).store, now: "2026-11-30T07:00:00Z")
    let store = FailingStore(world.store)
    let environment = appEnvironment(world, .en, store: store)
    let flow = await AppFlow.launch(environment: environment)
    try await settled(environment)
    #expect(flow.view.main?.selectedDay == day("2026-11-30"))
    store.holdReads()
    releasing(store)
    // Another window or process moves the day start to noon: at 10:00 it is still Sunday.
    let written = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      do {
        try store.updateSettings { $0.dayStart = DayStart(hour: 12)! }
      } catch {
        Issue.record("the day start was not saved: \(error)")
      }
      written.signal()
    }
    written.wait()
    // The commit reaches the main actor, and is handed to its followers (the cache first) on the
    // turn after.
    #expect(await until { environment.dayStartCache.isStale })
    // "Today" answers with the hour it knew, while the store cannot be read.
    #expect(environment.today == day("2026-11-30"))
    flow.clockChanged()
    #expect(store.areReadsHeld)
    store.releaseReads()
    // The hour read off the main actor moves the screen to the new today by itself.
    #expect(await until { flow.view.main?.selectedDay == day("2026-11-29") })
    #expect(environment.today == day("2026-11-29"))
  }
}
