import Foundation
import TrackerLocalization
import TrackerModels

/// Everything a view model may reach outside itself, passed in: the clock, the time zone, the
/// language, the store, analytics and id generation. Tests pass fixed values; only `live` touches
/// the real clock.
public struct AppEnvironment: StoreEnvironment {
  /// The current instant.
  public var now: @Sendable () -> Date
  /// The user's time zone, which decides what "today" is (it may change while the app runs:
  /// `environmentChanged(language:timeZone:)`).
  @MainActor public var timeZone: TimeZone { region.timeZone }
  /// The language and time zone, shared by copies: changing them re-labels every screen.
  public let region: RegionSettings
  /// Where trackers, records and settings live. View models never call it themselves: they go
  /// through `access`, off the main actor.
  public var store: any TrackerDataStore {
    get { access.store }
    set { access = access.with(store: newValue) }
  }
  /// How long a form's save waits for another program's lock before the form says the file is
  /// busy (and keeps what was typed): `AppEnvironment.busyCut` in the app; nil in a script, whose
  /// step waits as long as any write, so its outcome never depends on a lock held for a moment.
  public var formSaveWait: Duration? {
    get { access.busyCut }
    set { access = access.with(store: store, busyCut: newValue) }
  }
  /// The view models' way to the store: reads, writes and observation off the main actor (shared
  /// by copies).
  public private(set) var access: StoreAccess<any TrackerDataStore, StoreChange>
  /// Where usage events go.
  public var analytics: any AnalyticsService
  /// Makes ids for new trackers and categories (called on the main actor, where the screens are).
  public var makeID: @MainActor @Sendable () -> UUID
  /// The system's local notifications (the daily reminder).
  public var notifications: any NotificationScheduler
  /// How long a form's save waits for another program's lock before the form says the file is
  /// busy (and keeps what was typed).
  public static let busyCut: Duration = .milliseconds(100)
  /// The store's day start hour, read once per change of the settings (shared by copies).
  public let dayStartCache = DayStartCache()
  /// The store's sync with a shared folder (docs/sync.md), when the store can sync (the data
  /// file; nil for the demo and in-memory stores, and Settings says sync is off). Shared by copies.
  public var sync: AppSync?

  /// An environment with every dependency given. The main actor waits for no store call
  /// (docs/architecture.md, "The screen never freezes"): it hands each call off and hears of the
  /// outcome later; a script, a test or a client awaits `settled()` where it needs the outcome.
  public init(
    now: @escaping @Sendable () -> Date, timeZone: TimeZone, language: Language, store: any TrackerDataStore,
    analytics: any AnalyticsService, makeID: @escaping @MainActor @Sendable () -> UUID,
    notifications: any NotificationScheduler = StoredSettingScheduler()
  ) {
    self.notifications = notifications
    self.now = now
    region = RegionSettings(language: language, timeZone: timeZone)
    access = StoreAccess(
      store, busyCut: AppEnvironment.busyCut,
      observe: { store, handler in store.observe(handler) },
      cutToWait: { (store, limit, body) throws(StoreError) in try store.waitingAtMost(limit, body) })
    self.analytics = analytics
    self.makeID = makeID
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

  /// Today in the user's time zone, as the store's day start hour counts it (docs/rules.md): before
  /// that hour it is still the day before.
  @MainActor public var today: Day { dayStart.today(at: now(), in: timeZone) }

  /// The hour the user's day starts at, as stored (midnight until it was read; the flow's launch
  /// reads it, and `dayStartRead()` does for a screen built on its own).
  @MainActor public var dayStart: DayStart { dayStartCache.dayStart(through: access) }

  /// Reads the day start hour off the main actor unless it is known, and returns once it is: a
  /// screen built on its own (the command line's `list`, a widget's) awaits it before it asks
  /// for "today", as `AppFlow.launch` does with the settings.
  @MainActor public func dayStartRead() async { await dayStartCache.read(through: access) }

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
