import FlowTestSupport
import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerAutomation
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TrackerViewModels

/// The main actor makes no store call (DESIGN "Data access"): the view models reach a store only
/// through `StoreAccess`, whose queues run off the main thread. The stores count the calls made
/// on the main thread (debug builds); driving every screen of both apps, reading and writing,
/// adds none. The setup's own calls (the test fills the store on the main thread) come before.
@MainActor
@Suite("The main actor makes no store call", .temporaryFolders)
struct MainThreadStoreCallTests {
  /// Opens every screen and sheet of the tracker app and makes each kind of write.
  func driveTheTrackerApp(_ flow: AppFlow) throws {
    let paths: [[String]] = [
      ["add"], ["add", "habit"], ["add", "event"], ["add", "habit", "category"],
      ["add", "habit", "category", "add-category"], ["add", "habit", "schedule"], ["filters"], ["date"],
      ["card:Зарядка"], ["card:Зарядка", "edit"], ["tab-statistics"], ["tab-settings"], ["tab-trackers"],
    ]
    for path in paths {
      for id in path { try flow.tap(id) }
      while !flow.layers.isEmpty { try flow.perform(.dismiss) }
    }
    // Writes: a completion, a pin, a filter, a new category chosen in a new tracker's form.
    try flow.tap("complete:Поливать растения")
    try flow.perform(.longPress(.identifier("card:Зарядка")))
    try flow.tap("pin")
    try flow.tap("filters")
    try flow.tap("filter:completed")
    try flow.tap("filters")
    try flow.tap("filter:all")
    try flow.tap("add")
    try flow.tap("event")
    try flow.tap("category")
    try flow.tap("add-category")
    try flow.tap("title")
    try flow.perform(.type("Дом"))
    try flow.tap("done")
    try flow.tap("category:Дом")
    #expect(flow.screen == .trackerForm)
  }

  @Test func drivingTheTrackerAppOnTheDemoInMemoryCallsTheStoreOffTheMainThreadOnly() throws {
    let world = try TestWorld.demo()
    let before = world.store.mainThreadCalls
    let flow = AppFlow(environment: world.environment(.ru))
    try driveTheTrackerApp(flow)
    #expect(flow.trackers?.state.sections.flatMap(\.cards).contains { $0.isPinned } == true)
    #expect(world.store.mainThreadCalls == before)
  }

  @Test func drivingTheTrackerAppOnADataFileCallsTheStoreOffTheMainThreadOnly() throws {
    let world = try TestWorld.demo()
    let file = try SQLiteTrackerStore(path: TemporaryFolder().path("tracker.sqlite"), now: world.now)
    try file.insert(try world.store.contents())
    try file.saveSettings(try world.store.settings())
    let before = file.mainThreadCalls
    #expect(before > 0)  // the check counts: the setup above ran on the main thread
    var environment = world.environment(.ru, store: file)
    environment.mainActorWait = AppEnvironment.mainActorWait  // as the app runs
    let flow = AppFlow(environment: environment)
    try driveTheTrackerApp(flow)
    #expect(file.mainThreadCalls == before)
  }

  @Test func drivingTheToDoAppCallsTheStoreOffTheMainThreadOnly() throws {
    let store = InMemoryTodoStore()
    let before = store.mainThreadCalls
    let flow = TodoFlow(
      environment: .fixed(now: TodoScenario.now, language: .en, store: store, loader: StubLoader()))
    try flow.tap("add")
    try flow.tap("text")
    try flow.perform(.type("Milk"))
    try flow.tap("done")
    #expect(try store.tasks().map(\.text) == ["Milk"])
    #expect(store.mainThreadCalls == before + 1)  // the line above, the test's own read
  }

  /// The day start hour behind "today" is read again after a change of the settings, off the
  /// main thread.
  @Test func aDayStartChangedElsewhereIsReadAgainOffTheMainThread() throws {
    let world = try TestWorld.demo()
    let environment = world.environment(.ru)
    #expect(environment.dayStart == .midnight)  // read at launch
    let before = world.store.mainThreadCalls
    // Another window or process moves the day start: its commit comes on another thread.
    let done = DispatchSemaphore(value: 0)
    let store = world.store
    DispatchQueue.global().async {
      _ = try? store.updateSettings { $0.dayStart = DayStart(hour: 4)! }
      done.signal()
    }
    done.wait()
    #expect(environment.dayStart == DayStart(hour: 4))
    #expect(world.store.mainThreadCalls == before)
  }
}
