import FailingStores
import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TrackerViewModels

/// A change of language changes words, not data: every open screen is worded again from what it
/// last read, without reading the store (issue 31: it made 8 reads). A change of time zone that
/// moves "today" does read: the days on screen are other days.
@MainActor
@Suite("A language change reads nothing")
struct LanguageChangeReadsTests {
  /// The statistics tab visited, the main screen back on top and the first card's detail open
  /// over it.
  private func navigate(_ flow: AppFlow) async throws {
    let name = try #require(flow.view.main?.sections.first?.cards.first?.name)
    try await flow.tapAndSettle("tab-statistics")
    try await flow.tapAndSettle("tab-trackers")
    try await flow.tapAndSettle("card:" + name)
    #expect(flow.screen == .detail)
  }

  /// The demo behind a store that counts its reads, navigated.
  private func openApp(_ language: Language) async throws -> (
    AppFlow, FailingStore, AppEnvironment, TestWorld
  ) {
    let world = try TestWorld.demo(language == .ru ? .russian : .english)
    let store = FailingStore(world.store)
    let environment = world.environment(language, store: store)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await navigate(flow)
    return (flow, store, environment, world)
  }

  @Test(arguments: Language.allCases)
  func everyOpenScreenIsWordedAgainWithoutAStoreRead(from language: Language) async throws {
    let (flow, store, environment, world) = try await openApp(language)
    let other: Language = language == .en ? .ru : .en
    let before = flow.view
    store.forgetReads()
    environment.environmentChanged(language: other, timeZone: environment.timeZone)
    await environment.access.settled()  // a read it started would have run by now
    #expect(store.reads == [])
    #expect(flow.view != before)
    // The same screens over the same data, as an app started in the other language draws them.
    let fresh = await AppFlow.launch(environment: world.environment(other))
    await fresh.settled()
    try await navigate(fresh)
    #expect(flow.view == fresh.view)
    try await flow.tapAndSettle("back")
    try await fresh.tapAndSettle("back")
    #expect(flow.view == fresh.view)
    try await flow.tapAndSettle("tab-statistics")
    try await fresh.tapAndSettle("tab-statistics")
    #expect(flow.view == fresh.view)
    #expect(store.reads == [])
  }

  @Test func aNewTimeZoneThatMovesTodayReadsTheNewDays() async throws {
    let (flow, store, environment, _) = try await openApp(.en)
    store.forgetReads()
    // 09:00 UTC on 30 November is noon in Moscow and still the 29th eleven hours west of UTC.
    let west = try #require(TimeZone(identifier: "Pacific/Pago_Pago"))
    environment.environmentChanged(language: .en, timeZone: west)
    #expect(environment.today == day("2026-11-29"))
    await environment.access.settled()
    #expect(!store.reads.isEmpty)
    #expect(flow.screen == .detail)
  }
}
