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
        return (stored, try Self.progress(on: today, in: store))

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

extension RemindCommand {
  /// The day's progress (docs/rules.md, "Daily reminder"): yes/no weekday habits by their records
  /// of the day alone; measurable and quota habits by their histories (met, not just recorded; a
  /// quota habit expected while its period is not met; an at-most habit not on its own day).
  static func progress(on today: Day, in reader: any TrackerDataReading) throws(StoreError)
    -> ReminderSettings.Progress
  {
    let summaries = try reader.trackers()
    let ticked = summaries.filter { $0.tracker.measure == .yesNo && $0.tracker.quota == nil }
    let plain = ReminderSettings.progress(
      on: today, trackers: ticked, completed: try reader.completedTrackerIDs(on: today),
      off: try reader.dayOffTrackerIDs(on: today))
    var histories: [TrackerHistory] = []
    for summary in summaries where summary.tracker.measure != .yesNo || summary.tracker.quota != nil {
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
