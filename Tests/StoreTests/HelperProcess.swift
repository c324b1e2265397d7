import Foundation
import TestSupport

/// Runs the `tracker-store-writer` helper built next to the test bundle.
enum HelperProcess {
  static var executable: URL { builtProduct("tracker-store-writer") }

  /// Runs the helper to completion, optionally as the unprivileged user `nobody` (via setpriv).
  static func run(_ arguments: [String], asNobody: Bool = false) throws -> (
    status: Int32, output: String, error: String
  ) {
    guard asNobody else { return try runProgram(executable, arguments) }
    return try runProgram(
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments)
  }
}

/// A `tracker-store-writer` left running: its output is read line by line, a line sent to it.
final class RunningHelper {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// Starts the helper with `arguments`.
  init(_ arguments: [String]) throws {
    process.executableURL = HelperProcess.executable
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The next line it prints (nil at its end), read a byte at a time so nothing after it is taken.
  func nextLine() -> String? {
    var line = Data()
    while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
      if byte.first == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
    return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
  }

  /// Sends it a line.
  func send(_ line: String) throws {
    try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
  }

  /// Waits for it to end.
  func wait() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// Kills it (SIGKILL) and waits for its end: what a crash leaves.
  func crash() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  deinit {
    if process.isRunning { crash() }
  }
}
