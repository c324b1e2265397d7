import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1, inside the test process: it serves what `respond` says
/// for each request (status, body, a delay before answering) and records the requests. Tests never
/// reach the internet.
public final class LocalHTTPServer: @unchecked Sendable {
  public struct Response: Sendable {
    public var status: Int
    public var body: String
    public var delay: TimeInterval
    /// When set, the body is sent one byte at a time with this pause between bytes (a server that
    /// keeps a connection alive without ever finishing).
    public var trickle: TimeInterval = 0
    /// Header lines sent besides the content's type and length (a redirect's `Location`).
    public var headers: [String: String] = [:]

    /// `body` with `status`, sent after `delay` seconds.
    public init(status: Int = 200, body: String, delay: TimeInterval = 0) {
      self.status = status
      self.body = body
      self.delay = delay
    }
  }

  /// The request line's target ("/todos?limit=10&skip=30") for each request, in order.
  public var requests: [String] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  public let port: UInt16
  public var url: URL { URL(string: "http://127.0.0.1:\(port)/todos")! }

  private let socket: Int32
  private let respond: @Sendable (String) -> Response
  private let lock = NSLock()
  private var received: [String] = []
  private var isStopped = false

  /// Listens on a free port and answers each request with `respond(target)`.
  public init(_ respond: @escaping @Sendable (String) -> Response) throws {
    self.respond = respond
    #if canImport(Glibc)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw POSIXError(.EMFILE) }
    self.socket = socket
    // No SO_REUSEADDR: with it Linux may give two sockets binding port 0 at the same moment the
    // same port, and one test's requests reach another test's server (a pagination test's tasks
    // came back to the request-count test once in a full run). A free port needs no reuse.
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socket, 16) == 0 else {
      close(socket)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    self.port = UInt16(bigEndian: address.sin_port)
    Thread { [self] in acceptLoop() }.start()
  }

  /// Stops listening; requests after this are refused by the system.
  public func stop() {
    lock.lock()
    let wasStopped = isStopped
    isStopped = true
    lock.unlock()
    guard !wasStopped else { return }
    // Shut down, not closed: the accept loop closes it (below).
    shutdown(socket, Int32(SHUT_RDWR))
  }

  deinit { stop() }

  /// Accepts until the socket is shut down, then closes it. Closed by `stop` instead, its number
  /// could go to a socket another test opens before this loop's next `accept` (a server stopped
  /// as soon as it is made, for an address nobody listens on), and this server would answer that
  /// test's requests: a to-do test's tasks came back as an empty body once its tool ran inside the
  /// test process, which opens and closes descriptors all the time.
  private func acceptLoop() {
    defer { close(socket) }
    while true {
      let client = accept(socket, nil, nil)
      if client >= 0 {
        Thread { [self] in serve(client) }.start()
      } else if errno != EINTR {
        return
      }
    }
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    var request = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.containsHeaderEnd {
      let count = read(client, &buffer, buffer.count)
      guard count > 0 else { return }
      request += buffer[0..<count]
    }
    let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
    let parts = line.split(separator: " ")
    let target = parts.count > 1 ? String(parts[1]) : ""
    lock.lock()
    received.append(target)
    lock.unlock()
    let response = respond(target)
    if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
    let body = Array(response.body.utf8)
    let head =
      "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Status")\r\n"
      + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
      + response.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n"
    if response.trickle > 0 {
      var chunks = [Array(head.utf8)] + body.map { [$0] }
      while !chunks.isEmpty {
        let chunk = chunks.removeFirst()
        let count = chunk.withUnsafeBufferPointer {
          send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard count > 0 else { return }
        Thread.sleep(forTimeInterval: response.trickle)
      }
      return
    }
    let bytes = Array(head.utf8) + body
    var sent = 0
    while sent < bytes.count {
      // MSG_NOSIGNAL: a client that gave up (a timeout test) must not kill the test process with SIGPIPE.
      let count = bytes[sent...].withUnsafeBufferPointer {
        send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return }
      sent += count
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate var containsHeaderEnd: Bool {
    count >= 4
      && (0...(count - 4)).contains {
        self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
      }
  }
}

/// A page of the dummyjson shape.
public func todosPage(_ items: [(id: Int, text: String, done: Bool)], total: Int, skip: Int, limit: Int)
  -> String
{
  let todos = items.map { item in
    let text = String(data: try! JSONSerialization.data(withJSONObject: [item.text]), encoding: .utf8)!
      .dropFirst().dropLast()
    return #"{"id": \#(item.id), "todo": \#(text), "completed": \#(item.done), "userId": 7}"#
  }
  return
    #"{"todos": [\#(todos.joined(separator: ", "))], "total": \#(total), "skip": \#(skip), "limit": \#(limit)}"#
}
