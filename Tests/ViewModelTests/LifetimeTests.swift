import FlowTestSupport
import Foundation
import Testing
import TrackerAutomation
import TrackerModels

@testable import TrackerStore
@testable import TrackerViewModels

/// Closing a screen releases its view model and every token it held (docs/native-client.md, "Nothing
/// leaks").
@MainActor
@Suite("Lifetimes", .temporaryFolders)
struct LifetimeTests {
  /// Weak references to whatever was presented.
  final class Presented {
    var models: [() -> AnyObject?] = []

    @MainActor
    func keep(_ flow: AppFlow) {
      guard let layer = flow.layers.last else { return }
      let model = layer.screen.model
      models.append { [weak model] in model }
    }

    var alive: Int { models.filter { $0() != nil }.count }
  }

  @Test func openingAndClosingEverySheetAHundredTimesLeavesNothingBehind() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    let storeObservers = world.store.observerCount
    let mainObservers = flow.trackers?.observable.observerCount
    let presented = Presented()
    func tap(_ id: String) async throws {
      try await flow.tapAndSettle(id)
      presented.keep(flow)
    }
    let paths: [[String]] = [
      ["add"], ["add", "habit"], ["add", "event"], ["add", "habit", "category"],
      ["add", "habit", "category", "add-category"], ["add", "habit", "schedule"], ["filters"], ["date"],
      ["card:Зарядка"], ["card:Зарядка", "edit"],
    ]
    for _ in 0..<100 {
      for path in paths {
        for id in path { try await tap(id) }
        while !flow.layers.isEmpty { try await flow.performAndSettle(.dismiss) }
      }
      try await flow.performAndSettle(.longPress(.identifier("card:Зарядка")))
      try await flow.performAndSettle(.dismiss)
    }
    #expect(presented.models.count == 100 * 20)  // one screen per tap of the paths
    #expect(presented.alive == 0)
    #expect(flow.layers.isEmpty)
    #expect(world.store.observerCount == storeObservers)
    #expect(flow.trackers?.observable.observerCount == mainObservers)
    #expect(flow.published.observers.observerCount == 0)
  }

  @Test func fiftyCalendarsLeaveOneTokenNotFiftyOne() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    for _ in 0..<50 {
      try await flow.tapAndSettle("date")
      try await flow.tapAndSettle("day:2026-11-29")
    }
    #expect(flow.layers.isEmpty)
    #expect(flow.trackers?.observable.observerCount == 1)
  }

  @Test func aFlowLetGoOfReleasesEveryScreenAndStoreObservation() async throws {
    let world = try TestWorld.demo()
    let baseline = world.store.observerCount
    weak var weakFlow: AppFlow?
    weak var weakMain: TrackersViewModel?
    weak var weakForm: TrackerFormViewModel?
    do {
      let flow = await AppFlow.launch(environment: world.environment(.ru))
      await flow.settled()
      try await flow.tapAndSettle("tab-statistics")
      try await flow.tapAndSettle("tab-trackers")
      try await flow.tapAndSettle("add")
      try await flow.tapAndSettle("habit")
      if case .trackerForm(let form)? = flow.layers.last?.screen { weakForm = form }
      weakMain = flow.trackers
      weakFlow = flow
      // The store has one observer, the environment's access, which tells the day start hour
      // first, then every screen: the main screen (its cards, its stored filter and its
      // collapsed categories), the statistics and the form.
      #expect(world.store.observerCount == baseline + 1)
      #expect(flow.environment.access.followerCount == 6)
    }
    #expect(weakFlow == nil && weakMain == nil && weakForm == nil)
    #expect(world.store.observerCount == baseline)
  }
}
