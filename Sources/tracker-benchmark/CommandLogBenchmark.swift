import Foundation
import TrackerModels
import TrackerStore
import TrackerSync

/// The command log at scale (issue 48: merging 1,000 extension commands under 0.5 s): 1,000
/// commands written one file each, as widgets' buttons write them, then merged into a SQLite file
/// of 100 habits in one transaction, each applied once.
enum CommandLogBenchmark {
  static func run(today: Day) throws {
    var appendTimes: [UInt64] = []
    var mergeTimes: [UInt64] = []
    for _ in 0..<5 {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "command-log-benchmark-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let store = try SQLiteTrackerStore(
        path: folder.appendingPathComponent("tracker.sqlite").path, now: Date())
      let category = TrackerCategory(id: UUID(), title: "All")
      let goal = try MeasureGoal(
        unit: "glasses", target: Amount(thousandths: 8000).orThrow("a target"), direction: .atLeast)
      let trackers = (0..<100).map { number in
        Tracker(
          id: UUID(), name: "Habit \(number)", emoji: TrackerEmoji.all[number % 18],
          color: TrackerColor.palette[number % 18], categoryID: category.id,
          createdOn: today.adding(days: -30),
          kind: .habit(.everyDay), measure: .measurable(goal))
      }
      try store.insert(StoreContents(categories: [category], trackers: trackers, records: []))
      let log = CommandLog(container: folder.path)
      let one = try Amount(thousandths: 1000).orThrow("one")
      let start = DispatchTime.now().uptimeNanoseconds
      for index in 0..<1000 {
        let command = HabitCommand(
          trackerID: trackers[index % 100].id, day: today.adding(days: -(index / 100)),
          action: .addAmount(one))
        try log.append([command])
      }
      appendTimes.append(DispatchTime.now().uptimeNanoseconds - start)
      let mergeStart = DispatchTime.now().uptimeNanoseconds
      let report = try log.merge(into: store)
      mergeTimes.append(DispatchTime.now().uptimeNanoseconds - mergeStart)
      guard report.applied.applied.count == 1000 else { throw MissingValue(what: "1,000 commands applied") }
    }
    print(
      "Command log, median of 5: 1,000 commands written one file each "
        + "\(Measurement.milliseconds(Measurement.median(appendTimes))) ms; merged into 100 habits on SQLite "
        + "\(Measurement.milliseconds(Measurement.median(mergeTimes))) ms (target < 500 ms)")
  }
}
