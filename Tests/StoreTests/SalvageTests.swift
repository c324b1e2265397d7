import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerRecovery
@testable import TrackerSQLite
@testable import TrackerStore

/// A store at `path` with `trackers` habits in one category, each done on `days` days from
/// 2020-01-01 on, closed cleanly; returns what it holds.
func filledStore(_ path: String, trackers: Int, days: Int, longNames: Bool = false) throws -> StoreContents {
  let store = try SQLiteTrackerStore(path: path, now: fixedNow)
  let habits = (0..<trackers).map { number in
    habit((longNames ? "A fairly long habit name number " : "Habit ") + "\(number)", id: 100 + number)
  }
  let records = habits.flatMap { habit in
    (0..<days).map { TrackerRecord(trackerID: habit.id, day: day("2020-01-01").adding(days: $0)) }
  }
  try store.insert(StoreContents(categories: [home], trackers: habits, records: records))
  try store.saveSettings(StoreSettings(isOnboardingDone: true, filter: .all, lastChosenCategoryID: home.id))
  return try store.contents()
}

/// Runs `sql` on the file behind the store's back (the full check at the next opening finds it).
func tamper(_ path: String, _ sql: String) throws {
  let database = try Database(path: path, create: false)
  try database.execute(sql)
  database.close()
}

/// Runs `sql` on the file behind the store's back and expects the change found as damage: when
/// the file is opened (its quick check reads every seal), or at the latest when the trackers are
/// read, never read as a quietly different value.
func expectSealBroken(_ path: String, by sql: String) throws {
  try tamper(path, sql)
  switch Result(catching: { () throws(StoreOpenError) in
    try SQLiteTrackerStore(path: path, now: fixedNow, setsBrokenFileAside: false)
  }) {
  case .success(let store): #expect(throws: StoreError.self) { try store.trackers() }
  case .failure(let error): #expect("\(error)".contains("checksum does not match"))
  }
}

/// The file's page size and the root page of table or index `name`.
func rootPage(_ path: String, _ name: String) throws -> (pageSize: Int, root: Int) {
  let database = try Database(path: path, create: false)
  defer { database.close() }
  try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  let size = try database.prepare("PRAGMA page_size").rows { $0.int(0) }.first ?? 4096
  let root =
    try database.prepare("SELECT rootpage FROM sqlite_schema WHERE name = ?").rows([.text(name)]) {
      $0.int(0)
    }
    .first ?? 0
  return (size, root)
}

/// Overwrites page `page` (1-based) of the file with zeros.
func zeroPage(_ path: String, _ page: Int, size: Int) throws {
  let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
  try handle.seek(toOffset: UInt64((page - 1) * size))
  try handle.write(contentsOf: Data(count: size))
  try handle.close()
}

func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

/// Flips `bits` of byte `offset` of `cell`, which the file must hold exactly once (bit rot in one row).
func flip(_ path: String, inTheOnly cell: [UInt8], at offset: Int, bits: UInt8) throws {
  var file = [UInt8](try bytes(path))
  let found = (0..<file.count - cell.count).filter { Array(file[$0..<$0 + cell.count]) == cell }
  try #require(found.count == 1)
  file[found[0] + offset] ^= bits
  try Data(file).write(to: URL(fileURLWithPath: path))
}

