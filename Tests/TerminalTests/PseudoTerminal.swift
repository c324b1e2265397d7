import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The built `tracker-preview` running on a pseudo-terminal of our own, as a user's terminal runs
/// it: keys written to the terminal's master side, everything it draws read back and replayed on
/// a small screen model that understands what `FrameWriter` sends (go to a row, clear to its end,
/// colors and reverse video, the alternate screen, the cursor).
final class PseudoTerminal: @unchecked Sendable {
  let process = Process()
  private let master: Int32
  private let slave: Int32
  private let lock = NSLock()
  private var received: [UInt8] = []
  private var reader: Thread?

  /// Starts `tracker-preview arguments` on a terminal of `columns` × `rows`.
  init(_ arguments: [String], columns: Int = 60, rows: Int = 30, environment: [String: String] = [:]) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
    self.master = master
    self.slave = slave
    process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tracker-preview")
    process.arguments = arguments
    process.environment = ["TERM": "xterm-256color"].merging(environment) { $1 }
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    let thread = Thread { [self] in readLoop() }
    reader = thread
    thread.start()
  }

  deinit {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    close(master)
    close(slave)
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      lock.lock()
      received += buffer[0..<count]
      lock.unlock()
    }
  }

  /// Everything the program wrote so far.
  var output: [UInt8] {
    lock.lock()
    defer { lock.unlock() }
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
      if ioctl(slave, UInt(FIONREAD), &waiting) == 0, waiting == 0 { return true }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return false
  }

  /// Changes the window's size and tells the program, as a terminal emulator does.
  func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    kill(process.processIdentifier, SIGWINCH)
  }

  /// The screen as the output left it.
  var screen: Screen { Screen(replaying: output) }

  /// Waits until `condition` holds for the screen (at most `timeout` seconds); the screen then.
  @discardableResult
  func wait(_ timeout: TimeInterval = 30, until condition: (Screen) -> Bool) -> Screen? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let screen = self.screen
      if condition(screen) { return screen }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return nil
  }

  /// Waits until the screen shows `text`.
  @discardableResult
  func wait(for text: String, timeout: TimeInterval = 30) -> Screen? { wait(timeout) { $0.contains(text) } }

  /// Waits for the program to end; its exit status, nil if it did not end in time.
  func exitStatus(within timeout: TimeInterval = 30) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    guard !process.isRunning else { return nil }
    return process.terminationStatus
  }

  /// The terminal's settings now (the program shares them through the slave side).
  var settings: termios {
    var value = termios()
    tcgetattr(slave, &value)
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

  init(replaying bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var row = 0
    var index = text.startIndex
    var isReversed = false
    var current = ""
    var reversedRun = ""
    func flushRun() {
      if !reversedRun.isEmpty { inverse[row, default: []].append(reversedRun) }
      reversedRun = ""
    }
    while index < text.endIndex {
      let character = text[index]
      if character == "\u{1B}", text.index(after: index) < text.endIndex,
        text[text.index(after: index)] == "["
      {
        var end = text.index(index, offsetBy: 2)
        while end < text.endIndex, !(text[end].isLetter || text[end] == "~") { end = text.index(after: end) }
        guard end < text.endIndex else { break }
        let parameters = String(text[text.index(index, offsetBy: 2)..<end])
        switch text[end] {
        case "H":
          // `FrameWriter` writes a row whole after going to it, and ends it with "clear to end".
          flushRun()
          row = (Int(parameters.split(separator: ";").first ?? "1") ?? 1) - 1
          current = ""
          inverse[row] = []
        case "K":
          rows[row] = current
        case "J": rows = [:]
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
          if parameters == "?1049" { isAlternate = text[end] == "h" }
          if parameters == "?25" { isCursorHidden = text[end] == "l" }
        default: break
        }
        index = text.index(after: end)
        continue
      }
      if character == "\r" || character == "\n" {
        index = text.index(after: index)
        continue
      }
      current.append(character)
      if isReversed { reversedRun.append(character) }
      index = text.index(after: index)
    }
    flushRun()
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
