import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerViewModels

@testable import TrackerTerminal

/// Sheets open with the focus on the current choice, and a renamed category keeps the focus
/// (issue 30, item 4): the filters on the active filter, the day start on its hour, the calendar on
/// the chosen day, the categories on the tracker's, the schedule on its first chosen day.
@MainActor
@Suite("The focus on the current choice", .temporaryFolders)
struct CurrentChoiceFocusTests {
  static let sizes = [(80, 24), (40, 24)]

  func session(_ language: Language, columns: Int = 80, rows: Int = 24) async throws -> InteractiveSession {
    try await WholeLayerInViewTests().session(language, columns: columns, rows: rows)
  }

  /// What the frame shows in reverse video: the focus, where it can be seen.
  func focusShown(_ session: InteractiveSession) -> [String] {
    session.frame().dropLast().compactMap { line in
      guard let start = line.range(of: "\u{1B}[7m"), let end = line.range(of: "\u{1B}[27m") else {
        return nil
      }
      return String(line[start.upperBound..<end.lowerBound])
    }
  }

  func names(_ language: Language) -> (home: String, joys: String, cat: String) {
    language == .ru
      ? ("Домашний уют", "Радостные мелочи", "Кошка заслонила камеру на созвоне")
      : ("Home comfort", "Little joys", "The cat blocked the camera on a call")
  }

  @Test(arguments: [Language.en, .ru])
  func theFiltersSheetOpensOnTheActiveFilter(_ language: Language) async throws {
    let session = try await session(language)
    try await session.open("filters")
    #expect(session.focusedIdentifier == "filter:all")
    try await session.open("filter:completed")
    #expect(session.app.screenName == "trackers" && session.focusedIdentifier == "filters")
    _ = await session.press(.enter)
    #expect(session.focusedIdentifier == "filter:completed")
  }

  @Test(arguments: [Language.en, .ru])
  func theDayStartSheetOpensOnTheCurrentHourInView(_ language: Language) async throws {
    for (columns, rows) in Self.sizes {
      let session = try await session(language, columns: columns, rows: rows)
      try await session.open("tab-settings")
      try await session.open("day-start")
      #expect(session.focusedIdentifier == "hour:00")
      try await session.open("hour:08")
      #expect(session.app.screenName == "settings" && session.focusedIdentifier == "day-start")
      _ = await session.press(.enter)
      #expect(session.focusedIdentifier == "hour:08", "\(columns)×\(rows)")
      #expect(
        focusShown(session) == ["08:00"], "\(columns)×\(rows): \(session.frame().joined(separator: "\n"))")
    }
  }

  @Test(arguments: [Language.en, .ru])
  func theCalendarOpensOnTheChosenDay(_ language: Language) async throws {
    let session = try await session(language)
    try await session.open("date")
    #expect(session.app.screenName == "calendar" && session.focusedIdentifier == "day:2026-11-30")
    // Another day chosen: the calendar opens on it next time.
    try await session.open("day:2026-11-24")
    try await session.open("date")
    #expect(session.focusedIdentifier == "day:2026-11-24")
  }

  @Test(arguments: [Language.en, .ru])
  func theCategoriesOpenOnTheTrackersCategory(_ language: Language) async throws {
    let session = try await session(language)
    let names = names(language)
    try await session.tab(to: "card:" + names.cat)
    _ = await session.press(.character("m"))
    try await session.open("edit")
    _ = await session.press(.escape)  // leaves the name field
    try await session.open("category")
    #expect(session.app.screenName == "categories")
    #expect(session.focusedIdentifier == "category:" + names.joys)
  }

  @Test(arguments: [Language.en, .ru])
  func theScheduleOpensOnItsFirstChosenDay(_ language: Language) async throws {
    let session = try await session(language)
    try await session.openNewHabitForm()
    try await session.open("schedule")
    #expect(session.focusedIdentifier == "day:mon")  // nothing chosen yet: the first day
    for day in ["day:wed", "day:fri", "done"] {
      try await session.open(day)
    }
    #expect(session.app.screenName == "tracker-form" && session.focusedIdentifier == "schedule")
    _ = await session.press(.enter)
    #expect(session.focusedIdentifier == "day:wed")
  }

  /// Renames the focused category of the categories sheet to `name` through its menu.
  func renameFocusedCategory(_ session: InteractiveSession, to name: String) async throws {
    _ = await session.press(.character("m"))
    try await session.open("edit")
    try #require(session.app.screenName == "category-form" && session.isEditing)
    _ = await session.press(.control("u"))
    for character in name { _ = await session.press(.character(character)) }
    _ = await session.press(.enter)  // to Done
    _ = await session.press(.enter)
    try #require(session.app.screenName == "categories")
  }

  @Test(arguments: [Language.en, .ru])
  func aRenamedCategoryKeepsTheFocusWhereverItSortsTo(_ language: Language) async throws {
    let session = try await session(language)
    let names = names(language)
    let (first, last) = language == .ru ? ("Азбука", "Ясный день") : ("Aardvark", "Zen garden")
    try await session.openNewHabitForm()
    try await session.open("category")
    // The second row, not chosen, goes first; then the first (the chosen one) goes last.
    try await session.tab(to: "category:" + names.joys)
    try await renameFocusedCategory(session, to: first)
    #expect(session.focusedIdentifier == "category:" + first)
    try await session.tab(to: "category:" + names.home)
    try await renameFocusedCategory(session, to: last)
    #expect(
      session.app.elements.map(\.id).prefix(2) == ["category:" + first, "category:" + last])
    #expect(session.focusedIdentifier == "category:" + last)
  }

  @Test(arguments: [Language.en, .ru])
  func aNewCategoryComesBackChosenWithTheFocus(_ language: Language) async throws {
    let session = try await session(language)
    let name = language == .ru ? "Аквариум" : "Aquarium"
    try await session.openNewHabitForm()
    try await session.open("category")
    try await session.open("add-category")
    for character in name { _ = await session.press(.character(character)) }
    _ = await session.press(.enter)
    _ = await session.press(.enter)
    #expect(session.app.screenName == "categories")
    #expect(session.focusedIdentifier == "category:" + name)
  }

  @Test(arguments: [Language.en, .ru])
  func aRenamedTrackerKeepsTheFocusOnItsCard(_ language: Language) async throws {
    let session = try await session(language)
    let names = names(language)
    let name = language == .ru ? "Аист на крыше" : "A stork on the roof"
    try await session.tab(to: "card:" + names.cat)
    _ = await session.press(.character("m"))
    try await session.open("edit")
    try #require(session.isEditing)
    _ = await session.press(.control("u"))
    for character in name { _ = await session.press(.character(character)) }
    _ = await session.press(.escape)
    try await session.tab(to: "create")  // "Save"
    _ = await session.press(.enter)
    #expect(session.app.screenName == "trackers")
    #expect(session.focusedIdentifier == "card:" + name)
  }
}