@Suite("An interrupted salvage is finished by the next command", .temporaryFolders)
struct InterruptedSalvageTests {
  @Test(arguments: SalvageInterruption.Step.allCases)
  func aSalvageInterruptedAtAnyStepIsFinishedOnceByTheNextOpening(step: SalvageInterruption.Step) throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 3, days: 200)
    try tamper(path, "UPDATE day_summary SET records = records + 1")
    let damaged = try bytes(path)
    let interrupted = try HelperProcess.run(["open-until", path, step.rawValue])
    #expect(interrupted.status == 99, "\(interrupted.output) \(interrupted.error)")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    // Interrupted before the file moved, the next command salvages it as if for the first time.
    #expect(recovery.wasResumed == (step != .marked))
    #expect(recovery.description.contains("was broken"))
    #expect(try store.contents() == before)
    #expect(recovery.saved.records.count == before.records.count)
    #expect(try bytes(recovery.movedTo) == damaged)
    #expect(!folder.files().contains { $0.hasSuffix(".salvage") })
    #expect(
      folder.files().filter { $0.contains(".broken-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        .count == 1)
    withExtendedLifetime(store) {}
  }

  @Test func aSalvageThatCannotBeWrittenSaysSoAndTheNextOpeningSavesIt() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 10, days: 2000)
    try tamper(path, "UPDATE day_summary SET records = records + 1")
    // Room for a new, empty store, not for 20,000 records: a disk that fills during the salvage.
    // (A new store's migrations pass about 205 KiB through its write-ahead log since schema 9.)
    let limited = try HelperProcess.run(["open-limited", path, "\(300 * 1024)"])
    #expect(limited.status == 0, "\(limited.error)")
    #expect(limited.output.contains("could not be saved yet"), "\(limited.output)")
    #expect(folder.files().contains("tracker.sqlite.salvage"))
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery?.wasResumed == true)
    #expect(try store.contents() == before)
  }

  @Test func aSalvageFinishedOnceIsNotResumedAgain() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 2, days: 10)
    try tamper(path, "UPDATE day_summary SET records = records + 1")
    let interrupted = try HelperProcess.run(["open-until", path, "committed"])
    #expect(interrupted.status == 99)
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      #expect(store.recovery?.wasResumed == true)
    }
    let again = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(again.recovery == nil)
    #expect(try again.contents() == before)
  }
}

