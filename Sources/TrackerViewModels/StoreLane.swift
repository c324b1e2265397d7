import Dispatch
import Foundation
import TrackerModels

/// One lane of store calls, owned by an actor: its calls run one at a time, in the order
/// `StoreAccess` numbered them, on the lane's own thread. `StoreAccess` has two, the reader's and
/// the writer's, so a screen's read never waits behind a long write.
///
/// The lane's executor is a serial dispatch queue, not Swift's cooperative pool: a store call
/// blocks (SQLite waits for another program's lock, an import runs for seconds), and a blocked
/// thread of that pool, which has only as many threads as the machine has cores, would hold up
/// every task of the process. Everything the lane knows (whose turn it is, who waits for it) is
/// the actor's own state: no lock.
actor StoreLane {
  private nonisolated let executor: QueueExecutor
  /// The number of the call whose turn is next.
  private var next = 0
  /// Whether a call holds the lane while it asks the main actor whether it may begin.
  private var isHeld = false
  /// The calls that came before their turn, by number.
  private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

  init(label: String) { executor = QueueExecutor(DispatchQueue(label: label)) }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Hands `call` to the lane, from any thread and without waiting: it runs on the lane's thread
  /// once every call numbered before `number` has ended, and `then` hears what it returned on the
  /// main actor. When `mayBegin` (asked on the main actor once the call's turn has come) says no,
  /// the call is skipped and `then` hears nothing. Numbers are handed out from 0 up, one each, and
  /// every number comes here once. The calls come to the lane through its queue, in the order
  /// they were handed over; a call whose turn it is, with nothing to ask, runs at once, and the
  /// others wait for their turn. The answer goes to the main actor from the lane's thread before
  /// the next call begins, so the answers come in the calls' order too, each after what its call
  /// told the main actor while it ran (its commits, the lock it met).
  nonisolated func submit<Value: Sendable>(
    _ number: Int, mayBegin: (@MainActor @Sendable () -> Bool)?, _ call: @escaping @Sendable () -> Value,
    then: @escaping @MainActor @Sendable (Value) -> Void
  ) {
    let handed = HandedCall(call, on: executor)
    executor.inOrder {
      self.assumeIsolated { lane in
        guard mayBegin != nil || number != lane.next || lane.isHeld else {
          return lane.runNow(number, handed, then: then)
        }
        Task { await lane.run(number, mayBegin: mayBegin, handed, then: then) }
      }
    }
  }

  /// Runs the call, whose turn it is, and lets the next call have the lane. The lane lets go of
  /// the call (and of what it holds: the store) before its answer goes to the main actor, so the
  /// last of them goes there, where a command's exit follows (the store's closing checkpoint
  /// must not race it).
  private func runNow<Value: Sendable>(
    _ number: Int, _ handed: HandedCall<Value>, then: @escaping @MainActor @Sendable (Value) -> Void
  ) {
    let value = handed.assumeIsolated { $0.runOnce() }
    Task { @MainActor in then(value) }
    passTurn(after: number)
  }

  /// Waits for the turn of `number`, asks `mayBegin`, and runs the call unless it said no.
  private func run<Value: Sendable>(
    _ number: Int, mayBegin: (@MainActor @Sendable () -> Bool)?, _ handed: HandedCall<Value>,
    then: @escaping @MainActor @Sendable (Value) -> Void
  ) async {
    if number != next || isHeld {
      await withCheckedContinuation { waiting[number] = $0 }
    }
    if let mayBegin {
      isHeld = true
      let begins = await mayBegin()
      isHeld = false
      guard begins else {
        await handed.letGo()
        return passTurn(after: number)
      }
    }
    runNow(number, handed, then: then)
  }

  /// The call after `number` may run: now, if it came and waits for its turn.
  private func passTurn(after number: Int) {
    next = number + 1
    waiting.removeValue(forKey: next)?.resume()
  }
}

/// A call on its way to a lane: an actor on the lane's own executor, so the lane takes the call
/// out while it runs there (`assumeIsolated`), runs it, and lets go of it before it answers. A
/// closure the lane's queue captured would be let go only after the answer went.
actor HandedCall<Value: Sendable> {
  private nonisolated let executor: QueueExecutor
  private var call: (@Sendable () -> Value)?

  init(_ call: @escaping @Sendable () -> Value, on executor: QueueExecutor) {
    self.call = call
    self.executor = executor
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Runs the call, and lets go of it before returning.
  func runOnce() -> Value {
    let taken = call
    call = nil
    guard let taken else { preconditionFailure("a call handed to a lane runs once") }
    return taken()
  }

  /// Lets go of the call without running it.
  func letGo() { call = nil }
}
