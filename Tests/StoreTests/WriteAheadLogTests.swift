import Foundation
import Testing
import TrackerModels

@testable import TrackerStore

@Suite("A damaged write-ahead log is kept and salvaged, never dropped in silence")
struct WriteAheadLogTests {
  /// A store with a category, a habit and five records written as separate commits, copied with
  /// its pending log to `crashed` while it is still open — the files a power cut leaves behind.
  func crashedCopy(in folder: TemporaryFolder) throws -> String {
    let live = folder.path("live.sqlite")
    let store = try SQLiteTrackerStore(path: live, now: fixedNow)
    try store.createCategory(home)
    try store.createTracker(habit("Run", id: 10))
    for offset in 0..<5 {
      try store.toggleRecord(trackerID: id(10), on: day("2026-11-20").adding(days: offset))
    }
    let crashed = folder.path("tracker.sqlite")
    try FileManager.default.copyItem(atPath: live, toPath: crashed)
    try FileManager.default.copyItem(atPath: live + "-wal", toPath: crashed + "-wal")
    withExtendedLifetime(store) {}
    return crashed
  }

  /// The offsets of the log's frames and whether each ends a commit.
  func frames(_ log: [UInt8]) -> [(offset: Int, isCommit: Bool)] {
    func word(_ at: Int) -> Int {
      Int(log[at]) << 24 | Int(log[at + 1]) << 16 | Int(log[at + 2]) << 8 | Int(log[at + 3])
    }
    let frameSize = 24 + word(8)
    return stride(from: 32, through: log.count - frameSize, by: frameSize).map { ($0, word($0 + 4) != 0) }
  }

  @Test func anIntactLogIsReplayedWithEveryCommit() throws {
    let folder = TemporaryFolder()
    let crashed = try crashedCopy(in: folder)
    #expect(WriteAheadLog.problem(crashed) == nil)
    let store = try SQLiteTrackerStore(path: crashed, now: fixedNow)
    #expect(store.recovery == nil)
    #expect(try store.recordDays(trackerID: id(10)).count == 5)
  }

  @Test func damageBeforeTheLastCommitSetsTheFileAsideWithItsLogAndSalvagesTheCommitsBefore() throws {
    let folder = TemporaryFolder()
    let crashed = try crashedCopy(in: folder)
    var log = [UInt8](try Data(contentsOf: URL(fileURLWithPath: crashed + "-wal")))
    let all = frames(log)
    let commits = all.enumerated().filter { $0.element.isCommit }.map(\.offset)
    // The last five commits are the five records (the schema's migrations come first).
    #expect(commits.count >= 7)
    // A bit flipped in the first frame of the third record's commit.
    let damaged = all[commits[commits.count - 4] + 1].offset + 24 + 200
    log[damaged] ^= 0x10
    try Data(log).write(to: URL(fileURLWithPath: crashed + "-wal"))
    #expect(
      WriteAheadLog.problem(crashed)?.description.contains("saved changes in it cannot be read") == true)

    let store = try SQLiteTrackerStore(path: crashed, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(recovery.reason.description.hasPrefix("its write-ahead log is damaged: "))
    // The file and its log are kept as they were, side by side.
    #expect(try Data(contentsOf: URL(fileURLWithPath: recovery.movedTo + "-wal")) == Data(log))
    // Saved: the commits before the damage (category, habit, two records).
    #expect(recovery.saved.trackers.map(\.id) == [id(10)])
    #expect(recovery.saved.records.map(\.day) == [day("2026-11-20"), day("2026-11-21")])
    #expect(try store.recordDays(trackerID: id(10)) == [day("2026-11-20"), day("2026-11-21")])
  }

  @Test func aDamagedLastFrameIsACommitCutShortAndDroppedAsSQLiteDoes() throws {
    let folder = TemporaryFolder()
    let crashed = try crashedCopy(in: folder)
    var log = [UInt8](try Data(contentsOf: URL(fileURLWithPath: crashed + "-wal")))
    let last = try #require(frames(log).last)
    log[last.offset + 24 + 100] ^= 0x01
    try Data(log).write(to: URL(fileURLWithPath: crashed + "-wal"))
    #expect(WriteAheadLog.problem(crashed) == nil)
    let store = try SQLiteTrackerStore(path: crashed, now: fixedNow)
    #expect(store.recovery == nil)
    #expect(try store.recordDays(trackerID: id(10)).count == 4)
  }

  @Test func aLogInUseIsNotReadItBelongsToWhoeverHasTheFileOpen() throws {
    let folder = TemporaryFolder()
    let crashed = try crashedCopy(in: folder)
    var log = [UInt8](try Data(contentsOf: URL(fileURLWithPath: crashed + "-wal")))
    log[frames(log)[2].offset + 24 + 100] ^= 0x01
    try Data(log).write(to: URL(fileURLWithPath: crashed + "-wal"))
    let open = try Database(path: crashed, create: false)
    #expect(StoreFile.isInUse(crashed))
    #expect(WriteAheadLog.problem(crashed) == nil)
    open.close()
    #expect(!StoreFile.isInUse(crashed))
    #expect(WriteAheadLog.problem(crashed) != nil)
  }

  @Test func aStoreAnotherProcessIsCreatingIsNotTakenForAForeignDatabase() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    // The first step of creating a store: the migration table, committed before any migration.
    let creating = try Database(path: path, create: true)
    try creating.execute("PRAGMA journal_mode = WAL")
    try creating.execute(Schema.createMigrationTable)
    creating.close()
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery == nil)
    try store.createCategory(home)
    #expect(try store.categories() == [home])
  }

  @Test func aLogWithADamagedHeaderAndFramesIsDamage() throws {
    let folder = TemporaryFolder()
    let crashed = try crashedCopy(in: folder)
    var log = [UInt8](try Data(contentsOf: URL(fileURLWithPath: crashed + "-wal")))
    log[17] ^= 0x01  // a salt: SQLite would ignore the whole log
    #expect(WriteAheadLog.problem(in: log) == .damagedLogHeader)
    // Only a header (a log just reset) is no damage.
    #expect(WriteAheadLog.problem(in: Array(log.prefix(32))) == nil)
  }
}
