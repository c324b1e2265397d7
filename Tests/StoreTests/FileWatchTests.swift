import Foundation
import ModelTestSupport
import OtherProgram
import TestSupport
import Testing
import TrackerModels
import TrackerRecovery

@testable import TodoModels
@testable import TodoStore
@testable import TrackerStore

/// Another process's commits arrive by themselves while a store is observed (the store watches
/// its file's `data_version`), and a write that waits for another program's lock lets this
/// process's reads go on.
@Suite("Watching the file", .temporaryFolders)
struct FileWatchTests {
  @Test func anotherProcessesCommitArrivesWithoutAsking() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let log = ChangeLog<StoreChange>()
    let token = store.observe { log.add($0) }
    let writer = try HelperProcess.run(["write", path, "2026-11-30", "1"])
    #expect(writer.status == 0, "\(writer.error)")
    #expect(log.wait { $0.contains(.everything) })
    #expect(try store.trackers().map(\.tracker.name) == ["Write"])
    withExtendedLifetime(token) {}
  }

  @Test func theFileIsWatchedOnlyWhileSomeoneObserves() throws {
    let folder = TemporaryFolder()
    let store = try SQLiteTrackerStore(path: folder.path("tracker.sqlite"), now: fixedNow)
    #expect(!store.isWatchingFile)
    let first = store.observe { _ in }
    let second = store.observe { _ in }
    #expect(store.isWatchingFile)
    first.cancel()
    #expect(store.isWatchingFile)
    second.cancel()
    #expect(!store.isWatchingFile)
    let third = store.observe { _ in }
    #expect(store.isWatchingFile)
    withExtendedLifetime(third) {}
  }

  /// A token holds no lock: cancelled on many threads at once, then let go, it removes its own
  /// handler and nothing else, and the watch ends with the last observer, not before.
  @Test func aTokenCancelledOnManyThreadsAndLetGoRemovesItsOwnHandlerOnly() async throws {
    let folder = TemporaryFolder()
    let store = try SQLiteTrackerStore(path: folder.path("tracker.sqlite"), now: fixedNow)
    let log = ChangeLog<StoreChange>()
    let kept = store.observe { log.add($0) }
    var tokens = (0..<40).map { _ in store.observe { _ in } }
    #expect(store.observers.count == 41)
    await withTaskGroup(of: Void.self) { group in
      for token in tokens {
        for _ in 0..<3 { group.addTask { token.cancel() } }
      }
    }
    #expect(store.observers.count == 1)
    tokens.removeAll()
    #expect(store.observers.count == 1 && store.isWatchingFile)
    try store.createCategory(home)
    #expect(log.all.count == 1)
    kept.cancel()
    #expect(store.observers.count == 0 && !store.isWatchingFile)
  }

  @Test func nothingIsToldOfAnotherProcessOnceTheLastObserverWent() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let log = ChangeLog<StoreChange>()
    store.observe { log.add($0) }.cancel()
    #expect(try HelperProcess.run(["write", path, "2026-11-30", "1"]).status == 0)
    // A later observer hears of that commit (the watch runs again and finds it); the one that went
    // would have been told first (observers are told in the order they came), and was not.
    let later = ChangeLog<StoreChange>()
    let token = store.observe { later.add($0) }
    #expect(later.wait { $0.contains(.everything) })
    #expect(log.all.isEmpty)
    withExtendedLifetime(token) {}
  }

  @Test func theToDoStoreHearsOfAnotherConnectionByItself() throws {
    let folder = TemporaryFolder()
    let path = folder.path("todo.sqlite")
    let mine = try SQLiteTodoStore(path: path, now: fixedNow)
    let log = ChangeLog<TodoChange>()
    let token = mine.observe { log.add($0) }
    #expect(mine.isWatchingFile)
    let theirs = try SQLiteTodoStore(path: path, now: fixedNow)
    try theirs.createTask(TodoTask(id: id(1), title: "", text: "Milk", isDone: false, created: fixedNow))
    #expect(log.wait { $0.map(\.taskIDs) == [[id(1)]] })
    token.cancel()
    #expect(!mine.isWatchingFile)
  }

  @Test func aWriteWithACappedWaitFailsAtOnceWhileAnotherProgramHoldsTheLock() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    // Held for just under the busy timeout (9 s of 10): a write that waited past its 100 ms for
    // the busy timeout would have been saved once the holder let go, not failed.
    let holder = try LockHolder(path, seconds: 9)
    #expect {
      try store.waitingAtMost(.milliseconds(100)) { () throws(StoreError) in try store.createCategory(home) }
    } throws: { error in
      guard case .storage(let failure) = error as? StoreError else { return false }
      return failure.kind == .busy && failure.detail.contains("the write lock is held by ")
    }
    #expect(try store.categories().isEmpty)  // reads go on meanwhile
    withExtendedLifetime(holder) {}
  }

  /// The one told of a wait may take long to hear it (the command line writes the line to a
  /// standard error nobody reads): the write tries again once it has heard, and is saved when
  /// the file was let go meanwhile, even past its wait. Before, it gave up without a last try.
  @Test func aWriteWhoseWaitWasHeardSlowlyTriesAgainBeforeGivingUp() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    store.busyTimeout = 0.3
    let holder = try LockHolder(path, seconds: 0.2)  // lets go by itself
    // Heard until the holder has let go and the write's wait is over.
    let slowly: @Sendable (StorageFailure) -> Void = { _ in
      let heard = Date()
      while StoreFile.holding(path) != nil { Thread.sleep(forTimeInterval: 0.01) }
      Thread.sleep(until: heard.addingTimeInterval(0.6))
    }
    try StoreLockWait.reporting(to: slowly) { () throws(StoreError) in try store.createCategory(home) }
    #expect(try store.categories() == [home])
    holder.waitUntilReleased()
  }

  @Test func aWriteWaitingForTheLockLetsThisProcessReadAndSavesOnceItIsFree() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let holder = try LockHolder(path)
    let saved = ChangeLog<Result<Void, StoreError>>()
    let waits = Heard<StorageFailure>()
    let writing = Thread {
      do {
        try StoreLockWait.reporting(to: { waits.add($0) }) { () throws(StoreError) in
          try store.createCategory(home)
        }
        saved.add(.success(()))
      } catch {
        saved.add(.failure(error as? StoreError ?? .storage(StorageFailure(.other, detail: "\(error)"))))
      }
    }
    writing.start()
    #expect(waits.wait { !$0.isEmpty })  // the write waits for the lock
    #expect(try store.categories().isEmpty)
    // Read while the write still waits (until the holder lets go, else the 10 s busy timeout): not
    // queued behind it.
    #expect(saved.all.isEmpty && holder.isHolding)
    holder.release()
    #expect(saved.wait { $0.count == 1 })
    #expect(try store.categories() == [home])
  }
}
