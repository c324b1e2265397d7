import TodoViewModels
import TrackerAutomation
import TrackerModels
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
    .dayStart: [.tap(.identifier("tab-settings")), .tap(.identifier("day-start"))],
    // .detail: the first card of the main screen (see `run`).
  ]

  static func run(_ name: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext)
    async -> Outcome
  {
    if let link = invocation.options.url {
      var outcome = Outcome()
      let opened = await openingLink(link, invocation, settings, context, &outcome)
      return present(opened, as: link, outcome, invocation, settings)
    }
    guard settings.app.screens.contains(name) else {
      return .usage(UsageError(message: Messages.unknownScreen(name, of: settings.app), command: "show"))
    }
    var outcome = Outcome()
    let reached: Result<any DrivenApp, Outcome>
    switch settings.app {
    case .tracker: reached = await trackerScreen(name, invocation, settings, context, outcome: &outcome)
    case .todo: reached = await todoScreen(name, invocation, settings, context, outcome: &outcome)
    }
    return present(reached, as: name, outcome, invocation, settings)
  }

  /// The screen reached (or why none was), drawn or listed; a screen under an alert is an error
  /// that says the alert.
  private static func present(
    _ reached: Result<any DrivenApp, Outcome>, as name: String, _ outcome: Outcome, _ invocation: Invocation,
    _ settings: Settings
  ) -> Outcome {
    var outcome = outcome
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
    if invocation.options.elements {
      outcome.standardOutput =
        invocation.options.json ? ElementList.json(app.elements) : ElementList.text(app.elements)
      return outcome
    }
    outcome.standardOutput = app.render(ScreenRenderer(width: settings.width), format: settings.format)
    return outcome
  }

  /// The tracker's screen `name`, reached from the main screen.
  private static func trackerScreen(
    _ name: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext,
    outcome: inout Outcome
  ) async -> Result<any DrivenApp, Outcome> {
    let screen = ScreenName(rawValue: name) ?? .trackers
    if screen == .onboarding {
      // Onboarding shows once in the app's life; showing it never marks it done.
      let flow = await AppFlow.launch(
        environment: await settings.appEnvironment(store: InMemoryTrackerStore()))
      await flow.settled()
      return .success(flow)
    }
    guard
      let (flow, store) = await lookingFlow(
        reachableSettings(screen), invocation, settings, context, &outcome)
    else {
      return .failure(outcome)
    }
    var path = paths[screen] ?? []
    let onScreen = Set(flow.elements.map(\.identifier))
    switch screen {
    case .detail:
      // The detail of the first tracker the main screen shows; on a day that shows none, of the
      // first tracker by name (its grid as of today).
      if let card = flow.elements.first(where: { if case .card = $0.identifier { true } else { false } }) {
        path = [.tap(.identifier(card.id))]
        break
      }
      let trackers: [TrackerSummary]
      do {
        trackers = try store.trackers()
      } catch {
        return .failure(cannotShow(name, Messages.describe(error), outcome))
      }
      guard let first = Collation.root.sorted(trackers, by: \.tracker.name).first else {
        return .failure(cannotShow(name, Messages.noTrackerToShow, outcome))
      }
      return await send(.openDetail(trackerID: first.tracker.id), to: flow, toShow: name, outcome)
    // Issue 32: the amount sheet of the first measurable tracker by name, the note sheet of the
    // first tracker by name with a note that day among the cards shown, else of the first tracker
    // by name; on the selected date.
    case .amount, .note:
      let trackers: [TrackerSummary]
      var noted: Set<String> = []
      do {
        trackers = try store.trackers()
        if screen == .note, case .trackers(let main) = flow.view.base {
          let day = main.selectedDay
          let shown = Set(flow.elements.compactMap(\.subjectID))
          noted = Set(try store.notes(on: day).map(\.trackerID.uuidString)).intersection(shown)
        }
      } catch {
        return .failure(cannotShow(name, Messages.describe(error), outcome))
      }
      let candidates =
        screen == .amount
        ? trackers.filter { $0.tracker.measure.goal != nil }
        : noted.isEmpty ? trackers : trackers.filter { noted.contains($0.tracker.id.uuidString) }
      guard let first = Collation.root.sorted(candidates, by: \.tracker.name).first else {
        return .failure(
          cannotShow(
            name, screen == .amount ? Messages.noMeasurableTrackerToShow : Messages.noTrackerToShow, outcome))
      }
      if screen == .amount {
        return await send(.toggleCompletion(trackerID: first.tracker.id), to: flow, toShow: name, outcome)
      }
      if case .failure(let failure) = await send(
        .openCardMenu(trackerID: first.tracker.id), to: flow, toShow: name, outcome)
      {
        return .failure(failure)
      }
      return await send(.openNote, to: flow, toShow: name, outcome)
    case .filters where !onScreen.contains(.filters):
      // The button hides on a day without trackers; the sheet still shows, as it would open.
      return await send(.openFilters, to: flow, toShow: name, outcome)
    case .onboarding, .trackers, .typePicker, .trackerForm, .categories, .categoryForm, .schedule, .filters,
      .calendar, .statistics, .settings, .permission, .timePicker, .dayStart:
      break
    }
    return await follow(path, on: flow, toShow: name, outcome)
  }

  /// The tracker on the data file (or the demo) as `show` sees it: it only looks, never writes,
  /// and shows the screen asked for even while the app itself would still open on its
  /// onboarding, or while the reminder is in the state from which the screen cannot be reached
  /// (`reachable`: a sheet shows the setting as stored).
  private static func lookingFlow(
    _ reachable: @escaping @Sendable (inout StoreSettings) -> Void, _ invocation: Invocation,
    _ settings: Settings, _ context: ToolContext, _ outcome: inout Outcome
  ) async -> (AppFlow, any TrackerDataStore)? {
    guard let store = StoreOpening.open(invocation, settings, context, readOnly: true, outcome: &outcome)
    else { return nil }
    let flow = await AppFlow.launch(
      environment: await settings.appEnvironment(
        store: ReadOnlyStore(store) {
          $0.isOnboardingDone = true
          reachable(&$0)
        }, syncing: store as? SQLiteTrackerStore))
    await flow.settled()
    return (flow, store)
  }

  /// The screen `link` opens (`show --url`), as a client's `onOpenURL` opens it.
  private static func openingLink(
    _ link: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext,
    _ outcome: inout Outcome
  ) async -> Result<any DrivenApp, Outcome> {
    guard settings.app == .tracker else { return .failure(cannotShow(link, Messages.linkInTodo, outcome)) }
    let opened: DeepLink
    do throws(DeepLinkError) {
      opened = try DeepLink(link)
    } catch {
      return .failure(cannotShow(link, Messages.linkRefused(error), outcome))
    }
    guard let (flow, _) = await lookingFlow({ _ in }, invocation, settings, context, &outcome) else {
      return .failure(outcome)
    }
    do throws(DeepLinkError) {
      try flow.open(opened)
    } catch {
      return .failure(cannotShow(link, Messages.linkRefused(error), outcome))
    }
    await flow.settled()
    // A name no habit has: the nearest name is suggested, as `done` suggests it.
    if case .habit(.name(let name)) = opened, let alert = flow.view.alert,
      case .success(let names) = await flow.environment.access.read({ (store) throws(StoreError) in
        try store.trackers().map(\.tracker.name)
      }),
      let suggestion = Suggestion.closest(to: name, among: names)
    {
      var words = alert.message
      if words.hasSuffix(".") { words.removeLast() }
      let said = TerminalSafe.text(Messages.alertShown(alert.title, words + Messages.didYouMean(suggestion)))
      return .failure(cannotShow(link, said, outcome))
    }
    return .success(flow)
  }

  /// The settings under which the path to `screen` leads there, whatever is stored: the time
  /// sheet opens from the time row, which shows only while the reminder is on (the sheet then
  /// shows the stored time); the explanation opens when the reminder is turned on, so it needs
  /// it off and never allowed before.
  static func reachableSettings(_ screen: ScreenName) -> @Sendable (inout StoreSettings) -> Void {
    switch screen {
    case .timePicker: return { $0.reminder.isOn = true }
    case .permission: return { $0.reminder.isOn = false }
    case .onboarding, .trackers, .typePicker, .trackerForm, .categories, .categoryForm, .schedule, .filters,
      .calendar, .statistics, .detail, .settings, .dayStart, .amount, .note:
      return { _ in }
    }
  }

  /// The to-do app's screen `name`: the list as stored (never loading: `show` does not reach the
  /// network, so an empty store shows "No tasks yet"), the new task form, or the first task's
  /// edit screen.
  private static func todoScreen(
    _ name: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext,
    outcome: inout Outcome
  ) async -> Result<any DrivenApp, Outcome> {
    guard let store = StoreOpening.openTodo(invocation, settings, context, readOnly: true, outcome: &outcome)
    else {
      return .failure(outcome)
    }
    let flow = TodoFlow(
      environment: settings.todoEnvironment(
        store: ReadOnlyTodoStore(store), loader: CannedTodoLoader(.success([]))))
    guard await flow.loaded(within: RunCommand.loadingLimit) else {
      return .failure(cannotShow(name, Messages.stillLoading(after: Int(RunCommand.loadingLimit)), outcome))
    }
    var path: [UserAction] = []
    switch TodoFlow.Screen(rawValue: name) ?? .todos {
    case .todos: break
    case .todoForm: path = [.tap(.identifier("add"))]
    case .todoEdit:
      guard let row = flow.elements.first(where: { if case .todo = $0.identifier { true } else { false } })
      else {
        return .failure(cannotShow(name, Messages.noTaskToShow, outcome))
      }
      path = [.tap(.identifier(row.id))]
    }
    return await follow(path, on: flow, toShow: name, outcome)
  }

  /// The flow after `action`, sent as its element would send it.
  private static func send(
    _ action: TrackerAction, to flow: AppFlow, toShow name: String, _ outcome: Outcome
  ) async -> Result<any DrivenApp, Outcome> {
    do {
      try await flow.sendAndSettle(action)
    } catch {
      return .failure(cannotShow(name, error, outcome))
    }
    return .success(flow)
  }

  private static func follow(
    _ path: [UserAction], on app: any DrivenApp, toShow name: String, _ outcome: Outcome
  ) async -> Result<any DrivenApp, Outcome> {
    for action in path {
      do {
        try await app.performAndSettle(action)
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
