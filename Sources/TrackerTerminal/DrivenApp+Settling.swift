import Foundation
import TrackerAutomation

extension DrivenApp {
  /// How long a key's outcome waits for the store calls it made before it is drawn: a free file
  /// answers well within it, so one key draws one frame; a held file or a slow disk draws what
  /// the screen shows meanwhile, and the rest when it comes.
  public static var settleWait: TimeInterval { 0.1 }

  /// Awaits what comes back from the store (the calls' continuations, which run on the main
  /// actor while this waits) until no call is on its way — no read, with `readsOnly` — for at
  /// most `seconds`, or until `stop` says so (a key came: it is handled at once, on the screen as
  /// it is, not typed ahead onto the screen the answer would open). The app's main actor waits for
  /// no store call; a terminal that draws frames settles before each one. It sleeps on `wake`,
  /// which the calls' end signals, as does whatever makes `stop` true (a key, a signal).
  public func settle(
    within seconds: TimeInterval = Self.settleWait, readsOnly: Bool = false, wake: LoopWake,
    until stop: () -> Bool = { false }
  ) async {
    // Measured on the monotonic clock: a wall clock set back (the user, NTP) never stretches it.
    let deadline = ContinuousClock.now + .seconds(seconds)
    guard readsOnly ? hasReadsInFlight : hasCallsInFlight else { return }
    // Wakes the wait once the calls have ended. When a key or the deadline ends the wait first,
    // this still wakes the loop later, once: a look too many, never a wait too long.
    Task { @MainActor in
      await callsEnded(readsOnly: readsOnly)
      wake.signal()
    }
    while readsOnly ? hasReadsInFlight : hasCallsInFlight, ContinuousClock.now < deadline, !stop() {
      await wake.wait(until: deadline)
    }
  }
}
