import Foundation
import Testing
import TrackerModels
import TrackerStore
import TrackerViewModels

/// An action can be awaited to its end (issue 47): in the app's mode, where the main actor waits
/// for no store call, `sendAndSettle` returns once the store work and the state it leads to are
/// done, so a client's test asserts right after it, with no polling.
@MainActor
@Suite("Awaited actions")
struct AwaitedActionTests {
  @Test func aTapAwaitedShowsItsMarkWhenItReturns() async throws {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let read = try addReadingHabit(to: store)
    let environment = clientEnvironment(store, .en)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    let card = try #require(flow.trackers?.state.sections.first?.cards.first)
    #expect(!card.isCompleted)
    try await flow.sendAndSettle(.toggleCompletion(trackerID: read.id))
    #expect(flow.trackers?.state.sections.first?.cards.first?.isCompleted == true)
    #expect(try store.completedTrackerIDs(on: environment.today) == [read.id])
  }
}
