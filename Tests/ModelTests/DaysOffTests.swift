import Foundation
import ModelTestSupport
import Testing
import TrackerModels

/// Days off (docs/rules.md, "Skipped days"): a day off is not due. 2026-11-30 is a Monday.
@Suite("Days off")
struct DaysOffTests {
  let monWedFri = habit("Run", [.monday, .wednesday, .friday], created: "2026-11-01")
  let daily = habit("Read", Weekday.allCases, created: "2026-11-01", id: 2)

  func offs(_ tracker: Tracker, _ days: [String]) -> [TrackerDayOff] {
    days.map { TrackerDayOff(trackerID: tracker.id, day: day($0)) }
  }

  @Test func aDayOffBetweenDoneDaysKeepsTheStreak() {
    // Wednesday 2026-11-25 is off: Mon, (Wed off), Fri, Mon is a streak of 3.
    let figures = TrackerStatistics(
      tracker: monWedFri, recordDays: ["2026-11-23", "2026-11-27", "2026-11-30"].map(day),
      daysOff: [day("2026-11-25")], today: day("2026-11-30"))
    #expect(
      figures == TrackerStatistics(trackerID: monWedFri.id, completed: 3, currentStreak: 3, bestStreak: 3))
  }

  @Test func withoutTheDayOffTheSameHistoryBreaks() {
    let figures = TrackerStatistics(
      tracker: monWedFri, recordDays: ["2026-11-23", "2026-11-27", "2026-11-30"].map(day),
      today: day("2026-11-30"))
    #expect(figures.currentStreak == 2)
  }

  @Test func aDayOffNeitherAddsToTheStreakNorCountsAsCompleted() {
    let figures = TrackerStatistics(
      tracker: daily, recordDays: ["2026-11-27"].map(day),
      daysOff: ["2026-11-28", "2026-11-29"].map(day), today: day("2026-11-30"))
    #expect(figures == TrackerStatistics(trackerID: daily.id, completed: 1, currentStreak: 1, bestStreak: 1))
  }

  @Test func aWeekOfVacationUpToTodayKeepsTheCurrentStreak() {
    let vacation = (0..<7).map { day("2026-11-23").adding(days: $0) }
    let figures = TrackerStatistics(
      tracker: daily, recordDays: ["2026-11-20", "2026-11-21", "2026-11-22"].map(day), daysOff: vacation,
      today: day("2026-11-30"))
    #expect(figures.currentStreak == 3)
  }

  @Test func aVacationPlannedAheadDoesNotHideAMissedDay() {
    // 2026-11-28 missed; the days off begin after it.
    let figures = TrackerStatistics(
      tracker: daily, recordDays: ["2026-11-27"].map(day), daysOff: ["2026-11-29", "2026-12-05"].map(day),
      today: day("2026-11-30"))
    #expect(figures.currentStreak == 0)
  }

  @Test func aDayWhoseDueHabitsAreAllOffIsNotPerfect() {
    // Monday 2026-11-30: both habits are off; the event done that day makes it a day with a record.
    let walk = event("Walk", id: 3)
    let statistics = Statistics(
      trackers: [monWedFri, daily, walk], records: records(walk, ["2026-11-30"]),
      daysOff: offs(monWedFri, ["2026-11-30"]) + offs(daily, ["2026-11-30"]), today: day("2026-11-30"))
    #expect(statistics.perfectDays == 0)
    #expect(statistics.completed == 1)
  }

  @Test func aHabitOffOnADayIsNotAmongThatDaysDueHabits() {
    // Monday: Run is off, Read is done: a perfect day.
    let statistics = Statistics(
      trackers: [monWedFri, daily], records: records(daily, ["2026-11-30"]),
      daysOff: offs(monWedFri, ["2026-11-30"]), today: day("2026-11-30"))
    #expect(statistics.perfectDays == 1)
  }

  @Test func daysOffAreNotCountedByTheCompletedFiguresOrTheAverage() {
    let statistics = Statistics(
      trackers: [daily], records: records(daily, ["2026-11-28", "2026-11-30"]),
      daysOff: offs(daily, ["2026-11-29"]), today: day("2026-11-30"))
    #expect(statistics.completed == 2)
    #expect(statistics.average == 2.0 / 2.0)
    #expect(statistics.trackers[0].currentStreak == 2)
  }

  @Test func theStoredSummariesAgreeWithTheFullComputationWithDaysOff() throws {
    let history = ["2026-11-02", "2026-11-04", "2026-11-09", "2026-11-13", "2026-11-16", "2026-11-30"].map(
      day)
    let off = [
      "2026-11-06", "2026-11-11", "2026-11-18", "2026-11-20", "2026-11-23", "2026-11-25", "2026-11-27",
    ]
    .map(day)
    let summary = TrackerStreakSummary(tracker: monWedFri, recordDays: history, daysOff: off)
    let dayOffs = off.map { TrackerDayOff(trackerID: monWedFri.id, day: $0) }
    let days = Dictionary(grouping: history, by: { $0 }).map {
      DaySummary(day: $0.key, records: 1, doneDueHabits: 1)
    }.sorted { $0.day < $1.day }
    for today in ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"].map(day) {
      let fromSummaries = try Statistics(summaries: [summary], days: days, daysOff: dayOffs, today: today) {
        _ throws(StoreError) in history.map { TrackerRecord(trackerID: monWedFri.id, day: $0) }

      }
      let full = Statistics(
        trackers: [monWedFri], records: history.map { TrackerRecord(trackerID: monWedFri.id, day: $0) },
        daysOff: dayOffs, today: today)
      #expect(fromSummaries == full, "\(today.iso)")
    }
  }

  @Test func theReminderDoesNotCountAHabitOffThatDay() {
    let summaries = [monWedFri, daily].map {
      TrackerSummary(tracker: $0, recordCount: 0, earliestRecord: nil)
    }
    let progress = ReminderSettings.progress(
      on: day("2026-11-30"), trackers: summaries, completed: [daily.id], off: [monWedFri.id])
    #expect(progress == ReminderSettings.Progress(done: 1, due: 1))
    #expect(!ReminderSettings(isOn: true).fires(at: ReminderTime(hour: 21, minute: 0)!, with: progress))
  }

  @Test func moreTrackedDaysPassOverDaysOff() {
    let added = TrackedDaysEdit.daysToAdd(
      count: 2, kind: daily.kind, recordedDays: [day("2026-11-30")],
      daysOff: [day("2026-11-29"), day("2026-11-28")], today: day("2026-11-30"))
    #expect(added == [day("2026-11-27"), day("2026-11-26")])
  }
}

