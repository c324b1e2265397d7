import FlowTestSupport
import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// Kept cards are the cards: a renderer with a cache draws exactly what one without draws, also
/// after a card changed and at another width.
@MainActor
@Suite("Render cache")
struct RenderCacheTests {
  @Test func aCachedDrawingIsTheDrawingAfterChangesAndAtAnyWidth() async throws {
    let zone = TimeZone(identifier: "Europe/Moscow")!
    let environment = AppEnvironment.fixed(
      now: try Day(iso: "2026-11-30").start(in: zone).addingTimeInterval(12 * 3600), timeZone: zone,
      language: .ru, store: InMemoryTrackerStore())
    let flow = try await ScreenScenario("demo", screen: .trackers).run(environment: environment)
    let cache = RenderCache()
    for width in [47, 60, 47] {
      #expect(
        ScreenRenderer(width: width, cache: cache).lines(for: flow.view)
          == ScreenRenderer(width: width).lines(for: flow.view))
    }
    let doneBefore = ScreenRenderer(width: 47, cache: cache).render(flow.view).components(separatedBy: "[✓]")
      .count
    let complete = try #require(
      flow.elements.first {
        guard case .complete = $0.identifier else { return false }
        return $0.isChecked == false
      })
    try await flow.tapAndSettle(complete.id)
    let cached = ScreenRenderer(width: 47, cache: cache).render(flow.view)
    #expect(cached == ScreenRenderer(width: 47).render(flow.view))
    #expect(cached.components(separatedBy: "[✓]").count == doneBefore + 1)
  }

  @Test func aSearchTypedAndErasedFindsTheHiddenCardsStillKeptAndOldOnesGo() async throws {
    let zone = TimeZone(identifier: "Europe/Moscow")!
    let environment = AppEnvironment.fixed(
      now: try Day(iso: "2026-11-30").start(in: zone).addingTimeInterval(12 * 3600), timeZone: zone,
      language: .en, store: InMemoryTrackerStore())
    let flow = try await ScreenScenario("demo", screen: .trackers).run(environment: environment)
    let cache = RenderCache()
    _ = ScreenRenderer(width: 47, cache: cache).lines(for: flow.view)
    let all = cache.count
    #expect(all == 4)
    // Typing narrows the list; erasing brings every card back drawn from the cache, the same lines.
    try flow.tap("search")
    try flow.perform(.type("Water"))
    _ = ScreenRenderer(width: 47, cache: cache).lines(for: flow.view)
    #expect(cache.count == all)
    try flow.perform(.clear)
    #expect(
      ScreenRenderer(width: 47, cache: cache).lines(for: flow.view)
        == ScreenRenderer(width: 47).lines(for: flow.view))
    // At another width for long enough, the cards of 47 columns go.
    for _ in 0..<RenderCache.keptDrawings * 2 {
      _ = ScreenRenderer(width: 60, cache: cache).lines(for: flow.view)
    }
    #expect(cache.count == all)
  }
}
