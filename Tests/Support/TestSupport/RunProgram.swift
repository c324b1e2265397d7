import Foundation

/// The built product `name` of this package (`tracker-preview`, `tracker-store-writer`): beside
/// the test bundle on Linux, in the bundle's folder on macOS.
public func builtProduct(_ name: String) -> URL {
  #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
    }
  #endif
  return Bundle.main.bundleURL.appendingPathComponent(name)
}

/// Runs `executable` with `arguments` to its end from `/`, with only `environment` set, feeding
/// it `input` (standard input ends at once without): its exit status and what it printed.
public func runProgram(
  _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil
) throws -> (status: Int32, output: String, error: String) {
  let ran = try launch(executable, arguments, environment: environment, input: input, timeout: nil)
  return (ran.status ?? -1, ran.output, ran.error)
}

/// The same, but gives up after `timeout` seconds (the program is stopped and `status` is nil): a
/// program that blocks fails the test instead of hanging it.
public func runProgram(
  _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
  timeout: TimeInterval
) throws -> (status: Int32?, output: String, error: String) {
  try launch(executable, arguments, environment: environment, input: input, timeout: timeout)
}

/// `runProgram` on a thread of its own, so that a program that waits long (the busy timeout)
/// does not hold up a thread of the tests' pool meanwhile: other tests run while it waits.
public func runProgramAside(
  _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil
) async throws -> (status: Int32, output: String, error: String) {
  try await aside { try runProgram(executable, arguments, environment: environment, input: input) }
}

/// Runs `body` on a thread of its own and hands back what it returned: a test that mostly waits
/// (for programs it started, a busy timeout, a slow server) does not hold up one of the tests'
/// pool threads — two on a 2-core machine — while it does, and other tests run meanwhile.
/// `body` must record no issue (`#expect`, `#require`): on its own thread it runs outside the
/// test, so an issue would be reported against no test. Return what it found and check it in the
/// test; an error it throws reaches the test.
public func aside<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

private func launch(
  _ executable: URL, _ arguments: [String], environment: [String: String], input: String?,
  timeout: TimeInterval?
) throws -> (status: Int32?, output: String, error: String) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.environment = environment
  process.currentDirectoryURL = URL(fileURLWithPath: "/")
  let output = Pipe()
  let error = Pipe()
  let standardInput = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = standardInput
  let ended = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in ended.signal() }
  try runRetryingWhileBusy(process)
  // Both read while it runs, so a full pipe never holds it up.
  let printed = [CollectedBytes(), CollectedBytes()]
  let readers = DispatchGroup()
  for (pipe, bytes) in zip([output, error], printed) {
    DispatchQueue.global().async(group: readers) {
      bytes.set(pipe.fileHandleForReading.readDataToEndOfFile())
    }
  }
  if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
  try standardInput.fileHandleForWriting.close()
  var inTime = true
  if let timeout {
    inTime = ended.wait(timeout: .now() + timeout) == .success
    if !inTime {
      process.terminate()
      ended.wait()
    }
  } else {
    ended.wait()
  }
  readers.wait()
  process.waitUntilExit()
  return (
    inTime ? process.terminationStatus : nil, String(decoding: printed[0].get(), as: UTF8.self),
    String(decoding: printed[1].get(), as: UTF8.self)
  )
}

/// Starts `process`, trying again for a moment while its executable is "busy" (ETXTBSY). A
/// program copied by this test process (`aCopiedBinaryStillSpeaksBothLanguages`) can be busy
/// for a moment after the copy is closed: a program another test started at the same time was
/// forked while the copy was open for writing, and its child holds that descriptor until its own
/// `exec`. Linux refuses to run a file open for writing anywhere, so the start waits that out.
private func runRetryingWhileBusy(_ process: Process) throws {
  var attempt = 0
  while true {
    do {
      try process.run()
      return
    } catch let error as NSError {
      let cause = error.userInfo[NSUnderlyingErrorKey] as? NSError
      let busy = cause?.domain == NSPOSIXErrorDomain && cause?.code == Int(ETXTBSY)
      attempt += 1
      guard busy, attempt < 100 else { throw error }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }
}

/// Bytes one thread writes and another reads.
private final class CollectedBytes: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func set(_ value: Data) {
    lock.lock()
    data = value
    lock.unlock()
  }

  func get() -> Data {
    lock.lock()
    defer { lock.unlock() }
    return data
  }
}
