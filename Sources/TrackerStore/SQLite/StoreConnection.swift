import CSQLite
import Foundation
import TrackerModels
import TrackerRecovery
import TrackerSQLite

/// An open store file as both stores use it: a writer connection and, beside it, a reader
/// connection, each under its own lock (a recursive one: a read inside a snapshot takes it again
/// on the same thread); every read a read transaction, errors turned into `StoreError`s a screen
/// can show, damage met after opening withdrawing the quick-open stamp, and a closing checkpoint
/// that stamps a file left clean.
///
/// Reads run on the reader, so a long write (a year's first sync merge, an import) never holds
/// up a screen's read: in write-ahead-log mode the reader's snapshot stands beside the writer's
/// transaction and sees what was committed when it began. A read made inside a write's
/// transaction runs on the writer and sees the write's own changes. A file not in
/// write-ahead-log mode, or read through a copy in memory, has no reader (nor when opening one
/// fails): its reads share the writer, one at a time, as before.
package final class StoreConnection: @unchecked Sendable {
  // Safe: each SQLite connection (`Database`, a C handle the compiler cannot check) is used only
  // under its own lock, held for the whole of each statement and transaction; everything else
  // here is a constant or `Locked`.
  /// The data file.
  package let path: String
  /// The writer connection: writes, and the reads a write makes.
  private let writer: Database
  /// The reader connection (`query_only`), when the file has one.
  private let reader: Database?
  /// When the full check last passed for this file (carried into the stamp at close).
  private let checkedAt: Date
  /// Whether the connection is to a copy in memory (`StoreFile.Opened.isCopy`): never stamped.
  private let isCopy: Bool
  /// The writer's lock.
  private let lock = NSRecursiveLock()
  /// The reader's lock.
  private let readerLock = NSRecursiveLock()
  /// The calls made on the main thread (a debug check: the view models make none).
  package let mainThread = MainThreadCheck()
  /// Set when a read or write met damage; the close then leaves no stamp behind.
  private let damage = Flag()
  /// SQLite's `data_version` when last looked at: it moves when another connection commits.
  private var seenDataVersion: Int?
  /// Moved by `keptMayHaveChanged`.
  private let keptGeneration = AtomicCount()
  /// This process's commits on the writer, counted after each.
  private let commits = AtomicCount()
  /// What the file was when the current reader snapshot began (`snapshotMark`); used under
  /// `readerLock`.
  private var currentMark: SnapshotMark?

  /// What the current thread is running of this connection object (a store may read another
  /// store inside its own write, so each store answers only for itself).
  private struct Running: Sendable {
    package enum Kind: Sendable {
      /// A read on the reader connection.
      case readOnReader
      /// A read on the writer connection (a file with no reader).
      case readOnWriter
      /// A write's transaction, on the writer; reads inside it are a part of it.
      case write
    }
    package var owner: ObjectIdentifier
    package var kind: Kind
  }
  @TaskLocal private static var running: Running?

  /// Whether this thread is inside this connection's write transaction.
  package var isWritingHere: Bool { runningHere == .write }

  /// What the current thread runs of this connection, if anything.
  private var runningHere: Running.Kind? {
    guard let running = Self.running, running.owner == ObjectIdentifier(self) else { return nil }
    return running.kind
  }

  package init(_ opened: StoreFile.Opened, path: String) {
    self.path = path
    writer = opened.database
    checkedAt = opened.checkedAt
    isCopy = opened.isCopy
    reader = isCopy ? nil : Self.openReader(beside: opened.database, path: path)
    // What the file is at opening, so a commit of another process from now on is noticed. When it
    // cannot be read, the first `changedElsewhere` takes note instead (and the read that follows
    // meets the same failure and reports it).
    seenDataVersion = try? writer.prepare("PRAGMA data_version").rows { $0.int(0) }.first
  }

  /// A second connection to `path` that only reads, when the writer `database` has the file open
  /// for writing in write-ahead-log mode; nil otherwise, or when it cannot be opened (the reads
  /// then share the writer: slower beside a long write, never wrong).
  private static func openReader(beside database: Database, path: String) -> Database? {
    guard let handle = database.handle, sqlite3_db_readonly(handle, "main") == 0,
      (try? database.prepare("PRAGMA journal_mode").rows { $0.text(0) }.first) == "wal"
    else { return nil }
    do {
      let reader = try Database(path: path, create: false)
      try reader.execute("PRAGMA busy_timeout = \(Int(defaultBusyTimeout * 1000))")
      try reader.execute("PRAGMA query_only = ON")
      try reader.execute("PRAGMA cache_size = -32768")
      return reader
    } catch {
      return nil
    }
  }

  /// The connection of the current `read` or `transaction`: the reader inside a read that runs
  /// on it, else the writer.
  package var database: Database {
    if runningHere == .readOnReader, let reader { return reader }
    return writer
  }

  /// Whether this store has a reader connection beside the writer.
  package var hasReader: Bool { reader != nil }

  deinit {
    readerLock.lock()
    reader?.close()
    readerLock.unlock()
    // Empty the write-ahead log into the file; when that succeeds nobody else is mid-write, and
    // the file as it now is can skip the full integrity check at the next open (VerifiedStamp).
    // Not waiting for anyone: when another process is writing, the checkpoint is skipped (and so
    // is the stamp) instead of holding this one up for the busy timeout.
    lock.lock()
    try? writer.execute("PRAGMA busy_timeout = 0")
    let checkpointed = try? writer.prepare("PRAGMA wal_checkpoint(TRUNCATE)").rows { $0.int(0) == 0 }.first
    writer.close()
    let isDamaged = damage.isSet
    lock.unlock()
    if checkpointed == true, !isDamaged, !isCopy { VerifiedStamp.record(for: path, checkedAt: checkedAt) }
  }

  /// How long a write waits for another program's write lock before it fails (`.busy`): SQLite's
  /// busy timeout, unless the caller asked for less (`waitLimit`).
  package static let defaultBusyTimeout: TimeInterval = 10
  /// This connection's busy timeout: `defaultBusyTimeout`, except in tests of another program
  /// holding the file, which make it long so that what they check never depends on how soon the
  /// test itself gets to look (a busy main actor under the whole suite).
  package var busyTimeout: TimeInterval {
    get { busyTimeoutSetting.value }
    set { busyTimeoutSetting.value = newValue }
  }
  private let busyTimeoutSetting = Locked(StoreConnection.defaultBusyTimeout)

  /// What opening found of a broken file and how its salvage went: set by the store while it
  /// opens, once its salvage (which writes through the store) has run; only read after.
  package var recovery: StoreRecovery? {
    get { recovered.value }
    set { recovered.value = newValue }
  }
  private let recovered = Locked<StoreRecovery?>(nil)
  /// How long a write waits between two tries at the write lock; the connection is free meanwhile,
  /// so this process's reads (the screen's) never queue behind a write that waits.
  package static let retryPause: TimeInterval = 0.01
  /// The longest a write of the current task may wait, for the lock of the connection and for the
  /// file's write lock together; nil: the busy timeout (`waitingAtMost`).
  @TaskLocal package static var waitLimit: TimeInterval?

  /// Runs `body` with every write in it waiting at most `limit` seconds for a lock (then `.busy`).
  package static func waitingAtMost<Result>(
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

  /// Runs `body` in one read transaction (`BEGIN DEFERRED … COMMIT`) on the reader, under its
  /// lock, so all its statements see one state of the file; inside a read or a write already
  /// running on this thread, as a part of it (a write's reads see its own changes). What it
  /// throws becomes a `StoreError`.
  package func read<Result>(_ body: () throws -> Result) throws(StoreError) -> Result {
    mainThread.callBegins()
    if runningHere != nil {
      // A part of the read or write running on this thread, on its connection, under its lock.
      return try mapped(body)
    }
    let side = reader == nil ? lock : readerLock
    side.lock()
    defer { side.unlock() }
    let connection = reader ?? writer
    let kind: Running.Kind = reader == nil ? .readOnWriter : .readOnReader
    return try mapped {
      try Self.$running.withValue(Running(owner: ObjectIdentifier(self), kind: kind)) {
        // Looked at before the snapshot begins: what the snapshot holds is at least this.
        currentMark = mark()
        defer { currentMark = nil }
        return try connection.readTransaction(body)
      }
    }
  }

  /// What a snapshot of the file holds, as far as this process can tell: equal marks, equal
  /// files, for what `keptMayHaveChanged` covers. Another process's commits move the writer's
  /// `data_version`; this process's own commits move the kept generation when they may change
  /// something a reader keeps.
  package struct SnapshotMark: Equatable {
    package var otherCommits: Int
    package var keptGeneration: Int
    /// Every commit of this process so far: a part computed while one landed is not kept.
    package var ownCommits: Int
  }

  /// The mark of the read snapshot running on this thread; nil outside one, inside a write (what
  /// it sees is not committed yet), or when the writer was busy as the snapshot began (another
  /// process's commits could then not be told).
  package var snapshotMark: SnapshotMark? {
    switch runningHere {
    case .readOnReader, .readOnWriter: currentMark
    case .write, nil: nil
    }
  }

  /// The mark now, before a snapshot begins: nil when the writer is busy with a write.
  private func mark() -> SnapshotMark? {
    let ownCommits = commits.value
    let generation = keptGeneration.value
    guard lock.try() else { return nil }
    defer { lock.unlock() }
    // A version that cannot be read only means nothing is kept from this snapshot.
    guard !writer.isInTransaction else { return nil }
    let versions = try? writer.cached("PRAGMA data_version").rows { $0.int(0) }
    guard let version = versions?.first else { return nil }
    return SnapshotMark(otherCommits: version, keptGeneration: generation, ownCommits: ownCommits)
  }

  /// How many commits this process has made so far (counted after each).
  package var ownCommits: Int { commits.value }

  /// Says that a commit of this process, now committed, may have changed what a reader keeps
  /// from a snapshot (`snapshotMark`): snapshots begun before it no longer mark the file as it is.
  package func keptMayHaveChanged() { keptGeneration.increment() }

  /// Runs `body`; what it throws becomes a `StoreError`.
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
        damage.set()
      }
      var failure = error.storageFailure
      if failure.kind == .busy, let holding = StoreFile.holding(path) {
        failure.detail += holding.detail
        failure.holder = holding.holder
      }
      throw .storage(failure)
    } catch {
      throw .storage(StorageFailure(.other, detail: String(describing: error)))
    }
  }

  /// Whether another connection — another process — committed since the file was opened or
  /// since the last call (the writer's `data_version`: this process's reader commits nothing).
  package func changedElsewhere(then whenChanged: () -> Void = {}) throws(StoreError) -> Bool {
    mainThread.callBegins()
    lock.lock()
    defer { lock.unlock() }
    let changed = try mapped {
      let version = try writer.cached("PRAGMA data_version").rows { $0.int(0) }.first ?? 0
      defer { seenDataVersion = version }
      return seenDataVersion.map { $0 != version } ?? false
    }
    // Under the lock: in order with this connection's own commits (`transaction`'s `committed`).
    if changed { whenChanged() }
    return changed
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction under the lock, and `committed` with what
  /// it returned once it is committed, still under the lock (so commits are queued to be told
  /// in the order they were made).
  ///
  /// The write lock is asked for without SQLite's busy handler: while another program holds it,
  /// this tries again every `retryPause` until `waitLimit` (else the busy timeout) has passed,
  /// and lets go of the connection between tries, so reads of this process go on meanwhile.
  package func transaction<Result>(_ body: () throws -> Result, committed: (Result) -> Void = { _ in })
    throws(StoreError)
    -> Result
  {
    mainThread.callBegins()
    if runningHere == .write {
      // A write inside this connection's own write, on its thread (a logged command applied with
      // its record, `applyLogged`): a savepoint of the open transaction, undone alone when its body
      // throws; the open transaction commits it, and tells what it changed (`isWritingHere`).
      return try mapped { () throws -> Result in try writer.savepoint(body) }
    }
    let limit = Self.waitLimit
    // Elapsed time, not the wall clock: a clock set back must not stretch the wait.
    let waitEnds = DispatchTime.now() + (limit ?? busyTimeout)
    // Whether the caller heard that this write waits for another program (`StoreLockWait`).
    var reported = false
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
      if case .done(let result) = attempt { committed(result) }
      lock.unlock()
      if case .done(let result) = attempt {
        commits.increment()
        return result
      }
      if !reported, let report = StoreLockWait.report,
        case .storage(let failure) = Self.busy(path, sql: nil)
      {
        reported = true
        report(failure)
        // Tried again at once: telling may have taken long (a standard error nobody reads).
        continue
      }
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
    sqlite3_busy_timeout(writer.handle, 0)
    defer { sqlite3_busy_timeout(writer.handle, Int32(busyTimeout * 1000)) }
    do {
      return .done(
        try Self.$running.withValue(Running(owner: ObjectIdentifier(self), kind: .write)) {
          try writer.transaction(body)
        })
    } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY {
      return .lockHeld
    }
  }

  /// The failure of a write that waited as long as it could for the write lock, naming who holds
  /// it when another process does.
  private static func busy(_ path: String, sql: String?) -> StoreError {
    .storage(StoreFile.busy(path, sql: sql))
  }
}

extension Duration {
  /// The duration in seconds.
  package var seconds: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}

/// A flag set once, from any thread.
private final class Flag: Sendable {
  private let value = Locked(false)

  var isSet: Bool { value.value }
  func set() { value.value = true }
}

/// A count moved from any thread.
package final class AtomicCount: Sendable {
  private let count = Locked(0)

  package init() {}

  package var value: Int { count.value }
  package func increment() { count.withLock { $0 += 1 } }
}
