import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// How an import grows with the number of trackers, along the command line's two paths: into a
/// data file that does not exist yet (`import` tries the archive on an empty store in memory
/// first, so a refused file leaves no new file behind, then imports it into the new file) and
/// into an existing one. Linear means 4× the trackers cost about 4× the time (issue: at most 5×).
enum ImportScaleBenchmark {
  static func run(today: Day) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracker-benchmark-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    print("\nImport by number of trackers (10 records each), median of 3")
    var figures: [(count: Int, new: UInt64, existing: UInt64)] = []
    for count in [2_000, 8_000] {
      let archive = TrackerArchive.export(contents(trackers: count, today: today))
      var run = 0
      let new = try Measurement.median(runs: 3) {
        run += 1
        try InMemoryTrackerStore().importArchive(archive, today: today)
        let store = try SQLiteTrackerStore(
          path: folder.appendingPathComponent("new-\(count)-\(run).sqlite").path, now: Date())
        try store.importArchive(archive, today: today)
      }
      let existing = try Measurement.median(runs: 3) {
        run += 1
        let store = try SQLiteTrackerStore(
          path: folder.appendingPathComponent("existing-\(count)-\(run).sqlite").path, now: Date())
        try store.createCategory(TrackerCategory(id: UUID(), title: "Already here"))
        try store.importArchive(archive, today: today)
      }
      figures.append((count, new, existing))
      print(
        "  \(count) trackers: into a new file \(Measurement.milliseconds(new)) ms, "
          + "into an existing file \(Measurement.milliseconds(existing)) ms")
    }
    func ratio(_ pick: KeyPath<(count: Int, new: UInt64, existing: UInt64), UInt64>) -> String {
      String(format: "%.1f", Double(figures[1][keyPath: pick]) / Double(max(1, figures[0][keyPath: pick])))
    }
    print(
      "  8,000 ÷ 2,000 trackers: new file \(ratio(\.new))×, existing file \(ratio(\.existing))× "
        + "(linear: 4×; target ≤ 5×)")
  }

  /// `trackers` every-day habits in 20 categories, each done on its last 10 days.
  static func contents(trackers: Int, today: Day) -> StoreContents {
    let categories = (0..<20).map { TrackerCategory(id: UUID(), title: "Category \($0)") }
    var result = StoreContents(categories: categories, trackers: [], records: [])
    for number in 0..<trackers {
      let tracker = Tracker(
        id: UUID(), name: "Habit \(number)", emoji: TrackerEmoji.all[number % TrackerEmoji.all.count],
        color: TrackerColor.palette[number % TrackerColor.palette.count],
        categoryID: categories[number % categories.count].id, createdOn: today.adding(days: -30),
        kind: .habit(.everyDay))
      result.trackers.append(tracker)
      result.records += (1...10).map { TrackerRecord(trackerID: tracker.id, day: today.adding(days: -$0)) }
    }
    return result
  }
}
