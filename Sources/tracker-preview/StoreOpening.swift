import Foundation
import TodoModels
import TodoStore
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerRecovery
import TrackerStore
import TrackerSync
import TrackerViewModels

/// Opens the store an invocation names: the demo in memory, or the data file.
enum StoreOpening {
  /// The store, or the failure to report; a recovered broken file adds a warning to `outcome`.
  /// With `readOnly` (commands that only look: `show`, `list`, `stats`, `export`, `remind`) a
  /// missing data file reads as a fresh, empty store and no file or folder is created. Without
  /// `createsFile` (`done`, `undone`, `skip`, `unskip`: they need a tracker, which a new file never
  /// has) a missing file is met the same way and only an existing one is written; `import`, `run`
  /// and `app` create it. A file that is not recognizably a Tracker store is refused untouched;
  /// only the default data file, or one that carries our marks, is set aside when broken.
  static func open(
    _ invocation: Invocation, _ settings: Settings, _ context: ToolContext, readOnly: Bool = false,
    createsFile: Bool = false, setsBrokenFileAside: Bool = true, fullCheck: Bool = false,
    outcome: inout Outcome
  )
    -> (any TrackerDataStore)?
  {
    if invocation.options.demo {
      // The demo with issue 32's measured run and three-a-week swim, so that every screen shows.
      let demo = DemoData(today: settings.today, language: settings.demoLanguage)
      return try? InMemoryTrackerStore(
        contents: demo.pacedContents,
        settings: StoreSettings(
          isOnboardingDone: true, filter: .all, lastChosenCategoryID: demo.lastChosenCategoryID),
        clock: settings.storeClock)
    }
    let defaultPath = SQLiteTrackerStore.defaultPath(
      environment: context.environment, homeDirectory: context.homeDirectory)
    let path = trackerPath(invocation, context)
    if readOnly || !createsFile, !exists(path), !SQLiteTrackerStore.salvageIsPending(at: path) {
      // The default file missing is a first use; a --store that names nothing is a typo, and
      // reading it as empty would let `export` replace a good backup with an empty one.
      guard invocation.options.store == nil || isSameFile(path, defaultPath) else {
        return missing(path, &outcome)
      }
      return InMemoryTrackerStore()
    }
    if !readOnly, !exists(path), !isSameFile(path, defaultPath), let folder = missingFolder(of: path) {
      return refuse(Messages.noFolder(folder, path), &outcome)
    }
    let store = reporting(&outcome, path, context) { () throws(StoreOpenError) in
      let store = try SQLiteTrackerStore(
        path: path, now: context.now, setsBrokenFileAside: setsBrokenFileAside, fullCheck: fullCheck,
        isDefaultFile: isSameFile(path, defaultPath), readOnly: readOnly,
        recoveredCategoryTitle: Messages.recoveredCategoryTitle, clock: settings.storeClock)
      return (store, store.recovery)
    }
    if let store, !readOnly { mergeCommandLog(into: store, invocation, context, &outcome) }
    return store
  }

