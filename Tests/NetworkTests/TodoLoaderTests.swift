import Foundation
import LocalHTTPServer
import Testing
import TodoModels
import TrackerModels
import TrackerNetwork

/// Seed 003: the starting tasks loaded over HTTP, against a server inside the test process.
@Suite("Loading the starting tasks")
struct TodoLoaderTests {
  /// Runs the loader and waits for its answer.
  func load(_ loader: URLSessionTodoLoader) async -> Result<[LoadedTodo], TodoLoadError> {
    await withCheckedContinuation { continuation in
      loader.load { continuation.resume(returning: $0) }
    }
  }

  static let items = (1...75).map { (id: $0, text: "Task \($0)", done: $0 % 3 == 0) }

  /// The dummyjson paging: 30 by default, `limit` and `skip` from the query.
  static func paged(_ target: String) -> LocalHTTPServer.Response {
    let query = URLComponents(string: target)?.queryItems ?? []
    let skip = query.first { $0.name == "skip" }.flatMap { Int($0.value ?? "") } ?? 0
    let limit = query.first { $0.name == "limit" }.flatMap { Int($0.value ?? "") } ?? 30
    let page = Array(items.dropFirst(skip).prefix(limit))
    return .init(body: todosPage(page, total: items.count, skip: skip, limit: limit))
  }

  @Test func everyPageIsAskedForUntilTheTotalHasCome() async throws {
    let server = try LocalHTTPServer(Self.paged)
    defer { server.stop() }
    let result = await load(URLSessionTodoLoader(url: server.url))
    let tasks = try result.get()
    #expect(tasks.count == 75)
    #expect(tasks.first == LoadedTodo(remoteID: 1, text: "Task 1", isDone: false))
    #expect(tasks[2].isDone && tasks.last?.remoteID == 75)
    #expect(server.requests == ["/todos", "/todos?limit=45&skip=30"])
  }

  /// The paging runs on a thread of its own, not on Swift's cooperative pool: a load ends while
  /// every thread of the pool is held, as one can be by work that blocks (in the app or in a
  /// full test run).
  @Test func aLoadEndsWhileEveryThreadOfSwiftsPoolIsHeld() throws {
    let server = try LocalHTTPServer(Self.paged)
    defer { server.stop() }
    let width = ProcessInfo.processInfo.activeProcessorCount
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    // This test holds one thread of the pool; tasks that block hold the others.
    for _ in 0..<width {
      Task {
        started.signal()
        release.wait()
      }
    }
    defer { for _ in 0..<width { release.signal() } }
    for _ in 1..<width { _ = started.wait(timeout: .now() + 10) }
    let answer = Locked<Result<[LoadedTodo], TodoLoadError>?>(nil)
    let ended = DispatchSemaphore(value: 0)
    URLSessionTodoLoader(url: server.url).load { result in
      answer.withLock { $0 = result }
      ended.signal()
    }
    #expect(ended.wait(timeout: .now() + 30) == .success)
    #expect(try answer.value?.get().count == 75)
  }

  @Test func aServerThatRepeatsItselfStopsThePaging() async throws {
    // Whatever is asked, the same first page: nothing new after it, so no endless loop.
    let server = try LocalHTTPServer { _ in
      .init(body: todosPage(Array(Self.items.prefix(30)), total: 75, skip: 0, limit: 30))
    }
    defer { server.stop() }
    let tasks = try await load(URLSessionTodoLoader(url: server.url)).get()
    #expect(tasks.count == 30)
    #expect(server.requests.count == 2)
  }

  @Test func aServerThatTricklesBytesCannotKeepTheLoadPastItsDeadline() async throws {
    // Headers, then a byte every 0.3 s: the connection never goes silent, the body never ends.
    let server = try LocalHTTPServer { _ in
      var response = LocalHTTPServer.Response(body: String(repeating: " ", count: 400))
      response.trickle = 0.3
      return response
    }
    defer { server.stop() }
    let result = await withCheckedContinuation { continuation in
      URLSessionTodoLoader(url: server.url, timeout: 1, deadline: 2).load {
        continuation.resume(returning: $0)
      }
    }
    // Timed out: the connection never went silent for the request's timeout (a byte every
    // 0.3 s), so only the load's deadline can have ended it — a load that waited for the 120 s
    // of bytes would have failed to read them as tasks instead.
    #expect(result == .failure(.timedOut))
  }

