import Foundation
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

/// Opens the store an invocation names: the demo in memory, or the data file.
enum StoreOpening {
  /// The store, or the failure to report; a recovered broken file adds a warning to `outcome`.
  /// With `readOnly` (commands that only look: `show`, `list`, `stats`, `export`) a missing data
  /// file reads as a fresh, empty store and no file or folder is created.
  static func open(
    _ invocation: Invocation, _ settings: Settings, _ context: ToolContext, readOnly: Bool = false,
    setsBrokenFileAside: Bool = true, fullCheck: Bool = false, outcome: inout Outcome
  )
    -> (any TrackerDataStore)?
  {
    if invocation.has("--demo") {
      let demo = DemoData(today: settings.today, language: settings.demoLanguage)
      return try? InMemoryTrackerStore(
        contents: StoreContents(categories: demo.categories, trackers: demo.trackers, records: demo.records),
        settings: StoreSettings(
          isOnboardingDone: true, filter: .all, lastChosenCategoryID: demo.lastChosenCategoryID))
    }
    let path =
      invocation.options["--store"]
      ?? SQLiteTrackerStore.defaultPath(
        environment: context.environment, homeDirectory: context.homeDirectory)
    if readOnly, !FileManager.default.fileExists(atPath: path) { return InMemoryTrackerStore() }
    return reporting(&outcome) { () throws(StoreOpenError) in
      let store = try SQLiteTrackerStore(
        path: path, now: context.now, setsBrokenFileAside: setsBrokenFileAside, fullCheck: fullCheck)
      return (store, store.recovery)
    }
  }

  /// The to-do app's store (`--app todo`): the demo tasks in memory, or the data file, by default
  /// `todo.sqlite` beside the tracker's. With `readOnly` a missing file reads as an empty store
  /// and nothing is created.
  static func openTodo(
    _ invocation: Invocation, _ context: ToolContext, readOnly: Bool = false, outcome: inout Outcome
  ) -> (any TodoDataStore)? {
    if invocation.has("--demo") { return InMemoryTodoStore(TodoScenario.storedTasks) }
    let path =
      invocation.options["--store"]
      ?? SQLiteTodoStore.defaultPath(environment: context.environment, homeDirectory: context.homeDirectory)
    if readOnly, !FileManager.default.fileExists(atPath: path) { return InMemoryTodoStore() }
    return reporting(&outcome) { () throws(StoreOpenError) in
      let store = try SQLiteTodoStore(path: path, now: context.now)
      return (store, store.recovery)
    }
  }

  /// The store `open` makes; a recovered broken file adds a warning, a failure its message.
  private static func reporting<Store>(
    _ outcome: inout Outcome, _ open: () throws(StoreOpenError) -> (Store, StoreRecovery?)
  ) -> Store? {
    do {
      let (store, recovery) = try open()
      if let recovery { outcome.standardError += Messages.warning(Messages.recovered(recovery)) }
      return store
    } catch {
      outcome.standardError += Messages.error(Messages.openError(error))
      outcome.exitCode = 1
      return nil
    }
  }
}
