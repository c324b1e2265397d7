import Foundation
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// `widget`: today's habits as a widget of a family shows them (`WidgetSnapshot`), drawn as text,
/// or, with `--json`, the snapshot the app writes for its widgets (`WidgetFeed`).
@MainActor
enum WidgetCommand {
  static func run(_ invocation: Invocation, _ given: Settings, _ context: ToolContext) async -> Outcome {
    var outcome = Outcome()
    // The main screen on today, as the feed's: every habit, whatever filter it remembers.
    guard let (_, settings, screen) = await ListCommand.mainScreen(invocation, given, context, &outcome)
    else {
      return outcome
    }
    let environment = screen.environment
    if let alert = screen.state.alert {
      return .failure(TerminalSafe.text(Messages.alertShown(alert.title, alert.message)))
    }
    let family = invocation.options.family ?? .medium
    guard let snapshot = WidgetSnapshot.make(from: screen, family: family) else {
      return .failure(Messages.unreadableData(StoreError.storage(StorageFailure(.other, detail: "no read"))))
    }
    if invocation.options.json {
      outcome.standardOutput = String(decoding: snapshot.json(), as: UTF8.self) + "\n"
      return outcome
    }
    outcome.standardOutput = draw(snapshot, environment, settings.language).joined(separator: "\n") + "\n"
    return outcome
  }

  /// The widget as text: the day's progress, then a line per habit, then how long it holds.
  static func draw(_ snapshot: WidgetSnapshot, _ environment: AppEnvironment, _ language: Language)
    -> [String]
  {
    let localizer = Localizer(language)
    var lines = [snapshot.title + " · " + snapshot.progressText]
    if snapshot.family == .accessory {
      let shown = min(snapshot.dueCount, 10)
      let filled = snapshot.dueCount == 0 ? 0 : shown * snapshot.doneCount / snapshot.dueCount
      lines.append(String(repeating: "▰", count: filled) + String(repeating: "▱", count: shown - filled))
    } else if snapshot.rows.isEmpty {
      lines.append(localizer.text(.widgetNothingDue))
    }
    for row in snapshot.rows {
      let mark = row.isDone ? "✓" : row.isDayOff ? "–" : " "
      let parts = [row.progressText, row.streakText].compactMap { $0 }.map(TerminalSafe.text)
      lines.append(
        "[\(mark)] \(TerminalSafe.text(row.emoji)) \(TerminalSafe.text(row.name))"
          + parts.map { " · " + $0 }.joined())
    }
    if snapshot.family != .accessory, snapshot.moreCount > 0 {
      lines.append(localizer.text(.widgetMore(count: String(snapshot.moreCount))))
    }
    let next = environment.today.adding(days: 1)
    let time = String(format: "%02d:00", environment.dayStart.hour)
    lines.append(localizer.text(.widgetValidUntil(time: DateText.long(next, language) + ", " + time)))
    return lines
  }
}
