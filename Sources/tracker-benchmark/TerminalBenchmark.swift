import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `tracker-preview app` on a pseudo-terminal of this process's own, as a user's terminal runs
/// it: how soon an arrow key's frame begins to come back, and how often the app's main thread
/// wakes while nothing happens (its loop sleeps until a key, a signal, a change or its look at
/// the clock once a second). Needs the `tracker-preview` built beside this program
/// (`swift build -c release --product tracker-preview`).
enum TerminalBenchmark {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func run() throws {
    let program = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("tracker-preview")
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
      throw Failure(
        description:
          "no tracker-preview beside this program: swift build -c release --product tracker-preview")
    }
    print("The terminal app on a pseudo-terminal (80 × 24, the demo):")
    let terminal = try Terminal(program, ["app", "--demo", "--lang", "en", "--today", "2026-11-30"])
    defer { terminal.end() }
    // The first screen, then quiet.
    terminal.drain(untilQuietFor: 0.5, atMost: 30)
    let before = try terminal.mainThreadWakes()
    terminal.drain(untilQuietFor: 3, atMost: 3)
    let after = try terminal.mainThreadWakes()
    print(
      "  the main thread woke \(after - before) times in 3 s with nothing to do (it looks at the clock once a second)"
    )
    var latencies: [UInt64] = []
    for press in 0..<51 {
      latencies.append(try terminal.press(press.isMultiple(of: 2) ? "\u{1B}[B" : "\u{1B}[A"))
      terminal.drain(untilQuietFor: 0.1, atMost: 2)
    }
    latencies.sort()
    print(
      "  an arrow key to the first byte of its frame, median of 51: \(Measurement.milliseconds(latencies[25])) ms"
        + " (90th percentile \(Measurement.milliseconds(latencies[45])) ms)")
  }

  /// The program on a pseudo-terminal: keys written to the master side, its output read and
  /// thrown away.
  private final class Terminal {
    let process = Process()
    let master: Int32

    init(_ program: URL, _ arguments: [String]) throws {
      var master: Int32 = -1
      var slave: Int32 = -1
      var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
      guard openpty(&master, &slave, nil, nil, &size) == 0 else {
        throw Failure(description: "no pseudo-terminal")
      }
      defer { close(slave) }
      self.master = master
      process.executableURL = program
      process.arguments = arguments
      process.environment = ["TERM": "xterm-256color", "HOME": NSTemporaryDirectory()]
      let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
      process.standardInput = handle
      process.standardOutput = handle
      process.standardError = handle
      try process.run()
    }

    /// Reads what comes until nothing has come for `quiet` seconds, or `limit` seconds passed.
    func drain(untilQuietFor quiet: TimeInterval, atMost limit: TimeInterval) {
      let end = Date().addingTimeInterval(limit)
      var buffer = [UInt8](repeating: 0, count: 65536)
      while Date() < end {
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let wait = min(quiet, end.timeIntervalSinceNow)
        guard poll(&ready, 1, Int32(max(wait, 0) * 1000)) > 0 else { return }
        guard read(master, &buffer, buffer.count) > 0 else { return }
      }
    }

    /// Writes `key` and returns how long, in nanoseconds, until the first byte of output.
    func press(_ key: String) throws -> UInt64 {
      let start = DispatchTime.now().uptimeNanoseconds
      _ = Array(key.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 5000) > 0 else { throw Failure(description: "no frame within 5 s of a key") }
      return DispatchTime.now().uptimeNanoseconds - start
    }

    /// How many times the program's main thread has blocked and woken (the kernel's count of its
    /// voluntary context switches).
    func mainThreadWakes() throws -> Int {
      let pid = process.processIdentifier
      let status = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/status", encoding: .utf8)
      guard
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
        let count = Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "")
      else { throw Failure(description: "no count of context switches in /proc/\(pid)/task/\(pid)/status") }
      return count
    }

    func end() {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      close(master)
    }
  }
}
