import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

extension Salvage {
  // MARK: Goals, amounts and notes (schema 5)

  /// The goal rows (`tracker_goal`) by tracker number that can be vouched for, each by its seal,
  /// and how many were left out. When SQL cannot read the table whole, its rows are looked for
  /// among the pages (a row found twice with different values is left out: nothing says which
  /// one is right).
  package static func readGoals(_ database: Database, version: Int, cells: () -> [PageScan.Cell]) -> (
    goals: [Int: TrackerRows.Goal], leftOut: Int
  ) {
    var goals: [Int: TrackerRows.Goal] = [:]
    var leftOut = 0
    let sql = "SELECT \(TrackerRows.goalColumns(version: version)) FROM tracker_goal"
    do {
      try database.prepare(sql).forEachRow { row in
        do {
          goals[row.int(0)] = try TrackerRows.decodeGoal(row)
        } catch {
          leftOut += 1
        }
      }
      return (goals, leftOut)
    } catch {
      // Damage: the rows read so far are kept, the rest looked for among the pages.
    }
    guard let memory = try? Database(path: ":memory:", create: true) else { return (goals, leftOut) }
    defer { memory.close() }
    var scanned: [Int: TrackerRows.Goal?] = [:]
    do {
      try memory.execute("CREATE TABLE tracker_goal (\(TrackerRows.goalColumns))")
      let insert = try memory.prepare("INSERT INTO tracker_goal VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      // A goal row: its number (the rowid), unit, target, direction, quota count and period, seal,
      // and from schema 11 a window's days and a target's period (NULL in an older row).
      for cell in cells() {
        guard let rowid = cell.rowid, cell.values.count == 7 || cell.values.count == 9,
          case .null = cell.values[0], case .integer = cell.values[6]
        else { continue }
        let padding = [Statement.Value](repeating: .null, count: 9 - cell.values.count)
        try insert.run([.integer(rowid)] + Array(cell.values.dropFirst()) + padding)
      }
      try memory.prepare("SELECT \(TrackerRows.goalColumns) FROM tracker_goal").forEachRow { row in
        guard let goal = try? TrackerRows.decodeGoal(row) else {
          leftOut += 1
          return
        }
        let number = row.int(0)
        if let earlier = scanned[number], earlier != goal {
          scanned[number] = .some(nil)
        } else if scanned[number] == nil {
          scanned[number] = goal
        }
      }
    } catch {
      return (goals, leftOut)
    }
    for (number, goal) in scanned where goals[number] == nil {
      if let goal { goals[number] = goal } else { leftOut += 1 }
    }
    return (goals, leftOut)
  }

  /// The reminder rows (`tracker_reminder`, schema 8) by tracker number that can be vouched for,
  /// each by its seal, at most `HabitReminder.limit` a tracker, and how many were left out. Only
  /// what SQL reads is taken: a reminder is a convenience the user sets again in a moment, not
  /// history, so its table's pages are not scanned.
  package static func readReminders(_ database: Database) -> (reminders: [Int: [HabitReminder]], leftOut: Int)
  {
    var reminders: [Int: [HabitReminder]] = [:]
    var leftOut = 0
    let sql = "SELECT \(TrackerRows.reminderColumns) FROM tracker_reminder ORDER BY tracker, minute"
    // A schema that cannot be read says nothing of the table: nothing known is lost.
    guard let statement = try? database.prepare(sql) else { return ([:], 0) }
    do {
      try statement.forEachRow { row in
        guard let reminder = try? TrackerRows.decodeReminder(row) else {
          leftOut += 1
          return
        }
        if reminders[row.int(0), default: []].count < HabitReminder.limit {
          reminders[row.int(0), default: []].append(reminder)
        } else {
          leftOut += 1
        }
      }
    } catch {
      // Damage part way: the rows read so far are kept, and the rest (how many, nothing says)
      // count as one left out, so the warning says something was.
      leftOut += 1
    }
    return (reminders, leftOut)
  }

  /// The arrangement rows (`tracker_arrangement`, schema 9) by tracker number that can be vouched
  /// for, each by its seal, and how many were left out. Only what SQL reads is taken: a tracker
  /// whose row is lost comes back unarchived in its place by name, its history whole.
  package static func readArrangements(_ database: Database) -> (
    arrangements: [Int: TrackerRows.Arrangement], leftOut: Int
  ) {
    var arrangements: [Int: TrackerRows.Arrangement] = [:]
    var leftOut = 0
    let sql = "SELECT \(TrackerRows.arrangementColumns) FROM tracker_arrangement"
    // A schema that cannot be read says nothing of the table: nothing known is lost.
    guard let statement = try? database.prepare(sql) else { return ([:], 0) }
    do {
      try statement.forEachRow { row in
        guard let arrangement = try? TrackerRows.decodeArrangement(row) else {
          leftOut += 1
          return
        }
        arrangements[row.int(0)] = arrangement
      }
    } catch {
      // Damage part way: the rows read so far are kept, and the rest count as one left out.
      leftOut += 1
    }
    return (arrangements, leftOut)
  }

  /// `records` with the amounts of the measurable trackers' records, and how many were left out.
  /// An amount lives only in its record's table row (the index repeats no amount): the table is
  /// read again for those trackers, past damage, and the page scan's rows (`scanned`) fill in. A
  /// measurable tracker's record whose row cannot be read is left out and counted — kept without
  /// its amount it would count as the target, a day met that may not have been — and so is one
  /// whose amount is out of range.
  package static func withAmounts(
    _ records: [TrackerRecord], database: Database, trackers: [(number: Int, tracker: Tracker)],
    scanned: [Key: Int?]
  ) -> (records: [TrackerRecord], leftOut: Int) {
    var measured: [UUID: Int] = [:]
    for entry in trackers where entry.tracker.measure != .yesNo { measured[entry.tracker.id] = entry.number }
    guard !measured.isEmpty else { return (records, 0) }
    var amounts = scanned
    for number in Set(measured.values).sorted() {
      _ = readAround(
        database, "SELECT day, amount FROM record NOT INDEXED WHERE tracker = ? AND day > ? ORDER BY day",
        [.integer(Int64(number))], keys: Row.dayRange
      ) { row in
        amounts.updateValue(row.isNull(1) ? nil : row.int(1), forKey: Key(tracker: number, day: row.int(0)))
      }
    }
    var leftOut = 0
    var result: [TrackerRecord] = []
    result.reserveCapacity(records.count)
    for record in records {
      guard let number = measured[record.trackerID] else {
        result.append(record)
        continue
      }
      guard let stored = amounts[Key(tracker: number, day: record.day.daysSinceEpoch)] else {
        leftOut += 1
        continue
      }
      guard let thousandths = stored else {
        result.append(record)
        continue
      }
      guard let amount = Amount(thousandths: thousandths), amount <= .maximum else {
        leftOut += 1
        continue
      }
      result.append(TrackerRecord(trackerID: record.trackerID, day: record.day, amount: amount))
    }
    return (result, leftOut)
  }

  /// The notes of `trackers` that can be vouched for, each by its seal and the note rules, and how
  /// many were left out. When SQL cannot read the table whole, the pages are scanned for its rows
  /// (tracker, day, text, seal); a note found twice with different texts is left out.
  package static func readNotes(
    _ database: Database, trackers: [(number: Int, tracker: Tracker)], cells: () -> [PageScan.Cell]
  ) -> (notes: [TrackerNote], leftOut: Int) {
    var texts: [Key: String?] = [:]
    var leftOut = 0
    func add(_ key: Key, _ text: String) {
      if let earlier = texts[key], earlier != text {
        texts.updateValue(nil, forKey: key)
      } else if texts[key] == nil {
        texts[key] = text
      }
    }
    do {
      try database.prepare("SELECT tracker, day, text, seal FROM note").forEachRow { row in
        do {
          let note = try TrackerRows.decodeNote(UUID(), row)
          add(Key(tracker: row.int(0), day: row.int(1)), note.text)
        } catch {
          leftOut += 1
        }
      }
    } catch {
      for cell in cells() where cell.rowid == nil && cell.values.count == 4 {
        guard case .integer(let number) = cell.values[0], case .integer(let day) = cell.values[1],
          case .text(let text) = cell.values[2], case .integer(let seal) = cell.values[3]
        else { continue }
        guard seal == TrackerRows.noteSeal(number: Int(number), day: Int(day), text: text),
          case .success(text) = TrackerNote.validatedText(text)
        else {
          leftOut += 1
          continue
        }
        add(Key(tracker: Int(number), day: Int(day)), text)
      }
    }
    let ids = Dictionary(trackers.map { ($0.number, $0.tracker.id) }, uniquingKeysWith: { first, _ in first })
    var notes: [TrackerNote] = []
    for (key, text) in texts.sorted(by: { ($0.key.tracker, $0.key.day) < ($1.key.tracker, $1.key.day) }) {
      guard let text, let id = ids[key.tracker], Row.dayRange.contains(key.day),
        Day(daysSinceEpoch: key.day).isStorable
      else {
        leftOut += 1
        continue
      }
      notes.append(TrackerNote(trackerID: id, day: Day(daysSinceEpoch: key.day), text: text))
    }
    return (notes, leftOut)
  }
}
