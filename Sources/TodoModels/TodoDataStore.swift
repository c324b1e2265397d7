import Foundation
import TrackerModels

/// What one commit of the to-do store changed.
public struct TodoChange: Hashable, CommittedChange {
  /// Tasks added, changed or deleted.
  public var taskIDs: Set<UUID>
  /// The tables the commit wrote, as the store said them (not part of equality).
  public var tablesWritten: Set<String> = []
  /// The to-do store tells another process's commit as the tasks it found changed.
  public var isEverything: Bool { false }

  /// A change with every field given.
  public init(taskIDs: Set<UUID> = []) { self.taskIDs = taskIDs }

  public static func == (lhs: TodoChange, rhs: TodoChange) -> Bool { lhs.taskIDs == rhs.taskIDs }

  public func hash(into hasher: inout Hasher) { hasher.combine(taskIDs) }
}

/// Where the to-do app keeps its tasks (seed 003: Core Data with a FetchedResultsController; here
/// a protocol with a SQLite and an in-memory implementation, observed for changes). Every call is
/// one transaction; observers hear of each commit.
public protocol TodoDataStore: AnyObject, Sendable {
  /// Every task, newest first.
  func tasks() throws(StoreError) -> [TodoTask]
  /// Adds `task` (its fields checked by `TodoRules`).
  func createTask(_ task: TodoTask) throws(StoreError)
  /// Replaces the task with `task.id`.
  func updateTask(_ task: TodoTask) throws(StoreError)
  /// Deletes a task.
  func deleteTask(id: UUID) throws(StoreError)
  /// Adds the starting tasks loaded from the network — unless the store has tasks by then (another
  /// screen or process was quicker), in which case nothing is added. Returns whether they were.
  /// A loaded task whose text breaks the rules is cut to the limit or left out when blank.
  @discardableResult
  func insertLoaded(_ tasks: [TodoTask]) throws(StoreError) -> Bool
  /// Calls `handler` after each commit that changed something, until the token goes.
  func observe(_ handler: @escaping @Sendable (TodoChange) -> Void) -> ObservationToken
  /// Runs `body` with every wait for another program's lock cut to `limit` (see
  /// `TrackerDataStore.waitingAtMost`); a store that never waits just runs `body`.
  func waitingAtMost<Result>(_ limit: Duration, _ body: () throws(StoreError) -> Result) throws(StoreError)
    -> Result
}

extension TodoDataStore {
  /// Runs `body` as it is: a store that never waits for another program needs no limit.
  public func waitingAtMost<Result>(
    _ limit: Duration, _ body: () throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try body()
  }
}

extension TodoRules {
  /// A loaded task as it can be stored: trimmed, cut to the limits, control characters dropped;
  /// nil when nothing is left of its text.
  public static func acceptable(_ task: TodoTask) -> TodoTask? {
    func clean(_ text: String, keepingLineBreaks: Bool, limit: Int) -> String {
      let kept = text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.filter {
        (keepingLineBreaks && $0 == "\n") || !NameRules.isForbidden($0)
      }
      return String(
        String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespacesAndNewlines).prefix(limit))
    }
    var cleaned = task
    cleaned.title = clean(task.title, keepingLineBreaks: false, limit: titleLimit)
    cleaned.text = clean(task.text, keepingLineBreaks: true, limit: textLimit)
    return cleaned.text.isEmpty ? nil : cleaned
  }
}
