import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerViewModels

@testable import TrackerTerminal

/// A card's menu and its questions fit whole on a terminal of 80×24 and of 40×24, whichever card
/// opened them (issue 30, item 2: at 80×24 the menu showed "Pin" alone).
@MainActor
@Suite("Menus and questions in view, whole", .temporaryFolders)
struct WholeLayerInViewTests {
  static let sizes = [(80, 24), (40, 24)]

  func session(_ language: Language, columns: Int, rows: Int) async throws -> InteractiveSession {
    let environment = AppEnvironment.fixed(
      now: try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(12 * 3600),
      timeZone: .moscow, language: language, store: InMemoryTrackerStore())
    let flow = try await ScreenScenario("demo", screen: .trackers).run(environment: environment)
    return InteractiveSession(app: flow, format: .plain, columns: columns, rows: rows)
  }

  /// Whether every element of the layer on top is drawn in `frame`.
  func allShown(_ session: InteractiveSession) -> (Bool, [String]) {
    let frame = session.frame().map {
      $0.replacingOccurrences(of: "\u{1B}[7m", with: "").replacingOccurrences(of: "\u{1B}[27m", with: "")
    }
    let missing = session.app.elements.map(\.label).filter { label in !frame.contains { $0.contains(label) } }
    return (missing.isEmpty, missing + frame)
  }

  @Test(arguments: [Language.en, .ru])
  func everyCardsMenuAndDeleteQuestionFitWhole(language: Language) async throws {
    for (columns, rows) in Self.sizes {
      let probe = try await session(language, columns: columns, rows: rows)
      let cards = probe.app.elements.filter(\.identifier.isCard).map(\.id)
      #expect(cards.count == 4)  // Monday: the board games are not shown
      for card in cards {
        let session = try await session(language, columns: columns, rows: rows)
        while session.focusedIdentifier != card { _ = await session.press(.tab) }
        _ = await session.press(.character("m"))
        let (menuShown, menuFrame) = allShown(session)
        #expect(menuShown, "\(columns)×\(rows) \(card) menu: \(menuFrame.joined(separator: "\n"))")
        while session.focusedIdentifier != "delete" { _ = await session.press(.tab) }
        _ = await session.press(.enter)
        #expect(session.app.elements.map(\.id) == ["confirm", "cancel"])
        let (questionShown, questionFrame) = allShown(session)
        #expect(
          questionShown, "\(columns)×\(rows) \(card) question: \(questionFrame.joined(separator: "\n"))")
      }
    }
  }
}
