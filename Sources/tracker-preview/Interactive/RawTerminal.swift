import Foundation
import TrackerTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Signals noted by their handlers for the interactive loop, which looks at them between keys
/// (a handler may only set a flag, and write).
nonisolated(unsafe) private var resizedSignal: sig_atomic_t = 0
nonisolated(unsafe) private var stopSignal: sig_atomic_t = 0
/// The write end of the pipe a signal's handler writes a byte to, which wakes the loop
/// (`TerminalInput`); -1 until a terminal is made raw. Set once, before any handler is installed.
nonisolated(unsafe) private var signalWake: Int32 = -1

/// Wakes the loop from a signal's handler: one byte into a non-blocking pipe (a full pipe already
/// wakes it), with `errno` as the interrupted code left it.
private func wakeFromSignal() {
  let saved = errno
  var byte: UInt8 = 1
  _ = write(signalWake, &byte, 1)
  errno = saved
}

/// The terminal in the interactive mode: raw keyboard input on standard input, frames on standard
/// output, the size, and the signals that matter. `restore()` puts the terminal back as it was
/// (the settings saved at the start, the normal screen, the cursor) and is safe to call twice.
final class RawTerminal {
  private var saved = termios()
  private var isRaw = false
  /// The terminal opened once more, non-blocking, for the app's own output: a write waits for a
  /// full terminal in `poll`, which a signal's pipe wakes, never in a blocking `write`
  /// (a signal landing just before it would leave it waiting for good), and the description the
  /// shell and other jobs share keeps its flags. Standard output itself where it cannot be opened.
  private let output: Int32 = {
    let reopened = open("/proc/self/fd/\(STDOUT_FILENO)", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    return reopened >= 0 ? reopened : STDOUT_FILENO
  }()

  /// Takes the terminal into raw mode; throws the system's reason when it cannot.
  init() throws {
    signalled = try Self.signalPipe()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOTTY)
    }
    var raw = saved
    // As cfmakeraw, but output processing stays on: keys arrive one by one, unechoed, and Ctrl-C
    // is a key the app handles (it restores the terminal before quitting).
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOTTY)
    }
    isRaw = true
    // The signals it answers may arrive blocked from whoever started it (a test runner's
    // threads): they are unblocked, or a resize or a SIGTERM would go unnoticed.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT] { sigaddset(&handled, number) }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    signal(SIGWINCH) { _ in
      resizedSignal = 1
      wakeFromSignal()
    }
    // Without SA_RESTART (`signal` sets it): a write blocked on a terminal nobody reads is
    // interrupted by the signal, and gives up (`write`), so the app ends.
    for stop in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        stopSignal = number
        wakeFromSignal()
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(stop, &action, nil)
    }
    signal(SIGPIPE, SIG_IGN)
  }

  deinit {
    restore()
    if output != STDOUT_FILENO { close(output) }
  }

  /// The read end of the pipe the signals' handlers write to: readable once a signal came since
  /// it was last emptied (`TerminalInput` watches it).
  private(set) var signalled: Int32 = -1

  /// The signals' pipe, made once per process and kept open for its life: a handler may write to
  /// it at any moment, so it is never closed under one. Both ends are non-blocking.
  private static func signalPipe() throws -> Int32 {
    if signalWake >= 0 { return madeSignalPipe }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    madeSignalPipe = ends[0]
    signalWake = ends[1]
    return ends[0]
  }
  nonisolated(unsafe) private static var madeSignalPipe: Int32 = -1

  /// The terminal's size (80 × 24 when it does not say).
  var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Whether the window changed size since the last `takeResize()`, which has yet to see it.
  var isResizePending: Bool { resizedSignal != 0 }

  /// Whether the window changed size since the last call.
  func takeResize() -> Bool {
    defer { resizedSignal = 0 }
    return resizedSignal != 0
  }

  /// The signal that asked the app to stop (SIGTERM, SIGHUP, SIGINT), if one came.
  var stopRequest: Int32? { stopSignal == 0 ? nil : stopSignal }

  /// Why the last write that failed failed (an `errno`), nil while every write went through.
  private(set) var writeFailure: Int32?

  /// Writes all of `text`; false when the terminal is gone (`writeFailure` then says why). Once a
  /// signal asked the app to stop, a terminal that takes nothing now is given up on (nobody may
  /// be reading it), and the app goes on to end.
  @discardableResult
  func write(_ text: String) -> Bool {
    let failure = Descriptor.writeAll(output, Data(text.utf8), givingUp: { stopSignal != 0 }, wake: signalled)
    guard failure == 0 else {
      writeFailure = failure
      if stopSignal != 0 { isGivenUp = true }
      return false
    }
    return true
  }

  /// Whether a write was given up after a stop signal (nobody reads the terminal): its output
  /// ended somewhere inside a frame, maybe inside an escape sequence.
  private var isGivenUp = false

  /// The terminal as it was: its settings, the normal screen, the cursor.
  func restore() {
    guard isRaw else { return }
    isRaw = false
    let isLeft = !isGivenUp && write(FrameWriter.leave)
    if !isLeft, stopSignal != 0 {
      // A stop signal, and the terminal took nothing more (nobody reads it): what nobody read is
      // thrown away, which makes room for the way out; CAN ends an escape sequence the terminal
      // may be inside, so the way out is read as itself.
      Descriptor.discardUnread(output)
      write("\u{18}" + FrameWriter.leave)
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    signal(SIGWINCH, SIG_DFL)
    for stop in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] { signal(stop, SIG_DFL) }
  }
}
