import Foundation
import Testing
import TrackerModels

/// Seed 004, step 5 and docs/rules.md "Daily reminder": times, and when the reminder speaks.
@Suite("Daily reminder rules")
struct ReminderTests {
  @Test func timesAreHHMMWithinADay() {
    #expect(ReminderTime("20:00")?.description == "20:00")
    #expect(ReminderTime("7:05")?.description == "07:05")
    #expect(ReminderTime(" 23:59 ")?.minutes == 23 * 60 + 59)
    for bad in ["24:00", "12:60", "12:5", "1230", "", "ab:cd", "-1:00", "12:00:00", "１２:００", "+1:00"] {
      #expect(ReminderTime(bad) == nil, "\(bad)")
    }
    #expect(ReminderSettings() == ReminderSettings(isOn: false, time: ReminderTime(hour: 20, minute: 0)!))
  }

  @Test func itFiresOnceItsTimeHasComeUnlessEveryDueHabitIsDone() {
    let on = ReminderSettings(isOn: true, time: ReminderTime("20:00")!)
    let open = ReminderSettings.Progress(done: 2, due: 3)
    #expect(on.fires(at: ReminderTime("20:00")!, with: open))
    #expect(on.fires(at: ReminderTime("23:59")!, with: open))
    #expect(!on.fires(at: ReminderTime("19:59")!, with: open))
    #expect(!on.fires(at: ReminderTime("21:00")!, with: .init(done: 3, due: 3)))
    #expect(!on.fires(at: ReminderTime("21:00")!, with: .init(done: 0, due: 0)))  // nothing due: silent
    #expect(!ReminderSettings(isOn: false).fires(at: ReminderTime("21:00")!, with: open))
  }

  /// A literal reading of "the reminder speaks from its time until the day ends": the day that
  /// begins at the start hour runs 24 hours; the reminder's moment is the first time its clock
  /// time comes round in it, and it fires at any moment of the day from then on.
  @Test(arguments: [0, 3, 8, 12])
  func withADayStartHourItSpeaksFromItsTimeUntilTheDayEnds(startHour: Int) throws {
    let start = try #require(DayStart(hour: startHour))
    let open = ReminderSettings.Progress(done: 0, due: 1)
    for reminderMinute in stride(from: 0, to: 24 * 60, by: 30) {
      let reminder = ReminderSettings(
        isOn: true, time: try #require(ReminderTime(hour: reminderMinute / 60, minute: reminderMinute % 60)))
      // The day's minutes, from the start hour on, as wall-clock times.
      let moment = (0..<(24 * 60)).first { ($0 + startHour * 60) % (24 * 60) == reminderMinute } ?? -1
      for elapsed in stride(from: 0, to: 24 * 60, by: 15) {
        let wall = (elapsed + startHour * 60) % (24 * 60)
        let now = try #require(ReminderTime(hour: wall / 60, minute: wall % 60))
        #expect(
          reminder.fires(at: now, dayStart: start, with: open) == (elapsed >= moment),
          "start \(startHour):00, reminder \(reminder.time), now \(now)")
      }
    }
    // The case of the issue: a start at 08:00, the reminder at 21:30, 07:05 the next morning.
    let evening = ReminderSettings(isOn: true, time: try #require(ReminderTime("21:30")))
    #expect(
      evening.fires(
        at: try #require(ReminderTime("07:05")), dayStart: try #require(DayStart(hour: 8)), with: open))
    #expect(!evening.fires(at: try #require(ReminderTime("07:05")), with: open))
  }

  @Test func theProgressCountsHabitsDueThatDayNotEvents() throws {
    let monday = try Day(iso: "2026-11-30")
    func summary(_ name: String, _ kind: TrackerKind, created: String = "2026-11-01") throws -> TrackerSummary
    {
      TrackerSummary(
        tracker: Tracker(
          id: UUID(), name: name, emoji: "🙂", color: TrackerColor.palette[0], categoryID: UUID(),
          createdOn: try Day(iso: created), kind: kind),
        recordCount: 0, earliestRecord: nil)
    }
    let run = try summary("Run", .habit(Schedule([.monday, .friday])!))
    let read = try summary("Read", .habit(Schedule(.everyDay)!))
    let swim = try summary("Swim", .habit(Schedule([.tuesday])!))  // not due on Monday
    let later = try summary("Later", .habit(Schedule(.everyDay)!), created: "2026-12-01")  // not yet
    let walk = try summary("Walk", .event)
    let progress = ReminderSettings.progress(
      on: monday, trackers: [run, read, swim, later, walk], completed: [run.tracker.id, walk.tracker.id])
    #expect(progress == ReminderSettings.Progress(done: 1, due: 2))
  }
}
