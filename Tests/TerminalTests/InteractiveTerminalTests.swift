import Foundation
import LocalHTTPServer
import TestSupport
import Testing

/// Runs `tracker-preview` with pipes (not a terminal).
/// Runs the built `tracker-preview` with `arguments` to its end, its output piped.
func runPiped(_ arguments: [String], environment: [String: String] = [:]) throws -> (
  status: Int32, output: String, error: String
) {
  try runProgram(builtProduct("tracker-preview"), arguments, environment: environment)
}

/// The interactive mode's promises to the terminal it runs in, through a pseudo-terminal.
@Suite("tracker-preview app on a terminal", .temporaryFolders, .ownThread)
struct InteractiveTerminalTests {
  static let archive = """
    {"format": "tracker", "version": 1,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Home"}],
     "trackers": [
       {"id": "00000000-0000-4000-8000-000000000002", "name": "Run", "emoji": "🙂", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001",
        "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": false, "created": "2026-11-01"}],
     "records": []}
    """

  /// A data file with one habit, its onboarding done.
  func storeWithOneHabit() throws -> String {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("backup.json")
    try Data(Self.archive.utf8).write(to: archive)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let imported = try runPiped(["import", archive.path, "--store", store] + fixedDay)
    #expect(imported.status == 0, "\(imported.error)")
    return store
  }

