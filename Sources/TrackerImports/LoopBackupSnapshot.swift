import CSQLite
import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// One consistent snapshot of a Loop backup on disk, read as SQLite would read it and without a
/// byte written beside it.
///
/// A backup in rollback mode is read on a read-only connection, every read in one read
/// transaction: SQLite's shared lock keeps another program's commit out until the reading is
/// done (a write in progress is waited for), so no habit comes without its check-marks. A hot
/// journal (Loop killed mid-write: SQLite refuses to read it read-only) or a write-ahead log is
/// applied the way SQLite applies it, to a private copy: the file and its `-journal` or `-wal`
/// are copied into a folder of this process's own, the copy is opened and rolled back or its log
/// read there, and the folder is removed on every path.
package enum LoopBackupSnapshot {
  /// How long a reading waits for another program's write to end, in milliseconds.
  package static let busyTimeout: Int32 = 10_000

  /// How often a private copy is taken again when the files changed while they were copied.
  package static let copyAttempts = 5

  /// `SQLITE_READONLY_ROLLBACK`: a hot journal that a read-only connection may not roll back.
  private static let hotJournal: Int32 = 776

  /// The backup kept changing while it was copied: another program is writing to it.
  package struct Changing: Error {}

  /// Runs `body` on one snapshot of the database at `path`; a private copy, when one is needed,
  /// goes into a new folder inside `scratch`.
  package static func read<Result>(
    _ path: String, scratch: String = FileManager.default.temporaryDirectory.path,
    _ body: (Database) throws -> Result
  ) throws -> Result {
    if !usesLog(path) {
      do {
        let database = try Database(readOnly: path, busyTimeout: busyTimeout)
        defer { database.close() }
        return try database.readTransaction { try body(database) }
      } catch let error as SQLiteError where error.code == hotJournal {
        // A hot journal: rolled back in the copy below, never in the user's file.
      }
    }
    return try readPrivateCopy(path, scratch: scratch, body)
  }

  /// Whether the file is in write-ahead-log mode (its header says so) or has a log beside it.
  private static func usesLog(_ path: String) -> Bool {
    var info = stat()
    if stat(path + "-wal", &info) == 0 { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 20)) ?? Data()
    return header.count == 20 && (header[18] == 2 || header[19] == 2)
  }

  /// What identifies a file's version: size, inode, modification and change times (nil: absent).
  private struct Stamp: Equatable {
    package var size: Int64
    package var inode: UInt64
    package var modified: [Int]
    package var changed: [Int]

    package init?(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      size = Int64(info.st_size)
      inode = UInt64(info.st_ino)
      modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
      changed = [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
    }
  }

  private static let sideFiles = ["", "-journal", "-wal"]

  /// Copies the file and its journal or log into a new private folder, opens the copy (SQLite
  /// rolls a hot journal back, or reads the log's commits, in the copy) and runs `body` in one
  /// read transaction; the folder is removed on every path.
  private static func readPrivateCopy<Result>(
    _ path: String, scratch: String, _ body: (Database) throws -> Result
  ) throws -> Result {
    let folder = try privateFolder(in: scratch)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/backup.db"
    for _ in 0..<copyAttempts {
      let before = sideFiles.map { Stamp(path + $0) }
      for suffix in sideFiles {
        try? FileManager.default.removeItem(atPath: copy + suffix)
        if before[sideFiles.firstIndex(of: suffix) ?? 0] != nil {
          try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
      }
      guard sideFiles.map({ Stamp(path + $0) }) == before else { continue }
      let database = try Database(path: copy, create: false)
      defer { database.close() }
      sqlite3_busy_timeout(database.handle, busyTimeout)
      return try database.readTransaction { try body(database) }
    }
    throw Changing()
  }

  /// A new folder inside `scratch` that only this user may enter.
  private static func privateFolder(in scratch: String) throws -> String {
    var template = Array((scratch + "/tracker-loop-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return String(cString: made)
  }
}
