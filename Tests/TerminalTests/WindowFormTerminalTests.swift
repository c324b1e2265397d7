import Foundation
import TestSupport
import Testing

/// Issue 49 at the keyboard: a habit of N times in Y days made through the form in a
/// pseudo-terminal, at 80×24 and 40×24, in both languages; each key waits for the screen it
/// expects before the next.
@Suite("N times in Y days from the keyboard", .temporaryFolders, .ownThread)
struct WindowFormTerminalTests {
  struct Words: Sendable, CustomTestStringConvertible {
    let language: String
    let add, habit, schedule, window, daysPlus, done, emoji, color, create, card: String
    /// The schedule after one day more: "3 times in 8 days".
    let eight: String
    /// The form's title.
    let newHabit: String
    var testDescription: String { language }
  }

  static let words = [
    Words(
      language: "en", add: "Add tracker", habit: "Habit", schedule: "Schedule", window: "N times in Y days",
      daysPlus: "One day more: 3 times in 7 days", done: "Done", emoji: "Emoji 🙂", color: "Color 1 of 18",
      create: "Create", card: "0/3 in 8 days", eight: "3 times in 8 days", newHabit: "New habit"),
    Words(
      language: "ru", add: "Добавить трекер", habit: "Привычка", schedule: "Расписание",
      window: "N раз за Y дней", daysPlus: "На день больше: 3 раза за 7 дней", done: "Готово",
      emoji: "Эмодзи 🙂", color: "Цвет 1 из 18", create: "Создать", card: "0/3 за 8 дней",
      eight: "3 раза за 8 дней", newHabit: "Новая привычка"),
  ]

  static let sizes = [(80, 24), (40, 24)]

  @Test(arguments: words, [0, 1])
  func aWindowHabitIsMadeThroughTheForm(_ words: Words, size: Int) throws {
    let (columns, rows) = Self.sizes[size]
    let folder = TemporaryFolder()
    let store = folder.path("tracker.sqlite")
    // A data file with one category: the form preselects it.
    #expect(
      try runPiped(["add", "Read", "--every", "day", "--category", "Home", "--store", store] + fixedDay)
        .status == 0)
    let terminal = try PseudoTerminal(
      ["app", "--store", store, "--lang", words.language] + fixedDay, columns: columns, rows: rows)
    #expect(terminal.wait { $0.focusLabel == words.add } != nil, "\(terminal.screen)")
    terminal.press(Keys.enter, thenSee: words.habit)
    terminal.press(Keys.enter, thenSee: words.newHabit)
    terminal.press("Gym", thenSee: "Gym")
    try terminal.tab(to: words.schedule)
    terminal.press(Keys.enter, thenSee: words.window)
    try terminal.tab(to: words.window)
    // The kind chosen: its two steppers come, N's saying the whole schedule.
    terminal.press(Keys.enter, thenSee: words.daysPlus.components(separatedBy: ": ")[1])
    try terminal.tab(to: words.daysPlus)
    terminal.send(Keys.enter)
    #expect(terminal.wait { $0.focusLabel?.hasSuffix(words.eight) == true } != nil, "\(terminal.screen)")
    try terminal.tab(to: words.done)
    // Back on the form, its Schedule row focused and saying the new schedule ("3 times in 8
    // days" was on the schedule's own screen already: waiting for it alone let the next Tab go
    // before Done was drawn, one Tab ahead of what the test saw).
    terminal.send(Keys.enter)
    #expect(
      terminal.wait { $0.focusLabel?.hasPrefix(words.schedule) == true && $0.contains(words.eight) } != nil,
      "\(terminal.screen)")
    // Each choice waits for its own frame (the label says it is chosen) before the next Tab, which
    // a loop that draws each key as it comes would otherwise meet one frame early.
    try terminal.tab(to: words.emoji)
    terminal.send(Keys.enter)
    #expect(
      terminal.wait { $0.focusLabel?.hasPrefix(words.emoji + ",") == true } != nil, "\(terminal.screen)")
    try terminal.tab(to: words.color)
    terminal.send(Keys.enter)
    #expect(
      terminal.wait { $0.focusLabel?.hasPrefix(words.color + ",") == true } != nil, "\(terminal.screen)")
    try terminal.tab(to: words.create)
    terminal.press(Keys.enter, thenSee: words.card)
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
    let list = try runPiped(["list", "--json", "--store", store] + fixedDay)
    #expect(
      list.output.contains(#""window": {"times": 3, "in": 8, "checkIns": 0, "filled": false}"#),
      "\(list.output)")
  }
}