  func expectRestored(_ terminal: PseudoTerminal, _ location: SourceLocation = #_sourceLocation) {
    // The program has ended, but its last bytes may still be on their way to our reader thread.
    let screen = terminal.wait { !$0.isAlternate && !$0.isCursorHidden } ?? terminal.screen
    #expect(!screen.isAlternate && !screen.isCursorHidden, sourceLocation: location)
    let flags = terminal.settings.c_lflag
    #expect(
      flags & tcflag_t(ICANON | ECHO | ISIG) == tcflag_t(ICANON | ECHO | ISIG), sourceLocation: location)
  }

  @Test(arguments: [("en", "app needs a terminal"), ("ru", "app нужен терминал")])
  func withoutATerminalItRefusesWithABadUsage(_ language: String, _ message: String) throws {
    let result = try runPiped(["app", "--demo", "--lang", language])
    #expect(result.status == 64 && result.output.isEmpty)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func controlCAndSIGTERMGiveTheTerminalBackAsItWas() throws {
    let first = try PseudoTerminal(["app", "--demo", "--lang", "en"] + fixedDay)
    #expect(first.wait(for: "Trackers") != nil)
    first.send(Keys.controlC)
    #expect(first.exitStatus() == 0)
    expectRestored(first)

    let second = try PseudoTerminal(["app", "--demo", "--lang", "en"] + fixedDay)
    #expect(second.wait(for: "Trackers") != nil)
    second.process.terminate()
    #expect(second.exitStatus() == 128 + SIGTERM)
    expectRestored(second)
  }

  /// A terminal nobody reads (a hung emulator, a detached multiplexer): the app waits in a write,
  /// and a stop signal still ends it, with 128 + the signal (2026-12-07: it waited for a reader).
  /// What nobody read is thrown away, so the terminal is given back as it was, out of the full
  /// screen, however the last frame was cut.
  @Test(arguments: [(SIGTERM, 60, 30), (SIGHUP, 160, 50), (SIGINT, 40, 24)])
  func aStopSignalEndsTheAppWhileNobodyReadsItsTerminal(signal: Int32, columns: Int, rows: Int) throws {
    let terminal = try PseudoTerminal(
      ["app", "--demo", "--lang", "en"] + fixedDay, columns: columns, rows: rows)
    #expect(terminal.wait(for: "Trackers") != nil)
    terminal.pauseReading()
    // Each resize redraws the whole screen, until the terminal takes no more (the kernel's
    // buffer: nothing in this process tells of it, so it is looked at).
    var width = columns
    let full = eventuallyPolling(within: 60) {
      width = width == columns ? columns - 1 : columns
      terminal.resize(columns: width, rows: rows)
      return !terminal.takesOutput
    }
    #expect(full, "the terminal still takes output")
    // A little room, less than a frame (a reader that took a few bytes and stopped again): the
    // app must not wait in a write that takes part of what it has.
    terminal.readSome(512)
    kill(terminal.process.processIdentifier, signal)
    #expect(terminal.exitStatus(within: 30) == 128 + signal)
    terminal.resumeReading()
    expectRestored(terminal)
  }

  /// Between keys the app sleeps until something wakes it (a key, a signal, a change to draw,
  /// its look at the clock once a second): its main thread does not wake to look for a key
  /// (2026-12-08: it looked every 10 ms, about 300 times in 3 s), and a key is still drawn.
  @Test func betweenKeysTheAppSleepsUntilAKeyWakesIt() throws {
    let terminal = try PseudoTerminal(["app", "--demo", "--lang", "en"] + fixedDay)
    let first = try #require(terminal.wait(for: "Trackers"))
    let process = terminal.process.processIdentifier
    let before = try #require(mainThreadWakes(process))
    // A window to count in, not a wait for something: the app is left alone for three seconds.
    Thread.sleep(forTimeInterval: 3)
    let after = try #require(mainThreadWakes(process))
    #expect(after - before < 30, "the main thread woke \(after - before) times in 3 s with nothing to do")
    terminal.send("\u{1B}[B")
    #expect(terminal.wait { $0.focused != first.focused } != nil, "the key was not drawn")
    terminal.process.terminate()
    #expect(terminal.exitStatus() == 128 + SIGTERM)
  }

  /// How many times the process's main thread has blocked and woken (the kernel's count of its
  /// voluntary context switches).
  private func mainThreadWakes(_ process: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(process)/task/\(process)/status", encoding: .utf8)
    else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
    return line.flatMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") }
  }

  @Test func aResizeRedrawsAtTheNewWidthAndANarrowWindowAsksForMore() throws {
    let terminal = try PseudoTerminal(["app", "--demo", "--lang", "ru"] + fixedDay, columns: 60, rows: 30)
    #expect(
      terminal.wait { $0.lines.first?.hasSuffix("[ 30 нояб. ]") == true && $0.lines[0].count == 60 } != nil)
    terminal.resize(columns: 40, rows: 30)
    #expect(
      terminal.wait { $0.lines.first?.hasSuffix("[ 30 нояб. ]") == true && $0.lines[0].count == 40 } != nil,
      "\(terminal.screen)")
    terminal.resize(columns: 28, rows: 30)
    #expect(terminal.wait(for: "Сделайте окно шире") != nil, "\(terminal.screen)")
    terminal.resize(columns: 50, rows: 30)
    #expect(terminal.wait { $0.lines.first?.count == 50 } != nil)
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func aChangeAnotherProcessMadeShowsAfterTheNextKey() throws {
    let store = try storeWithOneHabit()
    let terminal = try PseudoTerminal(["app", "--store", store, "--lang", "en"] + fixedDay)
    #expect(terminal.wait { $0.contains("Run") && $0.contains("[+]") } != nil, "\(terminal.screen)")
    let marked = try runPiped(["done", "Run", "--store", store] + fixedDay)
    #expect(marked.status == 0, "\(marked.error)")
    terminal.send(Keys.tab)
    #expect(terminal.wait { $0.contains("[✓]") && $0.contains("1 day") } != nil, "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func anArrowCutBetweenWritesIsAnArrowAndALoneEscClosesTheSheet() throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let terminal = try PseudoTerminal(["app", "--store", store, "--lang", "en"] + fixedDay)
    #expect(terminal.wait(for: "Track only what you want") != nil)
    terminal.send("\u{1B}[")
    #expect(terminal.waitUntilRead())  // read on its own, before the rest arrives
    terminal.send("C")  // → : the next page
    #expect(terminal.wait(for: "Even if it's not liters of water and yoga") != nil, "\(terminal.screen)")
    terminal.press(Keys.enter, thenSee: "What are we going to track?")
    terminal.press(Keys.enter, thenSee: "Irregular event")
    terminal.send(Keys.escape)
    #expect(
      terminal.wait { !$0.contains("Irregular event") && $0.contains("What are we going to track?") } != nil)
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func aKeyRedrawsOnlyTheRowsThatChanged() throws {
    let terminal = try PseudoTerminal(["app", "--demo", "--lang", "en"] + fixedDay, columns: 60, rows: 40)
    // The first frame has arrived whole once its last row, the status line, names the focus.
    #expect(terminal.wait { $0.contains("Trackers") && $0.focusLabel == "Add tracker" } != nil)
    let before = terminal.output.count
    terminal.send(Keys.tab)  // the focus moves from "+" to the date, on the same row
    // So has the next one once the status line names the date.
    #expect(terminal.wait { $0.focusLabel != "Add tracker" } != nil)
    let sent = String(decoding: terminal.output[before...], as: UTF8.self)
    let rows = sent.components(separatedBy: "\u{1B}[K").count - 1
    #expect(rows >= 2 && rows <= 3, "\(rows) rows sent: \(sent.debugDescription)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func theStartingTasksArriveOnScreenWhileTheUserWaits() throws {
    let server = try LocalHTTPServer { _ in
      .init(
        body: todosPage([(1, "Buy milk", false), (2, "Call mom", true)], total: 2, skip: 0, limit: 30),
        delay: 0.5)
    }
    let store = TemporaryFolder().path("todo.sqlite")
    let terminal = try PseudoTerminal(
      ["app", "--app", "todo", "--store", store, "--todos-url", server.url.absoluteString, "--lang", "en"]
        + fixedDay)
    #expect(terminal.wait(for: "Loading tasks…") != nil, "\(terminal.screen)")
    // No key pressed: the list is redrawn because the flow published the loaded tasks.
    #expect(
      terminal.wait { $0.contains("Buy milk") && $0.contains("✓ Call mom") } != nil, "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test(arguments: [
    ("en", "To do list", "Done", "Delete", "Cancel"), ("ru", "Список дел", "Готово", "Удалить", "Отменить"),
  ])
  func theToDoAppByKeyboard(
    _ language: String, _ title: String, _ done: String, _ delete: String, _ cancel: String
  )
    throws
  {
    let terminal = try PseudoTerminal(["app", "--app", "todo", "--demo", "--lang", language] + fixedDay)
    #expect(
      terminal.wait(for: title) != nil
        && terminal.screen.focusLabel == (language == "ru" ? "Добавить задачу" : "Add a task"))
    terminal.send(Keys.enter)
    // The title has the focus; Enter goes on to the text, where Enter is a line break.
    terminal.press("Buy milk\rand\rbread", thenSee: "bread")
    #expect(terminal.screen.contains("and") && terminal.screen.contains("Buy milk"), "\(terminal.screen)")
    try terminal.tab(to: done)
    terminal.send(Keys.enter)
    #expect(
      terminal.wait { $0.contains(title) && $0.contains("Buy milk") && !$0.contains(done) } != nil,
      "\(terminal.screen)")
    // Swipe the new task left: the delete question, on its harmless choice.
    try terminal.tab(to: "Buy milk")
    terminal.send(Keys.left)
    // Its buttons name the task they act on.
    let task = language == "ru" ? "«Buy milk»" : "“Buy milk”"
    #expect(terminal.wait { $0.focusLabel == cancel + ": " + task } != nil, "\(terminal.screen)")
    try terminal.tab(to: delete + ": " + task)
    terminal.send(Keys.enter)
    #expect(terminal.wait { !$0.contains("Buy milk") } != nil, "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }
}
