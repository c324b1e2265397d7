import Foundation
import TrackerModels

/// An open store file as both stores use it: one connection under a lock, errors turned into
/// `StoreError`s a screen can show, damage met after opening withdrawing the quick-open stamp,
/// and a closing checkpoint that stamps a file left clean.
final class StoreConnection: @unchecked Sendable {
  /// The data file.
  let path: String
  /// The connection; used only inside `read` and `transaction`.
  let database: Database
  /// When the full check last passed for this file (carried into the stamp at close).
  private let checkedAt: Date
  /// Whether the connection is to a copy in memory (`StoreFile.Opened.isCopy`): never stamped.
  private let isCopy: Bool
  private let lock = NSLock()
  /// Set when a read or write met damage; the close then leaves no stamp behind.
  private var damageSeen = false
  /// SQLite's `data_version` when last looked at: it moves when another connection commits.
  private var seenDataVersion: Int?

  init(_ opened: StoreFile.Opened, path: String) {
    self.path = path
    database = opened.database
    checkedAt = opened.checkedAt
    isCopy = opened.isCopy
    // What the file is at opening, so a commit of another process from now on is noticed. When it
    // cannot be read, the first `changedElsewhere` takes note instead (and the read that follows
    // meets the same failure and reports it).
    seenDataVersion = try? database.prepare("PRAGMA data_version").rows { $0.int(0) }.first
  }

  deinit {
    // Empty the write-ahead log into the file; when that succeeds nobody else is mid-write, and
    // the file as it now is can skip the full integrity check at the next open (VerifiedStamp).
    // Not waiting for anyone: when another process is writing, the checkpoint is skipped (and so
    // is the stamp) instead of holding this one up for the busy timeout.
    lock.lock()
    try? database.execute("PRAGMA busy_timeout = 0")
    let checkpointed = try? database.prepare("PRAGMA wal_checkpoint(TRUNCATE)").rows { $0.int(0) == 0 }.first
    database.close()
    let isDamaged = damageSeen
    lock.unlock()
    if checkpointed == true, !isDamaged, !isCopy { VerifiedStamp.record(for: path, checkedAt: checkedAt) }
  }

  /// Runs `body` under the lock; what it throws becomes a `StoreError`.
  func read<Result>(_ body: () throws -> Result) throws(StoreError) -> Result {
    lock.lock()
    defer { lock.unlock() }
    do {
      return try body()
    } catch let error as StoreError {
      throw error
    } catch let error as SQLiteError {
      // Damage met after opening: the quick-open stamp no longer vouches for the file, so the next
      // open runs the full check and sets the file aside as it would a file broken at open.
      if error.meansBrokenFile {
        VerifiedStamp.remove(for: path)
        damageSeen = true
      }
      var failure = error.storageFailure
      if failure.kind == .busy, let holder = StoreFile.writeLockHolder(path) {
        failure.detail += " — the write lock is held by \(holder)"
      }
      throw .storage(failure)
    } catch {
      throw .storage(StorageFailure(.other, detail: String(describing: error)))
    }
  }

  /// Whether another connection — another process — committed since the file was opened or
  /// since the last call.
  func changedElsewhere() throws(StoreError) -> Bool {
    try read {
      let version = try database.prepare("PRAGMA data_version").rows { $0.int(0) }.first ?? 0
      defer { seenDataVersion = version }
      return seenDataVersion.map { $0 != version } ?? false
    }
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction under the lock.
  func transaction<Result>(_ body: () throws -> Result) throws(StoreError) -> Result {
    try read { try database.transaction(body) }
  }
}
