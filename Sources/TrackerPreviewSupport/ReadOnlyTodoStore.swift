import Foundation
import TodoModels
import TrackerModels

/// Shows what another to-do store holds and refuses every change, as a read-only file does: for
/// showing any to-do screen of a data file without ever writing to it.
public final class ReadOnlyTodoStore: TodoDataStore {
  private let base: any TodoDataStore

  /// A read-only view of `base`.
  public init(_ base: any TodoDataStore) { self.base = base }

  public func tasks() throws(StoreError) -> [TodoTask] { try base.tasks() }
  public func createTask(_ task: TodoTask) throws(StoreError) { throw ReadOnlyStore.refusal }
  public func updateTask(_ task: TodoTask) throws(StoreError) { throw ReadOnlyStore.refusal }
  public func deleteTask(id: UUID) throws(StoreError) { throw ReadOnlyStore.refusal }
  /// Nothing to insert writes nothing, so a list that "loaded" no task reads as empty; anything
  /// else is refused.
  public func insertLoaded(_ tasks: [TodoTask]) throws(StoreError) -> Bool {
    guard tasks.isEmpty else { throw ReadOnlyStore.refusal }
    return false
  }
  public func observe(_ handler: @escaping @Sendable (TodoChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }
}
