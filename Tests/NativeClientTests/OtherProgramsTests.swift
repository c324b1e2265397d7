import Foundation
import OtherProgram
import TestSupport
import Testing
import TrackerModels
import TrackerStore
import TrackerViewModels

/// The client beside other programs on the same data file, through the public API only: another
/// process's change arrives by itself, and a file another program holds never blocks the main
/// actor. Deadlines are generous (a busy machine), and no assertion reads the clock.
@MainActor
@Suite("Beside other programs", .temporaryFolders)
struct OtherProgramsTests {
  /// A data file with one irregular event ("Walk"), onboarding done, and its path.
  func file() throws -> (SQLiteTrackerStore, path: String, walk: UUID) {
    let folder = TemporaryFolder().url
    let path = folder.appendingPathComponent("tracker.sqlite").path
    let store = try SQLiteTrackerStore(path: path, now: Date())
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    let walk = Tracker(
      id: UUID(), name: "Walk", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: home.id,
      isPinned: false, createdOn: Day(daysSinceEpoch: 20_000), kind: .event)
    try store.createTracker(walk)
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    return (store, path, walk.id)
  }

  func isDone(_ walk: UUID, _ model: TrackersViewModel) -> Bool {
    model.state.sections.flatMap(\.cards).first { $0.id == walk }?.isCompleted == true
  }

  @Test func aDoneFromAnotherProcessArrivesByItselfAsOneState() async throws {
    let (store, path, walk) = try file()
    let environment = clientEnvironment(store, .en)
    let model = TrackersViewModel(environment: environment)
    await environment.access.settled()  // the first read
    let recorder = Recorder(model)
    let done = try runProgram(
      builtProduct("tracker-preview"),
      ["done", "Walk", "--store", path, "--today", "2026-12-03", "--time-zone", "Europe/Moscow"])
    #expect(done.status == 0, "\(done.error)")
    #expect(await until { isDone(walk, model) })  // nobody called anything
    #expect(recorder.states.count == 2)
  }

  @Test func aTapWhileAnotherProgramHoldsTheFileReturnsAtOnceAndSavesWhenItIsFree() async throws {
    let (store, path, walk) = try file()
    // The app's wait: past it, the screen goes on.
    let environment = clientEnvironment(store, .en)
    let model = TrackersViewModel(environment: environment)
    await environment.access.settled()  // the first read
    var saving: [Bool] = []
    // Whether a write is running, as it changes ("Saving…" showing is a change of its own).
    let savingBinding = environment.writer.observe {
      if saving.last != $0.isSaving { saving.append($0.isSaving) }
    }
    let holder = try LockHolder(path)
    model.completeTapped(walk)
    // Returned while the file is held, the write queued (waiting the 10 s busy timeout would have
    // ended in an alert).
    #expect(holder.isHolding)
    #expect(!isDone(walk, model) && model.state.alert == nil && saving == [false, true])
    holder.release()
    await environment.access.settled()  // the write, once the file is free, and its read
    #expect(isDone(walk, model) && saving.last == false)
    #expect(saving == [false, true, false] && model.state.alert == nil)
    withExtendedLifetime(savingBinding) {}
  }
  /// Two windows (two flows) on one environment, the file held by another program: a tap waits
  /// for it in the first, and a new category's Save in the second says the file is busy within
  /// moments, keeping the form and what was typed — not closing with nothing saved, nor waiting
  /// out the tap's busy timeout with no word.
  @Test func aSaveInAnotherWindowBehindAWaitingTapSaysBusySoon() async throws {
    let (store, path, walk) = try file()
    // The tap's wait for the file made long (10 min, not 10 s), so that it still waits however
    // late a busy main actor lets this test look; the Save's answer while it waits shows the Save
    // did not wait out the tap's timeout.
    store.busyTimeout = 600
    let environment = clientEnvironment(store, .en)
    let first = await AppFlow.launch(environment: environment)
    await first.settled()
    let second = await AppFlow.launch(environment: environment)
    await second.settled()
    await first.settled()
    for action: TrackerAction in [.addTracker, .chooseKind(.habit), .openCategories, .addCategory] {
      try await second.sendAndSettle(action)
    }
    try second.send(.textChanged(.title, "Garden"))
    let holder = try LockHolder(path, seconds: 600)
    try first.send(.toggleCompletion(trackerID: walk))
    try second.send(.saveCategory)
    func form() -> CategoryFormViewModel.State? {
      for layer in second.view.presented { if case .categoryForm(let form) = layer { return form } }
      return nil
    }
    #expect(await until { second.view.alert != nil })
    #expect(holder.isHolding)
    #expect(form()?.text == "Garden" && form()?.isSaving == false)
    #expect(second.view.alert?.message.contains("is using the data file") == true)
    #expect(!isDone(walk, try #require(first.trackers)) && first.view.alert == nil)
    holder.release()
    await first.settled()  // the tap's write, once the file is free, and its read
    #expect(first.trackers.map { isDone(walk, $0) } == true)
    #expect(try store.categories().map(\.title) == ["Home"])
    #expect(first.view.alert == nil && form()?.text == "Garden")
  }
}
