import Foundation
import TrackerModels

/// A Loop Habit Tracker backup (a copy of the app's SQLite database): tables `Habits` and
/// `Repetitions`, `PRAGMA user_version` 12 (Loop 1.7) to 25 (Loop 2.1 on). Columns came version
/// by version; the reader asks the file which it has and never runs Loop's migrations.
enum LoopBackup {
  /// The versions read.
  static let versions = 12...25

  /// Loop's 20 colors (from version 21), in Loop's order.
  static let palette20: [UInt32] = [
    0xD32F2F, 0xE64A19, 0xF57C00, 0xFF8F00, 0xF9A825, 0xAFB42B, 0x7CB342, 0x388E3C, 0x00897B, 0x00ACC1,
    0x039BE5, 0x1976D2, 0x303F9F, 0x5E35B1, 0x8E24AA, 0xD81B60, 0x5D4037, 0x303030, 0x757575, 0xAAAAAA,
  ]
  /// Loop's 13 colors (versions 14 to 20), in Loop's order.
  static let palette13: [UInt32] = [
    0xD32F2F, 0xE64A19, 0xF9A825, 0xAFB42B, 0x388E3C, 0x00897B, 0x00ACC1, 0x039BE5, 0x5E35B1, 0x8E24AA,
    0xD81B60, 0x303030, 0xAAAAAA,
  ]

  /// A day in Loop's timestamps: milliseconds.
  private static let millisecondsPerDay = 86_400_000

  /// Whether `bytes` begin as a SQLite database file does.
  static func isSQLite(_ bytes: Data) -> Bool {
    bytes.starts(with: Array("SQLite format 3\0".utf8))
  }

  private static func failure(_ reason: StoreMessage) -> Result<OtherTrackerFile, ImportFailure> {
    .failure(ImportFailure(problems: [ImportProblem(path: "$", reason: reason)]))
  }

