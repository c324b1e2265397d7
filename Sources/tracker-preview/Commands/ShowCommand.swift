import TrackerPreviewSupport
import TrackerStore
import TrackerTerminal
import TrackerTextRenderer
import TrackerViewModels

/// One screen, of the demo or of the data file, reached the way a user reaches it.
@MainActor
enum ShowCommand {
  /// How to reach each screen from the main screen.
  static let paths: [ScreenName: [UserAction]] = [
    .trackers: [],
    .typePicker: [.tap(.identifier("add"))],
    .trackerForm: [.tap(.identifier("add")), .tap(.identifier("habit"))],
    .categories: [.tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("category"))],
    .categoryForm: [
      .tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("category")),
      .tap(.identifier("add-category")),
    ],
    .schedule: [.tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("schedule"))],
    .filters: [.tap(.identifier("filters"))],
    .calendar: [.tap(.identifier("date"))],
    .statistics: [.tap(.identifier("tab-statistics"))],
    .settings: [.tap(.identifier("tab-settings"))],
    .permission: [.tap(.identifier("tab-settings")), .tap(.identifier("reminder"))],
    .timePicker: [.tap(.identifier("tab-settings")), .tap(.identifier("reminder-time"))],
    // .detail: the first card of the main screen (see `run`).
  ]

  static func run(_ name: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext)
    -> Outcome
  {
    guard settings.app.screens.contains(name) else {
      return .usage(UsageError(message: Messages.unknownScreen(name, of: settings.app), command: "show"))
    }
    var outcome = Outcome()
    let reached: Result<any DrivenApp, Outcome>
    switch settings.app {
    case .tracker: reached = trackerScreen(name, invocation, settings, context, outcome: &outcome)
    case .todo: reached = todoScreen(name, invocation, settings, context, outcome: &outcome)
    }
    let app: any DrivenApp
    switch reached {
    case .success(let shown): app = shown
    case .failure(let failure): return failure
    }
    if let alert = app.alert {
      outcome.standardError += Messages.error(
        Messages.cannotShow(name, TerminalSafe.text(Messages.alertShown(alert.title, alert.message))))
      outcome.exitCode = 1
      return outcome
    }
    if invocation.has("--elements") {
      outcome.standardOutput =
        invocation.has("--json") ? ElementList.json(app.elements) : ElementList.text(app.elements)
      return outcome
    }
    outcome.standardOutput = app.render(ScreenRenderer(width: settings.width), format: settings.format)
    return outcome
  }

  /// The tracker's screen `name`, reached from the main screen.
  private static func trackerScreen(
    _ name: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext,
    outcome: inout Outcome
  ) -> Result<any DrivenApp, Outcome> {
    let screen = ScreenName(rawValue: name) ?? .trackers
    if screen == .onboarding {
      // Onboarding shows once in the app's life; showing it never marks it done.
      return .success(AppFlow(environment: settings.appEnvironment(store: InMemoryTrackerStore())))
    }
    guard let store = StoreOpening.open(invocation, settings, context, readOnly: true, outcome: &outcome)
    else {
      return .failure(outcome)
    }
    // `show` only looks: it never writes, and it shows the screen asked for even while the
    // app itself would still open on its onboarding.
    let flow = AppFlow(
      environment: settings.appEnvironment(store: ReadOnlyStore(store) { $0.isOnboardingDone = true }))
    var path = paths[screen] ?? []
    if screen == .detail {
      // The detail of the first tracker the main screen shows.
      guard let card = flow.elements.first(where: { $0.identifier.hasPrefix("card:") }) else {
        return .failure(cannotShow(name, Messages.noTrackerToShow, outcome))
      }
      path = [.tap(.identifier(card.identifier))]
    }
    return follow(path, on: flow, toShow: name, outcome)
  }

  /// The to-do app's screen `name`: the list as stored (never loading: `show` does not reach the
  /// network, so an empty store shows "No tasks yet"), the new task form, or the first task's
  /// edit screen.
  private static func todoScreen(
    _ name: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext,
    outcome: inout Outcome
  ) -> Result<any DrivenApp, Outcome> {
    guard let store = StoreOpening.openTodo(invocation, context, readOnly: true, outcome: &outcome) else {
      return .failure(outcome)
    }
    let flow = TodoFlow(
      environment: settings.todoEnvironment(
        store: ReadOnlyTodoStore(store), loader: CannedTodoLoader(.success([]))))
    guard flow.waitWhileLoading(timeout: RunCommand.loadingLimit) else {
      return .failure(cannotShow(name, Messages.stillLoading(after: Int(RunCommand.loadingLimit)), outcome))
    }
    var path: [UserAction] = []
    switch TodoFlow.Screen(rawValue: name) ?? .todos {
    case .todos: break
    case .todoForm: path = [.tap(.identifier("add"))]
    case .todoEdit:
      guard let row = flow.elements.first(where: { $0.identifier.hasPrefix("todo:") }) else {
        return .failure(cannotShow(name, Messages.noTaskToShow, outcome))
      }
      path = [.tap(.identifier(row.identifier))]
    }
    return follow(path, on: flow, toShow: name, outcome)
  }

  private static func follow(
    _ path: [UserAction], on app: any DrivenApp, toShow name: String, _ outcome: Outcome
  )
    -> Result<any DrivenApp, Outcome>
  {
    for action in path {
      do {
        try app.perform(action)
      } catch {
        return .failure(cannotShow(name, error, outcome))
      }
    }
    return .success(app)
  }

  private static func cannotShow(_ name: String, _ reason: CustomStringConvertible, _ outcome: Outcome)
    -> Outcome
  {
    var failed = outcome
    failed.standardError += Messages.error(Messages.cannotShow(name, reason))
    failed.exitCode = 1
    return failed
  }
}