/// The day start hour (docs/rules.md): today is the wall-clock date, less one day before the hour.
@Suite("Day start hour")
struct DayStartTests {
  static let newYork = TimeZone(identifier: "America/New_York")!
  static let berlin = TimeZone(identifier: "Europe/Berlin")!

  /// The instant of a wall-clock time in `zone`.
  static func instant(_ iso: String, _ hour: Int, _ minute: Int = 0, in zone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = day(iso).components
    return calendar.date(
      from: DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: hour, minute: minute))!
  }

  @Test(arguments: [0, 3, 12])
  func beforeTheHourItIsStillTheDayBefore(hour: Int) {
    let start = DayStart(hour: hour)!
    for zone in [Self.newYork, Self.berlin, TimeZone(identifier: "UTC")!] {
      for iso in [
        "2026-12-01", "2027-01-01", "2028-03-01", "2027-03-14", "2027-03-28", "2027-11-07", "2027-10-31",
      ] {
        let date = day(iso)
        // A minute before the start hour belongs to the day before (at 00:00 that is 23:59 the evening before).
        let justBefore = Self.instant(iso, hour, in: zone).addingTimeInterval(-60)
        let atTheHour = Self.instant(iso, hour, in: zone)
        #expect(
          start.today(at: justBefore, in: zone) == date.adding(days: -1), "\(hour) \(iso) \(zone.identifier)")
        #expect(start.today(at: atTheHour, in: zone) == date, "\(hour) \(iso) \(zone.identifier)")
        #expect(start.today(at: Self.instant(iso, 23, 59, in: zone), in: zone) == date)
      }
    }
  }

  @Test func aHabitTickedAtHalfPastOneCountsForTheEveningBefore() {
    let instant = Self.instant("2026-12-02", 1, 30, in: Self.berlin)
    #expect(DayStart(hour: 3)!.today(at: instant, in: Self.berlin) == day("2026-12-01"))
    #expect(DayStart.midnight.today(at: instant, in: Self.berlin) == day("2026-12-02"))
  }

  @Test func onTheNightThatSkipsTheHourTheDayTurnsAtTheFirstMomentAfterIt() {
    // New York skips 02:00–03:00 on 2027-03-14: with a 02:00 start the day turns at 03:00 (EDT).
    let start = DayStart(hour: 2)!
    let beforeJump = Self.instant("2027-03-14", 1, 59, in: Self.newYork)
    let afterJump = beforeJump.addingTimeInterval(60)  // 03:00 EDT
    #expect(start.today(at: beforeJump, in: Self.newYork) == day("2027-03-13"))
    #expect(start.today(at: afterJump, in: Self.newYork) == day("2027-03-14"))
    #expect(start.start(of: day("2027-03-14"), in: Self.newYork) == afterJump)
  }

  @Test func onTheNightThatRepeatsAnHourBothPassesAreTheDayBefore() {
    // Berlin repeats 02:00–03:00 on 2027-10-31: with 03:00 both 02:30s are still Saturday's.
    let first = Self.instant("2027-10-31", 2, 30, in: Self.berlin)
    let start = DayStart(hour: 3)!
    #expect(start.today(at: first, in: Self.berlin) == day("2027-10-30"))
    #expect(start.today(at: first.addingTimeInterval(3600), in: Self.berlin) == day("2027-10-30"))
    #expect(start.today(at: first.addingTimeInterval(7200), in: Self.berlin) == day("2027-10-31"))
  }

  @Test func theSettingOffersMidnightToNoonInWholeHours() {
    #expect(DayStart.all.map(\.description).first == "00:00")
    #expect(DayStart.all.map(\.description).last == "12:00")
    #expect(DayStart.all.count == 13)
    #expect(DayStart(hour: 13) == nil)
    #expect(DayStart(hour: -1) == nil)
    #expect(DayStart("03:00") == DayStart(hour: 3))
    #expect(DayStart("3") == DayStart(hour: 3))
    #expect(DayStart("03:30") == nil)
    #expect(DayStart("13:00") == nil)
    #expect(DayStart("soon") == nil)
  }

  @Test(arguments: 0..<48)
  func everyHalfHourOfADayFollowsTheRule(halfHour: Int) {
    // A sweep of a whole day in Berlin, for every start hour.
    let instant = Self.instant("2027-06-15", 0, in: Self.berlin).addingTimeInterval(Double(halfHour) * 1800)
    for start in DayStart.all {
      let expected = halfHour / 2 < start.hour ? day("2027-06-14") : day("2027-06-15")
      #expect(start.today(at: instant, in: Self.berlin) == expected, "\(start) at \(halfHour)")
    }
  }
}
