import CSQLite
import Foundation
import TrackerArchiveCodec
import TrackerImports
import TrackerModels
import TrackerStore

/// A Loop Habit Tracker backup of the seeded history (version 25, every record a check-mark of
/// value 2) imported into an empty file, against our own archive of the same contents.
enum LoopImportBenchmark {
  static func run(history: SeededHistory, today: Day) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracker-loop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let backup = folder.appendingPathComponent("Loop Habits Backup.db").path
    try writeBackup(history, to: backup)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
    let archive = TrackerArchive.export(
      StoreContents(categories: history.categories, trackers: history.trackers, records: history.records))
    print(
      "\nImport from Loop (\(history.trackers.count) habits, \(history.records.count) check-marks; backup \(bytes.count / 1_000_000) MB, our archive \(archive.utf8.count / 1_000_000) MB)"
    )
    let titles = ForeignTitles(loop: "Loop", loopArchive: "Loop · archive", habitBull: "HabitBull")
    var run = 0
    var summary: ForeignImportSummary?
    let loop = try Measurement.median(runs: 3) {
      run += 1
      let store = try SQLiteTrackerStore(
        path: folder.appendingPathComponent("loop-\(run).sqlite").path, now: Date())
      guard let file = try OtherTrackerFile.read(bytes, today: today)?.get() else { return }
      summary = try store.importForeign(file, titles: titles, today: today)
    }
    let ours = try Measurement.median(runs: 3) {
      run += 1
      let store = try SQLiteTrackerStore(
        path: folder.appendingPathComponent("archive-\(run).sqlite").path, now: Date())
      try store.importArchive(archive, today: today)
    }
    print(
      "  Loop backup: read + map + insert \(Measurement.milliseconds(loop)) ms; our archive of the same: \(Measurement.milliseconds(ours)) ms (median of 3; target: about the same)"
    )
    if let summary {
      print("    (\(summary.added.trackers.count) trackers, \(summary.added.recordCount) records imported)")
    }
  }

  /// Loop's tables of version 25 as a backup has them, with its unique index on habit and day.
  static let schema = """
    PRAGMA user_version = 25;
    CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
      description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT,
      position INTEGER, reminder_hour INTEGER, reminder_min INTEGER,
      reminder_days INTEGER NOT NULL DEFAULT 127, type INTEGER NOT NULL DEFAULT 0,
      target_type INTEGER NOT NULL DEFAULT 0, target_value REAL NOT NULL DEFAULT 0,
      unit TEXT NOT NULL DEFAULT '', question TEXT, uuid TEXT);
    CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(id),
      timestamp INTEGER, value INTEGER, notes TEXT);
    CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions (habit, timestamp);
    """

  /// Writes `history` as a Loop backup of version 25: a habit per tracker (its uuid the tracker's
  /// id, a weekly frequency with its weekdays as reminder days; events twice a week) and a
  /// check-mark per record.
  static func writeBackup(_ history: SeededHistory, to path: String) throws {
    var database: OpaquePointer?
    guard sqlite3_open(path, &database) == SQLITE_OK, let database else { throw failure(database) }
    defer { sqlite3_close(database) }
    let schema = Self.schema + "BEGIN;"
    guard sqlite3_exec(database, schema, nil, nil, nil) == SQLITE_OK else { throw failure(database) }
    let loopOrder: [Weekday] = [.saturday, .sunday, .monday, .tuesday, .wednesday, .thursday, .friday]
    var habit: OpaquePointer?
    sqlite3_prepare_v2(
      database,
      "INSERT INTO Habits (id, archived, color, freq_den, freq_num, name, position, reminder_days, uuid) VALUES (?, 0, ?, 7, ?, ?, ?, ?, ?)",
      -1, &habit, nil)
    defer { sqlite3_finalize(habit) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    var rowIDs: [UUID: Int64] = [:]
    for (index, tracker) in history.trackers.enumerated() {
      let days = tracker.kind.isHabit ? tracker.kind.dueDays : .everyDay
      let bits = loopOrder.enumerated().reduce(0) { $0 | (days.contains($1.element) ? 1 << $1.offset : 0) }
      let rowID = Int64(index + 1)
      rowIDs[tracker.id] = rowID
      sqlite3_reset(habit)
      sqlite3_bind_int64(habit, 1, rowID)
      sqlite3_bind_int64(habit, 2, Int64(index % 20))
      sqlite3_bind_int64(habit, 3, tracker.kind.isHabit ? Int64(days.days.count) : 2)
      sqlite3_bind_text(habit, 4, tracker.name, -1, transient)
      sqlite3_bind_int64(habit, 5, Int64(index))
      sqlite3_bind_int64(habit, 6, Int64(bits))
      sqlite3_bind_text(
        habit, 7, tracker.id.uuidString.lowercased().replacingOccurrences(of: "-", with: ""), -1, transient)
      guard sqlite3_step(habit) == SQLITE_DONE else { throw failure(database) }
    }
    var repetition: OpaquePointer?
    sqlite3_prepare_v2(
      database, "INSERT INTO Repetitions (habit, timestamp, value) VALUES (?, ?, 2)", -1, &repetition, nil)
    defer { sqlite3_finalize(repetition) }
    for record in history.records {
      sqlite3_reset(repetition)
      sqlite3_bind_int64(repetition, 1, rowIDs[record.trackerID] ?? 0)
      sqlite3_bind_int64(repetition, 2, Int64(record.day.daysSinceEpoch) * 86_400_000)
      guard sqlite3_step(repetition) == SQLITE_DONE else { throw failure(database) }
    }
    guard sqlite3_exec(database, "COMMIT", nil, nil, nil) == SQLITE_OK else { throw failure(database) }
  }

  /// SQLite's message for the failure of `database`, as an error.
  static func failure(_ database: OpaquePointer?) -> NSError {
    NSError(
      domain: "LoopImportBenchmark", code: 1,
      userInfo: [
        NSLocalizedDescriptionKey: database.map { String(cString: sqlite3_errmsg($0)) } ?? "no database"
      ])
  }
}
