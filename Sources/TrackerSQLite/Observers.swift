import Foundation
import TrackerModels

/// The subscribers of a store, told after each commit of what it changed (`Change`; `nothing`
/// is a commit that changed nothing, which nobody is told about).
package final class Observers<Change: Equatable & Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var handlers: [Int: @Sendable (Change) -> Void] = [:]
  private var nextKey = 0
  private let nothing: Change
  /// Told (under the lock, so in order) when the first subscriber comes and the last one goes.
  private var observing: (@Sendable (Bool) -> Void)?

  package init(nothing: Change) { self.nothing = nothing }

  /// Calls `handler` with true when the first subscriber comes and false when the last one goes
  /// (the store watches its file only meanwhile).
  package func onObserving(_ handler: @escaping @Sendable (Bool) -> Void) {
    lock.lock()
    observing = handler
    if !handlers.isEmpty { handler(true) }
    lock.unlock()
  }

  /// Adds `handler` until the returned token is cancelled or released.
  package func add(_ handler: @escaping @Sendable (Change) -> Void) -> ObservationToken {
    lock.lock()
    let key = nextKey
    nextKey += 1
    handlers[key] = handler
    if handlers.count == 1 { observing?(true) }
    lock.unlock()
    return ObservationToken { [weak self] in
      guard let self else { return }
      self.lock.lock()
      if self.handlers.removeValue(forKey: key) != nil, self.handlers.isEmpty { self.observing?(false) }
      self.lock.unlock()
    }
  }

  /// How many subscribers there are (for leak tests).
  package var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return handlers.count
  }

  /// Commits queued in the order they were made, not yet told (`queue`, `deliverQueued`).
  private let queueLock = NSLock()
  private var queued: [Change] = []
  /// Held while queued commits are told: one thread tells them at a time, in order. Recursive, so
  /// a subscriber that writes on the same thread tells its own commit after the one it heard.
  private let telling = NSRecursiveLock()

  /// Queues `change` to be told (`deliverQueued`). Call it under the store's own write lock,
  /// right after the commit: commits of concurrent writers then queue in the order they were
  /// made, and are told in that order — a subscriber that applies what a commit says it left (a
  /// tap's marks) never hears an earlier commit after a later one.
  package func queue(_ change: Change) {
    guard change != nothing else { return }
    queueLock.lock()
    queued.append(change)
    queueLock.unlock()
  }

  /// Tells every subscriber about each queued change, in the order queued. Call it after the
  /// store's lock is let go: a writer that finds another thread telling waits for it, and finds
  /// its own commit told already.
  package func deliverQueued() {
    telling.lock()
    defer { telling.unlock() }
    while true {
      queueLock.lock()
      guard !queued.isEmpty else {
        queueLock.unlock()
        return
      }
      let next = queued.removeFirst()
      queueLock.unlock()
      notify(next)
    }
  }

  /// Tells every subscriber about `change` (in subscription order), unless it changed nothing.
  package func notify(_ change: Change) {
    guard change != nothing else { return }
    lock.lock()
    let current = handlers.sorted { $0.key < $1.key }.map(\.value)
    lock.unlock()
    for handler in current { handler(change) }
  }
}
