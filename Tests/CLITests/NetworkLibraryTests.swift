import Foundation
import LocalHTTPServer
import TestSupport
import Testing

// Linux only: what the dynamic loader loads is told by glibc's `LD_DEBUG`, and libcurl is Linux's
// transport (URLSession is Apple's).
#if os(Linux)
  /// The tool loads libcurl only when the to-do list goes online, never at its start: linked (as
  /// FoundationNetworking links it), libcurl and the thirty libraries it needs were loaded by every
  /// command, and each start took about 6 ms longer. The dynamic loader says what it loads when
  /// `LD_DEBUG=libs` is set (glibc).
  @Suite("tracker-preview loads the network library only to go online", .temporaryFolders)
  struct NetworkLibraryTests {
    /// The libraries the dynamic loader loaded for a run of `arguments`, by file name.
    func librariesLoaded(_ arguments: [String]) async throws -> (status: Int32, libraries: Set<String>) {
      let run = try await runCLI(arguments, environment: ["LD_DEBUG": "libs"])
      return (run.status, Self.loaded(run.error))
    }

    /// The libraries the dynamic loader says it loaded on `said` (its `LD_DEBUG=libs` lines), by
    /// file name.
    static func loaded(_ said: String) -> Set<String> {
      // "     12345:	calling init: /usr/lib/x86_64-linux-gnu/libsqlite3.so.0"
      Set(
        said.split(separator: "\n").compactMap { line -> String? in
          guard let range = line.range(of: "calling init: ") else { return nil }
          return String(line[range.upperBound...].split(separator: "/").last ?? "")
        })
    }

    @Test(arguments: [["--version"], ["list", "--demo"] + fixed, ["show", "trackers", "--demo"] + fixed])
    func aCommandThatNeverGoesOnlineLoadsNoNetworkLibrary(_ arguments: [String]) async throws {
      let (status, libraries) = try await librariesLoaded(arguments)
      #expect(status == 0)
      #expect(libraries.contains { $0.hasPrefix("libsqlite3.so") }, "\(libraries.sorted())")
      #expect(!libraries.contains { $0.hasPrefix("libcurl") || $0.hasPrefix("libFoundationNetworking") })
    }

    /// The files the tool's `dlopen` may load libcurl from (it tries `libcurl.so.4`, then the
    /// builds on other TLS libraries): each loaded here the same way, then looked up among this
    /// process's mappings.
    static let libcurls: [String] = {
      let names = ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4"]
      let loaded = names.filter { dlopen($0, RTLD_LAZY) != nil }
      guard !loaded.isEmpty,
        let bytes = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile()
      else { return [] }
      // Read to its end: a file of /proc says it is empty, so reading it by its size gets nothing.
      let files = Set(
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap {
          $0.split(separator: " ").last.map(String.init)
        })
      return files.filter { file in loaded.contains { file.contains("/" + $0) } }.sorted()
    }()

    /// Whether a run can get a mount namespace of its own, in which libcurl is hidden from it alone.
    static let canHideLibcurl: Bool = {
      guard !libcurls.isEmpty,
        let trial = try? runProgram(URL(fileURLWithPath: "/usr/bin/unshare"), ["--mount", "true"])
      else { return false }
      return trial.status == 0
    }()

    /// A server with one task, "Buy milk".
    static func oneTaskServer() throws -> LocalHTTPServer {
      try LocalHTTPServer { _ in
        .init(body: todosPage([(1, "Buy milk", false)], total: 1, skip: 0, limit: 30))
      }
    }

    /// A to-do `run` of `script` on a fresh store, loading its starting tasks from `address`.
    static func toDoRun(_ script: String, loadingFrom address: String) throws -> [String] {
      let folder = TemporaryFolder().url
      let file = folder.appendingPathComponent("s.txt")
      try script.write(to: file, atomically: true, encoding: .utf8)
      return [
        "--app", "todo", "run", file.path, "--store", folder.appendingPathComponent("t.sqlite").path,
        "--todos-url", address,
      ] + fixed
    }

    /// Runs the tool once with each of `runs`' arguments, in one mount namespace of its own in
    /// which /dev/null is mounted over each of `hidden`: the files are hidden from those runs alone.
    static func runHiding(_ hidden: [String], _ runs: [[String]], environment: [String: String] = [:])
      async throws -> (status: Int32, output: String, error: String)
    {
      let tool = builtProduct("tracker-preview").path
      let quoted = { (words: [String]) in words.map { "'" + $0 + "'" }.joined(separator: " ") }
      let script = (hidden.map { "mount --bind /dev/null '\($0)'" } + runs.map { quoted([tool] + $0) })
        .joined(separator: " && ")
      return try await runProgramAside(
        URL(fileURLWithPath: "/usr/bin/unshare"), ["--mount", "/bin/sh", "-c", script],
        environment: environment)
    }

    /// A machine without libcurl: the tool starts (it did not, while it linked FoundationNetworking,
    /// which needs it), and the to-do list says why it could not load its tasks, in the run's
    /// language. libcurl is hidden by mounting /dev/null over each of its files, for the run alone.
    @Test(
      .enabled(if: canHideLibcurl, "needs root allowed a mount namespace of its own (unshare)"),
      arguments: [
        ("en", "Couldn't load tasks", "The network library libcurl.so.4 could not be loaded."),
        ("ru", "Не удалось загрузить задачи", "Не удалось загрузить сетевую библиотеку libcurl.so.4."),
      ])
    func withoutTheNetworkLibraryTheToolStartsAndTheToDoListSaysWhy(
      language: String, title: String, reason: String
    )
      async throws
    {
      let todo =
        try Self.toDoRun("expect screen todos\nprint\n", loadingFrom: "http://127.0.0.1:9/todos")
        + ["--lang", language, "--width", "100"]
      let run = try await Self.runHiding(Self.libcurls, [["--version"], todo])
      #expect(run.status == 0, "\(run.error)")
      #expect(run.output.hasPrefix("0.2.0\n"), "\(run.output)")
      #expect(run.output.contains(title) && run.output.contains(reason), "\(run.output)")
    }

    /// A machine with libcurl built on GnuTLS only (Debian's `libcurl3-gnutls`, which `git` needs):
    /// the to-do list loads through it. `libcurl.so.4` is hidden for the run alone.
    @Test(
      .enabled(
        if: canHideLibcurl && libcurls.contains { $0.contains("/libcurl-gnutls.so.4") },
        "needs libcurl-gnutls and root allowed a mount namespace of its own (unshare)"))
    func withLibcurlOnGnuTLSOnlyTheToDoListLoads() async throws {
      let server = try Self.oneTaskServer()
      defer { server.stop() }
      let hidden = Self.libcurls.filter { $0.contains("/libcurl.so.4") }
      #expect(!hidden.isEmpty)
      let run = try await Self.runHiding(
        hidden, [try Self.toDoRun("expect text \"Buy milk\"\n", loadingFrom: server.url.absoluteString)],
        environment: ["LD_DEBUG": "libs"])
      #expect(run.status == 0, "\(run.error.suffix(2000))")
      #expect(server.requests.count == 1)
      let libraries = Self.loaded(run.error)
      #expect(libraries.contains("libcurl-gnutls.so.4"), "\(libraries.sorted())")
      #expect(!libraries.contains { $0.hasPrefix("libcurl.so") })
    }

    @Test func theToDoListLoadsItWhenItLoadsItsStartingTasks() async throws {
      let server = try Self.oneTaskServer()
      defer { server.stop() }
      let (status, libraries) = try await librariesLoaded(
        try Self.toDoRun("expect text \"Buy milk\"\n", loadingFrom: server.url.absoluteString))
      #expect(status == 0)
      #expect(libraries.contains { $0.hasPrefix("libcurl.so") }, "\(libraries.sorted())")
      #expect(!libraries.contains { $0.hasPrefix("libFoundationNetworking") })
    }
  }
#endif
