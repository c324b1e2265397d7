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

/// A clock a test moves by hand.
final class HandClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date

  init(_ start: Date) { current = start }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  func set(_ date: Date) {
    lock.lock()
    current = date
    lock.unlock()
  }
}

/// The session's focus rules in-process (docs/command-line.md "The interactive mode"): where the
/// focus goes when something closes, Enter in a field, the words of the bottom line, the key map,
/// the cursor; and the day rolling over with the app open and no key pressed.
@MainActor
@Suite("Interactive session: focus, words and the clock", .temporaryFolders)
struct InteractiveFocusTests {
  let store = InMemoryTrackerStore()

  func session(_ language: Language = .en, columns: Int = 47, rows: Int = 60) async throws
    -> InteractiveSession
  {
    let environment = AppEnvironment.fixed(
      now: try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(12 * 3600),
      timeZone: .moscow, language: language, store: store)
    let flow = try await ScreenScenario("demo", screen: .trackers).run(environment: environment)
    return InteractiveSession(app: flow, format: .plain, columns: columns, rows: rows)
  }

  /// The frame without its reverse-video codes.
  func text(_ frame: [String]) -> [String] {
    frame.map {
      $0.replacingOccurrences(of: "\u{1B}[7m", with: "").replacingOccurrences(of: "\u{1B}[27m", with: "")
    }
  }

  func tab(_ session: InteractiveSession, to identifier: String) async throws {
    for _ in 0..<200 where session.focusedIdentifier != identifier { _ = await session.press(.tab) }
    try #require(session.focusedIdentifier == identifier)
  }

