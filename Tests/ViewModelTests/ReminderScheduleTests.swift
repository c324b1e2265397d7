import Foundation
import ModelTestSupport
import Testing
import TrackerLocalization
import TrackerModels

@testable import TrackerViewModels

/// Issue 48: the notifications a native client schedules for the habits' reminders, one-shot and
/// asked for again after each change (`ReminderNotification.upcoming`).
@Suite("The reminders a client schedules")
struct ReminderScheduleTests {
  let moscow = TimeZone(identifier: "Europe/Moscow")!
  let localizer = Localizer(.en)

  func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  func tracker(_ reminders: [HabitReminder], days: WeekdaySet = .everyDay) -> Tracker {
    var tracker = habit("Run", id: 10, days: days, created: "2026-11-01")
    tracker.reminders = reminders
    return tracker
  }

  @Test func aReminderDoneTodayIsLeftOutTodayAndComesBackTomorrow() {
    let run = tracker([HabitReminder(time: ReminderTime(hour: 21, minute: 0)!)])
    // Monday 30 November, 12:00 in Moscow.
    let now = instant("2026-11-30T09:00:00Z")
    let open = ReminderNotification.upcoming(
      after: now, days: 2, dayStart: .midnight, timeZone: moscow,
      histories: [TrackerHistory(tracker: run, records: [])], localizer)
    #expect(open.map(\.fireDate) == [instant("2026-11-30T18:00:00Z"), instant("2026-12-01T18:00:00Z")])
    let done = ReminderNotification.upcoming(
      after: now, days: 2, dayStart: .midnight, timeZone: moscow,
      histories: [
        TrackerHistory(tracker: run, records: [TrackerRecord(trackerID: run.id, day: day("2026-11-30"))])
      ],
      localizer)
    #expect(done.map(\.fireDate) == [instant("2026-12-01T18:00:00Z")])
    #expect(done.first?.notification.day == day("2026-12-01"))
  }

  @Test func anArchivedHabitsRemindersAreNotPlanned() {
    var run = tracker([HabitReminder(time: ReminderTime(hour: 21, minute: 0)!)])
    run.isArchived = true
    let planned = ReminderNotification.upcoming(
      after: instant("2026-11-30T09:00:00Z"), days: 7, dayStart: .midnight, timeZone: moscow,
      histories: [TrackerHistory(tracker: run, records: [])], localizer)
    #expect(planned.isEmpty)
  }

  @Test func aTimeBeforeTheDayStartFiresOnTheNextCalendarDateForTheDayBefore() {
    let run = tracker([HabitReminder(time: ReminderTime(hour: 1, minute: 30)!)], days: [.monday])
    let now = instant("2026-11-30T09:00:00Z")
    let planned = ReminderNotification.upcoming(
      after: now, days: 7, dayStart: DayStart(hour: 3)!, timeZone: moscow,
      histories: [TrackerHistory(tracker: run, records: [])], localizer)
    // Monday's 01:30 is Tuesday 1 December, 01:30 in Moscow; the next Monday's, 8 December.
    #expect(planned.map(\.fireDate) == [instant("2026-11-30T22:30:00Z")])
    #expect(planned.first?.notification.day == day("2026-11-30"))
  }

  @Test func noneIsPlannedOnADayOffOrInThePastAndTheLimitKeepsTheEarliest() {
    let run = tracker((0..<8).map { HabitReminder(time: ReminderTime(hour: 8 + $0, minute: 0)!) })
    // 12:00: 08:00 to 12:00 today are not after now; 13:00 to 15:00 are.
    let now = instant("2026-11-30T09:00:00Z")
    let off = [TrackerDayOff(trackerID: run.id, day: day("2026-12-01"))]
    let planned = ReminderNotification.upcoming(
      after: now, days: 3, dayStart: .midnight, timeZone: moscow,
      histories: [TrackerHistory(tracker: run, records: [], daysOff: off)], localizer)
    #expect(planned.count == 3 + 8)
    #expect(!planned.contains { $0.notification.day == day("2026-12-01") })
    #expect(planned.allSatisfy { $0.fireDate > now })
    #expect(zip(planned, planned.dropFirst()).allSatisfy { $0.fireDate <= $1.fireDate })
    let first = ReminderNotification.upcoming(
      after: now, days: 3, dayStart: .midnight, timeZone: moscow,
      histories: [TrackerHistory(tracker: run, records: [], daysOff: off)], limit: 5, localizer)
    #expect(first == Array(planned.prefix(5)))
  }

  @Test(arguments: Language.allCases)
  func aNotificationCarriesItsButtonsInTheUsersLanguage(language: Language) {
    let reminder = HabitReminder(time: .evening)
    var measured = tracker([reminder])
    measured.measure = .measurable(
      try! MeasureGoal(unit: "km", target: Amount(thousandths: 5000)!, direction: .atLeast))
    let ticked = ReminderNotification(
      reminder, of: tracker([reminder]), on: day("2026-11-30"), Localizer(language))
    let amount = ReminderNotification(reminder, of: measured, on: day("2026-11-30"), Localizer(language))
    #expect(ticked.actions.map(\.kind) == [.done, .dayOff, .open])
    #expect(amount.actions.map(\.kind) == [.amount, .dayOff, .open])
    #expect(ticked.categoryIdentifier == ReminderNotification.tickedCategory)
    #expect(amount.categoryIdentifier == ReminderNotification.measurableCategory)
    #expect(ticked.body == (language == .ru ? "Сегодня ещё не отмечено." : "Not done yet today."))
    #expect(
      ticked.actions[0].kind.command(trackerID: ticked.trackerID, day: ticked.day)?.action == .setDone(true))
    #expect(ticked.link == "tracker://habit/" + ticked.trackerID.uuidString)
  }
}
