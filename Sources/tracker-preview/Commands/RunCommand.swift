import Foundation
import TodoStore
import TodoViewModels
import TrackerAutomation
import TrackerModels
import TrackerNetwork
import TrackerStore
import TrackerSync
import TrackerTerminal
import TrackerTextRenderer
import TrackerViewModels

/// `run`: drives the real view models of either app through the element tree, line by line.
@MainActor
enum RunCommand {
  /// How long a script waits for the to-do list's starting tasks before it gives up: far more
  /// than the loader's own timeouts, so only a loader that never answers reaches it.
  static let loadingLimit: TimeInterval = 300

  static func run(_ file: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext)
    async -> Outcome
  {
    let data: Data
    switch InputFile.read(file, isScript: true, context) {
    case .success(let read): data = read
    case .failure(let failure): return failure
    }
    let name = file == "-" ? Messages.standardInputName : file
    let script: Script
    switch Script.parse(String(decoding: data, as: UTF8.self), app: settings.app, today: settings.today) {
    case .success(let parsed): script = parsed
    case .failure(let error):
      return .failure(Messages.scriptLine(name, error.line, TerminalSafe.text(error.message)))
    }
    var outcome = Outcome()
    guard let launched = await launch(invocation, settings, context, outcome: &outcome) else {
      return outcome
    }
    return await run(script, named: name, on: launched.app, settings, outcome: outcome)
  }

  /// An app as launched on its data.
  struct Launched {
    let app: any DrivenApp
    /// Tells the app's screens when another process changed the data file (a no-op in memory):
    /// the look is a store call, handed to the app's reader like any other; what it threw goes to
    /// the closure given, on the main actor.
    let noticeChangesElsewhere:
      @MainActor (_ failed: @escaping @MainActor @Sendable (StoreError) -> Void) -> Void
    /// Starts the app's syncs by itself with a joined folder (`app` only: `run` stays
    /// deterministic); nil when its store cannot sync.
    var startSyncing: (@MainActor () -> Void)? = nil
    /// Stops them as the app closes, sending a change not sent yet.
    var stopSyncing: (@MainActor () async -> Void)? = nil
    /// The command log extensions write (`app` only): merged when its folder changes.
    var commandLog: CommandLogWatch? = nil
  }

  /// The app `settings` names on its data, as it launches (`AppFlow.launch`: its settings read
  /// off the main actor; a script's first reads awaited); nil (and the reason in `outcome`) when its
  /// store cannot be opened.
  static func launch(
    _ invocation: Invocation, _ settings: Settings, _ context: ToolContext, interactive: Bool = false,
    outcome: inout Outcome
  ) async -> Launched? {
    switch settings.app {
    case .tracker:
      guard let store = StoreOpening.open(invocation, settings, context, createsFile: true, outcome: &outcome)
      else {
        return nil
      }
      let environment = await settings.appEnvironment(store: store, waits: !interactive)
      if !interactive {
        // A script's step that waits for another program's hold says so, as a command's write
        // does (the full-screen app says "Saving…" on its bottom line instead): once in a run.
        environment.access.lockWaitBegan = Tool.sayingOnceWhatItWaitsFor(
          StoreOpening.trackerPath(invocation, context), context)
      }
      let flow = await AppFlow.launch(environment: environment)
      // A script's first line acts on the first screen as read; the interactive app draws it
      // once it has read, or at the first key (`AppCommand`).
      if !interactive { await flow.settled() }
      var launched = Launched(
        app: flow,
        noticeChangesElsewhere: { failed in
          environment.access.read { (store) throws(StoreError) in
            try (store as? SQLiteTrackerStore)?.noticeChangesElsewhere()
          } then: { looked in
            if case .failure(let error) = looked { failed(error) }
          }
        })
      if let sync = environment.sync {
        launched.startSyncing = {
          sync.startSyncingInBackground(
            observing: store, now: { Date() }, listing: SQLiteTrackerStore.syncFolderListing)
        }
        launched.stopSyncing = { await sync.stopSyncingInBackground() }
      }
      if interactive, let file = store as? SQLiteTrackerStore {
        launched.commandLog = CommandLogWatch(
          log: CommandLog(container: StoreOpening.container(invocation, context)), store: file)
      }
      return launched
    case .todo:
      guard let store = StoreOpening.openTodo(invocation, settings, context, outcome: &outcome) else {
        return nil
      }
      let loader = URLSessionTodoLoader(url: settings.todosURL)
      let environment = settings.todoEnvironment(store: store, loader: loader, waits: !interactive)
      let flow = TodoFlow(environment: environment)
      if !interactive { await flow.settled() }
      return Launched(
        app: flow,
        noticeChangesElsewhere: { failed in
          environment.access.read { (store) throws(StoreError) in
            try (store as? SQLiteTodoStore)?.noticeChangesElsewhere()
          } then: { looked in
            if case .failure(let error) = looked { failed(error) }
          }
        })
    }
  }

