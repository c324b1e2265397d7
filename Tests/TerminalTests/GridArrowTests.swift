import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerTerminal

/// Focus order is screen order, and the arrows move in two dimensions in a grid (issue 30, item 5):
/// the edit form's day counter comes after Schedule, before the emoji; in the emoji and color
/// grids, the calendar and the detail's days ↑ ↓ go a row of the grid as drawn and ← → a cell; on
/// a line of choices (issue 32) ← → go to the choice before or after.
@MainActor
@Suite("Focus order and the arrows in a grid", .temporaryFolders)
struct GridArrowTests {
  static let sizes = [(80, 24), (40, 24)]

  func session(_ language: Language, columns: Int, rows: Int) async throws -> InteractiveSession {
    try await WholeLayerInViewTests().session(language, columns: columns, rows: rows)
  }

  /// Expects `elements` to be drawn in `lines` in their order, top to bottom, left to right.
  func expectReadingOrder(_ elements: [Element], _ lines: [StyledLine], _ name: String) throws {
    var locator = ElementLocator(elements: elements, lines: lines)
    var previous: (row: Int, column: Int, identifier: String)?
    for element in elements {
      let located = locator.locate(element.identifier)
      let place = try #require(located, "\(name): \(element.identifier)")
      if let previous {
        #expect(
          (previous.row, previous.column) < (place.row, place.characters.lowerBound),
          "\(name): \(previous.identifier) is drawn after \(element.identifier)")
      }
      previous = (place.row, place.characters.lowerBound, element.id)
    }
  }

  @Test(arguments: [Language.en, .ru])
  func everyScreenButTheCardsIsFocusedInReadingOrder(_ language: Language) async throws {
    for scenario in ScreenScenario.all {
      let environment = AppEnvironment.fixed(
        now: try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(12 * 3600),
        timeZone: .moscow, language: language, store: InMemoryTrackerStore())
      let flow = try await scenario.run(environment: environment)
      // The main screen's cards go card by card, each with its button under it (docs/decisions.md).
      if flow.elements.contains(where: { $0.id == "add" }) { continue }
      for (columns, _) in Self.sizes {
        try expectReadingOrder(
          flow.elements, flow.lines(ScreenRenderer(width: columns)).lines, "\(scenario.name) at \(columns)")
      }
    }
  }

  @Test(arguments: [Language.en, .ru])
  func everyToDoScreenIsFocusedInReadingOrder(_ language: Language) async throws {
    for scenario in TodoScenario.all {
      let flow = try await scenario.run(language: language)
      for (columns, _) in Self.sizes {
        try expectReadingOrder(
          flow.elements, flow.lines(ScreenRenderer(width: columns)).lines, "\(scenario.name) at \(columns)")
      }
    }
  }

  @Test(arguments: [Language.en, .ru])
  func theEditFormsDayCounterComesAfterTheRemindersBeforeTheEmoji(_ language: Language) async throws {
    let session = try await session(language, columns: 80, rows: 24)
    let plants = language == .ru ? "Поливать растения" : "Water the plants"
    try await session.tab(to: "card:" + plants)
    _ = await session.press(.character("m"))
    try await session.open("edit")
    _ = await session.press(.escape)  // leaves the name field
    try await session.tab(to: "schedule")
    // The measure (issue 32) and the Reminders row's "+" (issue 48) come between, then the counter.
    await #expect(session.press([.tab, .tab, .tab]) == ["measure:yes-no", "measure:amount", "add-reminder"])
    await #expect(session.press([.tab, .tab, .tab]) == ["days-minus", "days-plus", "emoji:1"])
    await #expect(
      session.press([.backTab, .backTab, .backTab, .backTab]) == [
        "days-plus", "days-minus", "add-reminder", "measure:amount",
      ])
  }

  @Test(arguments: [Language.en, .ru])
  func theArrowsMoveInTheEmojiAndColorGridsAsDrawn(_ language: Language) async throws {
    for (columns, rows) in Self.sizes {
      let session = try await session(language, columns: columns, rows: rows)
      try await session.openNewHabitForm()
      try await session.tab(to: "emoji:1")
      let size = "\(columns)×\(rows)"
      // Six to a row: ↓ is the emoji under, → the next one, ← at the grid's start stays.
      await #expect(
        session.press([.down, .right, .down, .left]) == ["emoji:7", "emoji:8", "emoji:14", "emoji:13"],
        "\(size)")
      await #expect(session.press([.right, .right, .right, .right, .right]).last == "emoji:18", "\(size)")
      await #expect(session.press([.right]) == ["emoji:18"], "\(size)")  // the last cell: no further
      // From the last row down into the colors, in the same column; up again.
      await #expect(session.press([.down, .up, .up]) == ["color:6", "emoji:18", "emoji:12"], "\(size)")
      await #expect(
        session.press([.down, .down, .down, .down]) == ["emoji:18", "color:6", "color:12", "color:18"])
      // Past the colors' last row: Create (issue 49), Cancel one Shift-Tab back; ↑ from the first emoji
      // row: what is before the grid.
      await #expect(session.press([.down, .backTab]) == ["create", "cancel"], "\(size)")
      try await session.tab(to: "emoji:3")
      // (the Reminders row's "+", issue 48).
      await #expect(session.press([.up]) == ["add-reminder"], "\(size)")
      // Tab still walks every element, one by one.
      await #expect(
        session.press([.tab, .tab, .tab, .backTab]) == ["emoji:1", "emoji:2", "emoji:3", "emoji:2"],
        "\(size)")
      // ↑ from the "+": the line of Yes / No and Measurable, its nearest choice, as in a grid.
      try await session.tab(to: "add-reminder")
      await #expect(session.press([.up]) == ["measure:amount"], "\(size)")
    }
  }

  @Test(arguments: [Language.en, .ru])
  func createIsAFewArrowsAwayNotThirtySix(_ language: Language) async throws {
    for (columns, rows) in Self.sizes {
      let session = try await session(language, columns: columns, rows: rows)
      try await session.openNewHabitForm(keys: false)  // typing goes into its name
      var presses = 0
      while session.focusedIdentifier != "create", presses < 40 {
        _ = await session.press(.down)
        presses += 1
      }
      // Name, Category, Schedule, the line of Yes / No and Measurable (issue 32), the Reminders
      // row's "+" (issue 48), three rows of emoji, three of colors, Create (issue 49: not Cancel).
      #expect(presses == 11, "\(columns)×\(rows)")
    }
  }

  /// Issue 32: ← → go between the choices of a line — the form's Yes / No and Measurable, its at
  /// least and at most, the schedule's kinds — and Enter chooses the one focused; a line is a grid
  /// of one row (of one column for the schedule's kinds), so ↑ ↓ leave it.
  @Test(arguments: [Language.en, .ru])
  func theArrowsMoveBetweenTheChoicesOfALine(_ language: Language) async throws {
    for (columns, rows) in Self.sizes {
      let session = try await session(language, columns: columns, rows: rows)
      let size = "\(columns)×\(rows)"
      func isChecked(_ identifier: String) -> Bool? {
        session.app.elements.first { $0.id == identifier }?.isChecked
      }
      try await session.openNewHabitForm()
      try await session.tab(to: "measure:yes-no")
      await #expect(
        session.press([.right, .right, .left, .right]) == [
          "measure:amount", "measure:amount", "measure:yes-no", "measure:amount",
        ], "\(size)")
      _ = await session.press(.enter)
      #expect(isChecked("measure:amount") == true && isChecked("measure:yes-no") == false, "\(size)")
      // ↓ leaves the line for the unit field under it.
      await #expect(session.press([.down, .escape]) == ["unit", "unit"], "\(size)")
      try await session.tab(to: "direction:at-least")
      await #expect(
        session.press([.left, .right, .right, .left, .right]) == [
          "direction:at-least", "direction:at-most", "direction:at-most", "direction:at-least",
          "direction:at-most",
        ], "\(size)")
      _ = await session.press(.enter)
      #expect(isChecked("direction:at-most") == true && isChecked("direction:at-least") == false, "\(size)")
      await #expect(session.press([.up, .escape]) == ["target", "target"], "\(size)")
      // The schedule's kinds, one under the other: ← → as ↑ ↓ among them.
      try await session.open("schedule")
      try await session.tab(to: "schedule:weekdays")
      await #expect(
        session.press([.right, .right, .right, .left]) == [
          "schedule:week", "schedule:month", "schedule:window", "schedule:month",
        ],
        "\(size)")
      _ = await session.press(.enter)
      #expect(isChecked("schedule:month") == true && isChecked("schedule:weekdays") == false, "\(size)")
    }
  }

  @Test(arguments: [
    (Language.en, "or a line of choices: the next one"), (.ru, "и строке вариантов: к соседнему"),
  ])
  func theKeyMapSaysTheArrowsMoveOnALineOfChoices(_ language: Language, _ words: String) async throws {
    let session = try await session(language, columns: 80, rows: 24)
    _ = await session.press(.character("?"))
    #expect(session.frame().contains { $0.hasPrefix("↑ ↓ ← →") && $0.contains(words) })
  }

  @Test(arguments: [Language.en, .ru])
  func theArrowsMoveByWeekAndDayInTheCalendar(_ language: Language) async throws {
    for (columns, rows) in Self.sizes {
      let session = try await session(language, columns: columns, rows: rows)
      try await session.open("date")
      let size = "\(columns)×\(rows)"
      // November 2026: Sunday the 1st alone on the first row, Monday the 30th alone on the last.
      #expect(session.focusedIdentifier == "day:2026-11-30", "\(size)")
      await #expect(
        session.press([.up, .left, .up, .up, .up, .up]) == [
          "day:2026-11-23", "day:2026-11-22", "day:2026-11-15", "day:2026-11-08", "day:2026-11-01",
          "next-month",
        ], "\(size)")
      try await session.tab(to: "day:2026-11-27")
      // Down from Friday the 27th: the last row has the 30th only, the nearest.
      await #expect(
        session.press([.down, .right, .down]) == ["day:2026-11-30", "day:2026-11-30", "prev-month"])
    }
  }

  @Test(arguments: [Language.en, .ru])
  func theArrowsMoveByWeekAndDayInTheDetailsGrid(_ language: Language) async throws {
    for (columns, rows) in Self.sizes {
      let session = try await session(language, columns: columns, rows: rows)
      let plants = language == .ru ? "Поливать растения" : "Water the plants"
      try await session.open("card:" + plants)
      #expect(session.focusedIdentifier == "back")
      let size = "\(columns)×\(rows)"
      // Weeks from Monday 2 November to Sunday 6 December, seven days to a row; under the grid,
      // "Note for this day" (issue 32) first.
      await #expect(
        session.press([.down, .down, .right, .down, .down, .down, .down]) == [
          "day:2026-11-02", "day:2026-11-09", "day:2026-11-10", "day:2026-11-17", "day:2026-11-24",
          "day:2026-12-01", "note",
        ], "\(size)")
      await #expect(
        session.press([.up, .up, .left, .up]) == [
          "day:2026-12-06", "day:2026-11-29", "day:2026-11-28", "day:2026-11-21",
        ])
      try await session.tab(to: "day:2026-11-04")
      await #expect(session.press([.up]) == ["back"], "\(size)")
    }
  }

  @Test(arguments: [(Language.en, "in a grid (emoji, colors, days)"), (.ru, "в сетке (эмодзи, цвета, дни)")])
  func theKeyMapSaysTheArrowsMoveInAGrid(_ language: Language, _ words: String) async throws {
    let session = try await session(language, columns: 80, rows: 24)
    _ = await session.press(.character("?"))
    #expect(session.frame().contains { $0.hasPrefix("↑ ↓ ← →") && $0.contains(words) })
  }
}
