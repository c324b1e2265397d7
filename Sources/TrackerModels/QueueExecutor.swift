import Foundation

/// An executor that runs its jobs one at a time on a serial dispatch queue: the thread of an actor
/// that must not wait for Swift's cooperative pool (a store lane, the background sync, the to-do
/// loader's paging), whose few threads a blocking call or a busy test can hold for long.
/// `DispatchSerialQueue` is an executor itself on Apple's platforms, but not in the Linux
/// toolchain's Dispatch.
package final class QueueExecutor: SerialExecutor {
  private let queue: DispatchQueue

  package init(_ queue: DispatchQueue) { self.queue = queue }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }

  /// Runs `body` after every job enqueued so far, in order with them: what a thread that must not
  /// wait hands an actor on this executor (`Actor.assumeIsolated` inside `body`), keeping the
  /// order it hands things over in, which separate tasks would not.
  package func inOrder(_ body: @escaping @Sendable () -> Void) { queue.async(execute: body) }

  /// Runs `body` on this executor's thread once `seconds` have passed (an actor's timer that
  /// needs no thread of the cooperative pool to wake it).
  package func after(seconds: TimeInterval, _ body: @escaping @Sendable () -> Void) {
    queue.asyncAfter(deadline: .now() + seconds, execute: body)
  }

  package func checkIsolated() { dispatchPrecondition(condition: .onQueue(queue)) }
}

/// An actor that runs on a `QueueExecutor` of its own (its `unownedExecutor`), handed work from
/// threads that must not wait for it: a system's callback, a timer, a store's notice.
package protocol QueueActor: Actor {
  /// The actor's executor.
  nonisolated var executor: QueueExecutor { get }
}

extension QueueActor {
  /// Runs `body` on the actor after everything handed to it so far, from any thread, without a
  /// task: what is handed over keeps its order.
  package nonisolated func inOrder(_ body: @escaping @Sendable (isolated Self) -> Void) {
    executor.inOrder { self.assumeIsolated { body($0) } }
  }

  /// Runs `body` on the actor once `seconds` have passed, unless the actor is gone by then: a
  /// timer, so nothing runs until it fires.
  package nonisolated func after(seconds: TimeInterval, _ body: @escaping @Sendable (isolated Self) -> Void) {
    executor.after(seconds: seconds) { [weak self] in self?.assumeIsolated { body($0) } }
  }
}
