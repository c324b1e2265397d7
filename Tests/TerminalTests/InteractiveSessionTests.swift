import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

@testable import TrackerTerminal

/// The session's rules in-process, on the demo: where the focus goes, scrolling, narrow windows,
/// and that frames follow what the flow publishes.
@MainActor
@Suite("Interactive session", .temporaryFolders)
struct InteractiveSessionTests {
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

  /// The reverse-video text of a plain frame.
  func focused(_ frame: [String]) -> [String] {
    frame.flatMap { line in
      line.components(separatedBy: "\u{1B}[7m").dropFirst().map {
        $0.components(separatedBy: "\u{1B}[27m")[0]
      }
    }
  }

  @Test func focusStartsOnTheFirstElementAndStaysOnItsElementWhenItsLabelChanges() async throws {
    let session = try await session()
    #expect(session.focusedIdentifier == "add" && focused(session.frame()) == ["+"])
    for _ in 0..<4 { _ = await session.press(.tab) }
    let complete = try #require(session.focusedIdentifier)
    #expect(session.focusedID?.isComplete == true)
    _ = await session.press(.enter)
    #expect(session.focusedIdentifier == complete)
    #expect(session.app.elements.first { $0.id == complete }?.isChecked == true)
    // Backwards wraps around to the last element (a tab).
    _ = await session.press(.home)
    for _ in 0..<5 { _ = await session.press(.backTab) }
    #expect(session.focusedIdentifier == "tab-settings")
  }

  @Test func aNewLayerFocusesItsFirstElementAndATextFieldTakesTypingAtOnce() async throws {
    let session = try await session(.ru)
    _ = await session.press(.enter)  // "+"
    #expect(session.app.screenName == "type-picker" && session.focusedIdentifier == "habit")
    _ = await session.press(.enter)
    #expect(session.focusedIdentifier == "name" && session.isEditing)
    for character in "Йога q m /" { _ = await session.press(.character(character)) }
    _ = await session.press(.backspace)
    #expect(session.app.elements.first { $0.id == "name" }?.label == "Йога q m ")
    _ = await session.press(.escape)  // leaves the field
    #expect(!session.isEditing && session.app.screenName == "tracker-form")
    _ = await session.press(.escape)  // asks before the typed name goes (issue 30, item 1)
    #expect(session.app.screenName == "tracker-form")
    #expect(session.app.elements.map(\.id) == ["discard", "keep-editing"])
    // The focus starts on the harmless choice: Enter at once keeps editing.
    #expect(session.focusedIdentifier == "keep-editing")
    #expect(session.frame().contains { $0.contains("Не сохранять изменения?") })
    _ = await session.press(.escape)  // keeps editing
    #expect(session.app.elements.first { $0.id == "name" }?.label == "Йога q m ")
    _ = await session.press(.escape)
    while session.focusedIdentifier != "discard" { _ = await session.press(.tab) }
    _ = await session.press(.enter)  // closes the sheet, nothing saved
    #expect(session.app.screenName == "trackers")
  }

  @Test func theFocusedCardOfARightColumnIsFoundUnderItsOwnName() async throws {
    let session = try await session()
    // The last two cards share a row: the second one's "+" is in the right half.
    let elements = session.app.elements
    let lastComplete = try #require(elements.last { $0.identifier.isComplete })
    while session.focusedID != lastComplete.identifier { _ = await session.press(.tab) }
    let frame = session.frame()
    let row = try #require(frame.first { $0.contains("\u{1B}[7m") })
    let column = row.components(separatedBy: "\u{1B}[7m")[0].count
    #expect(column > 47 / 2, "\(row)")
  }

