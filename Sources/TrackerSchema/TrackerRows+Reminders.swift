import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite

/// Schema 8: each habit's reminders in `tracker_reminder` (`Schema.remindersSQL`), one sealed row
/// per reminder.
extension TrackerRows {
  /// The columns a reminder row is read with, in `decodeReminder`'s order.
  package static let reminderColumns = "tracker, minute, days, if_not_done, seal"

  /// Every reminder of `database` by tracker number, each checked against its seal, in the order
  /// of the day.
  package static func loadReminders(_ database: Database) throws -> [Int: [HabitReminder]] {
    var reminders: [Int: [HabitReminder]] = [:]
    try database.cached("SELECT \(reminderColumns) FROM tracker_reminder ORDER BY tracker, minute").forEachRow
    {
      reminders[$0.int(0), default: []].append(try decodeReminder($0))
    }
    return reminders
  }

  /// The reminders of tracker `number`, in the order of the day.
  package static func loadReminders(_ number: Int, in database: Database) throws -> [HabitReminder] {
    try database.cached("SELECT \(reminderColumns) FROM tracker_reminder WHERE tracker = ? ORDER BY minute")
      .rows([.integer(Int64(number))]) { try decodeReminder($0) }
  }

  /// A reminder row (tracker, minute, days, if_not_done, seal); a row that holds no valid
  /// reminder, or whose seal does not match, is damage naming the tracker.
  package static func decodeReminder(_ row: Row) throws -> HabitReminder {
    let days: Statement.Value = row.isNull(2) ? .null : .integer(Int64(row.int(2)))
    try RowSeal.check(
      row.int(4),
      [.integer(Int64(row.int(0))), .integer(Int64(row.int(1))), days, .integer(Int64(row.int(3)))],
      .tracker)
    let minute = row.int(1)
    guard let time = ReminderTime(hour: minute / 60, minute: minute % 60), minute >= 0,
      row.isNull(2) || (1...127).contains(row.int(2)), (0...1).contains(row.int(3))
    else { throw SQLiteError(damage: .invalidValue(.tracker)) }
    return HabitReminder(
      time: time, days: row.isNull(2) ? nil : WeekdaySet(rawValue: UInt8(row.int(2))),
      onlyIfNotDone: row.int(3) == 1)
  }

  /// The row of `reminder` of tracker `number`, its seal last.
  package static func reminderRow(_ reminder: HabitReminder, number: Int) -> [Statement.Value] {
    let values: [Statement.Value] = [
      .integer(Int64(number)), .integer(Int64(reminder.time.minutes)),
      reminder.days.map { .integer(Int64($0.rawValue)) } ?? .null, .integer(reminder.onlyIfNotDone ? 1 : 0),
    ]
    return values + [.integer(RowSeal.of(values))]
  }

  /// Makes tracker `number`'s reminder rows those of `reminders`, touching nothing when they are
  /// already (so the sync's trigger names the field only when it changed).
  package static func storeReminders(_ reminders: [HabitReminder], number: Int, in database: Database) throws
  {
    guard try loadReminders(number, in: database) != reminders else { return }
    try database.cached("DELETE FROM tracker_reminder WHERE tracker = ?").run([.integer(Int64(number))])
    let insert = try database.cached(
      "INSERT INTO tracker_reminder (\(reminderColumns)) VALUES (?, ?, ?, ?, ?)")
    for reminder in reminders { try insert.run(reminderRow(reminder, number: number)) }
  }

  /// Every reminder row of `database` read and checked: the part of the full check for schema 8.
  package static func checkReminders(_ database: Database) throws {
    _ = try loadReminders(database)
  }
}
