import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerSQLite
@testable import TrackerSchema
@testable import TrackerStore

/// The statistics the stores keep up to date, write by write, agree with a full computation from
/// every record after every step of random edit sequences: toggles (back-dated, before the
/// creation day, after today), amounts entered and cleared, days off taken and cancelled,
/// trackers created (yes/no or measurable, on weekdays or with a quota), edited (schedule, kind,
/// measure, ± days) and deleted, categories deleted, imports with amounts, and today moving both
/// ways. (The SQLite store reads a measurable or quota tracker's records day by day.)
@Suite("Statistics kept by the store", .temporaryFolders)
struct StatisticsSummaryTests {
  /// A seeded SplitMix64: the same seed, the same sequence.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x51_7CC1_B727_220A }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static func kind(_ random: inout Generator) -> TrackerKind {
    switch Int.random(in: 0..<8, using: &random) {
    case 0, 1: return .event
    case 2: return .habit(Schedule(quota: Quota(Int.random(in: 1...6, using: &random), per: .week)!))
    case 3: return .habit(Schedule(quota: Quota(Int.random(in: 1...30, using: &random), per: .month)!))
    default: return .habit(Schedule(WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &random)))!)
    }
  }

  /// Yes/no half the time, else measurable: a target from a thousandth up, at least or at most.
  static func measure(_ random: inout Generator) -> TrackerMeasure {
    guard Bool.random(using: &random) else { return .yesNo }
    let target = Amount(thousandths: Int.random(in: 1...10_000, using: &random)) ?? .maximum
    let direction: MeasureDirection = Bool.random(using: &random) ? .atLeast : .atMost
    return (try? MeasureGoal(unit: "km", target: target, direction: direction)).map { .measurable($0) }
      ?? .yesNo
  }

  /// An amount around `tracker`'s target (below, at or above it), none at times; nil for yes/no.
  static func amount(for tracker: Tracker, _ random: inout Generator) -> Amount? {
    guard let target = tracker.measure.goal?.target, Int.random(in: 0..<5, using: &random) > 0 else {
      return nil
    }
    return Amount(thousandths: Int.random(in: 0...(target.thousandths * 2), using: &random))
  }

  /// What a full computation from everything stored says.
  static func reference(_ store: any TrackerDataStore, today: Day) throws -> Statistics {
    let contents = try store.contents()
    let order = try store.trackers().map(\.tracker)
    return Statistics(
      trackers: order, records: contents.records.sorted { $0.day < $1.day }, daysOff: contents.daysOff,
      today: today)
  }

  /// 150 seeds a store in `swift test` (each is 40 steps, each step checked against a full
  /// computation); `TRACKER_PROPERTY_SCALE` runs more (`propertySeeds`).
  @Test(arguments: StoreKind.allCases, propertySeeds(150))
  func agreesWithAFullComputationAfterEveryStep(kind storeKind: StoreKind, seed: Int) throws {
    // In memory-backed /dev/shm where there is one: thousands of fsyncs would only test the disk.
    let store: any TrackerDataStore
    let folder = "/dev/shm/tracker-statistics-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    if storeKind == .sqlite, FileManager.default.fileExists(atPath: "/dev/shm") {
      store = try SQLiteTrackerStore(path: folder + "/tracker.sqlite", now: fixedNow)
    } else {
      store = try storeKind.makeStore()
    }
    var random = Generator(seed: UInt64(seed))
    let origin = day("2027-12-20")  // a year end and the leap day 2028-02-29 within reach
    var today = origin.adding(days: 40)
    var nextID = 100
    var categories = [home, joys]
    for category in categories { try store.createCategory(category) }
    func newTracker(_ random: inout Generator) -> Tracker {
      nextID += 1
      return Tracker(
        id: id(nextID), name: "T\(nextID)", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: categories[Int.random(in: 0..<categories.count, using: &random)].id,
        createdOn: origin.adding(days: Int.random(in: 0...60, using: &random)), kind: Self.kind(&random),
        measure: Self.measure(&random))
    }
    for step in 0..<40 {
      let trackers = try store.trackers()
      let action = Int.random(in: 0..<100, using: &random)
      if trackers.isEmpty || action < 10 {
        try store.createTracker(newTracker(&random))
      } else if action < 14 {
        let tracker = newTracker(&random)
        var records: [TrackerRecord] = []
        for offset in -5...60 where Bool.random(using: &random) {
          records.append(
            TrackerRecord(
              trackerID: tracker.id, day: tracker.createdOn.adding(days: offset),
              amount: Self.amount(for: tracker, &random)))
        }
        try store.insert(StoreContents(categories: [], trackers: [tracker], records: records))
      } else if action < 17 {
        try store.deleteTracker(id: trackers[Int.random(in: 0..<trackers.count, using: &random)].tracker.id)
      } else if action < 19, categories.count > 1 {
        let victim = categories.remove(at: Int.random(in: 0..<categories.count, using: &random))
        try store.deleteCategory(id: victim.id)
      } else if action < 27 {
        var tracker = trackers[Int.random(in: 0..<trackers.count, using: &random)].tracker
        tracker.kind = Self.kind(&random)
        if Bool.random(using: &random) { tracker.measure = Self.measure(&random) }
        let days = try store.recordDays(trackerID: tracker.id)
        let added = (0..<Int.random(in: 0...2, using: &random)).map { _ in
          tracker.createdOn.adding(days: Int.random(in: -5...60, using: &random))
        }.filter { !days.contains($0) }
        let removed = days.filter { _ in Int.random(in: 0..<10, using: &random) == 0 }
        try store.updateTracker(tracker, addingRecordsOn: Array(Set(added)), removingRecordsOn: removed)
      } else if action < 33 {
        today = today.adding(days: Int.random(in: -3...5, using: &random))
      } else if action < 45 {
        // A vacation taken or cancelled: a few days from anywhere in the history, where shown.
        let summary = trackers[Int.random(in: 0..<trackers.count, using: &random)]
        let start = summary.tracker.createdOn.adding(days: Int.random(in: -8...70, using: &random))
        let days = (0..<Int.random(in: 1...5, using: &random)).map { start.adding(days: $0) }
        let isOff = Int.random(in: 0..<3, using: &random) > 0
        try store.setDaysOff(
          isOff, trackerID: summary.tracker.id, on: isOff ? days.filter { summary.isVisible(on: $0) } : days)
      } else if action < 57,
        let tracker = trackers.map(\.tracker).filter({ $0.measure != .yesNo }).randomElement(using: &random)
      {
        // An amount entered (below, at or above the target), changed or cleared.
        try store.setAmount(
          Self.amount(for: tracker, &random), trackerID: tracker.id,
          on: tracker.createdOn.adding(days: Int.random(in: -8...70, using: &random)))
      } else {
        let tracker = trackers[Int.random(in: 0..<trackers.count, using: &random)].tracker
        try store.toggleRecord(
          trackerID: tracker.id, on: tracker.createdOn.adding(days: Int.random(in: -8...70, using: &random)))
      }
      let expected = try Self.reference(store, today: today)
      let actual = try store.statistics(asOf: today)
      #expect(actual == expected, "\(storeKind) seed \(seed), step \(step)")
      if actual != expected { return }
    }
  }

  @Test func aFileWrittenBeforeTheSummariesGetsThemWhenOpened() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let run = habit("Run", id: 10, days: WeekdaySet([.monday, .wednesday]), created: "2026-11-02")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      try store.insert(
        StoreContents(
          categories: [], trackers: [run],
          records: ["2026-11-02", "2026-11-04", "2026-11-09", "2026-11-16"].map {
            TrackerRecord(trackerID: run.id, day: day($0))
          }))
    }
    do {
      // Back to schema 1, as an older Tracker left the file.
      let database = try Database(path: path, create: false)
      try database.execute(
        """
        \(Schema.dropSyncEditsSQL) DROP TABLE sync_field; DROP TABLE sync_read; DROP TABLE sync_state;
        DROP TABLE tracker_goal; DROP TABLE note; ALTER TABLE record DROP COLUMN amount;
        DROP TABLE day_off; DROP TABLE day_summary; ALTER TABLE tracker DROP COLUMN last_record_day;
        ALTER TABLE tracker DROP COLUMN best_streak; ALTER TABLE tracker DROP COLUMN last_run;
        ALTER TABLE category DROP COLUMN seal; ALTER TABLE tracker DROP COLUMN seal;
        ALTER TABLE tracker DROP COLUMN summary_seal;
        ALTER TABLE setting DROP COLUMN seal;
        DELETE FROM schema_migration WHERE version >= 2; PRAGMA user_version = 1;
        """)
    }
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let statistics = try store.statistics(asOf: day("2026-11-18"))
    #expect(statistics == (try Self.reference(store, today: day("2026-11-18"))))
    #expect(
      statistics.trackers[0]
        == TrackerStatistics(trackerID: run.id, completed: 4, currentStreak: 1, bestStreak: 3))
  }
}