  @Test(arguments: [Language.en, .ru])
  func everyElementOfEveryScreenIsFoundWhereItIsDrawnSoItsFocusShows(_ language: Language) async throws {
    for scenario in ScreenScenario.all {
      let environment = AppEnvironment.fixed(
        now: try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(12 * 3600),
        timeZone: .moscow, language: language, store: InMemoryTrackerStore())
      let flow = try await scenario.run(environment: environment)
      for columns in [32, 47, 60] {
        let session = InteractiveSession(
          app: flow, format: .plain, columns: columns, rows: 200)
        for element in flow.elements {
          for _ in 0...flow.elements.count where session.focusedID != element.identifier {
            _ = await session.press(.tab)
          }
          try #require(session.focusedID == element.identifier)
          // Typing into a field would change it: only the focus moves here.
          let frame = session.frame()
          #expect(
            frame.contains { $0.contains("\u{1B}[7m") },
            "\(scenario.name) at \(columns) columns: \(element.identifier) shows no focus")
          if session.isEditing { _ = await session.press(.escape) }
        }
      }
    }
  }

  @Test func enterInTheNameFieldGoesPastItsClearButtonAndKeepsTheName() async throws {
    let session = try await session()
    _ = await session.press(.enter)  // "+"
    _ = await session.press(.enter)  // a habit
    for character in "Yoga" { _ = await session.press(.character(character)) }
    _ = await session.press(.enter)
    #expect(session.focusedIdentifier == "category")
    #expect(session.app.elements.first { $0.id == "name" }?.label == "Yoga")
  }

  @Test func closingASheetMenuQuestionOrScreenGivesTheFocusBackToWhatOpenedIt() async throws {
    let session = try await session()
    let card = try #require(session.app.elements.last { $0.identifier.isCard }?.id)
    try await tab(session, to: card)
    _ = await session.press(.character("m"))
    _ = await session.press(.escape)
    #expect(session.focusedIdentifier == card)
    _ = await session.press(.left)
    #expect(session.focusedIdentifier == "cancel")
    _ = await session.press(.enter)
    #expect(session.focusedIdentifier == card)
    _ = await session.press(.enter)  // the detail
    #expect(session.app.screenName == "detail")
    try await tab(session, to: "edit")
    _ = await session.press(.enter)  // its form
    #expect(session.app.screenName == "tracker-form")
    _ = await session.press(.escape)  // leaves the name field
    _ = await session.press(.escape)  // closes the form
    #expect(session.app.screenName == "detail" && session.focusedIdentifier == "edit")
    _ = await session.press(.escape)
    #expect(session.app.screenName == "trackers" && session.focusedIdentifier == card)
    try await tab(session, to: "date")
    _ = await session.press(.enter)
    _ = await session.press(.escape)
    #expect(session.focusedIdentifier == "date")
  }

  @Test func aDeletedCardLeavesTheFocusOnItsPlace() async throws {
    let session = try await session()
    let cards = session.app.elements.filter { $0.identifier.isCard }.map(\.id)
    try await tab(session, to: cards[1])
    _ = await session.press(.left)
    try await tab(session, to: "confirm")
    _ = await session.press(.enter)
    #expect(!session.app.elements.contains { $0.id == cards[1] })
    let focused = try #require(session.focusedID)
    #expect(focused.isComplete || focused.isCard, "\(focused)")
  }

  @Test(arguments: [(Language.en, "Color 4 of 18"), (.ru, "Цвет 4 из 18")])
  func theBottomLineNamesAColorByItsPlaceNeverByItsCode(_ language: Language, _ words: String) async throws {
    let session = try await session(language)
    _ = await session.press(.enter)
    _ = await session.press(.enter)
    _ = await session.press(.escape)
    try await tab(session, to: "color:4")
    let frame = session.frame()
    #expect(frame.last?.hasPrefix("▸ " + words) == true, "\(frame.last ?? "")")
    #expect(!frame.joined().contains("#"), "\(frame.joined(separator: "\n"))")
  }

  @Test func theCursorIsDrawnOnlyInTheFieldTypingGoesTo() async throws {
    let session = try await session()
    _ = await session.press(.enter)
    _ = await session.press(.enter)
    #expect(text(session.frame()).contains { $0.contains("▏") })  // ready for typing at once
    for character in "Yoga" { _ = await session.press(.character(character)) }
    #expect(text(session.frame()).contains { $0.contains("Yoga▏") })
    _ = await session.press(.tab)
    #expect(!text(session.frame()).contains { $0.contains("▏") })
    _ = await session.press(.backTab)
    #expect(text(session.frame()).contains { $0.contains("Yoga▏") })
    _ = await session.press(.escape)
    #expect(!text(session.frame()).contains { $0.contains("▏") })
  }

  @Test(arguments: [32, 40, 60])
  func theStatusLineShowsWholeHintsAtAnyWidth(_ columns: Int) async throws {
    let session = try await session(.ru, columns: columns, rows: 30)
    let status = text(session.frame()).last ?? ""
    #expect(status.count <= columns)
    let parts = status.components(separatedBy: " · ").dropFirst()
    let hints = Set(Localizer(.ru).text(.appStatusHints).components(separatedBy: " · "))
    #expect(!parts.isEmpty && parts.allSatisfy { hints.contains($0) }, "\(status)")
  }

  @Test func theKeyMapScrollsWithTheArrowsAndPagesAndAnyOtherKeyClosesIt() async throws {
    let session = try await session(.en, columns: 32, rows: 8)
    _ = await session.press(.character("?"))
    let first = text(session.frame())
    #expect(first[0].contains("Keys") && first.count == 8)
    #expect(!first.contains { $0.contains("Ctrl-C") })
    _ = await session.press(.end)
    let last = text(session.frame())
    #expect(last.contains { $0.contains("q, Ctrl-C") }, "\(last.joined(separator: "\n"))")
    _ = await session.press(.up)
    _ = await session.press(.home)
    #expect(text(session.frame())[0].contains("Keys"))
    _ = await session.press(.tab)
    #expect(!text(session.frame())[0].contains("Keys"))
  }

  @Test func afterAResizeTheFocusIsInViewEvenIfThePageWasScrolledAway() async throws {
    let session = try await session(.en, columns: 60, rows: 20)
    let card = try #require(session.app.elements.last { $0.identifier.isCard })
    try await tab(session, to: card.id)
    _ = session.frame()
    for _ in 0..<5 { _ = await session.press(.pageUp) }
    #expect(!session.frame().contains { $0.contains("\u{1B}[7m") })
    session.resize(columns: 40, rows: 16)
    #expect(
      session.frame().contains { $0.contains("\u{1B}[7m") },
      "\(text(session.frame()).joined(separator: "\n"))")
  }

  @Test func theDayRollsOverAtMidnightWithTheAppOpenAndNoKeyPressed() async throws {
    // 23:59:30 on Monday 30 November in Moscow; the app stays open past midnight.
    let clock = HandClock(try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(24 * 3600 - 30))
    var environment = AppEnvironment.fixed(
      now: clock.now, timeZone: .moscow, language: .en, store: store)
    environment.now = { clock.now }
    let flow = try await ScreenScenario("demo", screen: .trackers).run(environment: environment)
    let session = InteractiveSession(app: flow, format: .plain, columns: 47, rows: 60)
    let before = text(session.frame())
    #expect(before[0].contains("30 Nov"), "\(before[0])")
    let mondayCards = flow.elements.filter { $0.identifier.isCard }.map(\.id)
    session.frameDrawn()
    session.tick()  // a second later: still Monday, nothing to draw
    #expect(!session.needsRedraw)
    clock.set(clock.now.addingTimeInterval(60))
    session.tick()
    #expect(session.needsRedraw)
    let after = text(session.frame())
    #expect(after[0].contains("1 Dec"), "\(after[0])")
    // Tuesday's cards: the demo's Monday-Wednesday-Friday habits are no longer due.
    let tuesdayCards = flow.elements.filter { $0.identifier.isCard }.map(\.id)
    #expect(tuesdayCards != mondayCards, "\(tuesdayCards)")
  }
}

