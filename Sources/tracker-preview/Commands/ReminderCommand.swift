import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// `reminder add|remove|list`: each habit's reminders from the command line (docs/command-line.md,
/// "Reminders"). `add` adds a reminder at a time, or changes the one already there; `remove` takes
/// one away; `list` shows them, `--json` for scripts. The store keeps them with the habit: they
/// travel with sync, export and import.
enum ReminderCommand {
  static func run(_ verb: ReminderVerb, _ invocation: Invocation, _ given: Settings, _ context: ToolContext)
    -> Outcome
  {
    switch verb {
    case .list(let name):
      return list(name, invocation, given, context)
    case .add(let name, let time):
      var days: WeekdaySet?
      switch invocation.options.days {
      case nil: days = nil
      case .success(let chosen)?: days = chosen
      case .failure(let error)?: return .usage(UsageError(message: error.message, command: "reminder"))
      }
      let reminder = HabitReminder(time: time, days: days, onlyIfNotDone: !invocation.options.always)
      return change(name, invocation, given, context) { tracker in
        let safeName = TerminalSafe.text(tracker.name)
        let details = Messages.reminderDetails(reminder)
        if let old = tracker.reminders.first(where: { $0.time == time }) {
          if old == reminder {
            return (
              nil,
              Messages.text(
                .cliReminderAlreadyThere(name: safeName, time: time.description, details: details)), nil
            )
          }
          return (
            tracker.reminders.map { $0.time == time ? reminder : $0 },
            Messages.text(.cliReminderChanged(name: safeName, time: time.description, details: details)), nil
          )
        }
        guard tracker.reminders.count < HabitReminder.limit else {
          return (nil, nil, Messages.text(.cliReminderTooMany(name: safeName, limit: HabitReminder.limit)))
        }
        return (
          tracker.reminders + [reminder],
          Messages.text(.cliReminderAdded(name: safeName, time: time.description, details: details)), nil
        )
      }
    case .remove(let name, let time):
      return change(name, invocation, given, context) { tracker in
        let safeName = TerminalSafe.text(tracker.name)
        guard tracker.reminders.contains(where: { $0.time == time }) else {
          let refusal =
            tracker.reminders.isEmpty
            ? Messages.text(.cliReminderNoneAtAll(name: safeName, time: time.description))
            : Messages.text(
              .cliReminderNoneAt(
                name: safeName, time: time.description,
                times: tracker.reminders.map(\.time.description).joined(separator: ", ")))
          return (nil, nil, refusal)
        }
        return (
          tracker.reminders.filter { $0.time != time },
          Messages.text(.cliReminderRemoved(name: safeName, time: time.description)), nil
        )
      }
    }
  }

  /// What a change does to a tracker's reminders: the new list (nil: nothing to write) and what to
  /// say, or why it is refused.
  typealias Change = (reminders: [HabitReminder]?, said: String?, refusal: String?)

  /// Reads the tracker `name`, applies `decide` to it and writes what it gives.
  private static func change(
    _ name: String, _ invocation: Invocation, _ given: Settings, _ context: ToolContext,
    _ decide: (Tracker) -> Change
  ) -> Outcome {
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, given, context, outcome: &outcome) else { return outcome }
    let tracker: Tracker
    switch StoreOpening.tracker(named: name, in: store) {
    case .success(let found): tracker = found
    case .failure(let failure): return failure
    }
    let decided = decide(tracker)
    if let refusal = decided.refusal { return .failure(refusal) }
    if let reminders = decided.reminders {
      var changed = tracker
      changed.reminders = HabitReminder.normalized(reminders)
      do {
        try store.updateTracker(changed, addingRecordsOn: [], removingRecordsOn: [])
      } catch {
        return .failure(Messages.notSaved(error))
      }
    }
    outcome.standardOutput += (decided.said ?? "") + "\n"
    return outcome
  }

  /// `reminder list [NAME]`: every habit with reminders (or the one named), in the main screen's
  /// order, each reminder on its line.
  private static func list(
    _ name: String?, _ invocation: Invocation, _ given: Settings, _ context: ToolContext
  )
    -> Outcome
  {
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, given, context, readOnly: true, outcome: &outcome) else {
      return outcome
    }
    var trackers: [Tracker]
    do {
      let summaries = try store.trackers()
      if let name {
        switch StoreOpening.tracker(named: name, in: summaries) {
        case .success(let found): trackers = [found.tracker]
        case .failure(let failure): return failure
        }
      } else {
        trackers = summaries.map(\.tracker).filter { !$0.reminders.isEmpty }
      }
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    if invocation.options.json {
      outcome.standardOutput = JSONWriter.write(
        .object([
          (
            "trackers",
            .array(
              trackers.map { tracker in
                .object([
                  ("id", .string(tracker.id.uuidString)), ("name", .string(tracker.name)),
                  ("reminders", json(tracker.reminders, of: tracker)),
                  // An archived habit's reminders are kept, and silent until it comes back.
                  ("archived", .bool(tracker.isArchived)),
                ])
              })
          )
        ]))
      return outcome
    }
    if trackers.allSatisfy(\.reminders.isEmpty) {
      outcome.standardOutput =
        (name == nil
          ? Messages.text(.cliReminderNoReminders)
          : Messages.text(.cliReminderNoRemindersOf(TerminalSafe.text(trackers.first?.name ?? "")))) + "\n"
      return outcome
    }
    for tracker in trackers {
      outcome.standardOutput +=
        tracker.emoji + " " + TerminalSafe.text(tracker.name)
        + (tracker.isArchived ? " " + Messages.text(.cliReminderArchived) : "") + "\n"
      for reminder in tracker.reminders {
        outcome.standardOutput +=
          "  " + reminder.time.description + "  " + Messages.reminderDetails(reminder) + "\n"
      }
    }
    return outcome
  }

  /// A tracker's reminders as `list --json` and `remind --json` write them: the archive's form
  /// with every member present (`days` null for the habit's own days) and the weekdays they speak
  /// on spelled out.
  static func json(_ reminders: [HabitReminder], of tracker: Tracker) -> JSONValue {
    .array(
      reminders.map { reminder in
        .object([
          ("at", .string(reminder.time.description)),
          ("days", reminder.days.map { .array($0.days.map { .string($0.code) }) } ?? .null),
          ("speaksOn", .array(reminder.weekdays(of: tracker).days.map { .string($0.code) })),
          ("ifNotDone", .bool(reminder.onlyIfNotDone)),
        ])
      })
  }
}
