import ModelTestSupport
import Testing
import TrackerModels

/// "N times in Y days" as Loop Habit Tracker counts it (docs/rules.md, "N times in Y days"),
/// checked against Loop's own unit tests and, on random histories, against `LoopOracle`: Loop's
/// Kotlin transcribed in its own shape.
@Suite("Window habits (Loop's N times in Y days)")
struct WindowRulesTests {
  static let today = day("2026-12-06")

  func windowHabit(_ count: Int, in days: Int, created: String = "2025-01-01") -> Tracker {
    Tracker(
      id: ModelTestSupport.id(7), name: "Gym", emoji: TrackerEmoji.all[1], color: TrackerColor.palette[1],
      categoryID: ModelTestSupport.id(90), createdOn: day(created),
      kind: .habit(Schedule(window: TimesInDays(count, in: days)!)))
  }

  /// Loop's `day(offset)`: `offset` days before today.
  func ago(_ offset: Int) -> Day { Self.today.adding(days: -offset) }

  @Test func aWindowIsTwoToThirtyOneDaysAndAsksFewerTimesThanItsDays() {
    #expect(TimesInDays(1, in: 1) == nil)
    #expect(TimesInDays(1, in: 2)?.days == 2)
    #expect(TimesInDays(2, in: 2) == nil)
    #expect(TimesInDays(0, in: 7) == nil)
    #expect(TimesInDays(30, in: 31)?.count == 30)
    #expect(TimesInDays(1, in: 32) == nil)
  }

  @Test func aWindowHabitIsShownEveryDayAndTakesNoMeasure() {
    let gym = windowHabit(3, in: 7)
    #expect(gym.isDue(on: Self.today))
    #expect(gym.anyDayMayCount)
    #expect(gym.isJudgedDayByDay)
    var measured = gym
    measured.measure = .measurable(goal("km", "5", .atLeast))
    #expect(measured.paceConflict == .windowOnMeasurable)
    #expect(gym.paceConflict == nil)
  }

  /// Loop's `testComputeBoolean`: 1 in 3 days, checked 4, 9 and 10 days ago.
  @Test func loopsComputeBooleanExampleFillsTheSameDays() {
    let habit = windowHabit(1, in: 3)
    let history = TrackerHistory(
      tracker: habit, records: [4, 9, 10].map { TrackerRecord(trackerID: habit.id, day: ago($0)) })
    let met = (0...14).filter { history.isMet(on: ago($0), today: Self.today) }
    #expect(met == [2, 3, 4, 7, 8, 9, 10, 11, 12])
  }

