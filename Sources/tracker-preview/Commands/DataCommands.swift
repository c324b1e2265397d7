import Foundation
import TrackerModels
import TrackerStore

/// `stats`: the four figures and each tracker's, as text or JSON.
@MainActor
enum StatsCommand {
  static func run(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext) -> Outcome {
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, outcome: &outcome) else {
      return outcome
    }
    do {
      let trackers = try store.trackers().map(\.tracker)
      let statistics = Statistics(trackers: trackers, records: try store.allRecords(), today: settings.today)
      let report = StatisticsReport(statistics: statistics, trackers: trackers)
      outcome.standardOutput =
        invocation.has("--json") ? report.json() : report.text(.init(settings.language))
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }
}

/// `export`: the data as JSON, to standard output or a file.
@MainActor
enum ExportCommand {
  static func run(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext) -> Outcome {
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, outcome: &outcome) else {
      return outcome
    }
    let text: String
    do {
      text = TrackerArchive.export(try store.contents())
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    guard let path = invocation.options["--output"] else {
      outcome.standardOutput = text
      return outcome
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      outcome.standardError += Messages.error(Messages.unwritable(path, error.localizedDescription))
      outcome.exitCode = 1
    }
    return outcome
  }
}

/// `import`: all of a file, or nothing with every problem listed.
@MainActor
enum ImportCommand {
  static func run(_ file: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext)
    -> Outcome
  {
    let data: Data
    switch InputFile.read(file, what: "", context) {
    case .success(let read): data = read
    case .failure(let failure): return failure
    }
    guard let text = String(data: data, encoding: .utf8) else {
      return .failure(Messages.notImported(file) + "\n" + Messages.notUTF8)
    }
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, outcome: &outcome) else {
      return outcome
    }
    do {
      let contents = try store.importArchive(text, today: settings.today)
      outcome.standardOutput = Messages.imported(
        categories: contents.categories.count, trackers: contents.trackers.count,
        records: contents.records.count)
    } catch {
      outcome.standardError +=
        Messages.error(Messages.notImported(file))
        + error.problems.map { TerminalSafe.text($0.description) + "\n" }.joined()
      outcome.exitCode = 1
    }
    return outcome
  }
}
