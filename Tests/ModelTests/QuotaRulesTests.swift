import ModelTestSupport
import Testing
import TrackerModels

/// N times a week or a month (docs/rules.md). 2026-11-02 and 2026-11-30 are Mondays.
@Suite("Quota habits")
struct QuotaRulesTests {
  let thriceWeekly = quotaHabit("Gym", 3, per: .week)
  /// Week 1 (Nov 2–8) Mon, Wed, Fri: met. Week 2 Tue, Thu: not met. Week 3 Mon–Thu: met.
  /// Week 4 Sat, Sun: not met. Then Monday Nov 30.
  var gym: [TrackerRecord] {
    records(
      thriceWeekly,
      [
        "2026-11-02", "2026-11-04", "2026-11-06", "2026-11-10", "2026-11-12", "2026-11-16", "2026-11-17",
        "2026-11-18", "2026-11-19", "2026-11-28", "2026-11-29", "2026-11-30",
      ])
  }

  @Test func aQuotaIsOneToSixAWeekOrOneToThirtyAMonth() {
    #expect(Quota(0, per: .week) == nil)
    #expect(Quota(7, per: .week) == nil)
    #expect(Quota(6, per: .week)?.count == 6)
    #expect(Quota(30, per: .month)?.period == .month)
    #expect(Quota(31, per: .month) == nil)
  }

  @Test func aQuotaHabitIsShownAndCanBeTickedEveryDay() {
    for offset in 0..<7 {
      let date = day("2026-11-30").adding(days: offset)
      #expect(thriceWeekly.isDue(on: date))
      #expect(thriceWeekly.canBeTicked(on: date, today: day("2026-12-06")))
    }
    #expect(thriceWeekly.kind.isHabit)
    #expect(thriceWeekly.quota == Quota(3, per: .week))
  }

  @Test func aWeekRunsMondayToSundayAndAMonthIsItsCalendarMonth() {
    let week = Quota(1, per: .week)!
    #expect(week.days(containing: day("2026-12-31")) == day("2026-12-28")...day("2027-01-03"))
    let month = Quota(1, per: .month)!
    #expect(month.days(containing: day("2028-02-10")) == day("2028-02-01")...day("2028-02-29"))
    #expect(month.endsPeriod(day("2028-02-29")))
    #expect(!month.endsPeriod(day("2028-02-28")))
  }

