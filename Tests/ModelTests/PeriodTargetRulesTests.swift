import ModelTestSupport
import Testing
import TrackerModels

/// Period targets (docs/rules.md, "Period targets"): "at least 50,000 steps a week", the
/// period's sum against the target. 2026-09-14 and 2026-11-30 are Mondays.
@Suite("Period targets")
struct PeriodTargetRulesTests {
  func stepsHabit(
    _ target: String, per period: Quota.Period, _ direction: MeasureDirection = .atLeast,
    created: String = "2026-09-14"
  ) -> Tracker {
    var tracker = habit("Steps", Weekday.allCases, created: created)
    let goal = try? MeasureGoal(unit: "steps", target: amount(target), direction: direction, period: period)
    tracker.measure = goal.map(TrackerMeasure.measurable) ?? .yesNo
    return tracker
  }

  func daily(_ tracker: Tracker, _ value: String, from: String, days: Int) -> [TrackerRecord] {
    (0..<days).map {
      TrackerRecord(trackerID: tracker.id, day: day(from).adding(days: $0), amount: amount(value))
    }
  }

  /// The figure: 8,000 steps every day meets 50,000 a week every week.
  @Test func eightThousandStepsADayMeetFiftyThousandAWeekEveryWeek() {
    let steps = stepsHabit("50000", per: .week)
    let history = history(steps, daily(steps, "8000", from: "2026-09-14", days: 84))
    let today = day("2026-12-06")
    let figures = history.figures(today: today)
    #expect(figures.completed == 84)
    #expect(figures.bestStreak == 84)
    #expect(figures.currentStreak == 84)
    #expect(history.cardDayCount(today: today) == 84)
  }

  @Test func theWeeksSumSoFarIsShownAndMeetsTheTargetOnceItReachesIt() throws {
    let steps = stepsHabit("50000", per: .week)
    let records = daily(steps, "8000", from: "2026-11-30", days: 7)
    let history = history(steps, records)
    let thursday = day("2026-12-03")
    let sum = try #require(history.periodSum(containing: thursday, today: thursday))
    #expect(sum.sum == amount("32000"))
    #expect(sum.required == amount("50000"))
    #expect(!sum.isMet)
    #expect(!history.isMet(on: day("2026-11-30"), today: thursday))
    // Saturday: 48,000. Sunday: 56,000, and every day of the week is met.
    #expect(!history.isMet(on: day("2026-12-05"), today: day("2026-12-05")))
    #expect(history.isMet(on: day("2026-11-30"), today: day("2026-12-06")))
    #expect(history.isMet(on: day("2026-12-06"), today: day("2026-12-06")))
  }

  @Test func aWeekBelowItsTargetResetsTheStreakOnceItHasEnded() {
    let steps = stepsHabit("50000", per: .week)
    // Week of Nov 16 walks 40,000: reset on its Sunday. The week of Nov 23 meets again.
    let records =
      daily(steps, "8000", from: "2026-11-09", days: 7) + daily(steps, "5000", from: "2026-11-16", days: 7)
      + daily(steps, "9000", from: "2026-11-23", days: 7)
    let history = history(steps, records)
    let figures = history.figures(today: day("2026-11-29"))
    #expect(figures.bestStreak == 7)
    #expect(figures.currentStreak == 7)
    // The current week, not met yet, never resets: Wednesday Dec 2 keeps the 7.
    #expect(history.figures(today: day("2026-12-02")).currentStreak == 7)
  }

  @Test func daysOffScaleThePeriodsTargetRoundedUpToAThousandth() throws {
    let steps = stepsHabit("50000", per: .week)
    // Two days off: 50,000 × 5/7 = 35,714.2857…, asked 35,714.286.
    let history = history(
      steps, daily(steps, "7200", from: "2026-11-30", days: 5), off: ["2026-12-05", "2026-12-06"])
    let sum = try #require(history.periodSum(containing: day("2026-12-01"), today: day("2026-12-06")))
    #expect(sum.required == amount("35714.286"))
    #expect(sum.sum == amount("36000"))
    #expect(sum.isMet)
    #expect(history.isMet(on: day("2026-12-04"), today: day("2026-12-06")))
    #expect(!history.isMet(on: day("2026-12-05"), today: day("2026-12-06")), "a day off is never met")
  }

