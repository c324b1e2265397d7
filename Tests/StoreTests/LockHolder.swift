import Foundation

/// Another program in the middle of a long write: the `tracker-store-writer hold` helper holding
/// the write lock of a data file (`BEGIN IMMEDIATE`) for a while, then rolling back.
final class LockHolder {
  private let process = Process()

  /// Starts the helper on `path` and returns once it holds the lock; it lets go after `seconds`.
  init(_ path: String, seconds: Double, helper: URL) throws {
    process.executableURL = helper
    process.arguments = ["hold", path, String(seconds)]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var said = ""
    while !said.contains("held\n") {
      let data = output.fileHandleForReading.availableData
      guard !data.isEmpty else { throw HolderFailed() }
      said += String(decoding: data, as: UTF8.self)
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// The helper's process id (the alert names it).
  var pid: Int32 { process.processIdentifier }

  /// Waits until the helper has let go of the lock and ended.
  func waitUntilReleased() { process.waitUntilExit() }

  /// The helper ended before it held the lock.
  struct HolderFailed: Error {}
}

/// Polls `condition` every 20 ms until it holds or `seconds` pass; returns whether it held. A
/// deadline, not a tight timing assertion: a busy machine may take longer to schedule anyone.
func eventually(within seconds: Double = 60, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return condition()
}
