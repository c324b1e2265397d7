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

/// Small windows (issue 30, item 8): the "window too narrow" text fits any width and says the
/// width needed, the tab bar is whole at 32 columns, the key map fits 40×24, a sheet draws over
/// the screen it was opened from, and a short screen's tab bar sits on the window's last lines.
@MainActor
@Suite("Small windows", .temporaryFolders)
struct SmallWindowTests {
  func session(_ language: Language, columns: Int, rows: Int) async throws -> InteractiveSession {
    try await WholeLayerInViewTests().session(language, columns: columns, rows: rows)
  }

  func plain(_ frame: [String]) -> [String] {
    frame.map {
      $0.replacingOccurrences(of: "\u{1B}[7m", with: "").replacingOccurrences(of: "\u{1B}[27m", with: "")
    }
  }

  /// Presses Tab until `identifier` has the focus.
  func focus(_ identifier: String, _ session: InteractiveSession) async {
    for _ in 0...session.app.elements.count where session.focusedIdentifier != identifier {
      _ = await session.press(.tab)
    }
    #expect(session.focusedIdentifier == identifier)
  }

  @Test(arguments: [Language.en, .ru])
  func theNarrowWindowTextFitsAnyWidthAndSaysTheWidthNeeded(language: Language) async throws {
    let session = try await session(language, columns: 31, rows: 24)
    for rows in [24, 3, 1] {
      for columns in 1...31 {
        session.resize(columns: columns, rows: rows)
        let lines = plain(session.frame()).filter { !$0.isEmpty }
        #expect(
          lines.allSatisfy { TerminalWidth.of($0) <= columns && !$0.hasSuffix("…") },
          "\(columns)×\(rows): \(lines)")
        let text = lines.joined(separator: columns == 1 ? "" : " ")
        // A window of one cell holds one digit: the rest say 32 (one column: a digit a row).
        #expect(text.contains(columns * rows >= 2 ? "32" : "3"), "\(columns)×\(rows): \(lines)")
      }
    }
    // The whole sentence while it fits, wrapped at its words.
    session.resize(columns: 20, rows: 24)
    let sentence = Localizer(language).text(.appNarrow(columns: 32))
    #expect(plain(session.frame()).filter { !$0.isEmpty }.joined(separator: " ") == sentence)
  }

  @Test(arguments: [Language.en, .ru])
  func theTabBarIsWholeAtThirtyTwoColumns(language: Language) async throws {
    let localizer = Localizer(language)
    let titles = [
      localizer.text(.trackersTitle), localizer.text(.statisticsTitle), localizer.text(.settingsTitle),
    ]
    for (index, tab) in ["tab-trackers", "tab-statistics", "tab-settings"].enumerated() {
      for columns in 32...40 {
        let session = try await session(language, columns: columns, rows: 40)
        await focus(tab, session)
        _ = await session.press(.enter)
        let frame = plain(session.frame())
        let bar = try #require(frame.first { line in titles.allSatisfy { line.contains($0) } }, "\(frame)")
        #expect(TerminalWidth.of(bar) <= columns && !bar.contains("…"), "\(columns): \(bar)")
        // The tab shown is marked.
        #expect(bar.contains("◉ " + titles[index]), "\(columns): \(bar)")
      }
    }
  }

  @Test(arguments: [Language.en, .ru])
  func theKeyMapFitsFortyByTwentyFourAndSaysHowToClose(language: Language) async throws {
    let session = try await session(language, columns: 40, rows: 24)
    _ = await session.press(.character("?"))
    let frame = plain(session.frame())
    #expect(frame.contains { $0.hasPrefix("q, Ctrl-C") }, "\(frame.joined(separator: "\n"))")
    let close = Localizer(language).text(.appKeysClose)
    #expect(frame.last == close, "\(frame.joined(separator: "\n"))")
    // Said once, on the bottom line.
    #expect(frame.filter { $0.contains(close.components(separatedBy: " · ")[0]) }.count == 1)
    // Shorter, it scrolls, and the bottom line says more is below until the end is shown.
    session.resize(columns: 40, rows: 12)
    let more = Localizer(language).text(.appKeysMore)
    #expect(plain(session.frame()).last?.hasPrefix(more) == true, "\(plain(session.frame()))")
    _ = await session.press(.end)
    let end = plain(session.frame())
    #expect(end.contains { $0.hasPrefix("q, Ctrl-C") } && end.last == close, "\(end)")
  }

  @Test(arguments: [Language.en, .ru])
  func anEditSheetOpenedFromTheDetailDrawsOverTheDetail(language: Language) async throws {
    let session = try await session(language, columns: 80, rows: 24)
    let plants = language == .ru ? "Поливать растения" : "Water the plants"
    await focus("card:" + plants, session)
    _ = await session.press(.enter)
    let detailTop = try #require(plain(session.frame()).first)
    #expect(detailTop.contains(Localizer(language).text(.detailBack)))
    await focus("edit", session)
    _ = await session.press(.enter)
    #expect(session.app.screenName == "tracker-form")
    // The sheet's dimmed top line is the detail's, not the main screen's "+ … [date]".
    #expect(plain(session.frame()).first == detailTop, "\(plain(session.frame()).joined(separator: "\n"))")
  }

  @Test(arguments: [Language.en, .ru])
  func aShortScreensTabBarSitsOnTheLastLines(language: Language) async throws {
    let localizer = Localizer(language)
    for tab in ["tab-settings", "tab-statistics"] {
      for (columns, rows) in [(80, 24), (40, 24), (80, 40)] {
        let session = try await session(language, columns: columns, rows: rows)
        await focus(tab, session)
        _ = await session.press(.enter)
        let frame = plain(session.frame())
        #expect(frame.count == rows)
        // The tab bar just above the bottom line, its rule above it.
        #expect(frame[rows - 2].contains(localizer.text(.settingsTitle)), "\(frame.joined(separator: "\n"))")
        #expect(frame[rows - 3].hasPrefix("────"), "\(frame.joined(separator: "\n"))")
      }
    }
  }

  /// A screen whose lines all fit above the tab bar is not scrolled: at 40×24 turning the daily
  /// reminder on (its time row appears) left Settings one line up, to show the blank line under
  /// the last element that the focus's frame took in.
  @Test(arguments: [Language.en, .ru])
  func aScreenThatFitsIsNotScrolledForTheBlankLineUnderItsLastElement(language: Language) async throws {
    let localizer = Localizer(language)
    for (columns, rows) in [(40, 24), (80, 24)] {
      let session = try await session(language, columns: columns, rows: rows)
      await focus("tab-settings", session)
      _ = await session.press(.enter)
      let before = plain(session.frame())
      await focus("reminder", session)
      _ = await session.press(.enter)  // the explanation before the system's question
      await focus("allow", session)
      _ = await session.press(.enter)
      #expect(session.app.elements.contains { $0.id == "reminder-time" }, "\(columns)×\(rows)")
      let frame = plain(session.frame())
      // The title stays on the line it had, with the blank line above it.
      let title = try #require(before.firstIndex { $0.hasPrefix(localizer.text(.settingsTitle)) })
      #expect(frame[title].hasPrefix(localizer.text(.settingsTitle)), "\(frame.joined(separator: "\n"))")
      #expect(frame[0].trimmingCharacters(in: .whitespaces).isEmpty, "\(frame.joined(separator: "\n"))")
    }
  }
}
