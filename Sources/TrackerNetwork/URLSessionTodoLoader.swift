import Foundation
import TodoModels
import TrackerModels

/// Loads the starting tasks over HTTP (seed 003): GET the address, check the
/// status, decode `{"todos": [{"id", "todo", "completed", "userId"}], "total", "skip", "limit"}`
/// strictly (a missing or mistyped field is malformed; extra fields are ignored), and while
/// `total` is larger than what came, ask for the rest with `limit` and `skip` until a page brings
/// nothing new. Each request ends after `timeout` seconds (15 by default; at least 1, so that no
/// setting ends a request before a real server can answer), the
/// whole load after `deadline` seconds (60) and `maxRequests` requests (30), whatever the server
/// does: a server that trickles a byte every half second, or claims ten thousand tasks and sends
/// one new task a page, gets the error and Try again, not a load that never ends.
///
/// Waiting costs no processor time. On Apple's platforms each request goes through `URLSession`.
/// On Linux it is a `CurlRequest` (libcurl's easy interface, waiting in `poll(2)`), and nothing
/// here uses FoundationNetworking: its `URLSession` keeps a core busy while it waits, and linking
/// it makes every program of the package load libcurl and some thirty libraries of its own at
/// each start: about 6 ms more for every command, most of which never go online. The deadlines
/// are timers on a queue, never a polling loop.
public struct URLSessionTodoLoader: TodoLoader {
  /// `https://dummyjson.com/todos`, the seed's address.
  public static let defaultURL = URL(string: "https://dummyjson.com/todos")!

  public let url: URL
  public let timeout: TimeInterval
  /// At most this many tasks are loaded, whatever `total` says (a server cannot make it run forever).
  public let limit: Int
  /// The whole load, every page included, ends within this many seconds.
  public let deadline: TimeInterval
  /// The whole load asks at most this many times.
  public let maxRequests: Int

  /// A loader for `url`.
  public init(
    url: URL = Self.defaultURL, timeout: TimeInterval = 15, limit: Int = 10_000, deadline: TimeInterval = 60,
    maxRequests: Int = 30
  ) {
    self.url = url
    self.timeout = max(1, timeout)
    self.limit = limit
    self.deadline = max(self.timeout, deadline)
    self.maxRequests = max(1, maxRequests)
  }

  public func load(_ completion: @escaping @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void) {
    let paging = Paging(loader: self, finish: completion)
    // The deadline of the whole load: whatever is still running then is cancelled.
    paging.after(seconds: deadline) { $0.end(.failure(.timedOut), cancelling: true) }
    paging.inOrder { $0.fetch(url) }
  }

