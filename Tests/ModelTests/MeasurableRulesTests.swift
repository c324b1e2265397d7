import ModelTestSupport
import Testing
import TrackerModels

/// Measurable habits (docs/rules.md): a day is met by its amount. 2026-11-30 is a Monday.
@Suite("Measurable habits")
struct MeasurableRulesTests {
  let today = day("2026-11-30")
  let read = measured(habit("Read", Weekday.allCases, created: "2026-11-20"), "20", .atLeast)
  let coffee = measured(habit("Coffee", Weekday.allCases, created: "2026-11-20", id: 2), "2", .atMost)

  @Test func aYesNoDayIsMetWhenItHasARecord() {
    let run = habit("Run", weekdays)
    let history = history(run, records(run, ["2026-11-27", "2026-11-30"]))
    #expect(history.isMet(on: day("2026-11-27"), today: today))
    #expect(history.isMet(on: today, today: today))
    #expect(!history.isMet(on: day("2026-11-26"), today: today))
    #expect(!history.isMet(on: day("2026-12-01"), today: today))
  }

  @Test func anAtLeastDayIsMetWhenItsAmountReachesTheTarget() {
    let history = history(
      read,
      amounts(read, ["2026-11-27": "19.999", "2026-11-28": "20", "2026-11-30": "35.5"])
        + [TrackerRecord(trackerID: read.id, day: day("2026-11-29"))])
    #expect(!history.isMet(on: day("2026-11-27"), today: today))
    #expect(history.isMet(on: day("2026-11-28"), today: today))
    #expect(history.isMet(on: day("2026-11-29"), today: today))  // no amount: the target
    #expect(history.isMet(on: today, today: today))  // today counts as soon as it is reached
    #expect(!history.isMet(on: day("2026-11-26"), today: today))  // nothing entered
  }

  @Test func anAtMostDayIsMetOnceItHasEndedWithAtMostTheTarget() {
    var weekdayCoffee = coffee
    weekdayCoffee.kind = .habit(Schedule(WeekdaySet(weekdays))!)
    let history = history(
      weekdayCoffee, amounts(weekdayCoffee, ["2026-11-24": "3", "2026-11-25": "2", "2026-11-30": "0"]),
      off: ["2026-11-26"])
    #expect(history.isMet(on: day("2026-11-23"), today: today))  // nothing entered: zero
    #expect(!history.isMet(on: day("2026-11-24"), today: today))  // over the target
    #expect(history.isMet(on: day("2026-11-25"), today: today))  // exactly the target
    #expect(!history.isMet(on: day("2026-11-26"), today: today))  // a day off is not judged
    #expect(history.isMet(on: day("2026-11-27"), today: today))
    #expect(!history.isMet(on: day("2026-11-28"), today: today))  // Saturday: not due, nothing entered
    #expect(!history.isMet(on: today, today: today))  // today has not ended
    #expect(!history.isMet(on: day("2026-11-19"), today: today))  // before the first day
  }

