import Foundation
import ModelTestSupport
import TrackerModels

/// An amount known to be valid in a test: "12.5".
func amount(_ text: String) -> Amount {
  guard let parsed = try? Amount(parsing: text) else { preconditionFailure("bad test amount \(text)") }
  return parsed
}

/// A goal known to be valid in a test.
func goal(_ unit: String, _ target: String, _ direction: MeasureDirection) -> MeasureGoal {
  guard let built = try? MeasureGoal(unit: unit, target: amount(target), direction: direction) else {
    preconditionFailure("bad test goal")
  }
  return built
}

/// `tracker` made measurable with `target` in `direction`.
func measured(_ tracker: Tracker, _ target: String, _ direction: MeasureDirection, unit: String = "km")
  -> Tracker
{
  var copy = tracker
  copy.measure = .measurable(goal(unit, target, direction))
  return copy
}

/// A quota habit, `count` times a `period`, created on `created`.
func quotaHabit(
  _ name: String, _ count: Int, per period: Quota.Period, created: String = "2026-11-02", id: Int = 1
) -> Tracker {
  Tracker(
    id: ModelTestSupport.id(id), name: name, emoji: TrackerEmoji.all[2], color: TrackerColor.palette[2],
    categoryID: homeCategory.id, createdOn: day(created),
    kind: .habit(Schedule(quota: Quota(count, per: period)!)))
}

/// Records of `tracker` with amounts: ["2026-11-30": "2.5"].
func amounts(_ tracker: Tracker, _ entries: KeyValuePairs<String, String>) -> [TrackerRecord] {
  entries.map { TrackerRecord(trackerID: tracker.id, day: day($0.key), amount: amount($0.value)) }
}

/// Days off of `tracker` on the given ISO days.
func daysOff(_ tracker: Tracker, _ days: [String]) -> [TrackerDayOff] {
  days.map { TrackerDayOff(trackerID: tracker.id, day: day($0)) }
}

/// The history of `tracker` with `records` and `daysOff`.
func history(_ tracker: Tracker, _ records: [TrackerRecord], off: [String] = []) -> TrackerHistory {
  TrackerHistory(tracker: tracker, records: records, daysOff: daysOff(tracker, off))
}
