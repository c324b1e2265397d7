import FlowTestSupport
import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerAutomation
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerViewModels

/// The main actor makes no store call (docs/architecture.md, "Data access"): the view models reach a store only
/// through `StoreAccess`, whose queues run off the main thread. The stores count the calls made
/// on the main thread (debug builds); driving every screen of both apps, reading and writing,
/// adds none. The setup's own calls (the test fills the store on the main thread) come before.
@MainActor
@Suite("The main actor makes no store call", .temporaryFolders)
struct MainThreadStoreCallTests {
  /// Opens every screen and sheet of the tracker app and makes each kind of write.
  func driveTheTrackerApp(_ flow: AppFlow) async throws {
    // Each step's outcome before the next, however long the calls take (the app's main actor
    // waits for none).
    func settled() async throws {
      await flow.environment.access.settled()
    }
    func tap(_ id: String) async throws {
      try await settled()
      try flow.tap(id)
    }
    func perform(_ action: UserAction) async throws {
      try await settled()
      try flow.perform(action)
    }
    let paths: [[String]] = [
      ["add"], ["add", "habit"], ["add", "event"], ["add", "habit", "category"],
      ["add", "habit", "category", "add-category"], ["add", "habit", "schedule"], ["filters"], ["date"],
      ["card:Зарядка"], ["card:Зарядка", "edit"], ["tab-statistics"], ["tab-settings"], ["tab-trackers"],
    ]
    for path in paths {
      for id in path { try await tap(id) }
      while !flow.layers.isEmpty { try await perform(.dismiss) }
    }
    // Writes: a completion, a pin, a filter, a new category chosen in a new tracker's form.
    try await tap("complete:Поливать растения")
    try await perform(.longPress(.identifier("card:Зарядка")))
    try await tap("pin")
    try await tap("filters")
    try await tap("filter:completed")
    try await tap("filters")
    try await tap("filter:all")
    try await tap("add")
    try await tap("event")
    try await tap("category")
    try await tap("add-category")
    try await tap("title")
    try await perform(.type("Дом"))
    try await tap("done")
    try await tap("category:Дом")
    try await settled()
    #expect(flow.screen == .trackerForm)
  }

  @Test func drivingTheTrackerAppOnTheDemoInMemoryCallsTheStoreOffTheMainThreadOnly() async throws {
    let world = try TestWorld.demo()
    let before = world.store.mainThreadCalls
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    try await driveTheTrackerApp(flow)
    #expect(flow.trackers?.state.sections.flatMap(\.cards).contains { $0.isPinned } == true)
    #expect(world.store.mainThreadCalls == before)
  }

  @Test func drivingTheTrackerAppOnADataFileCallsTheStoreOffTheMainThreadOnly() async throws {
    let world = try TestWorld.demo()
    let file = try SQLiteTrackerStore(path: TemporaryFolder().path("tracker.sqlite"), now: world.now)
    try file.insert(try world.store.contents())
    try file.saveSettings(try world.store.settings())
    let before = file.mainThreadCalls
    #expect(before > 0)  // the check counts: the setup above ran on the main thread
    let environment = world.environment(.ru, store: file)
    let flow = await AppFlow.launch(environment: environment)
    try await driveTheTrackerApp(flow)
    #expect(file.mainThreadCalls == before)
  }

  @Test func drivingTheToDoAppCallsTheStoreOffTheMainThreadOnly() async throws {
    let store = InMemoryTodoStore()
    let before = store.mainThreadCalls
    let flow = TodoFlow(
      environment: .fixed(now: TodoScenario.now, language: .en, store: store, loader: StubLoader()))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("text")
    try await flow.performAndSettle(.type("Milk"))
    try await flow.tapAndSettle("done")
    #expect(try store.tasks().map(\.text) == ["Milk"])
    #expect(store.mainThreadCalls == before + 1)  // the line above, the test's own read
  }

  /// The day start hour behind "today" is read again after a change of the settings, off the
  /// main thread.
  @Test func aDayStartChangedElsewhereIsReadAgainOffTheMainThread() async throws {
    let world = try TestWorld.demo()
    let environment = world.environment(.ru)
    #expect(environment.dayStart == .midnight)
    // Its read, begun by that first look, lands before the change below: else it may read the new
    // hour itself, which is not what this test is about.
    await environment.settled()
    let before = world.store.mainThreadCalls
    // Another window or process moves the day start: its commit comes on another thread.
    let done = DispatchSemaphore(value: 0)
    let store = world.store
    DispatchQueue.global().async {
      _ = try? store.updateSettings { $0.dayStart = DayStart(hour: 4)! }
      done.signal()
    }
    done.wait()
    // The commit reaches the main actor and is handed over on the turn after, as it reaches the
    // screens. The first look after it goes on with the hour known and reads the new one off the
    // main actor.
    #expect(await until { environment.dayStartCache.isStale })
    #expect(environment.dayStart == .midnight)
    await environment.settled()
    #expect(environment.dayStart == DayStart(hour: 4))
    #expect(world.store.mainThreadCalls == before)
  }
}
