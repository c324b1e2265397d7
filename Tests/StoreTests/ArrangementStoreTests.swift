import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerArchiveCodec
import TrackerModels
import TrackerRecovery
import TrackerSQLite
import TrackerStore
import TrackerSync

/// Archived and the order the user gives, in the store, the file, the archive and the sync
/// (schema 9, issue 49).
@Suite("Archive and order: stored, exported, synced", .temporaryFolders)
struct ArrangementStoreTests {
  /// The names of `store`'s trackers in the order the user gave.
  static func order(_ store: any TrackerDataStore) throws -> [String] {
    TrackerOrder.sorted(try store.trackers().map(\.tracker), .root).map(\.name)
  }

  @Test(arguments: StoreKind.allCases)
  func archivingAndMovingKeepTheHistoryAndAnEditKeepsBoth(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    let (run, read, swim) = (habit("Run", id: 10), habit("Read", id: 11), habit("Swim", id: 12))
    for tracker in [run, read, swim] { try store.createTracker(tracker) }
    try store.toggleRecord(trackerID: run.id, on: day("2026-11-20"))
    #expect(try Self.order(store) == ["Read", "Run", "Swim"])
    try store.moveTracker(swim.id, to: .before(read.id))
    #expect(try Self.order(store) == ["Swim", "Read", "Run"])
    try store.setArchived(true, trackerID: run.id)
    #expect(try store.trackers().first { $0.tracker.id == run.id }?.tracker.isArchived == true)
    #expect(try store.recordDays(trackerID: run.id) == [day("2026-11-20")])
    // The form saves what it read when it opened: the archive and the place stay.
    var edited = run
    edited.name = "Morning run"
    try store.updateTracker(edited, addingRecordsOn: [], removingRecordsOn: [])
    try store.setPinned(true, trackerID: swim.id)
    let stored = try store.trackers().map(\.tracker)
    #expect(stored.first { $0.id == run.id }?.isArchived == true)
    // Read and the run were never moved: they still show by name.
    #expect(try Self.order(store) == ["Swim", "Morning run", "Read"])
    // A tracker made after a move goes last; brought back, the archived one is whole.
    try store.createTracker(habit("Walk", id: 13))
    #expect(try Self.order(store) == ["Swim", "Morning run", "Read", "Walk"])
    try store.setArchived(false, trackerID: run.id)
    #expect(try store.trackers().allSatisfy { !$0.tracker.isArchived })
    #expect(try store.recordDays(trackerID: run.id) == [day("2026-11-20")])
    #expect(throws: StoreError.trackerNotFound(id(99))) { try store.setArchived(true, trackerID: id(99)) }
    #expect(throws: StoreError.trackerNotFound(id(99))) { try store.moveTracker(id(99), to: .after(run.id)) }
  }

