// tracker-preview: the command-line front door (docs/command-line.md). The only place that reads the real
// clock, time zone, environment and terminal; everything else gets them passed in.
import Foundation

// Ctrl-\ (SIGQUIT) is someone asking the tool to quit, not a crash: it ends the tool as it ends
// any program (the shell says "Quit"), where the Swift runtime, which takes the signal for itself,
// would print a crash report and a backtrace. The full-screen app answers it itself (`RawTerminal`).
signal(SIGQUIT, SIG_DFL)
// Past a file size limit (`ulimit -f`) a write fails with EFBIG and is reported like any other
// failed write, instead of the signal killing the tool between a commit and its message.
signal(SIGXFSZ, SIG_IGN)
// A reader that goes away (`| head`) makes a write fail with EPIPE, handled like any failed write,
// instead of the signal killing the tool.
signal(SIGPIPE, SIG_IGN)
// A standard stream the caller closed (`>&-`) is held by /dev/null, so no file opened later gets
// its number; what should have gone to a closed standard output is a failed write.
let closedStreams = Descriptor.holdStandardStreams()

let context = ToolContext(
  environment: ProcessInfo.processInfo.environment,
  now: Date(),
  clock: { Date() },
  timeZone: TimeZone.current,
  isTerminal: isatty(STDOUT_FILENO) != 0,
  isInteractive: isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0,
  // HOME first, as every Unix program reads it (a test or a sandbox sets it); the password
  // database only when it is not set.
  homeDirectory: ProcessInfo.processInfo.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    ?? FileManager.default.homeDirectoryForCurrentUser.path,
  readStandardInput: { limit in
    var data = Data()
    while data.count <= limit, let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 20),
      !chunk.isEmpty
    {
      data.append(chunk)
    }
    return data
  },
  ask: { question in
    // A question nobody can see (standard error closed) is not answered: nothing is changed.
    guard Descriptor.writeAll(STDERR_FILENO, Data(question.utf8)) == 0 else { return nil }
    let answer = readLine(strippingNewline: true)
    // An answer from a pipe is not echoed: the question's line is ended here, as Enter ends it.
    if answer != nil, isatty(STDIN_FILENO) == 0 { _ = Descriptor.writeAll(STDERR_FILENO, Data("\n".utf8)) }
    return answer
  },
  tell: { line in
    if !closedStreams.contains(STDERR_FILENO) { _ = Descriptor.writeAll(STDERR_FILENO, Data(line.utf8)) }
  })
let arguments = Array(CommandLine.arguments.dropFirst())
// Started with almost no files to open (`ulimit -n 8`), libdispatch would stop the process as
// soon as it needs its event loop: the limit is raised where it may be, else the tool says why.
if let limit = Descriptor.raiseOpenFileLimit() {
  let language = MainActor.assumeIsolated { Tool.language(of: arguments, context) }
  let message = Messages.$language.withValue(language) {
    Messages.error(
      Messages.localized(.cliTooFewFiles(Int(limit), Int(Descriptor.fewestOpenFiles))))
  }
  _ = Descriptor.writeAll(STDERR_FILENO, Data(message.utf8))
  exit(1)
}
// The command runs on the main actor, which awaits its store work and never blocks on it: the
// main thread turns the run loop (where the main actor's work runs, and the terminal's loop turns
// it too), and the process ends when the command has written its outcome.
Task { @MainActor in
  var outcome = await Tool.run(arguments, context)
  // Every byte goes with write(2), never FileHandle (which stops the process on a failed write): a
  // failure is exit 1 with its reason. A reader that stopped reading (EPIPE: `| head`, `| true`)
  // asked for no more: exit 1, quietly.
  if !outcome.standardOutput.isEmpty {
    let failure =
      closedStreams.contains(STDOUT_FILENO)
      ? EBADF : Descriptor.writeAll(STDOUT_FILENO, Data(outcome.standardOutput.utf8))
    if failure != 0 {
      outcome.exitCode = 1
      if failure != EPIPE {
        let language = Tool.language(of: arguments, context)
        outcome.standardError += Messages.$language.withValue(language) {
          Messages.error(Messages.unwritable(Messages.standardOutput, String(cString: strerror(failure))))
        }
      }
    }
  }
  // Standard error that cannot be written leaves nothing to tell the failure to: the status says it.
  if !outcome.standardError.isEmpty, !closedStreams.contains(STDERR_FILENO) {
    _ = Descriptor.writeAll(STDERR_FILENO, Data(outcome.standardError.utf8))
  }
  exit(outcome.exitCode)
}
RunLoop.main.run()
// Not reached: the run loop always has the main queue to wait on, and the task above exits.
dispatchMain()
