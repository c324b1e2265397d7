import CSQLite
import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// The store's figures on the large history: import, opening plus the first main screen, and the
/// statistics read from the file compared with SQLite computing them in SQL.
enum StoreBenchmark {
  static func run(history: SeededHistory, today: Day) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracker-benchmark-\(UUID().uuidString)")
    // TRACKER_BENCHMARK_KEEP=1 keeps the file for inspection.
    let keep = ProcessInfo.processInfo.environment["TRACKER_BENCHMARK_KEEP"] == "1"
    defer {
      if keep { print("  kept \(folder.path)") } else { try? FileManager.default.removeItem(at: folder) }
    }
    let path = folder.appendingPathComponent("tracker.sqlite").path
    let archive = TrackerArchive.export(
      StoreContents(categories: history.categories, trackers: history.trackers, records: history.records))
    print(
      "\nStore (SQLite file, \(history.records.count) records; archive \(archive.utf8.count / 1_000_000) MB)")

    // Import: parse, validate, insert in one transaction — into an empty file, timed whole; then
    // the phases once more on scratch files, to show where the time goes.
    // Each run imports into a new, empty file; the last one is kept for the figures below.
    var run = 0
    let importTime = try Measurement.median(runs: 3) {
      run += 1
      let runPath = run == 3 ? path : path + ".run\(run)"
      let fresh = try SQLiteTrackerStore(path: runPath, now: Date(timeIntervalSince1970: 0))
      try fresh.importArchive(archive, today: today)
    }
    let store = try SQLiteTrackerStore(path: path, now: Date(timeIntervalSince1970: 0))
    print(
      "  import of the whole archive into an empty file, median of 3: \(Measurement.milliseconds(importTime)) ms (target < 3000 ms)"
    )
    let parseTime = try Measurement.median(runs: 1) { _ = try JSONParser.parse(archive) }
    var decoded = StoreContents.empty
    let decodeTime = try Measurement.median(runs: 1) {
      decoded = try TrackerArchive.decode(archive, today: today, existing: .empty).get()
    }
    let scratch = try SQLiteTrackerStore(path: path + ".scratch", now: Date(timeIntervalSince1970: 0))
    let insertTime = try Measurement.median(runs: 1) { try scratch.insert(decoded) }
    print(
      "    of which: parse \(Measurement.milliseconds(parseTime)) ms; parse + check \(Measurement.milliseconds(decodeTime)) ms; insert \(Measurement.milliseconds(insertTime)) ms"
    )
    let exportTime = try Measurement.median(runs: 1) { _ = TrackerArchive.export(try store.contents()) }
    print("  export of the whole store: \(Measurement.milliseconds(exportTime)) ms")
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print("  file size: \(size / 1_000_000) MB")

    // Opening plus the first main screen: integrity check, migrations, trackers due today, which
    // are done, and the settings.
    var visible = 0
    var done = 0
    let openTime = Measurement.median(runs: 7) {
      guard let reopened = try? SQLiteTrackerStore(path: path, now: Date(timeIntervalSince1970: 0)) else {
        return
      }
      let trackers = (try? reopened.trackers(visibleOn: today)) ?? []
      done = ((try? reopened.completedTrackerIDs(on: today)) ?? []).count
      _ = try? reopened.settings()
      visible = trackers.count
    }
    print(
      "  open + first main screen (\(visible) trackers due, \(done) done), median of 7: \(Measurement.milliseconds(openTime)) ms (target < 100 ms)"
    )

    // Statistics from the file: our single pass vs. SQLite's recursive CTE.
    var ours = Statistics(trackers: [], records: [], today: today)
    let oursTime = Measurement.median(runs: 5) {
      let trackers = ((try? store.trackers()) ?? []).map(\.tracker)
      let records = (try? store.allRecords()) ?? []
      ours = Statistics(trackers: trackers, records: records, today: today)
    }
    var sql = (perfectDays: 0, completed: 0, average: 0.0)
    let sqlTime = try Measurement.median(runs: 3) { sql = try sqlStatistics(path: path, today: today) }
    let agree =
      sql.perfectDays == ours.perfectDays && sql.completed == ours.completed
      && abs(sql.average - ours.average) < 1e-9
    print(
      "  statistics from the file, ours (read + one pass), median of 5: \(Measurement.milliseconds(oursTime)) ms"
    )
    print(
      "  statistics in SQL (completed, average, perfect days), median of 3: \(Measurement.milliseconds(sqlTime)) ms"
    )
    print(
      "  ratio SQL / ours: \(String(format: "%.1f", Double(sqlTime) / Double(max(oursTime, 1))))× (target ≥ 2×)"
    )
    print(
      "  same figures: \(agree ? "yes" : "NO") — perfect days \(ours.perfectDays)/\(sql.perfectDays), completed \(ours.completed)/\(sql.completed), average \(ours.average)/\(sql.average)"
    )
  }

  /// Completed, average and perfect days computed by SQLite alone. Days are walked with a recursive
  /// CTE; a habit is due on day d from its first day when bit ((d + 3) mod 7) of its schedule is
  /// set (Monday is bit 0; 1970-01-01 was a Thursday). The stored first record day is used for
  /// first days, which is exact here because the history has no records after today.
  static let statisticsSQL = """
    WITH RECURSIVE
      habit(number, schedule, first) AS (
        SELECT number, schedule, MIN(created_day, COALESCE(first_record_day, created_day))
        FROM tracker WHERE schedule IS NOT NULL),
      days(d) AS (
        SELECT MIN(first) FROM habit WHERE (SELECT COUNT(*) FROM habit) > 0
        UNION ALL SELECT d + 1 FROM days WHERE d < ?1),
      due(d, number) AS (
        SELECT days.d, habit.number FROM days JOIN habit
        ON habit.first <= days.d AND (habit.schedule >> ((days.d + 3) % 7)) & 1),
      perfect(d) AS (
        SELECT due.d FROM due LEFT JOIN record ON record.tracker = due.number AND record.day = due.d
        GROUP BY due.d HAVING COUNT(*) = COUNT(record.day))
    SELECT
      (SELECT COUNT(*) FROM perfect),
      (SELECT COUNT(*) FROM record WHERE day <= ?1),
      (SELECT COALESCE(COUNT(*) * 1.0 / NULLIF(COUNT(DISTINCT day), 0), 0) FROM record WHERE day <= ?1)
    """

  static func sqlStatistics(path: String, today: Day) throws -> (
    perfectDays: Int, completed: Int, average: Double
  ) {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
      throw BenchmarkError(message: "cannot open \(path)")
    }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(handle, statisticsSQL, -1, &statement, nil) == SQLITE_OK else {
      throw BenchmarkError(message: String(cString: sqlite3_errmsg(handle)))
    }
    sqlite3_bind_int64(statement, 1, Int64(today.daysSinceEpoch))
    guard sqlite3_step(statement) == SQLITE_ROW else {
      throw BenchmarkError(message: String(cString: sqlite3_errmsg(handle)))
    }
    return (
      Int(sqlite3_column_int64(statement, 0)), Int(sqlite3_column_int64(statement, 1)),
      sqlite3_column_double(statement, 2)
    )
  }
}

struct BenchmarkError: Error {
  let message: String
}
