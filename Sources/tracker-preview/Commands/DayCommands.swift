import Foundation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerViewModels

/// `list`: the trackers shown on a day, in the main screen's order, done or not.
@MainActor
enum ListCommand {
  static func run(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext) -> Outcome {
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, readOnly: true, outcome: &outcome)
    else {
      return outcome
    }
    // The main screen itself, read-only, with every tracker of the day (no remembered filter).
    let readOnly = ReadOnlyStore(store) {
      $0.isOnboardingDone = true
      $0.filter = .all
    }
    let screen = TrackersViewModel(environment: settings.appEnvironment(store: readOnly))
    screen.daySelected(settings.date)
    let streaks: [UUID: Int]
    let counts: [UUID: Int]
    do {
      let summaries = try store.trackers()
      let statistics = try store.statistics(asOf: settings.today)
      streaks = Dictionary(uniqueKeysWithValues: statistics.trackers.map { ($0.trackerID, $0.currentStreak) })
      // Records up to today, as the card counts them (a backup may carry a day not yet come).
      let completed = Dictionary(
        uniqueKeysWithValues: statistics.trackers.map { ($0.trackerID, $0.completed) })
      counts = Dictionary(
        uniqueKeysWithValues: summaries.map { ($0.tracker.id, completed[$0.tracker.id] ?? 0) })
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    if let alert = screen.state.alert {
      return .failure(TerminalSafe.text(Messages.alertShown(alert.title, alert.message)))
    }
    let sections = screen.state.sections
    if invocation.has("--json") {
      outcome.standardOutput = JSONWriter.write(
        .object([
          ("date", .string(settings.date.iso)),
          (
            "sections",
            .array(
              sections.map { section in
                .object([
                  ("title", .string(section.title)),
                  (
                    "trackers",
                    .array(
                      section.cards.map { card in
                        .object([
                          ("id", .string(card.id.uuidString)), ("name", .string(card.name)),
                          ("emoji", .string(card.emoji)), ("done", .bool(card.isCompleted)),
                          ("completed", .int(counts[card.id] ?? 0)),
                          ("currentStreak", .int(streaks[card.id] ?? 0)),
                        ])
                      })
                  ),
                ])
              })
          ),
        ]))
      return outcome
    }
    let localizer = Localizer(settings.language)
    var lines = [screen.state.title + " · " + screen.state.dateText]
    if sections.isEmpty, let placeholder = screen.state.placeholder { lines.append(placeholder.text) }
    for section in sections {
      lines.append("")
      lines.append(TerminalSafe.text(section.title))
      for card in section.cards {
        let streak = streaks[card.id] ?? 0
        lines.append(
          "  [\(card.isCompleted ? "✓" : " ")] \(TerminalSafe.text(card.emoji)) \(TerminalSafe.text(card.name)): "
            + "\(card.dayCounter); \(localizer.text(.statisticsStreakCurrent)) "
            + localizer.plural(.days, count: streak))
      }
    }
    outcome.standardOutput = lines.joined(separator: "\n") + "\n"
    return outcome
  }
}

/// `done <name>` / `undone <name>`: idempotent marks for a day, safe to repeat from cron.
@MainActor
enum MarkCommand {
  static func run(
    _ name: String, done: Bool, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext
  ) -> Outcome {
    let localizer = Localizer(settings.language)
    let dateText = localizer.shortDate(
      year: settings.date.components.year, month: settings.date.components.month,
      day: settings.date.components.day)
    guard settings.date <= settings.today else { return .failure(Messages.futureDay(dateText)) }
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, outcome: &outcome) else {
      return outcome
    }
    do {
      let summaries = try store.trackers()
      let key = NameRules.comparisonKey(name)
      guard let summary = summaries.first(where: { NameRules.comparisonKey($0.tracker.name) == key }) else {
        let suggestion = Suggestion.closest(to: name, among: summaries.map(\.tracker.name))
        return .failure(TerminalSafe.text(Messages.noSuchTracker(name, suggestion: suggestion)))
      }
      let tracker = summary.tracker
      // The detail's grid ticks the same days (docs/rules.md, "Ticking a day").
      guard tracker.canBeTicked(on: settings.date, today: settings.today) else {
        return .failure(TerminalSafe.text(Messages.notScheduled(tracker.name, dateText)))
      }
      let isDone = try store.completedTrackerIDs(on: settings.date).contains(tracker.id)
      if isDone != done {
        do {
          try store.toggleRecord(trackerID: tracker.id, on: settings.date)
        } catch {
          return .failure(Messages.notSaved(error))
        }
      }
      outcome.standardOutput += Messages.marked(
        TerminalSafe.text(tracker.name), done: done, on: dateText, already: isDone == done)
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }
}
