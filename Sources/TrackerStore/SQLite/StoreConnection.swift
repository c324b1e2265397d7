import CSQLite
import Foundation
import TrackerModels

/// An open store file as both stores use it: one connection under a lock (a recursive one: a read
/// inside a snapshot takes it again on the same thread), every read a read transaction, errors turned into
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
  private let lock = NSRecursiveLock()
  /// The calls made on the main thread (a debug check: the view models make none).
  let mainThread = MainThreadCheck()
  /// Set when a read or write met damage; the close then leaves no stamp behind.
  private var damageSeen = false
  /// SQLite's `data_version` when last looked at: it moves when another connection commits.
  private var seenDataVersion: Int?
  /// How many tries at a write found another connection holding the write lock (used under
  /// `lock`): tests see by it that a write is waiting.
  private var triesFindingTheLockHeld = 0

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

  /// How long a write waits for another program's write lock before it fails (`.busy`): SQLite's
  /// busy timeout, unless the caller asked for less (`waitLimit`).
  static let busyTimeout: TimeInterval = 10
  /// How long a write waits between two tries at the write lock; the connection is free meanwhile,
  /// so this process's reads (the screen's) never queue behind a write that waits.
  static let retryPause: TimeInterval = 0.01
  /// The longest a write of the current task may wait, for the lock of the connection and for the
  /// file's write lock together; nil: the busy timeout (`waitingAtMost`).
  @TaskLocal static var waitLimit: TimeInterval?

  /// Runs `body` with every write in it waiting at most `limit` seconds for a lock (then `.busy`).
  static func waitingAtMost<Result>(
    _ limit: TimeInterval, _ body: () throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    let outcome: Swift.Result<Result, StoreError> = $waitLimit.withValue(limit) {
      do throws(StoreError) {
        return .success(try body())
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Runs `body` under the lock in one read transaction (`BEGIN DEFERRED … COMMIT`), so all its
  /// statements see one state of the file; inside a transaction already open on this thread (a
  /// snapshot's), as a part of it. What it throws becomes a `StoreError`.
  func read<Result>(_ body: () throws -> Result) throws(StoreError) -> Result {
    mainThread.callBegins()
    lock.lock()
    defer { lock.unlock() }
    return try mapped { database.isInTransaction ? try body() : try database.readTransaction(body) }
  }

  /// Runs `body`; what it throws becomes a `StoreError`. The caller holds the lock.
  private func mapped<Result>(_ body: () throws -> Result) throws(StoreError) -> Result {
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
        failure.holder = holder
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
      let version = try database.cached("PRAGMA data_version").rows { $0.int(0) }.first ?? 0
      defer { seenDataVersion = version }
      return seenDataVersion.map { $0 != version } ?? false
    }
  }

  /// How many tries at a write so far found another connection holding the write lock.
  var lockHeldTries: Int {
    lock.lock()
    defer { lock.unlock() }
    return triesFindingTheLockHeld
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction under the lock.
  ///
  /// The write lock is asked for without SQLite's busy handler: while another program holds it,
  /// this tries again every `retryPause` until `waitLimit` (else the busy timeout) has passed,
  /// and lets go of the connection between tries, so reads of this process go on meanwhile.
  func transaction<Result>(_ body: () throws -> Result) throws(StoreError) -> Result {
    mainThread.callBegins()
    let limit = Self.waitLimit
    // Elapsed time, not the wall clock: a clock set back must not stretch the wait.
    let waitEnds = DispatchTime.now() + (limit ?? Self.busyTimeout)
    while true {
      if limit != nil {
        // Another thread of this process is writing (the background writer between its tries,
        // an import): past the limit this write is as busy as if another program held the file.
        guard takeLock(until: waitEnds) else { throw Self.busy(path, sql: nil) }
      } else {
        lock.lock()
      }
      let attempt: Attempt<Result>
      do {
        attempt = try mapped { () throws -> Attempt<Result> in try attemptTransaction(body) }
      } catch {
        lock.unlock()
        throw error
      }
      if case .lockHeld = attempt { triesFindingTheLockHeld += 1 }
      lock.unlock()
      if case .done(let result) = attempt { return result }
      let now = DispatchTime.now()
      guard now < waitEnds else {
        throw Self.busy(path, sql: "BEGIN IMMEDIATE")
      }
      let left = Double(waitEnds.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9
      Thread.sleep(forTimeInterval: min(Self.retryPause, left))
    }
  }

  /// Takes this process's own lock, trying until `end`; false when another thread held it all along.
  private func takeLock(until end: DispatchTime) -> Bool {
    while !lock.try() {
      guard DispatchTime.now() < end else { return false }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return true
  }

  /// One try of a transaction: `.lockHeld` when another connection holds the write lock.
  private enum Attempt<Result> {
    case done(Result)
    case lockHeld
  }

  /// One `BEGIN IMMEDIATE` transaction without SQLite's busy handler (`Database.transaction`:
  /// committed, or rolled back on any throw). Busy is expected only at `BEGIN`; met anywhere, the
  /// transaction has been rolled back, so trying it again whole is safe.
  private func attemptTransaction<Result>(_ body: () throws -> Result) throws -> Attempt<Result> {
    sqlite3_busy_timeout(database.handle, 0)
    defer { sqlite3_busy_timeout(database.handle, Int32(Self.busyTimeout * 1000)) }
    do {
      return .done(try database.transaction(body))
    } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY {
      return .lockHeld
    }
  }

  /// The failure of a write that waited as long as it could for the write lock, naming who holds
  /// it when another process does.
  private static func busy(_ path: String, sql: String?) -> StoreError {
    var failure = SQLiteError(code: SQLITE_BUSY, message: "database is locked", sql: sql).storageFailure
    if let holder = StoreFile.writeLockHolder(path) {
      failure.detail += " — the write lock is held by \(holder)"
      failure.holder = holder
    }
    return .storage(failure)
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
