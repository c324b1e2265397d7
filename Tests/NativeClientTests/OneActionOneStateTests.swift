import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// Counts what the flow publishes for each action, as a UIKit client redrawing on each value would.
@MainActor
final class FlowRecorder {
  private(set) var views: [AppView] = []
  private var token: BindingToken?

  init(_ flow: AppFlow) { token = flow.observe { [weak self] in self?.views.append($0) } }

  /// The views published while `action` ran.
  func published(by action: () throws -> Void) rethrows -> [AppView] {
    let before = views.count
    try action()
    return Array(views[before...])
  }

  /// The views published while `action` ran and while the store work it started ended.
  func published(settling flow: AppFlow, by action: () throws -> Void) async rethrows -> [AppView] {
    let before = views.count
    try action()
    await flow.settled()
    return Array(views[before...])
  }
}

/// In the app's mode: an action that needs no store shows its outcome in one state; one that
/// does shows it in one state more when its store work ends, never an intermediate one (a form
/// that says its own title is taken, an alert). `WastedRenderTests` counts the fires per field.
@MainActor
@Suite("One user action publishes one state", .temporaryFolders)
struct OneActionOneStateTests {
  /// A store with one category and one irregular event, onboarding done.
  func world(_ kind: ClientStore) throws -> (any TrackerDataStore, walk: UUID) {
    let store = try kind.make()
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    let walk = Tracker(
      id: UUID(), name: "Walk", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: home.id,
      isPinned: false, createdOn: Day(daysSinceEpoch: 20_000), kind: .event)
    try store.createTracker(walk)
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    return (store, walk.id)
  }

  @Test(arguments: OwnSaveTests.cases)
  func everyStepOfMakingAHabitPublishesOnce(store kind: ClientStore, language: Language) async throws {
    let (store, _) = try world(kind)
    let flow = await AppFlow.launch(environment: clientEnvironment(store, language))
    await flow.settled()
    let recorder = FlowRecorder(flow)
    /// One state for the action; with `readsOrWrites`, one more at most when its store work ends.
    func once(
      _ what: String, readsOrWrites: Bool = false, most: Int? = nil, _ action: () throws -> Void
    ) async throws {
      let views = try await recorder.published(settling: flow, by: action)
      let most = most ?? (readsOrWrites ? 2 : 1)
      #expect((1...most).contains(views.count), "\(what): \(views.count) states")
      #expect(views.allSatisfy { $0.alert == nil }, "\(what)")
    }
    try await once("+") { try flow.send(.addTracker) }
    try await once("habit", readsOrWrites: true) { try flow.send(.chooseKind(.habit)) }
    try await once("focus the name") { try flow.send(.focus(.name)) }
    try await once("type the name", readsOrWrites: true) { try flow.perform(.type("Read")) }
    try await once("category", readsOrWrites: true) { try flow.send(.openCategories) }
    try await once("add category") { try flow.send(.addCategory) }
    try await once("focus the title") { try flow.send(.focus(.title)) }
    try await once("type the title", readsOrWrites: true) { try flow.perform(.type("Health")) }
    // The form says it saves, closes when its write ends, and the list it opened from reads the
    // new category and puts the focus on it: several states, each one differing, none an error.
    let saved = try await recorder.published(settling: flow) { try flow.send(.saveCategory) }
    #expect(!saved.isEmpty && zip(saved, saved.dropFirst()).allSatisfy { $0 != $1 })
    #expect(saved.allSatisfy { $0.alert == nil })
    // Not even for an instant does the form say its own title is taken.
    for view in saved {
      for layer in view.presented {
        if case .categoryForm(let form) = layer { #expect(form.error == nil) }
      }
    }
    let health = try #require(try store.categories().first { $0.title == "Health" })
    try await once("choose the category", readsOrWrites: true) { try flow.send(.chooseCategory(health.id)) }
    try await once("schedule") { try flow.send(.openSchedule) }
    try await once("Monday") { try flow.send(.toggleWeekday(.monday)) }
    try await once("save the schedule") { try flow.send(.saveSchedule) }
    try await once("emoji") { try flow.send(.chooseEmoji(index: 0)) }
    try await once("color") { try flow.send(.chooseColor(index: 0)) }
    // The form closes when its write ends; the main screen shows the new card when its read of
    // the commit lands.
    try await once("create", most: 3) { try flow.send(.saveTracker) }
    #expect(try store.trackers().map(\.tracker.name).sorted() == ["Read", "Walk"])
  }

  @Test(arguments: OwnSaveTests.cases)
  func pinningAndDeletingFromTheMenuPublishOnce(store kind: ClientStore, language: Language) async throws {
    let (store, walk) = try world(kind)
    let flow = await AppFlow.launch(environment: clientEnvironment(store, language))
    await flow.settled()
    let recorder = FlowRecorder(flow)
    func count(_ action: () throws -> Void) async throws -> Int {
      try await recorder.published(settling: flow, by: action).count
    }
    // The menu closes at once; the card moves (or goes) when the main screen's read of the
    // commit lands.
    #expect(try await count { try flow.send(.openCardMenu(trackerID: walk)) } == 1)
    #expect((1...2).contains(try await count { try flow.send(.togglePin) }))
    #expect(try await count { try flow.send(.openCardMenu(trackerID: walk)) } == 1)
    #expect(try await count { try flow.send(.deleteTracker) } == 1)
    #expect((1...2).contains(try await count { try flow.send(.confirmTrackerDeletion) }))
    #expect(try store.trackers().isEmpty)
    // The main screen's own observers too: one state for each step, the store's outcome applied
    // in the state the tap made (the card pinned, the card gone).
    let (other, again) = try world(kind)
    let environment = clientEnvironment(other, language)
    let main = TrackersViewModel(environment: environment)
    await environment.settled()
    let states = Recorder(main)
    func step(_ most: Int, _ action: () -> Void) async {
      let before = states.states.count
      action()
      await environment.settled()
      #expect((1...most).contains(states.states.count - before))
    }
    await step(1) { main.cardLongPressed(again) }
    await step(2) { main.pinTapped() }
    await step(1) { main.cardLongPressed(again) }
    await step(1) { main.deleteTapped() }
    await step(2) { main.deleteConfirmed() }
    #expect(states.states.last?.sections.isEmpty == true)
  }
}
