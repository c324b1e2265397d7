import Foundation
import TrackerModels

/// Parses a day known to be valid in a test.
func day(_ iso: String) -> Day {
  guard let parsed = try? Day(iso: iso) else { preconditionFailure("bad test day \(iso)") }
  return parsed
}

let homeCategory = TrackerCategory(
  id: UUID(uuidString: "00000000-0000-4000-8000-0000000000C1")!, title: "Home")

/// A habit due on `days`, created on `created`.
func habit(_ name: String, _ days: [Weekday], created: String = "2026-11-01", id: Int = 1) -> Tracker {
  Tracker(
    id: testID(id), name: name, emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
    categoryID: homeCategory.id, createdOn: day(created),
    kind: .habit(Schedule(WeekdaySet(days))!))
}

/// An irregular event created on `created`.
func event(_ name: String, created: String = "2026-11-01", id: Int = 1) -> Tracker {
  Tracker(
    id: testID(id), name: name, emoji: TrackerEmoji.all[1], color: TrackerColor.palette[1],
    categoryID: homeCategory.id, createdOn: day(created), kind: .event)
}

/// Records of `tracker` on the given ISO days.
func records(_ tracker: Tracker, _ days: [String]) -> [TrackerRecord] {
  days.map { TrackerRecord(trackerID: tracker.id, day: day($0)) }
}

/// A fixed id for test item `number`.
func testID(_ number: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
}

/// The streak figures of one tracker with the given record days.
func streak(_ tracker: Tracker, _ days: [String], today: String) -> TrackerStatistics {
  TrackerStatistics(tracker: tracker, recordDays: days.map(day), today: day(today))
}

let weekdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
