import Foundation

/// Another program in the middle of a long write: the `tracker-store-writer hold` helper holding
/// the write lock of a data file (`BEGIN IMMEDIATE`) for a while, then rolling back.
final class LockHolder {
  private let process = Process()

  /// Starts the helper on `path` and returns once it holds the lock; it lets go after `seconds`.
  init(
    _ path: String, seconds: Double,
    helper: URL = Bundle.main.bundleURL.appendingPathComponent("tracker-store-writer")
  ) throws {
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

/// Lets the main actor run (a write finished off it reports there) until `condition` holds or
/// `seconds` pass; returns whether it held. A deadline, never a tight timing assertion.
@MainActor
func eventually(within seconds: Double = 60, _ condition: () -> Bool) async throws -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try await Task.sleep(for: .milliseconds(20))
  }
  return condition()
}
