import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerSQLite
import TrackerSchema

@testable import TrackerStore

/// A habit of `count` check-ins in `days` days (Loop's window rule).
func windowHabit(_ name: String, id number: Int, _ count: Int, in days: Int) -> Tracker {
  var tracker = habit(name, id: number)
  tracker.kind = .habit(Schedule(window: TimesInDays(count, in: days)!))
  return tracker
}

/// A measurable habit of at least (or most) `target` `unit` a `period`.
func periodTarget(
  _ name: String, id number: Int, unit: String = "steps", target: String = "50000", per period: Quota.Period,
  direction: MeasureDirection = .atLeast
) throws -> Tracker {
  var tracker = habit(name, id: number)
  tracker.measure = try .measurable(
    unit: unit, target: Amount(parsing: target), direction: direction, period: period)
  return tracker
}

/// Windows and period targets in the store (schema 11, issue 49): kept, checked, migrated to and
/// salvaged like every other goal.
@Suite("Windows and period targets in the store", .temporaryFolders)
struct PaceStoreTests {
  @Test(arguments: StoreKind.allCases)
  func aWindowHabitAndAPeriodTargetReadBackAndChangeToOtherPaces(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    var gym = windowHabit("Gym", id: 10, 3, in: 7)
    let steps = try periodTarget("Steps", id: 11, per: .week)
    let cycling = try periodTarget("Cycling", id: 12, unit: "km", target: "200", per: .month)
    let drinks = try periodTarget(
      "Drinks", id: 13, unit: "glasses", target: "10", per: .week, direction: .atMost)
    for tracker in [gym, steps, cycling, drinks] { try store.createTracker(tracker) }
    #expect(Set(try store.trackers().map(\.tracker)) == [gym, steps, cycling, drinks])
    // A window to a quota and back, then to weekdays: each read back as written.
    gym.kind = .habit(Schedule(quota: Quota(2, per: .week)!))
    try store.updateTracker(gym, addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.trackers().first { $0.tracker.id == gym.id }?.tracker == gym)
    gym.kind = .habit(Schedule(window: TimesInDays(1, in: 31)!))
    try store.updateTracker(gym, addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.trackers().first { $0.tracker.id == gym.id }?.tracker == gym)
    gym.kind = .habit(.everyDay)
    try store.updateTracker(gym, addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.trackers().first { $0.tracker.id == gym.id }?.tracker == gym)
  }

  @Test(arguments: StoreKind.allCases)
  func aScheduleAndMeasureThatDoNotGoTogetherAreRefusedAndNothingIsWritten(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    var measuredWindow = windowHabit("Gym", id: 10, 3, in: 7)
    measuredWindow.measure = try .measurable(unit: "km", target: Amount(parsing: "5"), direction: .atLeast)
    #expect(throws: StoreError.paceConflict(.windowOnMeasurable)) { try store.createTracker(measuredWindow) }
    var quotaTarget = try periodTarget("Steps", id: 11, per: .week)
    quotaTarget.kind = .habit(Schedule(quota: Quota(3, per: .week)!))
    #expect(throws: StoreError.paceConflict(.periodTargetWithQuota)) { try store.createTracker(quotaTarget) }
    var eventTarget = try periodTarget("Pages", id: 12, per: .month)
    eventTarget.kind = .event
    #expect(throws: StoreError.paceConflict(.periodTargetOnEvent)) { try store.createTracker(eventTarget) }
    #expect(try store.trackers().isEmpty)
  }

