import Foundation

/// Values heard on any thread (the answers a completion handler was given), in the order they
/// came, for a test to read.
public final class Heard<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Value] = []

  public init() {}

  public func add(_ value: Value) {
    lock.lock()
    values.append(value)
    lock.unlock()
  }

  public var all: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }
}