  /// Reads the backup in `bytes` (a SQLite file): its habits, check-marks and skips.
  static func read(_ bytes: Data, today: Day) -> Result<OtherTrackerFile, ImportFailure> {
    do {
      let database = try Database.readOnlyCopy(of: bytes)
      defer { database.close() }
      let tables = Set(
        try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").rows {
          $0.text(0).lowercased()
        })
      guard tables.contains("habits"), tables.contains("repetitions") else {
        return failure(
          StoreMessage(
            "import.notLoop",
            "a SQLite database, but neither a Loop Habit Tracker backup (tables Habits and Repetitions) nor a Tracker export"
          ))
      }
      let version = try database.prepare("PRAGMA user_version").rows { $0.int(0) }.first ?? 0
      guard versions.contains(version) else {
        return failure(
          StoreMessage(
            "import.loopVersion",
            "a Loop Habit Tracker backup of version %@; this app reads versions 12 to 25",
            .text(String(version))))
      }
      return .success(try read(database, version: version, today: today))
    } catch {
      return failure(
        StoreMessage(
          "import.loopUnreadable", "the Loop Habit Tracker backup could not be read: %@", .text("\(error)")))
    }
  }

  /// One row of `Habits`.
  private struct HabitRow {
    var rowID: Int
    var name: String
    var archived: Bool
    var color: Int?
    var frequency: (numerator: Int, denominator: Int)
    var hasReminder: Bool
    var reminderDays: Int
    var isNumerical: Bool
    var targetIsAtMost: Bool
    var target: Double
    var uuid: String?
  }

  private static func columns(_ database: Database, _ table: String) throws -> Set<String> {
    Set(try database.prepare("PRAGMA table_info(\(table))").rows { $0.text(1).lowercased() })
  }

  private static func read(_ database: Database, version: Int, today: Day) throws -> OtherTrackerFile {
    let habitColumns = try columns(database, "Habits")
    let repetitionColumns = try columns(database, "Repetitions")
    func column(_ name: String, in available: Set<String>) -> String {
      available.contains(name) ? name : "NULL"
    }
    let wanted = [
      "id", "name", "archived", "color", "freq_num", "freq_den", "reminder_hour", "reminder_days", "type",
      "target_type", "target_value", "uuid",
    ]
    let select = wanted.map { column($0, in: habitColumns) }.joined(separator: ", ")
    let order = habitColumns.contains("position") ? "position, id" : "id"
    let rows = try database.prepare("SELECT \(select) FROM Habits ORDER BY \(order)").rows { row in
      HabitRow(
        rowID: row.int(0), name: row.text(1), archived: row.int(2) != 0,
        color: row.isNull(3) ? nil : row.int(3),
        frequency: (row.isNull(4) ? 1 : row.int(4), row.isNull(5) ? 1 : row.int(5)),
        hasReminder: !row.isNull(6) && row.int(6) >= 0,
        reminderDays: row.isNull(7) ? 127 : row.int(7), isNumerical: row.int(8) == 1,
        targetIsAtMost: row.int(9) == 1, target: row.double(10), uuid: row.isNull(11) ? nil : row.text(11))
    }
    var adaptations = ForeignAdaptations()
    var habits: [ForeignHabit] = []
    var index: [Int: Int] = [:]
    for row in rows where index[row.rowID] == nil {
      index[row.rowID] = habits.count
      let everyDay = TrackerKind.habit(.everyDay)
      let kind: TrackerKind
      if row.isNumerical {
        adaptations.numericalHabits += 1
        kind = row.frequency.denominator == 1 ? everyDay : .event
      } else if row.frequency.numerator == row.frequency.denominator {
        kind = everyDay
      } else if row.frequency.denominator == 7, let days = weekdays(row.reminderDays),
        days.days.count == row.frequency.numerator, let schedule = Schedule(days)
      {
        kind = .habit(schedule)
      } else {
        kind = .event
        adaptations.frequenciesAsEvents += 1
      }
      if row.hasReminder { adaptations.reminders += 1 }
      habits.append(
        ForeignHabit(
          id: id(row), name: row.name, category: row.archived ? .loopArchive : .loop, kind: kind,
          color: color(row.color, version: version), records: [], daysOff: []))
    }
    // Check-marks: 2 (or every row, before the value column) a record, 3 a skip; numerical
    // amounts (×1000) a record when they meet a daily target.
    let hasValue = repetitionColumns.contains("value")
    let hasNotes = repetitionColumns.contains("notes")
    let statement = try database.prepare(
      "SELECT habit, timestamp, \(hasValue ? "value" : "NULL"), \(hasNotes ? "notes" : "NULL") FROM Repetitions"
    )
    try statement.forEachRow { row in
      guard let position = index[row.int(0)] else { return }
      if hasNotes, !row.isNull(3), !NameRules.trimmed(row.text(3)).isEmpty { adaptations.notes += 1 }
      let habit = rows[position]
      let value = row.int(2)
      enum Mark { case record, dayOff }
      let mark: Mark
      if !hasValue {
        mark = .record
      } else if habit.isNumerical {
        let amount = Double(value) / 1000
        guard value > 0 else { return }
        if habit.frequency.denominator == 1 {
          let met = habit.targetIsAtMost ? amount <= habit.target + 1e-9 : amount >= habit.target - 1e-9
          guard met else { return }
        }
        mark = .record
      } else if value == 2 {
        mark = .record
      } else if value == 3 {
        mark = .dayOff
      } else {
        return
      }
      let timestamp = row.int(1)
      let days = timestamp / millisecondsPerDay - (timestamp % millisecondsPerDay < 0 ? 1 : 0)
      guard let day = OtherTrackerFile.storable(days, today: today) else {
        adaptations.checkMarksLeftOut += 1
        return
      }
      switch mark {
      case .record: habits[position].records.append(day)
      case .dayOff: habits[position].daysOff.append(day)
      }
    }
    return OtherTrackerFile(source: .loop(version: version), habits: habits, adaptations: adaptations)
  }

  /// Loop's reminder days (bit 0 Saturday … bit 6 Friday) as weekdays; nil when none.
  static func weekdays(_ bits: Int) -> WeekdaySet? {
    let order: [Weekday] = [.saturday, .sunday, .monday, .tuesday, .wednesday, .thursday, .friday]
    let days = WeekdaySet(order.enumerated().filter { bits >> $0.offset & 1 == 1 }.map(\.element))
    return days.isEmpty ? nil : days
  }

  /// The tracker's id: the habit's `uuid` (from version 24), else a name-based UUID of its row id
  /// and name, the same on every import of the same backup.
  private static func id(_ row: HabitRow) -> UUID {
    if let text = row.uuid {
      let hex = text.filter { $0 != "-" }
      if hex.count == 32, hex.allSatisfy(\.isHexDigit) {
        let characters = Array(hex)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
        if let id = UUID(uuidString: parts.joined(separator: "-")) { return id }
      }
    }
    return UUID(name: "loop\n\(row.rowID)\n\(row.name)", namespace: OtherTrackerFile.namespace)
  }

  /// The nearest of the app's colors to Loop's: an index into its palette of the version, or an
  /// Android ARGB integer before version 14.
  static func color(_ value: Int?, version: Int) -> TrackerColor {
    guard let value else { return TrackerColor.palette[0] }
    if version < 14 { return OtherTrackerFile.nearestColor(UInt32(truncatingIfNeeded: value) & 0xFF_FFFF) }
    let palette = version >= 21 ? palette20 : palette13
    guard palette.indices.contains(value) else { return TrackerColor.palette[0] }
    return OtherTrackerFile.nearestColor(palette[value])
  }
}
