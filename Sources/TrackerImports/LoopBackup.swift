import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite

/// A Loop Habit Tracker backup (a copy of the app's SQLite database): tables `Habits` and
/// `Repetitions`, `PRAGMA user_version` 12 (Loop 1.7) to 25 (Loop 2.1 on). Columns came version
/// by version; the reader asks the file which it has and never runs Loop's migrations.
package enum LoopBackup {
  /// The versions read.
  package static let versions = 12...25

  /// Loop's 20 colors (from version 21), in Loop's order.
  package static let palette20: [UInt32] = [
    0xD32F2F, 0xE64A19, 0xF57C00, 0xFF8F00, 0xF9A825, 0xAFB42B, 0x7CB342, 0x388E3C, 0x00897B, 0x00ACC1,
    0x039BE5, 0x1976D2, 0x303F9F, 0x5E35B1, 0x8E24AA, 0xD81B60, 0x5D4037, 0x303030, 0x757575, 0xAAAAAA,
  ]
  /// Loop's 13 colors (versions 14 to 20), in Loop's order.
  package static let palette13: [UInt32] = [
    0xD32F2F, 0xE64A19, 0xF9A825, 0xAFB42B, 0x388E3C, 0x00897B, 0x00ACC1, 0x039BE5, 0x5E35B1, 0x8E24AA,
    0xD81B60, 0x303030, 0xAAAAAA,
  ]

  /// A day in Loop's timestamps: milliseconds.
  private static let millisecondsPerDay = 86_400_000

  /// Whether `bytes` begin as a SQLite database file does.
  package static func isSQLite(_ bytes: Data) -> Bool {
    bytes.starts(with: Array("SQLite format 3\0".utf8))
  }

  private static func failure(_ reason: StoreMessage) -> Result<OtherTrackerFile, ImportFailure> {
    .failure(ImportFailure(problems: [ImportProblem(path: "$", reason: reason)]))
  }

  /// Reads the backup in `bytes` (a whole SQLite file, from standard input): a copy in memory.
  package static func read(_ bytes: Data, today: Day) -> Result<OtherTrackerFile, ImportFailure> {
    reading(today: today) { body in
      let database = try Database.readOnlyCopy(of: bytes)
      defer { database.close() }
      return try database.readTransaction { try body(database) }
    }
  }

  /// Reads the backup at `path` as one consistent snapshot, as SQLite would read it (a hot
  /// journal rolled back, a log's commits read), without writing a byte to it or beside it.
  /// A private copy, when one is needed, goes into a new folder inside `scratch`.
  package static func read(
    path: String, today: Day, scratch: String = FileManager.default.temporaryDirectory.path
  ) -> Result<OtherTrackerFile, ImportFailure> {
    reading(today: today) { body in try LoopBackupSnapshot.read(path, scratch: scratch, body) }
  }

  /// What reading a backup gives.
  private typealias Reading = Result<OtherTrackerFile, ImportFailure>

  /// Runs the reading of a backup on the database `open` hands over; every failure said.
  private static func reading(today: Day, _ open: ((Database) throws -> Reading) throws -> Reading) -> Reading
  {
    do {
      return try open { database in try read(database, today: today) }
    } catch is LoopBackupSnapshot.Changing {
      return failure(
        StoreMessage(
          "import.loopChanging",
          "the Loop Habit Tracker backup kept changing while it was read (another program is writing to it); import it again once that is done"
        ))
    } catch {
      return failure(
        StoreMessage(
          "import.loopUnreadable", "the Loop Habit Tracker backup could not be read: %@", .text("\(error)")))
    }
  }

  /// The tables checked, then the habits and check-marks read, all in the caller's transaction.
  private static func read(_ database: Database, today: Day) throws -> Result<OtherTrackerFile, ImportFailure>
  {
    // One of our own data files is said for what it is, not as "some SQLite database".
    let applicationID = try database.prepare("PRAGMA application_id").rows { $0.int(0) }.first ?? 0
    switch StoreOwner(applicationID: Int32(truncatingIfNeeded: applicationID)) {
    case .todo?:
      return failure(
        StoreMessage(
          "import.todoDataFile",
          "the to-do list's data file, not a Tracker export or a Loop Habit Tracker backup; open it with --app todo"
        ))
    case .tracker?:
      return failure(
        StoreMessage(
          "import.trackerDataFile",
          "a Tracker data file, not an export; open it with --store, or export it first (tracker-preview export --store FILE)"
        ))
    case nil: break
    }
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
          "import.loopVersion", "a Loop Habit Tracker backup of version %@; this app reads versions 12 to 25",
          .text(String(version))))
    }
    return .success(try read(database, version: version, today: today))
  }

  /// One row of `Habits`.
  package struct HabitRow {
    package var rowID: Int
    package var name: String
    package var archived: Bool
    package var color: Int?
    package var frequency: (numerator: Int, denominator: Int)
    package var hasReminder: Bool
    package var reminderDays: Int
    /// The reminder's time (`reminder_hour`, `reminder_min`), when it has one that is a time.
    package var reminderTime: ReminderTime?
    package var isNumerical: Bool
    package var targetIsAtMost: Bool
    /// A numerical habit's target over its frequency's days, as Loop stores it (a double).
    package var target: Double
    package var unit: String
    package var uuid: String?
    package var hasDescription: Bool
  }

  private static func columns(_ database: Database, _ table: String) throws -> Set<String> {
    Set(try database.prepare("PRAGMA table_info(\(table))").rows { $0.text(1).lowercased() })
  }

  private static func habitRows(_ database: Database) throws -> [HabitRow] {
    let habitColumns = try columns(database, "Habits")
    let wanted = [
      "id", "name", "archived", "color", "freq_num", "freq_den", "reminder_hour", "reminder_days", "type",
      "target_type", "target_value", "uuid", "description", "question", "unit", "reminder_min",
    ]
    let select = wanted.map { habitColumns.contains($0) ? $0 : "NULL" }.joined(separator: ", ")
    let order = habitColumns.contains("position") ? "position, id" : "id"
    return try database.prepare("SELECT \(select) FROM Habits ORDER BY \(order)").rows { row in
      HabitRow(
        rowID: row.int(0), name: row.text(1), archived: row.int(2) != 0,
        color: row.isNull(3) ? nil : row.int(3),
        frequency: (row.isNull(4) ? 1 : row.int(4), row.isNull(5) ? 1 : row.int(5)),
        hasReminder: !row.isNull(6) && row.int(6) >= 0,
        reminderDays: row.isNull(7) ? 127 : row.int(7),
        reminderTime: row.isNull(6)
          ? nil : ReminderTime(hour: row.int(6), minute: row.isNull(15) ? 0 : row.int(15)),
        isNumerical: row.int(8) == 1,
        targetIsAtMost: row.int(9) == 1, target: row.double(10), unit: row.text(14),
        uuid: row.isNull(11) ? nil : row.text(11),
        hasDescription: !NameRules.trimmed(row.text(12)).isEmpty || !NameRules.trimmed(row.text(13)).isEmpty)
    }
  }

  private static func read(_ database: Database, version: Int, today: Day) throws -> OtherTrackerFile {
    let rows = try habitRows(database)
    var adaptations = ForeignAdaptations()
    var habits: [ForeignHabit] = []
    var kept: [HabitRow] = []
    var index: [Int: Int] = [:]
    var ids = Set<UUID>()
    for row in rows {
      guard index[row.rowID] == nil else {
        // Its check-marks cannot be told from the first one's: left out, counted.
        adaptations.habitsSharingRowID += 1
        continue
      }
      index[row.rowID] = habits.count
      kept.append(row)
      var trackerID = id(row)
      if !ids.insert(trackerID).inserted {
        // A second habit with the same uuid is a tracker of its own, with an id of its own.
        adaptations.habitsSharingUUID += 1
        trackerID = UUID(
          name: "loop\nsame uuid\n\(trackerID.uuidString)\n\(row.rowID)\n\(row.name)",
          namespace: OtherTrackerFile.namespace)
        ids.insert(trackerID)
      }
      let (kind, goal) = shape(of: row, adaptations: &adaptations)
      // Loop's reminder (issue 48 gave each habit its own): at its time, on its days, while the
      // habit is not done (Loop shows an "at most" habit's whatever it holds).
      var reminders: [HabitReminder] = []
      if row.hasReminder {
        if let time = row.reminderTime, let days = weekdays(row.reminderDays) {
          reminders = [
            HabitReminder(
              time: time, days: days == .everyDay ? nil : days, onlyIfNotDone: !row.targetIsAtMost)
          ]
          adaptations.remindersKept += 1
        } else {
          adaptations.reminders += 1
        }
      }
      if row.hasDescription { adaptations.descriptions += 1 }
      habits.append(
        ForeignHabit(
          id: trackerID, name: row.name, category: row.archived ? .loopArchive : .loop, kind: kind,
          color: color(row.color, version: version), records: [], daysOff: [], goal: goal,
          reminders: reminders))
    }
    var notesCut = 0
    try forEachCheckMark(database, today: today, adaptations: &adaptations) { habit, day, value, note in
      guard let position = index[habit] else { return }
      switch mark(value, of: kept[position]) {
      case .record(let amount):
        habits[position].records.append(day)
        // Of two rows of one day (before version 22), the later one's amount, as Loop reads them.
        if let amount { habits[position].amounts[day] = amount }
      case .dayOff: habits[position].daysOff.append(day)
      case .nothing: break
      }
      if let note, let text = OtherTrackerFile.noteText(note, notesCut: &notesCut) {
        habits[position].notes[day] = text
      }
    }
    adaptations.notesCut = notesCut
    for position in habits.indices { habits[position].settle() }
    return OtherTrackerFile(source: .loop(version: version), habits: habits, adaptations: adaptations)
  }

  /// What a check-mark is.
  private enum Mark {
    /// A record; a numerical habit's with its amount.
    case record(Amount?)
    case dayOff
    case nothing
  }

  /// What a check-mark of `value` (nil: no value column, before version 16) is on `habit`: on a
  /// yes/no habit 2 a record and 3 a day off; on a numerical one 3 a day off (Loop's own sums
  /// read it as a skip, never as 0.003), any other value of 0 or more a record of that many
  /// thousandths; −1 (unknown) and the rest nothing.
  private static func mark(_ value: Int?, of habit: HabitRow) -> Mark {
    guard let value else { return .record(nil) }
    if value == 3 { return .dayOff }
    guard habit.isNumerical else { return value == 2 ? .record(nil) : .nothing }
    guard let amount = Amount(thousandths: value) else { return .nothing }
    return .record(min(amount, .maximum))
  }

  /// Calls `body` with each check-mark's habit row id, day, value (nil without a value column) and
  /// note (nil without one, or before version 25), as SQLite hands them over; a row whose
  /// timestamp or value is not an integer, or whose day the app does not keep, is left out and
  /// counted.
  private static func forEachCheckMark(
    _ database: Database, today: Day, adaptations: inout ForeignAdaptations,
    _ body: (Int, Day, Int?, String?) throws -> Void
  ) throws {
    let repetitionColumns = try columns(database, "Repetitions")
    let hasValue = repetitionColumns.contains("value")
    let hasNotes = repetitionColumns.contains("notes")
    let statement = try database.prepare(
      "SELECT habit, timestamp, \(hasValue ? "value" : "NULL"), \(hasNotes ? "notes" : "NULL") FROM Repetitions"
    )
    try statement.forEachRow { row in
      guard row.isInteger(1), !hasValue || row.isInteger(2) else {
        adaptations.unreadableCheckMarks += 1
        return
      }
      let timestamp = row.int(1)
      let days = timestamp / millisecondsPerDay - (timestamp % millisecondsPerDay < 0 ? 1 : 0)
      guard let day = OtherTrackerFile.storable(days, today: today) else {
        adaptations.checkMarksLeftOut += 1
        return
      }
      try body(row.int(0), day, hasValue ? row.int(2) : nil, row.isNull(3) ? nil : row.text(3))
    }
  }

  /// Loop's reminder days (bit 0 Saturday … bit 6 Friday) as weekdays; nil when none.
  package static func weekdays(_ bits: Int) -> WeekdaySet? {
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
  package static func color(_ value: Int?, version: Int) -> TrackerColor {
    guard let value else { return TrackerColor.palette[0] }
    if version < 14 { return OtherTrackerFile.nearestColor(UInt32(truncatingIfNeeded: value) & 0xFF_FFFF) }
    let palette = version >= 21 ? palette20 : palette13
    guard palette.indices.contains(value) else { return TrackerColor.palette[0] }
    return OtherTrackerFile.nearestColor(palette[value])
  }
}
