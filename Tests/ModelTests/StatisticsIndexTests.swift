import Foundation
import Testing
import TrackerModels

/// The incremental statistics agree with a full computation after every step of thousands of
/// random edit sequences: toggles (back-dated, before creation, in the future), trackers created,
/// edited (schedule and kind) and deleted, imports, and today moving in both directions.
@Suite("Incremental statistics")
struct StatisticsIndexTests {
  /// The store as the index is told about it, for the full computation to read.
  struct Model {
    var trackers: [Tracker] = []
    var days: [UUID: Set<Day>] = [:]

    var records: [TrackerRecord] {
      trackers.flatMap { tracker in
        (days[tracker.id] ?? []).map { TrackerRecord(trackerID: tracker.id, day: $0) }
      }.sorted { $0.day < $1.day }
    }
  }

  static func randomKind(_ random: inout SeededGenerator) -> TrackerKind {
    Int.random(in: 0..<4, using: &random) == 0
      ? .event : .habit(Schedule(WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &random)))!)
  }

  @Test(arguments: 0..<1000)
  func agreesWithAFullComputationAfterEveryStep(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) + 77)
    let origin = day("2027-12-20")  // a year end and the leap day 2028-02-29 within reach
    var today = origin.adding(days: 40)
    var model = Model()
    var index = StatisticsIndex(trackers: [], records: [], today: today)
    var nextID = 1
    func newTracker(_ random: inout SeededGenerator) -> Tracker {
      defer { nextID += 1 }
      return Tracker(
        id: testID(nextID), name: "T\(nextID)", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: homeCategory.id, createdOn: origin.adding(days: Int.random(in: 0...60, using: &random)),
        kind: Self.randomKind(&random))
    }
    for step in 0..<80 {
      let action = Int.random(in: 0..<100, using: &random)
      if model.trackers.isEmpty || action < 8 {
        let tracker = newTracker(&random)
        model.trackers.append(tracker)
        index.setTracker(tracker)
      } else if action < 12 {
        // An import: a tracker with a history at once.
        let tracker = newTracker(&random)
        var days = Set<Day>()
        for offset in -5...60 where Bool.random(using: &random) {
          days.insert(tracker.createdOn.adding(days: offset))
        }
        model.trackers.append(tracker)
        model.days[tracker.id] = days
        // The screen reads the store again after an import.
        index = StatisticsIndex(trackers: model.trackers, records: model.records, today: today)
      } else if action < 16 {
        let victim = model.trackers.remove(at: Int.random(in: 0..<model.trackers.count, using: &random))
        model.days[victim.id] = nil
        index.removeTracker(id: victim.id)
      } else if action < 24 {
        let position = Int.random(in: 0..<model.trackers.count, using: &random)
        model.trackers[position].kind = Self.randomKind(&random)
        index.setTracker(model.trackers[position])
      } else if action < 30 {
        today = today.adding(days: Int.random(in: -3...5, using: &random))
        index.setToday(today)
      } else {
        let tracker = model.trackers[Int.random(in: 0..<model.trackers.count, using: &random)]
        let day = tracker.createdOn.adding(days: Int.random(in: -8...70, using: &random))
        let isDone = !(model.days[tracker.id]?.contains(day) ?? false)
        if isDone {
          model.days[tracker.id, default: []].insert(day)
        } else {
          model.days[tracker.id]?.remove(day)
        }
        index.setRecord(trackerID: tracker.id, on: day, isDone: isDone)
      }
      let expected = Statistics(trackers: model.trackers, records: model.records, today: today)
      let actual = index.statistics
      #expect(actual == expected, "seed \(seed), step \(step)")
      if actual != expected { return }
    }
  }

  @Test func aToggleChangesOnlyWhatItShould() {
    let run = habit("Run", [.monday, .wednesday], created: "2026-11-02")
    var index = StatisticsIndex(
      trackers: [run], records: records(run, ["2026-11-02", "2026-11-04"]), today: day("2026-11-09"))
    #expect(index.statistics.trackers[0].currentStreak == 2)
    index.setRecord(trackerID: run.id, on: day("2026-11-09"), isDone: true)
    #expect(index.statistics.trackers[0].currentStreak == 3)
    #expect(index.statistics.perfectDays == 3)
    index.setRecord(trackerID: run.id, on: day("2026-11-04"), isDone: false)
    #expect(
      index.statistics.trackers[0]
        == TrackerStatistics(trackerID: run.id, completed: 2, currentStreak: 1, bestStreak: 1))
    index.setToday(day("2026-11-12"))  // Wednesday the 11th was missed
    #expect(index.statistics.trackers[0].currentStreak == 0)
  }
}