  @Test func aMetPeriodKeepsTheStreakAndAPastPeriodNotMetResetsIt() {
    let figures = history(thriceWeekly, gym).figures(today: day("2026-11-30"))
    #expect(
      figures == TrackerStatistics(trackerID: thriceWeekly.id, completed: 12, currentStreak: 1, bestStreak: 6)
    )
  }

  @Test func theCurrentPeriodNeverResets() {
    #expect(history(thriceWeekly, gym).figures(today: day("2026-11-29")).currentStreak == 6)
    #expect(history(thriceWeekly, gym).figures(today: day("2026-11-28")).currentStreak == 5)
  }

  @Test func daysOffScaleAPeriodsQuotaByTheShareOfItsDaysLeftRoundedUp() {
    // Saturday Nov 14 off: week 2 asks 3 × 6/7 = 2.6, so 3, and has two: not met.
    let one = history(thriceWeekly, gym, off: ["2026-11-14"]).figures(today: day("2026-11-30"))
    #expect(one.bestStreak == 6 && one.currentStreak == 1)
    // Friday to Sunday off: 3 × 4/7 = 1.7, so 2: week 2 is met and the streak runs on.
    let three = history(thriceWeekly, gym, off: ["2026-11-13", "2026-11-14", "2026-11-15"])
      .figures(today: day("2026-11-30"))
    #expect(three.bestStreak == 11 && three.currentStreak == 1)
    // The month: 2 a month, 9 days off of 31, asks 2 × 22/31 = 1.4, so 2 — never 0.
    #expect(QuotaProgress.required(2, periodLength: 31, daysOff: 9) == 2)
    #expect(QuotaProgress.required(2, periodLength: 31, daysOff: 16) == 1)
    #expect(QuotaProgress.required(3, periodLength: 7, daysOff: 7) == 0)
    #expect(QuotaProgress.required(6, periodLength: 7, daysOff: 0) == 6)
  }

  /// Every count, period length and number of days off: the rule read literally, the smallest
  /// whole number at least N × (days not off) / (days of the period), never more than N.
  @Test(arguments: [7, 28, 29, 30, 31])
  func theQuotaAskedIsTheShareRoundedUpForAnyCountAndDaysOff(periodLength: Int) {
    for count in 1...(periodLength == 7 ? 6 : 30) {
      for off in 0...periodLength {
        let asked = QuotaProgress.required(count, periodLength: periodLength, daysOff: off)
        let share = Double(count) * Double(periodLength - off) / Double(periodLength)
        #expect(Double(asked) >= share && Double(asked - 1) < share && asked <= count, "\(count), \(off)")
      }
    }
  }

  @Test func aWeekOffMeetsNothingAndBreaksNothing() {
    let week2 = (0..<7).map { day("2026-11-09").adding(days: $0).iso }
    let kept = gym.filter { !week2.contains($0.day.iso) }
    let figures = history(thriceWeekly, kept, off: week2).figures(today: day("2026-11-27"))
    #expect(figures.currentStreak == 7)  // 3 in week 1, none in week 2, 4 in week 3
    #expect(figures.completed == 7)
  }

  @Test func aMonthlyQuotaIsJudgedAtTheMonthsEnd() {
    let twiceMonthly = quotaHabit("Call home", 2, per: .month, created: "2026-10-01")
    let calls = records(twiceMonthly, ["2026-10-05", "2026-10-31", "2026-11-03"])
    #expect(history(twiceMonthly, calls).figures(today: day("2026-11-30")).currentStreak == 3)
    let december = history(twiceMonthly, calls).figures(today: day("2026-12-01"))
    #expect(
      december == TrackerStatistics(trackerID: twiceMonthly.id, completed: 3, currentStreak: 0, bestStreak: 3)
    )
  }

  @Test func thePeriodsProgressCountsItsMetDaysAgainstNScaledByItsDaysOff() {
    let week = records(thriceWeekly, ["2026-11-30", "2026-12-02"])
    let progress = history(thriceWeekly, week).periodProgress(
      containing: day("2026-12-02"), today: day("2026-12-02"))
    #expect(
      progress
        == QuotaProgress(
          quota: Quota(3, per: .week)!, period: day("2026-11-30")...day("2026-12-06"), met: 2, daysOff: 0))
    #expect(progress?.required == 3)
    #expect(progress?.isMet == false)
    // One day off planned for Friday asks 3 × 6/7, still 3; Friday to Sunday off asks 2: met.
    let friday = history(thriceWeekly, week, off: ["2026-12-04"])
    #expect(friday.periodProgress(containing: day("2026-12-02"), today: day("2026-12-02"))?.isMet == false)
    let planned = history(thriceWeekly, week, off: ["2026-12-04", "2026-12-05", "2026-12-06"])
    #expect(planned.periodProgress(containing: day("2026-12-02"), today: day("2026-12-02"))?.isMet == true)
    #expect(
      history(habit("Run", weekdays), []).periodProgress(
        containing: day("2026-12-02"), today: day("2026-12-02")) == nil)
  }

  @Test func quotaHabitsTakeNoPartInPerfectDays() {
    let run = habit("Run", weekdays, created: "2026-11-23", id: 2)
    let gymmed = quotaHabit("Gym", 3, per: .week, created: "2026-11-23")
    let statistics = Statistics(
      trackers: [run, gymmed], records: records(run, ["2026-11-24"]) + records(gymmed, ["2026-11-25"]),
      today: day("2026-11-30"))
    #expect(statistics.perfectDays == 1)  // Tuesday: Run done; the gym is not asked
    let alone = Statistics(
      trackers: [gymmed], records: records(gymmed, ["2026-11-25"]), today: day("2026-11-30"))
    #expect(alone.perfectDays == 0)
    #expect(alone.completed == 1)
  }

  @Test func theReminderExpectsAQuotaHabitUntilItsPeriodIsMet() {
    let twice = quotaHabit("Swim", 2, per: .week, created: "2026-11-23")
    let today = day("2026-12-02")
    func progress(_ days: [String]) -> ReminderSettings.Progress {
      ReminderSettings.progress(on: today, histories: [history(twice, records(twice, days))], today: today)
    }
    #expect(progress(["2026-11-30"]) == .init(done: 0, due: 1))
    #expect(progress(["2026-11-30", "2026-12-02"]) == .init(done: 1, due: 1))
    #expect(progress(["2026-11-30", "2026-12-01"]) == .init(done: 0, due: 0))
    #expect(progress([]) == .init(done: 0, due: 1))
  }

  @Test func aGainedDayOfAQuotaHabitIsAnyDay() {
    let added = TrackedDaysEdit.recordsToAdd(
      count: 2, history: history(thriceWeekly, records(thriceWeekly, ["2026-11-30"])),
      today: day("2026-11-30"))
    #expect(added == records(thriceWeekly, ["2026-11-29", "2026-11-28"]))
  }

  @Test func aQuotaHabitsRecordDaysGiveTheSameFiguresAsItsHistory() {
    let figures = TrackerStatistics(
      tracker: thriceWeekly, recordDays: gym.map(\.day), today: day("2026-11-30"))
    #expect(figures == history(thriceWeekly, gym).figures(today: day("2026-11-30")))
  }

  @Test func theSummariesPathReadsAQuotaHabitDayByDay() throws {
    let run = habit("Run", weekdays, id: 2)
    let all = gym + records(run, ["2026-11-27", "2026-11-30"])
    let summaries = [thriceWeekly, run].map { tracker in
      TrackerStreakSummary(
        tracker: tracker, recordDays: all.filter { $0.trackerID == tracker.id }.map(\.day).sorted())
    }
    // The day summaries count every record, the quota habit's too (as the store keeps them: its
    // days are every day); the day-by-day part takes its own back out.
    let days = Dictionary(grouping: all, by: \.day).map { day, records in
      DaySummary(day: day, records: records.count, doneDueHabits: records.count)
    }.sorted { $0.day < $1.day }
    let fromSummaries = try Statistics(summaries: summaries, days: days, today: day("2026-11-30")) {
      tracker in
      all.filter { $0.trackerID == tracker.id }
    }

    #expect(
      fromSummaries == Statistics(trackers: [thriceWeekly, run], records: all, today: day("2026-11-30")))
    #expect(fromSummaries.trackers[0].bestStreak == 6)
  }

  /// Days across four years, month and year ends and a leap day among them.
  static let sweep: [Day] =
    (0..<120).map { day("2026-11-02").adding(days: $0 * 11) } + [
      day("2028-02-29"), day("2027-12-31"), day("2028-01-01"), day("2026-12-27"),
    ]

  @Test(arguments: sweep)
  func periodsHoldTheirDaysAndAWeeklyHabitKeptEveryWeekNeverResets(today: Day) {
    let week = Quota(1, per: .week)!.days(containing: today)
    #expect(week.contains(today) && week.lowerBound.weekday == .monday)
    #expect(week.lowerBound.days(to: week.upperBound) == 6)
    let month = Quota(1, per: .month)!.days(containing: today)
    #expect(month.contains(today) && month.lowerBound.day == 1 && month.upperBound.day == today.daysInMonth)
    #expect(Quota(1, per: .month)!.endsPeriod(today) == (today == month.upperBound))
    // Once a week, every Wednesday since Wednesday 2026-11-04.
    let weekly = quotaHabit("Weekly", 1, per: .week)
    let wednesdays = stride(from: 2, through: day("2026-11-02").days(to: today), by: 7).map {
      TrackerRecord(trackerID: weekly.id, day: day("2026-11-02").adding(days: $0))
    }
    let figures = history(weekly, wednesdays).figures(today: today)
    #expect(figures.currentStreak == wednesdays.count)
    #expect(figures.bestStreak == wednesdays.count)
  }
}
