import Foundation
import TrackerModels

/// The subscribers of a store, told after each commit.
final class Observers: @unchecked Sendable {
  private let lock = NSLock()
  private var handlers: [Int: @Sendable (StoreChange) -> Void] = [:]
  private var nextKey = 0

  /// Adds `handler` until the returned token is cancelled or released.
  func add(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    lock.lock()
    let key = nextKey
    nextKey += 1
    handlers[key] = handler
    lock.unlock()
    return ObservationToken { [weak self] in
      guard let self else { return }
      self.lock.lock()
      self.handlers[key] = nil
      self.lock.unlock()
    }
  }

  /// How many subscribers there are (for leak tests).
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return handlers.count
  }

  /// Tells every subscriber about `change` (in subscription order), unless it changed nothing.
  func notify(_ change: StoreChange) {
    guard change != StoreChange() else { return }
    lock.lock()
    let current = handlers.sorted { $0.key < $1.key }.map(\.value)
    lock.unlock()
    for handler in current { handler(change) }
  }
}
