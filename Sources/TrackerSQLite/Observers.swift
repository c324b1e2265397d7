import Foundation
import TrackerModels

/// The subscribers of a store, told after each commit of what it changed (`Change`; `nothing`
/// is a commit that changed nothing, which nobody is told about).
package final class Observers<Change: Equatable & Sendable>: Sendable {
  /// The subscribers by the order they came in, and who is told (under the lock, so in order)
  /// when the first subscriber comes and the last one goes.
  private struct Registry: Sendable {
    var handlers: [Int: @Sendable (Change) -> Void] = [:]
    var nextKey = 0
    var observing: (@Sendable (Bool) -> Void)?
  }
  private let registry = Locked(Registry())
  private let nothing: Change

  package init(nothing: Change) { self.nothing = nothing }

  /// Calls `handler` with true when the first subscriber comes and false when the last one goes
  /// (the store watches its file only meanwhile).
  package func onObserving(_ handler: @escaping @Sendable (Bool) -> Void) {
    registry.withLock { registry in
      registry.observing = handler
      if !registry.handlers.isEmpty { handler(true) }
    }
  }

  /// Adds `handler` until the returned token is cancelled or released.
  package func add(_ handler: @escaping @Sendable (Change) -> Void) -> ObservationToken {
    let key = registry.withLock { registry in
      let key = registry.nextKey
      registry.nextKey += 1
      registry.handlers[key] = handler
      if registry.handlers.count == 1 { registry.observing?(true) }
      return key
    }
    return ObservationToken { [weak self] in
      self?.registry.withLock { registry in
        if registry.handlers.removeValue(forKey: key) != nil, registry.handlers.isEmpty {
          registry.observing?(false)
        }
      }
    }
  }

  /// How many subscribers there are (for leak tests).
  package var count: Int {
    registry.value.handlers.count
  }

  /// Commits queued in the order they were made, not yet told (`queue`, `deliverQueued`).
  private let queued = Locked<[Change]>([])
  /// Held while queued commits are told: one thread tells them at a time, in order.
  private let telling = NSLock()

  /// Queues `change` to be told (`deliverQueued`). Call it under the store's own write lock,
  /// right after the commit: commits of concurrent writers then queue in the order they were
  /// made, and are told in that order — a subscriber that applies what a commit says it left (a
  /// tap's marks) never hears an earlier commit after a later one.
  package func queue(_ change: Change) {
    guard change != nothing else { return }
    queued.withLock { $0.append(change) }
  }

  /// Tells every subscriber about each queued change, in the order queued. Call it after the
  /// store's lock is let go: a writer that finds another thread telling waits for it, and finds
  /// its own commit told already. A subscriber that writes while it is told (on the telling
  /// thread) finds its commit queued behind the one being told: every subscriber hears that one
  /// first, then the subscriber's own.
  package func deliverQueued() {
    // Told already by the loop this thread is inside of, once the change being told has reached
    // every subscriber.
    if Self.tellingHere.current === self { return }
    telling.lock()
    defer { telling.unlock() }
    Self.tellingHere.withValue(self) {
      while let next = queued.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
        notify(next)
      }
    }
  }

  /// The subscribers being told on this thread, if any.
  private static var tellingHere: ThreadLocal<AnyObject> { tellingOnThisThread }

  /// Tells every subscriber about `change` (in subscription order), unless it changed nothing.
  package func notify(_ change: Change) {
    guard change != nothing else { return }
    let current = registry.value.handlers.sorted { $0.key < $1.key }.map { $0.value }
    for handler in current { handler(change) }
  }
}

/// Which subscribers (`Observers`) the current thread is telling (one key for every kind of
/// change: a static stored property cannot be generic).
private let tellingOnThisThread = ThreadLocal<AnyObject>()
