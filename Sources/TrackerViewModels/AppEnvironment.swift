import Foundation
import TrackerLocalization
import TrackerModels

/// Everything a view model may reach outside itself, passed in: the clock, the time zone, the
/// language, the store, analytics and id generation. Tests pass fixed values; only `live` touches
/// the real clock.
public struct AppEnvironment: Sendable {
  /// The current instant.
  public var now: @Sendable () -> Date
  /// The user's time zone, which decides what "today" is.
  public var timeZone: TimeZone
  /// The language texts are shown in.
  public var language: Language
  /// Where trackers, records and settings live.
  public var store: any TrackerDataStore
  /// Where usage events go.
  public var analytics: any AnalyticsService
  /// Makes ids for new trackers and categories.
  public var makeID: @Sendable () -> UUID

  /// An environment with every dependency given.
  public init(
    now: @escaping @Sendable () -> Date, timeZone: TimeZone, language: Language, store: any TrackerDataStore,
    analytics: any AnalyticsService, makeID: @escaping @Sendable () -> UUID
  ) {
    self.now = now
    self.timeZone = timeZone
    self.language = language
    self.store = store
    self.analytics = analytics
    self.makeID = makeID
  }

  /// The real clock, the given time zone and store, and random ids: what the app runs with.
  public static func live(
    timeZone: TimeZone, language: Language, store: any TrackerDataStore, analytics: any AnalyticsService
  ) -> AppEnvironment {
    AppEnvironment(
      now: { Date() },  // the live clock: the one place a view model's time comes from the real world
      timeZone: timeZone, language: language, store: store, analytics: analytics,
      makeID: { UUID() })
  }

  /// Today in the user's time zone.
  public var today: Day { Day(now(), in: timeZone) }

  /// The texts of the environment's language.
  public var localizer: Localizer { Localizer(language) }
}
