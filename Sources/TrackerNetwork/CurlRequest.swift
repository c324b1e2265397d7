import TodoModels

#if !canImport(Darwin)
  import Foundation
  import TrackerModels

  #if canImport(Glibc)
    import Glibc
  #endif

  /// One HTTP GET through libcurl's easy interface, on a thread of its own: Linux's `URLSession`
  /// (FoundationNetworking) keeps a processor core busy while it waits for an answer — a
  /// write-readiness source it registers while connecting is never removed, so the socket, always
  /// writable, wakes it again and again (3.0 s user and 11.9 s system time in a 15 s wait).
  /// `curl_easy_perform` waits in `poll(2)` with a timeout: a blocked wait that costs nothing.
  ///
  /// libcurl is the library FoundationNetworking itself links (`libcurl.so.4`), loaded with
  /// `dlopen` when the first request starts: no headers, no package, and no program of the package
  /// loads it (with the thirty libraries it needs) at its start. `curl_easy_setopt` and `curl_easy_getinfo` take C variadic
  /// arguments; they are called through fixed prototypes of one integer or pointer argument,
  /// which the Linux calling conventions (x86-64 and AArch64) pass exactly as a variadic call does.
  final class CurlRequest: Sendable {
    /// What came back: the HTTP status and the body.
    struct Answer {
      let status: Int
      let body: Data
    }

    /// The most a body may hold; a larger answer is refused.
    static let largestBody = 64 << 20

    /// What the request's thread and its callers share.
    private struct Progress: Sendable {
      var cancelled = false
      var finished = false
      var body = Data()
      var bodyTooLarge = false
    }
    private let progress = Locked(Progress())

    /// Whether the request is still waiting for its answer.
    var isRunning: Bool { !progress.value.finished }

    /// Asks the running request to stop; its completion is still called (with `.timedOut`).
    func cancel() { progress.withLock { $0.cancelled = true } }

    /// Starts a GET of `url` that ends within `timeout` seconds; `completion` gets the answer or
    /// the failure, once, on the request's thread. Nil when libcurl cannot be loaded.
    static func start(
      _ url: URL, accept: String, timeout: TimeInterval, address: String,
      completion: @escaping @Sendable (Result<Answer, TodoLoadError>) -> Void
    ) -> CurlRequest? {
      guard let curl = Curl.library else { return nil }
      let request = CurlRequest()
      let thread = Thread {
        let result = request.perform(curl, url, accept: accept, timeout: timeout, address: address)
        request.progress.withLock { $0.finished = true }
        completion(result)
      }
      thread.name = "TrackerNetwork.CurlRequest"
      thread.start()
      return request
    }

    private var isCancelled: Bool { progress.value.cancelled }

    private func perform(_ curl: Curl, _ url: URL, accept: String, timeout: TimeInterval, address: String)
      -> Result<Answer, TodoLoadError>
    {
      guard let handle = curl.easyInit() else { return .failure(.other("libcurl could not start a request")) }
      defer { curl.easyCleanup(handle) }
      let headers = curl.slistAppend(nil, "Accept: \(accept)")
      defer { curl.slistFreeAll(headers) }
      let context = Unmanaged.passRetained(self)
      defer { context.release() }
      let milliseconds = Int(max(1, timeout) * 1000)
      let options: [(Int32, Curl.Value)] = [
        (Curl.optionURL, .text(url.absoluteString)),
        (Curl.optionHTTPHeader, .pointer(UnsafeMutableRawPointer(headers))),
        (Curl.optionTimeoutMS, .integer(milliseconds)),
        (Curl.optionConnectTimeoutMS, .integer(milliseconds)),
        // Threads: no signals for timeouts (SIGALRM would reach the whole process).
        (Curl.optionNoSignal, .integer(1)),
        (Curl.optionFollowLocation, .integer(1)),
        (Curl.optionMaxRedirects, .integer(10)),
        (Curl.optionProtocols, .integer(Curl.protocolHTTP | Curl.protocolHTTPS)),
        (Curl.optionRedirectProtocols, .integer(Curl.protocolHTTP | Curl.protocolHTTPS)),
        (Curl.optionAcceptEncoding, .text("")),
        (Curl.optionWriteFunction, .pointer(unsafeBitCast(Curl.receive, to: UnsafeMutableRawPointer.self))),
        (Curl.optionWriteData, .pointer(context.toOpaque())),
        (Curl.optionNoProgress, .integer(0)),
        (
          Curl.optionTransferInfoFunction,
          .pointer(unsafeBitCast(Curl.progress, to: UnsafeMutableRawPointer.self))
        ),
        (Curl.optionTransferInfoData, .pointer(context.toOpaque())),
      ]
      for (option, value) in options {
        let code = curl.set(handle, option, value)
        guard code == 0 else { return .failure(.other(curl.describe(code))) }
      }
      let code = curl.easyPerform(handle)
      if code != 0 {
        return .failure(failure(code, curl, handle, address: address))
      }
      return .success(
        Answer(status: curl.information(handle, Curl.infoResponseCode), body: progress.value.body))
    }

    /// A libcurl failure in the loader's terms.
    private func failure(_ code: Int32, _ curl: Curl, _ handle: OpaquePointer, address: String)
      -> TodoLoadError
    {
      switch code {
      case Curl.errorOperationTimedOut: return .timedOut
      case Curl.errorAbortedByCallback: return .timedOut
      case Curl.errorWrite where progress.value.bodyTooLarge:
        return .malformed("$: larger than \(Self.largestBody >> 20) MiB")
      case Curl.errorCouldNotConnect:
        // The host was found and answered, but nothing accepted the connection.
        return curl.information(handle, Curl.infoOSErrno) == Int(ECONNREFUSED) ? .refused(address) : .offline
      case Curl.errorCouldNotResolveHost, Curl.errorCouldNotResolveProxy, Curl.errorReceive, Curl.errorSend:
        return .offline
      default: return .other(curl.describe(code))
      }
    }

    /// Takes `count` bytes of the body; false when the body would grow past `largestBody`.
    fileprivate func take(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
      progress.withLock { progress in
        guard progress.body.count + count <= Self.largestBody else {
          progress.bodyTooLarge = true
          return false
        }
        progress.body.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
        return true
      }
    }

    /// Whether libcurl should stop (the load's deadline passed).
    fileprivate var shouldStop: Bool { isCancelled }
  }

  /// The libcurl functions the request uses, found once in the loaded library.
  private struct Curl: @unchecked Sendable {
    // Safe: it holds only the addresses of a loaded library's functions, set once when found and
    // never changed; C function pointers are not `Sendable` to the compiler.
    typealias EasyInit = @convention(c) () -> OpaquePointer?
    typealias EasyHandleCall = @convention(c) (OpaquePointer?) -> Int32
    typealias EasyCleanup = @convention(c) (OpaquePointer?) -> Void
    typealias SetInteger = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    typealias SetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    typealias GetInteger = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int>) -> Int32
    typealias DescribeError = @convention(c) (Int32) -> UnsafePointer<CChar>?
    typealias SlistAppend = @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?
    typealias SlistFreeAll = @convention(c) (OpaquePointer?) -> Void
    typealias Receive = @convention(c) (UnsafeRawPointer?, Int, Int, UnsafeMutableRawPointer?) -> Int
    typealias Progress = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32

    /// An option's value: a number, a text (copied by libcurl) or a pointer.
    enum Value {
      case integer(Int)
      case text(String)
      case pointer(UnsafeMutableRawPointer?)
    }

    // Options (curl.h: LONG 0, OBJECTPOINT 10000, FUNCTIONPOINT 20000, plus the number).
    static let optionWriteData: Int32 = 10001
    static let optionURL: Int32 = 10002
    static let optionWriteFunction: Int32 = 20011
    static let optionHTTPHeader: Int32 = 10023
    static let optionNoProgress: Int32 = 43
    static let optionFollowLocation: Int32 = 52
    static let optionTransferInfoData: Int32 = 10057
    static let optionMaxRedirects: Int32 = 68
    static let optionNoSignal: Int32 = 99
    static let optionAcceptEncoding: Int32 = 10102
    static let optionTimeoutMS: Int32 = 155
    static let optionConnectTimeoutMS: Int32 = 156
    static let optionProtocols: Int32 = 181
    static let optionRedirectProtocols: Int32 = 182
    static let optionTransferInfoFunction: Int32 = 20219
    static let protocolHTTP = 1
    static let protocolHTTPS = 2
    // Information (CURLINFO_LONG 0x200000 plus the number).
    static let infoResponseCode: Int32 = 0x20_0002
    static let infoOSErrno: Int32 = 0x20_0019
    // Results.
    static let errorCouldNotResolveProxy: Int32 = 5
    static let errorCouldNotResolveHost: Int32 = 6
    static let errorCouldNotConnect: Int32 = 7
    static let errorWrite: Int32 = 23
    static let errorOperationTimedOut: Int32 = 28
    static let errorAbortedByCallback: Int32 = 42
    static let errorSend: Int32 = 55
    static let errorReceive: Int32 = 56

    let easyInit: EasyInit
    let easyPerform: EasyHandleCall
    let easyCleanup: EasyCleanup
    let setInteger: SetInteger
    let setPointer: SetPointer
    let getInteger: GetInteger
    let describeError: DescribeError
    let slistAppendFunction: SlistAppend
    let slistFreeAll: SlistFreeAll

    /// libcurl, loaded once; nil when it cannot be.
    static let library: Curl? = Curl()

    private init?() {
      // The same library under the names Debian and Ubuntu give its builds on other TLS libraries
      // (the one `git` depends on is libcurl-gnutls): a machine may have one of them only.
      let names = ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4"]
      guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first else { return nil }
      func symbol<Function>(_ name: String, _: Function.Type) -> Function? {
        dlsym(library, name).map { unsafeBitCast($0, to: Function.self) }
      }
      guard let easyInit = symbol("curl_easy_init", EasyInit.self),
        let easyPerform = symbol("curl_easy_perform", EasyHandleCall.self),
        let easyCleanup = symbol("curl_easy_cleanup", EasyCleanup.self),
        let setInteger = symbol("curl_easy_setopt", SetInteger.self),
        let setPointer = symbol("curl_easy_setopt", SetPointer.self),
        let getInteger = symbol("curl_easy_getinfo", GetInteger.self),
        let describeError = symbol("curl_easy_strerror", DescribeError.self),
        let slistAppend = symbol("curl_slist_append", SlistAppend.self),
        let slistFreeAll = symbol("curl_slist_free_all", SlistFreeAll.self)
      else { return nil }
      self.easyInit = easyInit
      self.easyPerform = easyPerform
      self.easyCleanup = easyCleanup
      self.setInteger = setInteger
      self.setPointer = setPointer
      self.getInteger = getInteger
      self.describeError = describeError
      self.slistAppendFunction = slistAppend
      self.slistFreeAll = slistFreeAll
    }

    /// Sets `option` of `handle` to `value`; libcurl's result code.
    func set(_ handle: OpaquePointer, _ option: Int32, _ value: Value) -> Int32 {
      switch value {
      case .integer(let number): return setInteger(handle, option, number)
      case .text(let text): return text.withCString { setPointer(handle, option, $0) }
      case .pointer(let pointer): return setPointer(handle, option, pointer)
      }
    }

    /// An integer of what `handle` did (its status, the system's error); 0 when not known.
    func information(_ handle: OpaquePointer, _ info: Int32) -> Int {
      var value = 0
      return getInteger(handle, info, &value) == 0 ? value : 0
    }

    /// `list` with `text` appended (a new list when `list` is nil).
    func slistAppend(_ list: OpaquePointer?, _ text: String) -> OpaquePointer? {
      text.withCString { slistAppendFunction(list, $0) }
    }

    /// libcurl's words for result `code`.
    func describe(_ code: Int32) -> String {
      describeError(code).map { String(cString: $0) } ?? "libcurl error \(code)"
    }

    /// CURLOPT_WRITEFUNCTION: hands the bytes to the request; fewer than given stops the transfer.
    static let receive: Receive = { bytes, size, count, context in
      guard let bytes, let context else { return 0 }
      let request = Unmanaged<CurlRequest>.fromOpaque(context).takeUnretainedValue()
      return request.take(bytes, size * count) ? size * count : 0
    }

    /// CURLOPT_XFERINFOFUNCTION: libcurl asks, at least once a second, whether to go on.
    static let progress: Progress = { context, _, _, _, _ in
      guard let context else { return 1 }
      return Unmanaged<CurlRequest>.fromOpaque(context).takeUnretainedValue().shouldStop ? 1 : 0
    }
  }
#endif
