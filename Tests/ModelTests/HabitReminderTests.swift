import Foundation
import ModelTestSupport
import Testing
import TrackerModels

/// The rules of each habit's reminders (docs/rules.md, "Reminders for each habit").
@Suite("Reminders for each habit")
struct HabitReminderTests {
  let morning = ReminderTime(hour: 7, minute: 30)!
  let night = ReminderTime(hour: 1, minute: 30)!

  @Test func aTrackerKeepsItsRemindersByTimeOnePerTime() {
    let late = HabitReminder(time: ReminderTime(hour: 21, minute: 0)!)
    let early = HabitReminder(time: morning, onlyIfNotDone: false)
    let again = HabitReminder(time: morning, days: [.monday])
    var tracker = habit("Run", Weekday.allCases)
    tracker.reminders = [late, early, again]
    #expect(HabitReminder.normalized(tracker.reminders) == [again, late])
    let built = Tracker(
      id: tracker.id, name: "Run", emoji: tracker.emoji, color: tracker.color, categoryID: tracker.categoryID,
      createdOn: tracker.createdOn, kind: tracker.kind, reminders: [late, early])
    #expect(built.reminders == [early, late])
  }

  @Test func noDaysChosenMeansTheHabitsOwnDaysAndAnEmptyChoiceIsNoChoice() {
    let tracker = habit("Gym", [.monday, .thursday])
    #expect(HabitReminder(time: morning).weekdays(of: tracker) == [.monday, .thursday])
    #expect(HabitReminder(time: morning, days: []).days == nil)
    #expect(HabitReminder(time: morning, days: [.sunday]).weekdays(of: tracker) == [.sunday])
    // An event and a quota habit are due any day: their reminders too, unless days are chosen.
    #expect(HabitReminder(time: morning).weekdays(of: event("Call")) == .everyDay)
    #expect(HabitReminder(time: morning).weekdays(of: quotaHabit("Swim", 3, per: .week)) == .everyDay)
  }