  @Test func aServerThatSendsOneNewTaskAPageIsAskedABoundedNumberOfTimes() async throws {
    // It claims ten thousand tasks and brings one new task per page, for ever.
    let server = try LocalHTTPServer { target in
      let query = URLComponents(string: target)?.queryItems ?? []
      let skip = query.first { $0.name == "skip" }.flatMap { Int($0.value ?? "") } ?? 0
      return .init(
        body: todosPage([(id: skip + 1, text: "Task", done: false)], total: 10_000, skip: skip, limit: 1))
    }
    defer { server.stop() }
    let result = await load(URLSessionTodoLoader(url: server.url, maxRequests: 5))
    #expect(result == .failure(.tooManyRequests(5)))
    #expect(server.requests.count == 5)
  }

  @Test func anHTTPErrorIsItsStatus() async throws {
    let server = try LocalHTTPServer { _ in .init(status: 503, body: "{}") }
    defer { server.stop() }
    #expect(await load(URLSessionTodoLoader(url: server.url)) == .failure(.status(503)))
  }

  @Test(arguments: [
    (
      #"{"todos": [{"id": 1, "todo": "a", "completed": "yes", "userId": 1}], "total": 1, "skip": 0, "limit": 30}"#,
      "$.todos[0].completed"
    ),
    (
      #"{"todos": [{"id": 1, "completed": true, "userId": 1}], "total": 1, "skip": 0, "limit": 30}"#,
      "$.todos[0].todo: missing"
    ),
    (#"{"todos": [], "skip": 0, "limit": 30}"#, "$.total: missing"),
    ("<html>not json</html>", "$: not JSON"),
  ])
  func aMalformedAnswerSaysWhere(body: String, expected: String) async throws {
    let server = try LocalHTTPServer { _ in .init(body: body) }
    defer { server.stop() }
    guard case .failure(.malformed(let detail)) = await load(URLSessionTodoLoader(url: server.url)) else {
      Issue.record("not refused as malformed")
      return
    }
    #expect(detail.hasPrefix(expected), "\(detail)")
  }

  @Test func aSlowServerTimesOut() async throws {
    let server = try LocalHTTPServer { _ in
      .init(body: todosPage([], total: 0, skip: 0, limit: 30), delay: 60)
    }
    defer { server.stop() }
    let result = await load(URLSessionTodoLoader(url: server.url, timeout: 1))
    // The answer would come after a minute: a timed-out result means the loader gave up on it
    // (no assertion on the time taken: a busy machine fires timers late).
    #expect(result == .failure(.timedOut))
    #expect(server.requests == ["/todos"])
  }

  @Test func aRefusedConnectionIsARefusalByThatServerNotOffline() async throws {
    let server = try LocalHTTPServer(Self.paged)
    let url = server.url
    server.stop()  // the port is free again: the connection is refused
    let port = try #require(url.port)
    #expect(
      await load(URLSessionTodoLoader(url: url, timeout: 5)) == .failure(.refused("127.0.0.1:\(port)")))
  }

  /// Whether this machine has an IPv6 loopback to connect to.
  static let hasIPv6Loopback: Bool = {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET6, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
      }
    }
  }()

  @Test(.enabled(if: hasIPv6Loopback, "needs an IPv6 loopback"))
  func aRefusalOverIPv6NamesTheServerWithItsAddressInBrackets() async throws {
    let server = try LocalHTTPServer(Self.paged)
    let port = try #require(server.url.port)
    server.stop()  // nothing listens on the port, on IPv6 either
    let url = try #require(URL(string: "http://[::1]:\(port)/todos"))
    #expect(await load(URLSessionTodoLoader(url: url, timeout: 5)) == .failure(.refused("[::1]:\(port)")))
  }

  @Test func theDefaultAddressIsTheSeedsAndTheTimeoutFifteenSeconds() {
    let loader = URLSessionTodoLoader()
    #expect(loader.url.absoluteString == "https://dummyjson.com/todos" && loader.timeout == 15)
  }
}
