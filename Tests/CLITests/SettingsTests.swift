import Foundation
import Testing

@testable import tracker_preview

/// How the options and the process environment decide colors, resolved in-process (a test
/// process has no terminal to run the binary on).
@Suite("Settings from the terminal")
struct SettingsTests {
  func settings(_ arguments: [String], environment: [String: String], isTerminal: Bool) throws -> Settings {
    let invocation = try ArgumentParser.parse(arguments).get()
    let context = ToolContext(
      environment: environment, now: Date(timeIntervalSince1970: 1_796_032_800),
      timeZone: TimeZone(identifier: "Europe/Moscow")!, isTerminal: isTerminal, homeDirectory: "/nonexistent",
      readStandardInput: { Data() })
    return try Settings.resolve(invocation, context).get()
  }

  @Test func aTerminalGetsColorsInItsOwnTextColorUnlessItSaysItsBackground() throws {
    #expect(try settings(["stats"], environment: [:], isTerminal: true).format == .ansi(nil))
    #expect(
      try settings(["stats"], environment: ["COLORFGBG": "0;15"], isTerminal: true).format == .ansi(.light))
    #expect(
      try settings(["stats"], environment: ["COLORFGBG": "15;0"], isTerminal: true).format == .ansi(.dark))
    #expect(
      try settings(["stats", "--theme", "dark"], environment: [:], isTerminal: true).format == .ansi(.dark))
  }

  @Test func dumbTerminalsPipesAndNoColorGetPlainText() throws {
    #expect(try settings(["stats"], environment: ["TERM": "dumb"], isTerminal: true).format == .plain)
    #expect(try settings(["stats"], environment: ["NO_COLOR": "1"], isTerminal: true).format == .plain)
    #expect(try settings(["stats"], environment: [:], isTerminal: false).format == .plain)
    #expect(
      try settings(["stats", "--color", "always"], environment: ["TERM": "dumb"], isTerminal: false).format
        == .ansi(nil))
  }
}
