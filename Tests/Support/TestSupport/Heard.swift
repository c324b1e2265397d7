import Foundation

/// Values heard on any thread (the answers a completion handler was given), in the order they
/// came, for a test to read or wait on (`until`, `wait(within:until:)`).
public final class Heard<Value: Sendable>: Sendable {
  private let heard = Watched<[Value]>([])

  public init() {}

  public func add(_ value: Value) {
    heard.update { $0.append(value) }
  }

  public var all: [Value] { heard.value }

  /// Blocks until `holds` says yes of the values heard or `seconds` pass; whether it did.
  public func wait(within seconds: Double = 60, until holds: ([Value]) -> Bool) -> Bool {
    heard.wait(within: seconds, until: holds)
  }
}