  @Test(arguments: 0...12)
  func aTimeBeforeTheDayStartBelongsToTheDayBefore(startHour: Int) {
    let start = DayStart(hour: startHour)!
    let date = day("2026-12-06")
    for hour in 0...23 {
      let time = ReminderTime(hour: hour, minute: 30)!
      let expected = hour < startHour ? day("2026-12-05") : date
      #expect(HabitReminder.day(of: time, onCalendarDate: date, dayStart: start) == expected)
    }
    #expect(
      HabitReminder.day(of: night, onCalendarDate: date, dayStart: DayStart(hour: 3)!) == day("2026-12-05"))
  }

  @Test func onlyIfNotDoneFallsSilentOnceTheDayIsTickedAndAlwaysStillSpeaks() {
    let tracker = habit("Read", Weekday.allCases)
    let untouched = history(tracker, [])
    let ticked = history(tracker, records(tracker, ["2026-12-06"]))
    let quiet = HabitReminder(time: morning)
    let loud = HabitReminder(time: morning, onlyIfNotDone: false)
    #expect(quiet.speaks(for: untouched, on: day("2026-12-06")))
    #expect(!quiet.speaks(for: ticked, on: day("2026-12-06")))
    #expect(loud.speaks(for: ticked, on: day("2026-12-06")))
  }

  @Test func noReminderOnADayOffOrBeforeTheFirstDayOrOffItsDays() {
    let tracker = habit("Read", [.monday, .wednesday], created: "2026-11-30")
    let off = history(tracker, [], off: ["2026-12-02"])
    let loud = HabitReminder(time: morning, onlyIfNotDone: false)
    #expect(loud.speaks(for: off, on: day("2026-11-30")))  // Monday
    #expect(!loud.speaks(for: off, on: day("2026-12-01")))  // Tuesday: not its day
    #expect(!loud.speaks(for: off, on: day("2026-12-02")))  // Wednesday, off
    #expect(!loud.speaks(for: off, on: day("2026-11-23")))  // before the first day
    // Chosen days override the habit's.
    #expect(HabitReminder(time: morning, days: [.tuesday]).speaks(for: off, on: day("2026-12-01")))
  }

  @Test func aMeasurableDayIsDoneWhenMetAndAnAtMostDayWhenSomethingIsEntered() {
    let run = measured(habit("Run", Weekday.allCases), "5", .atLeast)
    let quiet = HabitReminder(time: morning)
    #expect(quiet.speaks(for: history(run, amounts(run, ["2026-12-06": "3.5"])), on: day("2026-12-06")))
    #expect(!quiet.speaks(for: history(run, amounts(run, ["2026-12-06": "5"])), on: day("2026-12-06")))
    let smoke = measured(habit("Cigarettes", Weekday.allCases), "2", .atMost, unit: "pcs")
    #expect(quiet.speaks(for: history(smoke, []), on: day("2026-12-06")))
    #expect(!quiet.speaks(for: history(smoke, amounts(smoke, ["2026-12-06": "0"])), on: day("2026-12-06")))
    #expect(!quiet.speaks(for: history(smoke, amounts(smoke, ["2026-12-06": "4"])), on: day("2026-12-06")))
  }

  @Test func aQuotaHabitFallsSilentOnceItsPeriodIsMet() {
    let swim = quotaHabit("Swim", 2, per: .week, created: "2026-11-02")
    let quiet = HabitReminder(time: morning)
    // Week of 30 Nov – 6 Dec: Monday and Wednesday met, so Friday's reminder stays silent.
    let met = history(swim, records(swim, ["2026-11-30", "2026-12-02"]))
    #expect(!quiet.speaks(for: met, on: day("2026-12-04")))
    let half = history(swim, records(swim, ["2026-11-30"]))
    #expect(quiet.speaks(for: half, on: day("2026-12-04")))
  }

  /// Random histories and days, each checked against a literal reading of the rule.
  @Test(arguments: 0..<40)
  func speaksAgreesWithALiteralReadingOfTheRule(seed: Int) {
    var random = SplitMix(seed: UInt64(seed) &* 7919 &+ 17)
    let start = day("2026-11-01")
    let days = (0..<42).map { start.adding(days: $0) }
    let chosenDays = WeekdaySet(rawValue: UInt8(random.next() % 128))
    let schedule = WeekdaySet(rawValue: UInt8(1 + random.next() % 127))
    let tracker = habit("H", schedule.days, created: days[Int(random.next() % 10)].iso)
    let recordDays = days.filter { _ in random.next() % 3 == 0 }
    let offDays = days.filter { !recordDays.contains($0) && random.next() % 9 == 0 }
    let subject = history(
      tracker, recordDays.map { TrackerRecord(trackerID: tracker.id, day: $0) }, off: offDays.map(\.iso))
    let reminder = HabitReminder(time: morning, days: chosenDays, onlyIfNotDone: random.next() % 2 == 0)
    for day in days {
      let weekdays = chosenDays.isEmpty ? schedule : chosenDays
      // The first day as of that day: creation, or an earlier record on or before it.
      let earliest = recordDays.first.flatMap { $0 <= day ? $0 : nil } ?? tracker.createdOn
      let first = min(tracker.createdOn, earliest)
      let literal =
        day >= first && weekdays.contains(day.weekday) && !offDays.contains(day)
        && !(reminder.onlyIfNotDone && recordDays.contains(day))
      #expect(reminder.speaks(for: subject, on: day) == literal, "seed \(seed), \(day.iso)")
    }
  }

  @Test func theShortFormNamesTheTimeTheDaysAndAlways() {
    #expect(HabitReminder(time: morning).description == "07:30")
    #expect(
      HabitReminder(time: morning, days: [.monday, .friday], onlyIfNotDone: false).description
        == "07:30 mon,fri always")
  }
}