  private static func run(
    _ script: Script, named name: String, on app: any DrivenApp, _ settings: Settings, outcome: Outcome
  ) async -> Outcome {
    var outcome = outcome
    let renderer = ScreenRenderer(width: settings.width)
    func fail(_ line: Script.Line, _ message: String) -> Outcome {
      var failed = outcome
      let safeMessage = message.split(separator: "\n", omittingEmptySubsequences: false)
        .map { TerminalSafe.text(String($0)) }.joined(separator: "\n")
      failed.standardError +=
        Messages.error(Messages.scriptLine(name, line.number, TerminalSafe.text(Messages.quoted(line.text))))
        + "  \(safeMessage)\n" + Messages.screenWas(app.screenName) + app.render(renderer, format: .plain)
      failed.exitCode = 1
      return failed
    }
    if let alert = app.alert {
      // The app could not even read what it opens on: nothing in the script would mean anything.
      var failed = outcome
      failed.standardError += Messages.error(
        TerminalSafe.text(Messages.alertShown(alert.title, alert.message)))
      failed.exitCode = 1
      return failed
    }
    for line in script.lines {
      // Each line acts on a settled screen: the to-do list's starting tasks have come, or not.
      guard await app.loaded(within: loadingLimit) else {
        return fail(line, Messages.stillLoading(after: Int(loadingLimit)))
      }
      switch line.step {
      case .action(let action):
        do {
          try await app.performAndSettle(action)
        } catch {
          return fail(line, error.description)
        }
        // A refused save or read stops the script: the user would see this alert, not success.
        if let alert = app.alert { return fail(line, Messages.alertShown(alert.title, alert.message)) }
      case .print:
        outcome.standardOutput += app.render(renderer, format: settings.format)
      case .expectScreen(let expected):
        if app.screenName != expected {
          return fail(line, Messages.wrongScreen(expected: expected, actual: app.screenName))
        }
      case .expectText(let text):
        if !app.screenText(renderer).contains(text) { return fail(line, Messages.missingText(text)) }
      case .expectNoText(let text):
        if app.screenText(renderer).contains(text) { return fail(line, Messages.unwantedText(text)) }
      case .expectEnabled(let target), .expectDisabled(let target):
        let wantsEnabled = line.step == .expectEnabled(target)
        do {
          let element = try app.find(target)
          if element.isEnabled != wantsEnabled {
            return fail(line, Messages.elementState(element, enabled: element.isEnabled))
          }
        } catch {
          return fail(line, error.description)
        }
      case .expectChecked(let target), .expectUnchecked(let target):
        let wantsChecked = line.step == .expectChecked(target)
        do {
          let element = try app.find(target)
          guard let isChecked = element.isChecked else { return fail(line, Messages.notCheckable(element)) }
          if isChecked != wantsChecked {
            return fail(line, Messages.checkedState(element, checked: isChecked))
          }
        } catch {
          return fail(line, error.description)
        }
      }
    }
    return outcome
  }
}