/// The to-do app in the state of its scenario `name`, in a session 47 columns wide.
@MainActor
func todoSession(_ name: String, _ language: Language) async throws -> InteractiveSession {
  let scenario = try #require(TodoScenario.named(name))
  let flow = try await scenario.run(language: language)
  return InteractiveSession(app: flow, format: .plain, columns: 47, rows: 40)
}

/// The to-do app's delete question: its buttons show the focus on themselves, not on the word
/// "Delete" of the question above them.
@MainActor
@Suite("Interactive session: the to-do question", .temporaryFolders)
struct TodoQuestionFocusTests {
  @Test(arguments: [(Language.en, "Delete"), (.ru, "Удалить")])
  func theFocusedDeleteButtonIsTheButtonNotTheQuestion(_ language: Language, _ delete: String) async throws {
    let session = try await todoSession("todos-delete-question", language)
    for _ in 0..<20 where session.focusedIdentifier != "confirm" { _ = await session.press(.tab) }
    try #require(session.focusedIdentifier == "confirm")
    let focused = session.frame().filter { $0.contains("\u{1B}[7m") }
    #expect(focused.count == 1)
    let line = focused.first ?? ""
    #expect(line.contains("\u{1B}[7m\(delete)\u{1B}[27m"), "\(line)")
    // The question's line is "Delete this task?": the focus is not there.
    #expect(!line.contains("?"), "\(line)")
  }
}

/// Enter in a field that keeps line breaks (the to-do text) breaks a line in that field, the one
/// the focus is on — not in the field the app had focused before (the title, which drew the break
/// as "�").
@MainActor
@Suite("Interactive session: Enter in the to-do text", .temporaryFolders)
struct TodoTextEnterTests {
  @Test(arguments: [(Language.en, "Title"), (.ru, "Заголовок")])
  func enterInTheEmptyTextBreaksALineThereAndLeavesTheTitleEmpty(_ language: Language, _ title: String)
    async throws
  {
    let session = try await todoSession("todos-list", language)
    for _ in 0..<20 where session.focusedIdentifier != "add" { _ = await session.press(.tab) }
    try #require(session.focusedIdentifier == "add")
    _ = await session.press(.enter)
    // The form opens on the title; the focus goes on to the text without typing in the title.
    for _ in 0..<5 where session.focusedIdentifier != "text" { _ = await session.press(.tab) }
    try #require(session.focusedIdentifier == "text")
    _ = await session.press(.enter)
    _ = await session.press(.enter)
    _ = await session.press(.character("x"))
    let frame = session.frame().joined(separator: "\n")
    #expect(!frame.contains("\u{FFFD}"), "\(frame)")
    // The title still shows its placeholder; the text box holds two empty lines, then the x.
    #expect(frame.contains("[ \(title) "), "\(frame)")
    let lines = session.frame()
    let x = try #require(lines.firstIndex { $0.contains("│ x") })
    #expect(lines[x - 1].allSatisfy { $0 == "│" || $0 == " " }, "\(frame)")
    #expect(lines[x - 2].allSatisfy { $0 == "│" || $0 == " " }, "\(frame)")
  }
}
