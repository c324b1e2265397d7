import Foundation
import TestSupport
import Testing

/// Where `export --output` and standard output write (issue 29, items 6 and 7): a symbolic link
/// is followed to the file it names, a device or a named pipe is written into and never replaced,
/// and every failed write — standard output included — is exit 1 with its reason, never a crash
/// and never a silent success.
@Suite("Output targets and failed writes", .temporaryFolders)
struct OutputTargetTests {
  /// What the file at `path` is (`S_IFREG`, `S_IFLNK`, `S_IFCHR`, `S_IFIFO`…), without following a link.
  func kind(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }

  /// The built tool, for a shell line.
  var binary: String { Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path }

  /// The demo's export, as the tool prints it on standard output.
  func demoArchive() async throws -> String {
    let result = try await runCLI(["export", "--demo"] + fileTestsDay)
    #expect(result.status == 0, "\(result.error)")
    return result.output
  }

  @Test func aSymbolicLinkIsFollowedAndTheFileItNamesIsReplaced() async throws {
    let folder = TemporaryFolder().url
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let target = elsewhere.appendingPathComponent("backup.json").path
    try Data("old backup".utf8).write(to: URL(fileURLWithPath: target))
    let here = folder.appendingPathComponent("here")
    try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
    let link = here.appendingPathComponent("latest.json").path
    // A relative link, read from the link's own folder.
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../elsewhere/backup.json")
    let result = try await runCLI(["export", "--demo", "--output", link] + fileTestsDay)
    #expect(result.status == 0, "\(result.error)")
    #expect(kind(link) == S_IFLNK)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../elsewhere/backup.json")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == (try await demoArchive()))
    // No temporary file left in either folder.
    #expect(try FileManager.default.contentsOfDirectory(atPath: here.path) == ["latest.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["backup.json"])
  }

  @Test func aLinkToAFileNotMadeYetMakesItWhereTheLinkPoints() async throws {
    let folder = TemporaryFolder().url
    let target = folder.appendingPathComponent("new.json").path
    let link = folder.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let result = try await runCLI(["export", "--demo", "--output", link] + fileTestsDay)
    #expect(result.status == 0, "\(result.error)")
    #expect(kind(link) == S_IFLNK)
    #expect(kind(target) == S_IFREG)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == (try await demoArchive()))
  }

  @Test func aNamedPipeWithAReaderIsWrittenIntoAndStaysAPipe() async throws {
    let folder = TemporaryFolder().url
    let pipe = folder.appendingPathComponent("backup.fifo").path
    #expect(mkfifo(pipe, 0o600) == 0)
    // The reader is there before the tool opens the pipe; the archive waits in the pipe's buffer.
    let reader = open(pipe, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let result = try await runCLIGuarded(["export", "--demo", "--output", pipe] + fileTestsDay, timeout: 30)
    #expect(result.status == 0, "\(result.error)")
    var read = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = Glibc.read(reader, &buffer, buffer.count)
      guard count > 0 else { break }
      read.append(contentsOf: buffer[0..<count])
    }
    #expect(String(decoding: read, as: UTF8.self) == (try await demoArchive()))
    #expect(kind(pipe) == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["backup.fifo"])
  }

  @Test func aNamedPipeWithNoReaderIsRefusedAtOnce() async throws {
    let folder = TemporaryFolder().url
    let pipe = folder.appendingPathComponent("backup.fifo").path
    #expect(mkfifo(pipe, 0o600) == 0)
    for (language, reason) in [
      ("en", "no program is reading from this named pipe"),
      ("ru", "из этого именованного канала никто не читает"),
    ] {
      let result = try await runCLIGuarded(
        ["export", "--demo", "--output", pipe, "--lang", language] + fileTestsDay, timeout: 30)
      #expect(result.status == 1)
      #expect(result.error.hasSuffix(": \(reason)\n"), "\(result.error)")
      #expect(result.error.contains(pipe))
    }
    #expect(kind(pipe) == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["backup.fifo"])
  }

