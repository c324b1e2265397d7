import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerRecovery
@testable import TrackerSQLite
@testable import TrackerSchema
@testable import TrackerStore

@Suite("SQLite store: files, migrations, recovery", .temporaryFolders)
struct SQLiteStoreTests {
  @Test func dataSurvivesReopening() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      try store.createTracker(habit("Читать", id: 10))
      try store.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
      try store.saveSettings(
        StoreSettings(isOnboardingDone: true, filter: .completed, lastChosenCategoryID: home.id))
    }
    let reopened = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(reopened.recovery == nil)
    #expect(
      try reopened.trackers() == [
        TrackerSummary(tracker: habit("Читать", id: 10), recordCount: 1, earliestRecord: day("2026-11-30"))
      ])
    #expect(
      try reopened.settings()
        == StoreSettings(isOnboardingDone: true, filter: .completed, lastChosenCategoryID: home.id))
  }

  @Test func createsItsFolderAndRecordsEveryMigration() throws {
    let folder = TemporaryFolder()
    let path = folder.path("deep/er/tracker.sqlite")
    _ = try SQLiteTrackerStore(path: path, now: fixedNow)
    let database = try Database(path: path, create: false)
    let applied = try database.prepare("SELECT version, name FROM schema_migration ORDER BY version").rows {
      "\($0.int(0)) \($0.text(1))"
    }
    #expect(applied == Schema.migrations.map { "\($0.version) \($0.name)" })
    #expect(try database.prepare("PRAGMA user_version").rows { $0.int(0) } == [Schema.latestVersion])
    #expect(try database.prepare("PRAGMA journal_mode").rows { $0.text(0) } == ["wal"])
  }

  @Test func defaultPathFollowsXDG() {
    #expect(
      SQLiteTrackerStore.defaultPath(environment: ["XDG_DATA_HOME": "/data"], homeDirectory: "/home/u")
        == "/data/tracker/tracker.sqlite")
    #expect(
      SQLiteTrackerStore.defaultPath(environment: [:], homeDirectory: "/home/u")
        == "/home/u/.local/share/tracker/tracker.sqlite")
    // The XDG spec ignores relative values.
    #expect(
      SQLiteTrackerStore.defaultPath(environment: ["XDG_DATA_HOME": "data"], homeDirectory: "/home/u")
        == "/home/u/.local/share/tracker/tracker.sqlite")
  }

  @Test func theDefaultFileOfRandomBytesIsMovedAsideByteForByte() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    var generator = SystemRandomNumberGenerator()
    let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
    try garbage.write(to: URL(fileURLWithPath: path))
    let store = try SQLiteTrackerStore(path: path, now: fixedNow, isDefaultFile: true)
    let recovery = try #require(store.recovery)
    #expect(recovery.movedTo == path + ".broken-20261130T103000Z")
    #expect(recovery.originalPath == path)
    #expect(try Data(contentsOf: URL(fileURLWithPath: recovery.movedTo)) == garbage)
    #expect(recovery.description.contains("broken"))
    // The fresh store works.
    try store.createCategory(home)
    #expect(try store.categories() == [home])
  }

  @Test func aTruncatedDatabaseIsMovedAside() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      // Enough trackers that the first half of the file holds the schema (its triggers take five
      // pages, made before any tracker) and some of their pages.
      for number in 0..<600 {
        try store.createTracker(habit("Tracker number \(number) with a long name", id: 100 + number))
      }
    }
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    let truncated = whole.prefix(whole.count / 2)
    try truncated.write(to: URL(fileURLWithPath: path))
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(try Data(contentsOf: URL(fileURLWithPath: recovery.movedTo)) == truncated)
    // What SQLite still reads in the first half (with `writable_schema`) is saved, and only that
    // (issue 22, item 8: this once saved nothing).
    let saved = try store.trackers().map(\.tracker)
    #expect(!saved.isEmpty)
    let written = Set((0..<600).map { habit("Tracker number \($0) with a long name", id: 100 + $0) })
    #expect(Set(saved).isSubset(of: written))
  }

  @Test func aFileFromANewerSchemaIsRefusedAndLeftByteForByte() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
    }
    do {
      let database = try Database(path: path, create: false)
      try database.execute("INSERT INTO schema_migration (version, name) VALUES (99, 'from the future')")
      try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: StoreOpenError.newerSchema(path: path, version: 99, known: Schema.latestVersion)) {
      try SQLiteTrackerStore(path: path, now: fixedNow)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("broken") }
        == [])
  }

  @Test func anotherProgramsDatabaseIsRefusedAndGetsNoTablesAdded() throws {
    let folder = TemporaryFolder()
    let path = folder.path("notes.sqlite")
    do {
      let database = try Database(path: path, create: true)
      try database.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)")
      try database.execute("INSERT INTO note (body) VALUES ('milk')")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: StoreOpenError.notATrackerStore(path: path)) {
      try SQLiteTrackerStore(path: path, now: fixedNow)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aBrokenFileCanBeLeftWhereItIsWhenAskedTo() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
    #expect(throws: StoreOpenError.self) {
      try SQLiteTrackerStore(path: path, now: fixedNow, setsBrokenFileAside: false)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 0x41, count: 8192))
  }

  @Test func twoBrokenFilesInOneSecondGetDistinctNames() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    try Data("not a database, first".utf8).write(to: URL(fileURLWithPath: path))
    _ = try SQLiteTrackerStore(path: path, now: fixedNow, isDefaultFile: true)
    try FileManager.default.removeItem(atPath: path)
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    try Data("not a database, second".utf8).write(to: URL(fileURLWithPath: path))
    let second = try SQLiteTrackerStore(path: path, now: fixedNow, isDefaultFile: true)
    #expect(second.recovery?.movedTo == path + ".broken-20261130T103000Z-2")
    #expect(
      folder.files().filter { $0.contains(".broken-") } == [
        "tracker.sqlite.broken-20261130T103000Z", "tracker.sqlite.broken-20261130T103000Z-2",
      ])
  }

  @Test func aFolderThatCannotBeCreatedIsAClearError() throws {
    let folder = TemporaryFolder()
    let blocker = folder.path("not-a-folder")
    try Data("a file".utf8).write(to: URL(fileURLWithPath: blocker))
    #expect(throws: StoreOpenError.self) {
      try SQLiteTrackerStore(path: blocker + "/tracker.sqlite", now: fixedNow)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: blocker)) == Data("a file".utf8))
  }

  @Test func aFolderThatCannotBeWrittenIsAClearErrorAndNothingIsDeleted() throws {
    let folder = TemporaryFolder()
    let locked = folder.url.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    let broken = locked.appendingPathComponent("tracker.sqlite")
    try Data("not a database".utf8).write(to: broken)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: broken.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
    let asNobody = geteuid() == 0  // root may write anywhere: run the helper as "nobody" instead
    // A new file in the locked folder cannot be created.
    let fresh = try HelperProcess.run(
      ["open", locked.appendingPathComponent("new.sqlite").path], asNobody: asNobody)
    #expect(fresh.status == 1)
    #expect(fresh.error.hasPrefix("Error: cannot open the data file \(locked.path)/new.sqlite: "))
    // A broken file in the locked folder cannot be moved aside: it stays exactly as it was.
    let stuck = try HelperProcess.run(["open", broken.path], asNobody: asNobody)
    #expect(stuck.status == 1)
    #expect(stuck.error.contains("Error: "))
    #expect(try Data(contentsOf: broken) == Data("not a database".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path) == ["tracker.sqlite"])
  }
}

