import Foundation
import OtherProgram
import Testing

/// The interactive mode while other programs use the same data file: another process's change
/// shows by itself (the store watches its file), and a file another program holds never freezes
/// the keyboard. Deadlines are generous (a busy machine), never tight timing assertions.
@Suite("tracker-preview app beside other programs")
struct InteractiveOtherProgramsTests {
  @Test func anotherProcessesDoneShowsWithoutAKey() throws {
    let store = try InteractiveTerminalTests().storeWithOneHabit()
    let terminal = try PseudoTerminal(["app", "--store", store, "--lang", "en"] + fixedDay)
    #expect(terminal.wait { $0.contains("Run") && $0.contains("[+]") } != nil, "\(terminal.screen)")
    let marked = try runPiped(["done", "Run", "--store", store] + fixedDay)
    #expect(marked.status == 0, "\(marked.error)")
    // No key: the store hears of the commit within a quarter of a second and the screen redraws.
    #expect(terminal.wait(5) { $0.contains("[✓]") && $0.contains("1 day") } != nil, "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func withTheFileHeldByAnotherProgramKeysStillAnswerAndATapSavesOnceItIsFree() throws {
    let store = try InteractiveTerminalTests().storeWithOneHabit()
    let terminal = try PseudoTerminal(["app", "--store", store, "--lang", "en"] + fixedDay)
    #expect(
      terminal.wait { $0.contains("Run") && $0.focusLabel == "Add tracker" } != nil, "\(terminal.screen)")
    let holder = try LockHolder(store, seconds: 6)
    var start = Date()
    terminal.send(Keys.tab)  // from "+" to the date
    #expect(terminal.wait(3) { $0.focusLabel != "Add tracker" } != nil, "\(terminal.screen)")
    #expect(Date().timeIntervalSince(start) < 3)
    // The card's + button: its write waits for the file off the main actor.
    try terminal.tab(to: "Run, 0 days")
    terminal.send(Keys.tab)  // the card's "+", named for its card in the bottom line
    #expect(terminal.wait(3) { $0.focusLabel == "Mark as done: Run" } != nil, "\(terminal.screen)")
    terminal.send(Keys.enter)
    start = Date()
    terminal.send(Keys.tab)
    #expect(terminal.wait(3) { $0.focusLabel == "Filters" } != nil, "\(terminal.screen)")
    #expect(Date().timeIntervalSince(start) < 3)
    #expect(!terminal.screen.contains("1 day"))
    // The bottom line says the tap waits for the file.
    #expect(terminal.wait(3) { $0.contains("Saving… another program is using") } != nil, "\(terminal.screen)")
    holder.waitUntilReleased()
    #expect(
      terminal.wait(8) { $0.contains("[✓]") && $0.contains("1 day") && !$0.contains("Saving…") } != nil,
      "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func withTheFileHeldFifteenSecondsEveryTabAnswersAndATapEndsInAnAlertNamingTheHolder() throws {
    let store = try InteractiveTerminalTests().storeWithOneHabit()
    let terminal = try PseudoTerminal(["app", "--store", store, "--lang", "en"] + fixedDay)
    #expect(
      terminal.wait { $0.contains("Run") && $0.focusLabel == "Add tracker" } != nil, "\(terminal.screen)")
    let holder = try LockHolder(store, seconds: 15)
    try terminal.tab(to: "Run, 0 days")
    terminal.send(Keys.tab)  // the card's "+", named for its card in the bottom line
    #expect(terminal.wait(3) { $0.focusLabel == "Mark as done: Run" } != nil, "\(terminal.screen)")
    terminal.send(Keys.enter)  // waits for the file past the busy timeout (10 s), off the main actor
    // Back and forth between the card's "+" and Filters while the write waits: each Tab answers.
    for round in 0..<8 {
      let target = round.isMultiple(of: 2) ? "Filters" : "Mark as done: Run"
      let start = Date()
      terminal.send(round.isMultiple(of: 2) ? Keys.tab : Keys.backTab)
      #expect(terminal.wait(3) { $0.focusLabel == target } != nil, "round \(round):\n\(terminal.screen)")
      #expect(Date().timeIntervalSince(start) < 3)
      Thread.sleep(forTimeInterval: 0.5)
    }
    let alert = terminal.wait(15) { $0.contains("Couldn't save") }
    #expect(alert?.contains("tracker-store-w, pid \(holder.pid)") == true, "\(terminal.screen)")
    #expect(!terminal.screen.contains("1 day"))
    terminal.send(Keys.controlC)
    #expect(terminal.exitStatus() == 0)
  }

  @Test func quittingWhileATapWaitsForTheFileSavesItFirst() throws {
    let store = try InteractiveTerminalTests().storeWithOneHabit()
    let terminal = try PseudoTerminal(["app", "--store", store, "--lang", "en"] + fixedDay)
    #expect(
      terminal.wait { $0.contains("Run") && $0.focusLabel == "Add tracker" } != nil, "\(terminal.screen)")
    let holder = try LockHolder(store, seconds: 2)
    try terminal.tab(to: "Run, 0 days")
    terminal.send(Keys.tab)  // the card's "+", named for its card in the bottom line
    #expect(terminal.wait(3) { $0.focusLabel == "Mark as done: Run" } != nil, "\(terminal.screen)")
    terminal.send(Keys.enter)
    #expect(terminal.wait(3) { $0.contains("Saving…") } != nil, "\(terminal.screen)")
    terminal.send("q")
    holder.waitUntilReleased()
    #expect(terminal.exitStatus(within: 15) == 0)
    let shown = try runPiped(["show", "trackers", "--store", store, "--lang", "en"] + fixedDay)
    #expect(shown.status == 0 && shown.output.contains("1 day"), "\(shown.output)\(shown.error)")
  }
}