@Suite("Salvage keeps everything that can still be read", .temporaryFolders)
struct SalvageReadsTests {
  @Test func aFileCutShortSalvagesWhatSQLiteCanStillReadWithWritableSchema() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 30, days: 400, longNames: true)
    let whole = try bytes(path)
    try whole.prefix(whole.count * 6 / 10).write(to: URL(fileURLWithPath: path))
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    // The categories and trackers were written first: all of them are in the part that is left.
    #expect(saved.categories == before.categories)
    #expect(saved.trackers == before.trackers)
    #expect(!saved.records.isEmpty)
    #expect(Set(saved.records).isSubset(of: Set(before.records)))
    #expect(recovery.saved.records.count == saved.records.count)
  }

  @Test func recordsWhoseTablePagesAreGoneAreReadFromTheirIndex() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 4, days: 1500)
    let (size, root) = try rootPage(path, "record")
    try zeroPage(path, root, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(try store.contents() == before)
    #expect(recovery.leftOut == 0)
  }

  /// Zeroes the root pages of the record table and of its index `record_by_day`.
  func zeroRecordRoots(_ path: String) throws {
    let (size, table) = try rootPage(path, "record")
    let (_, index) = try rootPage(path, "record_by_day")
    try zeroPage(path, table, size: size)
    try zeroPage(path, index, size: size)
  }

  @Test func recordsWhoseTableAndIndexRootsAreBothGoneAreFoundByAPageScan() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 4, days: 1500)
    try zeroRecordRoots(path)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(try store.contents() == before)
    #expect(recovery.saved.records.count == before.records.count)
    #expect(recovery.leftOut == 0)
  }

  /// A store of 4 habits done on 1500 days, then off on the 150 days after (600 days off: days
  /// off have the records' shape, (tracker, day) in a table and an index of their own, and these
  /// fill pages of their own); returns its contents before and after the days off.
  func storeWithDaysOff(_ path: String) throws -> (before: StoreContents, withDaysOff: StoreContents) {
    let before = try filledStore(path, trackers: 4, days: 1500)
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      let after = day("2020-01-01").adding(days: 1500)
      for number in 0..<4 {
        _ = try store.setDaysOff(
          true, trackerID: id(100 + number), on: (0..<150).map { after.adding(days: $0) })
      }
    }
    let withDaysOff = try SQLiteTrackerStore(path: path, now: fixedNow).contents()
    #expect(withDaysOff.daysOff.count == 600)
    return (before, withDaysOff)
  }

  @Test func aDayOffFoundByThePageScanIsNeverTakenForARecord() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (before, withDaysOff) = try storeWithDaysOff(path)
    try zeroRecordRoots(path)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    let saved = try store.contents()
    // Every record back, and not one day off among them.
    #expect(saved.records.count == before.records.count)
    #expect(Set(saved.records).subtracting(before.records).isEmpty)
    #expect(saved.daysOff.count == withDaysOff.daysOff.count)
  }

  @Test func daysOffThatCannotBeReadEitherAreKeptFromBecomingRecordsByTheDaySummaries() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (before, _) = try storeWithDaysOff(path)
    try zeroRecordRoots(path)
    let (size, table) = try rootPage(path, "day_off")
    let (_, index) = try rootPage(path, "day_off_by_day")
    try zeroPage(path, table, size: size)
    try zeroPage(path, index, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    // The summaries count no record on the days off: their pairs are left out, the records kept.
    #expect(saved.records.count == before.records.count)
    #expect(Set(saved.records).subtracting(before.records).isEmpty)
    #expect(recovery.leftOut >= 600)
  }

  /// The days off SQLite reads in the file at `path` through `sql` (with `writable_schema`, as
  /// `sqlite3 .dump` would), up to the first damage; a row of nulls (a page past the end of a
  /// file cut short reads as zeros) is no day off.
  func daysOffSQLiteReads(_ path: String, _ sql: String) -> Int {
    Salvage.withReadableCopy(of: path) { database, _ in
      var count = 0
      do {
        try database.prepare(sql).forEachRow { row in
          if !row.isNull(0), !row.isNull(1) { count += 1 }
        }
      } catch {
        // Damage ends the read, as it ends sqlite3's.
      }
      return count
    } ?? 0
  }

  @Test(arguments: [80, 90, 95])
  func daysOffOfAFileCutShortAreSalvagedAsFarAsSQLiteReadsThem(percent: Int) throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (_, withDaysOff) = try storeWithDaysOff(path)
    _ = try rootPage(path, "day_off")  // everything checkpointed into the file
    let whole = try bytes(path)
    try whole.prefix(whole.count * percent / 100).write(to: URL(fileURLWithPath: path))
    let readable = max(
      daysOffSQLiteReads(path, "SELECT day, tracker FROM day_off INDEXED BY day_off_by_day ORDER BY day"),
      daysOffSQLiteReads(path, "SELECT tracker, day FROM day_off"))
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    #expect(Set(saved.daysOff).isSubset(of: Set(withDaysOff.daysOff)))
    #expect(saved.daysOff.count >= readable, "\(saved.daysOff.count) of the \(readable) SQLite reads")
    #expect(recovery.saved.daysOff.count == saved.daysOff.count)
  }

  @Test(arguments: ["day_off", "day_off_by_day"])
  func daysOffWhoseTableOrIndexRootIsGoneAreReadFromTheOther(zeroed: String) throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (_, withDaysOff) = try storeWithDaysOff(path)
    let (size, root) = try rootPage(path, zeroed)
    try zeroPage(path, root, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(try store.contents() == withDaysOff)
    #expect(recovery.leftOut == 0)
  }

  @Test func daysOffWhoseTableAndIndexRootsAreBothGoneAreFoundByAPageScan() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (_, withDaysOff) = try storeWithDaysOff(path)
    let (size, table) = try rootPage(path, "day_off")
    let (_, index) = try rootPage(path, "day_off_by_day")
    try zeroPage(path, table, size: size)
    try zeroPage(path, index, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    let saved = try store.contents()
    // The records' b-trees are whole: a pair no b-tree leads to that is no record is a day off.
    #expect(saved.records == withDaysOff.records)
    #expect(Set(saved.daysOff).isSubset(of: Set(withDaysOff.daysOff)))
    #expect(saved.daysOff.count == withDaysOff.daysOff.count)
  }

  /// The store of `storeWithDaysOff` with `bits` of byte `offset` of `cell` flipped, opened (and
  /// so salvaged), and its contents before the flip.
  func flippedDaysOff(_ cell: [UInt8], at offset: Int, bits: UInt8) throws -> (
    folder: TemporaryFolder, withDaysOff: StoreContents, store: SQLiteTrackerStore, recovery: StoreRecovery
  ) {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (_, withDaysOff) = try storeWithDaysOff(path)
    _ = try rootPage(path, "day_off")  // everything checkpointed into the file
    try flip(path, inTheOnly: cell, at: offset, bits: bits)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    return (folder, withDaysOff, store, try #require(store.recovery))
  }

  @Test func aFlippedDayInTheDayOffTableInventsNoDayOffAndTheIndexGivesTheRealOneBack() throws {
    // Bit rot in the day_off table only: tracker 1 off on 2024-03-18 (day 19800, 0x4D58) becomes
    // day 3416 (1979-05-09), before the tracker's first day. The cell: payload size 5, header (3,
    // the constant 1, int16), the day.
    let flipped = try flippedDaysOff([0x05, 0x03, 0x09, 0x02, 0x4D, 0x58], at: 4, bits: 0x40)
    let saved = try flipped.store.contents()
    #expect(saved.records == flipped.withDaysOff.records)
    // Read in the table's order, the flipped day goes back: that is damage, the read seeks past
    // it, and the index (whole) gives the real day off back.
    #expect(saved.daysOff == flipped.withDaysOff.daysOff)
    #expect(!saved.daysOff.contains { $0.day < day("2020-01-01") })
  }

  @Test func anIndexEntryOfNoTrackerDoesNotCastDoubtOnTheDayOffItsTableHolds() throws {
    // Bit rot in day_off_by_day only, in the tracker: (2024-03-18, tracker 1) becomes
    // (2024-03-18, tracker 0), a tracker that does not exist. The entry: payload size 5, header
    // (3, int16, the constant 1), the day; the flip turns the constant 1 into the constant 0.
    let flipped = try flippedDaysOff([0x05, 0x03, 0x02, 0x09, 0x4D, 0x58], at: 3, bits: 0x01)
    // The table (whole) holds the real one: kept; the entry of no tracker is not, and is counted.
    #expect(try flipped.store.contents().daysOff == flipped.withDaysOff.daysOff)
    #expect(flipped.recovery.leftOut == 1)
  }

  @Test func aDayOffBeforeItsTrackersFirstDayOrOffItsScheduleIsLeftOut() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let (_, withDaysOff) = try storeWithDaysOff(path)
    // Behind the store's back, in the table and the index alike: a day off in 1979; and a day
    // summary's seal flipped, which the full check finds (every record is still kept).
    try tamper(path, "INSERT INTO day_off (tracker, day) VALUES (1, 3416)")
    try tamper(path, "UPDATE day_summary SET seal = seal + 1 WHERE day = 18262")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(try store.contents().daysOff == withDaysOff.daysOff)
    #expect(recovery.leftOut == 1)
  }

  @Test(arguments: [25, 30, 35])
  func recordsTheirBTreesStillLeadToAreKeptWhenTheDaySummariesAreCutOff(percent: Int) throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    // Enough records that a quarter of the file holds the schema (its triggers take five pages,
    // made before any record).
    let before = try filledStore(path, trackers: 8, days: 2400)
    _ = try rootPage(path, "record")  // everything checkpointed into the file
    // Cut at a page boundary before the day summaries and the days off: nothing vouches for a pair
    // found on a page nobody leads to, but the record b-trees' roots still lead to some pages.
    let whole = try bytes(path)
    try whole.prefix(whole.count * percent / 100 / 4096 * 4096).write(to: URL(fileURLWithPath: path))
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    let saved = try store.contents()
    #expect(!saved.records.isEmpty)
    #expect(Set(saved.records).subtracting(before.records).isEmpty)
  }

  @Test func aScannedRecordOfATrackerThatWasNotSalvagedIsLeftOutAndCounted() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 4, days: 1500)
    // A record of tracker 9, which never existed, on a storable day, behind the store's back.
    try tamper(path, "PRAGMA foreign_keys = OFF; INSERT INTO record (tracker, day) VALUES (9, 18300)")
    try zeroRecordRoots(path)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(try store.contents() == before)
    // Left out and counted once (its table cell and its index entry are one record).
    #expect(recovery.leftOut == 1)
    #expect(recovery.description.contains("entries left out because they could not be vouched for: 1"))
  }

  @Test func trackersWhoseTableRootIsGoneAreFoundByAPageScan() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 80, days: 20, longNames: true)
    let (size, root) = try rootPage(path, "tracker")
    try zeroPage(path, root, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    let saved = try store.contents()
    #expect(saved.trackers == before.trackers)
    #expect(saved.records == before.records)
  }

  @Test func trackersWhoseOnlyCategoryPageIsGoneKeepTheirCategoryUnderANewTitle() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 40, days: 3)
    let (size, root) = try rootPage(path, "category")
    try zeroPage(path, root, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow, recoveredCategoryTitle: "Восстановленное")
    #expect(store.recovery != nil)
    let saved = try store.contents()
    #expect(saved.categories == [TrackerCategory(id: home.id, title: "Восстановленное")])
    #expect(saved.trackers == before.trackers)
    #expect(saved.records == before.records)
  }

  @Test func aFileWhoseSchemaPageIsGoneIsReadByAPageScan() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 30, days: 300, longNames: true)
    _ = try rootPage(path, "record")  // everything checkpointed into the file
    try zeroPage(path, 1, size: 4096)
    // Its header gone, only the default data file (or its stamp) says the file is Tracker's.
    let store = try SQLiteTrackerStore(path: path, now: fixedNow, isDefaultFile: true)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    #expect(saved.trackers == before.trackers)
    #expect(saved.records == before.records)
    #expect(recovery.leftOut == 0)
  }

  @Test func aDeletedTrackerDoesNotComeBackFromAFreePage() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    _ = try filledStore(path, trackers: 80, days: 2, longNames: true)
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      for number in 0..<60 { try store.deleteTracker(id: id(100 + number)) }
    }
    let kept = try SQLiteTrackerStore(path: path, now: fixedNow).contents()
    let (size, root) = try rootPage(path, "tracker")
    try zeroPage(path, root, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    let saved = try store.contents()
    #expect(Set(saved.trackers.map(\.id)).isSubset(of: Set(kept.trackers.map(\.id))))
  }
}

