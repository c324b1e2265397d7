import Foundation
import TrackerLocalization
import TrackerModels

/// The tracker's environment: the store of habits, records and settings, and its own
/// dependencies (`TrackerDependencies`): the clock, analytics, notifications, the day start and
/// sync. Tests pass fixed values; only `live` touches the real clock.
public typealias AppEnvironment = StoreEnvironment<TrackerDependencies>

/// What the tracker's view models reach beside the store and the region.
public struct TrackerDependencies: EnvironmentDependencies {
  /// The current instant.
  public var now: @Sendable () -> Date
  /// Where usage events go.
  public var analytics: any AnalyticsService
  /// The system's local notifications (the daily reminder).
  public var notifications: any NotificationScheduler
  /// The store's day start hour, read once per change of the settings (shared by copies).
  public let dayStartCache = DayStartCache()
  /// The store's sync with a shared folder (docs/sync.md), when the store can sync (the data
  /// file; nil for the demo and in-memory stores, and Settings says sync is off). Shared by copies.
  public var sync: AppSync?

  /// The dependencies given, no sync.
  public init(
    now: @escaping @Sendable () -> Date, analytics: any AnalyticsService,
    notifications: any NotificationScheduler
  ) {
    self.now = now
    self.analytics = analytics
    self.notifications = notifications
  }

  public static func access(to store: any TrackerDataStore) -> StoreAccess<any TrackerDataStore, StoreChange>
  {
    StoreAccess(
      store, busyCut: AppEnvironment.busyCut,
      observe: { store, handler in store.observe(handler) },
      cutToWait: { (store, limit, body) throws(StoreError) in try store.waitingAtMost(limit, body) })
  }

  /// The sync's status reads (Settings' sync row).
  @MainActor public func settled() async { await sync?.settled() }
}

// The tracker's dependencies, read and written as the environment's own. Declared one by one
// (not by dynamic member lookup) so that a client's typo is "no member" of the environment and
// each member shows its own documentation.
extension AppEnvironment {
  /// The current instant.
  public var now: @Sendable () -> Date {
    get { dependencies.now }
    set { dependencies.now = newValue }
  }
  /// Where usage events go.
  public var analytics: any AnalyticsService {
    get { dependencies.analytics }
    set { dependencies.analytics = newValue }
  }
  /// The system's local notifications (the daily reminder).
  public var notifications: any NotificationScheduler {
    get { dependencies.notifications }
    set { dependencies.notifications = newValue }
  }
  /// The store's day start hour, read once per change of the settings (shared by copies).
  public var dayStartCache: DayStartCache { dependencies.dayStartCache }
  /// The store's sync with a shared folder (docs/sync.md), when the store can sync (the data
  /// file; nil for the demo and in-memory stores, and Settings says sync is off). Shared by copies.
  public var sync: AppSync? {
    get { dependencies.sync }
    set { dependencies.sync = newValue }
  }
}

extension AppEnvironment {
  /// An environment with every dependency given.
  public init(
    now: @escaping @Sendable () -> Date, timeZone: TimeZone, language: Language, store: any TrackerDataStore,
    analytics: any AnalyticsService, makeID: @escaping @MainActor @Sendable () -> UUID,
    notifications: any NotificationScheduler = StoredSettingScheduler()
  ) {
    self.init(
      region: RegionSettings(language: language, timeZone: timeZone), store: store, makeID: makeID,
      dependencies: TrackerDependencies(now: now, analytics: analytics, notifications: notifications))
  }

  /// The real clock, the given time zone and store, and random ids: what the app runs with.
  public static func live(
    timeZone: TimeZone, language: Language, store: any TrackerDataStore, analytics: any AnalyticsService,
    notifications: any NotificationScheduler = StoredSettingScheduler()
  ) -> AppEnvironment {
    AppEnvironment(
      now: { Date() },  // the live clock: the one place a view model's time comes from the real world
      timeZone: timeZone, language: language, store: store, analytics: analytics,
      makeID: { UUID() }, notifications: notifications)
  }

  /// A fixed world for tests, previews and snapshots: the clock stopped at `now`, no analytics
  /// unless given, and ids counted up from 00000000-0000-4000-8000-000000000001. Its store calls
  /// run as the app's do; each step is awaited (`AppFlow.settled()`), so two runs of the same
  /// steps give the same screens however loaded the machine is.
  public static func fixed(
    now: Date, timeZone: TimeZone, language: Language, store: any TrackerDataStore,
    analytics: any AnalyticsService = SilentAnalytics()
  ) -> AppEnvironment {
    let counter = IDCounter()
    return AppEnvironment(
      now: { now }, timeZone: timeZone, language: language, store: store, analytics: analytics,
      makeID: { counter.next() })
  }

  /// The user's time zone, which decides what "today" is (it may change while the app runs:
  /// `environmentChanged(language:timeZone:)`).
  @MainActor public var timeZone: TimeZone { region.timeZone }

  /// Today in the user's time zone, as the store's day start hour counts it (docs/rules.md): before
  /// that hour it is still the day before.
  @MainActor public var today: Day { dayStart.today(at: dependencies.now(), in: timeZone) }

  /// The hour the user's day starts at, as stored (midnight until it was read; the flow's launch
  /// reads it, and `dayStartRead()` does for a screen built on its own).
  @MainActor public var dayStart: DayStart { dependencies.dayStartCache.dayStart(through: access) }

  /// Reads the day start hour off the main actor unless it is known, and returns once it is: a
  /// screen built on its own (the command line's `list`, a widget's) awaits it before it asks
  /// for "today", as `AppFlow.launch` does with the settings.
  @MainActor public func dayStartRead() async { await dependencies.dayStartCache.read(through: access) }

  /// Call when the user chose another language for the app, or the system's time zone changed
  /// (`NSSystemTimeZoneDidChange`): every view model on this environment (or a copy of it) shows
  /// its texts in `language` and moves "today" to `timeZone`, with one new state each
  /// (`AppFlow.environmentChanged` does the same for the whole app, with one new view).
  @MainActor
  public func environmentChanged(language: Language, timeZone: TimeZone) {
    region.change(language: language, timeZone: timeZone)
  }
}

/// Counts ids up for `AppEnvironment.fixed` and `TodoEnvironment.fixed`, on the main actor, where
/// the view models make their ids.
@MainActor
package final class IDCounter {
  private var count: UInt64 = 0

  package nonisolated init() {}

  package func next() -> UUID {
    count += 1
    let value = count
    let bytes = (0..<6).map { UInt8(truncatingIfNeeded: value >> (8 * (5 - $0))) }
    return UUID(
      uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5]))
  }
}
