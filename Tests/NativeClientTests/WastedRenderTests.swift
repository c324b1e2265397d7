import Foundation
import Observation
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// What a SwiftUI client sees of the flow, field by field: each field a view reads is observed on
/// its own with `withObservationTracking` (as a view's body is), and re-armed after it fires, as
/// SwiftUI re-runs the body. A fire after which the field reads as it did before is a wasted
/// render.
@MainActor
final class FieldWatch {
  /// One observed field: whether it fired since it was armed, and how to tell it changed.
  @MainActor
  private final class Entry {
    let name: String
    let owner: ObjectIdentifier?
    var fired = false
    var unchanged: () -> Bool = { true }

    init(name: String, owner: ObjectIdentifier?) {
      self.name = name
      self.owner = owner
    }
  }

  private var entries: [Entry] = []
  /// The wasted fires so far, each as "step: field".
  private(set) var wasted: [String] = []
  /// How many fires there were at all (a walk that hears nothing proves nothing).
  private(set) var fires = 0

  /// Observes `read` as a view that shows it would (`owner`: the view model it belongs to).
  func watch<Value: Equatable>(
    _ name: String, _ owner: ObjectIdentifier? = nil, _ read: @escaping @MainActor () -> Value
  ) {
    let entry = Entry(name: name, owner: owner)
    let value = withObservationTracking(read) { [weak entry] in
      // Called inside the change, before it lands: looked at after the step.
      MainActor.assumeIsolated { entry?.fired = true }
    }
    entry.unchanged = { read() == value }
    entries.append(entry)
  }

  /// After a step: every field that fired and reads as before is wasted, unless its screen is
  /// gone (a closed screen's view is not drawn). Then every field of what is on screen now is
  /// armed again.
  func stepEnded(_ step: String, flow: AppFlow) {
    let shown = Set(shownModels(flow))
    for entry in entries where entry.fired {
      fires += 1
      if let owner = entry.owner, !shown.contains(owner) { continue }
      if entry.unchanged() { wasted.append("\(step): \(entry.name)") }
    }
    arm(flow)
  }

  /// Observes the flow's navigation and every field of each screen on it.
  func arm(_ flow: AppFlow) {
    entries = []
    watch("flow.selectedTab") { flow.selectedTab }
    watch("flow.screens") { flow.screens.map(\.id) }
    watch("flow.sheet") { flow.sheet?.id }
    watch("flow.onboarding") { flow.onboarding.map(ObjectIdentifier.init) }
    watch("flow.trackers") { flow.trackers.map(ObjectIdentifier.init) }
    watch("flow.statistics") { flow.statistics.map(ObjectIdentifier.init) }
    watch("flow.settings") { flow.settings.map(ObjectIdentifier.init) }
    switch flow.selectedTab {
    case .trackers: flow.trackers.map { watchFields(of: $0) }
    case .statistics: flow.statistics.map { watchFields(of: $0) }
    case .settings: flow.settings.map { watchFields(of: $0) }
    }
    for screen in flow.screens { watchFields(of: screen) }
  }

  /// Records an issue for each field of `state` that no `watch` of `screen` reads.
  func checkCoverage(_ screen: String, of state: Any, sourceLocation: SourceLocation = #_sourceLocation) {
    let watched = Set(entries.map(\.name))
    for case let label? in Mirror(reflecting: state).children.map(\.label)
    where !watched.contains("\(screen).\(label)") {
      Issue.record("\(screen).\(label) is not watched", sourceLocation: sourceLocation)
    }
  }

  private func shownModels(_ flow: AppFlow) -> [ObjectIdentifier] {
    var shown = flow.screens.map(\.id)
    switch flow.selectedTab {
    case .trackers: flow.trackers.map { shown.append(ObjectIdentifier($0)) }
    case .statistics: flow.statistics.map { shown.append(ObjectIdentifier($0)) }
    case .settings: flow.settings.map { shown.append(ObjectIdentifier($0)) }
    }
    return shown
  }
}

