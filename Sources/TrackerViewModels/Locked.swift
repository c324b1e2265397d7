import Foundation

/// A value behind a lock, for the few values the main actor shares with the store's threads (an
/// observation token cancelled anywhere, commits reported from any thread, the lock a write waits
/// for). The one lock-holding type of this layer: the types built on it are plainly `Sendable`.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // Safe: `stored` is read and written only under `lock`.
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// Runs `body` on the value under the lock (a change and a read made as one).
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&stored) }
  }
}
