import Foundation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerViewModels

/// `list`: the trackers shown on a day, in the main screen's order, done or not.
@MainActor
enum ListCommand {
  static func run(_ invocation: Invocation, _ given: Settings, _ context: ToolContext) -> Outcome {
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, readOnly: true, outcome: &outcome)
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
    if invocation.options.json {
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
                          ("dayOff", .bool(card.isDayOff)),
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
    // The date as every message writes it (the screen's own "11/30/26" is not what --date reads).
    var lines = [screen.state.title + " · " + DateText.long(settings.date, settings.language)]
    if sections.isEmpty, let placeholder = screen.state.placeholder { lines.append(placeholder.text) }
    for section in sections {
      lines.append("")
      lines.append(TerminalSafe.text(section.title))
      for card in section.cards {
        let streak = streaks[card.id] ?? 0
        lines.append(
          "  [\(card.isCompleted ? "✓" : card.isDayOff ? "–" : " ")] \(TerminalSafe.text(card.emoji)) \(TerminalSafe.text(card.name)): "
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
    _ name: String, done: Bool, _ invocation: Invocation, _ given: Settings, _ context: ToolContext
  ) -> Outcome {
    func text(_ day: Day) -> String { DateText.long(day, given.language) }
    // A date after today by any day start is refused before the file is touched.
    guard given.date <= given.today else { return .failure(Messages.futureDay(text(given.date))) }
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, outcome: &outcome)
    else {
      return outcome
    }
    let dateText = text(settings.date)
    // Before the day start hour it is still the day before: today's date is not yet marked.
    guard settings.date <= settings.today else { return .failure(Messages.futureDay(dateText)) }
    do {
      let summaries = try store.trackers()
      let summary: TrackerSummary
      switch StoreOpening.tracker(named: name, in: summaries) {
      case .success(let found): summary = found
      case .failure(let failure): return failure
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

/// `skip <name>|--all` / `unskip …`: days off (a vacation, an illness) for one day or a range,
/// idempotent like `done`. In a range only the days each tracker is shown count; one day the
/// tracker is not shown is refused.
@MainActor
enum SkipCommand {
  /// The longest range taken at once: a year, so a typo never writes thousands of rows.
  static let longestRange = 366

  static func run(
    _ name: String?, off: Bool, _ invocation: Invocation, _ given: Settings, _ context: ToolContext
  ) -> Outcome {
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, outcome: &outcome)
    else {
      return outcome
    }
    func text(_ day: Day) -> String { DateText.long(day, settings.language) }
    let days: [Day]
    switch range(invocation, settings) {
    case .success(let range): days = range
    case .failure(let error): return .usage(error)
    }
    let dates = days.count == 1 ? text(days[0]) : text(days[0]) + " – " + text(days[days.count - 1])
    do {
      let summaries = try store.trackers()
      var chosen = summaries
      if let name {
        switch StoreOpening.tracker(named: name, in: summaries) {
        case .success(let found): chosen = [found]
        case .failure(let failure): return failure
        }
      }
      let collation = Collation(settings.language)
      chosen.sort { collation.areInOrder($0.tracker.name, $1.tracker.name) }
      // Days off are taken where the tracker is shown; cancelling takes whatever is there.
      let shown = chosen.map { summary in (summary, off ? days.filter { summary.isVisible(on: $0) } : days) }
      if off, name != nil, shown.allSatisfy({ $0.1.isEmpty }) {
        return .failure(TerminalSafe.text(Messages.notShownForDayOff(chosen[0].tracker.name, dates)))
      }
      // The whole command is one transaction: a kill or a full disk part-way leaves every tracker
      // as it was, so "nothing was saved" is true.
      let change: DaysOffChange
      do {
        change = try store.setDaysOff(
          off,
          shown.flatMap { summary, days in days.map { TrackerDayOff(trackerID: summary.tracker.id, day: $0) }
          })
      } catch {
        outcome.standardError += Messages.error(Messages.notSaved(error)) + "\n"
        outcome.exitCode = 1
        return outcome
      }
      let changed = Dictionary(grouping: change.changed, by: \.trackerID)
      let removed = Dictionary(grouping: change.removedRecords, by: \.trackerID)
      for (summary, days) in shown where !days.isEmpty {
        let name = TerminalSafe.text(summary.tracker.name)
        outcome.standardOutput += Messages.daysOff(
          name, off: off, changed: changed[summary.tracker.id]?.count ?? 0, on: dates)
        if let records = removed[summary.tracker.id] {
          outcome.standardOutput += Messages.recordsRemoved(name, on: records.map { text($0.day) })
        }
      }
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }

  /// The days `--date`, or `--from … --to`, name (default: today).
  private static func range(_ invocation: Invocation, _ settings: Settings) -> Result<[Day], UsageError> {
    let options = invocation.options
    guard options.from != nil || options.to != nil else { return .success([settings.date]) }
    guard let from = options.from, let to = options.to, options.date == nil else {
      return .failure(UsageError(message: Messages.dayOffRangeOrDate, command: invocation.commandName))
    }
    var bounds: [Day] = []
    for bound in [from, to] {
      switch bound {
      case .success(let day): bounds.append(day)
      case .failure(let error):
        return .failure(UsageError(message: error.message, command: invocation.commandName))
      }
    }
    guard bounds[0] <= bounds[1] else {
      return .failure(
        UsageError(
          message: Messages.dayOffRangeBackwards(DateText.long(bounds[0]), DateText.long(bounds[1])),
          command: invocation.commandName))
    }
    let count = bounds[0].days(to: bounds[1]) + 1
    guard count <= longestRange else {
      return .failure(
        UsageError(message: Messages.dayOffRangeTooLong(count), command: invocation.commandName))
    }
    return .success((0..<count).map { bounds[0].adding(days: $0) })
  }
}