  @Test func aTallScreenScrollsToTheFocusWhileTheHeaderAndTheTabBarStay() async throws {
    let session = try await session(.en, columns: 47, rows: 16)
    let lastCard = try #require(session.app.elements.last { $0.identifier.isCard })
    while session.focusedID != lastCard.identifier { _ = await session.press(.tab) }
    let frame = session.frame().map {
      $0.replacingOccurrences(of: "\u{1B}[7m", with: "").replacingOccurrences(of: "\u{1B}[27m", with: "")
    }
    #expect(frame.count == 16)
    #expect(frame[1].contains("Trackers") && frame[2].contains("Search"))
    #expect(frame[14].contains("Trackers") && frame[14].contains("Statistics"))  // the tab bar
    #expect(
      frame.contains { $0.contains(String(lastCard.label.prefix(10))) }, "\(frame.joined(separator: "\n"))")
    #expect(frame[15].hasPrefix("▸ "))
    // Page up: the top of the list, the focus left where it was.
    _ = await session.press(.pageUp)
    _ = await session.press(.pageUp)
    let top = session.frame()
    #expect(top[4].contains("Pinned") || top[5].contains("Pinned"), "\(top.joined(separator: "\n"))")
    #expect(session.focusedID == lastCard.identifier)
  }

  @Test func keysArrivingTogetherBeforeAFrameScrollSafely() async throws {
    let session = try await session(.en, columns: 47, rows: 12)
    for key in [Key.end, .pageDown, .pageDown, .end, .pageUp] { _ = await session.press(key) }
    let frame = session.frame()
    #expect(frame.count == 12 && frame[11].hasPrefix("▸ "))
    for _ in 0..<200 { _ = await session.press(.pageUp) }
    #expect(session.frame()[4].contains("Pinned") || session.frame()[5].contains("Pinned"))
  }

  @Test(arguments: [(Language.en, "Make the window wider"), (.ru, "Сделайте окно шире")])
  func aWindowNarrowerThan32ColumnsAsksToBeWider(_ language: Language, _ text: String) async throws {
    let session = try await session(language, columns: 31, rows: 10)
    let frame = session.frame()
    #expect(frame.count == 10 && frame[0].contains(text))
    session.resize(columns: 32, rows: 10)
    #expect(!session.frame()[0].contains(text))
  }

  @Test func framesFollowWhatTheFlowPublishesEvenWhenTheChangeCameFromTheStore() async throws {
    let session = try await session()
    _ = session.frame()
    session.frameDrawn()
    #expect(!session.needsRedraw)
    // A change the flow hears of (here: another screen's write through the store) asks for a frame.
    // A tracker shown that day, so the change is one the screen shows.
    let day = try Day(iso: "2026-11-30")
    let tracker = try #require(try store.trackers().first { $0.tracker.isDue(on: day) })
    _ = try store.toggleRecord(trackerID: tracker.tracker.id, on: day)
    #expect(await session.app.until({ session.needsRedraw }, within: 600))
  }

  @Test func aRefusedActionIsSaidInTheStatusLineUntilTheNextKey() async throws {
    let session = try await session()
    _ = await session.press(.character("m"))  // the add button has no menu
    #expect(
      session.frame().last?.contains("“Add tracker” has no menu") == true, "\(session.frame().last ?? "")")
    _ = await session.press(.tab)
    #expect(session.frame().last?.hasPrefix("▸ ") == true)
  }

  @Test func arrowsSwipeAFocusedCardToItsDeleteQuestionAndMOpensItsMenu() async throws {
    let session = try await session(.ru, columns: 160)
    while session.focusedID?.isCard != true { _ = await session.press(.tab) }
    let card = try #require(session.focusedIdentifier)
    _ = await session.press(.right)  // a card does nothing when swiped right, and the status line says so
    let status = session.frame().last ?? ""
    // The card is named as the bottom line names it: with its counter.
    #expect(status.contains("→ ничего не делает с «\(card.dropFirst(5)), 10 дней»"), "\(status)")
    #expect(!status.contains("right") && !status.contains("#card"), "\(status)")
    _ = await session.press(.left)
    #expect(session.app.elements.map(\.id) == ["confirm", "cancel"])
    // The harmless choice has the focus: ← then Enter deletes nothing.
    #expect(session.focusedIdentifier == "cancel")
    _ = await session.press(.escape)
    #expect(session.app.elements.contains { $0.id == "add" })
    #expect(session.focusedIdentifier == card)
    while session.focusedID?.isCard != true { _ = await session.press(.tab) }
    _ = await session.press(.character("m"))
    #expect(session.app.elements.map(\.id).contains("edit"))
  }

  /// Days off from the keyboard: `m` on a card, the menu's day off, "–" on its button; `m` on a day
  /// of the detail's grid takes that day off too.
  @Test(arguments: [(Language.en, "Take a day off"), (.ru, "Взять выходной")])
  func mOnACardTakesTheDayOffAndMOnAGridDayTakesThatDayOff(language: Language, label: String) async throws {
    let session = try await session(language)
    let plants = language == .ru ? "Поливать растения" : "Water the plants"
    while session.focusedIdentifier != "card:" + plants { _ = await session.press(.tab) }
    _ = await session.press(.character("m"))
    #expect(session.frame().contains { $0.contains(label) })
    while session.focusedIdentifier != "day-off" { _ = await session.press(.tab) }
    _ = await session.press(.enter)
    #expect(session.app.elements.first { $0.id == "complete:" + plants }?.label == "–")
    #expect(session.focusedIdentifier == "card:" + plants)
    _ = await session.press(.enter)  // the detail
    #expect(session.app.screenName == "detail")
    while session.focusedIdentifier != "day:2026-11-23" { _ = await session.press(.tab) }
    _ = await session.press(.character("m"))
    // The 23rd is done: taking it off asks first, since its record would go.
    let question =
      language == .ru ? "День отмечен. Всё равно сделать его" : "The day is done. Take it off anyway?"
    #expect(session.frame().contains { $0.contains(question) })
    while session.focusedIdentifier != "confirm" { _ = await session.press(.tab) }
    _ = await session.press(.enter)
    let plantsID = DemoData(today: try Day(iso: "2026-11-30")).trackers[0].id
    #expect(
      try store.daysOff(trackerID: plantsID) == [try Day(iso: "2026-11-23"), try Day(iso: "2026-11-30")])
    // The cell shows its new mark (the focused cell in reverse video).
    let plain = session.frame().map {
      $0.replacingOccurrences(of: "\u{1B}[7m", with: "").replacingOccurrences(of: "\u{1B}[27m", with: "")
    }
    #expect(plain.contains { $0.contains("23–") }, "\(plain)")
  }

  @Test func aRefusedSaveShowsItsAlertWhichEnterDismisses() async throws {
    let environment = AppEnvironment.fixed(
      now: try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(12 * 3600),
      timeZone: .moscow, language: .en, store: store)
    _ = try await ScreenScenario("demo", screen: .trackers).run(environment: environment)
    var readOnly = environment
    readOnly.store = ReadOnlyStore(store)
    let session = InteractiveSession(
      app: await AppFlow.launch(environment: readOnly), format: .plain, columns: 47, rows: 60)
    while session.focusedID?.isComplete != true { _ = await session.press(.tab) }
    let complete = session.focusedIdentifier
    _ = await session.press(.enter)
    #expect(session.focusedIdentifier == "ok")
    #expect(session.frame().contains { $0.contains("Couldn't save") })
    _ = await session.press(.enter)
    #expect(!session.frame().contains { $0.contains("Couldn't save") })
    // The focus is back on the button whose tap the alert answered.
    #expect(session.focusedIdentifier == complete)
  }

  @Test func theKeyMapShowsOnQuestionMarkAndAnyKeyClosesIt() async throws {
    let session = try await session(.ru)
    _ = await session.press(.character("?"))
    #expect(session.frame().contains { $0.contains("Клавиши") })
    #expect(await session.press(.tab) == .keepGoing)
    #expect(!session.frame().contains { $0.contains("Клавиши") })
    #expect(await session.press(.character("q")) == .quit)
  }
}