  @Test func anAtLeastDayBelowTheTargetBreaksTheStreak() {
    let history = history(
      read, amounts(read, ["2026-11-26": "20", "2026-11-27": "25", "2026-11-28": "5", "2026-11-29": "20"]))
    #expect(
      history.figures(today: today)
        == TrackerStatistics(trackerID: read.id, completed: 3, currentStreak: 1, bestStreak: 2))
  }

  @Test func anAtMostHabitsTodayNeitherAddsNorResets() {
    // Created 2026-11-20: ten days up to yesterday, one of them over the target.
    let history = history(coffee, amounts(coffee, ["2026-11-25": "4", "2026-11-30": "9"]))
    let figures = history.figures(today: today)
    #expect(figures == TrackerStatistics(trackerID: coffee.id, completed: 9, currentStreak: 4, bestStreak: 5))
  }

  @Test func statisticsCountMetDaysOfMeasurableTrackers() {
    let records =
      amounts(read, ["2026-11-28": "20", "2026-11-29": "3"]) + amounts(coffee, ["2026-11-29": "1"])
    let statistics = Statistics(
      trackers: [read, coffee], records: records, daysOff: daysOff(coffee, ["2026-11-21"]), today: today)
    // Read: one met day (the 28th). Coffee: 2026-11-20…29 less the day off, nine days.
    #expect(statistics.completed == 10)
    #expect(statistics.trackers.map(\.completed) == [1, 9])
    #expect(statistics.average == 10.0 / 9.0)  // the met days fall on nine distinct days
    // Perfect: 28th (both met) only; the 29th misses Read; the 21st has only Read due, not done;
    // today has only Read due (coffee is judged tomorrow), not done.
    #expect(statistics.perfectDays == 1)
    #expect(statistics.bestPeriod == 9)
  }

  @Test func anAtMostHabitsTodayIsNotAmongAPerfectDaysDueHabits() {
    let records = amounts(read, ["2026-11-30": "20"])
    let statistics = Statistics(
      trackers: [read, coffee], records: records, today: today)
    #expect(statistics.perfectDays == 1)  // today: Read met, Coffee not yet judged
  }

  @Test func theCardCountsMetDays() {
    let records = amounts(read, ["2026-11-28": "20", "2026-11-29": "3", "2026-12-01": "40"])
    #expect(history(read, records).cardDayCount(today: today) == 2)  // the 28th and a day ahead
    #expect(history(coffee, amounts(coffee, ["2026-11-22": "3"])).cardDayCount(today: today) == 9)
  }

  @Test func aGainedDayOfAMeasurableTrackerGetsTheTarget() {
    let history = history(read, amounts(read, ["2026-11-30": "20", "2026-11-29": "5"]), off: ["2026-11-28"])
    let added = TrackedDaysEdit.recordsToAdd(count: 2, history: history, today: today)
    #expect(added == amounts(read, ["2026-11-29": "20", "2026-11-27": "20"]))
  }

  @Test func aGainedDayOfAnAtMostTrackerIsAPastDayOverTheTargetOrBeforeTheFirstDay() {
    let history = history(coffee, amounts(coffee, ["2026-11-25": "5"]))
    let added = TrackedDaysEdit.recordsToAdd(count: 3, history: history, today: today)
    #expect(added == amounts(coffee, ["2026-11-25": "2", "2026-11-19": "2", "2026-11-18": "2"]))
  }

  @Test func aYesNoGainIsTheSameAsBefore() {
    let run = habit("Run", [.monday, .wednesday, .friday])
    let added = TrackedDaysEdit.recordsToAdd(
      count: 3, history: history(run, records(run, ["2026-11-27"])), today: today)
    #expect(added == records(run, ["2026-11-30", "2026-11-25", "2026-11-23"]))
  }

  @Test func theReminderCountsAMeasurableHabitDoneWhenMet() {
    let histories = [
      history(read, amounts(read, ["2026-11-30": "12"])),
      history(coffee, amounts(coffee, ["2026-11-30": "1"])),
    ]
    // Coffee is judged once the day has ended: today it is not expected.
    #expect(
      ReminderSettings.progress(on: today, histories: histories, today: today) == .init(done: 0, due: 1))
    let met = [history(read, amounts(read, ["2026-11-30": "20"]))]
    #expect(ReminderSettings.progress(on: today, histories: met, today: today) == .init(done: 1, due: 1))
  }

  @Test func theCompletedFilterShowsAMeasurableHabitOnlyWhenMet() {
    let below = history(read, amounts(read, ["2026-11-30": "12"]))
    #expect(!TrackerFilter.completed.includes(below, on: today, today: today))
    #expect(TrackerFilter.notCompleted.includes(below, on: today, today: today))
    let yesterday = day("2026-11-29")
    #expect(TrackerFilter.completed.includes(history(coffee, []), on: yesterday, today: today))
  }
}
