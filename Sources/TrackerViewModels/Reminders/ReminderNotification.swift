import Foundation
import TrackerLocalization
import TrackerModels

/// A notification a habit's reminder delivers, platform-neutral (issue 48; docs/native-client.md,
/// "Notifications"): what it says, the day it speaks for, and its typed buttons — Done (Enter
/// amount for a measurable habit), Take a day off, and Open — each a `HabitAction` whose command
/// the extension runs (`HabitAction.Kind.command(trackerID:day:)`) or whose link opens the app.
/// The terminal's `remind` prints these; a native client schedules them with
/// `UNCalendarNotificationTrigger` and registers `categoryIdentifier`'s buttons once.
public struct ReminderNotification: Hashable, Sendable, Identifiable {
  /// The habit.
  public var trackerID: UUID
  /// The habit's name and emoji, as the card shows them.
  public var name: String
  public var emoji: String
  /// The reminder's time.
  public var time: ReminderTime
  /// The day it speaks for (as the day start counts it: a 01:30 reminder after a 03:00 start
  /// speaks for the day before).
  public var day: Day
  /// The title ("🏃 Run") and the body ("Not done yet today" / "Enter today's amount").
  public var title: String
  public var body: String
  /// The buttons, in order: done or amount, day off, open.
  public var actions: [HabitAction]
  /// The link the notification itself opens: the habit's detail.
  public var link: String

  public var id: String { trackerID.uuidString + "@" + time.description }

  /// The category a client registers the buttons under: one for a ticked habit, one for a
  /// measurable one (whose first button opens the amount sheet).
  public var categoryIdentifier: String {
    actions.first?.kind == .amount ? Self.measurableCategory : Self.tickedCategory
  }

  /// The two categories' identifiers.
  public static let tickedCategory = "habit-reminder"
  public static let measurableCategory = "habit-reminder-amount"

  /// The notification of `reminder` of `tracker` for `day`, in `localizer`'s language.
  public init(_ reminder: HabitReminder, of tracker: Tracker, on day: Day, _ localizer: Localizer) {
    trackerID = tracker.id
    name = tracker.name
    emoji = tracker.emoji
    time = reminder.time
    self.day = day
    title = tracker.emoji + " " + tracker.name
    let isMeasurable = tracker.measure != .yesNo
    body = localizer.text(isMeasurable ? .reminderBodyAmount : .reminderBodyTicked)
    actions = [isMeasurable ? .amount : .done, .dayOff, .open].map {
      HabitAction(kind: $0, name: $0.name(localizer))
    }
    link = DeepLink.habit(.id(tracker.id)).text
  }
}

extension ReminderNotification {
  /// Every habit reminder at `time` that speaks for `day` (`HabitReminder.speaks(for:on:)`), in
  /// the order of `histories` (the main screen's). `day` is the day the time falls in as the day
  /// start counts days (`HabitReminder.day(of:onCalendarDate:dayStart:)`).
  public static func due(
    at time: ReminderTime, on day: Day, histories: [TrackerHistory], _ localizer: Localizer
  ) -> [ReminderNotification] {
    histories.compactMap { history in
      guard let reminder = history.tracker.reminders.first(where: { $0.time == time }),
        reminder.speaks(for: history, on: day)
      else { return nil }
      return ReminderNotification(reminder, of: history.tracker, on: day, localizer)
    }
  }
}

/// A reminder's notification and the instant it fires: what a client hands the system's
/// scheduler (on iOS a `UNCalendarNotificationTrigger` that does not repeat).
public struct ScheduledReminder: Hashable, Sendable {
  public var fireDate: Date
  public var notification: ReminderNotification

  /// A value with every field given.
  public init(fireDate: Date, notification: ReminderNotification) {
    self.fireDate = fireDate
    self.notification = notification
  }
}

extension ReminderNotification {
  /// The most notifications a client keeps pending (iOS keeps 64 per app).
  public static let pendingLimit = 64

  /// The habits' reminders that fire after `instant` within the next `days` days (today, as the
  /// day start counts it, first), earliest first, at most `limit`: each on its weekdays, none on
  /// a planned day off or before a tracker's first day, and today's only-if-not-done ones only
  /// while today is not done. A client schedules these one-shot and asks again after every change
  /// and when the day turns, so a done habit's reminder never fires (a repeating trigger could
  /// not know). A time before the day start fires on the next calendar date (01:30 with a 03:00
  /// start, for the day before it).
  public static func upcoming(
    after instant: Date, days: Int = 7, dayStart: DayStart, timeZone: TimeZone, histories: [TrackerHistory],
    limit: Int = pendingLimit, _ localizer: Localizer
  ) -> [ScheduledReminder] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let today = dayStart.today(at: instant, in: timeZone)
    // What speaks, cheaply first; the notifications (their texts) only for the `limit` earliest.
    var found: [(fireDate: Date, order: Int, history: Int, reminder: HabitReminder, day: Day)] = []
    // One calendar computation per date and time of day, not per habit (the wall clock's time on
    // that date, whatever the daylight saving time).
    var instants: [Int: Date?] = [:]
    func fireDate(_ date: Day, _ time: ReminderTime) -> Date? {
      let key = date.daysSinceEpoch * 1440 + time.minutes
      if let known = instants[key] { return known }
      let parts = date.components
      let made = calendar.date(
        from: DateComponents(
          year: parts.year, month: parts.month, day: parts.day, hour: time.hour, minute: time.minute))
      instants[key] = made
      return made
    }
    for offset in 0..<max(0, days) {
      let day = today.adding(days: offset)
      // An archived habit's reminders are silent until it comes back (issue 49).
      for (index, history) in histories.enumerated() where !history.tracker.isArchived {
        for reminder in history.tracker.reminders {
          let date = reminder.time.hour < dayStart.hour ? day.adding(days: 1) : day
          guard let fireDate = fireDate(date, reminder.time), fireDate > instant,
            reminder.speaks(for: history, on: day)
          else { continue }
          found.append((fireDate, found.count, index, reminder, day))
        }
      }
    }
    // Earliest first; at one instant, in the habits' order.
    found.sort { ($0.fireDate, $0.history, $0.order) < ($1.fireDate, $1.history, $1.order) }
    return found.prefix(max(0, limit)).map { item in
      ScheduledReminder(
        fireDate: item.fireDate,
        notification: ReminderNotification(
          item.reminder, of: histories[item.history].tracker, on: item.day, localizer))
    }
  }
}
