import Foundation
import TestSupport
import Testing

/// What a keyboard user meets in `app` (issue 21 §4, docs/command-line.md "The interactive mode"),
/// each through a pseudo-terminal: Enter never erases a typed name, every focusable element shows
/// the focus, closing something gives the focus back to its opener, the arrows page the
/// onboarding the right way, the bottom line and the key map speak the screen's words and fit,
/// fields draw the cursor only while they have the focus.
@Suite("tracker-preview app: the keyboard", .temporaryFolders, .ownThread)
struct InteractiveKeyboardTests {
  /// The status line's hint parts, in both languages: the bottom line shows whole ones only.
  static let hintParts: Set<String> = [
    "? keys", "Tab next", "Enter tap", "Esc back", "q quit", "Typing", "Esc leaves the field",
  ]

  /// `app` on the demo, on the new habit form with the name field focused.
  func habitForm(columns: Int = 60, rows: Int = 40) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      ["app", "--demo", "--lang", "en"] + fixedDay, columns: columns, rows: rows)
    #expect(terminal.wait { $0.focusLabel == "Add tracker" } != nil, "\(terminal.screen)")
    terminal.press(Keys.enter, thenSee: "Habit")
    terminal.press(Keys.enter, thenSee: "Create")
    return terminal
  }

  /// Waits until the status line names `label` as the focus.
  func expectFocus(
    _ terminal: PseudoTerminal, _ label: String, _ location: SourceLocation = #_sourceLocation
  ) {
    #expect(
      terminal.wait { $0.focusLabel == label } != nil,
      "the focus is on \(terminal.screen.focusLabel ?? "nothing"), not \(label):\n\(terminal.screen)",
      sourceLocation: location)
  }

  @Test func enterAfterTypingANameMovesToCategoryAndNeverErasesTheName() throws {
    let terminal = try habitForm()
    terminal.press("Zumba", thenSee: "Zumba")
    terminal.send(Keys.enter)
    // Past the name's own clear button: the next element is Category.
    expectFocus(terminal, "Category")
    #expect(terminal.screen.contains("Zumba"))
    terminal.press(Keys.enter, thenSee: "Add category")
    terminal.send(Keys.escape)
    // Back on the form: the focus is where it was, on Category, and the name is whole.
    expectFocus(terminal, "Category")
    #expect(terminal.screen.contains("Zumba"), "\(terminal.screen)")
    // From the name field again: Enter, Enter goes on to Category and opens it; the name stays.
    terminal.send(Keys.backTab)
    terminal.send(Keys.backTab)
    expectFocus(terminal, "Name: Zumba")
    terminal.send(Keys.enter)
    expectFocus(terminal, "Category")
    terminal.press(Keys.enter, thenSee: "Add category")
    terminal.send(Keys.escape)
    expectFocus(terminal, "Category")
    // The same coming back from the schedule.
    try terminal.tab(to: "Schedule")
    terminal.press(Keys.enter, thenSee: "Monday")
    terminal.send(Keys.escape)
    expectFocus(terminal, "Schedule")
    #expect(terminal.screen.contains("Zumba"), "\(terminal.screen)")
    terminal.send(Keys.controlC)  // q would ask first: the form holds "Zumba"
    #expect(terminal.exitStatus() == 0)
  }

  /// Issue 49: after ✕ empties the name, the name field has the focus and takes the typing.
  @Test func afterTheClearButtonTheTypingGoesIntoTheField() throws {
    let terminal = try habitForm()
    terminal.press("Zumba", thenSee: "Zumba")
    terminal.send(Keys.tab)
    expectFocus(terminal, "Clear name")
    terminal.send(Keys.enter)
    #expect(terminal.wait { !$0.contains("Zumba") } != nil, "\(terminal.screen)")
    terminal.press("Yoga", thenSee: "Yoga")
    #expect(terminal.screen.contains("[ Yoga"), "\(terminal.screen)")
    terminal.send(Keys.controlC)
    #expect(terminal.exitStatus() == 0)
  }

  /// Issue 49: q on a form with changes asks first, as Esc does; answered, q quits. While the
  /// changes are there the bottom line does not offer "q quit" (on the question, q goes back to
  /// the form); once they are discarded it does again.
  @Test func qOnAFormWithChangesAsksBeforeQuitting() throws {
    let terminal = try habitForm(columns: 100)  // wide enough for every hint
    terminal.press("Zumba", thenSee: "Zumba")
    terminal.send(Keys.escape)  // done with the field: keys are commands again
    #expect(terminal.wait { $0.lines.last?.contains("Esc back") == true } != nil, "\(terminal.screen)")
    #expect(terminal.screen.lines.last?.contains("q quit") == false, "\(terminal.screen)")
    terminal.press("q", thenSee: "Discard your changes?")
    #expect(terminal.screen.lines.last?.contains("q quit") == false, "\(terminal.screen)")
    try terminal.tab(to: "Discard")
    terminal.press(Keys.enter, thenSee: "Filters")
    #expect(terminal.wait { $0.lines.last?.contains("q quit") == true } != nil, "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  /// A category made from the form's category list comes back chosen with the focus, in the app
  /// as it runs (the list reads the new category after its form closed; before, the focus stayed
  /// on "Add category").
  @Test func aCategoryJustMadeComesBackWithTheFocusInTheRunningApp() throws {
    let terminal = try habitForm()
    terminal.press("Zumba", thenSee: "Zumba")
    terminal.send(Keys.enter)
    expectFocus(terminal, "Category")
    terminal.press(Keys.enter, thenSee: "Add category")
    try terminal.tab(to: "Add category")
    terminal.press(Keys.enter, thenSee: "New category")
    terminal.press("Aquarium", thenSee: "Aquarium")
    terminal.send(Keys.enter)
    terminal.send(Keys.enter)
    #expect(terminal.wait { $0.focusLabel?.hasPrefix("Aquarium") == true } != nil, "\(terminal.screen)")
    terminal.send(Keys.controlC)
    #expect(terminal.exitStatus() == 0)
  }

  /// q on a screen opened from a form with changes (its categories, its schedule) goes back to
  /// the form, which asks: nothing typed is lost to q (before, it quit at once).
  @Test(arguments: ["Category", "Schedule"])
  func qOverAFormWithChangesGoesBackToItAndAsks(_ row: String) throws {
    let terminal = try habitForm()
    terminal.press("Zumba", thenSee: "Zumba")
    terminal.send(Keys.escape)  // done with the field: keys are commands again
    try terminal.tab(to: row)
    terminal.press(Keys.enter, thenSee: row == "Category" ? "Add category" : "Monday")
    terminal.send("q")
    // Before, q quit at once here: stop rather than tab through a screen that is gone.
    try #require(terminal.wait(for: "Discard your changes?") != nil, "q quit with the form's changes")
    try terminal.tab(to: "Keep editing")
    terminal.send(Keys.enter)
    #expect(terminal.wait { !$0.contains("Discard your changes?") && $0.contains("Zumba") } != nil)
    #expect(terminal.process.isRunning, "q quit with the form's changes")
    terminal.send(Keys.controlC)
    #expect(terminal.exitStatus() == 0)
  }

  @Test func theClearButtonEmojiAndColorSwatchesShowTheFocusInReverseVideo() throws {
    let terminal = try habitForm()
    terminal.press("Zumba", thenSee: "Zumba")
    terminal.send(Keys.tab)
    expectFocus(terminal, "Clear name")
    #expect(terminal.wait { $0.focused == ["✕"] } != nil, "\(terminal.screen.focused)")
    try terminal.tab(to: "Emoji 🙂")
    #expect(terminal.wait { $0.focused == ["🙂"] } != nil, "\(terminal.screen.focused)")
    // The colors: the swatch is in reverse video, the bottom line says which color in words.
    try terminal.tab(to: "Color 1 of 18")
    #expect(terminal.wait { $0.focused == ["██"] } != nil, "\(terminal.screen.focused)")
    terminal.send(Keys.tab)
    expectFocus(terminal, "Color 2 of 18")
    #expect(terminal.screen.focused == ["██"])
    #expect(!terminal.screen.lines.contains { $0.contains("#FD4C49") || $0.contains("#FF881E") })
    // The first swatch of the second row too (found in reading order, not in the first one's column).
    for _ in 0..<5 { terminal.send(Keys.tab) }
    expectFocus(terminal, "Color 7 of 18")
    let screen = terminal.screen
    let row = try #require(screen.inverse.first { !$0.value.isEmpty }?.key)
    let firstRow = try #require(screen.lines.firstIndex { $0.contains("██") })
    #expect(row == firstRow + 1, "\(screen)")
    #expect(screen.lines[row].hasPrefix(String(repeating: " ", count: 2)))
    let column = try #require(screen.lines[row].range(of: "██"))
    #expect(screen.lines[row][..<column.lowerBound].trimmingCharacters(in: .whitespaces).isEmpty)
    terminal.send(Keys.controlC)  // q would ask first: the form holds "Zumba"
    #expect(terminal.exitStatus() == 0)
  }

  @Test func closingAMenuAQuestionTheDetailOrTheFiltersGivesTheFocusBackToItsOpener() throws {
    let store = try InteractiveTerminalTests().storeWithOneHabit()
    let terminal = try PseudoTerminal(["app", "--store", store, "--lang", "en"] + fixedDay)
    #expect(terminal.wait { $0.contains("Run") } != nil, "\(terminal.screen)")
    try terminal.tab(to: "Run, 0 days")
    // The card's menu, closed with Esc.
    terminal.press("m", thenSee: "Pin")
    terminal.send(Keys.escape)
    #expect(terminal.wait { !$0.contains("Pin") } != nil)
    expectFocus(terminal, "Run, 0 days")
    // ← asks to delete it: the harmless choice has the focus, so ← then Enter deletes nothing.
    terminal.press(Keys.left, thenSee: "Delete")
    expectFocus(terminal, "Cancel: Run")
    terminal.send(Keys.enter)
    #expect(terminal.wait { !$0.contains("Cancel") && $0.contains("Run") } != nil, "\(terminal.screen)")
    expectFocus(terminal, "Run, 0 days")
    // The detail, and back.
    terminal.press(Keys.enter, thenSee: "Current streak")
    terminal.send(Keys.escape)
    #expect(terminal.wait { !$0.contains("Current streak") } != nil)
    expectFocus(terminal, "Run, 0 days")
    // The menu's Delete asks too, and Esc on the question still comes back to the card.
    terminal.press("m", thenSee: "Pin")
    try terminal.tab(to: "Delete: Run")
    terminal.send(Keys.enter)
    expectFocus(terminal, "Cancel: Run")
    terminal.send(Keys.escape)
    expectFocus(terminal, "Run, 0 days")
    #expect(terminal.screen.contains("Run"))
    // The filters sheet.
    try terminal.tab(to: "Filters")
    terminal.press(Keys.enter, thenSee: "All trackers")
    terminal.send(Keys.escape)
    #expect(terminal.wait { !$0.contains("All trackers") } != nil)
    expectFocus(terminal, "Filters")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func onTheOnboardingTheRightArrowIsTheNextPageAndTheLeftOneThePrevious() throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let terminal = try PseudoTerminal(["app", "--store", store, "--lang", "en"] + fixedDay)
    #expect(terminal.wait(for: "Track only what you want") != nil, "\(terminal.screen)")
    terminal.press(Keys.right, thenSee: "Even if it's not liters of water and yoga")
    terminal.press(Keys.left, thenSee: "Track only what you want")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func theBottomLineSaysWhyInTheScreensWordsAndShowsWholeHintsOnly() throws {
    let terminal = try habitForm(columns: 80, rows: 40)
    terminal.send(Keys.escape)  // leaves the empty name field
    // Disabled, it says why (issue 30, item 3).
    try terminal.tab(to: "Create: fill in first: name, category, schedule, emoji, color")
    terminal.send(Keys.enter)  // Create is disabled until the form is filled
    #expect(terminal.wait { $0.lines.last?.contains("Create") == true } != nil, "\(terminal.screen)")
    let status = terminal.screen.lines.last ?? ""
    #expect(!status.contains("(disabled)") && !status.contains("#create"), "\(status)")
    #expect(!status.hasSuffix("…"), "\(status)")
    terminal.send("m")  // no menu here
    #expect(terminal.wait { $0.lines.last?.contains("no menu") == true } != nil, "\(terminal.screen)")
    #expect(terminal.screen.lines.last?.contains("#create") == false)
    terminal.send(Keys.right)  // no swipe here
    #expect(terminal.wait { $0.lines.last?.contains("→") == true } != nil, "\(terminal.screen)")
    #expect(terminal.screen.lines.last?.contains("right") == false)
    // At every width the hints are whole: a part is shown entirely or not at all.
    for columns in [32, 40, 47, 60, 80] {
      terminal.resize(columns: columns, rows: 40)
      terminal.send(Keys.tab)
      #expect(terminal.wait { $0.lines.first?.count == columns } != nil, "\(terminal.screen)")
      let line = try #require(terminal.wait { $0.focusLabel != nil }?.lines.last)
      let parts = line.components(separatedBy: " · ").dropFirst()
      #expect(!parts.isEmpty, "\(columns): \(line)")
      for part in parts {
        #expect(Self.hintParts.contains(part), "\(columns) columns: \(line.debugDescription)")
      }
    }
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test(arguments: [("en", "Keys", "q, Ctrl-C"), ("ru", "Клавиши", "q, Ctrl-C")])
  func theKeyMapFitsANarrowWindowAndScrolls(_ language: String, _ title: String, _ last: String) throws {
    let terminal = try PseudoTerminal(
      ["app", "--demo", "--lang", language] + fixedDay, columns: 32, rows: 10)
    #expect(
      terminal.wait { $0.focusLabel == (language == "ru" ? "Добавить трекер" : "Add tracker") } != nil,
      "\(terminal.screen)")
    terminal.press("?", thenSee: title)
    #expect(!terminal.screen.contains(last))
    // No word is cut: the descriptions wrap under their own column.
    for line in terminal.screen.lines { #expect(!line.hasSuffix("…"), "\(terminal.screen)") }
    // Page by page to its end (it is longer than three windows of 9 rows at most).
    for _ in 0..<3 { terminal.send(Keys.pageDown) }
    #expect(terminal.wait(for: last) != nil, "\(terminal.screen)")
    for _ in 0..<3 { terminal.send(Keys.pageUp) }
    #expect(terminal.wait(for: title) != nil, "\(terminal.screen)")
    terminal.send(Keys.down)
    #expect(terminal.wait { !$0.contains(title) } != nil, "\(terminal.screen)")
    // Any other key closes it.
    terminal.send(Keys.tab)
    #expect(terminal.wait { $0.lines.first?.contains("+") == true && !$0.contains(last) } != nil)
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func afterAResizeTheFocusedElementIsInView() throws {
    let terminal = try PseudoTerminal(["app", "--demo", "--lang", "en"] + fixedDay, columns: 60, rows: 40)
    #expect(terminal.wait { $0.focusLabel == "Add tracker" } != nil)
    // The last card: at 40 columns its name wraps inside the card.
    for _ in 0..<40 where terminal.screen.focusLabel?.hasPrefix("The cat") != true { terminal.tab() }
    #expect(terminal.screen.focusLabel?.hasPrefix("The cat") == true, "\(terminal.screen)")
    terminal.send(Keys.pageUp)
    terminal.send(Keys.pageUp)
    terminal.resize(columns: 40, rows: 16)
    #expect(
      terminal.wait { $0.lines.first?.count == 40 && $0.focused.contains { $0.hasPrefix("The cat") } } != nil,
      "\(terminal.screen)")
    terminal.resize(columns: 32, rows: 12)
    #expect(
      terminal.wait { $0.lines.first?.count == 32 && $0.focused.contains { $0.hasPrefix("The cat") } } != nil,
      "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func aFieldDrawsTheCursorOnlyWhileItHasTheFocus() throws {
    let terminal = try habitForm()
    terminal.press("Zumba", thenSee: "Zumba▏")
    terminal.send(Keys.tab)
    expectFocus(terminal, "Clear name")
    #expect(terminal.wait { $0.contains("Zumba") && !$0.contains("▏") } != nil, "\(terminal.screen)")
    terminal.send(Keys.backTab)
    expectFocus(terminal, "Name: Zumba")
    #expect(terminal.wait(for: "Zumba▏") != nil, "\(terminal.screen)")
    terminal.send(Keys.controlC)  // q would be typed into the field
    #expect(terminal.exitStatus() == 0)
  }

  @Test func theToDoFormOpensOnTitleAndTheTextDrawsItsCursorAfterItsText() throws {
    let terminal = try PseudoTerminal(["app", "--app", "todo", "--demo", "--lang", "en"] + fixedDay)
    #expect(terminal.wait { $0.focusLabel == "Add a task" } != nil, "\(terminal.screen)")
    terminal.send(Keys.enter)
    // The first field of the form takes the focus.
    expectFocus(terminal, "Title")
    terminal.press("Milk", thenSee: "Milk▏")
    terminal.send(Keys.enter)
    expectFocus(terminal, "Task text")
    #expect(terminal.wait { $0.contains("Milk") && !$0.contains("Milk▏") } != nil, "\(terminal.screen)")
    terminal.press("Buy two", thenSee: "Buy two▏")
    // A line break puts the cursor on the new line, then after what is typed there.
    terminal.send(Keys.enter)
    terminal.press("bottles", thenSee: "bottles▏")
    #expect(!terminal.screen.lines.contains { $0.contains("│ ▏") }, "\(terminal.screen)")
    terminal.send(Keys.controlC)  // q would be typed into the field
    #expect(terminal.exitStatus() == 0)
  }

  @Test func theInteractiveModeRunsOnTheLiveClockWithoutToday() throws {
    let zone = TimeZone(identifier: "Pacific/Kiritimati")!
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = "d MMM"  // the date button: "6 Dec" (issue 49)
    let terminal = try PseudoTerminal(
      ["app", "--demo", "--lang", "en", "--time-zone", zone.identifier], columns: 60, rows: 30)
    // Whatever day the test runs on (read again in case it crosses midnight there meanwhile).
    #expect(
      terminal.wait { $0.lines.first?.hasSuffix("[ \(formatter.string(from: Date())) ]") == true } != nil,
      "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }
}
