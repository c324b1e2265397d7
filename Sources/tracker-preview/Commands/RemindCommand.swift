import Foundation
import TrackerModels
import TrackerStore

/// `remind [--at HH:MM]`: the terminal's daily reminder. It prints "Tracker — 2 of 3 habits done
/// today" when the reminder is on, its time has come (`--at` stands for the current time) and some
/// habit due today is not done; otherwise it prints nothing. Run it from cron at the chosen time,
/// or from a shell prompt (docs/command-line.md).
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
    do {
      // One snapshot: the settings and the day's progress as they were together.
      (stored, progress) = try store.read { (store) throws(StoreError) in
        let stored = try store.settings()
        // Until the day, as the day start hour defines it, ends, the reminder speaks for it.
        let today = given.isTodayGiven ? given.today : stored.dayStart.today(at: instant, in: given.timeZone)
        let progress = ReminderSettings.progress(
          on: today, trackers: try store.trackers(), completed: try store.completedTrackerIDs(on: today),
          off: try store.dayOffTrackerIDs(on: today))
        return (stored, progress)
      }
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    let reminder = stored.reminder
    if reminder.fires(at: now, dayStart: stored.dayStart, with: progress) {
      outcome.standardOutput += Messages.reminder(done: progress.done, due: progress.due) + "\n"
    }
    return outcome
  }
}
