import Foundation
import TestSupport
import Testing

let fixedDay = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]

enum Keys {
  static let tab = "\t"
  static let backTab = "\u{1B}[Z"
  static let enter = "\r"
  static let escape = "\u{1B}"
  static let down = "\u{1B}[B"
  static let up = "\u{1B}[A"
  static let left = "\u{1B}[D"
  static let right = "\u{1B}[C"
  static let pageDown = "\u{1B}[6~"
  static let pageUp = "\u{1B}[5~"
  static let controlC = "\u{03}"
  static let controlU = "\u{15}"
  static let backspace = "\u{7F}"
}

extension PseudoTerminal {
  /// Presses Tab and waits until the status line names another element: the bottom row is the
  /// last a frame writes, so the frame has then arrived whole (it is written in one go, but read
  /// in pieces). It waits as long as any other wait here: on a loaded two-core machine a frame
  /// can take seconds, and a Tab sent before it came would move the focus one element too far.
  func tab() {
    let before = screen.focusLabel
    send(Keys.tab)
    wait { $0.focusLabel != before }
  }

  /// Presses Tab until the status line says `label` has the focus.
  func tab(to label: String, limit: Int = 60) throws {
    for _ in 0..<limit {
      if screen.focusLabel == label { return }
      tab()
    }
    Issue.record("the focus never reached \(label); the screen:\n\(screen)")
    throw JourneyError.focusNotFound(label)
  }

  /// Sends `keys` and waits until the screen shows `text`.
  func press(_ keys: String, thenSee text: String, _ location: SourceLocation = #_sourceLocation) {
    send(keys)
    if wait(for: text) == nil {
      Issue.record(
        "after \(keys.debugDescription) the screen does not show \(text):\n\(screen)",
        sourceLocation: location)
    }
  }
}

enum JourneyError: Error {
  case focusNotFound(String)
}

/// The words of a journey in one language.
struct Journey: Sendable, CustomTestStringConvertible {
  let language: String
  let page1: String
  let page2: String
  let empty: String
  let habit: String
  let category: String
  let addCategory: String
  let done: String
  let schedule: String
  let monday: String
  let wednesday: String
  let create: String
  let oneDay: String
  let nothingFound: String
  let filters: String
  let completed: String
  let currentStreak: String
  let statistics: String
  let trackersCompleted: String
  /// What the bottom line calls the first color.
  let firstColor: String
  /// What the bottom line calls a card's "+", before its card's name.
  let markAsDone: String
  /// What the bottom line calls the add button, Wednesday while it is off, the emoji 🙂, the card
  /// Run once done, and the statistics tab.
  let add: String
  let wednesdayOff: String
  let smile: String
  let runDone: String
  let statisticsTab: String
  /// The new category Sport in the list, chosen for the form.
  let sportChosen: String
  var testDescription: String { language }

  static let both = [
    Journey(
      language: "ru", page1: "Отслеживайте только то, что хотите",
      page2: "Даже если это не литры воды и йога",
      empty: "Что будем отслеживать?", habit: "Привычка", category: "Категория",
      addCategory: "Добавить категорию",
      done: "Готово", schedule: "Расписание", monday: "Понедельник", wednesday: "Среда", create: "Создать",
      oneDay: "1 день", nothingFound: "Ничего не найдено", filters: "Фильтры", completed: "Завершенные",
      currentStreak: "Текущая серия", statistics: "Статистика", trackersCompleted: "Трекеров завершено",
      firstColor: "Цвет 1 из 18", markAsDone: "Отметить выполненным", add: "Добавить трекер",
      wednesdayOff: "Среда: выключено", smile: "Эмодзи 🙂", runDone: "Run, 1 день, выполнено",
      statisticsTab: "Вкладка «Статистика»", sportChosen: "Sport, выбрано"),
    Journey(
      language: "en", page1: "Track only what you want", page2: "Even if it's not liters of water and yoga",
      empty: "What are we going to track?", habit: "Habit", category: "Category", addCategory: "Add category",
      done: "Done", schedule: "Schedule", monday: "Monday", wednesday: "Wednesday", create: "Create",
      oneDay: "1 day", nothingFound: "Nothing found", filters: "Filters", completed: "Completed",
      currentStreak: "Current streak", statistics: "Statistics", trackersCompleted: "Trackers completed",
      firstColor: "Color 1 of 18", markAsDone: "Mark as done", add: "Add tracker",
      wednesdayOff: "Wednesday: off",
      smile: "Emoji 🙂", runDone: "Run, 1 day, done", statisticsTab: "Statistics tab",
      sportChosen: "Sport, chosen"),
  ]
}

