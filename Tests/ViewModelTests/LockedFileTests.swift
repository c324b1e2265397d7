import Foundation
import ModelTestSupport
import OtherProgram
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TodoModels
@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerViewModels

/// Another program holds the data file's write lock (the `tracker-store-writer hold` helper): the
/// main actor waits for no store call, as in the app; a tap's
/// change completes in the background once the file is free, and a write that cannot be saved
/// within the busy timeout ends in an alert. No clock is read: the file is held until the test
/// lets go and, except in the test of the timeout itself, a write waits 10 min for it, so what
/// the screen shows while the other program still holds the file tells, however late the main
/// actor (busy with the rest of the suite) lets the test look.
@MainActor
@Suite("A data file another program holds", .temporaryFolders)
struct LockedFileTests {
  /// The demo on a SQLite file, and the file's path.
  /// The demo in a data file. Its writes wait `busyTimeout` for another program's lock: 10 min
  /// unless a test is about the timeout itself, so that a write still waits however late a busy
  /// main actor (the whole suite shares it) lets the test look.
  func fileWorld(busyTimeout: TimeInterval = 600) throws -> (TestWorld, SQLiteTrackerStore, String) {
    let world = try TestWorld.demo(.english)
    let path = TemporaryFolder().path("tracker.sqlite")
    let file = try SQLiteTrackerStore(path: path, now: world.now)
    file.busyTimeout = busyTimeout
    try file.insert(try world.store.contents())
    try file.saveSettings(try world.store.settings())
    return (world, file, path)
  }

  func card(_ id: UUID, of model: TrackersViewModel) -> TrackersViewModel.Card? {
    model.state.sections.flatMap(\.cards).first { $0.id == id }
  }

  @Test func aTapReturnsAtOnceAndItsChangeShowsOnceTheFileIsFree() async throws {
    let (world, store, path) = try fileWorld()
    let environment = world.environment(.en, store: store)
    let model = TrackersViewModel(environment: environment)
    await environment.access.settled()  // the first read
    var published = 0
    let binding = model.observe { _ in published += 1 }
    let undone = try #require(model.state.sections.flatMap(\.cards).first { !$0.isCompleted })
    let before = model.state
    let holder = try LockHolder(path, seconds: 600)

    model.completeTapped(undone.id)
    // Returned while the file is held: nothing saved yet, no alert, the write waits off the main
    // actor (waiting the busy timeout would have ended in the alert).
    #expect(holder.isHolding)
    #expect(model.state == before)
    #expect(environment.writer.state == StoreWriter.State(waiting: 1))
    // "Saving…" once the write has run a moment.
    #expect(
      await until { environment.writer.state == StoreWriter.State(waiting: 1, showsSaving: true) })
    #expect(holder.isHolding && model.state == before)