  @Test func aReopenedFileGivesTheArrangementBackAndARowChangedBehindItsBackIsDamage() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    try store.createCategory(home)
    for tracker in [habit("Run", id: 10), habit("Read", id: 11)] { try store.createTracker(tracker) }
    try store.moveTracker(id(11), to: .after(id(10)))
    try store.setArchived(true, trackerID: id(10))
    let reopened = try SQLiteTrackerStore(path: path, now: fixedNow, fullCheck: true)
    #expect(reopened.recovery == nil)
    #expect(try Self.order(reopened) == ["Run", "Read"])
    #expect(try reopened.trackers().filter(\.tracker.isArchived).map(\.tracker.name) == ["Run"])
    try expectSealBroken(path, by: "UPDATE tracker_arrangement SET archived = 0")
  }

  @Test func aSchemaEightFileGainsTheTableAndKeepsEverything() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    let before = try HabitReminderStoreTests.file(path, with: [habit("Run", id: 10), habit("Read", id: 11)])
    let database = try Database(path: path, create: false)
    try database.execute(
      "DROP TABLE tracker_arrangement; DELETE FROM schema_migration WHERE version >= 9; PRAGMA user_version = 8;"
    )
    database.close()
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery == nil)
    #expect(try store.contents() == before)
    try store.moveTracker(id(11), to: .after(id(10)))
    #expect(try Self.order(SQLiteTrackerStore(path: path, now: fixedNow)) == ["Run", "Read"])
  }

  @Test(arguments: StoreKind.allCases)
  func anExportCarriesTheArrangementAndABackupFromBeforeAMoveIsAlreadyThere(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    for tracker in [habit("Run", id: 10), habit("Read", id: 11)] { try store.createTracker(tracker) }
    let backup = TrackerArchive.export(try store.contents())
    #expect(!backup.contains("\"archived\"") && !backup.contains("\"order\""))
    try store.moveTracker(id(11), to: .after(id(10)))
    try store.setArchived(true, trackerID: id(10))
    let contents = try store.contents()
    let text = TrackerArchive.export(contents)
    #expect(TrackerArchive.version(for: contents) == 3)
    #expect(text.contains(#""archived": true"#) && text.contains(#""order": "#))
    let copy = try kind.makeStore()
    try copy.importArchive(text, today: day("2026-11-30"))
    #expect(try copy.contents() == contents)
    // The backup from before: the same trackers, already there; the store's arrangement stays.
    let summary = try store.importArchive(backup, today: day("2026-11-30"))
    #expect(summary.trackersAlreadyThere == 2)
    #expect(try store.contents() == contents)
  }

  @Test func aBadArchivedOrOrderIsReportedWhereItIs() throws {
    let paths = try HabitReminderStoreTests.problemPaths(ofRunWith: #""archived": "yes", "order": 1.5"#)
    #expect(paths == ["trackers[0].archived", "trackers[0].order"])
    #expect(try HabitReminderStoreTests.problemPaths(ofRunWith: #""archived": true, "order": -7"#) == nil)
  }

  @Test func aMoveOnOneDeviceAndAnArchiveOnTheOtherBothStay() throws {
    let pair = try SyncTests.Pair()
    try pair.a.createCategory(home)
    for tracker in [habit("Run", id: 10), habit("Read", id: 11), habit("Swim", id: 12)] {
      try pair.a.createTracker(tracker)
    }
    try pair.exchange()
    try pair.a.moveTracker(id(12), to: .before(id(11)))
    pair.b.editClock = { fixedNow.addingTimeInterval(60) }
    try pair.b.setArchived(true, trackerID: id(12))
    try pair.exchange(at: fixedNow.addingTimeInterval(120))
    try pair.b.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(120))
    for store in [pair.a, pair.b] {
      #expect(try Self.order(store) == ["Swim", "Read", "Run"])
      #expect(try store.trackers().filter(\.tracker.isArchived).map(\.tracker.name) == ["Swim"])
    }
    let (a, b) = try pair.exports()
    #expect(a == b)
  }

  @Test func aDeviceThatNeverSentTheArrangementLeavesATrackerAsItWas() {
    let tracker = habit("Run", id: 10)
    var fields: [String: SyncValue] = [:]
    for (name, value) in SyncFields.trackerFields(tracker) where name != "archived" && name != "order" {
      fields[name] = SyncValue(value, SyncStamp(milliseconds: 1, counter: 0, device: "old"))
    }
    #expect(SyncFields.decodeTracker(tracker.id, fields) == tracker)
  }

  @Test func aDamagedFileIsSalvagedWithItsArrangementAndABadRowIsLeftOutAndCounted() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    try store.createCategory(home)
    for tracker in [habit("Run", id: 10), habit("Read", id: 11)] { try store.createTracker(tracker) }
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-20"))
    try store.moveTracker(id(11), to: .before(id(10)))
    try store.setArchived(true, trackerID: id(10))
    let before = try store.contents()
    try tamper(path, "UPDATE day_summary SET seal = seal + 1")
    let salvaged = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(try #require(salvaged.recovery).leftOut == 0)
    #expect(try salvaged.contents() == before)
    try tamper(path, "UPDATE tracker_arrangement SET seal = seal + 1 WHERE archived = 1")
    let again = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(try #require(again.recovery).leftOut == 1)
    // The row lost: the tracker is back unarchived, its history whole.
    #expect(try again.trackers().allSatisfy { !$0.tracker.isArchived })
    #expect(try again.recordDays(trackerID: id(10)) == [day("2026-11-20")])
  }
}

