import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TrackerViewModels

/// After a tap only the tapped card is read again (fast with 1,000 trackers); what the screen then
/// shows must be exactly what reading the whole screen shows, on both stores.
@MainActor
@Suite("Updating one card", .temporaryFolders)
struct CardUpdateTests {
  enum Kind: String, CaseIterable, Sendable {
    case memory, file
  }

  /// The demo in a store of `kind`.
  func world(_ kind: Kind) throws -> (TestWorld, any TrackerDataStore) {
    let world = try TestWorld.demo(.russian)
    guard kind == .file else { return (world, world.store) }
    let folder = TemporaryFolder().url
    let file = try SQLiteTrackerStore(
      path: folder.appendingPathComponent("tracker.sqlite").path, now: world.now)
    try file.insert(try world.store.contents())
    try file.saveSettings(try world.store.settings())
    return (world, file)
  }

  /// The screen as a new main screen on the same store shows it, at `day`.
  func wholeRead(_ environment: AppEnvironment, day: Day) -> TrackersViewModel.State {
    let fresh = TrackersViewModel(environment: environment)
    if day != fresh.state.selectedDay { fresh.daySelected(day) }
    return fresh.state
  }

  @Test(arguments: Kind.allCases)
  func tapsOnTodayAndOnPastDaysShowWhatAWholeReadShows(_ kind: Kind) throws {
    let (world, store) = try world(kind)
    let environment = world.environment(.ru, store: store)
    let model = TrackersViewModel(environment: environment)
    let cards = model.state.sections.flatMap(\.cards)
    #expect(cards.count >= 4)
    for card in cards {
      model.completeTapped(card.id)  // on, then the screen as a whole read would show it
      #expect(model.state == wholeRead(environment, day: model.state.selectedDay), "\(card.name)")
    }
    for past in ["2026-11-29", "2026-11-25", "2026-11-01"] {
      model.daySelected(day(past))
      for card in model.state.sections.flatMap(\.cards) {
        model.completeTapped(card.id)
        #expect(model.state == wholeRead(environment, day: day(past)), "\(card.name) on \(past)")
        model.completeTapped(card.id)
        #expect(model.state == wholeRead(environment, day: day(past)), "\(card.name) on \(past), undone")
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func aRecordBeforeAnEventsFirstDayShowsItOnMoreDaysAsAWholeReadWould(_ kind: Kind) async throws {
    let (world, store) = try world(kind)
    let environment = world.environment(.ru, store: store)
    let category = try #require(try store.categories().first)
    try store.createTracker(event("Новое событие", id: 500, category: category, created: "2026-11-29"))
    let model = TrackersViewModel(environment: environment)
    model.daySelected(day("2026-11-20"))
    #expect(!model.state.sections.flatMap(\.cards).contains { $0.id == id(500) })
    // A record before its first day (another process, or an import) moves the first day back.
    _ = try store.toggleRecord(trackerID: id(500), on: day("2026-11-10"))
    for _ in 0..<100 where !model.state.sections.flatMap(\.cards).contains(where: { $0.id == id(500) }) {
      await Task.yield()
    }
    #expect(model.state.sections.flatMap(\.cards).contains { $0.id == id(500) })
    #expect(model.state == wholeRead(environment, day: day("2026-11-20")))
  }

  @Test func withTheCompletedFilterATapReadsTheWholeScreen() throws {
    let (world, store) = try world(.memory)
    let environment = world.environment(.ru, store: store)
    let model = TrackersViewModel(environment: environment)
    model.filterChosen(.notCompleted)
    let first = try #require(model.state.sections.flatMap(\.cards).first)
    model.completeTapped(first.id)
    #expect(!model.state.sections.flatMap(\.cards).contains { $0.id == first.id })
  }
}
