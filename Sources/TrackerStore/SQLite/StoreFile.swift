import CSQLite
import Foundation

/// Opening a store file: configure, check, migrate — and when the file is unreadable, move it
/// aside byte-for-byte and start a fresh one.
enum StoreFile {
  /// Why an existing file cannot be used as it is.
  struct Unusable: Error {
    let reason: String
  }

  /// An open, checked and migrated connection.
  struct Opened {
    let database: Database
    /// Set when the file was broken and moved aside.
    let recovery: StoreRecovery?
    /// Whether the full `PRAGMA integrity_check` ran (see `VerifiedStamp`).
    let ranIntegrityCheck: Bool
  }

  /// An open, checked, migrated connection to `path`, and the recovery that was needed, if any.
  static func open(path: String, now: Date) throws(StoreOpenError) -> Opened {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .cannotCreateFolder(path: folder, reason: describe(error))
      }
    }
    let reason: String
    do {
      let (database, checked) = try prepared(path: path)
      return Opened(database: database, recovery: nil, ranIntegrityCheck: checked)
    } catch let error as Unusable {
      reason = error.reason
    } catch let error as SQLiteError where error.meansBrokenFile {
      reason = error.message
    } catch let error as SQLiteError {
      throw .cannotOpen(path: path, reason: error.message)
    } catch {
      throw .cannotOpen(path: path, reason: describe(error))
    }
    let movedTo = try moveAside(path: path, now: now)
    do {
      let (database, checked) = try prepared(path: path)
      let recovery = StoreRecovery(originalPath: path, movedTo: movedTo, reason: reason)
      return Opened(database: database, recovery: recovery, ranIntegrityCheck: checked)
    } catch {
      throw .cannotOpen(path: path, reason: describe(error))
    }
  }

  /// Opens `path` and makes it ready, or throws `Unusable` / `SQLiteError`.
  private static func prepared(path: String) throws -> (Database, ranIntegrityCheck: Bool) {
    let database = try Database(path: path, create: true)
    do {
      // The first statement reads the header: a file that is not a database fails here.
      try database.execute("PRAGMA busy_timeout = 10000")
      try database.execute("PRAGMA journal_mode = WAL")
      try database.execute("PRAGMA synchronous = FULL")
      try database.execute("PRAGMA foreign_keys = ON")
      // Up to 32 MiB of page cache (allocated only as used): bulk imports stay in memory.
      try database.execute("PRAGMA cache_size = -32768")
      // Reading the schema catches a file that is not a database even when the check is skipped.
      _ = try database.prepare("SELECT count(*) FROM sqlite_schema").rows { $0.int(0) }
      let needsCheck = !VerifiedStamp.isCurrent(for: path)
      if needsCheck {
        VerifiedStamp.remove(for: path)
        let check = try database.prepare("PRAGMA integrity_check").rows { $0.text(0) }
        guard check == ["ok"] else {
          throw Unusable(reason: "integrity check failed: " + check.prefix(3).joined(separator: "; "))
        }
      }
      try migrate(database)
      return (database, needsCheck)
    } catch {
      database.close()
      throw error
    }
  }

  /// Brings the schema up to date. A file that is already up to date is only read, so a
  /// read-only file opens (its screens show; its saves are refused one by one) and opening never
  /// waits for another process's write lock.
  private static func migrate(_ database: Database) throws {
    var applied = try appliedVersions(database)
    if let newest = applied.max(), newest > Schema.latestVersion {
      throw Unusable(
        reason:
          "it was written by a newer version of Tracker (schema \(newest); this one knows up to \(Schema.latestVersion))"
      )
    }
    guard Schema.migrations.contains(where: { !applied.contains($0.version) }) else { return }
    try database.transaction { try database.execute(Schema.createMigrationTable) }
    for migration in Schema.migrations where !applied.contains(migration.version) {
      try database.transaction {
        // Another process may have applied it since the first read: look again under the lock.
        applied = try appliedVersions(database)
        guard !applied.contains(migration.version) else { return }
        try database.execute(migration.sql)
        try database.prepare("INSERT INTO schema_migration (version, name) VALUES (?, ?)")
          .run([.integer(Int64(migration.version)), .text(migration.name)])
        try database.execute("PRAGMA user_version = \(migration.version)")
      }
    }
  }

  /// The migrations recorded in the file; none for a new file.
  private static func appliedVersions(_ database: Database) throws -> Set<Int> {
    let hasTable =
      try database.prepare(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migration'"
      ).rows { $0.int(0) }.first == 1
    guard hasTable else { return [] }
    return Set(try database.prepare("SELECT version FROM schema_migration").rows { $0.int(0) })
  }

  /// Renames `path` (and its -wal and -shm companions, which belong to it) to
  /// `<path>.broken-<UTC timestamp>`; returns the new path.
  private static func moveAside(path: String, now: Date) throws(StoreOpenError) -> String {
    let fileManager = FileManager.default
    let stamp = timestamp(now)
    var target = "\(path).broken-\(stamp)"
    var attempt = 2
    while fileManager.fileExists(atPath: target) {
      target = "\(path).broken-\(stamp)-\(attempt)"
      attempt += 1
    }
    do {
      try fileManager.moveItem(atPath: path, toPath: target)
      VerifiedStamp.remove(for: path)
      for suffix in ["-wal", "-shm"] where fileManager.fileExists(atPath: path + suffix) {
        try fileManager.moveItem(atPath: path + suffix, toPath: target + suffix)
      }
    } catch {
      throw .cannotMoveAside(path: path, reason: describe(error))
    }
    return target
  }

  /// `20261130T031500Z`.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T"
      + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
  }

  private static func describe(_ error: Error) -> String {
    if let error = error as? SQLiteError { return error.message }
    return (error as NSError).localizedDescription
  }
}
