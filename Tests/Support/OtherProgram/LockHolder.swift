import Foundation
import TestSupport

/// Another program in the middle of a long write: the `tracker-store-writer hold` helper holding
/// the write lock of a data file (`BEGIN IMMEDIATE`) until told to let go, or for a while, then
/// rolling back.
public final class LockHolder {
  private let process = Process()
  private let input = Pipe()

  /// Starts the helper on `path` and returns once it holds the lock; it lets go at `release()`,
  /// or by itself after `seconds`. With `rollbackJournal` it first switches the file out of WAL
  /// mode (`journal_mode=DELETE`), as another maker's program may; with `reading` too, it then
  /// holds a read transaction instead of a write, whose shared lock keeps every writer out; with
  /// `exclusive`, the exclusive lock, which keeps even readers out.
  /// `helper` is the built `tracker-store-writer` (by default beside the running test bundle).
  public init(
    _ path: String, seconds: Double = 60, rollbackJournal: Bool = false, reading: Bool = false,
    exclusive: Bool = false, helper: URL = builtProduct("tracker-store-writer")
  ) throws {
    process.executableURL = helper
    process.arguments =
      ["hold", path, String(seconds)]
      + (exclusive ? ["exclusive"] : reading ? ["read"] : rollbackJournal ? ["delete"] : [])
    let output = Pipe()
    process.standardInput = input
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
    // The end of its input lets it go at once (it does not die of SIGTERM while it waits).
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// The helper's process id (the alert names it).
  public var pid: Int32 { process.processIdentifier }

  /// Whether the helper still runs: until `release()`, it holds the lock (unless its `seconds`
  /// have passed: a test that may wait long on a busy machine asks for more than the minute).
  public var isHolding: Bool { process.isRunning }

  /// Tells the helper to let go of the lock and waits until it has.
  public func release() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// Waits until the helper has let go of the lock by itself (after its `seconds`) and ended.
  public func waitUntilReleased() { process.waitUntilExit() }

  /// The helper ended before it held the lock.
  public struct HolderFailed: Error {}
}
