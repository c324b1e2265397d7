import Foundation

/// One reminder of one habit (docs/rules.md, "Reminders for each habit"): a time of day, the
/// weekdays it speaks on, and whether it stays silent once the day is done. A tracker has any
/// number of them, one per time; the daily summary reminder (`ReminderSettings`) is apart.
public struct HabitReminder: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The time of day, read as the day start sees it: with a 03:00 start, 01:30 is late in the day
  /// that began at 03:00 the calendar day before.
  public var time: ReminderTime
  /// The weekdays it speaks on; nil for the days the tracker is due (a weekday habit's weekdays,
  /// following its schedule when that changes; every day for a quota habit or an event).
  public var days: WeekdaySet?
  /// Whether it stays silent on a day already done (on by default).
  public var onlyIfNotDone: Bool

  /// The most reminders one tracker keeps: more than a person can act on, and few enough that a
  /// phone's 64 pending notifications hold several habits' worth.
  public static let limit = 8

  /// A reminder with every field given; by default on the habit's days, only if not done yet.
  public init(time: ReminderTime, days: WeekdaySet? = nil, onlyIfNotDone: Bool = true) {
    self.time = time
    self.days = days.flatMap { $0.isEmpty ? nil : $0 }
    self.onlyIfNotDone = onlyIfNotDone
  }

  /// The weekdays it speaks on for `tracker`.
  public func weekdays(of tracker: Tracker) -> WeekdaySet { days ?? tracker.kind.dueDays }

  /// "07:30", then the days when chosen ("07:30 mon,wed"), then "always" when it speaks on a day
  /// already done: the command line's and the sync's short form.
  public var description: String {
    var parts = [time.description]
    if let days { parts.append(days.days.map(\.code).joined(separator: ",")) }
    if !onlyIfNotDone { parts.append("always") }
    return parts.joined(separator: " ")
  }

  /// By time: a tracker lists its reminders in the order of the day (as midnight counts it).
  public static func < (lhs: HabitReminder, rhs: HabitReminder) -> Bool { lhs.time < rhs.time }

  /// `reminders` as a tracker keeps them: by time, one per time (the last given of a time wins).
  public static func normalized(_ reminders: [HabitReminder]) -> [HabitReminder] {
    var byTime: [ReminderTime: HabitReminder] = [:]
    for reminder in reminders { byTime[reminder.time] = reminder }
    return byTime.values.sorted()
  }
}

extension HabitReminder {
  /// The day a reminder at `time` on the calendar date `date` speaks for, as `dayStart` counts
  /// days: the date itself, or the day before when the time falls before the day start (a 01:30
  /// reminder with a 03:00 start belongs to the day that began at 03:00 the day before).
  public static func day(of time: ReminderTime, onCalendarDate date: Day, dayStart: DayStart) -> Day {
    time.hour < dayStart.hour ? date.adding(days: -1) : date
  }

  /// Whether this reminder of `history`'s tracker speaks for `day` (its time has come; the caller
  /// matches the time): the tracker is shown that day (on or after its first day), the day is one
  /// of the reminder's weekdays and not a day off, and — when it speaks only if not done — the day
  /// is not done yet. Done means: a yes/no or at-least day met, an at-most day with an amount
  /// entered (the reminder asks to enter it), and for a quota habit also its period already met.
  public func speaks(for history: TrackerHistory, on day: Day) -> Bool {
    let tracker = history.tracker
    guard day >= history.firstDay(today: day), weekdays(of: tracker).contains(day.weekday),
      !history.daysOff.contains(day)
    else { return false }
    guard onlyIfNotDone else { return true }
    return !Self.isDone(history, on: day)
  }

  /// Whether `day` counts as done for a reminder "only if not done yet" (see `speaks(for:on:)`).
  public static func isDone(_ history: TrackerHistory, on day: Day) -> Bool {
    if history.tracker.measure.goal?.direction == .atMost {
      if history.records[day] != nil { return true }
    } else if history.isMet(on: day, today: day) {
      return true
    }
    return history.periodProgress(containing: day, today: day)?.isMet ?? false
  }
}
