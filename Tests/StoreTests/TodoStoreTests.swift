import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TodoModels
@testable import TodoStore
@testable import TrackerRecovery
@testable import TrackerSQLite
@testable import TrackerStore

extension StoreKind {
  /// A fresh, empty to-do store of this kind.
  func makeTodoStore() throws -> any TodoDataStore {
    switch self {
    case .sqlite: return try SQLiteTodoStore(path: TemporaryFolder().path("todo.sqlite"), now: fixedNow)
    case .memory: return InMemoryTodoStore()
    }
  }
}

func task(
  _ number: Int, _ text: String, title: String = "", done: Bool = false, minute: Int = 0, remote: Int? = nil
)
  -> TodoTask
{
  TodoTask(
    id: id(number), title: title, text: text, isDone: done,
    created: Date(timeIntervalSince1970: 1_796_034_600 + Double(minute) * 60), remoteID: remote)
}

/// Seed 003's store (Core Data there): tasks kept, edited, deleted, observed — both stores alike.
@Suite("To-do store (SQLite and in memory)", .temporaryFolders)
struct TodoStoreTests {
  @Test(arguments: StoreKind.allCases)
  func tasksAreKeptNewestFirstEditedAndDeleted(kind: StoreKind) throws {
    let store = try kind.makeTodoStore()
    try store.createTask(task(1, "Купить хлеб", minute: 0))
    try store.createTask(task(2, "  Позвонить маме\r\nвечером ", title: " Звонок ", minute: 5))
    #expect(try store.tasks().map(\.text) == ["Позвонить маме\nвечером", "Купить хлеб"])
    #expect(try store.tasks().first?.title == "Звонок")
    var edited = try #require(try store.tasks().last)
    edited.isDone = true
    edited.title = "Магазин"
    try store.updateTask(edited)
    #expect(try store.tasks().last == edited)
    try store.deleteTask(id: id(2))
    #expect(try store.tasks().map(\.id) == [id(1)])
    #expect(throws: StoreError.taskNotFound(id(2))) { try store.deleteTask(id: id(2)) }
    #expect(throws: StoreError.taskNotFound(id(9))) { try store.updateTask(task(9, "x")) }
    #expect(throws: StoreError.idAlreadyExists(id(1))) { try store.createTask(task(1, "again")) }
  }

  @Test(arguments: StoreKind.allCases)
  func aTaskThatBreaksTheRulesIsRefused(kind: StoreKind) throws {
    let store = try kind.makeTodoStore()
    #expect(throws: StoreError.invalidTask(.emptyText)) { try store.createTask(task(1, "  ")) }
    #expect(throws: StoreError.invalidTask(.tooLong(count: 2_001, limit: 2_000))) {
      try store.createTask(task(1, String(repeating: "a", count: 2_001)))
    }
    #expect(throws: StoreError.invalidTask(.forbiddenCharacter("\n"))) {
      try store.createTask(task(1, "x", title: "a\nb"))
    }
    #expect(try store.tasks().isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func theLoadedTasksGoInOnlyWhileTheStoreIsEmpty(kind: StoreKind) throws {
    let store = try kind.makeTodoStore()
    let loaded = [
      task(1, "Do something nice", remote: 1), task(2, "  ", remote: 2),
      task(3, "Memorize a poem", done: true, remote: 3),
    ]
    #expect(try store.insertLoaded(loaded))
    // The blank one is left out; the order is the server's (they were made at the same instant).
    #expect(try store.tasks().map(\.remoteID) == [1, 3])
    #expect(try store.insertLoaded([task(4, "Another", remote: 4)]) == false)
    #expect(try store.tasks().count == 2)
  }

  @Test(arguments: StoreKind.allCases)
  func observersHearEachCommitThatChangedSomething(kind: StoreKind) throws {
    let store = try kind.makeTodoStore()
    let heard = ChangeLog<TodoChange>()
    let token = store.observe { heard.add($0) }
    try store.createTask(task(1, "a"))
    try store.updateTask(task(1, "a"))  // no change: nobody is told
    try store.updateTask(task(1, "b"))
    try store.deleteTask(id: id(1))
    #expect(
      heard.all == [TodoChange(taskIDs: [id(1)]), TodoChange(taskIDs: [id(1)]), TodoChange(taskIDs: [id(1)])])
    withExtendedLifetime(token) {}
  }
}

@Suite("To-do store file: todo.sqlite", .temporaryFolders)
struct TodoStoreFileTests {
  @Test func tasksSurviveReopeningAndTheFileLivesBesideTheTrackers() throws {
    let folder = TemporaryFolder()
    let path = folder.path("todo.sqlite")
    do {
      try SQLiteTodoStore(path: path, now: fixedNow).createTask(
        task(1, "Keep me", title: "Title", done: true, remote: 7))
    }
    let reopened = try SQLiteTodoStore(path: path, now: fixedNow)
    #expect(try reopened.tasks() == [task(1, "Keep me", title: "Title", done: true, remote: 7)])
    #expect(
      SQLiteTodoStore.defaultPath(environment: ["XDG_DATA_HOME": "/data"], homeDirectory: "/home/u")
        == "/data/tracker/todo.sqlite")
  }

  @Test func aTrackerFileIsNotATodoFileNorTheReverse() throws {
    let folder = TemporaryFolder()
    let trackerPath = folder.path("tracker.sqlite")
    do { try SQLiteTrackerStore(path: trackerPath, now: fixedNow).createCategory(home) }
    let before = try Data(contentsOf: URL(fileURLWithPath: trackerPath))
    #expect(throws: StoreOpenError.otherAppsFile(path: trackerPath, owner: .tracker)) {
      try SQLiteTodoStore(path: trackerPath, now: fixedNow)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: trackerPath)) == before)
    let todoPath = folder.path("todo.sqlite")
    do { try SQLiteTodoStore(path: todoPath, now: fixedNow).createTask(task(1, "a")) }
    #expect(throws: StoreOpenError.otherAppsFile(path: todoPath, owner: .todo)) {
      try SQLiteTrackerStore(path: todoPath, now: fixedNow)
    }
  }

  @Test func aTaskChangedBehindTheStoresBackIsDamageAndTheFileIsSalvaged() throws {
    let folder = TemporaryFolder()
    let path = folder.path("todo.sqlite")
    do {
      let store = try SQLiteTodoStore(path: path, now: fixedNow)
      try store.createTask(task(1, "first", minute: 1))
      try store.createTask(task(2, "second", minute: 2))
    }
    do {
      let database = try Database(path: path, create: false)
      try database.execute("UPDATE task SET done = 1 WHERE id = '\(id(2).uuidString)'")
    }
    let recovered = try SQLiteTodoStore(path: path, now: fixedNow)
    let recovery = try #require(recovered.recovery)
    #expect(recovery.reason.description.contains("a task whose checksum does not match"))
    // The rows before the damaged one are read back; the damaged copy is kept.
    #expect(recovery.savedTasks == 1)
    #expect(try recovered.tasks().map(\.text) == ["first"])
    #expect(FileManager.default.fileExists(atPath: recovery.movedTo))
    #expect(recovery.description.contains("a new store holds the 1 tasks that could still be read"))
  }
}
