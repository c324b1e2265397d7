import Foundation
import ModelTestSupport
import TrackerModels

@testable import TrackerSQLite
@testable import TrackerStore

/// Loop Habit Tracker backups of any version from 12 to 25, written here with the tables as
/// Loop's migrations leave them (the column lists of Tools/fixtures/make-import-fixtures.py):
/// Habits gains `type` in 16, `target_type`, `target_value` and `unit` in 18, `question` in 23 and
/// `uuid` in 24; Repetitions gains `value` in 16 and `notes` in 25, and a unique index on habit
/// and timestamp in 22.
struct LoopBackupBuilder {
  /// One row of `Habits`; the columns a version lacks are not written.
  struct Habit {
    var id: Int
    var name: String
    var uuid: String?
    var archived = false
    var color = 0
    var frequency: (numerator: Int, denominator: Int) = (1, 1)
    var reminderDays = 127
    /// `reminder_hour` and `reminder_min`; nil for no reminder (NULL, as Loop leaves it).
    var reminder: (hour: Int, minute: Int)? = nil
    /// 0 yes/no, 1 numerical.
    var type = 0
    /// 0 at least, 1 at most.
    var targetType = 0
    /// The target as SQL text Loop's `real` column reads ("12.5").
    var targetValue = "0"
    var unit = ""
  }

  /// One row of `Repetitions`.
  struct Repetition {
    var habit: Int
    var day: Day
    /// Nil before version 16 (no column); else Loop's value (2 done, 3 skip, amounts × 1000).
    var value: Int?
    /// Written from version 25.
    var notes: String?
  }

  var version: Int
  var habits: [Habit] = []
  var repetitions: [Repetition] = []

  private var habitColumns: [String] {
    var columns = [
      "id integer primary key autoincrement", "archived integer", "color integer", "description text",
      "freq_den integer", "freq_num integer", "highlight integer", "name text", "position integer",
      "reminder_hour integer", "reminder_min integer", "reminder_days integer not null default 127",
    ]
    if version >= 16 { columns.append("type integer not null default 0") }
    if version >= 18 {
      columns += [
        "target_type integer not null default 0", "target_value real not null default 0",
        "unit text not null default ''",
      ]
    }
    if version >= 23 { columns.append("question text") }
    if version >= 24 { columns.append("uuid text") }
    return columns
  }

  private var repetitionColumns: [String] {
    var columns = [
      "id integer primary key autoincrement", "habit integer references habits(id)", "timestamp integer",
    ]
    if version >= 16 { columns.append("value integer") }
    if version >= 25 { columns.append("notes text") }
    return columns
  }

  /// Writes the backup to a new file at `path`.
  func write(to path: String) throws {
    let database = try Database(path: path, create: true)
    defer { database.close() }
    try database.execute(
      """
      CREATE TABLE Habits (\(habitColumns.joined(separator: ", ")));
      CREATE TABLE Repetitions (\(repetitionColumns.joined(separator: ", ")));
      \(version >= 22 ? "CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions (habit, timestamp);" : "")
      PRAGMA user_version = \(version);
      BEGIN;
      """)
    for (position, habit) in habits.enumerated() {
      var values: [(String, Statement.Value)] = [
        ("id", .integer(Int64(habit.id))), ("archived", .integer(habit.archived ? 1 : 0)),
        ("color", .integer(Int64(habit.color))), ("description", .text("")),
        ("freq_den", .integer(Int64(habit.frequency.denominator))),
        ("freq_num", .integer(Int64(habit.frequency.numerator))), ("highlight", .integer(0)),
        ("name", .text(habit.name)), ("position", .integer(Int64(position))),
        ("reminder_days", .integer(Int64(habit.reminderDays))),
      ]
      if let reminder = habit.reminder {
        values += [
          ("reminder_hour", .integer(Int64(reminder.hour))),
          ("reminder_min", .integer(Int64(reminder.minute))),
        ]
      }
      if version >= 16 { values.append(("type", .integer(Int64(habit.type)))) }
      if version >= 18 {
        values += [
          ("target_type", .integer(Int64(habit.targetType))), ("target_value", .text(habit.targetValue)),
          ("unit", .text(habit.unit)),
        ]
      }
      if version >= 24 { values.append(("uuid", habit.uuid.map { .text($0) } ?? .null)) }
      try database.prepare(
        "INSERT INTO Habits (\(values.map(\.0).joined(separator: ", "))) VALUES (\(values.map { _ in "?" }.joined(separator: ", ")))"
      ).run(values.map(\.1))
    }
    for repetition in repetitions {
      var values: [Statement.Value] = [
        .integer(Int64(repetition.habit)), .integer(Int64(repetition.day.daysSinceEpoch) * 86_400_000),
      ]
      if version >= 16 { values.append(repetition.value.map { .integer(Int64($0)) } ?? .null) }
      if version >= 25 { values.append(repetition.notes.map { .text($0) } ?? .null) }
      let columns = ["habit", "timestamp", "value", "notes"].prefix(values.count).joined(separator: ", ")
      try database.prepare(
        "INSERT INTO Repetitions (\(columns)) VALUES (\(values.map { _ in "?" }.joined(separator: ", ")))"
      ).run(values)
    }
    try database.execute("COMMIT")
  }
}
