import Foundation
import TestSupport
import Testing

/// A category collapsed from its header in the terminal stays collapsed (issue 49).
@Suite("Collapsing a category in the terminal", .temporaryFolders, .ownThread)
struct CollapseTerminalTests {
  @Test func enterOnACategorysHeaderCollapsesItToItsProgressAndTheNextLaunchKeepsIt() throws {
    let folder = TemporaryFolder()
    let archive = folder.path("demo.json")
    let store = folder.path("tracker.sqlite")
    #expect(try runPiped(["export", "--demo", "--lang", "en", "--output", archive] + fixedDay).status == 0)
    #expect(try runPiped(["import", archive, "--store", store] + fixedDay).status == 0)
    let first = try PseudoTerminal(
      ["app", "--store", store, "--lang", "en"] + fixedDay, columns: 60, rows: 40)
    #expect(first.wait { $0.focusLabel == "Add tracker" } != nil, "\(first.screen)")
    #expect(first.screen.contains("The cat blocked"))
    try first.tab(to: "Little joys, expanded")
    // The demo's day: the postcard not done; the cat is off that day, so not due.
    first.press(Keys.enter, thenSee: "▸ Little joys · 0 of 1 done")
    #expect(first.wait { $0.focusLabel == "Little joys, 0 of 1 done, collapsed" } != nil, "\(first.screen)")
    #expect(!first.screen.contains("The cat blocked"))
    first.send("q")
    #expect(first.exitStatus() == 0)
    let second = try PseudoTerminal(
      ["app", "--store", store, "--lang", "ru"] + fixedDay, columns: 60, rows: 40)
    #expect(second.wait(for: "▸ Little joys · выполнено 0 из 1") != nil, "\(second.screen)")
    try second.tab(to: "Little joys, выполнено 0 из 1, свёрнуто")
    second.press(Keys.enter, thenSee: "The cat blocked")
    second.send("q")
    #expect(second.exitStatus() == 0)
  }
}
