import Foundation

/// Another program in the middle of a long write: the `tracker-store-writer hold` helper holding
/// the write lock of a data file (`BEGIN IMMEDIATE`) for a while, then rolling back.
public final class LockHolder {
  private let process = Process()

  /// Starts the helper on `path` and returns once it holds the lock; it lets go after `seconds`.
  /// `helper` is the built `tracker-store-writer` (by default beside the running test bundle).
  public init(
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
  public var pid: Int32 { process.processIdentifier }

  /// Waits until the helper has let go of the lock and ended.
  public func waitUntilReleased() { process.waitUntilExit() }

  /// The helper ended before it held the lock.
  public struct HolderFailed: Error {}
}
