import Foundation
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

  func make() -> UUID {
    lock.lock()
    defer { lock.unlock() }
    next += 1
    return id(next)
  }
}

func id(_ number: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
}

func day(_ iso: String) -> Day {
  guard let parsed = try? Day(iso: iso) else { preconditionFailure("bad test day \(iso)") }
  return parsed
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

  func environment(_ language: Language) -> AppEnvironment {
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
      contents: StoreContents(categories: demo.categories, trackers: demo.trackers, records: demo.records),
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
