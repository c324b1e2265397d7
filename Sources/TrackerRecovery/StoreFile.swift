import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

/// Opening a store file: configure, check, migrate — and when a file that is recognizably a
/// Tracker store is unreadable, move it aside byte-for-byte and start a fresh one. Any other file
/// (text, a picture, another program's database, a pipe, a folder) is refused untouched.
package enum StoreFile {
  /// Why an existing file cannot be used as it is.
  package struct Unusable: Error {
    package let damage: StoreDamage
  }

  /// A file that is fine but not ours to change: left exactly as it is.
  package enum Untouchable: Error {
    /// Written by a newer version of Tracker.
    case newerSchema(Int)
    /// A SQLite database of another program.
    case foreign
  }

  /// An open, checked and migrated connection.
  package struct Opened {
    package let database: Database
    /// Set when the file was broken and moved aside.
    package let recovery: StoreRecovery?
    /// Whether the full check ran (see `VerifiedStamp`).
    package let ranIntegrityCheck: Bool
    /// When the full check last passed for the file: now when it ran, else the stamp's time.
    package let checkedAt: Date
    /// Whether `database` is an up-to-date copy in memory of a file of an older schema, opened by
    /// a command that only reads (`readOnly`): the file itself was not migrated.
    package var isCopy = false
  }

  /// An open, checked, migrated connection to `path`, and the recovery that was needed, if any.
  /// With `setsBrokenFileAside` false a broken file is left where it is and `.broken` thrown.
  /// With `fullCheck` the integrity check runs even when the stamp says the file is unchanged.
  /// `isDefaultFile` says that `path` is the user's default data file: broken, it is Tracker's
  /// whatever its bytes. Any other broken file is set aside only when it is recognizably a Tracker
  /// store (`recognizes`); otherwise it is refused and left exactly as it is. With `readOnly` (a
  /// command that only reads) an existing file is never created, converted or migrated: a file of
  /// an older schema is read through an up-to-date copy in memory.
  package static func open(
    path: String, now: Date, schema: StoreSchema = .tracker, setsBrokenFileAside: Bool = true,
    fullCheck: Bool = false, isDefaultFile: Bool = false, readOnly: Bool = false
  ) throws(StoreOpenError) -> Opened {
    // A salvage an earlier command began and could not finish comes first: it is finished now.
    if let resumed = try resumeSalvage(path: path, now: now, schema: schema, fullCheck: fullCheck) {
      return resumed
    }
    let found = FileInspection.inspect(path)
    var isTrackers = try recognizes(path, found, schema: schema, isDefaultFile: isDefaultFile)
    // SQLite makes a new file's `-journal` before it turns to WAL: a name with no room for it
    // would leave an empty file behind and no store.
    let hasRoomForANewFile =
      (path as NSString).lastPathComponent.utf8.count + "-journal".utf8.count <= longestName
    if found == .missing, !readOnly, !hasRoomForANewFile {
      throw .cannotOpen(path: path, reason: String(cString: strerror(ENAMETOOLONG)))
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, !readOnly {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .cannotCreateFolder(path: folder, reason: FileSystemRefusal(error))
      }
    }
    let reason: StoreDamage
    do {
      if case .otherFile = found { throw Unusable(damage: .notADatabase) }
      if let problem = WriteAheadLog.problem(path) { throw Unusable(damage: problem) }
      let (database, checkedAt, isCopy) = try prepared(
        path: path, now: now, schema: schema, fullCheck: fullCheck, readOnly: readOnly,
        isTrackers: &isTrackers)
      return Opened(
        database: database, recovery: nil, ranIntegrityCheck: checkedAt == nil, checkedAt: checkedAt ?? now,
        isCopy: isCopy)
    } catch let error as Unusable {
      reason = error.damage
    } catch StoreFile.Untouchable.newerSchema(let version) {
      throw .newerSchema(path: path, version: version, known: schema.latestVersion)
    } catch StoreFile.Untouchable.foreign {
      throw .notATrackerStore(path: path)
    } catch let error as SQLiteError where error.meansBrokenFile {
      reason = error.storeDamage
    } catch let error as SQLiteError where error.code == SQLITE_IOERR | (2 << 8) {
      // SQLITE_IOERR_SHORT_READ: a log cut short under a process that still has the file open
      // (its index says more). Not set aside while in use; the next command after it sets it aside.
      guard let missing = WriteAheadLog.missingFrames(path) else {
        throw .cannotOpen(path: path, reason: error.message)
      }
      throw .broken(path: path, reason: .logCutShort(missingFrames: missing))
    } catch let error as SQLiteError
      where error.primaryCode == SQLITE_BUSY || error.primaryCode == SQLITE_LOCKED
    {
      let holding = holding(path)
      throw .busy(path: path, holder: holding?.holder, isReading: holding?.isReading ?? false)
    } catch let error as SQLiteError where error.meansNoRoom {
      // Not "check that the folder is writable": it is, and the disk or the file size limit is
      // what refused (SQLite calls it a disk I/O error).
      throw .noRoom(path: path)
    } catch let error as SQLiteError {
      throw .cannotOpen(path: path, reason: error.message)
    } catch {
      throw .cannotOpen(path: path, reason: describe(error))
    }
    guard isTrackers else {
      if case .otherFile(let kind) = found { throw .notAStoreFile(path: path, kind: kind) }
      throw .notAStoreFile(path: path, kind: .damagedDatabase)
    }
    guard setsBrokenFileAside else { throw .broken(path: path, reason: reason) }
    guard hasRoomForANewFile else { throw .cannotMoveAside(path: path, reason: refusal(ENAMETOOLONG)) }
    // The marker names the file aside before it moves, so a salvage interrupted at any moment is
    // finished by the next command (`resumeSalvage`); the store removes it once the salvage commits.
    let movedTo = asideTarget(path: path, now: now)
    try markSalvage(path: path, aside: movedTo, reason: reason)
    SalvageInterruption.reach(.marked)
    try moveAside(path: path, to: movedTo)
    do {
      var isFresh = true
      // The fresh store in the broken one's place is made like any new store, with its mode.
      let (database, checkedAt, _) = try prepared(
        path: path, now: now, schema: schema, fullCheck: fullCheck, readOnly: false, isTrackers: &isFresh)
      keepMode(of: movedTo, on: path)
      SalvageInterruption.reach(.created)
      let recovery = StoreRecovery(originalPath: path, movedTo: movedTo, reason: reason)
      return Opened(
        database: database, recovery: recovery, ranIntegrityCheck: checkedAt == nil,
        checkedAt: checkedAt ?? now)
    } catch {
      throw .cannotOpen(path: path, reason: describe(error))
    }
  }

  /// Whether the file at `path`, should it be broken, is recognizably a Tracker store of `schema`
  /// (to be set aside and salvaged): the default data file, a file with our quick-open stamp
  /// beside it, a SQLite header with the schema's application id, or a database whose migration
  /// record SQLite can read. Throws, leaving the file untouched, for what is plainly not one: not a
  /// regular file, another program's database, a file that is not a database (unrecognized).
  package static func recognizes(
    _ path: String, _ found: FileInspection, schema: StoreSchema, isDefaultFile: Bool
  ) throws(StoreOpenError) -> Bool {
    switch found {
    case .notAFile(let kind):
      throw .notAStoreFile(path: path, kind: kind)
    case .missing, .empty:
      return isDefaultFile || VerifiedStamp.isPresent(for: path)
    case .otherFile(let kind):
      guard isDefaultFile || VerifiedStamp.isPresent(for: path) else {
        throw .notAStoreFile(path: path, kind: kind)
      }
      return true
    case .database(let applicationID) where applicationID != 0:
      // Another program's database, or the other Tracker app's file: never opened for writing.
      guard schema.acceptedApplicationIDs.contains(applicationID) else {
        throw refusal(path, applicationID: applicationID)
      }
      return true
    case .database:
      if isDefaultFile || VerifiedStamp.isPresent(for: path) { return true }
      // A store never checkpointed has its header, application id included, only in its log.
      if let logged = WriteAheadLog.applicationID(path), logged != 0 {
        guard schema.acceptedApplicationIDs.contains(logged) else {
          throw refusal(path, applicationID: logged)
        }
        return true
      }
      // Tracker's files from before application ids, another program's, or a blank database:
      // looked at without changing a byte (immutable: no journal, no `-shm`, no lock).
      // What only the write-ahead log holds (a store another process has open) is not seen here:
      // a blank result lets the opening itself look, with the log.
      do {
        let database = try Database(immutable: path)
        defer { database.close() }
        return !(try ownedVersions(database, schema)).isEmpty
      } catch Untouchable.foreign {
        throw .notATrackerStore(path: path)
      } catch Untouchable.newerSchema {
        // A newer Tracker's file: the opening reports it, and leaves it as it is.
        return true
      } catch {
        // A database SQLite cannot read, with no log beside it that could make it whole, is not
        // recognizably Tracker's: it is not opened for writing at all.
        guard FileInspection.inspect(path + "-wal") != .missing else {
          throw .notAStoreFile(path: path, kind: .damagedDatabase)
        }
        return false
      }
    }
  }

  /// Opens `path` and makes it ready, or throws `Unusable` / `SQLiteError`. Returns, with the
  /// connection, when the full check last passed when it was skipped (nil: it ran now). Sets
  /// `isTrackers` once the file shows Tracker's migration record under an accepted application id
  /// (damage found after that is damage of a Tracker store). With `readOnly` nothing in the file
  /// changes: its journal mode stays, and an older schema is migrated in a copy in memory
  /// (`isCopy`).
  ///
  /// A disk that takes no more bytes (full, a file size limit) still reads: when SQLite cannot make
  /// its `-shm` index or write anything else a read needs, a command that only reads opens the
  /// file again without writing a byte (`Database.readingWithoutWriting`).
  package static func prepared(
    path: String, now: Date, schema: StoreSchema, fullCheck: Bool, readOnly: Bool, isTrackers: inout Bool
  ) throws -> (Database, checkedAt: Date?, isCopy: Bool) {
    var info = stat()
    let hadLog = lstat(path + "-wal", &info) == 0
    let hadIndex = lstat(path + "-shm", &info) == 0
    do {
      return try prepared(
        try Database(path: path, create: !readOnly), path: path, now: now, schema: schema,
        fullCheck: fullCheck,
        readOnly: readOnly, isTrackers: &isTrackers)
    } catch let full as SQLiteError where !readOnly && full.meansNoRoom {
      // A write cannot open the file: the empty log and the index SQLite could not size go too,
      // as a read's would (the store is then refused with `.noRoom`).
      Database.removeUnmadeSideFiles(path, hadLog: hadLog, hadIndex: hadIndex)
      throw full
    } catch let full as SQLiteError where readOnly && full.meansNoRoom {
      // The empty log and the index SQLite could not size go: a read leaves nothing behind.
      Database.removeUnmadeSideFiles(path, hadLog: hadLog, hadIndex: hadIndex)
      let reading: Database
      do {
        reading = try Database.readingWithoutWriting(path)
        // Sorting and the integrity check keep their scratch data in memory, not in a file.
        try reading.execute("PRAGMA temp_store = MEMORY")
      } catch {
        throw full
      }
      do {
        return try prepared(
          reading, path: path, now: now, schema: schema, fullCheck: fullCheck, readOnly: true,
          isTrackers: &isTrackers)
      } catch let other as SQLiteError where !other.meansBrokenFile {
        // The reason to tell is the full disk, not what the second way met.
        throw full
      }
    }
  }

  /// How long opening waits for another program's lock: SQLite's busy timeout, and the switch to
  /// WAL mode, which SQLite's busy handler does not cover.
  static let openingBusyTimeout: Duration = .seconds(10)

  /// Makes `database` wait for another program's lock for the opening's busy timeout, telling
  /// each wait as a write's is (`StoreLockWait`), so that whoever opens can say what it waits
  /// for: a program holding the file in rollback journal mode keeps even the first read out.
  private static func waitWhileBusy(_ database: Database, path: String) {
    database.waitWhileBusy(upTo: openingBusyTimeout) {
      StoreLockWait.report?(busy(path, sql: nil))
    }
  }

  /// Puts the file in WAL mode. A file another program switched to a rollback journal
  /// (`journal_mode=DELETE`) and is writing, or reading, cannot be switched until it lets go.
  /// SQLite answers the switch busy at once while the other program writes (its busy handler
  /// could deadlock there), and waits in its busy handler while it reads: the handler is set
  /// aside, and the switch tried again every 20 ms for the busy timeout a write waits, so a
  /// command waits for another program's short write as it does in WAL mode. The first wait is
  /// told as a write's is (`StoreLockWait`), so that whoever opens can say what it waits for.
  private static func switchToWriteAheadLog(_ database: Database, path: String) throws(SQLiteError) {
    let deadline = ContinuousClock.now + openingBusyTimeout
    try database.execute("PRAGMA busy_timeout = 0")
    var reported = false
    while true {
      do {
        try database.execute("PRAGMA journal_mode = WAL")
        // (A throw leaves the handler off: the caller closes the connection.)
        waitWhileBusy(database, path: path)
        return
      } catch {
        guard error.primaryCode == SQLITE_BUSY else { throw error }
        if !reported, let report = StoreLockWait.report {
          reported = true
          report(busy(path, sql: "PRAGMA journal_mode = WAL"))
          // Tried again at once: telling may have taken long (a standard error nobody reads).
          continue
        }
        guard ContinuousClock.now < deadline else { throw error }
        Thread.sleep(forTimeInterval: 0.02)
      }
    }
  }

  /// `prepared` on an open connection `database` (closed when it throws).
  package static func prepared(
    _ database: Database, path: String, now: Date, schema: StoreSchema, fullCheck: Bool, readOnly: Bool,
    isTrackers: inout Bool
  ) throws -> (Database, checkedAt: Date?, isCopy: Bool) {
    do {
      waitWhileBusy(database, path: path)
      // Reads only, before anything that could change a byte: a file that is not a database
      // fails here, and another program's database or a newer Tracker's is left as it is.
      let applied = try ownedVersions(database, schema)
      if !applied.isEmpty { isTrackers = true }
      if !readOnly { try switchToWriteAheadLog(database, path: path) }
      try database.execute("PRAGMA synchronous = FULL")
      try database.execute("PRAGMA foreign_keys = ON")
      // Up to 32 MiB of page cache (allocated only as used): bulk imports stay in memory.
      try database.execute("PRAGMA cache_size = -32768")
      // Reading the schema catches a file that is not a database even when the check is skipped.
      _ = try database.prepare("SELECT count(*) FROM sqlite_schema").rows { $0.int(0) }
      let stamped = fullCheck ? nil : VerifiedStamp.checkedAt(for: path, now: now)
      let needsCheck = stamped == nil
      if needsCheck {
        VerifiedStamp.remove(for: path)
        // One read transaction: every part of the check sees the same snapshot while other
        // processes write (the summaries compared with the records above all).
        try database.readTransaction {
          let check = try database.prepare("PRAGMA integrity_check").rows { $0.text(0) }
          guard check == ["ok"] else {
            // The check can list thousands of problems: the first one is enough to tell the user.
            let lines = check.joined(separator: "\n").split(separator: "\n").filter { !$0.hasPrefix("***") }
            let first = lines.first.map { String($0.prefix(160)) } ?? "damaged"
            throw Unusable(damage: .integrityCheckFailed(first: first, more: lines.count - 1))
          }
          do {
            try schema.checkContents(database, applied)
          } catch let error as SQLiteError where error.primaryCode == SQLITE_ERROR {
            // A table or column missing from a file that records the migrations adding it.
            throw Unusable(damage: .missingPart(error.message))
          }
        }
      }
      if readOnly, schema.migrations.contains(where: { !applied.contains($0.version) }) {
        // A command that only reads never migrates the file: it reads an up-to-date copy.
        let copy = try Database.inMemoryCopy(of: database)
        database.close()
        do {
          try copy.execute("PRAGMA foreign_keys = ON")
          try migrate(copy, schema, applied: applied)
        } catch {
          copy.close()
          throw error
        }
        return (copy, stamped, true)
      }
      try migrate(database, schema, applied: applied)
      return (database, stamped, false)
    } catch {
      database.close()
      throw error
    }
  }

  /// Brings the schema up to date. A file that is already up to date is only read, so a
  /// read-only file opens (its screens show; its saves are refused one by one) and opening never
  /// waits for another process's write lock.
  package static func migrate(_ database: Database, _ schema: StoreSchema, applied: Set<Int>) throws {
    var applied = applied
    guard schema.migrations.contains(where: { !applied.contains($0.version) }) else { return }
    try database.transaction {
      if applied.isEmpty, schema.applicationID != 0 {
        try database.execute("PRAGMA application_id = \(schema.applicationID)")
      }
      try database.execute(Schema.createMigrationTable)
    }
    for migration in schema.migrations where !applied.contains(migration.version) {
      try database.transaction {
        // Another process may have applied it since the first read: look again under the lock.
        applied = try appliedVersions(database)
        guard !applied.contains(migration.version) else { return }
        try database.execute(migration.sql)
        try migration.after?(database)
        try database.prepare("INSERT INTO schema_migration (version, name) VALUES (?, ?)")
          .run([.integer(Int64(migration.version)), .text(migration.name)])
        try database.execute("PRAGMA user_version = \(migration.version)")
        MigrationInterruption.reach(migration.version)
      }
    }
  }

  /// The refusal of a database whose header names another application: the other app of this
  /// package by name, any other program as such.
  package static func refusal(_ path: String, applicationID: Int32) -> StoreOpenError {
    StoreOwner(applicationID: applicationID).map { .otherAppsFile(path: path, owner: $0) }
      ?? .notATrackerStore(path: path)
  }

  /// The migrations recorded in a file that is ours to use; throws `Untouchable` for another
  /// program's database (tables but no migration record: never add ours to it) and for a newer
  /// Tracker's.
  package static func ownedVersions(_ database: Database, _ schema: StoreSchema) throws -> Set<Int> {
    let applied = try appliedVersions(database)
    // Which of Tracker's stores the file is: a to-do file is not a tracker file, nor the reverse.
    let application =
      try database.prepare("PRAGMA application_id").rows { Int32(truncatingIfNeeded: $0.int(0)) }
      .first ?? 0
    if !applied.isEmpty, !schema.acceptedApplicationIDs.contains(application) { throw Untouchable.foreign }
    if let newest = applied.max(), newest > schema.latestVersion { throw Untouchable.newerSchema(newest) }
    if applied.isEmpty {
      // A store another process is creating has its migration table before its first migration.
      let tables =
        try database.prepare(
          """
          SELECT count(*) FROM sqlite_schema
          WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'schema_migration'
          """
        ).rows { $0.int(0) }.first ?? 0
      if tables > 0 { throw Untouchable.foreign }
    }
    return applied
  }

  /// The migrations recorded in the file; none for a new file.
  package static func appliedVersions(_ database: Database) throws -> Set<Int> {
    let hasTable =
      try database.prepare(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migration'"
      ).rows { $0.int(0) }.first == 1
    guard hasTable else { return [] }
    return Set(try database.prepare("SELECT version FROM schema_migration").rows { $0.int(0) })
  }

}

