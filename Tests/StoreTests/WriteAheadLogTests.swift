import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerRecovery
@testable import TrackerSQLite
@testable import TrackerSchema
@testable import TrackerStore

@Suite("A damaged write-ahead log is kept and salvaged, never dropped in silence", .temporaryFolders)
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

@Suite("A log cut short is damage; a command leaves the log empty", .temporaryFolders)
struct CutLogTests {
  /// How the log is cut after the commits.
  enum Cut: String, CaseIterable, Sendable {
    case toNothing, toItsHeader, inTheMiddle, deleted
  }

  /// A store whose category and habit are in the file and whose `count` records were committed
  /// while another process (`helper`, still connected) held a read transaction: they are only in
  /// the log, which no checkpoint could empty.
  func commitsHeldInTheLog(_ path: String, count: Int) throws -> RunningHelper {
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.createCategory(home)
      try store.createTracker(habit("Run", id: 10))
    }
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    let helper = try RunningHelper(["snapshot", path])
    #expect(helper.nextLine() == "holding")
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      for offset in 0..<count {
        try store.toggleRecord(trackerID: id(10), on: day("2026-11-01").adding(days: offset))
      }
    }
    return helper
  }

  func size(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
  }

  @Test(arguments: Cut.allCases)
  func aLogCutShortAfterItsCommitsIsDamageKeptAsideNeverASilentLoss(cut: Cut) throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let helper = try commitsHeldInTheLog(path, count: 10)
    let log = path + "-wal"
    let full = try #require(size(log))
    // Ten commits of a record, its tracker's summary and the day's: more than ten frames.
    #expect(full > 32 + 10 * (24 + 4096))
    switch cut {
    case .toNothing: #expect(truncate(log, 0) == 0)
    case .toItsHeader: #expect(truncate(log, 32) == 0)
    case .inTheMiddle: #expect(truncate(log, off_t(32 + (full - 32) / (24 + 4096) / 2 * (24 + 4096))) == 0)
    case .deleted:
      // Deleted while the reader has it open, its frames are still there for the reader's closing
      // checkpoint: the log is deleted after the reader is gone (killed).
      helper.crash()
      try FileManager.default.removeItem(atPath: log)
    }
    let cutLog = FileManager.default.contents(atPath: log)
    if cut != .deleted {
      // While the reader still has the file open, a read meets the missing frames: the file is
      // broken, and left as it is (the reader's).
      do {
        _ = try SQLiteTrackerStore(path: path, now: fixedNow, fullCheck: true, readOnly: true)
        Issue.record("opened while the log lacks committed frames")
      } catch {
        guard case .broken(_, .logCutShort(let missing)) = error, missing > 0 else {
          Issue.record("\(error)")
          return
        }
      }
      #expect(FileManager.default.contents(atPath: log) == cutLog)
      // The reader ends and closes: its closing checkpoint fails on the missing frames.
      try helper.send("release")
      #expect(helper.nextLine() == "released")
      try helper.send("close")
      #expect(helper.nextLine() == "closed")
      helper.wait()
    }
    #expect(FileManager.default.fileExists(atPath: path + "-shm"))

    guard case .logCutShort(let missing)? = WriteAheadLog.problem(path) else {
      Issue.record("not found: \(String(describing: WriteAheadLog.problem(path)))")
      return
    }
    #expect(missing > 0)
    // A backup is never made from it: it is left as it is.
    #expect(throws: StoreOpenError.self) {
      try SQLiteTrackerStore(
        path: path, now: fixedNow, setsBrokenFileAside: false, fullCheck: true, readOnly: true)
    }
    #expect(FileManager.default.contents(atPath: log) == cutLog)
    // Any other command sets the file aside with its log and index, byte for byte, and says so.
    let store = try SQLiteTrackerStore(path: path, now: fixedNow, readOnly: true)
    let recovery = try #require(store.recovery)
    #expect(recovery.reason == .logCutShort(missingFrames: missing))
    #expect(FileManager.default.contents(atPath: recovery.movedTo + "-wal") == cutLog)
    #expect(FileManager.default.fileExists(atPath: recovery.movedTo + "-shm"))
    // What the log still holds is saved: the category and habit from the file, and in a log cut
    // in the middle the records committed before the cut.
    #expect(recovery.saved.trackers.map(\.id) == [id(10)])
    let saved = recovery.saved.records.count
    #expect(cut == .inTheMiddle ? (1..<10).contains(saved) : saved == 0)
  }

  @Test func aWholeLogAfterASnapshotIsReplayedWithEveryCommit() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let helper = try commitsHeldInTheLog(path, count: 10)
    helper.crash()
    #expect((size(path + "-wal") ?? 0) > 32)
    #expect(LogIndex(path + "-shm") != nil)
    #expect(WriteAheadLog.problem(path) == nil)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery == nil)
    #expect(try store.recordDays(trackerID: id(10)).count == 10)
  }

  @Test func anIndexHeaderSQLiteWouldNotTrustIsIgnored() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let helper = try commitsHeldInTheLog(path, count: 3)
    helper.crash()
    var index = [UInt8](try #require(FileManager.default.contents(atPath: path + "-shm")))
    #expect(LogIndex(bytes: index)?.committedFrames ?? 0 > 0)
    // One copy of the header changed (a write in progress), or both with a wrong checksum.
    index[16] ^= 1
    #expect(LogIndex(bytes: index) == nil)
    index[48 + 16] ^= 1
    #expect(LogIndex(bytes: index) == nil)
  }

  @Test func aCommandThatEndsWithNoReaderLeftLeavesTheLogEmpty() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let helper = try commitsHeldInTheLog(path, count: 10)
    // Held back by the reader, the commits stay in the log.
    #expect((size(path + "-wal") ?? 0) > 32)
    try helper.send("release")
    #expect(helper.nextLine() == "released")
    // The reader stays connected, reading nothing: a command that only reads ends, and the log is
    // copied into the file and emptied.
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow, readOnly: true)
      #expect(try store.recordDays(trackerID: id(10)).count == 10)
    }
    #expect((size(path + "-wal") ?? 0) == 0)
    // So does a command that writes.
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.toggleRecord(trackerID: id(10), on: day("2026-11-25"))
    }
    #expect((size(path + "-wal") ?? 0) == 0)
    try helper.send("close")
    #expect(helper.nextLine() == "closed")
    helper.wait()
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }
}
