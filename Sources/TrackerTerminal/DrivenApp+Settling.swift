import Foundation
import TrackerAutomation

extension DrivenApp {
  /// How long a key's outcome waits for the store calls it made before it is drawn: a free file
  /// answers well within it, so one key draws one frame; a held file or a slow disk draws what
  /// the screen shows meanwhile, and the rest when it comes.
  public static var settleWait: TimeInterval { 0.1 }

  /// Lets the main actor run what comes back from the store (the calls' continuations, queued on
  /// the main run loop) until no call is on its way — no read, with `readsOnly` — for at most
  /// `seconds`, or until `stop` says so (a key came: it is handled at once, on the screen as it
  /// is, not typed ahead onto the screen the answer would open). The app's main actor waits for
  /// no store call; a terminal that draws frames settles before each one.
  public func settle(
    within seconds: TimeInterval = Self.settleWait, readsOnly: Bool = false,
    until stop: () -> Bool = { false }
  ) {
    let deadline = Date().addingTimeInterval(seconds)
    while readsOnly ? hasReadsInFlight : hasCallsInFlight, Date() < deadline, !stop() {
      _ = RunLoop.main.run(mode: .default, before: min(deadline, Date().addingTimeInterval(0.002)))
    }
  }
}
