import Dispatch
import Foundation
import TrackerTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The keyboard and the signals as the loop meets them, on the main actor: the bytes typed are
/// read as they come (a dispatch source on standard input, on the main queue) and kept until the
/// loop takes them, and a signal's handler writes to a pipe whose source wakes the loop, which
/// then looks at the signal's flag (`RawTerminal`). Both wake `wake`: the loop sleeps until
/// something happens, never looking for a key every few milliseconds.
@MainActor
final class TerminalInput {
  private let wake: LoopWake
  private let keys: DispatchSourceRead
  private let signals: DispatchSourceRead
  /// What was typed and not yet taken.
  private var typed: [UInt8] = []
  /// Whether the input ended (the terminal closed): what was typed before is still taken.
  private var hasEnded = false
  /// Whether keys are left in the terminal for good (`stopReadingKeys()`).
  private var isStopped = false

  init(_ terminal: RawTerminal, wake: LoopWake) {
    self.wake = wake
    keys = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    signals = DispatchSource.makeReadSource(fileDescriptor: terminal.signalled, queue: .main)
    let signalled = terminal.signalled
    keys.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readTyped() } }
    signals.setEventHandler {
      // Emptied, so the source fires again for the next signal only; what the signal asked for
      // is in its flag.
      Descriptor.emptyPipe(signalled)
      MainActor.assumeIsolated { wake.signal() }
    }
    keys.activate()
    signals.activate()
  }

  /// Stops reading keys and signals; the terminal is handed back as it is.
  func stop() {
    stopReadingKeys()
    signals.cancel()
  }

  /// Leaves what is typed from now on in the terminal, for good: the app is closing, and a line
  /// typed meanwhile is the shell's, as it would be had nobody read it.
  func stopReadingKeys() {
    guard !isStopped else { return }
    isStopped = true
    keys.cancel()
  }

  /// Whether a key waits to be taken, or the input ended.
  var hasInput: Bool { !typed.isEmpty || hasEnded }

  /// What was typed since the last take (empty when nothing was); nil once the input ended and
  /// everything typed before was taken.
  func take() -> [UInt8]? {
    if typed.isEmpty { return hasEnded ? nil : [] }
    defer { typed = [] }
    return typed
  }

  /// What is typed within `seconds` (the rest of an escape sequence): empty when nothing came,
  /// or something else woke the loop that it must look at (`stop`: a signal); nil when the input
  /// ended.
  func take(within seconds: TimeInterval, unless stop: () -> Bool) async -> [UInt8]? {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !hasInput, !stop(), ContinuousClock.now < deadline {
      await wake.wait(until: deadline)
    }
    return take()
  }

  /// Reads what standard input has now, on the main queue when its source says it is readable.
  private func readTyped() {
    var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    // The source may fire once more after a read took everything: a read now would block.
    guard poll(&ready, 1, 0) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    if count > 0 {
      typed += buffer[0..<count]
    } else {
      // The end of input (0), or the terminal gone (EIO): nothing more will come.
      hasEnded = true
      stopReadingKeys()
    }
    wake.signal()
  }
}
