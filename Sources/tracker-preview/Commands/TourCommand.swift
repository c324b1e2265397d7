import TodoStore
import TodoViewModels
import TrackerAutomation
import TrackerLocalization
import TrackerPreviewSupport
import TrackerStore
import TrackerTerminal
import TrackerTextRenderer
import TrackerViewModels

/// Every screen in the order a new user meets them, each under a one-line caption.
@MainActor
enum TourCommand {
  static let steps: [(scenario: String, caption: TextKey)] = [
    ("onboarding-page1", .tourOnboarding1), ("onboarding-page2", .tourOnboarding2),
    ("trackers-empty", .tourTrackersEmpty), ("type-picker", .tourTypePicker),
    ("tracker-form-empty", .tourFormEmpty),
    ("categories-empty", .tourCategoriesEmpty), ("category-form", .tourCategoryForm),
    ("schedule", .tourSchedule),
    ("tracker-form-filled", .tourFormFilled), ("trackers-filled", .tourTrackersFilled),
    ("detail", .tourDetail), ("detail-day-ticked", .tourDetailTicked),
    ("filters", .tourFilters),
    ("trackers-filter-completed", .tourFilterCompleted), ("trackers-context-menu", .tourContextMenu),
    ("trackers-day-off-taken", .tourDayOff), ("detail-day-off", .tourDetailDayOff),
    // Issue 32: the demo's measured run and three-a-week swim, the amount and note sheets.
    ("trackers-paced", .tourPaced), ("amount", .tourAmount), ("note-filled", .tourNote),
    ("detail-measured", .tourMeasuredDetail),
    ("calendar", .tourCalendar), ("categories-checked", .tourCategoriesChecked),
    ("statistics", .tourStatistics),
    ("settings", .tourSettings), ("permission", .tourPermission), ("settings-reminder-on", .tourReminderOn),
    ("time-picker-invalid", .tourTimePicker), ("day-start", .tourDayStart),
  ]

  /// The to-do app's tour (`--app todo`).
  static let todoSteps: [(scenario: String, caption: TextKey)] = [
    ("todos-loading", .tourTodosLoading), ("todos-error", .tourTodosError),
    ("todos-loaded", .tourTodosLoaded),
    ("todo-form", .tourTodoForm), ("todos-added", .tourTodosList), ("todo-edit", .tourTodoEdit),
    ("todos-delete-question", .tourTodoDelete),
  ]

  static func run(_ settings: Settings) async -> Outcome {
    let localizer = Localizer(settings.language)
    let renderer = ScreenRenderer(width: settings.width)
    let chosen = settings.app == .tracker ? steps : todoSteps
    var output = ""
    for (index, step) in chosen.enumerated() {
      do {
        let app = try await reach(step.scenario, settings)
        let caption = "\(index + 1)/\(chosen.count) · \(localizer.text(step.caption))"
        output += settings.format.encode(
          TextFitting.wrap(caption, to: settings.width).map { StyledLine($0, Style(.accent, bold: true)) })
        output += settings.format.encode([StyledLine(String(repeating: "═", count: settings.width), .border)])
        output += app.render(renderer, format: settings.format) + "\n"
      } catch {
        return .failure(Messages.tourStuck(step.scenario, String(describing: error)))
      }
    }
    return Outcome(standardOutput: output)
  }

  /// The app in the state the scenario `name` describes, on data in memory.
  private static func reach(_ name: String, _ settings: Settings) async throws -> any DrivenApp {
    if let scenario = ScreenScenario.named(name) {
      return try await scenario.run(environment: await Tool.scenarioEnvironment(settings))
    }
    guard let scenario = TodoScenario.named(name) else { throw TourError.noScenario }
    // A canned answer comes on the main actor's next turn; "never" stays loading, as it should.
    return try await scenario.run(language: settings.language, loadingWithin: RunCommand.loadingLimit)
  }

  private enum TourError: Error {
    case noScenario
  }
}
