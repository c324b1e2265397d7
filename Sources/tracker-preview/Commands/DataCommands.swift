import Foundation
import TrackerArchiveCodec
import TrackerImports
import TrackerModels
import TrackerStore
import TrackerViewModels

/// `stats`: the four figures and each tracker's, as text or JSON.
@MainActor
enum StatsCommand {
  static func run(_ invocation: Invocation, _ given: Settings, _ context: ToolContext) -> Outcome {
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, readOnly: true, outcome: &outcome)
    else {
      return outcome
    }
    do {
      // One snapshot. Trackers in the order the screens use for the chosen language; the
      // archived ones count nowhere (issue 49), and with --category only that category's.
      let (all, categories) = try store.read { (reader) throws(StoreError) in
        (try reader.trackers().map(\.tracker), try reader.categories())
      }
      var category: TrackerCategory?
      if let title = invocation.options.category {
        switch Self.category(named: title, in: categories) {
        case .success(let found): category = found
        case .failure(let failure): return failure
        }
      }
      let counted = all.filter { !$0.isArchived && (category == nil || $0.categoryID == category?.id) }
      let trackers = Collation(settings.language).sorted(counted, by: \.name)
      var statistics = try store.read { (reader) throws(StoreError) in
        try reader.statistics(asOf: settings.today, category: category?.id)
      }
      let figures = Dictionary(uniqueKeysWithValues: statistics.trackers.map { ($0.trackerID, $0) })
      statistics.trackers = trackers.map {
        figures[$0.id] ?? TrackerStatistics(trackerID: $0.id, completed: 0, currentStreak: 0, bestStreak: 0)
      }
      let report = StatisticsReport(statistics: statistics, trackers: trackers, category: category)
      outcome.standardOutput =
        invocation.options.json ? report.json() : report.text(.init(settings.language))
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }

  /// The category called `title` (case and spaces around ignored), or the failure that says none
  /// is, with the nearest.
  static func category(named title: String, in categories: [TrackerCategory]) -> Result<
    TrackerCategory, Outcome
  > {
    let key = NameRules.comparisonKey(NameRules.trimmed(title))
    if let found = categories.first(where: { NameRules.comparisonKey($0.title) == key }) {
      return .success(found)
    }
    let suggestion = Suggestion.closest(to: title, among: categories.map(\.title))
    return .failure(.failure(TerminalSafe.text(Messages.noSuchCategory(title, suggestion: suggestion))))
  }
}

/// `export`: the data as JSON, to standard output or a file. A backup is never made from a damaged
/// file: a broken store is left as it is, nothing is written, and an existing output file stays.
@MainActor
enum ExportCommand {
  static func run(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext) -> Outcome {
    let output = invocation.options.output?.file
    if let output, let problem = OutputFile.problem(output) { return .failure(problem) }
    if let output, !invocation.options.demo {
      let store =
        invocation.options.store
        ?? SQLiteTrackerStore.defaultPath(
          environment: context.environment, homeDirectory: context.homeDirectory)
      if OutputFile.isPart(of: store, output) {
        return .failure(Messages.unwritable(output, Messages.isTheStore))
      }
    }
    var outcome = Outcome()
    guard
      let store = StoreOpening.open(
        invocation, settings, context, readOnly: true, setsBrokenFileAside: false, fullCheck: true,
        outcome: &outcome)
    else {
      return outcome
    }
    let text: String
    do {
      // One snapshot: the settings and the contents as they were together.
      let (settings, contents) = try store.read { (store) throws(StoreError) in
        (try store.settings(), try store.contents())
      }
      text = TrackerArchive.export(contents, reminder: settings.reminder, dayStart: settings.dayStart)
    } catch {
      return .failure(Messages.notExported(error))
    }
    guard let output else {
      outcome.standardOutput = text
      return outcome
    }
    do {
      // Written beside the target and renamed into place: the old backup stays whole until then.
      try OutputFile.write(Data(text.utf8), to: output)
    } catch {
      return .failure(Messages.unwritable(output, OutputFile.reason(error)))
    }
    return outcome
  }
}

