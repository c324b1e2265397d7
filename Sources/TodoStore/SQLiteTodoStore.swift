import CSQLite
import Foundation
import TodoModels
import TrackerModels
import TrackerRecovery
import TrackerSQLite
import TrackerSchema
import TrackerStore

/// The to-do app's tasks in their own SQLite file (`todo.sqlite` beside the tracker's), with the
/// tracker store's rules: migrations, WAL and a busy timeout, one transaction per action, broken
/// files moved aside and salvaged, row seals, the quick-open stamp (`StoreFile`,
/// `StoreConnection`). Thread-safe; observers are told after each commit.
public final class SQLiteTodoStore: TodoDataStore {
  /// The data file.
  public let path: String
  /// Set when the file was broken and moved aside on opening.
  public var recovery: StoreRecovery? { connection.recovery }
  private let connection: StoreConnection
  /// How many calls ran on the main thread (debug builds; the tests' check that the view models
  /// make none).
  package var mainThreadCalls: Int { connection.mainThread.calls }
  private let observers = Observers(nothing: TodoChange())
  /// Looks for other processes' commits while someone observes the store.
  private let watch = ChangeWatch(label: "tracker.todo-store.watch")

  /// Opens (creating when needed) the store at `path`; see `SQLiteTrackerStore.init`.
  public init(
    path: String, now: Date, setsBrokenFileAside: Bool = true, isDefaultFile: Bool = false,
    readOnly: Bool = false
  ) throws(StoreOpenError) {
    self.path = path
    let opened = try StoreFile.open(
      path: path, now: now, schema: Self.schema, setsBrokenFileAside: setsBrokenFileAside,
      isDefaultFile: isDefaultFile, readOnly: readOnly)
    connection = StoreConnection(opened, path: path)
    watch.attach(
      check: { [weak self] in try self?.noticeChangesElsewhere() },
      // The list reads on every change it hears of; a failed look at the file leaves it as it is,
      // and the next read or write on the screen meets the same failure and shows it.
      failed: {})
    observers.onObserving { [watch] in watch.setWatching($0) }
    guard var recovery = opened.recovery else { return }
    // Salvage: the tasks still readable in the damaged file (kept as it was) and sealed come back.
    // A salvage resumed after an interruption finds them there already and is not made twice.
    let salvage = Self.salvage(recovery.movedTo)
    recovery.leftOut = salvage.leftOut
    do {
      try connection.transaction { () throws -> Void in
        let count =
          try self.connection.database.cached("SELECT count(*) FROM task").rows { $0.int(0) }.first ?? 0
        guard count == 0 else { return }
        for task in salvage.tasks { try self.insert(task) }
      }
      recovery.savedTasks = salvage.tasks.count
      StoreFile.finishSalvage(path)
    } catch {
      // Nothing was saved: the warning says why, and the marker stays, so the next command
      // salvages again.
      recovery.salvageFailure = error
    }
    connection.recovery = recovery
  }

  /// Whether a broken file's salvage was begun and not finished at `path` (see
  /// `SQLiteTrackerStore.salvageIsPending(at:)`).
  public static func salvageIsPending(at path: String) -> Bool { StoreFile.salvageIsPending(path) }

  /// `todo.sqlite` in the folder of the tracker's default data file.
  public static func defaultPath(environment: [String: String], homeDirectory: String) -> String {
    let tracker = SQLiteTrackerStore.defaultPath(environment: environment, homeDirectory: homeDirectory)
    return ((tracker as NSString).deletingLastPathComponent as NSString).appendingPathComponent("todo.sqlite")
  }

  // MARK: TodoDataStore

  public func tasks() throws(StoreError) -> [TodoTask] {
    try connection.read {
      try connection.database.cached("SELECT \(Self.columns) FROM task").rows { try Self.decode($0) }
        .sorted(by: TodoTask.newestFirst)
    }
  }

  public func createTask(_ task: TodoTask) throws(StoreError) {
    let valid = try TodoStoreRules.validated(task)
    try write {
      if try self.exists(task.id) { throw StoreError.idAlreadyExists(task.id) }
      try self.insert(valid)
      return TodoChange(taskIDs: [task.id])
    }
  }

