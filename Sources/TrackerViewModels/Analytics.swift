/// A usage event (docs/rules.md): `open` and `close` of the main screen, and `click`s on it.
public struct AnalyticsEvent: Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public enum Kind: String, Sendable {
    case open, close, click
  }

  /// What was clicked.
  public enum Item: String, Sendable {
    case addTrack = "add_track"
    case track, filter, edit, delete
  }

  /// `open`, `close` or `click`.
  public var kind: Kind
  /// The screen, always "Main" for now.
  public var screen: String
  /// For clicks, what was clicked.
  public var item: Item?

  /// An event with every field given.
  public init(kind: Kind, screen: String = "Main", item: Item? = nil) {
    self.kind = kind
    self.screen = screen
    self.item = item
  }

  /// The event as the analytics backend receives it: `{event: click, screen: Main, item: track}`.
  public var parameters: [String: String] {
    var result = ["event": kind.rawValue, "screen": screen]
    if let item { result["item"] = item.rawValue }
    return result
  }

  public var description: String {
    "\(kind.rawValue) \(screen)" + (item.map { " \($0.rawValue)" } ?? "")
  }
}

/// Where usage events are sent. A native client wraps its analytics SDK; tests record.
public protocol AnalyticsService: Sendable {
  /// Sends one event.
  func report(_ event: AnalyticsEvent)
}

/// Analytics that go nowhere (the terminal has no backend).
public struct SilentAnalytics: AnalyticsService {
  public init() {}
  public func report(_ event: AnalyticsEvent) {}
}
