import Foundation
import TrackerModels

/// The subscribers of a store, told after each commit of what it changed (`Change`; `nothing`
/// is a commit that changed nothing, which nobody is told about).
final class Observers<Change: Equatable & Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var handlers: [Int: @Sendable (Change) -> Void] = [:]
  private var nextKey = 0
  private let nothing: Change
  /// Told (under the lock, so in order) when the first subscriber comes and the last one goes.
  private var observing: (@Sendable (Bool) -> Void)?

  init(nothing: Change) { self.nothing = nothing }

  /// Calls `handler` with true when the first subscriber comes and false when the last one goes
  /// (the store watches its file only meanwhile).
  func onObserving(_ handler: @escaping @Sendable (Bool) -> Void) {
    lock.lock()
    observing = handler
    if !handlers.isEmpty { handler(true) }
    lock.unlock()
  }

  /// Adds `handler` until the returned token is cancelled or released.
  func add(_ handler: @escaping @Sendable (Change) -> Void) -> ObservationToken {
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
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return handlers.count
  }

  /// Tells every subscriber about `change` (in subscription order), unless it changed nothing.
  func notify(_ change: Change) {
    guard change != nothing else { return }
    lock.lock()
    let current = handlers.sorted { $0.key < $1.key }.map(\.value)
    lock.unlock()
    for handler in current { handler(change) }
  }
}
