import Foundation
import TrackerModels
import TrackerStore

/// Issue 32's figures: the same 10-year, 200-tracker history with half its habits measurable (an
/// amount each record, at least or at most) or quota habits (3 a week, 12 a month), against the
/// yes/no history it was made from — the statistics in memory, and after one tap on a data file.
enum MeasuredBenchmark {
  static func run(history: SeededHistory, today: Day) throws {
    let mixed = try mixedHistory(history)
    let measuredCount = mixed.trackers.filter { $0.measure != .yesNo }.count
    let quotaCount = mixed.trackers.filter { $0.quota != nil }.count
    print(
      "\nMeasured and quota habits (\(measuredCount) measurable, \(quotaCount) quota habits of \(mixed.trackers.count); \(mixed.records.count) records)"
    )
    var figures: [String: (yesNo: UInt64, mixed: UInt64)] = [:]
    let plain = Measurement.median(runs: 5) {
      _ = Statistics(trackers: history.trackers, records: history.records, today: today)
    }
    let measured = Measurement.median(runs: 5) {
      _ = Statistics(trackers: mixed.trackers, records: mixed.records, today: today)
    }
    figures["statistics in memory"] = (plain, measured)
    for (name, source) in [("yes/no", history), ("mixed", mixed)] {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "tracker-measured-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let store = try SQLiteTrackerStore(
        path: folder.appendingPathComponent("tracker.sqlite").path, now: Date())
      try store.insert(
        StoreContents(categories: source.categories, trackers: source.trackers, records: source.records))
      // A yes/no weekday habit is tapped in both: what a user does most.
      let tracker = source.trackers.first { $0.measure == .yesNo && $0.quota == nil && $0.kind.isHabit }!
      let write = try Measurement.median(runs: 22) {
        try store.toggleRecord(trackerID: tracker.id, on: today)
      }
      let read = try Measurement.median(runs: 11) { _ = try store.statistics(asOf: today) }
      let old = figures["tap: write"]
      figures["tap: write"] = name == "yes/no" ? (write, 0) : (old?.yesNo ?? 0, write)
      let oldRead = figures["tap: statistics after it"]
      figures["tap: statistics after it"] = name == "yes/no" ? (read, 0) : (oldRead?.yesNo ?? 0, read)
    }
    for name in ["statistics in memory", "tap: write", "tap: statistics after it"] {
      guard let figure = figures[name] else { continue }
      let ratio = Double(figure.mixed) / Double(max(figure.yesNo, 1))
      print(
        "  \(name): yes/no \(Measurement.milliseconds(figure.yesNo)) ms, mixed \(Measurement.milliseconds(figure.mixed)) ms ("
          + String(format: "%.2f", ratio) + "×; target ≤ 1.2×)")
    }
  }

  /// `history` with every other habit made measurable (amounts around a target, one in three at
  /// most) or, every fourth, a quota habit.
  static func mixedHistory(_ history: SeededHistory) throws -> SeededHistory {
    var random = SplitMix64(seed: 32)
    var trackers = history.trackers
    var targets: [UUID: Int] = [:]
    for index in trackers.indices where trackers[index].kind.isHabit && index % 2 == 0 {
      if index % 8 == 0 {
        let quota = index % 16 == 0 ? Quota(3, per: .week)! : Quota(12, per: .month)!
        trackers[index].kind = .habit(Schedule(quota: quota))
      } else {
        let target = Int(random.next() % 20 + 1) * 1000
        let direction: MeasureDirection = index % 3 == 0 ? .atMost : .atLeast
        trackers[index].measure = .measurable(
          try MeasureGoal(unit: "km", target: Amount(thousandths: target)!, direction: direction))
        targets[trackers[index].id] = target
      }
    }
    let records = history.records.map { record in
      guard let target = targets[record.trackerID] else { return record }
      // Around the target: met about two days in three.
      let amount = Int(random.next() % UInt64(target * 3 / 2 + 1))
      return TrackerRecord(trackerID: record.trackerID, day: record.day, amount: Amount(thousandths: amount))
    }
    return SeededHistory(categories: history.categories, trackers: trackers, records: records)
  }
}
