import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The built `tracker-preview` running on a pseudo-terminal of our own, as a user's terminal runs
/// it: keys written to the terminal's master side, everything it draws read back and replayed on
/// a small screen model that understands what `FrameWriter` sends (go to a row, clear to its end,
/// colors and reverse video, the alternate screen, the cursor).
///
/// A wait looks at the screen again as soon as the program wrote something, not on a timer: the
/// reader thread wakes it. The screen is replayed as the bytes come, once each, so looking at it
/// costs the same however long the program has run.
final class PseudoTerminal: @unchecked Sendable {
  let process = Process()
  private let master: Int32
  /// The terminal's slave side by name: this process opens it only for a moment (to look at its
  /// input, settings or room), so once the program has ended nobody holds it, the reader meets
  /// the end of the terminal and stops, and the terminal goes when the test lets go of it.
  private let slavePath: String
  /// Guards `received`, `hasEnded` and `replayer`; signalled when the program wrote or ended.
  private let arrived = NSCondition()
  private var received: [UInt8] = []
  private var hasEnded = false
  private var replayer = ScreenReplayer()
  private var reader: Thread?
  /// Whether the program has ended (told by its process, not looked at again and again).
  private let exited = Watched(false)
  /// While true, nothing reads what the program writes (a terminal nobody looks at).
  private let isReadingPaused = Watched(false)