@Suite("SQLite store: skipping the integrity check for files verified before", .temporaryFolders)
struct VerifiedStampTests {
  @Test func aCleanlyClosedUntouchedFileSkipsTheFullCheck() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      #expect(store.ranIntegrityCheck)
      try store.createCategory(home)
    }
    #expect(FileManager.default.fileExists(atPath: path + ".verified"))
    let reopened = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(!reopened.ranIntegrityCheck)
    #expect(try reopened.categories() == [home])
  }

  @Test func theFullCheckRunsAgainOnceTheLastOneIsADayOld() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    do { _ = try SQLiteTrackerStore(path: path, now: fixedNow) }
    // Within the day the stamp vouches for the file, and closing keeps the time of the check.
    do {
      #expect(
        !(try SQLiteTrackerStore(path: path, now: fixedNow.addingTimeInterval(3_600)).ranIntegrityCheck))
    }
    do {
      #expect(
        !(try SQLiteTrackerStore(path: path, now: fixedNow.addingTimeInterval(86_000)).ranIntegrityCheck))
    }
    // A day after the check, it runs again; the new check vouches for the next day.
    let later = fixedNow.addingTimeInterval(86_400 + 60)
    do { #expect(try SQLiteTrackerStore(path: path, now: later).ranIntegrityCheck) }
    do {
      #expect(!(try SQLiteTrackerStore(path: path, now: later.addingTimeInterval(3_600)).ranIntegrityCheck))
    }
    // A clock set back before the check: the stamp vouches for nothing.
    do { #expect(try SQLiteTrackerStore(path: path, now: fixedNow).ranIntegrityCheck) }
  }

  @Test func aFileChangedAfterItsCleanCloseIsCheckedAgain() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      // Enough trackers that the first half of the file holds the schema (its triggers take five
      // pages, made before any tracker) and some of their pages.
      for number in 0..<600 {
        try store.createTracker(habit("Tracker \(number) with a long enough name", id: 100 + number))
      }
    }
    // Overwrite a run of bytes in the middle of the file, keeping its size.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let middle = bytes.count / 2
    bytes.replaceSubrange(middle..<middle + 4096, with: Data(repeating: 0xA5, count: 4096))
    try bytes.write(to: URL(fileURLWithPath: path))
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.ranIntegrityCheck)
    let recovery = try #require(store.recovery)
    #expect(try Data(contentsOf: URL(fileURLWithPath: recovery.movedTo)) == bytes)
  }

  @Test func aPendingWriteAheadLogMeansTheFullCheckRuns() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    do { _ = try SQLiteTrackerStore(path: path, now: fixedNow) }
    let holder = try SQLiteTrackerStore(path: path, now: fixedNow)
    try holder.createCategory(home)  // stays in the log while `holder` is open
    let second = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(second.ranIntegrityCheck)
  }
}