/// A new user's whole first session with the keyboard alone, through a pseudo-terminal.
@Suite("tracker-preview app: a whole journey", .temporaryFolders, .ownThread)
struct InteractiveJourneyTests {
  @Test(arguments: Journey.both)
  func fromOnboardingToACompletedHabitAndItsStatistics(_ words: Journey) throws {
    let store = TemporaryFolder().url.appendingPathComponent("tracker.sqlite")
    let terminal = try PseudoTerminal(["app", "--store", store.path, "--lang", words.language] + fixedDay)
    #expect(terminal.wait(for: words.page1) != nil, "\(terminal.screen)")
    #expect(terminal.screen.isAlternate && terminal.screen.isCursorHidden)
    // Onboarding: → shows the second page, Enter taps its button.
    terminal.press(Keys.right, thenSee: words.page2)
    terminal.press(Keys.enter, thenSee: words.empty)

    // "+" has the focus on the main screen: a habit.
    #expect(terminal.screen.focusLabel == words.add)
    terminal.press(Keys.enter, thenSee: words.habit)
    terminal.press(Keys.enter, thenSee: words.create)
    // The name field has the focus: typing goes into it.
    terminal.press("Run", thenSee: "Run")
    try terminal.tab(to: words.category)
    terminal.press(Keys.enter, thenSee: words.addCategory)
    terminal.press(Keys.enter, thenSee: words.done)
    terminal.press("Sport", thenSee: "Sport")
    try terminal.tab(to: words.done)
    terminal.press(Keys.enter, thenSee: words.addCategory)
    try terminal.tab(to: words.sportChosen)
    terminal.press(Keys.enter, thenSee: words.schedule)
    try terminal.tab(to: words.schedule)
    terminal.press(Keys.enter, thenSee: words.monday)
    // Each key's frame is waited for before the next key: a Tab sent before it came would move
    // the focus one element too far.
    let on = words.language == "en" ? ": on" : ": включено"
    terminal.send(Keys.enter)  // Monday on
    #expect(terminal.wait { $0.focusLabel == words.monday + on } != nil, "\(terminal.screen)")
    try terminal.tab(to: words.wednesdayOff)
    terminal.send(" ")  // Space taps too
    #expect(terminal.wait { $0.focusLabel == words.wednesday + on } != nil, "\(terminal.screen)")
    try terminal.tab(to: words.done)
    // Back on the form (its Create below the fold at 24 rows since it gained the Reminders row).
    terminal.press(Keys.enter, thenSee: words.category)
    try terminal.tab(to: words.smile)
    terminal.send(Keys.enter)
    #expect(
      terminal.wait { $0.focusLabel?.hasPrefix(words.smile + ",") == true } != nil, "\(terminal.screen)")
    try terminal.tab(to: words.firstColor)
    terminal.send(Keys.enter)
    #expect(
      terminal.wait { $0.focusLabel?.hasPrefix(words.firstColor + ",") == true } != nil, "\(terminal.screen)")
    try terminal.tab(to: words.create)
    // The main screen with the new card: "Filters" shows there only (the form shows "Sport" and
    // "Run" too, while its save is on its way).
    terminal.press(Keys.enter, thenSee: words.filters)
    #expect(terminal.screen.contains("Sport") && terminal.screen.contains("Run"), "\(terminal.screen)")

    // Complete it: "+", the date, search, the category's header, the card, then its "+".
    for _ in 0..<5 { terminal.send(Keys.tab) }
    // The bottom line names the button with its card (the add button is "+" too).
    #expect(
      terminal.wait {
        $0.focused == ["+"] && $0.focusLabel == words.markAsDone + ": Run" && $0.contains("[+]")
      }
        != nil)
    terminal.press(Keys.enter, thenSee: words.oneDay)
    #expect(terminal.screen.contains("[✓]"))

    // Search: "/" focuses it, typing filters, Ctrl-U clears.
    terminal.press("/zzz", thenSee: words.nothingFound)
    terminal.press(Keys.controlU, thenSee: "Run")
    terminal.press("Ru", thenSee: "Run")
    terminal.send(Keys.controlU)
    terminal.send(Keys.escape)
    // Out of the field: the bottom line no longer says how to leave it.
    let leave = words.language == "en" ? "Esc leaves the field" : "Esc — выйти из поля"
    #expect(terminal.wait { $0.lines.last?.contains(leave) == false } != nil, "\(terminal.screen)")

    // Filter: Completed shows the habit done today.
    try terminal.tab(to: words.filters)
    terminal.press(Keys.enter, thenSee: words.completed)
    try terminal.tab(to: words.completed)
    terminal.press(Keys.enter, thenSee: "Run")
    #expect(terminal.screen.contains("[✓]"))

    // The detail, and back with Esc.
    try terminal.tab(to: words.runDone)
    terminal.press(Keys.enter, thenSee: words.currentStreak)
    terminal.press(Keys.escape, thenSee: "Sport")

    // Statistics.
    try terminal.tab(to: words.statisticsTab)
    terminal.press(Keys.enter, thenSee: words.trackersCompleted)
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
    // Its last bytes may still be on their way to our reader thread.
    let screen = terminal.wait { !$0.isAlternate && !$0.isCursorHidden } ?? terminal.screen
    #expect(!screen.isAlternate && !screen.isCursorHidden)
    #expect(terminal.settings.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
  }
}