/// `[` and `]` move the focused card up and down its section (issue 49), the focus staying on it.
@MainActor
@Suite("Moving a card with keys", .temporaryFolders)
struct MovingCardKeysTests {
  /// The line the first of `names` is on in the session's frame, for each.
  func lines(of names: [String], in session: InteractiveSession) -> [Int?] {
    // Cards sit two to a row at 80 columns: a place is its line, then its column.
    let frame = session.frame()
    return names.map { name in
      guard let line = frame.firstIndex(where: { $0.contains(name) }), let range = frame[line].range(of: name)
      else { return nil }
      return line * 10_000 + frame[line].distance(from: frame[line].startIndex, to: range.lowerBound)
    }
  }

  @Test(arguments: [Language.en, .ru])
  func bracketsMoveTheFocusedCardAndSayWhyWhenItCannot(_ language: Language) async throws {
    let session = try await WholeLayerInViewTests().session(language, columns: 80, rows: 24)
    let (grandma, cat) =
      language == .ru
      ? ("Бабушка прислала открытку", "Кошка заслонила камеру")
      : ("Grandma sent a postcard", "The cat blocked the camera")
    let catCard = try #require(session.elements.first { $0.identifier.text.hasPrefix("card:" + cat) })
    try await session.tab(to: catCard.identifier.text)
    let before = lines(of: [grandma, cat], in: session)
    #expect(before[0]! < before[1]!)
    _ = await session.press(.character("["))
    let after = lines(of: [grandma, cat], in: session)
    #expect(after[1]! < after[0]!)
    #expect(session.focusedIdentifier == catCard.identifier.text)
    #expect(session.app.screenName == "trackers")
    // First now: it says so and nothing moves; the menu it looked in is closed again.
    _ = await session.press(.character("["))
    #expect(
      session.message?.hasSuffix(language == .ru ? "первая в своём разделе" : "is first in its section")
        == true)
    #expect(lines(of: [grandma, cat], in: session) == after)
    _ = await session.press(.character("]"))
    #expect(lines(of: [grandma, cat], in: session) == before)
    // Not a card: the date button.
    try await session.tab(to: "date")
    _ = await session.press(.character("]"))
    #expect(
      session.message?.contains(language == .ru ? "не карточка: [ и ]" : "is not a card: [ and ]") == true)
  }
}
