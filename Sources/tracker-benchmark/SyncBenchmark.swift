import Foundation
import TrackerModels
import TrackerStore

/// Issue 33's figures: merging a year of another device's changes (200 trackers, about 70,000
/// entries) into a new data file, in a process of its own (`tracker-preview sync`), its time and
/// peak memory; and a sync of one new mark on a data file holding that year.
enum SyncBenchmark {
  static func run(today: Day) throws {
    print("Sync through a shared folder (200 trackers, a year of marks, synced monthly) …")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracker-sync-benchmark-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
      if ProcessInfo.processInfo.environment["SYNC_KEEP"] == nil {
        try? FileManager.default.removeItem(at: folder)
      }
    }
    let share = folder.appendingPathComponent("share").path
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)

    // The year is built by a process of its own: Linux reports a spawned child's peak memory as
    // at least this process's own at the spawn, so this one stays small until the merge is timed.
    guard LargeLoopImportBenchmark.child(["sync-prepare", folder.path], program: "tracker-benchmark") != nil
    else {
      print("  could not build the year (tracker-benchmark sync-prepare)")
      return
    }
    let entries = try String(contentsOf: folder.appendingPathComponent("entries.txt"), encoding: .utf8)
    print("  \(entries) entries in 12 logs")

    // A new device merges all of it, in a process of its own.
    let target = folder.appendingPathComponent("b.sqlite").path
    if let (time, peak) = LargeLoopImportBenchmark.child(["sync", "--store", target, "--folder", share]) {
      print(
        "  merging them into a new data file, tracker-preview sync: \(Measurement.milliseconds(time)) ms, "
          + "peak memory (ru_maxrss) \(peak / 1024) MiB (targets < 2,000 ms, < 100 MiB)")
    } else {
      print("  tracker-preview sync did not run or failed (is the release tracker-preview built?)")
    }

    // Daily use: one mark, then a sync, on the data file holding the year.
    let history = SeededHistory(trackerCount: 200, days: 365, today: today, seed: 2026)
    let source = try SQLiteTrackerStore(path: folder.appendingPathComponent("a.sqlite").path, now: Date())
    var clock = Date(timeIntervalSince1970: 1_764_000_000 + 13 * 30 * 86_400)
    guard let tracker = history.trackers.first else { return }
    var times: [UInt64] = []
    for offset in 0..<7 {
      try source.toggleRecord(trackerID: tracker.id, on: today.adding(days: 1 + offset))
      clock += 60
      times.append(try Measurement.duration { try source.sync(folder: share, now: clock) })
    }
    print(
      "  one new mark, then sync, on the year's data file: median of 7 \(Measurement.milliseconds(Measurement.median(times))) ms"
    )
  }

  /// `tracker-benchmark sync-prepare FOLDER`: the year on `FOLDER/a.sqlite`, synced monthly into
  /// `FOLDER/share`; the count of entries sent in `FOLDER/entries.txt`.
  static func prepare(folder: String, today: Day) throws {
    let share = (folder as NSString).appendingPathComponent("share")
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    let history = SeededHistory(trackerCount: 200, days: 365, today: today, seed: 2026)
    let source = try SQLiteTrackerStore(
      path: (folder as NSString).appendingPathComponent("a.sqlite"), now: Date())
    try source.insert(StoreContents(categories: history.categories, trackers: history.trackers, records: []))
    let byMonth = Dictionary(grouping: history.records) { $0.day.firstOfMonth }
    var entries = 0
    var clock = Date(timeIntervalSince1970: 1_764_000_000)
    for month in byMonth.keys.sorted() {
      try source.insert(
        StoreAdditions(StoreContents(categories: [], trackers: [], records: byMonth[month] ?? [])))
      clock += 30 * 86_400
      entries += try source.sync(folder: share, now: clock).changesOut
    }
    try Data(String(entries).utf8).write(
      to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("entries.txt")))
  }
}
