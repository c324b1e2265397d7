import ModelTestSupport
import Testing
import TrackerModels

/// The four statistics as of today T (docs/rules.md).
@Suite("Statistics")
struct StatisticsTests {
  @Test func emptyDataGivesZeroEverywhere() {
    let statistics = Statistics(trackers: [], records: [], today: day("2026-11-30"))
    #expect(statistics == Statistics(bestPeriod: 0, perfectDays: 0, completed: 0, average: 0, trackers: []))
    #expect(statistics.isEmpty)
  }

  @Test func trackersWithoutRecordsGiveZeroEverywhere() {
    let run = habit("Run", Weekday.allCases)
    let statistics = Statistics(trackers: [run], records: [], today: day("2026-11-30"))
    #expect(statistics.isEmpty)
    #expect(
      statistics.trackers == [
        TrackerStatistics(trackerID: run.id, completed: 0, currentStreak: 0, bestStreak: 0)
      ])
  }

  @Test func bestPeriodIsTheHighestBestStreakOfAnyTracker() {
    let run = habit("Run", Weekday.allCases, id: 1)
    let read = habit("Read", Weekday.allCases, id: 2)
    let history =
      records(run, ["2026-11-01", "2026-11-02"])
      + records(read, ["2026-11-05", "2026-11-06", "2026-11-07"])
    let statistics = Statistics(
      trackers: [run, read], records: history.sorted { $0.day < $1.day }, today: day("2026-11-30"))
    #expect(statistics.bestPeriod == 3)
  }

  @Test func perfectDaysNeedEveryDueHabitDone() {
    // Monday 2026-11-23: both due, both done. Tuesday: only "run" due and done.
    // Wednesday: both due, only one done. Thursday: both due, none done.
    let run = habit("Run", Weekday.allCases, id: 1)
    let read = habit("Read", [.monday, .wednesday, .thursday], id: 2)
    let history = records(run, ["2026-11-23", "2026-11-24", "2026-11-25"]) + records(read, ["2026-11-23"])
    let statistics = Statistics(trackers: [run, read], records: history, today: day("2026-11-30"))
    #expect(statistics.perfectDays == 2)
  }

  @Test func aHabitIsNotDueBeforeItsFirstDay() {
    // "Read" is created on the 25th: on the 23rd and 24th only "Run" is due.
    let run = habit("Run", Weekday.allCases, created: "2026-11-01", id: 1)
    let read = habit("Read", Weekday.allCases, created: "2026-11-25", id: 2)
    let history = records(run, ["2026-11-23", "2026-11-24", "2026-11-25"])
    let statistics = Statistics(trackers: [run, read], records: history, today: day("2026-11-30"))
    #expect(statistics.perfectDays == 2)
  }

  @Test func anOldRecordMakesAHabitDueFromThatDay() {
    // "Read" was created on the 25th but has a record on the 20th: from the 20th it is due.
    let run = habit("Run", Weekday.allCases, created: "2026-11-01", id: 1)
    let read = habit("Read", Weekday.allCases, created: "2026-11-25", id: 2)
    let history = records(run, ["2026-11-19", "2026-11-20", "2026-11-21"]) + records(read, ["2026-11-20"])
    let statistics = Statistics(
      trackers: [run, read], records: history.sorted { $0.day < $1.day }, today: day("2026-11-30"))
    #expect(statistics.perfectDays == 2)  // the 19th (read not yet due) and the 20th; not the 21st
  }

  @Test func eventsCountInStreaksButNotInPerfectDays() {
    let run = habit("Run", [.monday], id: 1)
    let postcard = event("Postcard", id: 2)
    // Monday: run done, event not done → perfect. Tuesday: only the event → not perfect.
    let history =
      records(run, ["2026-11-23"]) + records(postcard, ["2026-11-24", "2026-11-25", "2026-11-26"])
    let statistics = Statistics(trackers: [run, postcard], records: history, today: day("2026-11-26"))
    #expect(statistics.perfectDays == 1)
    #expect(statistics.bestPeriod == 3)
    #expect(statistics.completed == 4)
  }

  @Test func onlyEventsGiveNoPerfectDays() {
    let postcard = event("Postcard")
    let statistics = Statistics(
      trackers: [postcard], records: records(postcard, ["2026-11-28", "2026-11-29"]), today: day("2026-11-30")
    )
    #expect(
      statistics
        == Statistics(
          bestPeriod: 2, perfectDays: 0, completed: 2, average: 1,
          trackers: [TrackerStatistics(trackerID: postcard.id, completed: 2, currentStreak: 2, bestStreak: 2)]
        ))
    #expect(!statistics.isEmpty)
  }

  @Test func completedCountsRecordsUpToToday() {
    let run = habit("Run", Weekday.allCases)
    let history = records(run, ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"])
    #expect(Statistics(trackers: [run], records: history, today: day("2026-11-30")).completed == 3)
  }

  @Test func averageIsRecordsPerDayWithARecordShownWithOneDecimal() {
    let run = habit("Run", Weekday.allCases, id: 1)
    let read = habit("Read", Weekday.allCases, id: 2)
    let walk = habit("Walk", Weekday.allCases, id: 3)
    // 3 days with records; 1 + 2 + 1 = 4 records: 1.333… → 1.3.
    let history = records(run, ["2026-11-01", "2026-11-02", "2026-11-03"]) + records(read, ["2026-11-02"])
    let statistics = Statistics(
      trackers: [run, read, walk], records: history.sorted { $0.day < $1.day }, today: day("2026-11-30"))
    #expect(statistics.average == 4.0 / 3.0)
    #expect(statistics.averageToOneDecimal == 1.3)
    // 5 records on 2 days: 2.5 stays 2.5; 7 on 4 days: 1.75 rounds half away from zero to 1.8.
    let five =
      records(run, ["2026-11-01", "2026-11-02"]) + records(read, ["2026-11-01", "2026-11-02"])
      + records(walk, ["2026-11-02"])
    #expect(
      Statistics(
        trackers: [run, read, walk], records: five.sorted { $0.day < $1.day }, today: day("2026-11-30")
      ).averageToOneDecimal == 2.5)
    let seven =
      records(run, ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"])
      + records(read, ["2026-11-01", "2026-11-02", "2026-11-03"])
    #expect(
      Statistics(trackers: [run, read], records: seven.sorted { $0.day < $1.day }, today: day("2026-11-30"))
        .averageToOneDecimal == 1.8)
  }

  @Test func unsortedRecordsGiveTheSameResultAsSortedOnes() {
    let run = habit("Run", [.monday, .wednesday], id: 1)
    let postcard = event("Postcard", id: 2)
    let history =
      records(run, ["2026-11-25", "2026-11-23", "2026-11-30"])
      + records(postcard, ["2026-11-24", "2026-11-02"])
    let today = day("2026-11-30")
    #expect(
      Statistics(trackers: [run, postcard], records: history, today: today)
        == Statistics(trackers: [run, postcard], records: history.sorted { $0.day < $1.day }, today: today))
  }

  @Test func recordsOfUnknownTrackersAreIgnored() {
    let run = habit("Run", Weekday.allCases, id: 1)
    let stranger = habit("Gone", Weekday.allCases, id: 99)
    let history = records(run, ["2026-11-29"]) + records(stranger, ["2026-11-29", "2026-11-30"])
    let statistics = Statistics(trackers: [run], records: history, today: day("2026-11-30"))
    #expect(statistics.completed == 1)
  }
}
