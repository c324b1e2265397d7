import CSQLite
import Foundation
import TrackerImports
import TrackerModels
import TrackerStore

/// The figures of issue 29's large Loop backups: 25,000 and 100,000 habits, 100,000 habits
/// sharing one uuid and one name (imported in this process), and 5 million check-marks imported by `tracker-preview`
/// in a process of its own, its peak memory read from `wait4`'s `ru_maxrss`.
enum LargeLoopImportBenchmark {
  static func run(today: Day) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracker-large-loop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    print("\nLarge Loop backups (issue 29)")
    let titles = ForeignTitles(loop: "Loop", loopArchive: "Loop · archive", habitBull: "HabitBull")
    // 25,000 then 100,000 habits: four times the habits should take about four times as long.
    for (count, sharing) in [(25_000, false), (100_000, false), (100_000, true)] {
      let path = folder.appendingPathComponent("habits-\(count)-\(sharing).db").path
      try writeBackup(to: path, habits: count, days: 1, today: today, oneUUID: sharing)
      let store = try SQLiteTrackerStore(path: path + ".tracker", now: Date())
      var trackers = 0
      let time = try Measurement.duration {
        guard let file = try OtherTrackerFile.read(file: path, today: today)?.get() else { return }
        trackers = try store.importForeign(file, titles: titles, today: today).added.trackers.count
      }
      print(
        "  \(count) habits\(sharing ? " sharing one uuid and one name" : ""): read + map + insert \(Measurement.milliseconds(time)) ms (\(trackers) trackers)"
      )
    }
    let path = folder.appendingPathComponent("checkmarks.db").path
    try writeBackup(to: path, habits: 1_000, days: 5_000, today: today, oneUUID: false)
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let store = folder.appendingPathComponent("checkmarks.tracker").path
    if let (time, peak) = child(["import", path, "--store", store, "--today", today.iso]) {
      print(
        "  5,000,000 check-marks (1,000 habits × 5,000 days, backup \(size / 1_000_000) MB), tracker-preview import: \(Measurement.milliseconds(time)) ms, peak memory (ru_maxrss) \(peak / 1024) MiB (target ≤ 150 MiB, as our archive)"
      )
    }
  }

  /// Writes a Loop backup of version 25: `habits` every-day habits (named "Habit N", or all
  /// "Habit" with one uuid when `oneUUID`), each checked on the `days` days up to `today`.
  static func writeBackup(to path: String, habits: Int, days: Int, today: Day, oneUUID: Bool) throws {
    var database: OpaquePointer?
    guard sqlite3_open(path, &database) == SQLITE_OK, let database else {
      throw LoopImportBenchmark.failure(database)
    }
    defer { sqlite3_close(database) }
    let schema =
      "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;" + LoopImportBenchmark.schema + "BEGIN;"
    guard sqlite3_exec(database, schema, nil, nil, nil) == SQLITE_OK else {
      throw LoopImportBenchmark.failure(database)
    }
    var habit: OpaquePointer?
    sqlite3_prepare_v2(
      database,
      "INSERT INTO Habits (id, archived, color, freq_den, freq_num, name, position, uuid) VALUES (?, 0, ?, 1, 1, ?, ?, ?)",
      -1, &habit, nil)
    defer { sqlite3_finalize(habit) }
    var repetition: OpaquePointer?
    sqlite3_prepare_v2(
      database, "INSERT INTO Repetitions (habit, timestamp, value) VALUES (?, ?, 2)", -1, &repetition, nil)
    defer { sqlite3_finalize(repetition) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for number in 1...habits {
      sqlite3_reset(habit)
      sqlite3_bind_int64(habit, 1, Int64(number))
      sqlite3_bind_int64(habit, 2, Int64(number % 20))
      sqlite3_bind_text(habit, 3, oneUUID ? "Habit" : "Habit \(number)", -1, transient)
      sqlite3_bind_int64(habit, 4, Int64(number))
      let uuid = oneUUID ? 1 : number
      sqlite3_bind_text(habit, 5, String(format: "a%031x", uuid), -1, transient)
      guard sqlite3_step(habit) == SQLITE_DONE else { throw LoopImportBenchmark.failure(database) }
      for offset in 0..<days {
        sqlite3_reset(repetition)
        sqlite3_bind_int64(repetition, 1, Int64(number))
        sqlite3_bind_int64(repetition, 2, Int64(today.daysSinceEpoch - offset) * 86_400_000)
        guard sqlite3_step(repetition) == SQLITE_DONE else { throw LoopImportBenchmark.failure(database) }
      }
    }
    guard sqlite3_exec(database, "COMMIT", nil, nil, nil) == SQLITE_OK else {
      throw LoopImportBenchmark.failure(database)
    }
  }

  /// Runs `tracker-preview arguments` (the release binary beside this one): its wall time in
  /// nanoseconds and its own peak resident size in KiB, or nil when it could not run or failed.
  static func child(_ arguments: [String], program: String = "tracker-preview") -> (UInt64, Int)? {
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(program).path
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    guard posix_spawn(&pid, tool, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
    return (DispatchTime.now().uptimeNanoseconds - start, usage.ru_maxrss)
  }

}
