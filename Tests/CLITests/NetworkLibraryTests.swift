import Foundation
import LocalHTTPServer
import TestSupport
import Testing

/// The tool loads libcurl only when the to-do list goes online, never at its start: linked (as
/// FoundationNetworking links it), libcurl and the thirty libraries it needs were loaded by every
/// command, and a command's start took twice as long. The dynamic loader says what it loads when
/// `LD_DEBUG=libs` is set (glibc).
@Suite("tracker-preview loads the network library only to go online", .temporaryFolders)
struct NetworkLibraryTests {
  /// The libraries the dynamic loader loaded for a run of `arguments`, by file name.
  func librariesLoaded(_ arguments: [String]) async throws -> (status: Int32, libraries: Set<String>) {
    let run = try await runCLI(arguments, environment: ["LD_DEBUG": "libs"])
    // "     12345:	calling init: /usr/lib/x86_64-linux-gnu/libsqlite3.so.0"
    let loaded = run.error.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: "calling init: ") else { return nil }
      return String(line[range.upperBound...].split(separator: "/").last ?? "")
    }
    return (run.status, Set(loaded))
  }

  @Test(arguments: [["--version"], ["list", "--demo"] + fixed, ["show", "trackers", "--demo"] + fixed])
  func aCommandThatNeverGoesOnlineLoadsNoNetworkLibrary(_ arguments: [String]) async throws {
    let (status, libraries) = try await librariesLoaded(arguments)
    #expect(status == 0)
    #expect(libraries.contains { $0.hasPrefix("libsqlite3.so") }, "\(libraries.sorted())")
    #expect(!libraries.contains { $0.hasPrefix("libcurl") || $0.hasPrefix("libFoundationNetworking") })
  }

  @Test func theToDoListLoadsItWhenItLoadsItsStartingTasks() async throws {
    let server = try LocalHTTPServer { _ in
      .init(body: todosPage([(1, "Buy milk", false)], total: 1, skip: 0, limit: 30))
    }
    let folder = TemporaryFolder().url
    let script = folder.appendingPathComponent("s.txt")
    try "expect text \"Buy milk\"\n".write(to: script, atomically: true, encoding: .utf8)
    let (status, libraries) = try await librariesLoaded(
      [
        "--app", "todo", "run", script.path, "--store", folder.appendingPathComponent("t.sqlite").path,
        "--todos-url", server.url.absoluteString,
      ] + fixed)
    #expect(status == 0)
    #expect(libraries.contains { $0.hasPrefix("libcurl.so") }, "\(libraries.sorted())")
    #expect(!libraries.contains { $0.hasPrefix("libFoundationNetworking") })
  }
}
