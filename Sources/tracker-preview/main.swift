// tracker-preview: the command-line front door (docs/command-line.md). The only place that reads the real
// clock, time zone, environment and terminal; everything else gets them passed in.
import Foundation

// Past a file size limit (`ulimit -f`) a write fails with EFBIG and is reported like any other
// failed write, instead of the signal killing the tool between a commit and its message.
signal(SIGXFSZ, SIG_IGN)

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
  })
let outcome = MainActor.assumeIsolated { Tool.run(Array(CommandLine.arguments.dropFirst()), context) }
FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
FileHandle.standardError.write(Data(outcome.standardError.utf8))
exit(outcome.exitCode)
