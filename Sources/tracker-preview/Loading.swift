import Foundation
import TrackerTerminal

extension DrivenApp {
  /// Lets the main actor's queued work run (the loader's answer arrives that way) until nothing is
  /// loading; false when it is still loading after `timeout` seconds of the real clock (the
  /// command line is the live world).
  func waitWhileLoading(timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while isLoading {
      guard Date() < deadline else { return false }
      _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.02))
    }
    return true
  }
}
