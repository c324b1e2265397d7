import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

/// The two implementations the shared suite runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, memory

  var testDescription: String { rawValue }

  /// A fresh, empty store of this kind (a new file in a new temporary folder for SQLite).
  func makeStore(clock: StoreClock? = nil) throws -> any TrackerDataStore {
    switch self {
    case .sqlite:
      return try SQLiteTrackerStore(
        path: TemporaryFolder().path("tracker.sqlite"), now: fixedNow, clock: clock)
    case .memory: return InMemoryTrackerStore(clock: clock)
    }
  }
}

/// 2026-11-30 10:30 UTC, for names of files moved aside.
let fixedNow = Date(timeIntervalSince1970: 1_796_034_600)

let home = TrackerCategory(id: id(1), title: "Домашний уют")
let joys = TrackerCategory(id: id(2), title: "Радостные мелочи")

func habit(
  _ name: String, id number: Int, category: TrackerCategory = home, days: WeekdaySet = .everyDay,
  created: String = "2026-11-01"
) -> Tracker {
  Tracker(
    id: id(number), name: name, emoji: TrackerEmoji.all[number % 18],
    color: TrackerColor.palette[number % 18],
    categoryID: category.id, createdOn: day(created), kind: .habit(Schedule(days)!))
}

func event(_ name: String, id number: Int, category: TrackerCategory = home, created: String = "2026-11-01")
  -> Tracker
{
  Tracker(
    id: id(number), name: name, emoji: TrackerEmoji.all[number % 18],
    color: TrackerColor.palette[number % 18],
    categoryID: category.id, createdOn: day(created), kind: .event)
}

/// Collects the changes a store reports (a tracker store's by default, a to-do store's too).
typealias ChangeLog<Change: Sendable> = Heard<Change>
