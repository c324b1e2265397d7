import Foundation
import ModelTestSupport
import TrackerModels

let homeCategory = TrackerCategory(
  id: UUID(uuidString: "00000000-0000-4000-8000-0000000000C1")!, title: "Home")

/// A habit due on `days`, created on `created`.
func habit(_ name: String, _ days: [Weekday], created: String = "2026-11-01", id: Int = 1) -> Tracker {
  Tracker(
    id: ModelTestSupport.id(id), name: name, emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
    categoryID: homeCategory.id, createdOn: day(created),
    kind: .habit(Schedule(WeekdaySet(days))!))
}

/// An irregular event created on `created`.
func event(_ name: String, created: String = "2026-11-01", id: Int = 1) -> Tracker {
  Tracker(
    id: ModelTestSupport.id(id), name: name, emoji: TrackerEmoji.all[1], color: TrackerColor.palette[1],
    categoryID: homeCategory.id, createdOn: day(created), kind: .event)
}

/// Records of `tracker` on the given ISO days.
func records(_ tracker: Tracker, _ days: [String]) -> [TrackerRecord] {
  days.map { TrackerRecord(trackerID: tracker.id, day: day($0)) }
}

/// The streak figures of one tracker with the given record days.
func streak(_ tracker: Tracker, _ days: [String], today: String) -> TrackerStatistics {
  TrackerStatistics(tracker: tracker, recordDays: days.map(day), today: day(today))
}

let weekdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