@Suite("SQLite statement cache", .temporaryFolders)
struct StatementCacheTests {
  @Test func statementsAreCompiledOnceAndReused() throws {
    let folder = TemporaryFolder()
    let store = try SQLiteTrackerStore(path: folder.path("tracker.sqlite"), now: fixedNow)
    try store.createCategory(home)
    try store.createTracker(habit("Run", id: 10))
    for offset in 0..<50 {
      try store.toggleRecord(trackerID: id(10), on: day("2026-11-30").adding(days: -offset))
    }
    // Every kind of write once more: a record taken off and put back.
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
    let afterFirstRound = store.database.cachedStatementCount
    for offset in 0..<50 {
      try store.toggleRecord(trackerID: id(10), on: day("2026-11-30").adding(days: -offset))
    }
    _ = try store.trackers()
    _ = try store.completedTrackerIDs(on: day("2026-11-30"))
    // Three statements no toggle uses: the trackers, their goals (schema 5) and the day's records.
    #expect(store.database.cachedStatementCount <= afterFirstRound + 3)
    #expect(try store.recordDays(trackerID: id(10)).isEmpty)
  }
}

@Suite("Values read from the file are range-checked and sealed", .temporaryFolders)
struct TamperedValueTests {
  /// A store with one tracker and one record, then `sql` run on its file behind its back while
  /// the store stays open: the damage is met by a read, not by the check at opening.
  func tamperedWhileOpen(_ sql: String, in folder: TemporaryFolder) throws -> SQLiteTrackerStore {
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    try store.createCategory(home)
    try store.createTracker(habit("Run", id: 10))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
    try store.saveSettings(StoreSettings(isOnboardingDone: true, filter: .all, lastChosenCategoryID: nil))
    let database = try Database(path: path, create: false)
    try database.execute(sql)
    database.close()
    return store
  }

  func isDamage(_ body: () throws(StoreError) -> Void) -> Bool {
    do {
      try body()
      return false
    } catch {
      if case .storage(let failure) = error { return failure.kind == .damaged }
      return false
    }
  }

  /// Opens the file again: the full check runs (the file changed) and sets it aside.
  func reopened(_ folder: TemporaryFolder) throws -> SQLiteTrackerStore {
    try SQLiteTrackerStore(path: folder.path("tracker.sqlite"), now: fixedNow)
  }

  @Test func aDayNearIntMaxIsDamageNotATrap() throws {
    let folder = TemporaryFolder()
    let store = try tamperedWhileOpen("UPDATE record SET day = 9223372036854775000", in: folder)
    #expect(isDamage { () throws(StoreError) in _ = try store.allRecords() })
    #expect(isDamage { () throws(StoreError) in _ = try store.contents() })
    #expect(isDamage { () throws(StoreError) in _ = try store.recordDays(trackerID: id(10)) })
    #expect(try reopened(folder).recovery != nil)
  }

