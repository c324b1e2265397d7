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
    do {
      let store = try SQLiteTrackerStore(
        path: path, now: context.now, setsBrokenFileAside: setsBrokenFileAside, fullCheck: fullCheck)
      if let recovery = store.recovery {
        outcome.standardError += Messages.warning(Messages.recovered(recovery))
      }
      return store
    } catch {
      outcome.standardError += Messages.error(Messages.openError(error))
      outcome.exitCode = 1
      return nil
    }
  }
}
