import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TrackerTextRenderer
@testable import TrackerViewModels

/// Every screen, with the most awkward names allowed, fits every width from the narrowest up.
@MainActor
@Suite("Layout fits the width")
struct LayoutFitTests {
  static let widths = [32, 40, 47, 60]

  static let names = [
    String(repeating: "漢", count: 38),
    String(repeating: "👨‍👩‍👧‍👦", count: 38),
    "Пить воду 💧 water 水 ثلاث شرب 🇷🇺 1️⃣ é",
    "לשתות מים כל יום בבוקר ובערב",
    "Supercalifragilisticexpialidocious1234",
    String(repeating: "Ж", count: 38),
  ]

  /// A store full of awkward names, onboarding done.
  func awkwardWorld(_ language: Language) throws -> AppEnvironment {
    let store = InMemoryTrackerStore()
    let wide = TrackerCategory(id: UUID(), title: String(repeating: "中", count: 38))
    let long = TrackerCategory(id: UUID(), title: String(repeating: "Ж", count: 38))
    try store.createCategory(wide)
    try store.createCategory(long)
    for (index, name) in Self.names.enumerated() {
      let tracker = Tracker(
        id: UUID(), name: name, emoji: TrackerEmoji.all[index], color: TrackerColor.palette[index],
        categoryID: index % 2 == 0 ? wide.id : long.id, isPinned: index == 0,
        createdOn: Day(year: 2026, month: 11, day: 1)!, kind: index % 3 == 0 ? .event : .habit(.everyDay))
      try store.createTracker(tracker)
      for offset in 0..<(index * 50) {
        try store.toggleRecord(
          trackerID: tracker.id, on: Day(year: 2026, month: 11, day: 30)!.adding(days: -offset))
      }
    }
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    return AppEnvironment(
      now: { Date(timeIntervalSince1970: 1_796_032_800) }, timeZone: TimeZone(identifier: "UTC")!,
      language: language,
      store: store, analytics: SilentAnalytics(), makeID: { UUID() })
  }

  /// The views a user can reach in the awkward world.
  func views(_ language: Language) async throws -> [(String, AppView)] {
    var result: [(String, AppView)] = []
    func visit(_ name: String, _ actions: [UserAction]) async throws {
      let flow = await AppFlow.launch(environment: try awkwardWorld(language))
      await flow.settled()
      for action in actions { try await flow.performAndSettle(action) }
      result.append((name, flow.view))
    }
    let firstCard = "card:" + Self.names[0]
    try await visit("main", [])
    try await visit("search", [.tap(.identifier("search")), .type(String(repeating: "漢", count: 60))])
    try await visit("menu", [.longPress(.identifier(firstCard))])
    try await visit("delete", [.longPress(.identifier(firstCard)), .tap(.identifier("delete"))])
    try await visit("edit", [.longPress(.identifier(firstCard)), .tap(.identifier("edit"))])
    try await visit(
      "form-too-long",
      [
        .tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("name")),
        .type(String(repeating: "👨‍👩‍👧‍👦", count: 39)),
      ])
    try await visit(
      "categories", [.tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("category"))])
    try await visit(
      "category-delete",
      [
        .tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("category")),
        .longPress(.identifier("category:" + String(repeating: "Ж", count: 38))), .tap(.identifier("delete")),
      ])
    try await visit("filters", [.tap(.identifier("filters"))])
    try await visit("calendar", [.tap(.identifier("date"))])
    try await visit("statistics", [.tap(.identifier("tab-statistics"))])
    try await visit("onboarding", [])
    return result
  }

  @Test(arguments: Language.allCases)
  func everyLineFitsEveryWidth(language: Language) async throws {
    for (name, view) in try await views(language) {
      for width in Self.widths {
        let text = ScreenRenderer(width: width).render(view)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
          #expect(TerminalWidth.of(String(line)) <= width, "\(name) at \(width): \(line)")
        }
      }
    }
  }

  @Test func everyScenarioFitsEveryWidth() async throws {
    for scenario in ScreenScenario.all {
      for language in Language.allCases {
        let environment = AppEnvironment(
          now: { Date(timeIntervalSince1970: 1_796_032_800) }, timeZone: TimeZone(identifier: "UTC")!,
          language: language,
          store: InMemoryTrackerStore(), analytics: SilentAnalytics(), makeID: { UUID() })
        let view = try await scenario.run(environment: environment)
          .view
        for width in Self.widths {
          for line in ScreenRenderer(width: width).render(view).split(separator: "\n") {
            #expect(
              TerminalWidth.of(String(line)) <= width, "\(scenario.name) \(language) at \(width): \(line)")
          }
        }
      }
    }
  }

  @Test func userTextCannotPutControlCharactersOnTheTerminal() async throws {
    var view = try await views(.en)[0].1
    guard case .trackers(var state) = view.base else {
      Issue.record("not the main screen")
      return
    }
    state.sections[0].title = "Evil\u{1B}]0;pwned\u{7}"
    state.sections[0].cards[0].name = "\u{1B}[2J\u{202E}gnirts"
    state.sections[0].cards[0].emoji = "\u{1B}c"
    view.base = .trackers(state)
    for format in [OutputFormat.plain, .markup(.dark)] {
      let text = ScreenRenderer(width: 40).render(view, format: format)
      #expect(
        !text.unicodeScalars.contains {
          ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{202E}"
        })
    }
    let ansi = ScreenRenderer(width: 40).render(view, format: .ansi(.light))
    // The only escapes are the renderer's own color codes.
    #expect(!ansi.contains("\u{1B}[2J") && !ansi.contains("\u{1B}]0") && !ansi.contains("\u{1B}c"))
  }
}