  /// Loop's `testBuildIntervals1` (1 in 7) and `testSnapIntervalsTogether`: the older window that
  /// reaches into a newer one slides back.
  @Test func overlappingWindowsSlideBackAsLoopSnapsThem() {
    let window = TimesInDays(1, in: 7)!
    let windows = window.filledWindows(checkIns: [ago(23), ago(18), ago(8)])
    #expect(windows == [ago(8)...ago(2), ago(18)...ago(12), ago(25)...ago(19)])
    // testBuildIntervals3, 2 in 7: Loop's own expected windows, before they snap together.
    let checkIns = [ago(23), ago(22), ago(18), ago(15), ago(8)]
    let entries = checkIns.reversed().map { LoopOracle.Entry($0.daysSinceEpoch, LoopOracle.yesManual) }
    var loops = LoopOracle.buildIntervals(2, 7, entries)
    #expect(
      loops
        == [(18, 15, 12), (22, 18, 16), (23, 22, 17)].map {
          LoopOracle.Interval(ago($0.0).daysSinceEpoch, ago($0.1).daysSinceEpoch, ago($0.2).daysSinceEpoch)
        })
    LoopOracle.snapIntervalsTogether(&loops)
    #expect(
      TimesInDays(2, in: 7)!.filledWindows(checkIns: checkIns)
        == loops.map { Day(daysSinceEpoch: $0.begin)...Day(daysSinceEpoch: $0.end) })
  }

  /// The oracle passes Loop's own tests of its parts (`testSnapIntervalsTogether1` and `2`,
  /// `testAddFromInterval`), offsets as Loop's `day(offset)`: days before today.
  @Test func theOracleIsLoopsOwnCode() {
    func interval(_ parts: (Int, Int, Int)) -> LoopOracle.Interval {
      LoopOracle.Interval(-parts.0, -parts.1, -parts.2)
    }
    var first = [(8, 8, 2), (12, 12, 6), (20, 20, 14), (27, 27, 21)].map(interval)
    LoopOracle.snapIntervalsTogether(&first)
    #expect(first == [(8, 8, 2), (15, 12, 9), (22, 20, 16), (29, 27, 23)].map(interval))
    var second = [(6, 4, 0), (11, 8, 5)].map(interval)
    LoopOracle.snapIntervalsTogether(&second)
    #expect(second == [(6, 4, 0), (13, 8, 7)].map(interval))
    let (yes, no, auto, unknown) = (
      LoopOracle.yesManual, LoopOracle.no, LoopOracle.yesAuto, LoopOracle.unknown
    )
    let entries = [(1, yes), (2, no), (4, no), (5, yes), (10, yes), (11, no)].map {
      LoopOracle.Entry(-$0.0, $0.1)
    }
    let built = LoopOracle.buildEntriesFromInterval(
      entries, [(2, 2, 1), (6, 5, 4), (10, 8, 8)].map(interval))
    let expected = [
      (1, yes), (2, auto), (3, unknown), (4, auto), (5, yes), (6, auto), (7, unknown), (8, auto), (9, auto),
      (10, yes), (11, no),
    ].map { LoopOracle.Entry(-$0.0, $0.1) }
    #expect(built == expected)
  }

  /// Loop's `testBuildIntervals4`: a skip is no check-in (1 in 3; checked 10 and 30 days ago,
  /// skipped 20 days ago).
  @Test func aDayOffIsNoCheckInAndIsNotMetInsideAWindow() {
    let habit = windowHabit(1, in: 3)
    let history = TrackerHistory(
      tracker: habit, records: [10, 30].map { TrackerRecord(trackerID: habit.id, day: ago($0)) },
      daysOff: [
        TrackerDayOff(trackerID: habit.id, day: ago(20)), TrackerDayOff(trackerID: habit.id, day: ago(9)),
      ])
    #expect(history.isMet(on: ago(8), today: Self.today))
    #expect(!history.isMet(on: ago(9), today: Self.today))
    #expect(!history.isMet(on: ago(20), today: Self.today))
    #expect(!history.isMet(on: ago(19), today: Self.today))
  }

  /// The figure: "1 in 2 days" done every other day for 12 weeks is an 84-day streak.
  @Test func oneInTwoDaysEveryOtherDayForTwelveWeeksIsAnEightyFourDayStreak() {
    let habit = windowHabit(1, in: 2, created: "2026-09-14")
    let start = day("2026-09-14")
    let checks = stride(from: 0, to: 84, by: 2).map {
      TrackerRecord(trackerID: habit.id, day: start.adding(days: $0))
    }
    let figures = TrackerHistory(tracker: habit, records: checks).figures(today: start.adding(days: 83))
    #expect(figures.bestStreak == 84)
    #expect(figures.currentStreak == 84)
    #expect(figures.completed == 84)
    // As a calendar quota of 4 a week, the same days were a 42-day count with weeks met.
    let quota = TrackerHistory(
      tracker: quotaHabit("Run", 4, per: .week, created: "2026-09-14", id: 7), records: checks
    ).figures(today: start.adding(days: 83))
    #expect(quota.completed == 42)
  }

  /// A window's days after today are not met yet: a day counts once it has come.
  @Test func aWindowFillsNoDayAfterToday() {
    let habit = windowHabit(1, in: 7)
    let history = TrackerHistory(tracker: habit, records: [TrackerRecord(trackerID: habit.id, day: ago(1))])
    #expect(history.isMet(on: Self.today, today: Self.today))
    #expect(!history.isMet(on: Self.today.adding(days: 1), today: Self.today))
    #expect(history.figures(today: Self.today).currentStreak == 2)
  }

  @Test func windowProgressCountsTheCheckInsOfTheLastYDays() throws {
    let habit = windowHabit(2, in: 10)
    let history = TrackerHistory(
      tracker: habit, records: [12, 5].map { TrackerRecord(trackerID: habit.id, day: ago($0)) })
    let progress = try #require(history.windowProgress(on: Self.today, today: Self.today))
    #expect(progress.checkIns == 1)
    #expect(progress.window == TimesInDays(2, in: 10))
    #expect(!progress.isFilled)
  }

  /// A day off that a filled window covers is covered (its card says the window is met) but not
  /// met (a day off neither adds nor breaks); a day ahead is covered by nothing yet.
  @Test func aDayOffAWindowCoversIsCoveredButNotMetAndADayAheadIsNotCovered() throws {
    let habit = windowHabit(2, in: 10)
    let history = TrackerHistory(
      tracker: habit, records: [3, 2, 1].map { TrackerRecord(trackerID: habit.id, day: ago($0)) },
      daysOff: [TrackerDayOff(trackerID: habit.id, day: Self.today)])
    let progress = try #require(history.windowProgress(on: Self.today, today: Self.today))
    #expect(progress.checkIns == 3 && progress.isFilled)
    #expect(!history.isMet(on: Self.today, today: Self.today))
    let ahead = try #require(history.windowProgress(on: Self.today.adding(days: 1), today: Self.today))
    #expect(ahead.checkIns == 3 && !ahead.isFilled)
  }

  /// A month-long window (30 or 31) is its beginning's month long, as in Loop.
  @Test func aThirtyDayWindowIsAsLongAsTheMonthItBeginsIn() {
    let window = TimesInDays(1, in: 30)!
    #expect(window.filledWindows(checkIns: [day("2027-02-03")]) == [day("2027-02-03")...day("2027-03-02")])
    #expect(window.filledWindows(checkIns: [day("2027-01-31")]) == [day("2027-01-31")...day("2027-02-27")])
    #expect(window.filledWindows(checkIns: [day("2026-12-10")]) == [day("2026-12-10")...day("2027-01-09")])
  }

  /// Random check-ins and days off for random windows: every day's verdict is Loop's (a day is met
  /// when Loop computes it YES_MANUAL or YES_AUTO); without days off every streak is one of
  /// Loop's, cut at today.
  @Test(arguments: 0..<60)
  func everyDayAndStreakIsLoopsOnRandomHistories(seed: Int) {
    var random = SplitMix(seed: UInt64(seed) &* 7919 &+ 17)
    let days = TimesInDays.allowedDays.lowerBound + random.next(upTo: 30)
    let count = 1 + random.next(upTo: days - 1)
    let created = day("2026-06-01")
    let habit = Tracker(
      id: ModelTestSupport.id(3), name: "Random", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: ModelTestSupport.id(90), createdOn: created,
      kind: .habit(Schedule(window: TimesInDays(count, in: days)!)))
    let span = 120 + random.next(upTo: 60)
    let density = 1 + random.next(upTo: 5)
    let withDaysOff = seed % 2 == 0
    var records: [TrackerRecord] = []
    var off: [TrackerDayOff] = []
    var original: [LoopOracle.Entry] = []
    for offset in 0..<span {
      let date = created.adding(days: offset)
      let roll = random.next(upTo: 10)
      if roll < density {
        records.append(TrackerRecord(trackerID: habit.id, day: date))
        original.append(LoopOracle.Entry(date.daysSinceEpoch, LoopOracle.yesManual))
      } else if withDaysOff, roll == 9 {
        off.append(TrackerDayOff(trackerID: habit.id, day: date))
        original.append(LoopOracle.Entry(date.daysSinceEpoch, LoopOracle.skip))
      }
    }
    let today = created.adding(days: span - 1 - random.next(upTo: 20))
    let history = TrackerHistory(tracker: habit, records: records, daysOff: off)
    // Loop sees the records up to today (ours ignores the ones after).
    let seen = original.filter { $0.timestamp <= today.daysSinceEpoch }
    let computed = LoopOracle.computed(seen, numerator: count, denominator: days)
    let loopMet = Set(
      computed.filter { $0.value == LoopOracle.yesManual || $0.value == LoopOracle.yesAuto }.map(\.timestamp))
    // Loop slides a window back past the first check-in; those days are met here too.
    var day = Day(daysSinceEpoch: min(created.daysSinceEpoch, loopMet.min() ?? created.daysSinceEpoch))
    #expect(history.firstDay(today: today) == day || loopMet.isEmpty, "seed \(seed)")
    while day <= today {
      #expect(
        history.isMet(on: day, today: today) == loopMet.contains(day.daysSinceEpoch),
        "seed \(seed), \(count) in \(days), \(day) as of \(today)")
      day = day.adding(days: 1)
    }
    guard !withDaysOff else { return }
    let streaks = LoopOracle.streaks(computed, from: loopMet.min() ?? 0, to: today.daysSinceEpoch)
    let lengths = streaks.map { $0.end - $0.begin + 1 }
    let figures = history.figures(today: today)
    #expect(figures.bestStreak == (lengths.max() ?? 0), "seed \(seed)")
    // The current streak: Loop's streak ending today, or yesterday while today is not met yet.
    let current = streaks.first { $0.end >= today.daysSinceEpoch - 1 }.map { $0.end - $0.begin + 1 } ?? 0
    #expect(figures.currentStreak == current, "seed \(seed)")
    // Loop's windows may reach past today; a day counts here once it has come.
    #expect(figures.completed == loopMet.filter { $0 <= today.daysSinceEpoch }.count, "seed \(seed)")
  }
}
