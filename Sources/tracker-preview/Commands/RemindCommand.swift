import Foundation
import TrackerModels
import TrackerStore

/// `remind [--at HH:MM]`: the terminal's daily reminder. It prints "Tracker — 2 of 3 habits done
/// today" when the reminder is on, its time has come (`--at` stands for the current time) and some
/// habit due today is not done; otherwise it prints nothing. Run it from cron at the chosen time,
/// or from a shell prompt (docs/command-line.md).
enum RemindCommand {
  static func run(_ invocation: Invocation, _ given: Settings, _ context: ToolContext) -> Outcome {
    let now: ReminderTime
    if let given = invocation.options["--at"] {
      guard let time = ReminderTime(given) else {
        return .usage(UsageError(message: Messages.badTime(given), command: "remind"))
      }
      now = time
    } else {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = given.timeZone
      let parts = calendar.dateComponents([.hour, .minute], from: context.now)
      now = ReminderTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0) ?? .evening
    }
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, readOnly: true, outcome: &outcome)
    else {
      return outcome
    }
    let reminder: ReminderSettings
    let progress: ReminderSettings.Progress
    do {
      reminder = try store.settings().reminder
      progress = ReminderSettings.progress(
        on: settings.today, trackers: try store.trackers(),
        completed: try store.completedTrackerIDs(on: settings.today),
        off: try store.dayOffTrackerIDs(on: settings.today))
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    if reminder.fires(at: now, with: progress) {
      outcome.standardOutput += Messages.reminder(done: progress.done, due: progress.due) + "\n"
    }
    return outcome
  }
}
