import Foundation
import OtherProgram
import TestSupport
import Testing

@testable import TrackerRecovery
@testable import TrackerStore

/// Who holds a data file's write lock is read from the kernel's lock table (`/proc/locks`), which
/// the kernel hands out a page per read: a line can be skipped when locks listed before it come
/// and go between two pages. The busy alert and the command line's busy error name the holder;
/// a whole test run, with hundreds of connections opening and closing, missed it now and then.
@Suite("The holder of a data file's lock", .temporaryFolders)
struct LockHolderLookupTests {
  /// Another process holds the write lock while this one, whose connection to the file is
  /// open, takes and drops locks on 300 other files as fast as it can: every one of 3,000
  /// lookups names the holder. (Read from the lock table, the holder was missed in 1,800 of them
  /// under this churn, and in over a hundred even when the table was read four times.)
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
  func theHolderIsNamedWhileOtherLocksComeAndGo() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let holder = try LockHolder(path, seconds: 60)
    #expect(try store.categories().isEmpty)
    let churn = LockChurn(files: (0..<300).map { folder.path("churn-\($0)") })
    churn.start()
    var missed = 0
    for _ in 0..<3000 where StoreFile.sharedMemoryLockHolder(path, byte: 120) != holder.pid {
      missed += 1
    }
    churn.stop()
    #expect(churn.rounds > 0)
    #expect(missed == 0, "the holder was missed \(missed) times in 3000")
    holder.release()
    #expect(StoreFile.sharedMemoryLockHolder(path, byte: 120) == nil)
    withExtendedLifetime(store) {}
  }

  /// Without a descriptor of the file in this process (another process's data file, looked at
  /// before opening it), the holder's own descriptor of it answers (its `fdinfo`), however the
  /// lock table churns (the churn test beside it once made this miss): the holder, then nobody
  /// once it let go.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
  func aFileThisProcessHasNotOpenIsAnsweredFromTheLockTable() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    _ = try SQLiteTrackerStore(path: path, now: fixedNow)
    let holder = try LockHolder(path, seconds: 60)
    #expect(StoreFile.sharedMemoryLockHolder(path, byte: 120) == holder.pid)
    #expect(StoreFile.isInUse(path))
    holder.release()
    #expect(StoreFile.sharedMemoryLockHolder(path, byte: 120) == nil)
  }
  /// A program that switched the file to a rollback journal (`journal_mode=DELETE`) and writes
  /// holds the database file's RESERVED byte, not the `-shm` file's: it is named too, whether
  /// this process has the file open or not, and nobody once it let go.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
  func aHolderInRollbackJournalModeIsNamed() throws {
    let path = try Self.closedStoreFile()
    let holder = try LockHolder(path, seconds: 60, rollbackJournal: true)
    #expect(StoreFile.sharedMemoryLockHolder(path, byte: 120) == nil)
    let named = try #require(StoreFile.writeLockHolder(path))
    #expect(named.hasSuffix("pid \(holder.pid)"), "\(named)")
    // Through this process's own descriptor of the file, as after a write that met the lock.
    let descriptor = open(path, O_RDONLY)
    #expect(descriptor >= 0)
    #expect(StoreFile.writeLockHolder(path)?.hasSuffix("pid \(holder.pid)") == true)
    holder.release()
    #expect(StoreFile.writeLockHolder(path) == nil)
    close(descriptor)
  }

  /// A program reading a file it switched to a rollback journal keeps every writer out with its
  /// shared lock: it is named, as reading, not as writing; nobody once it let go. (Before, a
  /// command that waited it out said the file was "being written by another program", unnamed.)
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
  func aRollbackJournalsReaderIsNamedAsReading() throws {
    let path = try Self.closedStoreFile()
    let reader = try LockHolder(path, seconds: 600, reading: true)
    #expect(StoreFile.writeLockHolder(path) == nil)
    let holding = try #require(StoreFile.holding(path))
    #expect(holding.isReading && holding.holder.hasSuffix("pid \(reader.pid)"), "\(holding)")
    reader.release()
    #expect(StoreFile.holding(path) == nil)
  }

  /// In WAL mode every open connection holds the database file's shared range, reading or not, and
  /// keeps no writer out: a program with the file open (here in a read transaction) is not named.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
  func aWALReaderIsNotNamed() throws {
    let path = try Self.closedStoreFile()
    let helper = try RunningHelper(["snapshot", path])
    #expect(helper.nextLine() == "holding")
    #expect(StoreFile.holding(path) == nil)
    helper.wait()
  }

  /// A rollback journal's short write is waited for, as a WAL writer's is: the switch to WAL mode
  /// is answered busy at once (SQLite skips its busy handler there), and was refused at once
  /// before it was tried again until the busy timeout (attack of 2026-12-07: a cron `done`
  /// failed whenever another program wrote for a moment).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
  func openingWaitsForARollbackJournalsShortWrite() throws {
    let path = try Self.closedStoreFile()
    let holder = try LockHolder(path, seconds: 1, rollbackJournal: true)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    try store.createCategory(home)
    #expect(try store.categories() == [home])
    holder.waitUntilReleased()
  }

  /// The path of a fresh data file no connection of this process has open.
  static func closedStoreFile() throws -> String {
    let path = TemporaryFolder().path("tracker.sqlite")
    _ = try SQLiteTrackerStore(path: path, now: fixedNow)
    return path
  }

  /// A program may call itself anything (`prctl`, `/proc/self/comm`): its name is shown with
  /// control and bidirectional characters replaced, never as an escape sequence on the user's
  /// terminal; a multibyte character the kernel's 15-byte cut split is dropped, not the name.
  @Test(arguments: [
    (Data("sqlite3\n".utf8), "sqlite3"),
    (Data("\u{1B}[2J\u{1B}]0;PWN\u{07}evi\n".utf8), "\u{FFFD}[2J\u{FFFD}]0;PWN\u{FFFD}evi"),
    (Data("Ru\u{202E}n\n".utf8), "Ru\u{FFFD}n"),
    (Data("программа".utf8).prefix(15), "програм"),
    (Data("\n".utf8), nil),
  ])
  func aHoldersNameIsShownSafely(comm: Data, shown: String?) {
    #expect(StoreFile.programName(comm) == shown)
  }
}

/// A thread locking and unlocking one byte of each of its files, round after round, until
/// stopped.
private final class LockChurn: @unchecked Sendable {
  // Written once before the thread starts; `stopped` and `count` only under `lock`.
  private let descriptors: [Int32]
  private let lock = NSLock()
  private var stopped = false
  private var count = 0
  private let ended = DispatchSemaphore(value: 0)

  init(files: [String]) {
    descriptors = files.map { open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
  }

  deinit { for descriptor in descriptors { close(descriptor) } }

  func start() {
    Thread { [self] in
      while !isStopped {
        for type in [F_WRLCK, F_UNLCK] {
          for descriptor in descriptors {
            var range = flock()
            range.l_type = Int16(type)
            range.l_whence = Int16(SEEK_SET)
            range.l_start = 0
            range.l_len = 1
            _ = fcntl(descriptor, F_SETLK, &range)
          }
        }
        lock.withLock { count += 1 }
      }
      ended.signal()
    }.start()
  }

  private var isStopped: Bool { lock.withLock { stopped } }

  /// Stops the thread and waits for it to end.
  func stop() {
    lock.withLock { stopped = true }
    ended.wait()
  }

  /// How many rounds the thread made.
  var rounds: Int { lock.withLock { count } }
}
