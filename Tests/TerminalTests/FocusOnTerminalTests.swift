import Foundation
import Testing

/// Issue 30, items 4 and 5 through a pseudo-terminal, at 80×24 and 40×24: a sheet opens on its
/// current choice, and the arrows cross the emoji and color grids a row at a time.
@Suite("tracker-preview app: the focus on a terminal", .temporaryFolders, .ownThread)
struct FocusOnTerminalTests {
  static let sizes = [(80, 24), (40, 24)]

  /// `app` on the demo at `columns` × `rows`, its focus on the add button.
  func app(_ words: Journey, columns: Int, rows: Int) -> PseudoTerminal? {
    let terminal = try? PseudoTerminal(
      ["app", "--demo", "--lang", words.language] + fixedDay, columns: columns, rows: rows)
    #expect(terminal?.wait { $0.focusLabel == words.add } != nil, "\(terminal?.screen.description ?? "")")
    return terminal
  }

  func expectFocus(
    _ terminal: PseudoTerminal, _ label: String, _ location: SourceLocation = #_sourceLocation
  ) {
    InteractiveKeyboardTests().expectFocus(terminal, label, location)
  }

  @Test(arguments: Journey.both)
  func theFiltersSheetOpensOnTheActiveFilter(_ words: Journey) throws {
    for (columns, rows) in Self.sizes {
      let terminal = try #require(app(words, columns: columns, rows: rows))
      try terminal.tab(to: words.filters)
      terminal.send(Keys.enter)
      // The sheet drawn, its focus on the filter in force, before the first Tab: a Tab sent while
      // the main screen still showed was counted as the sheet's focus change, and the walk to
      // "Completed" read screens a key behind (two runs in three failed).
      let chosen = words.language == "ru" ? ", выбрано" : ", chosen"
      #expect(
        terminal.wait { $0.focusLabel?.hasSuffix(chosen) == true } != nil,
        "\(columns)×\(rows):\n\(terminal.screen)")
      try terminal.tab(to: words.completed)
      terminal.send(Keys.enter)
      // The bottom line names the button with the filter it applies, and the choice as chosen.
      expectFocus(terminal, words.filters + ": " + words.completed)
      terminal.send(Keys.enter)
      expectFocus(terminal, words.completed + (words.language == "ru" ? ", выбрано" : ", chosen"))
      #expect(terminal.screen.focused == [words.completed], "\(columns)×\(rows):\n\(terminal.screen)")
      terminal.send(Keys.controlC)
      #expect(terminal.exitStatus() == 0)
    }
  }

  @Test(arguments: Journey.both)
  func createIsElevenArrowsAwayAcrossTheGrids(_ words: Journey) throws {
    for (columns, rows) in Self.sizes {
      let terminal = try #require(app(words, columns: columns, rows: rows))
      terminal.press(Keys.enter, thenSee: words.habit)
      // The form (its Create below the fold at 24 rows since it gained the measure, issue 32).
      terminal.press(Keys.enter, thenSee: words.category)
      // Name, Category, Schedule, the line of Yes / No and Measurable (issue 32), the Reminders
      // row's "+" (issue 48), the emoji grid entered at its first, the one under it.
      terminal.send(String(repeating: Keys.down, count: 6))
      expectFocus(terminal, words.language == "ru" ? "Эмодзи 😇" : "Emoji 😇")
      terminal.send(String(repeating: Keys.down, count: 2))
      // Down into the colors in the same column: the first color.
      expectFocus(terminal, words.language == "ru" ? "Цвет 1 из 18" : "Color 1 of 18")
      // Two more rows of colors, then Create (issue 49: not Cancel).
      terminal.send(String(repeating: Keys.down, count: 3))
      // Create, disabled on an empty form: its name says what to fill in (cut at 40 columns).
      #expect(
        terminal.wait { $0.focusLabel?.hasPrefix(words.create + ": ") == true } != nil,
        "\(columns)×\(rows):\n\(terminal.screen)")
      terminal.send(Keys.controlC)
      #expect(terminal.exitStatus() == 0)
    }
  }
}
