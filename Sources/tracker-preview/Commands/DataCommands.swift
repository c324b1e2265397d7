import Foundation
import TrackerModels
import TrackerStore

/// `stats`: the four figures and each tracker's, as text or JSON.
@MainActor
enum StatsCommand {
  static func run(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext) -> Outcome {
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, outcome: &outcome) else { return outcome }
    do {
      let trackers = try store.trackers().map(\.tracker)
      let statistics = Statistics(trackers: trackers, records: try store.allRecords(), today: settings.today)
      let report = StatisticsReport(statistics: statistics, trackers: trackers)
      outcome.standardOutput = invocation.has("--json") ? report.json() : report.text(.init(settings.language))
    } catch {
      return .failure("the data could not be read: \(error)")
    }
    return outcome
  }
}

/// `export`: the data as JSON, to standard output or a file.
@MainActor
enum ExportCommand {
  static func run(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext) -> Outcome {
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, outcome: &outcome) else { return outcome }
    let text: String
    do {
      text = TrackerArchive.export(try store.contents())
    } catch {
      return .failure("the data could not be read: \(error)")
    }
    guard let path = invocation.options["--output"] else {
      outcome.standardOutput = text
      return outcome
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      outcome.standardError += "Error: cannot write \(path): \(error.localizedDescription)\n"
      outcome.exitCode = 1
    }
    return outcome
  }
}

/// `import`: all of a file, or nothing with every problem listed.
@MainActor
enum ImportCommand {
  static func run(_ file: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext) -> Outcome {
    let data: Data
    switch InputFile.read(file, what: "", context) {
    case .success(let read): data = read
    case .failure(let failure): return failure
    }
    guard let text = String(data: data, encoding: .utf8) else {
      return .failure("\(file) was not imported; nothing changed:\n$: not UTF-8 text")
    }
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, outcome: &outcome) else { return outcome }
    do {
      let contents = try store.importArchive(text, today: settings.today)
      outcome.standardOutput = "Imported \(contents.categories.count) categories, \(contents.trackers.count) trackers "
        + "and \(contents.records.count) records.\n"
    } catch {
      outcome.standardError += "Error: \(file) was not imported; nothing changed:\n"
        + error.problems.map { TerminalSafe.text($0.description) + "\n" }.joined()
      outcome.exitCode = 1
    }
    return outcome
  }
}