@Suite("Days off in an older data file", .temporaryFolders)
struct DaysOffMigrationTests {
  @Test func aFileWrittenBeforeDaysOffGetsTheTableWhenOpenedAndKeepsItsRecords() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let run = habit("Run", id: 10, days: .everyDay, created: "2026-11-02")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      try store.insert(
        StoreContents(
          categories: [], trackers: [run],
          records: ["2026-11-27", "2026-11-29"].map { TrackerRecord(trackerID: run.id, day: day($0)) }))
    }
    do {
      // Back to schema 3, as the Tracker before days off left the file.
      let database = try Database(path: path, create: false)
      try database.execute(
        """
        \(Schema.dropSyncEditsSQL) DROP TABLE sync_field; DROP TABLE sync_read; DROP TABLE sync_state;
        DROP TABLE tracker_goal; DROP TABLE note; ALTER TABLE record DROP COLUMN amount; DROP TABLE day_off;
        DELETE FROM schema_migration WHERE version >= 4; PRAGMA user_version = 3;
        """)
    }
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(try store.recordDays(trackerID: run.id) == [day("2026-11-27"), day("2026-11-29")])
    #expect(try store.statistics(asOf: day("2026-11-29")).trackers[0].currentStreak == 1)
    // Saturday 28 taken off: the two days join into one streak.
    #expect(try store.setDaysOff(true, trackerID: run.id, on: [day("2026-11-28")]) == [day("2026-11-28")])
    #expect(try store.statistics(asOf: day("2026-11-29")).trackers[0].currentStreak == 2)
  }
}
