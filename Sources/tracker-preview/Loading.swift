import Foundation
import TrackerAutomation
import TrackerTerminal

extension DrivenApp {
  /// Lets the main actor's queued work run (the loader's answer arrives that way) until nothing is
  /// loading; false when it is still loading after `timeout` seconds of the real clock (the
  /// command line is the live world). A blocked wait: the run loop sleeps until work comes or the
  /// deadline passes, and looks again after each piece of work — never a polling loop.
  func waitWhileLoading(timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while isLoading {
      guard Date() < deadline else { return false }
      // False only when the run loop has nothing at all to wait on (no main queue): then a pause,
      // so even that case cannot spin.
      if !RunLoop.main.run(mode: .default, before: deadline) { Thread.sleep(forTimeInterval: 0.05) }
    }
    return true
  }
}