  /// Starts `tracker-preview arguments` on a terminal of `columns` × `rows`.
  init(_ arguments: [String], columns: Int = 60, rows: Int = 30, environment: [String: String] = [:]) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
    self.master = master
    // Its name as the kernel gives it (`ptsname` keeps it in a buffer every thread shares).
    guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(slave)")
    else {
      close(master)
      close(slave)
      throw POSIXError(.ENOTTY)
    }
    slavePath = path
    process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tracker-preview")
    process.arguments = arguments
    process.environment = ["TERM": "xterm-256color"].merging(environment) { $1 }
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    process.terminationHandler = { [exited] _ in exited.update { $0 = true } }
    defer { close(slave) }
    try process.run()
    // Weak: the thread holds the terminal only while it reads, so a test that lets go of an ended
    // terminal closes it.
    let thread = Thread { [weak self] in self?.readLoop() }
    reader = thread
    thread.start()
  }

  deinit {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    close(master)
  }

  /// `body` with the slave side open (-1 when it cannot be opened).
  private func withSlave<Result>(_ body: (Int32) -> Result) -> Result {
    let slave = open(slavePath, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    defer { if slave >= 0 { close(slave) } }
    return body(slave)
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      // Held for as long as a test keeps the terminal unread.
      _ = isReadingPaused.wait(within: 600) { !$0 }
      let count = read(master, &buffer, buffer.count)
      arrived.lock()
      if count > 0 { received += buffer[0..<count] } else { hasEnded = true }
      arrived.broadcast()
      arrived.unlock()
      guard count > 0 else { return }
    }
  }

  /// Everything the program wrote so far.
  var output: [UInt8] {
    arrived.lock()
    defer { arrived.unlock() }
    return received
  }

  /// Types `text` (keys as the terminal sends them: "\t", "\r", "\u{1B}[B").
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Waits until the program has read everything typed so far (nothing waits on the terminal's
  /// input side); whether it did in time.
  @discardableResult
  func waitUntilRead(_ timeout: TimeInterval = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      var waiting: Int32 = 0
      if withSlave({ ioctl($0, UInt(FIONREAD), &waiting) }) == 0, waiting == 0 { return true }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return false
  }

  /// `body` with the slave side held open, as the shell that started the program holds it: what
  /// nobody read when the program ends stays in the terminal until `body` returns (the kernel
  /// throws it away once nobody holds the terminal).
  func holdingTheTerminal<Result>(_ body: () throws -> Result) rethrows -> Result {
    let slave = open(slavePath, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    defer { if slave >= 0 { close(slave) } }
    return try body()
  }

  /// How many bytes typed into the terminal nobody has read (what a shell would read next).
  var unreadInput: Int {
    var waiting: Int32 = 0
    return withSlave { ioctl($0, UInt(FIONREAD), &waiting) } == 0 ? Int(waiting) : -1
  }

  /// Stops reading what the program writes, as a terminal nobody looks at; the program's writes
  /// then wait once the terminal's buffer is full.
  func pauseReading() { isReadingPaused.update { $0 = true } }

  /// Reads `count` bytes of what the program wrote while reading is paused (a reader that takes a
  /// little and stops again).
  func readSome(_ count: Int) {
    var buffer = [UInt8](repeating: 0, count: count)
    let read = Foundation.read(master, &buffer, count)
    guard read > 0 else { return }
    arrived.lock()
    received += buffer[0..<read]
    arrived.broadcast()
    arrived.unlock()
  }

  /// Reads what the program writes again.
  func resumeReading() { isReadingPaused.update { $0 = false } }

  /// Whether the terminal takes more output from the program now (false: its writes wait).
  var takesOutput: Bool {
    withSlave { slave in
      var ready = pollfd(fd: slave, events: Int16(POLLOUT), revents: 0)
      return poll(&ready, 1, 0) > 0 && ready.revents & Int16(POLLOUT) != 0
    }
  }

  /// Changes the window's size and tells the program, as a terminal emulator does.
  func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    kill(process.processIdentifier, SIGWINCH)
  }

  /// The screen as the output left it.
  var screen: Screen { looked().screen }

  /// The screen now, and how many bytes it was replayed from.
  private func looked() -> (screen: Screen, bytes: Int) {
    arrived.lock()
    defer { arrived.unlock() }
    replayer.replay(received[replayer.replayed...])
    return (replayer.screen, received.count)
  }

  /// Waits until `condition` holds for the screen (at most `timeout` seconds); the screen then.
  /// The screen is looked at again each time the program wrote more, and no more once it ended.
  @discardableResult
  func wait(_ timeout: TimeInterval = 30, until condition: (Screen) -> Bool) -> Screen? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let (screen, bytes) = looked()
      if condition(screen) { return screen }
      guard waitForMore(than: bytes, until: deadline) else { return nil }
    }
  }

  /// Waits until the program wrote more than `bytes` in all; false when it ended or `deadline`
  /// passed first.
  private func waitForMore(than bytes: Int, until deadline: Date) -> Bool {
    arrived.lock()
    defer { arrived.unlock() }
    while received.count == bytes {
      guard !hasEnded, arrived.wait(until: deadline) || received.count > bytes else { return false }
    }
    return true
  }

  /// Waits until the program's output, as written, contains `text` (at most `timeout` seconds):
  /// what it says after leaving the full screen, or as it ends, is not on the screen model, and
  /// may still be on its way from the terminal when the program has ended. Whether it came.
  @discardableResult
  func waitForOutput(containing text: String, timeout: TimeInterval = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let written = output
      if String(decoding: written, as: UTF8.self).contains(text) { return true }
      guard waitForMore(than: written.count, until: deadline) else { return false }
    }
  }

  /// Waits until the screen shows `text`.
  @discardableResult
  func wait(for text: String, timeout: TimeInterval = 30) -> Screen? { wait(timeout) { $0.contains(text) } }

  /// Waits for the program to end; its exit status, nil if it did not end in time.
  func exitStatus(within timeout: TimeInterval = 30) -> Int32? {
    guard exited.wait(within: timeout, until: { $0 }) else { return nil }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// The terminal's settings now (the program shares them through the slave side).
  var settings: termios {
    var value = termios()
    _ = withSlave { tcgetattr($0, &value) }
    return value
  }
}

/// The screen model: rows of text, which parts are in reverse video, and the modes. A row counts
/// once it is cleared to its end, so a frame cut in the middle of a row shows the row before.
struct Screen: CustomStringConvertible {
  var rows: [Int: String] = [:]
  /// The reverse-video text of each row.
  var inverse: [Int: [String]] = [:]
  var isAlternate = false
  var isCursorHidden = false

  init() {}

  init(replaying bytes: [UInt8]) {
    var replayer = ScreenReplayer()
    replayer.replay(bytes[...])
    self = replayer.screen
  }

  /// The rows top to bottom.
  var lines: [String] { (0..<((rows.keys.max() ?? -1) + 1)).map { rows[$0] ?? "" } }

  func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

  /// What is drawn in reverse video: the focused element.
  var focused: [String] { inverse.keys.sorted().flatMap { inverse[$0] ?? [] } }

  /// The status line's "▸ label".
  var focusLabel: String? {
    guard let line = lines.last(where: { $0.hasPrefix("▸ ") }) else { return nil }
    let label = line.dropFirst(2)
    return String(label.components(separatedBy: " · ").first ?? String(label))
  }

