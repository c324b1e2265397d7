import Foundation
import TrackerModels

/// Looks for other processes' commits to a store's file while someone observes the store: SQLite
/// tells no one of them, so the check (which compares `PRAGMA data_version`) runs every `interval`
/// on a queue of its own, never on the main thread, and only while watching.
///
/// A timer rather than a file watcher: `data_version` is the one sign that another connection
/// committed (the log is written before the commit and may be checkpointed or truncated at any
/// time), a look at it costs microseconds, and a timer works the same on every platform. A queue
/// of its own rather than a task: the look waits for the connection a long write may hold, and a
/// thread of Swift's cooperative pool must never wait.
package final class ChangeWatch: Sendable {
  /// How often the file is looked at while watching: another process's change shows within it.
  package static let interval: TimeInterval = 0.25

  /// What a tick does: the check, and what hears of the first failure of a run of them.
  private struct Checking: Sendable {
    let check: @Sendable () throws -> Void
    let failed: @Sendable () -> Void
  }

  private let queue: DispatchQueue
  /// Which run of looks is under way (a run ends when watching stops; a new one begins when it
  /// starts again), nil while not watching; and the check once attached.
  private let run = Locked<Int?>(nil)
  private let runsStarted = Locked(0)
  private let checking = Locked<Checking?>(nil)
  /// Set while the check keeps failing: a failure is told once, not each tick.
  private let isFailing = Locked(false)

  /// A watch that checks nothing until `attach` (its owner attaches itself once it exists).
  package init(label: String) { queue = DispatchQueue(label: label) }

  /// Each tick from now on runs `check`; `failed` hears of the first failure of a run of them (the
  /// screens then read again and meet the failure themselves).
  package func attach(check: @escaping @Sendable () throws -> Void, failed: @escaping @Sendable () -> Void) {
    checking.value = Checking(check: check, failed: failed)
  }

  /// Whether the file is being looked at.
  package var isWatching: Bool { run.value != nil }

  /// Starts or stops looking; doing what is already done does nothing.
  package func setWatching(_ watching: Bool) {
    let started: Int? = run.withLock { run in
      guard watching != (run != nil) else { return nil }
      guard watching else {
        run = nil
        return nil
      }
      let number = runsStarted.withLock { count in
        count += 1
        return count
      }
      run = number
      return number
    }
    if let started { lookLater(in: started) }
  }

  /// Looks once `interval` has passed, and again after each look, while run `number` lasts (a
  /// stopped watch stops at its next look; the watch once released, at once).
  private func lookLater(in number: Int) {
    queue.asyncAfter(deadline: .now() + Self.interval) { [weak self] in
      guard let self, self.run.value == number else { return }
      self.tick()
      self.lookLater(in: number)
    }
  }

  private func tick() {
    guard let checking = checking.value else { return }
    do {
      try checking.check()
      isFailing.value = false
    } catch {
      let isNew = isFailing.withLock { failing in
        defer { failing = true }
        return !failing
      }
      if isNew { checking.failed() }
    }
  }
}
