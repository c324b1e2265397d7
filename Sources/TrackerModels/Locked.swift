import Foundation

/// A value behind a lock, for the few values shared between the main actor and the store's
/// threads (an observation token cancelled anywhere, commits reported from any thread, the lock a
/// write waits for, counts and flags). The package's stand-in for the standard library's `Mutex`
/// (macOS 15 / iOS 18, above the package's floor): the types built on it are plainly `Sendable`.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // Safe: `stored` is read and written only under `lock`.
  private let lock = NSLock()
  private var stored: Value

  package init(_ value: Value) { stored = value }

  package var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// Runs `body` on the value under the lock (a change and a read made as one); what it throws
  /// is thrown after the lock is let go.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&stored)
  }
}
