import CSQLite
import Foundation
import TrackerModels

/// A failed SQLite call: the result code, SQLite's own message, and the SQL that failed.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The extended result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
  public var code: Int32
  /// `sqlite3_errmsg` at the time of the failure.
  public var message: String
  /// The statement that failed, when there was one.
  public var sql: String?
  /// What Tracker's own checks found, when they (not SQLite) reported the damage.
  public var damage: StoreDamage?
  /// The system's error number behind a failed read or write (`sqlite3_system_errno`), 0 when
  /// none is known.
  public var systemError: Int32 = 0

  /// An error with every field given.
  public init(code: Int32, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// Damage found by Tracker's own checks (a seal, a value out of range): `SQLITE_CORRUPT`, so it
  /// is handled like damage SQLite finds.
  public init(damage: StoreDamage) {
    self.init(code: SQLITE_CORRUPT, message: damage.description)
    self.damage = damage
  }

  /// The damage as opening tells it: Tracker's finding, else SQLite's words.
  package var storeDamage: StoreDamage { damage ?? .reportedBySQLite(message) }

  /// The primary result code (the low byte of `code`).
  public var primaryCode: Int32 { code & 0xFF }

  /// Whether the failure is a disk that takes no more bytes: full, over a quota, or past the file
  /// size limit (`ulimit -f`). Such a disk can still be read.
  public var meansNoRoom: Bool {
    primaryCode == SQLITE_FULL
      || ((primaryCode == SQLITE_IOERR || primaryCode == SQLITE_CANTOPEN)
        && [ENOSPC, EDQUOT, EFBIG].contains(systemError))
  }

  /// Whether the file is not a database or is damaged.
  public var meansBrokenFile: Bool {
    primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT
  }

  public var description: String {
    let name = String(cString: sqlite3_errstr(code))
    return "SQLite error \(code) (\(name)): \(message)" + (sql.map { " — in \($0)" } ?? "")
  }
}

extension SQLiteError {
  /// The failure as the screens tell it: read-only, full, busy, damaged, I/O or other.
  public var storageFailure: StorageFailure {
    let kind: StorageFailure.Kind
    switch primaryCode {
    case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN: kind = .readOnly
    case SQLITE_FULL: kind = .diskFull
    case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
    case SQLITE_CORRUPT, SQLITE_NOTADB: kind = .damaged
    case SQLITE_IOERR: kind = .inputOutput
    default: kind = .other
    }
    return StorageFailure(kind, detail: description, damage: damage)
  }
}