/// The statistics of the trackers that count (issue 49), against a literal reading: the same as
/// the statistics of a store that never had the others.
@Suite("Statistics of what counts", .temporaryFolders)
struct CountedStatisticsTests {
  /// 16 random stores of 2 to 6 habits in two categories, some archived, each with random records
  /// and days off in November: for all and for each category, the figures and each tracker's
  /// line are those of a copy without the archived trackers and the other category's.
  @Test(arguments: 0..<16)
  func theFiguresOfACategoryOrOfTheUnarchivedAreThoseOfAStoreWithoutTheRest(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let today = day("2026-11-30")
    for kind in StoreKind.allCases {
      let store = try kind.makeStore()
      try store.createCategory(home)
      try store.createCategory(joys)
      var trackers: [Tracker] = []
      for number in 0..<(2 + random.next(upTo: 5)) {
        let tracker = habit(
          "Habit \(number)", id: 10 + number, category: random.next(upTo: 2) == 0 ? home : joys,
          days: WeekdaySet(rawValue: UInt8(1 + random.next(upTo: 127))))
        try store.createTracker(tracker)
        for offset in 0..<30 where random.next(upTo: 3) == 0 {
          let date = day("2026-11-01").adding(days: offset)
          guard tracker.isDue(on: date) else { continue }
          if random.next(upTo: 5) == 0 {
            _ = try store.setDaysOff(true, trackerID: tracker.id, on: [date])
          } else {
            try store.setCompleted(true, trackerID: tracker.id, on: date)
          }
        }
        if random.next(upTo: 3) == 0 { try store.setArchived(true, trackerID: tracker.id) }
        trackers.append(try #require(try store.trackers().first { $0.tracker.id == tracker.id }?.tracker))
      }
      for category in [nil, home.id, joys.id] {
        let counted = try store.read { (reader) throws(StoreError) in
          try reader.statistics(asOf: today, category: category)
        }
        let copy = try kind.makeStore()
        try copy.insert(try store.contents())
        for tracker in trackers
        where tracker.isArchived || (category != nil && tracker.categoryID != category) {
          try copy.deleteTracker(id: tracker.id)
        }
        #expect(
          counted == (try copy.statistics(asOf: today)),
          "seed \(seed), \(kind), \(String(describing: category))")
      }
    }
  }
}

/// Schema 10: a habit to quit's target of 0 at most is stored; a file from before keeps its goals.
@Suite("Habits to quit in the data file", .temporaryFolders)
struct QuitHabitStoreTests {
  @Test func aSchemaNineFileKeepsItsGoalsAndTakesATargetOfZeroAtMost() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    var run = habit("Run", id: 10)
    run.measure = .measurable(try MeasureGoal(unit: "km", target: Amount(parsing: "5"), direction: .atLeast))
    let before = try HabitReminderStoreTests.file(path, with: [run])
    // Back to schema 9: the goals' table with its old check, as a file of yesterday has it.
    try tamper(
      path,
      """
      DELETE FROM schema_migration WHERE version >= 10; PRAGMA user_version = 9;
      """)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow, fullCheck: true)
    #expect(store.recovery == nil)
    #expect(try store.contents() == before)
    var smoke = habit("Smoke", id: 11)
    smoke.measure = .measurable(try MeasureGoal(unit: "cigs", target: .zero, direction: .atMost))
    try store.createTracker(smoke)
    let reopened = try SQLiteTrackerStore(path: path, now: fixedNow, fullCheck: true)
    #expect(
      try reopened.trackers().first { $0.tracker.id == id(11) }?.tracker.measure.goal?.isQuitting == true)
    // At least 0 is still refused by the file itself, whoever writes it.
    #expect(throws: (any Error).self) {
      try tamper(path, "UPDATE tracker_goal SET direction = 'at-least' WHERE target = 0")
    }
  }
}
