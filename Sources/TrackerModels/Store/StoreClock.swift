import Foundation

/// What a store needs to know "today" by itself (docs/rules.md, "Completion": a day after today
/// cannot be completed): the clock and the user's time zone. The day start hour it reads from its
/// own settings. A store given one refuses a completion after today on every path that writes
/// one (the card, the grid, the edit screen's "more days", `done`), whoever calls it.
public struct StoreClock: Sendable {
  /// The current instant.
  public var now: @Sendable () -> Date
  /// The user's time zone.
  public var timeZone: TimeZone

  /// A clock with every part given.
  public init(now: @escaping @Sendable () -> Date, timeZone: TimeZone) {
    self.now = now
    self.timeZone = timeZone
  }

  /// Today as `settings` count it.
  public func today(_ settings: StoreSettings) -> Day {
    settings.dayStart.today(at: now(), in: timeZone)
  }
}