  /// A week wholly off asks for nothing: it meets nothing and breaks nothing, as a quota's.
  @Test func aWeekWhollyOffNeitherAddsNorBreaksTheStreak() {
    let steps = stepsHabit("50000", per: .week, created: "2026-11-16")
    let off = (0..<7).map { day("2026-11-23").adding(days: $0).iso }
    let history = history(steps, daily(steps, "8000", from: "2026-11-16", days: 7), off: off)
    #expect(history.figures(today: day("2026-12-02")).currentStreak == 7)
    let sum = history.periodSum(containing: day("2026-11-25"), today: day("2026-12-02"))
    #expect(sum?.asksSomething == false && sum?.isMet == false)
  }

  /// Sums past the largest amount a day may hold stay exact: three days of 999,999,999.999 are
  /// far over a month's limit of that much.
  @Test func aSumPastTheLargestAmountIsExact() throws {
    let most = stepsHabit("999999999.999", per: .month, .atMost, created: "2026-11-01")
    let records = ["2026-11-02", "2026-11-03", "2026-11-04"].map {
      TrackerRecord(trackerID: most.id, day: day($0), amount: .maximum)
    }
    let sum = try #require(
      history(most, records).periodSum(containing: day("2026-11-15"), today: day("2026-12-06")))
    #expect(sum.thousandths == 3 * Amount.maximum.thousandths)
    #expect(!sum.isMet)
    #expect(!history(most, records).isMet(on: day("2026-11-15"), today: day("2026-12-06")))
  }

  /// Period targets take no part in the perfect days: their days are judged by the period, not
  /// each on its own (a month's at-most is judged only once the month has ended).
  @Test func periodTargetsTakeNoPartInThePerfectDays() {
    let run = habit("Run", Weekday.allCases, created: "2026-12-01", id: 2)
    let glass = stepsHabit("10", per: .month, .atMost, created: "2026-12-01")
    let records =
      (0..<5).map { TrackerRecord(trackerID: run.id, day: day("2026-12-01").adding(days: $0)) }
      + [TrackerRecord(trackerID: glass.id, day: day("2026-12-01"), amount: amount("20"))]
    let withGlass = Statistics(trackers: [run, glass], records: records, today: day("2026-12-06"))
    let alone = Statistics(
      trackers: [run], records: records.filter { $0.trackerID == run.id }, today: day("2026-12-06"))
    #expect(withGlass.perfectDays == alone.perfectDays)
  }

  @Test func anAtMostPeriodIsJudgedWhenItHasEnded() {
    let drinks = stepsHabit("10", per: .week, .atMost)
    let records =
      daily(drinks, "1", from: "2026-11-23", days: 7) + daily(drinks, "2", from: "2026-11-30", days: 6)
    let history = history(drinks, records)
    let sunday = day("2026-12-06")
    #expect(history.isMet(on: day("2026-11-23"), today: sunday))
    #expect(!history.isMet(on: day("2026-11-30"), today: sunday), "the current week has not ended")
    #expect(!history.isExpected(on: day("2026-12-01"), today: sunday))
    #expect(history.isMet(on: day("2026-11-30"), today: day("2026-12-07")) == false, "12 is more than 10")
  }

  @Test func aMonthsTargetSumsTheCalendarMonth() throws {
    let cycling = stepsHabit("200", per: .month, created: "2026-11-01")
    let history = history(cycling, daily(cycling, "7", from: "2026-11-01", days: 30))
    let sum = try #require(history.periodSum(containing: day("2026-11-15"), today: day("2026-12-06")))
    #expect(sum.period == day("2026-11-01")...day("2026-11-30"))
    #expect(sum.sum == amount("210"))
    #expect(history.figures(today: day("2026-12-06")).bestStreak == 30)
  }

  @Test func aPeriodTargetTakesNoQuotaNoWindowAndNoEvent() throws {
    let goal = try MeasureGoal(unit: "km", target: amount("20"), direction: .atLeast, period: .week)
    let measure = TrackerMeasure.measurable(goal)
    #expect(Tracker.paceConflict(kind: .habit(.everyDay), measure: measure) == nil)
    #expect(Tracker.paceConflict(kind: .habit(Schedule([.monday, .friday])!), measure: measure) == nil)
    #expect(
      Tracker.paceConflict(kind: .habit(Schedule(quota: Quota(3, per: .week)!)), measure: measure)
        == .periodTargetWithQuota)
    #expect(
      Tracker.paceConflict(kind: .habit(Schedule(window: TimesInDays(1, in: 2)!)), measure: measure)
        == .windowOnMeasurable)
    #expect(Tracker.paceConflict(kind: .event, measure: measure) == .periodTargetOnEvent)
  }

  /// Random amounts and days off, weeks and months, at least and at most: every day's verdict is
  /// the literal rule — due, not off, on or after the first day, not after today, and its
  /// period's entered sum (the days off scaling the target) meets the target, an at-most period
  /// only once ended; the streak walks those verdicts, a past period not met resetting it.
  @Test(arguments: 0..<40)
  func everyDayFollowsThePeriodsSum(seed: Int) {
    var random = SplitMix(seed: UInt64(seed) &* 104_729 &+ 3)
    let period: Quota.Period = seed % 2 == 0 ? .week : .month
    let direction: MeasureDirection = seed % 4 < 2 ? .atLeast : .atMost
    let target = 1 + random.next(upTo: 60)
    let tracker = stepsHabit(String(target), per: period, direction, created: "2026-07-01")
    var records: [TrackerRecord] = []
    var off: [String] = []
    var amounts: [Day: Int] = [:]
    let first = day("2026-07-01")
    for offset in 0..<150 {
      let date = first.adding(days: offset)
      switch random.next(upTo: 10) {
      case 0..<5:
        let value = random.next(upTo: 15)
        records.append(TrackerRecord(trackerID: tracker.id, day: date, amount: Amount(units: value)))
        amounts[date] = value
      case 9: off.append(date.iso)
      default: break
      }
    }
    let today = first.adding(days: 100 + random.next(upTo: 50))
    let history = history(tracker, records, off: off)
    let offDays = Set(off.map(day))
    func periodMet(_ date: Day) -> Bool {
      let days = Quota.days(of: period, containing: date)
      var sum = 0
      var daysOff = 0
      var cursor = max(days.lowerBound, first)
      while cursor <= days.upperBound {
        if cursor <= today { sum += amounts[cursor] ?? 0 }
        if offDays.contains(cursor) { daysOff += 1 }
        cursor = cursor.adding(days: 1)
      }
      let length = days.lowerBound.days(to: days.upperBound) + 1
      let asked = Double(target) * Double(length - daysOff) / Double(length)
      switch direction {
      case .atLeast: return asked > 0 && Double(sum) >= asked - 0.0005
      case .atMost: return days.upperBound < today && Double(sum) <= asked + 0.0005
      }
    }
    var streak = 0
    var best = 0
    var met = 0
    var date = first
    while date <= today {
      let expected = !offDays.contains(date) && periodMet(date)
      #expect(history.isMet(on: date, today: today) == expected, "seed \(seed) \(date.iso)")
      if expected {
        streak += 1
        met += 1
      }
      best = max(best, streak)
      if Quota.endsPeriod(period, date), date < today, !periodMet(date) { streak = 0 }
      date = date.adding(days: 1)
    }
    #expect(
      history.figures(today: today)
        == TrackerStatistics(trackerID: tracker.id, completed: met, currentStreak: streak, bestStreak: best),
      "seed \(seed)")
  }
}
