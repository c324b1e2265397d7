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
