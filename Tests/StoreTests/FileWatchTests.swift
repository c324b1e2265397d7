import Foundation
import OtherProgram
import Testing
import TrackerModels

@testable import TrackerStore

/// Another process's commits arrive by themselves while a store is observed (the store watches
/// its file's `data_version`), and a write that waits for another program's lock lets this
/// process's reads go on.
@Suite("Watching the file")
struct FileWatchTests {
  @Test func anotherProcessesCommitArrivesWithoutAsking() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let log = ChangeLog<StoreChange>()
    let token = store.observe { log.append($0) }
    let writer = try HelperProcess.run(["write", path, "2026-11-30", "1"])
    #expect(writer.status == 0, "\(writer.error)")
    #expect(eventuallyPolling { log.all.contains(.everything) })
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

  @Test func nothingIsToldOfAnotherProcessOnceTheLastObserverWent() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let log = ChangeLog<StoreChange>()
    store.observe { log.append($0) }.cancel()
    #expect(try HelperProcess.run(["write", path, "2026-11-30", "1"]).status == 0)
    Thread.sleep(forTimeInterval: 3 * ChangeWatch.interval)
    #expect(log.all.isEmpty)
  }

  @Test func theToDoStoreHearsOfAnotherConnectionByItself() throws {
    let folder = TemporaryFolder()
    let path = folder.path("todo.sqlite")
    let mine = try SQLiteTodoStore(path: path, now: fixedNow)
    let log = ChangeLog<TodoChange>()
    let token = mine.observe { log.append($0) }
    #expect(mine.isWatchingFile)
    let theirs = try SQLiteTodoStore(path: path, now: fixedNow)
    try theirs.createTask(TodoTask(id: id(1), title: "", text: "Milk", isDone: false, created: fixedNow))
    #expect(eventuallyPolling { log.all.map(\.taskIDs) == [[id(1)]] })
    token.cancel()
    #expect(!mine.isWatchingFile)
  }

  @Test func aWriteWithACappedWaitFailsAtOnceWhileAnotherProgramHoldsTheLock() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let holder = try LockHolder(path, seconds: 5, helper: HelperProcess.executable)
    let start = Date()
    #expect {
      try store.waitingAtMost(.milliseconds(100)) { () throws(StoreError) in try store.createCategory(home) }
    } throws: { error in
      guard case .storage(let failure) = error as? StoreError else { return false }
      return failure.kind == .busy && failure.detail.contains("the write lock is held by ")
    }
    #expect(Date().timeIntervalSince(start) < 1.5)  // 100 ms asked for; generous for a busy machine
    #expect(try store.categories().isEmpty)  // reads go on meanwhile
    withExtendedLifetime(holder) {}
  }

  @Test func aWriteWaitingForTheLockLetsThisProcessReadAndSavesOnceItIsFree() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let holder = try LockHolder(path, seconds: 1.5, helper: HelperProcess.executable)
    let saved = ChangeLog<Result<Void, StoreError>>()
    let writing = Thread {
      do {
        try store.createCategory(home)
        saved.append(.success(()))
      } catch {
        saved.append(.failure(error as? StoreError ?? .storage(StorageFailure(.other, detail: "\(error)"))))
      }
    }
    writing.start()
    Thread.sleep(forTimeInterval: 0.2)  // the write is waiting for the lock by now
    let start = Date()
    #expect(try store.categories().isEmpty)
    #expect(Date().timeIntervalSince(start) < 1)  // not queued behind the waiting write
    holder.waitUntilReleased()
    #expect(eventuallyPolling { saved.all.count == 1 })
    #expect(try store.categories() == [home])
  }
}