@Suite("Salvage keeps nothing that cannot be vouched for", .temporaryFolders)
struct SalvageVouchesTests {
  /// A store of `trackers` habits done on 3 days, checkpointed, with `bits` of byte `offset` of
  /// `cell` flipped (bit rot in one row), opened again: what it held and what the opening did.
  func flippedStore(trackers: Int, _ cell: [UInt8], at offset: Int, bits: UInt8) throws -> (
    folder: TemporaryFolder, before: StoreContents, store: SQLiteTrackerStore, recovery: StoreRecovery
  ) {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: trackers, days: 3)
    _ = try rootPage(path, "record")  // everything checkpointed into the file
    try flip(path, inTheOnly: cell, at: offset, bits: bits)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    return (folder, before, store, try #require(store.recovery))
  }

  @Test func aRecordItsTableAndIndexDisagreeOnIsLeftOutAndTheRealOneKept() throws {
    // Bit rot in the record table only: tracker 1 on day 2020-01-02 (18263) becomes 18271.
    // A record's cell in the table (schema 5): payload size 6, header (4, the constant 1, int16,
    // NULL: no amount), the day.
    let flipped = try flippedStore(
      trackers: 1, [0x06, 0x04, 0x09, 0x02, 0x00, 0x47, 0x57], at: 6, bits: 0x08)
    // The day summaries (sealed) say the index is right: the real record is kept, the wrong one not.
    #expect(try flipped.store.contents().records == flipped.before.records)
    #expect(flipped.recovery.leftOut == 1)
    #expect(
      flipped.recovery.description.contains("entries left out because they could not be vouched for: 1"))
  }

  @Test func anIndexEntryOfNoTrackerDoesNotCastDoubtOnTheRecordItsTableHolds() throws {
    // Bit rot in record_by_day only: the entry (2020-01-02, tracker 1) becomes (2020-01-02,
    // tracker 0), a tracker that does not exist. An index entry: payload size 5, header (3, int16,
    // the constant 1), the day 18263; the flip turns the constant 1 into the constant 0.
    let flipped = try flippedStore(trackers: 2, [0x05, 0x03, 0x02, 0x09, 0x47, 0x57], at: 3, bits: 0x01)
    // The table's record is the only candidate for its day: kept; the entry of no tracker is not.
    #expect(try flipped.store.contents().records == flipped.before.records)
    #expect(flipped.recovery.leftOut == 1)
  }

  @Test func aRecordOnADayTheStoreCannotHoldIsLeftOutAndTheRestSaved() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 2, days: 5)
    // 1800-01-01: a day SQLite reads, but the store never holds (Day.isStorable).
    try tamper(path, "UPDATE record SET day = -62091 WHERE tracker = 1 AND day = 18262")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(
      try store.contents().records
        == before.records.filter { $0 != TrackerRecord(trackerID: id(100), day: day("2020-01-01")) })
    #expect(recovery.leftOut == 1)
    #expect(try store.contents().trackers == before.trackers)
  }
}