  public func updateTask(_ task: TodoTask) throws(StoreError) {
    let valid = try TodoStoreRules.validated(task)
    try write {
      guard let old = try self.load(task.id) else { throw StoreError.taskNotFound(task.id) }
      guard old != valid else { return TodoChange() }
      try self.connection.database.cached("DELETE FROM task WHERE id = ?").run([.text(task.id.uuidString)])
      try self.insert(valid)
      return TodoChange(taskIDs: [task.id])
    }
  }

  public func deleteTask(id: UUID) throws(StoreError) {
    try write {
      try self.connection.database.cached("DELETE FROM task WHERE id = ?").run([.text(id.uuidString)])
      guard self.connection.database.changes > 0 else { throw StoreError.taskNotFound(id) }
      return TodoChange(taskIDs: [id])
    }
  }

  @discardableResult
  public func insertLoaded(_ loaded: [TodoTask]) throws(StoreError) -> Bool {
    var inserted = false
    try write {
      // Under the write lock: another process may have stored tasks since the screen looked.
      let count =
        try self.connection.database.cached("SELECT count(*) FROM task").rows { $0.int(0) }.first ?? 0
      guard count == 0 else { return TodoChange() }
      let acceptable = loaded.compactMap(TodoRules.acceptable)
      for task in acceptable { try self.insert(task) }
      inserted = true
      return TodoChange(taskIDs: Set(acceptable.map(\.id)))
    }
    return inserted
  }

  /// Tells observers when another process wrote to the file since the last call (as
  /// `SQLiteTrackerStore.noticeChangesElsewhere`; done by itself while anyone observes).
  public func noticeChangesElsewhere() throws(StoreError) {
    guard try connection.changedElsewhere() else { return }
    observers.notify(TodoChange(taskIDs: Set(try tasks().map(\.id))))
  }

  /// Calls `handler` after each committed change — this store's own writes on the thread that made
  /// them, other processes' on the store's watch queue (within about a quarter of a second) —
  /// until the token is cancelled or released. The file is watched only while someone observes.
  public func observe(_ handler: @escaping @Sendable (TodoChange) -> Void) -> ObservationToken {
    observers.add(handler)
  }

  /// Whether the store is watching its file for other processes' commits (while observed).
  var isWatchingFile: Bool { watch.isWatching }

  /// Runs `body` with every write in it waiting at most `limit` for the file's write lock (see
  /// `SQLiteTrackerStore.waitingAtMost`).
  public func waitingAtMost<Result>(
    _ limit: Duration, _ body: () throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try StoreConnection.waitingAtMost(limit.seconds, body)
  }

  // MARK: Rows

  static let schema = StoreSchema(
    applicationID: StoreOwner.todo.applicationID,
    acceptedApplicationIDs: [StoreOwner.todo.applicationID],
    migrations: [
      Schema.Migration(
        version: 1, name: "tasks",
        sql: """
          CREATE TABLE task (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            text TEXT NOT NULL,
            done INTEGER NOT NULL CHECK (done IN (0, 1)),
            created_ms INTEGER NOT NULL,
            remote_id INTEGER,
            seal INTEGER NOT NULL
          ) WITHOUT ROWID;
          """)
    ],
    checkContents: { database, applied in
      // A new file has no tasks table yet: there is nothing to check.
      guard applied.contains(1) else { return }
      try database.prepare("SELECT \(columns) FROM task").forEachRow { _ = try decode($0) }
    })

  private static let columns = "id, title, text, done, created_ms, remote_id, seal"

  /// The sealed values of a task, in the order of `columns`.
  private static func values(_ task: TodoTask) -> [Statement.Value] {
    [
      .text(task.id.uuidString), .text(task.title), .text(task.text), .integer(task.isDone ? 1 : 0),
      .integer(Int64((task.created.timeIntervalSince1970 * 1000).rounded())),
      task.remoteID.map { .integer(Int64($0)) } ?? .null,
    ]
  }

