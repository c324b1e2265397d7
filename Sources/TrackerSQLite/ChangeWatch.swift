import Foundation

/// Looks for other processes' commits to a store's file while someone observes the store: SQLite
/// tells no one of them, so `check` (which compares `PRAGMA data_version`) runs every `interval`
/// on a queue of its own, never on the main thread, and only while watching.
///
/// A timer rather than a file watcher: `data_version` is the one sign that another connection
/// committed (the log is written before the commit and may be checkpointed or truncated at any
/// time), a look at it costs microseconds, and a timer works the same on every platform.
package final class ChangeWatch: @unchecked Sendable {
  /// How often the file is looked at while watching: another process's change shows within it.
  package static let interval: TimeInterval = 0.25

  private let lock = NSLock()
  private let queue: DispatchQueue
  private var timer: DispatchSourceTimer?
  private let check: @Sendable () throws -> Void
  private let failed: @Sendable () -> Void
  /// Set while `check` keeps failing (used on `queue` only): a failure is told once, not each tick.
  private var isFailing = false

  /// A watch that runs `check` each tick once started; `failed` hears of the first failure of a
  /// run of them (the screens then read again and meet the failure themselves).
  package init(
    label: String, check: @escaping @Sendable () throws -> Void, failed: @escaping @Sendable () -> Void
  ) {
    queue = DispatchQueue(label: label)
    self.check = check
    self.failed = failed
  }

  deinit { timer?.cancel() }

  /// Whether the timer runs.
  package var isWatching: Bool {
    lock.lock()
    defer { lock.unlock() }
    return timer != nil
  }

  /// Starts or stops looking; doing what is already done does nothing.
  package func setWatching(_ watching: Bool) {
    lock.lock()
    defer { lock.unlock() }
    guard watching != (timer != nil) else { return }
    if watching {
      let timer = DispatchSource.makeTimerSource(queue: queue)
      timer.schedule(
        deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(50))
      timer.setEventHandler { [weak self] in self?.tick() }
      timer.resume()
      self.timer = timer
    } else {
      timer?.cancel()
      timer = nil
    }
  }

  private func tick() {
    do {
      try check()
      isFailing = false
    } catch {
      guard !isFailing else { return }
      isFailing = true
      failed()
    }
  }
}