/// `import`: all of a file, or nothing with every problem listed.
@MainActor
enum ImportCommand {
  static func run(_ file: String, _ given: Invocation, _ settings: Settings, _ context: ToolContext)
    -> Outcome
  {
    // `--into NEW.sqlite`: the import goes into a new data file, the data file stays as it is.
    var invocation = given
    if let into = given.options.into {
      // --into names the file the import makes: it wins over a --store an alias always passes.
      guard !StoreOpening.exists(into) else {
        return .failure(Messages.text(.cliImportIntoExists(TerminalSafe.text(into))))
      }
      invocation.options.store = into
      invocation.options.demo = false
      invocation.options.into = nil
      var outcome = run(file, invocation, settings, context)
      if outcome.exitCode == 0 {
        let path = TerminalSafe.text(into)
        outcome.standardOutput += Messages.text(.cliImportedInto(path, path)) + "\n"
      }
      return outcome
    }
    // A Loop backup on disk is read from the file itself (one snapshot, its journal or log
    // applied in a private copy), never from bytes read while Loop may be writing.
    if InputFile.isSQLiteFile(file) {
      switch OtherTrackerFile.read(file: file, today: settings.today) {
      case .success(let foreign)?: return importForeign(foreign, file, invocation, settings, context)
      case .failure(let failure)?: return refused(file, failure)
      case nil: break
      }
    }
    let bytes: Data
    switch InputFile.read(file, context) {
    case .success(let read): bytes = read
    case .failure(let failure): return failure
    }
    // A Loop backup or a HabitBull CSV is known by its content, never by its name.
    switch OtherTrackerFile.read(bytes, today: settings.today) {
    case .success(let foreign)?: return importForeign(foreign, file, invocation, settings, context)
    case .failure(let failure)?: return refused(file, failure)
    case nil: break
    }
    // The bytes are let go as soon as they are text: a 56 MB archive is held once, not twice.
    let text: String
    switch String(data: bytes, encoding: .utf8) {
    case let read?: text = read
    case nil: return .failure(Messages.notImported(file) + "\n" + Messages.notUTF8)
    }
    // Every archive is one JSON object: a file that does not begin with one is none of the kinds
    // import reads, and saying which they are helps more than "not JSON" at its first character.
    guard text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "{" else {
      return .failure(Messages.notImported(file) + "\n" + Messages.importUnknownKind)
    }
    return importing(file, invocation, settings, context) { store, outcome throws(ImportFailure) in
      let summary = try store.importArchive(text, today: settings.today)
      outcome.standardOutput = Messages.imported(summary)
      // Restoring a backup is not a first launch: the onboarding is over. The file's reminder
      // setting and day start, when it has them, are restored with it.
      endOnboarding(store, reminder: summary.reminder, dayStart: summary.dayStart, &outcome)
    }
  }

  /// A Loop backup or a HabitBull CSV, already read: all of it, or nothing.
  private static func importForeign(
    _ foreign: OtherTrackerFile, _ file: String, _ invocation: Invocation, _ settings: Settings,
    _ context: ToolContext
  ) -> Outcome {
    let titles = Messages.importTitles
    return importing(file, invocation, settings, context) { store, outcome throws(ImportFailure) in
      let summary = try store.importForeign(foreign, titles: titles, today: settings.today)
      outcome.standardOutput = Messages.imported(summary)
      if !summary.addedNothing { endOnboarding(store, reminder: nil, dayStart: nil, &outcome) }
    }
  }

  /// Runs an import (`body`) on the data file. When the file does not exist yet it is tried on
  /// an empty store in memory first: a refused import leaves no new data file behind.
  private static func importing(
    _ file: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext,
    _ body: (any TrackerDataStore, inout Outcome) throws(ImportFailure) -> Void
  ) -> Outcome {
    if !invocation.options.demo, !StoreOpening.exists(StoreOpening.trackerPath(invocation, context)) {
      var trial = Outcome()
      do {
        try body(InMemoryTrackerStore(), &trial)
      } catch {
        return refused(file, error)
      }
    }
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, createsFile: true, outcome: &outcome)
    else {
      return outcome
    }
    do {
      try body(store, &outcome)
    } catch {
      let failure = refused(file, error)
      outcome.standardError += failure.standardError
      outcome.exitCode = failure.exitCode
    }
    return outcome
  }

  /// Marks the onboarding done (an import is not a first launch) and restores `reminder` and
  /// `dayStart` when given, saying which setting the file changed (even when it added no data:
  /// "Nothing new" must not hide a changed reminder); a failure is a warning, the import stays.
  private static func endOnboarding(
    _ store: TrackerDataStore, reminder: ReminderSettings?, dayStart: DayStart?, _ outcome: inout Outcome
  ) {
    do {
      // In the write's transaction: another process's change of the filter meanwhile stays.
      // The closure may run again after a wait, so `before` is the last run's, the one saved.
      var before = StoreSettings()
      let saved = try store.updateSettings { stored in
        before = stored
        stored.isOnboardingDone = true
        if let reminder { stored.reminder = reminder }
        if let dayStart { stored.dayStart = dayStart }
      }
      outcome.standardOutput += Messages.restoredSettings(before: before, after: saved)
    } catch {
      outcome.standardError += Messages.warning(Messages.onboardingNotMarked(error))
    }
  }

  /// The import refused: the file named, then every problem, a line each, whole (a conflict
  /// names every field that differs; only a file's own values are cut, at 200 characters, and a
  /// line at 4,000), then, when the file holds items the data file has with other values, how to
  /// restore it as it is into a new file; exit code 1.
  private static func refused(_ file: String, _ error: ImportFailure) -> Outcome {
    // The store refused the write (another program holds the file, a full disk): said as any
    // refused write is, in the run's language, not as a problem of the file.
    if let storeError = error.storeError {
      return Outcome(
        standardError: Messages.error(Messages.notImported(TerminalSafe.text(file)))
          + TerminalSafe.text(Messages.describe(storeError)) + "\n",
        exitCode: 1)
    }
    let conflicts = error.problems.contains { $0.reason.key == "import.differsFromStore" }
    return Outcome(
      standardError: Messages.error(Messages.notImported(TerminalSafe.text(file)))
        + Messages.problemList(
          error.problems.map { TerminalSafe.text(Messages.quoted(Messages.importProblem($0), limit: 4_000)) })
        + (conflicts ? Messages.text(.cliImportIntoHint(TerminalSafe.text(file))) + "\n" : ""),
      exitCode: 1)
  }
}
