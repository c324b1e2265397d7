import CSQLite
import Foundation

extension Database {
  /// Waits up to `limit` whenever another connection holds the lock a statement needs, as
  /// SQLite's busy timeout does, and calls `began` as each such wait begins (on the thread that
  /// runs the statement): whoever runs it can say what it waits for. Setting a busy timeout
  /// afterwards (`PRAGMA busy_timeout`, `sqlite3_busy_timeout`) replaces it.
  package func waitWhileBusy(upTo limit: Duration, began: @escaping () -> Void) {
    let wait = BusyWait(limit: limit, began: began)
    busyWait = wait
    sqlite3_busy_handler(
      handle,
      { context, count in
        guard let context else { return 0 }
        let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
        // `count` is how many times this handler was called for the same lock before.
        if count == 0 { wait.began() }
        guard Double(count) * BusyWait.pause < wait.limit else { return 0 }
        usleep(useconds_t(BusyWait.pause * 1_000_000))
        return 1
      }, Unmanaged.passUnretained(wait).toOpaque())
  }
}

/// A busy handler's settings, kept alive by its connection (`Database.busyWait`).
final class BusyWait {
  /// How long one try waits before the next, in seconds.
  static let pause = 0.01
  /// How long a statement waits in all, in seconds.
  let limit: Double
  let began: () -> Void

  init(limit: Duration, began: @escaping () -> Void) {
    let parts = limit.components
    self.limit = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    self.began = began
  }
}
