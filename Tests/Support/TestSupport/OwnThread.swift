import Dispatch
import Testing

/// Runs each test of a suite (each case of a parameterized one) on a thread of its own, not on
/// Swift's cooperative pool. The pool has as many threads as the machine has cores, two here; a
/// test that blocks — it waits for a program on a pseudo-terminal to draw, or for another
/// program's lock to go — held one of them the whole time, and with both held no other test ran:
/// the terminal tests kept the machine 10–45% busy. On a thread of its own the wait holds up
/// nothing. The test's task is the same, so `#expect`, `#require` and the task's locals (its
/// temporary folders) work as anywhere.
public struct OwnThread: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  /// Each test case gets a thread; the suite around them none.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      try await withTaskExecutorPreference(ThreadExecutor()) { try await function() }
    } else {
      try await function()
    }
  }
}

extension Trait where Self == OwnThread {
  /// Each test runs on a thread of its own (`OwnThread`): for tests that block while they wait.
  public static var ownThread: Self { Self() }
}

/// A task executor on a serial dispatch queue of its own: a thread of its own while it has work,
/// which Dispatch adds beside the pool's when the others are busy or blocked.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class ThreadExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "test.own-thread")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