    holder.release()
    await environment.access.settled()  // the write, once the file is free, and its read
    #expect(card(undone.id, of: model)?.isCompleted == true)
    #expect(!environment.writer.state.isSaving)
    #expect(model.state.alert == nil)
    #expect(published == 2)  // at once, then the saved change: one more state
    #expect(environment.writer.state == StoreWriter.State(waiting: 0, showsSaving: false))
    #expect(try store.completedTrackerIDs(on: day("2026-11-30")).contains(undone.id))
    withExtendedLifetime(binding) {}
  }

  /// Two taps on a card that still says "Mark as done" while the first waits for the file: both
  /// ask for done, and done it ends (a toggle would have undone the first; so would a tap that
  /// another window or program got ahead of).
  @Test func tapsWhileTheFileIsHeldEndAsTheCardOffered() async throws {
    let (world, store, path) = try fileWorld()
    let environment = world.environment(.en, store: store)
    let model = TrackersViewModel(environment: environment)
    await environment.access.settled()
    let undone = try #require(model.state.sections.flatMap(\.cards).first { !$0.isCompleted })
    let holder = try LockHolder(path, seconds: 600)
    model.completeTapped(undone.id)  // "Mark as done"…
    model.completeTapped(undone.id)  // …still "Mark as done" on screen
    #expect(holder.isHolding && environment.writer.state.waiting == 2 && model.state.alert == nil)
    holder.release()
    await environment.access.settled()  // both writes, once the file is free, and their reads
    #expect(!environment.writer.state.isSaving)
    #expect(card(undone.id, of: model)?.isCompleted == true)
    #expect(try store.completedTrackerIDs(on: day("2026-11-30")).contains(undone.id))
    #expect(model.state.alert == nil)

  }

  @Test func aTapThatCannotBeSavedWithinTheBusyTimeoutEndsInAnAlert() async throws {
    let (world, store, path) = try fileWorld(busyTimeout: StoreConnection.defaultBusyTimeout)
    let environment = world.environment(.en, store: store)
    let model = TrackersViewModel(environment: environment)
    await environment.access.settled()
    let undone = try #require(model.state.sections.flatMap(\.cards).first { !$0.isCompleted })
    // Until the alert, past the busy timeout (10 s), however long a busy main actor takes.
    let holder = try LockHolder(path, seconds: 600)
    model.completeTapped(undone.id)
    #expect(holder.isHolding && model.state.alert == nil && environment.writer.state.waiting == 1)
    #expect(await until { model.state.alert != nil })
    #expect(holder.isHolding)
    let english = Localizer(.en)
    #expect(
      model.state.alert
        == AlertState(
          title: english.text(.alertSaveFailedTitle),
          message:
            "Another program (tracker-store-w, pid \(holder.pid)) is using the data file. Try again in a moment.",
          buttons: [AlertState.Button(title: "OK", action: .dismiss)]))
    #expect(card(undone.id, of: model)?.isCompleted == false)
    #expect(!environment.writer.state.isSaving)
    holder.release()
  }

  @Test func aFormSaveWaitsAMomentThenSaysTheFileIsBusyAndKeepsWhatWasTyped() async throws {
    let (world, store, path) = try fileWorld()
    let environment = world.environment(.en, store: store)
    let form = CategoryFormViewModel(environment: environment)
    await environment.access.settled()  // the titles taken
    var closed = 0
    form.onDone = { _ in closed += 1 }
    form.textChanged("Garden")
    // Held until released, the busy timeout 10 min: a save that waited the busy timeout would
    // still be waiting, with no alert.
    let holder = try LockHolder(path, seconds: 600)
    form.doneTapped()
    // On its way: Done takes no second save meanwhile.
    #expect(form.state.isSaving && form.state.alert == nil)
    form.doneTapped()
    #expect(await until { form.state.alert != nil })
    #expect(closed == 0 && form.state.text == "Garden" && !form.state.isSaving && holder.isHolding)
    #expect(
      form.state.alert?.message
        == "Another program (tracker-store-w, pid \(holder.pid)) is using the data file. Try again in a moment."
    )
    // The one save that ran gave up: nothing was written.
    await environment.access.settled()
    holder.release()
    #expect(try store.categories().contains { $0.title == "Garden" } == false)
    withExtendedLifetime(holder) {}
  }

  /// A form's Save made while a tap of another window on the same environment waits for the
  /// file: the tap's write is ahead of it in the one writer queue, and the Save's cut counts from
  /// the press, so the form says the file is busy within moments and keeps what was typed,
  /// instead of waiting out the tap's busy timeout with no word (or closing with nothing saved).
  @Test func aFormSaveQueuedBehindAWaitingTapSaysBusyFromThePress() async throws {
    let (world, store, path) = try fileWorld()
    let environment = world.environment(.en, store: store)
    let model = TrackersViewModel(environment: environment)
    await environment.access.settled()
    let undone = try #require(model.state.sections.flatMap(\.cards).first { !$0.isCompleted })
    let holder = try LockHolder(path, seconds: 600)
    model.completeTapped(undone.id)
    #expect(environment.writer.state.waiting == 1)

    // The other window opens a new category's form while the tap waits: its read is not held up.
    let form = CategoryFormViewModel(environment: environment)
    var closed = 0
    form.onDone = { _ in closed += 1 }
    form.textChanged("Garden")
    #expect(await until { form.state.isDoneEnabled })
    form.doneTapped()
    #expect(form.state.isSaving && form.state.alert == nil)
    // The tap ahead of it waits 10 min for the file: an alert while it still waits is the Save's
    // own cut, counted from the press (the clock is not read: a busy main actor may look late).
    #expect(await until { form.state.alert != nil })
    #expect(holder.isHolding && closed == 0 && form.state.text == "Garden" && !form.state.isSaving)
    #expect(
      form.state.alert?.message
        == "Another program (tracker-store-w, pid \(holder.pid)) is using the data file. Try again in a moment."
    )
    // The tap still waits, and is saved once the file is free; the given-up Save never is.
    #expect(card(undone.id, of: model)?.isCompleted == false && model.state.alert == nil)
    holder.release()
    await environment.access.settled()
    #expect(card(undone.id, of: model)?.isCompleted == true)
    await environment.access.settled()
    #expect(model.state.alert == nil && closed == 0)
    #expect(try store.categories().contains { $0.title == "Garden" } == false)
    #expect(try store.completedTrackerIDs(on: day("2026-11-30")).contains(undone.id))
  }

  @Test func theBusyAlertNamesTheProgramHoldingTheFileInBothLanguages() {
    let failure = StoreError.storage(StorageFailure(.busy, detail: "locked", holder: "cron, pid 7"))
    #expect(
      AlertState.storeFailure(failure, .save, Localizer(.en))
        == AlertState(
          title: "Couldn't save",
          message: "Another program (cron, pid 7) is using the data file. Try again in a moment.",
          buttons: [AlertState.Button(title: "OK", action: .dismiss)]))
    #expect(
      AlertState.storeFailure(failure, .save, Localizer(.ru)).message
        == "Файл с данными занят другой программой (cron, pid 7). Попробуйте ещё раз чуть позже.")
  }

  @Test func aDeleteOnTheToDoListWaitsForTheFileOffTheMainActor() async throws {
    let path = TemporaryFolder().path("todo.sqlite")
    let store = try SQLiteTodoStore(path: path, now: Date(timeIntervalSince1970: 1_796_034_600))
    let task = TodoTask(
      id: id(1), title: "", text: "Milk", isDone: false, created: Date(timeIntervalSince1970: 0))
    try store.createTask(task)
    let environment = TodoEnvironment.fixed(
      now: Date(timeIntervalSince1970: 1_796_034_600), language: .en, store: store, loader: StubLoader())
    let model = TodoListViewModel(environment: environment)
    await environment.access.settled()
    model.rowSwipedLeft(task.id)
    let holder = try LockHolder(path, seconds: 600)
    var routes: [TodoListViewModel.Route] = []
    model.onRoute = { routes.append($0) }
    model.deleteConfirmed()
    #expect(holder.isHolding && environment.writer.state.waiting == 1)
    // Gone from the list at once, question and all: it cannot be opened, edited or swiped while
    // its deletion waits for the file.
    #expect(model.state.rows.isEmpty && model.state.deleteQuestion == nil)
    model.rowTapped(task.id)
    model.rowSwipedLeft(task.id)
    #expect(routes.isEmpty && model.state.deleteQuestion == nil)
    holder.release()
    // The rows were empty all along: the deletion's end is the writer's count going back to 0.
    await environment.access.settled()
    #expect(!environment.writer.state.isSaving)
    #expect(try store.tasks().isEmpty && model.state.alert == nil && model.state.rows.isEmpty)
  }
}