  /// The server's address as a person reads it: `host:port`, the port only when the URL names one;
  /// an IPv6 host in brackets (`[::1]:8080`), as in the URL, so its colons are not the port's.
  var address: String {
    let host = url.host.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 } ?? url.absoluteString
    return url.port.map { "\(host):\($0)" } ?? host
  }

  /// One page of the answer.
  struct Page: Decodable {
    struct Item: Decodable {
      let id: Int
      let todo: String
      let completed: Bool
      let userId: Int
    }
    let todos: [Item]
    let total: Int
    let skip: Int
    let limit: Int
  }

  /// The pages fetched so far, and the next request: an actor, as the answers come on
  /// URLSession's or libcurl's thread and the deadlines on a timer's. It runs on a queue of its
  /// own, not on Swift's cooperative pool, so no other work can hold an answer or a deadline back.
  private actor Paging: QueueActor {
    let loader: URLSessionTodoLoader
    let completion: @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void
    #if canImport(Darwin)
      let session: URLSession
    #endif
    private var collected: [LoadedTodo] = []
    private var seen: Set<Int> = []
    private var isOver = false
    private var requests = 0
    /// Stops the request still running (nil: none).
    private var cancelRunning: (@Sendable () -> Void)?

    nonisolated let executor = QueueExecutor(DispatchQueue(label: "URLSessionTodoLoader.paging"))
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(
      loader: URLSessionTodoLoader, finish: @escaping @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void
    ) {
      self.loader = loader
      #if canImport(Darwin)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = loader.timeout
        configuration.timeoutIntervalForResource = loader.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        self.session = session
        self.completion = { result in
          session.finishTasksAndInvalidate()
          finish(result)
        }
      #else
        self.completion = finish
      #endif
    }

    /// Ends the load with `result`, once: later answers, timers and cancellations are ignored.
    /// With `cancelling`, the request still running is cancelled (a deadline passed).
    func end(_ result: Result<[LoadedTodo], TodoLoadError>, cancelling: Bool = false) {
      guard !isOver else { return }
      isOver = true
      if cancelling { cancelRunning?() }
      completion(result)
    }

    func fetch(_ url: URL) {
      guard !isOver else { return }
      requests += 1
      guard requests <= loader.maxRequests else { return end(.failure(.tooManyRequests(loader.maxRequests))) }
      #if canImport(Darwin)
        var request = URLRequest(
          url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: loader.timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request) { data, response, error in
          let answer = Self.answer(data, response, error, address: self.loader.address)
          self.inOrder { paging in
            switch answer {
            case .success(let (status, body)): paging.received(status: status, body)
            case .failure(let error): paging.end(.failure(error))
            }
          }
        }
        cancelRunning = { [weak task] in task?.cancel() }
        watch { [weak task] in task?.state == .running }
        task.resume()
      #else
        let started = CurlRequest.start(
          url, accept: "application/json", timeout: loader.timeout, address: loader.address
        ) { result in
          self.inOrder { paging in
            switch result {
            case .success(let answer): paging.received(status: answer.status, answer.body)
            case .failure(let error): paging.end(.failure(error))
            }
          }
        }
        guard let started else { return end(.failure(.noNetworkLibrary)) }
        cancelRunning = { started.cancel() }
        watch { [weak started] in started?.isRunning == true }
      #endif
    }

    /// A request's own deadline: URLSession's timeout counts silence, so a server that sends a
    /// byte now and then would keep it open for ever (libcurl's counts the whole request, and this
    /// is a second guard there). A timer: nothing runs until it fires.
    private func watch(_ isRunning: @escaping @Sendable () -> Bool) {
      after(seconds: loader.timeout) { paging in
        guard isRunning() else { return }
        paging.end(.failure(.timedOut), cancelling: true)
      }
    }

    #if canImport(Darwin)
      /// URLSession's answer as a status and a body, or what went wrong.
      private static func answer(
        _ data: Data?, _ response: URLResponse?, _ error: Error?, address: String
      ) -> Result<(Int, Data), TodoLoadError> {
        if let error { return .failure(describe(error, address: address)) }
        guard let http = response as? HTTPURLResponse else {
          return .failure(.malformed("the answer is not HTTP"))
        }
        return .success((http.statusCode, data ?? Data()))
      }

      /// What went wrong, in the loader's terms; `address` names the server a refusal came from.
      static func describe(_ error: Error, address: String) -> TodoLoadError {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        switch code {
        case .timedOut: return .timedOut
        // The host was found and answered, but nothing accepted the connection: saying "no
        // internet" would send the user to check a connection that works.
        case .cannotConnectToHost: return .refused(address)
        case .notConnectedToInternet, .cannotFindHost, .networkConnectionLost, .dnsLookupFailed,
          .internationalRoamingOff, .dataNotAllowed:
          return .offline
        default: return .other(error.localizedDescription)
        }
      }
    #endif

    /// An answer with HTTP status `status` and body `data`: a page, the next request, or the end.
    private func received(status: Int, _ data: Data) {
      guard !isOver else { return }
      guard (200..<300).contains(status) else { return end(.failure(.status(status))) }
      let page: Page
      do {
        page = try JSONDecoder().decode(Page.self, from: data)
      } catch {
        return end(.failure(.malformed(Self.describe(decoding: error))))
      }
      let limit = loader.limit
      var isNew = false
      for item in page.todos where seen.insert(item.id).inserted && collected.count < limit {
        collected.append(LoadedTodo(remoteID: item.id, text: item.todo, isDone: item.completed))
        isNew = true
      }
      let wanted = min(page.total, loader.limit)
      guard isNew, collected.count < wanted,
        var parts = URLComponents(url: loader.url, resolvingAgainstBaseURL: false)
      else {
        return end(.success(collected))
      }
      var query = (parts.queryItems ?? []).filter { $0.name != "limit" && $0.name != "skip" }
      query.append(URLQueryItem(name: "limit", value: String(wanted - collected.count)))
      query.append(URLQueryItem(name: "skip", value: String(collected.count)))
      parts.queryItems = query
      guard let next = parts.url else { return end(.success(collected)) }
      fetch(next)
    }

    static func describe(decoding error: Error) -> String {
      guard let error = error as? DecodingError else { return "\(error)" }
      func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return keys.isEmpty ? "$" : "$" + keys
      }
      switch error {
      case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue): missing"
      case .typeMismatch(_, let context), .valueNotFound(_, let context):
        return "\(path(context)): \(context.debugDescription)"
      case .dataCorrupted(let context): return "\(path(context)): not JSON"
      @unknown default: return "\(error)"
      }
    }
  }
}