  @Test func aCreationDayOrScheduleOutOfRangeIsDamageNotASkippedTracker() throws {
    let folder = TemporaryFolder()
    let badDay = try tamperedWhileOpen("UPDATE tracker SET created_day = -9223372036854775000", in: folder)
    #expect(isDamage { () throws(StoreError) in _ = try badDay.trackers() })
    // A value the schema's checks refuse makes the full integrity check fail: the file is set aside.
    let other = TemporaryFolder()
    let open = try tamperedWhileOpen(
      "PRAGMA ignore_check_constraints = ON; UPDATE tracker SET schedule = 4096", in: other)
    #expect(try reopened(other).recovery != nil)
    withExtendedLifetime(open) {}
  }

  @Test(arguments: [
    "UPDATE tracker SET name = 'Walk'", "UPDATE tracker SET pinned = 1", "UPDATE tracker SET color = 255",
    "UPDATE tracker SET created_day = created_day - 1", "UPDATE tracker SET schedule = 1",
    "UPDATE tracker SET emoji = '🙂'",
  ])
  func aTrackerValueChangedBehindTheStoresBackFailsItsSeal(sql: String) throws {
    let folder = TemporaryFolder()
    let store = try tamperedWhileOpen(sql, in: folder)
    #expect(isDamage { () throws(StoreError) in _ = try store.trackers() })
    let recovered = try reopened(folder)
    #expect(recovered.recovery?.reason.description.contains("checksum does not match") == true)
  }

  @Test func aCategoryTitleOrASettingChangedBehindTheStoresBackFailsItsSeal() throws {
    let titled = TemporaryFolder()
    let store = try tamperedWhileOpen("UPDATE category SET title = 'Work'", in: titled)
    #expect(isDamage { () throws(StoreError) in _ = try store.categories() })
    #expect(try reopened(titled).recovery?.reason.description.contains("a category whose checksum") == true)
    let set = TemporaryFolder()
    let settings = try tamperedWhileOpen(
      "UPDATE setting SET value = '0' WHERE key = 'onboarding_done'", in: set)
    #expect(isDamage { () throws(StoreError) in _ = try settings.settings() })
    #expect(try reopened(set).recovery?.reason.description.contains("a setting whose checksum") == true)
  }

  @Test(arguments: [
    "UPDATE tracker SET best_streak = 99", "UPDATE tracker SET record_count = 2",
    "UPDATE day_summary SET records = 3", "DELETE FROM day_summary",
  ])
  func aSummaryThatDisagreesWithTheRecordsIsFoundByTheFullCheck(sql: String) throws {
    let folder = TemporaryFolder()
    // Kept open: a clean close would stamp the file as it is (the stamp trusts every writer to be
    // Tracker), and the next open would skip the full check.
    let open = try tamperedWhileOpen(sql, in: folder)
    defer { withExtendedLifetime(open) {} }
    let recovered = try reopened(folder)
    #expect(recovered.recovery?.reason.description.contains("do") == true)
    #expect(recovered.recovery?.reason.description.contains("match") == true)
    // Salvage computes the summaries again from the records it saved.
    let statistics = try recovered.statistics(asOf: day("2026-11-30"))
    #expect(statistics.trackers.map(\.completed) == [1])
    #expect(try recovered.recordDays(trackerID: id(10)) == [day("2026-11-30")])
  }

  @Test func aRowSealCoversEveryValueAndItsOrder() {
    let values: [Statement.Value] = [.integer(1), .text("Run"), .null, .blob([1, 2])]
    #expect(RowSeal.of(values) == RowSeal.of(values))
    #expect(RowSeal.of([.text("ab"), .text("c")]) != RowSeal.of([.text("a"), .text("bc")]))
    #expect(RowSeal.of([.integer(0)]) != RowSeal.of([.null]))
    #expect(RowSeal.of([.integer(1), .integer(2)]) != RowSeal.of([.integer(2), .integer(1)]))
    #expect(RowSeal.of(integers: 20_000, 3, -1) == RowSeal.of([.integer(20_000), .integer(3), .integer(-1)]))
    for bit in 0..<64 {
      #expect(RowSeal.of([.integer(20_000)]) != RowSeal.of([.integer(20_000 ^ (1 << Int64(bit)))]))
    }
  }
}
