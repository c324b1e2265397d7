import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTerminal
import TrackerViewModels

/// Issue 49: the amount sheet opens with the day's amount selected, so the first key typed replaces
/// it ("7", never "3.57"); after that, keys add to what was typed.
@MainActor
@Suite("Typing into the amount sheet")
struct AmountTypingTests {
  @Test(arguments: Language.allCases)
  func theFirstKeyReplacesTheAmountTheSheetOpenedWith(language: Language) async throws {
    let environment = AppEnvironment.fixed(
      now: try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(12 * 3600),
      timeZone: .moscow, language: language, store: InMemoryTrackerStore())
    let flow = try await ScreenScenario("paced", screen: .trackers, data: .paced).run(
      environment: environment)
    let session = InteractiveSession(app: flow, format: .plain, columns: 80, rows: 24)
    try await session.tab(to: "complete:" + (language == .ru ? "Бег" : "Run"))
    _ = await session.press(.enter)
    guard case .amount(let sheet)? = flow.sheet else {
      Issue.record("no amount sheet: \(flow.screen)")
      return
    }
    #expect(sheet.state.text == (language == .ru ? "3,5" : "3.5") && sheet.state.isTextSelected)
    // The sheet opens with the keys going into its field.
    #expect(session.focusedIdentifier == "amount")
    _ = await session.press(.character("7"))
    #expect(sheet.state.text == "7" && !sheet.state.isTextSelected)
    _ = await session.press(.character("2"))
    #expect(sheet.state.text == "72")
  }
}