  /// The folder shared with extensions: `--container`, else the data file's folder.
  static func container(_ invocation: Invocation, _ context: ToolContext) -> String {
    let folder =
      invocation.options.container ?? (trackerPath(invocation, context) as NSString).deletingLastPathComponent
    guard !folder.hasPrefix("/") else { return folder }
    return ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder) as NSString)
      .standardizingPath
  }

  /// Applies the commands extensions left in the command log (`do --via-extension`, a widget's
  /// button), once each, before a command changes the data file, as the app does when it opens:
  /// what was applied, refused or skipped is said on standard error. A log that cannot be merged
  /// is said too, and the command goes on: the commands wait in the log for the next time.
  static func mergeCommandLog(
    into store: SQLiteTrackerStore, _ invocation: Invocation, _ context: ToolContext, _ outcome: inout Outcome
  ) {
    let log = CommandLog(container: container(invocation, context))
    guard FileManager.default.fileExists(atPath: log.folder) else { return }
    do {
      let report = try log.merge(into: store)
      let localizer = Localizer(Messages.language)
      for (_, result) in report.applied.applied {
        if case .failure(let error) = result {
          outcome.standardError += Messages.warning(
            Messages.text(.cliLoggedRefused(reason: error.reason(localizer))))
        }
      }
      if !report.applied.applied.isEmpty {
        outcome.standardError +=
          Messages.text(.cliLoggedMerged(count: String(report.applied.applied.count))) + "\n"
      }
      for (file, reason) in report.skipped {
        outcome.standardError += Messages.warning(
          Messages.text(.cliLoggedSkipped(reason: reason, path: TerminalSafe.text(file))))
      }
    } catch {
      outcome.standardError += Messages.warning(Messages.text(.cliLoggedFailed(reason: "\(error)")))
    }
  }

  /// The store, as `open` gives it, with the settings' "today" as its day start hour counts it
  /// (`list`, `done`, `skip`, `stats`, `remind`); nil with the failure in `outcome`.
  static func openForToday(
    _ invocation: Invocation, _ settings: Settings, _ context: ToolContext, readOnly: Bool = false,
    createsFile: Bool = false, outcome: inout Outcome
  ) -> (store: any TrackerDataStore, settings: Settings)? {
    guard
      let store = open(
        invocation, settings, context, readOnly: readOnly, createsFile: createsFile, outcome: &outcome)
    else {
      return nil
    }
    do {
      return (store, try settings.following(store))
    } catch {
      outcome = .failure(Messages.unreadableData(error))
      return nil
    }
  }

  /// The tracker named `name` (case ignored), else the one whose name looks like it (a kept name
  /// with an invisible character, `NameRules.visibleKey`), or the failure that says none is, with
  /// the nearest.
  static func tracker(named name: String, in summaries: [TrackerSummary]) -> Result<TrackerSummary, Outcome> {
    let key = NameRules.comparisonKey(name)
    if let summary = summaries.first(where: { NameRules.comparisonKey($0.tracker.name) == key }) {
      return .success(summary)
    }
    let visible = NameRules.visibleKey(name)
    let lookAlikes = summaries.filter { NameRules.visibleKey($0.tracker.name) == visible }
    if lookAlikes.count == 1 { return .success(lookAlikes[0]) }
    let suggestion = Suggestion.closest(to: name, among: summaries.map(\.tracker.name))
    return .failure(.failure(TerminalSafe.text(Messages.noSuchTracker(name, suggestion: suggestion))))
  }

  /// The tracker called `name` in `store`, or the failure to report: none is (with the nearest),
  /// or the data cannot be read.
  static func tracker(named name: String, in store: any TrackerDataStore) -> Result<Tracker, Outcome> {
    do {
      return tracker(named: name, in: try store.trackers()).map(\.tracker)
    } catch {
      return .failure(.failure(Messages.unreadableData(error)))
    }
  }

  /// The tracker's data file the invocation names: `--store`, else the default one.
  static func trackerPath(_ invocation: Invocation, _ context: ToolContext) -> String {
    invocation.options.store
      ?? SQLiteTrackerStore.defaultPath(
        environment: context.environment, homeDirectory: context.homeDirectory)
  }

  /// The to-do app's store (`--app todo`): the demo tasks in memory (the user's written in the
  /// run's language, as the tracker's demo is), or the data file, by default `todo.sqlite` beside
  /// the tracker's. With `readOnly` a missing file reads as an empty store and nothing is created.
  static func openTodo(
    _ invocation: Invocation, _ settings: Settings, _ context: ToolContext, readOnly: Bool = false,
    outcome: inout Outcome
  ) -> (any TodoDataStore)? {
    if invocation.options.demo { return InMemoryTodoStore(TodoScenario.storedTasks(in: settings.language)) }
    let defaultPath = SQLiteTodoStore.defaultPath(
      environment: context.environment, homeDirectory: context.homeDirectory)
    let path = invocation.options.store ?? defaultPath
    if readOnly, !exists(path), !SQLiteTodoStore.salvageIsPending(at: path) {
      guard invocation.options.store == nil || isSameFile(path, defaultPath) else {
        return missing(path, &outcome)
      }
      return InMemoryTodoStore()
    }
    if !readOnly, !exists(path), !isSameFile(path, defaultPath), let folder = missingFolder(of: path) {
      return refuse(Messages.noFolder(folder, path), &outcome)
    }
    return reporting(&outcome, path, context) { () throws(StoreOpenError) in
      let store = try SQLiteTodoStore(
        path: path, now: context.now, isDefaultFile: isSameFile(path, defaultPath), readOnly: readOnly)
      return (store, store.recovery)
    }
  }

  /// The refusal of a `--store` that names no file, for a command that only reads.
  private static func missing<Store>(_ path: String, _ outcome: inout Outcome) -> Store? {
    refuse(Messages.noDataFile(path), &outcome)
  }

  /// No store: `message` is the error, exit code 1.
  private static func refuse<Store>(_ message: String, _ outcome: inout Outcome) -> Store? {
    outcome.standardError += Messages.error(message)
    outcome.exitCode = 1
    return nil
  }

  /// The folder that should hold the new file `path`, when it plainly does not exist: only the
  /// default data file's folders are ever made, so a --store in a missing folder (a typo) is
  /// refused before anything is created. A file where a folder should be, or a folder that cannot
  /// be looked into, goes on to the store, which says why.
  private static func missingFolder(of path: String) -> String? {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty else { return nil }
    var info = stat()
    return stat(folder, &info) != 0 && errno == ENOENT ? folder : nil
  }

  /// Whether `path` is anything but plainly missing: a link to nothing, or a path the system will
  /// not look into, goes to the store, which says what is wrong with it.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 || errno != ENOENT
  }

  /// Whether `path` names the default data file `defaultPath` (however it is spelled).
  private static func isSameFile(_ path: String, _ defaultPath: String) -> Bool {
    URL(fileURLWithPath: path).standardizedFileURL.path
      == URL(fileURLWithPath: defaultPath).standardizedFileURL.path
  }

  /// The store `open` makes; a recovered broken file adds a warning, a failure its message.
  private static func reporting<Store>(
    _ outcome: inout Outcome, _ path: String, _ context: ToolContext,
    _ open: () throws(StoreOpenError) -> (Store, StoreRecovery?)
  ) -> Store? {
    do {
      // Opening waits for another program that holds the file in rollback journal mode (to read
      // it, to put it back in WAL mode): said at once, as a write's wait is (`Tool`).
      let (store, recovery) = try StoreLockWait.reporting(
        to: Tool.sayingOnceWhatItWaitsFor(path, context), open)
      if let recovery { outcome.standardError += Messages.warning(Messages.recovered(recovery)) }
      return store
    } catch {
      outcome.standardError += Messages.error(Messages.openError(error))
      outcome.exitCode = 1
      return nil
    }
  }
}
