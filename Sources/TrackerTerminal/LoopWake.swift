import Foundation

/// What the terminal's loop sleeps on between the things it does: anything that may have changed
/// what the loop waits for (a key typed, a signal, the screen asking to be drawn, the store's
/// calls ending) calls `signal()`, and the loop's `wait(until:)` returns at once. The loop then
/// looks at what changed itself; a wake is only ever a reason to look, never a message, so one
/// too many costs one look and none is ever lost (a signal with nobody waiting is kept for the
/// next wait).
@MainActor
public final class LoopWake {
  private var waiter: CheckedContinuation<Void, Never>?
  private var deadline: Task<Void, Never>?
  private var isSignalled = false

  public init() {}

  /// Ends the wait under way, or the next one at once when none is.
  public func signal() {
    guard let waiter else {
      isSignalled = true
      return
    }
    self.waiter = nil
    deadline?.cancel()
    deadline = nil
    waiter.resume()
  }

  /// Returns after the next `signal()` (at once when one came since the last wait), or at
  /// `instant` on the monotonic clock, whichever comes first.
  public func wait(until instant: ContinuousClock.Instant) async {
    if isSignalled {
      isSignalled = false
      return
    }
    guard instant > .now else { return }
    await withCheckedContinuation { continuation in
      waiter = continuation
      deadline = Task { @MainActor [weak self] in
        try? await Task.sleep(until: instant, clock: .continuous)
        // A signal that ended the wait first cancelled this: the wait after it is not its own.
        guard !Task.isCancelled else { return }
        self?.signal()
      }
    }
  }
}
