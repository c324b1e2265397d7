import Foundation
import Observation
import Testing

/// Waits on the main actor until `condition` holds or `seconds` pass, and says whether it held.
///
/// The wait looks again only when something the condition read has changed: it reads the
/// condition under observation (`withObservationTracking`), so a view model's state, a flow's
/// screens, a `Watched` value or anything else `Observable` wakes it as it changes, and nothing
/// else does (no polling: a condition that holds ends the wait on the turn its change lands). The
/// deadline is a deadline, never a timing assertion: a busy machine may take long to schedule
/// anyone.
///
/// A condition that reads nothing observable would never be woken, and would hold only when the
/// deadline ends the wait; when nothing it read told of a change, that is recorded as an issue of
/// the test, so such a condition is rewritten to read what tells of its change (or the test
/// awaits the change itself). A change told just as the deadline came (a main actor busy with
/// other tests runs the wait late) is not an issue: the condition held.
@MainActor
public func until(
  within seconds: Double = 60, _ condition: () -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(seconds)
  var wake: Wake
  repeat {
    wake = Wake()
    let current = wake
    if withObservationTracking({ condition() }, onChange: { current.end(changed: true) }) { return true }
  } while await wake.changed(before: deadline)
  guard condition() else { return false }
  if wake.wasChanged { return true }
  Issue.record(
    "the condition held only when the wait ended, \(seconds) s on: it reads nothing that tells of its change",
    sourceLocation: sourceLocation)
  return true
}

/// One wait of `until`: ended by the first change of what the condition read, or by its deadline.
private final class Wake: @unchecked Sendable {
  // @unchecked: `outcome` and `waiter` are read and written under `lock` only.
  private let lock = NSLock()
  private var outcome: Bool?
  private var changed = false
  private var waiter: CheckedContinuation<Bool, Never>?

  /// Whether what the condition read told of a change, before the deadline or after it.
  var wasChanged: Bool {
    lock.lock()
    defer { lock.unlock() }
    return changed
  }

  /// Ends the wait (on any thread: an observed value may change on any); only the first end counts.
  func end(changed: Bool) {
    lock.lock()
    if changed { self.changed = true }
    guard outcome == nil else { return lock.unlock() }
    outcome = changed
    let waiter = waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume(returning: changed)
  }

  /// Whether a change came before `deadline`.
  func changed(before deadline: ContinuousClock.Instant) async -> Bool {
    let timer = Task {
      // Cancelled once a change came; the wait has ended then, and this end does not count.
      try? await Task.sleep(until: deadline)
      end(changed: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      lock.lock()
      if let outcome {
        lock.unlock()
        return continuation.resume(returning: outcome)
      }
      waiter = continuation
      lock.unlock()
    }
  }
}

/// A value kept from any thread that a test waits on by what it tells, not by looking again and
/// again: `until` on the main actor follows it by observation, `wait(within:until:)` on a thread
/// that may block by a condition variable. A change is told once the new value is stored, so
/// whoever it wakes reads the new value.
public final class Watched<Value: Sendable>: Observable, @unchecked Sendable {
  // @unchecked: `stored` is read and written under `condition`'s lock only.
  private let condition = NSCondition()
  private var stored: Value
  private let registrar = ObservationRegistrar()

  public init(_ value: Value) {
    stored = value
  }

  /// The value now (followed when read inside `until`).
  public var value: Value {
    registrar.access(self, keyPath: \.value)
    condition.lock()
    defer { condition.unlock() }
    return stored
  }

  /// Changes the value with `change` and tells whoever waits.
  @discardableResult
  public func update<Result>(_ change: (inout Value) -> Result) -> Result {
    condition.lock()
    let result = change(&stored)
    condition.broadcast()
    condition.unlock()
    // Told after the value is stored (observation's own order tells before), so a wait it ends
    // on another thread never reads the value before it.
    registrar.willSet(self, keyPath: \.value)
    registrar.didSet(self, keyPath: \.value)
    return result
  }

  /// Blocks until `holds` says yes of the value or `seconds` pass; whether it did.
  public func wait(within seconds: Double = 60, until holds: (Value) -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while !holds(stored) {
      guard condition.wait(until: deadline) else { return holds(stored) }
    }
    return true
  }
}

extension Watched where Value: AdditiveArithmetic {
  /// A count at zero.
  public convenience init() { self.init(.zero) }
}
