import TrackerPreviewSupport
import TrackerStore
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
    guard let screen = ScreenName(rawValue: name) else {
      let suggestion = Suggestion.closest(to: name, among: ScreenName.allCases.map(\.rawValue))
      return .usage(
        UsageError(message: Messages.unknownScreen(name, suggestion: suggestion), command: "show"))
    }
    var outcome = Outcome()
    let flow: AppFlow
    if screen == .onboarding {
      // Onboarding shows once in the app's life; showing it never marks it done.
      flow = AppFlow(environment: settings.appEnvironment(store: InMemoryTrackerStore()))
    } else {
      guard let store = StoreOpening.open(invocation, settings, context, readOnly: true, outcome: &outcome)
      else {
        return outcome
      }
      // `show` only looks: it never writes, and it shows the screen asked for even while the
      // app itself would still open on its onboarding.
      flow = AppFlow(
        environment: settings.appEnvironment(store: ReadOnlyStore(store) { $0.isOnboardingDone = true }))
      var path = paths[screen] ?? []
      if screen == .detail {
        // The detail of the first tracker the main screen shows.
        guard let card = flow.elements.first(where: { $0.identifier.hasPrefix("card:") }) else {
          outcome.standardError += Messages.error(Messages.cannotShow(name, Messages.noTrackerToShow))
          outcome.exitCode = 1
          return outcome
        }
        path = [.tap(.identifier(card.identifier))]
      }
      for action in path {
        do {
          try flow.perform(action)
        } catch {
          outcome.standardError += Messages.error(Messages.cannotShow(name, error))
          outcome.exitCode = 1
          return outcome
        }
      }
    }
    if let alert = flow.view.alert {
      outcome.standardError += Messages.error(
        Messages.cannotShow(name, TerminalSafe.text(Messages.alertShown(alert.title, alert.message))))
      outcome.exitCode = 1
      return outcome
    }
    if invocation.has("--elements") {
      outcome.standardOutput =
        invocation.has("--json") ? ElementList.json(flow.elements) : ElementList.text(flow.elements)
      return outcome
    }
    outcome.standardOutput = ScreenRenderer(width: settings.width).render(flow.view, format: settings.format)
    return outcome
  }
}
