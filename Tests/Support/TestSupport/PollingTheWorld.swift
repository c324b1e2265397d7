import Foundation

/// Looks at `condition` every 20 ms, on a thread that may block, until it holds or `seconds`
/// pass; returns whether it held.
///
/// Only for what nothing in this process tells of: the system's own state (the descriptors the
/// kernel lists for a file) or another program's (a second device's data file). What this
/// process changes is waited on by what tells of the change: `until` on the main actor,
/// `Watched`/`Heard`'s `wait` on a thread, `settled()` after an action.
public func eventuallyPolling(within seconds: Double = 60, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return condition()
}
