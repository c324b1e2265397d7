import Foundation
import TodoModels
import TrackerModels
import TrackerSQLite
import TrackerStore

/// The to-do store in memory, with the SQLite store's behaviour: for tests and previews.
public final class InMemoryTodoStore: TodoDataStore {
  /// How many calls ran on the main thread (debug builds).
  package var mainThreadCalls: Int { database.mainThreadCalls }
  /// The tasks by id: read as snapshots, changed one write at a time.
  private let database: MemoryDatabase<[UUID: TodoTask], TodoChange>

  /// A store holding `tasks`.
  public init(_ tasks: [TodoTask] = []) {
    database = MemoryDatabase(
      Dictionary(tasks.map { ($0.id, $0) }) { _, last in last }, nothing: TodoChange())
  }

  public func tasks() throws(StoreError) -> [TodoTask] {
    TableRecording.note(read: ["task"])
    return database.snapshot.values.sorted(by: TodoTask.newestFirst)
  }

  public func createTask(_ task: TodoTask) throws(StoreError) {
    let valid = try TodoStoreRules.validated(task)
    try write { tasks throws(StoreError) in
      guard tasks[task.id] == nil else { throw .idAlreadyExists(task.id) }
      tasks[task.id] = valid
      return TodoChange(taskIDs: [task.id])
    }
  }

  public func updateTask(_ task: TodoTask) throws(StoreError) {
    let valid = try TodoStoreRules.validated(task)
    try write { tasks throws(StoreError) in
      guard let old = tasks[task.id] else { throw .taskNotFound(task.id) }
      guard old != valid else { return TodoChange() }
      tasks[task.id] = valid
      return TodoChange(taskIDs: [task.id])
    }
  }

  public func deleteTask(id: UUID) throws(StoreError) {
    try write { tasks throws(StoreError) in
      guard tasks.removeValue(forKey: id) != nil else { throw .taskNotFound(id) }
      return TodoChange(taskIDs: [id])
    }
  }

  @discardableResult
  public func insertLoaded(_ loaded: [TodoTask]) throws(StoreError) -> Bool {
    var inserted = false
    try write { tasks throws(StoreError) in
      guard tasks.isEmpty else { return TodoChange() }
      let acceptable = loaded.compactMap(TodoRules.acceptable)
      for task in acceptable { tasks[task.id] = task }
      inserted = true
      return TodoChange(taskIDs: Set(acceptable.map(\.id)))
    }
    return inserted
  }

  public func observe(_ handler: @escaping @Sendable (TodoChange) -> Void) -> ObservationToken {
    database.observers.add(handler)
  }

  private func write(_ body: (inout [UUID: TodoTask]) throws(StoreError) -> TodoChange) throws(StoreError) {
    try database.write(body) { _, _, change in
      // The one table the SQLite store keeps tasks in: the in-memory store says it the same way.
      change.tablesWritten = ["task"]
      TableRecording.note(written: ["task"])
    }
  }

}

/// The rules both to-do stores apply before writing.
enum TodoStoreRules {
  static func validated(_ task: TodoTask) throws(StoreError) -> TodoTask {
    switch TodoRules.validated(task) {
    case .success(let valid): return valid
    case .failure(let error): throw .invalidTask(error)
    }
  }
}
