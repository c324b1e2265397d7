import Foundation
import TestSupport
import Testing

/// Ctrl-\ (SIGQUIT) on a command: the tool ends as any program does, with no crash report.
@Suite("Ctrl-\\ on a command", .temporaryFolders)
struct QuitSignalTests {
  /// What `quitWhileReading` saw.
  struct Ended: Sendable {
    /// Whether the tool was seen reading its standard input before the signal was sent.
    var wasReading: Bool
    var bySignal: Bool
    var status: Int32
    var standardError: String
  }

  @Test func controlBackslashEndsACommandWaitingForItsInputWithNoCrashReport() async throws {
    let folder = TemporaryFolder()
    let ended = try await aside {
      try Self.quitWhileReading(store: folder.path("tracker.sqlite"), in: folder.path)
    }
    try #require(ended.wasReading, "the tool never read its standard input")
    #expect(ended.bySignal && ended.status == SIGQUIT, "status \(ended.status)")
    #expect(ended.standardError == "", "\(ended.standardError.prefix(300))")
  }

  /// Starts `import -` on `store`, waits until it reads its standard input, and sends SIGQUIT.
  static func quitWhileReading(store: String, in folder: String) throws -> Ended {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // No core file: the signal's default action writes one where the limit allows it.
    process.arguments = [
      "-c", "ulimit -c 0; exec \"$0\" import - --store \"$1\"", builtProduct("tracker-preview").path, store,
    ]
    process.environment = ["HOME": folder, "LANG": "C.UTF-8"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let input = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = error
    // Started with SIGQUIT unblocked, as from a shell: the tests' threads block it, and a child
    // inherits the mask of the thread that starts it (this one is the test's own, `aside`).
    var quit = sigset_t()
    sigemptyset(&quit)
    sigaddset(&quit, SIGQUIT)
    pthread_sigmask(SIG_UNBLOCK, &quit, nil)
    try process.run()
    let pid = process.processIdentifier
    // The main thread blocked in `read` on descriptor 0: the first field of its system call is
    // `read`'s number, the second the descriptor.
    #if arch(x86_64)
      let read = "0"
    #else
      let read = "63"
    #endif
    let wasReading = eventuallyPolling {
      let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
      return call.split(separator: " ").prefix(2) == [Substring(read), "0x0"]
    }
    kill(pid, SIGQUIT)
    // A tool the signal did not end is stopped, and the test says so (its status is not SIGQUIT).
    if !eventuallyPolling(within: 30, { !process.isRunning }) { kill(pid, SIGKILL) }
    let said = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try input.fileHandleForWriting.close()
    return Ended(
      wasReading: wasReading, bySignal: process.terminationReason == .uncaughtSignal,
      status: process.terminationStatus, standardError: String(decoding: said, as: UTF8.self))
  }
}