  /// A row of `columns`, checked: damage throws `SQLITE_CORRUPT`.
  private static func decode(_ row: Row) throws -> TodoTask {
    let stored: [Statement.Value] = [
      .text(row.text(0)), .text(row.text(1)), .text(row.text(2)), .integer(Int64(row.int(3))),
      .integer(Int64(row.int(4))), row.isNull(5) ? .null : .integer(Int64(row.int(5))),
    ]
    try RowSeal.check(row.int(6), stored, .task)
    guard let id = UUID(canonical: row.text(0)), (0...1).contains(row.int(3)) else {
      throw SQLiteError(damage: .invalidValue(.task))
    }
    return TodoTask(
      id: id, title: row.text(1), text: row.text(2), isDone: row.int(3) == 1,
      created: Date(timeIntervalSince1970: Double(row.int(4)) / 1000),
      remoteID: row.isNull(5) ? nil : row.int(5))
  }

  private func insert(_ task: TodoTask) throws {
    let values = Self.values(task)
    try connection.database.cached(
      "INSERT INTO task (id, title, text, done, created_ms, remote_id, seal) VALUES (?, ?, ?, ?, ?, ?, ?)"
    ).run(values + [.integer(RowSeal.of(values))])
  }

  private func load(_ id: UUID) throws -> TodoTask? {
    try connection.database.cached("SELECT \(Self.columns) FROM task WHERE id = ?").rows([
      .text(id.uuidString)
    ]) {
      try Self.decode($0)
    }.first
  }

  private func exists(_ id: UUID) throws -> Bool { try load(id) != nil }

  private func write(_ body: () throws -> TodoChange) throws(StoreError) {
    var (change, tables) = try TableRecording.recording { () throws(StoreError) in
      try connection.transaction(body)
    }
    change.tablesWritten = tables.written
    observers.notify(change)
  }

  /// The tasks that can be read in the damaged file at `path` and whose seals match, and how many
  /// rows were left out. Read as the tracker's file is (`Salvage.withReadableCopy`: a copy with its
  /// log, a file cut short tolerated); when damage stops the read, the pages are scanned for the
  /// rest (`PageScan`).
  private static func salvage(_ path: String) -> (tasks: [TodoTask], leftOut: Int) {
    let read = Salvage.withReadableCopy(of: path) { database, copy -> (tasks: [TodoTask], leftOut: Int) in
      var found: [UUID: TodoTask] = [:]
      var leftOut = 0
      var damaged = false
      func take(_ row: Row) {
        guard let task = try? decode(row), case .success(let valid) = TodoRules.validated(task) else {
          leftOut += 1
          return
        }
        found[valid.id] = valid
      }
      do {
        try database.prepare("SELECT \(columns) FROM task").forEachRow { take($0) }
      } catch {
        damaged = true
      }
      if damaged, let scan = PageScan(path: copy), let scratch = try? Database(path: ":memory:", create: true)
      {
        defer { scratch.close() }
        // A task row: id, title, text, done, created_ms, remote_id, seal.
        let rows = scan.cells().filter {
          guard $0.rowid == nil, $0.values.count == 7, case .text = $0.values[0], case .integer = $0.values[6]
          else { return false }
          return true
        }
        do {
          try scratch.execute("CREATE TABLE task (\(columns))")
          let insert = try scratch.prepare("INSERT INTO task VALUES (?, ?, ?, ?, ?, ?, ?)")
          for row in rows { try insert.run(row.values) }
          var scanned: [UUID: TodoTask?] = [:]
          try scratch.prepare("SELECT \(columns) FROM task").forEachRow { row in
            guard let task = try? decode(row), case .success(let valid) = TodoRules.validated(task) else {
              leftOut += 1
              return
            }
            // Found twice with different values (an older copy): nothing says which is right.
            if let earlier = scanned[valid.id], earlier != valid {
              scanned[valid.id] = .some(nil)
            } else if scanned[valid.id] == nil {
              scanned[valid.id] = valid
            }
          }
          for (id, task) in scanned where found[id] == nil {
            if let task { found[id] = task } else { leftOut += 1 }
          }
        } catch {
          // The scratch database in memory failed: the rows read before the damage stay.
        }
      }
      return (found.values.sorted(by: TodoTask.newestFirst), leftOut)
    }
    return read ?? ([], 0)
  }
}
