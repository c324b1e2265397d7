import CSQLite
import Foundation
import TrackerModels

#if canImport(Glibc)
  import Glibc
#endif

/// One SQLite connection. Not thread-safe by itself: its owner serializes access.
///
/// After groue/GRDB.swift, kept small: the connection closes even when opening fails, statements
/// own their pointers, every failure is a `SQLiteError` carrying code, message and SQL.
package final class Database {
  package private(set) var handle: OpaquePointer?
  /// The file this connection opened (":memory:" for an in-memory database).
  package let path: String
  /// Statements compiled once and reused, by SQL (after GRDB's `cachedStatement(sql:)`).
  private var statementCache: [String: Statement] = [:]
  /// The busy handler's settings, while `waitWhileBusy` set it.
  var busyWait: BusyWait?
  /// The tables the statements being compiled read and write, as SQLite's authorizer tells them.
  private let compiling = CompiledTables()

  /// Opens (and with `create`, creates) the database at `path`.
  package convenience init(path: String, create: Bool) throws(SQLiteError) {
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
    if create { flags |= SQLITE_OPEN_CREATE }
    try self.init(path: path, name: path, flags: flags)
  }

  /// Opens the database at `path` read-only and immutable: SQLite changes nothing, not even a
  /// journal or a `-shm` file, so a damaged file stays byte for byte as it was (its `-wal` is not
  /// read).
  package convenience init(immutable path: String) throws(SQLiteError) {
    try self.init(
      path: path, name: Self.uri(path) + "?immutable=1",
      flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
  }

  /// Opens the database at `path` read-only, waiting up to `busyTimeout` milliseconds for a
  /// writer of another process to commit: SQLite takes its shared lock and writes nothing, not
  /// even a journal. A file in rollback mode only: one in write-ahead-log mode would have its
  /// `-shm` made or written.
  package convenience init(readOnly path: String, busyTimeout: Int32) throws(SQLiteError) {
    try self.init(path: path, name: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
    sqlite3_busy_timeout(handle, busyTimeout)
  }

  /// Opens the database at `path` to read it without writing a byte, for a disk that takes no
  /// more (full, or past the file size limit): read-only, SQLite's index of the write-ahead log
  /// (`-shm`) opened read-only and, when nobody else has the file open, rebuilt from the log in
  /// this process's memory (`readonly_shm`). With no index to open and no log to read, the file
  /// alone (immutable). The log's commits are read either way: a log without its index file is
  /// not read this way, and opening fails.
  package static func readingWithoutWriting(_ path: String) throws(SQLiteError) -> Database {
    let logSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
    if logSize == 0, !FileManager.default.fileExists(atPath: path + "-shm") {
      return try Database(immutable: path)
    }
    return try Database(
      path: path, name: uri(path) + "?readonly_shm=1",
      flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
  }

  /// Removes what an attempt to open `path` on a disk that takes no more bytes left beside it and
  /// could not make usable: an empty log (`-wal`) and a log index (`-shm`) shorter than SQLite's
  /// first 32 KiB region, when neither was there before the attempt (`hadLog`, `hadIndex`), so a
  /// command that only reads leaves no file behind. Only while this process holds the index's
  /// lock byte 128 exclusively: every SQLite connection holds it shared while it has the file
  /// open, and one that comes meanwhile waits (busy) instead of taking an index being removed.
  package static func removeUnmadeSideFiles(_ path: String, hadLog: Bool, hadIndex: Bool) {
    let log = path + "-wal"
    let index = path + "-shm"
    var info = stat()
    guard !hadLog, !hadIndex, !OpenDatabases.shared.isOpen(path) else { return }
    let descriptor = open(index, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return }
    defer { closeDescriptor(descriptor) }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 128
    lock.l_len = 1
    guard fcntl(descriptor, F_SETLK, &lock) == 0, fstat(descriptor, &info) == 0, info.st_size < 32768 else {
      return
    }
    if lstat(log, &info) == 0, info.st_size == 0, info.st_mode & S_IFMT == S_IFREG { unlink(log) }
    unlink(index)
  }

  private static func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  /// `path` as a `file:` URI.
  private static func uri(_ path: String) -> String {
    let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))
    return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
  }

  /// A copy of `source`'s database in memory (SQLite's online backup): what is done to the copy
  /// never reaches the file.
  package static func inMemoryCopy(of source: Database) throws(SQLiteError) -> Database {
    let copy = try Database(
      path: ":memory:", name: ":memory:",
      flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX)
    guard let backup = sqlite3_backup_init(copy.handle, "main", source.handle, "main") else {
      let error = copy.error(sqlite3_errcode(copy.handle), sql: nil)
      copy.close()
      throw error
    }
    let code = sqlite3_backup_step(backup, -1)
    sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else {
      copy.close()
      throw SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)))
    }
    return copy
  }

  /// A read-only database in memory holding a copy of `bytes` (a whole database file): nothing
  /// done to it reaches any file. A file in write-ahead-log mode reads as one in rollback mode
  /// (only the copy's header is changed), since a copy has no log.
  package static func readOnlyCopy(of bytes: Data) throws(SQLiteError) -> Database {
    let copy = try Database(
      path: ":memory:", name: ":memory:",
      flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX)
    guard
      let buffer = sqlite3_malloc64(sqlite3_uint64(max(bytes.count, 1)))?.assumingMemoryBound(to: UInt8.self)
    else {
      copy.close()
      throw SQLiteError(code: SQLITE_NOMEM, message: String(cString: sqlite3_errstr(SQLITE_NOMEM)))
    }
    bytes.copyBytes(to: buffer, count: bytes.count)
    if bytes.count > 19, buffer[18] == 2, buffer[19] == 2 {
      buffer[18] = 1
      buffer[19] = 1
    }
    let code = sqlite3_deserialize(
      copy.handle, "main", buffer, sqlite3_int64(bytes.count), sqlite3_int64(bytes.count),
      UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY))
    guard code == SQLITE_OK else {
      let error = copy.error(code, sql: nil)
      copy.close()
      throw error
    }
    return copy
  }

  /// Opens `name` (a path, or a `file:` URI with `SQLITE_OPEN_URI`) with `flags`.
  private init(path: String, name: String, flags: Int32) throws(SQLiteError) {
    self.path = path
    var opened: OpaquePointer?
    let code = sqlite3_open_v2(name, &opened, flags, nil)
    // sqlite3_open_v2 hands out a handle even on failure; it must be closed either way.
    guard code == SQLITE_OK, let opened else {
      let message =
        opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
      var error = SQLiteError(code: code, message: message)
      error.systemError = opened.map { sqlite3_system_errno($0) } ?? 0
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
    sqlite3_extended_result_codes(opened, 1)
    // SQLite says which tables each statement reads and writes (a trigger's too) while it
    // compiles it: every statement knows its tables, and nobody lists them by hand.
    sqlite3_set_authorizer(opened, noteTable, Unmanaged.passUnretained(compiling).toOpaque())
    OpenDatabases.shared.opened(path)
  }

  deinit { close() }

  /// Closes the connection; later calls fail with `SQLITE_MISUSE`.
  package func close() {
    guard let handle else { return }
    statementCache.removeAll()  // finalized before the connection closes
    sqlite3_close_v2(handle)
    self.handle = nil
    OpenDatabases.shared.closed(path)
  }

  /// Runs one or more statements that return no rows.
  package func execute(_ sql: String) throws(SQLiteError) {
    guard let handle else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed", sql: sql)
    }
    compiling.tables = StoreTables()
    let before = sqlite3_total_changes64(handle)
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code, sql: sql) }
    // Written only when a row changed (see `Statement.step`).
    let changed = sqlite3_total_changes64(handle) != before
    TableRecording.note(read: compiling.tables.read, written: changed ? compiling.tables.written : [])
  }

  /// A prepared statement for `sql`.
  package func prepare(_ sql: String) throws(SQLiteError) -> Statement {
    guard let handle else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed", sql: sql)
    }
    var statement: OpaquePointer?
    compiling.tables = StoreTables()
    let code = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw error(code, sql: sql)
    }
    return Statement(pointer: statement, database: self, sql: sql, tables: compiling.tables)
  }

  /// The prepared statement for `sql`, compiled on first use and reused after: every use binds
  /// anew (`bind` resets it). Not for a statement run inside a loop over its own rows.
  package func cached(_ sql: String) throws(SQLiteError) -> Statement {
    if let statement = statementCache[sql] { return statement }
    let statement = try prepare(sql)
    statementCache[sql] = statement
    return statement
  }

  /// How many statements the cache holds (for tests).
  package var cachedStatementCount: Int { statementCache.count }

  /// Runs `body` in a read transaction: every statement in it sees the same snapshot of the file.
  package func readTransaction<Result>(_ body: () throws -> Result) throws -> Result {
    try execute("BEGIN DEFERRED")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Runs `body` in a transaction (`BEGIN IMMEDIATE`, so writers queue on the busy timeout rather
  /// than fail on upgrade); commits when it returns, rolls back when it throws anything.
  package func transaction<Result>(_ body: () throws -> Result) throws -> Result {
    try execute("BEGIN IMMEDIATE")
    let result: Result
    do {
      result = try body()
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
    do {
      try execute("COMMIT")
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
    return result
  }

  /// Runs `body` inside the open transaction as a savepoint: released when it returns, rolled back
  /// alone (the transaction still open) when it throws.
  package func savepoint<Result>(_ body: () throws -> Result) throws -> Result {
    try execute("SAVEPOINT nested")
    let result: Result
    do {
      result = try body()
    } catch {
      try? execute("ROLLBACK TO nested")
      try? execute("RELEASE nested")
      throw error
    }
    try execute("RELEASE nested")
    return result
  }

  /// Whether a transaction is open on the connection.
  package var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

  /// The number of rows the last statement changed.
  package var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

  /// A `SQLiteError` for `code` with the connection's current message.
  package func error(_ code: Int32, sql: String?) -> SQLiteError {
    let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
    var error = SQLiteError(code: code, message: message, sql: sql)
    error.systemError = handle.map { sqlite3_system_errno($0) } ?? 0
    return error
  }
}

/// What the authorizer noted of the statements being compiled on one connection (used under the
/// connection's own lock, as the connection is).
private final class CompiledTables {
  var tables = StoreTables()
}

/// SQLite's authorizer: notes each column a statement being compiled reads or updates, and each
/// table it inserts into or deletes from, as `StoreTables` names them (SQLite's own tables
/// aside); allows everything.
private let noteTable:
  @convention(c) (
    UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
    UnsafePointer<CChar>?
  ) -> Int32 = { context, action, first, second, _, _ in
    guard let context, let first else { return SQLITE_OK }
    let table = String(cString: first)
    guard !table.hasPrefix("sqlite_") else { return SQLITE_OK }
    let column = second.map { String(cString: $0) } ?? ""
    let compiling = Unmanaged<CompiledTables>.fromOpaque(context).takeUnretainedValue()
    switch action {
    // A table read with no column (`count(*)`) comes with an empty column name: all of it.
    case SQLITE_READ: compiling.tables.read.insert(StoreTables.name(table, column))
    case SQLITE_UPDATE: compiling.tables.written.insert(StoreTables.name(table, column))
    case SQLITE_INSERT, SQLITE_DELETE: compiling.tables.written.insert(table)
    default: break
    }
    return SQLITE_OK
  }

/// The database files this process has open. Looking at another process's locks on a file this
/// process also has open would be harmful: closing any descriptor of a file drops every POSIX lock
/// the process holds on it, SQLite's included.
package final class OpenDatabases: Sendable {
  package static let shared = OpenDatabases()
  private let counts = Locked<[String: Int]>([:])

  private static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

  package func opened(_ path: String) {
    counts.withLock { $0[Self.key(path), default: 0] += 1 }
  }

  package func closed(_ path: String) {
    let key = Self.key(path)
    counts.withLock { counts in counts[key] = (counts[key] ?? 1) > 1 ? (counts[key] ?? 1) - 1 : nil }
  }

  package func isOpen(_ path: String) -> Bool {
    counts.value[Self.key(path)] != nil
  }
}
