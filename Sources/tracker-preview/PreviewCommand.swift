import Foundation
import TrackerLocalization
import TrackerModels
import TrackerStore

/// What a run printed and how it ended.
struct CommandOutcome {
  var standardOutput = ""
  var standardError = ""
  var exitCode: Int32 = 0
}

/// The statistics command, the default until the tour arrives.
enum PreviewCommand {
  static let version = "0.1.0"

  static let usage =
    "tracker-preview [stats] [--json] [--store PATH | --demo] [--lang en|ru] [--today YYYY-MM-DD] [--time-zone TZ]"

  static let help = """
    OVERVIEW: The Tracker habit tracker in a terminal. For now: the statistics of the demo data
    or of a data file.

    USAGE: \(usage)

    OPTIONS:
      --json                  Print the statistics as JSON.
      --store <PATH>          Read this data file (a SQLite store) instead of the demo data.
      --demo                  Use the demo data (the default for now).
      --lang <en|ru>          The language (default: from LC_ALL, LC_MESSAGES, LANG; else en).
      --today <YYYY-MM-DD>    The day to compute for (default: today in the time zone).
      --time-zone <TZ>        The time zone that decides today (default: the system's).
      -h, --help              Show this help.
      --version               Show the version.

    """

  /// Runs the command line `arguments` (without the program name).
  static func run(
    arguments: [String], environment: [String: String], now: Date, timeZone: TimeZone
  ) -> CommandOutcome {
    var json = false
    var language = Language.preferred(environment: environment)
    var today: Day?
    var zone = timeZone
    var storePath: String?
    var remaining = arguments[...]
    if remaining.first == "stats" { remaining.removeFirst() }
    func value(for option: String) -> Result<String, UsageError> {
      guard let next = remaining.popFirst() else { return .failure(.missingValue(option)) }
      return .success(next)
    }
    do {
      while let argument = remaining.popFirst() {
        switch argument {
        case "-h", "--help", "help":
          return CommandOutcome(standardOutput: help)
        case "--version":
          return CommandOutcome(standardOutput: version + "\n")
        case "--json":
          json = true
        case "--demo":
          storePath = nil
        case "--store":
          storePath = try value(for: argument).get()
        case "--lang":
          let text = try value(for: argument).get()
          guard let chosen = Language(rawValue: text) else { throw UsageError.badValue(argument, text, "en or ru") }
          language = chosen
        case "--today":
          let text = try value(for: argument).get()
          do { today = try Day(iso: text) } catch { throw UsageError.badValue(argument, text, "a date YYYY-MM-DD") }
        case "--time-zone":
          let text = try value(for: argument).get()
          guard let chosen = TimeZone(identifier: text) else {
            throw UsageError.badValue(argument, text, "a time zone such as Europe/Moscow")
          }
          zone = chosen
        default:
          throw UsageError.unknown(argument)
        }
      }
    } catch let error as UsageError {
      return CommandOutcome(
        standardError: "Error: \(error.message)\nUsage: \(usage)\n  See 'tracker-preview --help'.\n",
        exitCode: 64)
    } catch {
      return CommandOutcome(standardError: "Error: \(error)\n", exitCode: 1)
    }
    let day = today ?? Day(now, in: zone)
    var outcome = CommandOutcome()
    let trackers: [Tracker]
    let records: [TrackerRecord]
    if let storePath {
      do {
        let store = try SQLiteTrackerStore(path: storePath, now: now)
        if let recovery = store.recovery { outcome.standardError += "Warning: \(recovery)\n" }
        trackers = try store.trackers().map(\.tracker)
        records = try store.allRecords()
      } catch {
        outcome.standardError += "Error: \(error)\n"
        outcome.exitCode = 1
        return outcome
      }
    } else {
      let demo = DemoData(today: day, language: language == .ru ? .russian : .english)
      (trackers, records) = (demo.trackers, demo.records)
    }
    let statistics = Statistics(trackers: trackers, records: records, today: day)
    let report = StatisticsReport(statistics: statistics, trackers: trackers)
    outcome.standardOutput = json ? report.json() : report.text(Localizer(language))
    return outcome
  }
}

/// A command line that cannot be understood; exit code 64.
enum UsageError: Error {
  case unknown(String)
  case missingValue(String)
  case badValue(String, String, String)

  var message: String {
    switch self {
    case .unknown(let argument):
      return "Unknown option or command '\(argument)'"
    case .missingValue(let option):
      return "Missing value for '\(option)'"
    case .badValue(let option, let value, let expected):
      return "The value '\(value)' is invalid for '\(option)': expected \(expected)"
    }
  }
}
