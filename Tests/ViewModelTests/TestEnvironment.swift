import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TrackerViewModels

/// Records analytics events for assertions.
final class RecordingAnalytics: AnalyticsService, @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [AnalyticsEvent] = []

  func report(_ event: AnalyticsEvent) {
    lock.lock()
    recorded.append(event)
    lock.unlock()
  }

  var events: [AnalyticsEvent] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }
}

/// Hands out 00000000-0000-4000-8000-0000000001NN ids in order.
final class SequentialIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 100

  func make() -> UUID { id(count()) }

  /// The next number.
  func count() -> Int {
    lock.lock()
    defer { lock.unlock() }
    next += 1
    return next
  }
}

/// A fixed world: 2026-11-30 (a Monday) at noon in Moscow, an in-memory store, recorded analytics.
struct TestWorld {
  let store: InMemoryTrackerStore
  let analytics = RecordingAnalytics()
  let ids = SequentialIDs()
  var now: Date

  init(store: InMemoryTrackerStore = InMemoryTrackerStore(), now: String = "2026-11-30T09:00:00Z") {
    self.store = store
    self.now = ISO8601DateFormatter().date(from: now)!
  }

  func environment(_ language: Language) -> AppEnvironment { environment(language, store: store) }

  /// The world's environment on another store (a `FailingStore` over this world's store), as the
  /// app meets the store: the main actor waits for no call, and a test awaits `settled()`
  /// (`tapAndSettle`, `sendAndSettle`, `loaded`) where a step's store work must be in.
  func environment(_ language: Language, store: any TrackerDataStore) -> AppEnvironment {
    let instant = now
    let ids = self.ids
    return AppEnvironment(
      now: { instant }, timeZone: TimeZone(identifier: "Europe/Moscow")!, language: language, store: store,
      analytics: analytics, makeID: { ids.make() })
  }

  /// A world holding the demo data, onboarding done.
  static func demo(_ language: DemoData.Language = .russian) throws -> TestWorld {
    let demo = DemoData(today: day("2026-11-30"), language: language)
    let store = try InMemoryTrackerStore(
      contents: demo.contents,
      settings: StoreSettings(isOnboardingDone: true, filter: .all, lastChosenCategoryID: nil))
    return TestWorld(store: store)
  }
}

let home = TrackerCategory(id: id(1), title: "Домашний уют")
let joys = TrackerCategory(id: id(2), title: "Радостные мелочи")

func habit(
  _ name: String, id number: Int, category: TrackerCategory = home, days: WeekdaySet = .everyDay,
  created: String = "2026-11-01", pinned: Bool = false, emoji: Int = 0, color: Int = 0
) -> Tracker {
  Tracker(
    id: id(number), name: name, emoji: TrackerEmoji.all[emoji], color: TrackerColor.palette[color],
    categoryID: category.id, isPinned: pinned, createdOn: day(created), kind: .habit(Schedule(days)!))
}

func event(
  _ name: String, id number: Int, category: TrackerCategory = home, created: String = "2026-11-01",
  emoji: Int = 1, color: Int = 1
) -> Tracker {
  Tracker(
    id: id(number), name: name, emoji: TrackerEmoji.all[emoji], color: TrackerColor.palette[color],
    categoryID: category.id, createdOn: day(created), kind: .event)
}

/// A clock the test moves: "now" is whatever was set last.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var instant: Date

  init(_ iso: String) { instant = ISO8601DateFormatter().date(from: iso)! }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return instant
  }

  /// Moves the clock to `iso` (an ISO 8601 instant).
  func set(_ iso: String) {
    lock.lock()
    instant = ISO8601DateFormatter().date(from: iso)!
    lock.unlock()
  }
}

/// Every view a flow publishes, from the moment of creation on (followed by `until`).
@MainActor
final class PublishedViews {
  private let published = Recorded<AppView>()
  private var token: BindingToken?

  init(_ flow: AppFlow) {
    token = flow.observe { [published] view in published.values.append(view) }
  }

  var views: [AppView] { published.values }

  /// The last view published.
  var last: AppView? { views.last }

  /// Waits for a view after the first `count` that satisfies `condition`, woken by each view
  /// published (changes made off the main actor arrive on a later turn of it); nil when none came
  /// within a minute, however busy the main actor is with other tests.
  func next(after count: Int, where condition: (AppView) -> Bool) async -> AppView? {
    guard await until({ views.dropFirst(count).contains(where: condition) }) else { return nil }
    return views.dropFirst(count).first(where: condition)
  }
}

extension AppView {
  /// The main screen's state, when it is the base.
  var main: TrackersViewModel.State? {
    if case .trackers(let state) = base { return state }
    return nil
  }

  /// The statistics' state, when it is the base.
  var statistics: StatisticsViewModel.State? {
    if case .statistics(let state) = base { return state }
    return nil
  }

  /// The card called `name` on the main screen.
  func card(_ name: String) -> TrackersViewModel.Card? {
    main?.sections.flatMap(\.cards).first { $0.name == name }
  }
}