extension TimeZone {
  static let moscow = TimeZone(identifier: "Europe/Moscow")!
}

/// The language changes while the interactive mode runs: the screen and the session's own bottom
/// line switch together, on the next frame.
@MainActor
@Suite("Interactive session, language switched", .temporaryFolders)
struct InteractiveLanguageTests {
  /// The same data whatever the language: a category and a habit done yesterday.
  func session(_ language: Language) async throws -> InteractiveSession {
    let today = try Day(iso: "2026-11-30")
    let store = InMemoryTrackerStore()
    let home = TrackerCategory(id: UUID(uuidString: "00000000-0000-4000-8000-00000000a001")!, title: "Home")
    try store.createCategory(home)
    let read = Tracker(
      id: UUID(uuidString: "00000000-0000-4000-8000-00000000b001")!, name: "Read", emoji: TrackerEmoji.all[0],
      color: TrackerColor.palette[0], categoryID: home.id, isPinned: false, createdOn: today.adding(days: -5),
      kind: .habit(Schedule(.everyDay)!))
    try store.createTracker(read)
    _ = try store.toggleRecord(trackerID: read.id, on: today.adding(days: -1))
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let environment = AppEnvironment.fixed(
      now: today.start(in: .moscow).addingTimeInterval(12 * 3600), timeZone: .moscow, language: language,
      store: store)
    return InteractiveSession(
      app: await AppFlow.launch(environment: environment), format: .plain, columns: 47, rows: 60)
  }

  @Test(arguments: [(Language.en, Language.ru), (.ru, .en)])
  func theFrameIsTheOneOfASessionStartedInTheNewLanguage(from: Language, to: Language) async throws {
    let switched = try await session(from)
    for _ in 0..<3 { _ = await switched.press(.tab) }
    let before = switched.frame()
    let flow = try #require(switched.app as? AppFlow)
    flow.environmentChanged(language: to, timeZone: flow.environment.timeZone)
    let fresh = try await session(to)
    for _ in 0..<3 { _ = await fresh.press(.tab) }
    #expect(switched.language == to)
    #expect(switched.frame() == fresh.frame())
    #expect(switched.frame() != before)
  }
}
