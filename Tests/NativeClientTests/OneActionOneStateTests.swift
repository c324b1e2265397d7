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
}

/// In a script's mode, where each step's store work is done before the next step: the mode whose
/// contract "one action, one state" is. The app's mode is counted by `WastedRenderTests`.
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
  func everyStepOfMakingAHabitPublishesOnce(store kind: ClientStore, language: Language) throws {
    let (store, _) = try world(kind)
    let flow = AppFlow(environment: scriptEnvironment(store, language))
    let recorder = FlowRecorder(flow)
    func once(_ what: String, _ action: () throws -> Void) throws {
      let views = try recorder.published(by: action)
      #expect(views.count == 1, "\(what): \(views.count) states")
      #expect(views.allSatisfy { $0.alert == nil }, "\(what)")
    }
    try once("+") { try flow.send(.addTracker) }
    try once("habit") { try flow.send(.chooseKind(.habit)) }
    try once("focus the name") { try flow.send(.focus(.name)) }
    try once("type the name") { try flow.perform(.type("Read")) }
    try once("category") { try flow.send(.openCategories) }
    try once("add category") { try flow.send(.addCategory) }
    try once("focus the title") { try flow.send(.focus(.title)) }
    try once("type the title") { try flow.perform(.type("Health")) }
    let saved = try recorder.published { try flow.send(.saveCategory) }
    #expect(saved.count == 1, "save category: \(saved.count) states")
    // Not even for an instant does the form say its own title is taken.
    for view in saved {
      for layer in view.presented {
        if case .categoryForm(let form) = layer { #expect(form.error == nil) }
      }
    }
    let health = try #require(try store.categories().first { $0.title == "Health" })
    try once("choose the category") { try flow.send(.chooseCategory(health.id)) }
    try once("schedule") { try flow.send(.openSchedule) }
    try once("Monday") { try flow.send(.toggleWeekday(.monday)) }
    try once("save the schedule") { try flow.send(.saveSchedule) }
    try once("emoji") { try flow.send(.chooseEmoji(index: 0)) }
    try once("color") { try flow.send(.chooseColor(index: 0)) }
    try once("create") { try flow.send(.saveTracker) }
    #expect(try store.trackers().map(\.tracker.name).sorted() == ["Read", "Walk"])
  }

  @Test(arguments: OwnSaveTests.cases)
  func pinningAndDeletingFromTheMenuPublishOnce(store kind: ClientStore, language: Language) throws {
    let (store, walk) = try world(kind)
    let flow = AppFlow(environment: scriptEnvironment(store, language))
    let recorder = FlowRecorder(flow)
    #expect(try recorder.published { try flow.send(.openCardMenu(trackerID: walk)) }.count == 1)
    #expect(try recorder.published { try flow.send(.togglePin) }.count == 1)
    #expect(try recorder.published { try flow.send(.openCardMenu(trackerID: walk)) }.count == 1)
    #expect(try recorder.published { try flow.send(.deleteTracker) }.count == 1)
    #expect(try recorder.published { try flow.send(.confirmTrackerDeletion) }.count == 1)
    #expect(try store.trackers().isEmpty)
    // The main screen's own observers too: one state for Pin, one for the confirmed deletion.
    let (other, again) = try world(kind)
    let main = TrackersViewModel(environment: scriptEnvironment(other, language))
    let states = Recorder(main)
    main.cardLongPressed(again)
    main.pinTapped()
    main.cardLongPressed(again)
    main.deleteTapped()
    main.deleteConfirmed()
    #expect(states.states.count == 6, "\(states.states.map { ($0.menu != nil, $0.sections.count) })")
    #expect(states.states.last?.sections.isEmpty == true)
  }
}