/// The steps of setting a broken file aside and salvaging it, for tests of a salvage interrupted
/// at each of them: a test's helper process (tracker-store-writer) ends itself at one, as
/// `kill -9` would. Package access: a client linking the store sees none of it.
package enum SalvageInterruption {
  /// A moment of the salvage.
  package enum Step: String, Sendable, CaseIterable {
    /// The marker naming the file aside is written; nothing has moved.
    case marked
    /// The broken file has moved; its `-wal` and `-shm` have not.
    case moved
    /// Everything has moved; the fresh store is not made yet.
    case movedAll
    /// The fresh store is made; the salvaged data is not in it yet.
    case created
    /// The salvaged data is committed; the marker is not removed yet.
    case committed
  }

  /// Called at each step when set (the tests' helper process only; nil in the app).
  nonisolated(unsafe) package static var stop: (@Sendable (Step) -> Void)?

  package static func reach(_ step: Step) { stop?(step) }
}

/// The moment a migration has done all its work and not committed yet, for tests of a migration
/// interrupted there: a test's helper process (tracker-store-writer) ends itself, as `kill -9`
/// would. Package access: a client linking the store sees none of it.
package enum MigrationInterruption {
  /// Called with each migration's version before its transaction commits, when set (the tests'
  /// helper process only; nil in the app).
  nonisolated(unsafe) package static var stop: (@Sendable (Int) -> Void)?

  package static func reach(_ version: Int) { stop?(version) }
}

// The system's calls under names the `StoreFile` members (`open`) do not hide.
package func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 { open(path, flags, mode) }
package func writeFile(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
package func closeFile(_ descriptor: Int32) { close(descriptor) }
