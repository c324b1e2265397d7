import Foundation
import TestSupport
import Testing
import TrackerModels
import TrackerStore
import TrackerViewModels

@testable import tracker_preview

/// How the options and the process environment decide colors, resolved in-process (a test
/// process has no terminal to run the binary on).
@Suite("Settings from the terminal", .temporaryFolders)
struct SettingsTests {
  func settings(_ arguments: [String], environment: [String: String], isTerminal: Bool) throws -> Settings {
    let invocation = try ArgumentParser.parse(arguments).get()
    let context = ToolContext(
      environment: environment, now: Date(timeIntervalSince1970: 1_796_032_800),
      timeZone: TimeZone(identifier: "Europe/Moscow")!, isTerminal: isTerminal, homeDirectory: "/nonexistent",
      readStandardInput: { _ in Data() })
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

  /// The interactive app's environment on a data file, as `app` makes it, then the app launched
  /// on it and settled: no store call on the main thread (the reminder's permission and the
  /// sync's status are read in the background).
  @MainActor
  @Test func theInteractiveAppsSetUpAndLaunchCallTheStoreOffTheMainThreadOnly() async throws {
    let file = try SQLiteTrackerStore(path: TemporaryFolder().path("tracker.sqlite"), now: Date())
    try file.updateSettings {
      $0.reminder.isOn = true
      $0.isOnboardingDone = true
    }
    let before = file.mainThreadCalls
    let resolved = try settings(["app"], environment: [:], isTerminal: true)
    let environment = await resolved.appEnvironment(store: file, waits: false)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    #expect(environment.sync?.state.isRead == true)
    #expect(flow.screen == .trackers)
    #expect(file.mainThreadCalls == before)
    // What was read in the background is what is stored: the reminder was allowed.
    #expect(await environment.notifications.authorizationStatus() == .granted)
  }

  /// Runs the binary on a pseudo-terminal (util-linux `script`), as a user's shell would.
  func runOnTerminal(_ arguments: [String], term: String) throws -> String {
    let binary = Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", ([binary] + arguments).joined(separator: " "), "/dev/null"]
    process.environment = ["TERM": term, "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func onARealTerminalColorsFollowTERM() throws {
    let arguments = ["show", "statistics", "--demo", "--today", "2026-11-30", "--time-zone", "Europe/Moscow"]
    let colored = try runOnTerminal(arguments, term: "xterm-256color")
    #expect(colored.contains("\u{1B}[1mStatistics\u{1B}[0m"))
    #expect(!colored.contains("38;2;255;255;255"))  // no white text on an unknown background
    let dumb = try runOnTerminal(arguments, term: "dumb")
    #expect(dumb.contains("Statistics"))
    #expect(!dumb.contains("\u{1B}["))
  }
}
