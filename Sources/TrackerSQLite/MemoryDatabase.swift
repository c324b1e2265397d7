import Foundation
import TrackerModels

/// The in-memory stores' connection, as `Database` and the store's connection are the SQLite
/// stores': the only place their state is kept and locked, so the stores hold no lock of their
/// own (the tracker's and the to-do app's in-memory stores keep their state in one each).
///
/// - **Reads** take a snapshot: the state as it is now, a value no write changes meanwhile.
/// - **Writes** run one at a time on a draft, kept only when the write returns: a thrown error
///   leaves the state exactly as it was, as a rolled-back transaction does. What a write changed
///   is queued for the observers in the order of the writes, and told after the lock is let go.
/// - **Runs** (`serially`) are longer operations made of several writes that must not interleave
///   with another run (a command log's merge): one at a time, while writes of others go on.
package final class MemoryDatabase<State: Sendable, Change: Equatable & Sendable>: Sendable {
  private let stored: Locked<State>
  private let runs = Locked(())
  /// Who hears of the writes.
  package let observers: Observers<Change>
  /// The calls made on the main thread (a debug check: the view models make none).
  private let mainThread = MainThreadCheck()

  /// A database holding `state`; a write that changed nothing says `nothing`.
  package init(_ state: State, nothing: Change) {
    stored = Locked(state)
    observers = Observers(nothing: nothing)
  }

  /// The state as it is now.
  package var snapshot: State {
    mainThread.callBegins()
    return stored.value
  }

  /// Runs `body` on a draft of the state and keeps it when `body` returns; `completed` then
  /// finishes what the write says it changed from the state before and after it (still in the
  /// write's turn), and the change is told to the observers in the order of the writes.
  package func write<Failure: Error>(
    _ body: (inout State) throws(Failure) -> Change,
    completed: (_ before: State, _ after: State, inout Change) -> Void = { _, _, _ in }
  ) throws(Failure) {
    mainThread.callBegins()
    try stored.withLock { (state) throws(Failure) in
      var draft = state
      var change = try body(&draft)
      completed(state, draft, &change)
      state = draft
      // Queued in write order before another writer can write, told after the lock is let go.
      observers.queue(change)
    }
    observers.deliverQueued()
  }

  /// Runs `body` after any other run has ended and before the next begins.
  package func serially<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    try runs.withLock { (_) throws(Failure) in try body() }
  }

  /// How many calls ran on the main thread (debug builds; the tests' check that the view models
  /// make none).
  package var mainThreadCalls: Int { mainThread.calls }
}
