import ModelTestSupport
import Testing
import TrackerModels

/// Streaks as of today T (docs/rules.md). 2026-11-30 is a Monday.
@Suite("Streaks")
struct StreakTests {
  let monWedFri = habit("Run", [.monday, .wednesday, .friday], created: "2026-11-01")

  @Test func unscheduledDaysDoNotBreakAHabitStreak() {
    // Mon, Wed, Fri, Mon: the weekend and the Tuesdays and Thursday are not due.
    let figures = streak(
      monWedFri, ["2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30"], today: "2026-11-30")
    #expect(
      figures == TrackerStatistics(trackerID: monWedFri.id, completed: 4, currentStreak: 4, bestStreak: 4))
  }

  @Test func aMissedDueDayResetsTheStreak() {
    // Wednesday 2026-11-25 is due and missed.
    let figures = streak(
      monWedFri, ["2026-11-20", "2026-11-23", "2026-11-27", "2026-11-30"], today: "2026-11-30")
    #expect(figures.currentStreak == 2)
    #expect(figures.bestStreak == 2)
  }

  @Test func bestStreakRemembersTheLongestRun() {
    let days = ["2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09", "2026-11-16", "2026-11-18"]
    let figures = streak(monWedFri, days, today: "2026-11-18")
    #expect(figures.bestStreak == 4)
    #expect(figures.currentStreak == 2)
  }

  @Test func todayDueAndNotDoneNeitherAddsNorResets() {
    let figures = streak(monWedFri, ["2026-11-25", "2026-11-27"], today: "2026-11-30")
    #expect(figures.currentStreak == 2)
  }

  @Test func todayDueAndDoneAdds() {
    let figures = streak(monWedFri, ["2026-11-25", "2026-11-27", "2026-11-30"], today: "2026-11-30")
    #expect(figures.currentStreak == 3)
  }

  @Test func todayNotDueChangesNothing() {
    // Tuesday 2026-12-01 is not due for Mon/Wed/Fri.
    let figures = streak(monWedFri, ["2026-11-27", "2026-11-30"], today: "2026-12-01")
    #expect(figures.currentStreak == 2)
  }

  @Test func yesterdayMissedBreaksTheCurrentStreak() {
    let figures = streak(monWedFri, ["2026-11-23", "2026-11-25"], today: "2026-11-30")
    #expect(figures.currentStreak == 0)
    #expect(figures.bestStreak == 2)
  }

  @Test func aRecordOnAnUnscheduledDayStillCounts() {
    // Saturday 2026-11-28 is not due, but a record there adds 1.
    let figures = streak(monWedFri, ["2026-11-27", "2026-11-28", "2026-11-30"], today: "2026-11-30")
    #expect(figures.currentStreak == 3)
  }

  @Test func streaksCrossMonthAndYearEnds() {
    let daily = habit("Read", Weekday.allCases, created: "2026-12-20")
    let days = (0..<20).map { day("2026-12-20").adding(days: $0).iso }
    let figures = streak(daily, days, today: "2027-01-08")
    #expect(figures.currentStreak == 20)
    #expect(streak(daily, days, today: "2027-01-10").currentStreak == 0)
  }

  @Test func streaksCrossALeapDay() {
    let daily = habit("Read", Weekday.allCases, created: "2028-02-27")
    let figures = streak(
      daily, ["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"], today: "2028-03-01")
    #expect(figures.currentStreak == 4)
  }

  @Test func recordsAfterTodayAreIgnored() {
    let figures = streak(
      monWedFri, ["2026-11-27", "2026-11-30", "2026-12-02", "2026-12-04"], today: "2026-11-30")
    #expect(
      figures == TrackerStatistics(trackerID: monWedFri.id, completed: 2, currentStreak: 2, bestStreak: 2))
  }

  @Test func anOldRecordBeforeCreationStartsTheWalkEarlier() {
    let late = habit("Run", [.monday, .wednesday, .friday], created: "2026-11-25")
    // A record on 2026-11-16 (before creation) followed by missed due days 18, 20, 23.
    let figures = streak(late, ["2026-11-16", "2026-11-25", "2026-11-27"], today: "2026-11-27")
    #expect(figures.bestStreak == 2)
    #expect(figures.currentStreak == 2)
    let joined = streak(
      late, ["2026-11-16", "2026-11-18", "2026-11-20", "2026-11-23", "2026-11-25"], today: "2026-11-25")
    #expect(joined.currentStreak == 5)
  }

  @Test func everyDayIsDueForAnEvent() {
    let postcard = event("Postcard")
    #expect(
      streak(postcard, ["2026-11-27", "2026-11-28", "2026-11-29"], today: "2026-11-30").currentStreak == 3)
    #expect(
      streak(postcard, ["2026-11-26", "2026-11-28", "2026-11-29"], today: "2026-11-30").currentStreak == 2)
    #expect(streak(postcard, ["2026-11-27", "2026-11-28"], today: "2026-11-30").currentStreak == 0)
  }

  @Test func noRecordsMeansNoStreak() {
    #expect(
      streak(monWedFri, [], today: "2026-11-30")
        == TrackerStatistics(trackerID: monWedFri.id, completed: 0, currentStreak: 0, bestStreak: 0))
  }

  @Test func duplicateRecordsCountOnce() {
    let figures = streak(monWedFri, ["2026-11-30", "2026-11-30"], today: "2026-11-30")
    #expect(figures.completed == 1)
    #expect(figures.currentStreak == 1)
  }

  @Test func editingTheScheduleReevaluatesTheWholeHistory() {
    let days = ["2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30"]
    var edited = monWedFri
    #expect(streak(edited, days, today: "2026-11-30").currentStreak == 4)
    // Now also due on Tuesdays: 2026-11-24 was missed.
    edited.kind = .habit(Schedule(WeekdaySet([.monday, .tuesday, .wednesday, .friday]))!)
    #expect(streak(edited, days, today: "2026-11-30").currentStreak == 3)
  }
}