  @Test func aDeviceIsWrittenIntoAndNeverReplaced() async throws {
    let null = try await runCLI(["export", "--demo", "--output", "/dev/null"] + fileTestsDay)
    #expect(null.status == 0, "\(null.error)")
    #expect(null.error == "")
    let full = try await runCLI(["export", "--demo", "--output", "/dev/full", "--lang", "en"] + fileTestsDay)
    #expect(full.status == 1)
    #expect(full.error == "Error: cannot write /dev/full: No space left on device\n")
    #expect(kind("/dev/null") == S_IFCHR)
    #expect(kind("/dev/full") == S_IFCHR)
    #expect(!(try FileManager.default.contentsOfDirectory(atPath: "/dev")).contains { $0.contains(".tmp-") })
  }

  @Test func aFullStandardOutputIsAFailureWithItsReason() async throws {
    for (language, words) in [
      ("en", "Error: cannot write standard output: No space left on device\n"),
      ("ru", "Ошибка: не удаётся записать стандартный вывод: No space left on device\n"),
    ] {
      let line = "exec '\(binary)' export --demo --lang \(language) \(fileTestsDay.joined(separator: " "))"
      let result = try await runProgramAside(URL(fileURLWithPath: "/bin/sh"), ["-c", line + " > /dev/full"])
      #expect(result.status == 1)
      #expect(result.error == words)
    }
  }

  @Test func aClosedStandardOutputIsAFailureNotACrash() async throws {
    let result = try await runProgramAside(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "exec '\(binary)' export --demo --lang en \(fileTestsDay.joined(separator: " ")) >&-"])
    #expect(result.status == 1)
    #expect(result.error == "Error: cannot write standard output: Bad file descriptor\n")
  }

  @Test func aClosedStandardOutputNeverLetsAFileTakeItsPlace() async throws {
    // With descriptor 1 closed, the next file opened would get it: the output must not go there.
    let folder = TemporaryFolder().url
    let backup = folder.appendingPathComponent("backup.json").path
    let result = try await runProgramAside(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c",
        "exec '\(binary)' export --demo --output '\(backup)' \(fileTestsDay.joined(separator: " ")) >&-",
      ])
    #expect(result.status == 0, "\(result.error)")
    #expect(try String(contentsOfFile: backup, encoding: .utf8) == (try await demoArchive()))
  }

  @Test func aReaderThatStopsEarlyEndsTheToolQuietly() async throws {
    // `| true` closes the pipe before the tool writes: no SIGPIPE death (141), no message; the
    // output is incomplete, so the status is 1.
    let result = try await runProgramAside(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c",
        "( sleep 0.3; '\(binary)' export --demo \(fileTestsDay.joined(separator: " ")); echo \"status $?\" >&2 ) | true",
      ])
    #expect(result.error == "status 1\n")
  }
}

/// A process started with almost no files to open (`ulimit -n`): libdispatch would stop it
/// (SIGILL) when it first needs its event loop. The tool raises its soft limit where it may, and
/// says why it cannot run where it may not — never a crash.
@Suite("Few open files")
struct FewOpenFilesTests {
  func run(_ limit: String, _ arguments: [String]) async throws -> (
    status: Int32, output: String, error: String
  ) {
    let binary = builtProduct("tracker-preview").path
    let line = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
    return try await runProgramAside(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit \(limit); exec \(line)"])
  }

  @Test(arguments: [
    ("en", "the open-file limit of this process is 9 (ulimit -n); Tracker needs at least 32"),
    ("ru", "предел открытых файлов у этого процесса — 9 (ulimit -n); Tracker нужно не меньше 32"),
  ])
  func aHardLimitTooLowIsSaidNotCrashedOn(_ language: String, _ said: String) async throws {
    let result = try await run("-n 9", ["show", "trackers", "--demo", "--lang", language])
    #expect(result.status == 1)
    #expect(result.error.contains(said), "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test func aLowSoftLimitIsRaisedAndTheToolRuns() async throws {
    let result = try await run("-Sn 9", ["show", "trackers", "--demo", "--lang", "en"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("Trackers"))
  }
}
