import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerSQLite
@testable import TrackerSchema
@testable import TrackerStore

/// A data file of schema 4 (days off, before measures, quotas, amounts and notes) opened by this
/// Tracker gains `tracker_goal`, `record.amount` and `note`, keeps everything it had, and loses
/// nothing when the migration is killed halfway (docs/reliability.md).
@Suite("Measures, amounts and notes in an older data file", .temporaryFolders)
struct MeasuresMigrationTests {
  /// A schema-4 file at `path` with two categories, a weekday habit and an event, records, days off
  /// and settings, as the Tracker before measures left it; returns what it holds.
  static func schemaFourFile(_ path: String) throws -> (contents: StoreContents, settings: StoreSettings) {
    let settings = StoreSettings(isOnboardingDone: true, filter: .completed, lastChosenCategoryID: home.id)
    let contents: StoreContents
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      try store.createCategory(joys)
      try store.createTracker(
        habit("Run", id: 10, days: [.monday, .wednesday, .friday], created: "2026-11-02"))
      try store.createTracker(event("Postcard", id: 11, category: joys, created: "2026-11-02"))
      for iso in ["2026-11-02", "2026-11-04", "2026-11-09", "2026-11-16"] {
        try store.toggleRecord(trackerID: id(10), on: day(iso))
      }
      try store.toggleRecord(trackerID: id(11), on: day("2026-11-05"))
      try store.setDaysOff(true, trackerID: id(10), on: [day("2026-11-11"), day("2026-11-13")])
      try store.saveSettings(settings)
      contents = try store.contents()
    }
    // Back to schema 4, as the Tracker before measures left the file.
    let database = try Database(path: path, create: false)
    try database.execute(
      """
      \(Schema.dropSyncEditsSQL) DROP TABLE sync_field; DROP TABLE sync_read; DROP TABLE sync_state;
      DROP TABLE tracker_goal; DROP TABLE note; ALTER TABLE record DROP COLUMN amount;
      DELETE FROM schema_migration WHERE version >= 5; PRAGMA user_version = 4;
      """)
    database.close()
    return (contents, settings)
  }

  /// The tables of the file at `path` and whether its record table has the column `amount`.
  static func schema(_ path: String) throws -> (tables: Set<String>, hasAmount: Bool, version: Int) {
    let database = try Database(path: path, create: false)
    defer { database.close() }
    let tables = try database.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").rows {
      $0.text(0)
    }
    let columns = try database.prepare("PRAGMA table_info(record)").rows { $0.text(1) }
    let version = try database.prepare("PRAGMA user_version").rows { $0.int(0) }.first ?? 0
    return (Set(tables), columns.contains("amount"), version)
  }

  @Test func aSchemaFourFileGainsGoalsAmountsAndNotesWhenOpenedAndKeepsEverything() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (before, settings) = try Self.schemaFourFile(path)
    let old = try Self.schema(path)
    #expect(old.version == 4 && !old.tables.contains("note") && !old.hasAmount)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery == nil)
    #expect(try store.contents() == before)
    #expect(try store.settings() == settings)
    let new = try Self.schema(path)
    #expect(
      new.version == Schema.latestVersion && new.tables.isSuperset(of: ["tracker_goal", "note"])
        && new.hasAmount)
    // The new parts work at once: the habit measured, an amount and a note entered.
    var run = try #require(before.trackers.first { $0.id == id(10) })
    run.measure = try .measurable(unit: "km", target: Amount(thousandths: 5000)!, direction: .atLeast)
    try store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    try store.setAmount(Amount(thousandths: 7250), trackerID: run.id, on: day("2026-11-18"))
    try store.setNote("windy", trackerID: run.id, on: day("2026-11-18"))
    let reopened = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(reopened.recovery == nil)
    #expect(try reopened.records(trackerID: run.id).last?.amount == Amount(thousandths: 7250))
    #expect(try reopened.notes(trackerID: run.id).map(\.text) == ["windy"])
    #expect(try reopened.daysOff(trackerID: run.id) == [day("2026-11-11"), day("2026-11-13")])
  }

  @Test func aMigrationToSchemaFiveKilledBeforeItCommitsLosesNothingAndIsDoneByTheNextOpening() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (before, settings) = try Self.schemaFourFile(path)
    // The helper migrates the file and ends itself, as kill -9 would, with all of migration 5
    // done but not committed.
    let interrupted = try HelperProcess.run(["migrate-until", path, "5"])
    #expect(interrupted.status == 99, "\(interrupted.output) \(interrupted.error)")
    // Nothing of the migration stayed: the file is the schema-4 file it was.
    let left = try Self.schema(path)
    #expect(left.version == 4 && !left.tables.contains("tracker_goal") && !left.hasAmount)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery == nil)
    #expect(try store.contents() == before)
    #expect(try store.settings() == settings)
    #expect(try Self.schema(path).version == Schema.latestVersion)
    #expect(try store.statistics(asOf: day("2026-11-18")).trackers.map(\.completed).sorted() == [1, 4])
  }
}