  @Test func theyPassTheFullCheckAndTheStatisticsCountTheirWindowsAndSums() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    let gym = windowHabit("Gym", id: 10, 1, in: 2)
    let steps = try periodTarget("Steps", id: 11, per: .week)
    let start = day("2026-11-02")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      try store.createTracker(gym)
      try store.createTracker(steps)
      for offset in stride(from: 0, to: 28, by: 2) {
        try store.toggleRecord(trackerID: gym.id, on: start.adding(days: offset))
      }
      for offset in 0..<28 {
        try store.setAmount(try amount("8000"), trackerID: steps.id, on: start.adding(days: offset))
      }
    }
    let checked = try SQLiteTrackerStore(
      path: path, now: fixedNow, setsBrokenFileAside: false, fullCheck: true)
    #expect(checked.recovery == nil)
    let figures = try checked.statistics(asOf: day("2026-11-29")).trackers
    let byID = Dictionary(uniqueKeysWithValues: figures.map { ($0.trackerID, $0) })
    #expect(byID[gym.id]?.bestStreak == 28)
    #expect(byID[steps.id]?.bestStreak == 28)
  }

  /// A schema-10 file (goals as they were before windows) opened by this version: every goal row
  /// and its seal kept, and the new paces written at once.
  @Test func aSchemaTenFileKeepsItsGoalsAndTakesWindowsAndPeriodTargets() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    let run = try measured("Run", id: 10, target: "5")
    let swim = quota("Swim", id: 11, 3, per: .week)
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      try store.createTracker(run)
      try store.createTracker(swim)
    }
    let database = try Database(path: path, create: false)
    try database.execute(
      """
      CREATE TABLE goal_ten (tracker INTEGER PRIMARY KEY, unit, target, direction, quota_count, quota_period, seal INTEGER NOT NULL);
      INSERT INTO goal_ten SELECT tracker, unit, target, direction, quota_count, quota_period, seal FROM tracker_goal;
      DROP TABLE tracker_goal;
      ALTER TABLE goal_ten RENAME TO tracker_goal;
      DELETE FROM schema_migration WHERE version >= 11; PRAGMA user_version = 10;
      """)
    database.close()
    let store = try SQLiteTrackerStore(path: path, now: fixedNow, setsBrokenFileAside: false, fullCheck: true)
    #expect(store.recovery == nil)
    #expect(Set(try store.trackers().map(\.tracker)) == [run, swim])
    let gym = windowHabit("Gym", id: 12, 2, in: 10)
    try store.createTracker(gym)
    let reopened = try SQLiteTrackerStore(
      path: path, now: fixedNow, setsBrokenFileAside: false, fullCheck: true)
    #expect(Set(try reopened.trackers().map(\.tracker)) == [run, swim, gym])
  }

  @Test func aWindowsOrATargetsPeriodChangedBehindTheStoresBackBreaksTheSeal() throws {
    let folder = TemporaryFolder()
    for (index, sql) in [
      "UPDATE tracker_goal SET quota_days = 9 WHERE quota_days = 10",
      "UPDATE tracker_goal SET target_period = 'month' WHERE target_period = 'week'",
    ].enumerated() {
      let path = folder.path("tracker-\(index).sqlite")
      do {
        let store = try SQLiteTrackerStore(path: path, now: fixedNow)
        try store.createCategory(home)
        try store.createTracker(windowHabit("Gym", id: 10, 2, in: 10))
        try store.createTracker(try periodTarget("Steps", id: 11, per: .week))
      }
      try expectSealBroken(path, by: sql)
    }
  }

  @Test func aDamagedFileSalvagesWindowsAndPeriodTargetsFromThePageScan() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    let gym = windowHabit("Gym", id: 10, 2, in: 10)
    let steps = try periodTarget("Steps", id: 11, per: .month)
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      try store.createTracker(gym)
      try store.createTracker(steps)
      try store.toggleRecord(trackerID: gym.id, on: day("2026-11-20"))
    }
    // The schema row of tracker_goal gone: SQL cannot read the table, the page scan finds its rows.
    try tamper(
      path,
      """
      PRAGMA writable_schema = ON;
      DELETE FROM sqlite_schema WHERE name = 'tracker_goal';
      PRAGMA writable_schema = OFF;
      """)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    #expect(Set(try store.trackers().map(\.tracker)) == [gym, steps])
  }
}