/// A client observing property by property, as SwiftUI does, walks through the app: every fire
/// it hears is of a field that changed (issue 47, "Observation a view can trust").
@MainActor
@Suite("A view re-renders only for what it read")
struct WastedRenderTests {
  /// In both languages, as the app runs (the main actor waits for no store call: reads and
  /// writes answer later).
  @Test(.temporaryFolders, arguments: ClientStore.allCases, Language.allCases)
  func aWholeWalkthroughHasNoWastedRender(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    var environment = clientEnvironment(store, language)
    if let file = store as? SQLiteTrackerStore {
      environment.sync = AppSync(store: file)
    }
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    let watch = FieldWatch()
    watch.arm(flow)
    func step(_ name: String, _ action: TrackerAction) async throws {
      do {
        try await flow.sendAndSettle(action)
      } catch {
        Issue.record("\(name): \(error); on screen: \(flow.screen)")
        throw error
      }
      watch.stepEnded(name, flow: flow)
    }
    // A habit, every step of its form.
    try await step("+", .addTracker)
    try await step("habit", .chooseKind(.habit))
    try await step("focus the name", .focus(.name))
    for (index, letter) in ["R", "Re", "Rea", "Read"].enumerated() {
      try await step("type \(index + 1)", .textChanged(.name, letter))
    }
    try await step("categories", .openCategories)
    try await step("add a category", .addCategory)
    try await step("focus the title", .focus(.title))
    try await step("type the title", .textChanged(.title, "Health"))
    try await step("save the category", .saveCategory)
    let health = try #require(try store.categories().first)
    try await step("choose it", .chooseCategory(health.id))
    try await step("schedule", .openSchedule)
    try await step("Monday", .toggleWeekday(.monday))
    try await step("Wednesday", .toggleWeekday(.wednesday))
    try await step("save the schedule", .saveSchedule)
    try await step("emoji", .chooseEmoji(index: 1))
    try await step("color", .chooseColor(index: 2))
    try await step("create", .saveTracker)
    // A measurable event.
    try await step("+ again", .addTracker)
    try await step("event", .chooseKind(.event))
    try await step("name it", .textChanged(.name, "Water"))
    try await step("measure", .chooseMeasure(.amount))
    try await step("unit", .textChanged(.unit, "glasses"))
    try await step("target", .textChanged(.target, "8"))
    try await step("its category", .openCategories)
    try await step("choose Health", .chooseCategory(health.id))
    try await step("its emoji", .chooseEmoji(index: 3))
    try await step("its color", .chooseColor(index: 4))
    try await step("create it", .saveTracker)
    let trackers = try store.trackers()
    let read = try #require(trackers.first { $0.tracker.name == "Read" }).tracker.id
    let water = try #require(trackers.first { $0.tracker.name == "Water" }).tracker.id
    // Ticks, an amount, a note, the detail, filters, the other tabs.
    try await step("tick", .toggleCompletion(trackerID: water))
    try await step("amount +", .increaseAmount)
    try await step("save the amount", .saveAmount)
    try await step("card menu", .openCardMenu(trackerID: water))
    try await step("note", .openNote)
    try await step("type the note", .textChanged(.noteText, "after the run"))
    try await step("save the note", .saveNote)
    try await step("detail", .openDetail(trackerID: read))
    try await step("back", .goBack)
    try await step("search", .textChanged(.search, "Wa"))
    try await step("search cleared", .textChanged(.search, ""))
    try await step("filters", .openFilters)
    try await step("filter", .chooseFilter(.completed))
    try await step("statistics", .selectTab(.statistics))
    try await step("settings", .selectTab(.settings))
    try await step("reminder", .toggleReminder)
    try await step("allow", .allowNotifications)
    if let file = store as? SQLiteTrackerStore {
      // Another part of the app (the background sync) joins a folder: the sync row follows.
      let before = try #require(flow.settings).syncTitle
      let folder = TemporaryFolder().path("sync")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      _ = try file.sync(folder: folder, now: Date(timeIntervalSince1970: 1_796_288_400))
      #expect(await until { flow.settings?.syncTitle != before })
      await flow.settled()
      watch.stepEnded("synced elsewhere", flow: flow)
    }
    try await step("trackers again", .selectTab(.trackers))
    try await step("edit", .openCardMenu(trackerID: read))
    try await step("edit it", .editTracker)
    try await step("rename", .textChanged(.name, "Read a book"))
    try await step("save the edit", .saveTracker)
    try await step("delete", .askToDeleteTracker(trackerID: read))
    try await step("confirm", .confirmTrackerDeletion)

    #expect(watch.fires > 50)
    #expect(watch.wasted.isEmpty, "\(watch.wasted.count) wasted: \(watch.wasted.joined(separator: "\n"))")
  }

  /// The watch hears a wasted render where there is one: `flow.view` is one value for the whole
  /// app (what the renderer draws), so a view that reads even one thing of it re-renders at every
  /// keystroke. A SwiftUI view reads the screens' own fields instead (docs/decisions.md).
  @Test func theWatchHearsTheWastedRenderOfAWholeViewReader() async throws {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let flow = await AppFlow.launch(environment: clientEnvironment(store, .en))
    await flow.settled()
    try flow.send(.addTracker)
    try flow.send(.chooseKind(.habit))
    let watch = FieldWatch()
    watch.arm(flow)
    watch.watch("flow.view.screen") { flow.view.screen }
    try flow.send(.textChanged(.name, "Read"))
    watch.stepEnded("type", flow: flow)
    #expect(watch.wasted == ["type: flow.view.screen"])
  }
}
