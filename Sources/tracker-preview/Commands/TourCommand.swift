import TrackerLocalization
import TrackerPreviewSupport
import TrackerStore
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
    ("calendar", .tourCalendar), ("categories-checked", .tourCategoriesChecked),
    ("statistics", .tourStatistics),
    ("settings", .tourSettings), ("permission", .tourPermission), ("settings-reminder-on", .tourReminderOn),
    ("time-picker-invalid", .tourTimePicker),
  ]

  static func run(_ settings: Settings) -> Outcome {
    let localizer = Localizer(settings.language)
    let renderer = ScreenRenderer(width: settings.width)
    var output = ""
    for (index, step) in steps.enumerated() {
      guard let scenario = ScreenScenario.named(step.scenario) else { continue }
      do {
        let flow = try scenario.run(environment: Tool.scenarioEnvironment(settings))
        let caption = "\(index + 1)/\(steps.count) · \(localizer.text(step.caption))"
        output += settings.format.encode(
          TextFitting.wrap(caption, to: settings.width).map { StyledLine($0, Style(.accent, bold: true)) })
        output += settings.format.encode([StyledLine(String(repeating: "═", count: settings.width), .border)])
        output += renderer.render(flow.view, format: settings.format) + "\n"
      } catch {
        return .failure(Messages.tourStuck(step.scenario, String(describing: error)))
      }
    }
    return Outcome(standardOutput: output)
  }
}
