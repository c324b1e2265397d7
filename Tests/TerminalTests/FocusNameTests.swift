import Foundation
import Testing
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerViewModels

@testable import TrackerTerminal

/// The bottom line names what the focus is, with its context (issue 30, item 3): a card's "+" is
/// not the add button's "+", and a day of the grid is a date with its mark.
@MainActor
@Suite("The bottom line names the focus", .temporaryFolders)
struct FocusNameTests {
  @Test(arguments: [
    (
      Language.en, "▸ Mark as done: Water the plants", "▸ Mon 23 Nov, done", "▸ Sun 29 Nov, done",
      "Thu 3 Dec: a day to come, cannot be marked"
    ),
    (
      .ru, "▸ Отметить выполненным: Поливать растения", "▸ Пн 23 нояб., выполнено",
      "▸ Вс 29 нояб., выполнено", "Чт 3 дек.: день ещё не наступил, отметить нельзя"
    ),
  ])
  func aCardsButtonAndAGridDayAreNamedWithTheirContext(
    language: Language, button: String, done: String, sunday: String, refused: String
  ) async throws {
    let session = try await WholeLayerInViewTests().session(language, columns: 80, rows: 24)
    let plants = language == .ru ? "Поливать растения" : "Water the plants"
    while session.focusedIdentifier != "complete:" + plants { _ = await session.press(.tab) }
    #expect(session.frame().last?.hasPrefix(button) == true, "\(session.frame().last ?? "")")
    while session.focusedIdentifier != "card:" + plants { _ = await session.press(.backTab) }
    _ = await session.press(.enter)  // the detail
    for (day, name) in [("2026-11-23", done), ("2026-11-29", sunday)] {
      while session.focusedIdentifier != "day:" + day { _ = await session.press(.tab) }
      #expect(session.frame().last?.hasPrefix(name) == true, "\(session.frame().last ?? "")")
    }
    // A future day cannot be ticked, and the refusal says which day it is and why (the day and
    // its reason, not "“…” is not available now").
    while session.focusedIdentifier != "day:2026-12-03" { _ = await session.press(.tab) }
    _ = await session.press(.enter)
    #expect(session.frame().last?.hasPrefix(refused) == true, "\(session.frame().last ?? "")")
  }
}
