import Foundation
import TrackerArchiveCodec
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// `remind [--at HH:MM] [--json]`: the terminal's reminders. It prints "Tracker — 2 of 3 habits
/// done today" when the daily reminder is on, its time has come (`--at` stands for the current
/// time) and some habit due today is not done; and each habit's reminder set for that very minute
/// that speaks (`HabitReminder.speaks(for:on:)`: its days, not a day off, not done yet unless it
/// always speaks). Otherwise it prints nothing. Run it from cron every minute, or from a shell
/// prompt (docs/command-line.md).
enum RemindCommand {
  static func run(_ invocation: Invocation, _ given: Settings, _ context: ToolContext) -> Outcome {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = given.timeZone
    let now: ReminderTime
    // `--at` stands for the time now, on today's calendar date: the day it falls in follows the
    // day start hour as the clock's own time would.
    var instant = context.now
    if let given = invocation.options.at {
      let time: ReminderTime
      switch given {
      case .success(let read): time = read
      case .failure(let error): return .usage(UsageError(message: error.message, command: "remind"))
      }
      now = time
      instant =
        calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: context.now) ?? instant
    } else {
      let parts = calendar.dateComponents([.hour, .minute], from: context.now)
      now = ReminderTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0) ?? .evening
    }
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, given, context, readOnly: true, outcome: &outcome) else {
      return outcome
    }
    let stored: StoreSettings
    let progress: ReminderSettings.Progress
    let today: Day
    let histories: [TrackerHistory]
    do {
      // One snapshot: the settings, the day's progress and the habits' histories as they were
      // together.
      (stored, today, progress, histories) = try store.read { (store) throws(StoreError) in
        let stored = try store.settings()
        // Until the day, as the day start hour defines it, ends, the reminder speaks for it.
        let today = given.isTodayGiven ? given.today : stored.dayStart.today(at: instant, in: given.timeZone)
        return (
          stored, today, try Self.progress(on: today, in: store),
          try Self.histories(withRemindersIn: store, language: given.language)
        )
      }
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    let localizer = Localizer(given.language)
    let summary = stored.reminder.fires(at: now, dayStart: stored.dayStart, with: progress) ? progress : nil
    let habits = ReminderNotification.due(at: now, on: today, histories: histories, localizer)
    if invocation.options.json {
      outcome.standardOutput = JSONWriter.write(json(at: now, on: today, summary: summary, habits: habits))
      return outcome
    }
    if let summary {
      outcome.standardOutput += Messages.reminder(done: summary.done, due: summary.due) + "\n"
    }
    for habit in habits {
      outcome.standardOutput += TerminalSafe.text(habit.title) + " — " + habit.body + "\n"
    }
    return outcome
  }

  /// The histories of the trackers with reminders, in the main screen's order: the pinned, then
  /// each category's (categories by title), each group in the order the user gave.
  static func histories(withRemindersIn reader: any TrackerDataReading, language: Language) throws(StoreError)
    -> [TrackerHistory]
  {
    let collation = Collation(language)
    let categories = try reader.categories().sorted { collation.areInOrder($0.title, $1.title) }
    let position = Dictionary(
      categories.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    func group(_ tracker: Tracker) -> Int { tracker.isPinned ? -1 : position[tracker.categoryID] ?? .max }
    // An archived habit's reminders are silent (issue 49) until it comes back.
    let ordered = try reader.trackers().map(\.tracker).filter { !$0.reminders.isEmpty && !$0.isArchived }
      .sorted {
        group($0) != group($1) ? group($0) < group($1) : TrackerOrder.areInOrder($0, $1, collation)
      }
    var histories: [TrackerHistory] = []
    for tracker in ordered {
      let id = tracker.id
      histories.append(
        TrackerHistory(
          tracker: tracker, records: try reader.records(trackerID: id),
          daysOff: try reader.daysOff(trackerID: id).map { TrackerDayOff(trackerID: id, day: $0) }))
    }
    return histories
  }

  /// `remind --json`: the time and day, the summary (null when it is silent) and every habit
  /// reminder due, each with its buttons and the command each runs.
  static func json(
    at time: ReminderTime, on day: Day, summary: ReminderSettings.Progress?, habits: [ReminderNotification]
  ) -> JSONValue {
    .object([
      ("at", .string(time.description)),
      ("day", .string(day.iso)),
      (
        "summary",
        summary.map {
          .object([
            ("done", .int($0.done)), ("due", .int($0.due)),
            ("text", .string(Messages.reminder(done: $0.done, due: $0.due))),
          ])
        } ?? .null
      ),
      (
        "habits",
        .array(
          habits.map { habit in
            .object([
              ("id", .string(habit.trackerID.uuidString)), ("name", .string(habit.name)),
              ("emoji", .string(habit.emoji)), ("at", .string(habit.time.description)),
              ("day", .string(habit.day.iso)), ("title", .string(habit.title)), ("body", .string(habit.body)),
              ("category", .string(habit.categoryIdentifier)), ("link", .string(habit.link)),
              (
                "actions",
                .array(
                  habit.actions.map { action in
                    .object([
                      ("kind", .string(action.kind.rawValue)), ("name", .string(action.name)),
                      ("runs", HabitCommandWords.words(for: action.kind).map { .string($0) } ?? .null),
                    ])
                  })
              ),
            ])
          })
      ),
    ])
  }
}

extension RemindCommand {
  /// The day's progress (docs/rules.md, "Daily reminder"): yes/no weekday habits by their records
  /// of the day alone; measurable and quota habits by their histories (met, not just recorded; a
  /// quota habit expected while its period is not met; an at-most habit not on its own day).
  static func progress(on today: Day, in reader: any TrackerDataReading) throws(StoreError)
    -> ReminderSettings.Progress
  {
    // An archived tracker is due nowhere (issue 49).
    let summaries = try reader.trackers().filter { !$0.tracker.isArchived }
    let ticked = summaries.filter { !$0.tracker.isJudgedDayByDay }
    let plain = ReminderSettings.progress(
      on: today, trackers: ticked, completed: try reader.completedTrackerIDs(on: today),
      off: try reader.dayOffTrackerIDs(on: today))
    var histories: [TrackerHistory] = []
    for summary in summaries where summary.tracker.isJudgedDayByDay {
      let id = summary.tracker.id
      histories.append(
        TrackerHistory(
          tracker: summary.tracker, records: try reader.records(trackerID: id),
          daysOff: try reader.daysOff(trackerID: id).map { TrackerDayOff(trackerID: id, day: $0) }))
    }
    let measured = ReminderSettings.progress(on: today, histories: histories, today: today)
    return ReminderSettings.Progress(done: plain.done + measured.done, due: plain.due + measured.due)
  }
}