  var description: String { lines.joined(separator: "\n") }
}

/// Replays what the program wrote onto a `Screen`, as the bytes come: an escape sequence or a
/// character cut between two reads waits for the rest, and a frame shows once it is whole.
struct ScreenReplayer {
  /// How many bytes were handed to `replay` so far.
  private(set) var replayed = 0
  private var drawn = Screen()
  private var row = 0
  private var isReversed = false
  private var current = ""
  private var reversedRun = ""
  /// The start of an escape sequence or a character whose end has not come yet.
  private var pending: [UInt8] = []

  /// The last whole frame: what the bytes so far left on the screen, or while a frame is still
  /// coming (between its synchronized update's marks) the screen before it, as a terminal that
  /// knows the marks shows it.
  var screen: Screen { inFrame ? beforeFrame : live }

  /// What the bytes so far left (a reverse-video run not yet ended included).
  private var live: Screen {
    var screen = drawn
    if !reversedRun.isEmpty { screen.inverse[row, default: []].append(reversedRun) }
    return screen
  }

  /// Whether a frame has begun and not ended.
  private var inFrame = false
  private var beforeFrame = Screen()

  mutating func replay(_ bytes: ArraySlice<UInt8>) {
    replayed += bytes.count
    let input = pending + bytes
    pending = []
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == 0x1B, index + 1 >= input.count {
        pending = Array(input[index...])
        return
      }
      if byte == 0x1B, input[index + 1] == UInt8(ascii: "[") {
        var end = index + 2
        while end < input.count, !Self.endsSequence(input[end]), !Self.cancels(input[end]) { end += 1 }
        guard end < input.count else {
          pending = Array(input[index...])
          return
        }
        if Self.cancels(input[end]) {
          index = end + 1
          continue
        }
        let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
        perform(Character(Unicode.Scalar(input[end])), parameters)
        index = end + 1
        continue
      }
      if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") || Self.cancels(byte) {
        index += 1
        continue
      }
      let length = Self.sequenceLength(byte)
      guard index + length <= input.count else {
        pending = Array(input[index...])
        return
      }
      var decoded = String(decoding: input[index..<(index + length)], as: UTF8.self)
      var used = length
      if decoded.unicodeScalars.count != 1 {
        decoded = "\u{FFFD}"
        used = 1
      }
      current += decoded
      if isReversed { reversedRun += decoded }
      index += used
    }
  }

  /// The letter (or "~") that ends a control sequence.
  private static func endsSequence(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || byte == UInt8(ascii: "~")
  }

  /// CAN or SUB: a terminal drops the escape sequence it is inside, and draws nothing for them.
  private static func cancels(_ byte: UInt8) -> Bool { byte == 0x18 || byte == 0x1A }

  /// How many bytes the UTF-8 sequence `lead` begins takes (1 for a byte that begins none).
  private static func sequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 1
    }
  }

  private mutating func flushRun() {
    if !reversedRun.isEmpty { drawn.inverse[row, default: []].append(reversedRun) }
    reversedRun = ""
  }

  private mutating func perform(_ command: Character, _ parameters: String) {
    switch command {
    case "H":
      // `FrameWriter` writes a row whole after going to it, and ends it with "clear to end".
      flushRun()
      row = (Int(parameters.split(separator: ";").first ?? "1") ?? 1) - 1
      current = ""
      drawn.inverse[row] = []
    case "K":
      drawn.rows[row] = current
    case "J": drawn.rows = [:]
    case "m":
      // SGR: 7 reverse, 27 or 0 (or nothing) back; 38;2;r;g;b and 38;5;n are colors.
      let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
      var position = 0
      while position < codes.count {
        let code = codes[position]
        if code == 38 || code == 48 {
          position += position + 1 < codes.count && codes[position + 1] == 5 ? 3 : 5
          continue
        }
        if code == 7 { isReversed = true }
        if code == 0 || code == 27 {
          flushRun()
          isReversed = false
        }
        position += 1
      }
    case "h", "l":
      if parameters == "?1049" { drawn.isAlternate = command == "h" }
      if parameters == "?25" { drawn.isCursorHidden = command == "l" }
      if parameters == "?2026" {
        if command == "h" { beforeFrame = live }
        inFrame = command == "h"
      }
    default: break
    }
  }
}
