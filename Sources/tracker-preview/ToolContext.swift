import Foundation
import TrackerModels

/// What the tool reads from the world: passed in, so tests can run the tool in-process too. Only
/// `main.swift` builds the live one.
struct ToolContext {
  /// The process environment variables.
  var environment: [String: String]
  /// The current instant.
  var now: Date
  /// The live clock, read again each time it is asked (the interactive mode stays open past
  /// midnight); nil: time stands still at `now`.
  var clock: (@Sendable () -> Date)? = nil
  /// The system's time zone.
  var timeZone: TimeZone
  /// Whether standard output is a terminal.
  var isTerminal: Bool
  /// Whether standard input and output are both a terminal (what `app` needs).
  var isInteractive = false
  /// The home folder, for the default data file.
  var homeDirectory: String
  /// Reads standard input to its end, or to one byte past `limit`, whichever comes first.
  var readStandardInput: (_ limit: Int) -> Data
  /// Puts `question` to the person at the terminal (on standard error, so it is seen even when
  /// standard output goes to a file) and reads one line of answer from standard input; nil when
  /// standard input ends first. In-process tests answer nothing unless they say otherwise.
  var ask: (_ question: String) -> String? = { _ in nil }
  /// Writes `line` on standard error at once, while the command still runs: what a command says
  /// of a wait it is in, before its outcome (which is written at its end). In-process tests hear
  /// nothing unless they say otherwise.
  var tell: @Sendable (_ line: String) -> Void = { _ in }
  /// Whether the run said it waits for another program's hold (it says so once).
  let toldWaiting = Locked(false)
}

/// What a run printed and how it ended.
struct Outcome: Error {
  var standardOutput = ""
  var standardError = ""
  var exitCode: Int32 = 0

  /// A failure: `Error: message` on standard error, exit code 1.
  static func failure(_ message: String) -> Outcome {
    Outcome(standardError: Messages.error(message), exitCode: 1)
  }

  /// Bad usage: one error line, the usage and a hint; exit code 64.
  static func usage(_ error: UsageError) -> Outcome {
    let usage =
      error.command.flatMap(CommandLineSpec.command(named:)).map(CommandLineSpec.usage(of:))
      ?? CommandLineSpec.usage
    let help =
      error.command.map { "\(CommandLineSpec.toolName) help \($0)" } ?? "\(CommandLineSpec.toolName) --help"
    return Outcome(standardError: Messages.usage(error.message, usage: usage, help: help), exitCode: 64)
  }
}
