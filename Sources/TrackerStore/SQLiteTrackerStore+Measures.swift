import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

/// Schema 5 (docs/data-format.md): a measurable tracker's goal and a quota habit's quota in
/// `tracker_goal` (one sealed row per tracker that has either; a yes/no weekday habit or an event
/// has none, so every tracker row and seal written before schema 5 stays as it was), a record's
/// amount in `record.amount` (thousandths, NULL for none), and notes in `note`, each sealed.
///
/// The summaries of schema 2 know nothing of goals: they are kept as before, and the statistics
/// read a measurable or quota tracker's records day by day (`Statistics(summaries:…)`).
extension SQLiteTrackerStore {
  /// A tracker's goal row as decoded (`TrackerRows.Goal`).
  typealias Goal = TrackerRows.Goal
  // MARK: Goals

  /// The goal row of tracker `number`, if it has one.
  func loadGoal(_ number: Int) throws -> Goal? {
    try database.cached("SELECT \(TrackerRows.goalColumns) FROM tracker_goal WHERE tracker = ?").rows([
      .integer(Int64(number))
    ]) { try TrackerRows.decodeGoal($0) }.first
  }

  /// Writes (or removes) tracker `number`'s goal row to match `tracker`: an upsert, not a
  /// replace, so the row's update trigger sees what changed (`Schema.syncEditsSQL`).
  func storeGoal(_ tracker: Tracker, number: Int) throws {
    guard let values = TrackerRows.goalValues(tracker) else {
      try database.cached("DELETE FROM tracker_goal WHERE tracker = ?").run([.integer(Int64(number))])
      return
    }
    let row = [Statement.Value.integer(Int64(number))] + values
    try database.cached(
      """
      INSERT INTO tracker_goal (tracker, unit, target, direction, quota_count, quota_period, quota_days,
          target_period, seal)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (tracker) DO UPDATE SET unit = excluded.unit, target = excluded.target,
          direction = excluded.direction, quota_count = excluded.quota_count,
          quota_period = excluded.quota_period, quota_days = excluded.quota_days,
          target_period = excluded.target_period, seal = excluded.seal
      """
    ).run(row + [.integer(TrackerRows.goalSeal(number: number, values))])
  }

  // MARK: Records

  /// The amount of tracker `number`'s record on `day`: nil without a record, `.some(nil)` for a
  /// record without an amount.
  func storedAmount(_ number: Int, _ day: Day) throws -> Amount?? {
    try database.cached("SELECT amount FROM record WHERE tracker = ? AND day = ?")
      .rows([.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))]) { row -> Amount? in
        row.isNull(0) ? nil : Amount(thousandths: row.int(0))
      }.first
  }

  @discardableResult
  public func setAmount(_ amount: Amount?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try StoreRules.checkStorable(day)
    var changed = false
    try write {
      changed = false
      guard let found = try self.loadTracker(trackerID) else { throw StoreError.trackerNotFound(trackerID) }
      guard try self.loadGoal(found.number)?.measure ?? .yesNo != .yesNo else {
        throw StoreError.notMeasurable(trackerID)
      }
      let key: [Statement.Value] = [.integer(Int64(found.number)), .integer(Int64(day.daysSinceEpoch))]
      let stored = try self.storedAmount(found.number, day)
      if let amount {
        if let stored, stored == amount { return StoreChange() }
        try self.checkNotAhead([day])
        try self.database.cached(
          "INSERT INTO record (tracker, day, amount) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET amount = excluded.amount"
        ).run(key + [.integer(Int64(amount.thousandths))])
        // A record cancels a day off: the two exclude each other.
        try self.database.cached("DELETE FROM day_off WHERE tracker = ? AND day = ?").run(key)
      } else {
        guard stored != nil else { return StoreChange() }
        try self.database.cached("DELETE FROM record WHERE tracker = ? AND day = ?").run(key)
      }
      changed = true
      try self.refreshSummary(found.number)
      try self.refreshDays([day.daysSinceEpoch])
      return StoreChange(recordDays: [trackerID: [day]])
    }
    return changed
  }

  public func records(trackerID: UUID) throws(StoreError) -> [TrackerRecord] {
    try reading { try self.loadRecords(trackerID) }
  }

  public func records(on day: Day) throws(StoreError) -> [TrackerRecord] {
    try reading {
      try self.database.cached(
        "SELECT tracker.id, record.day, record.amount FROM record JOIN tracker ON tracker.number = record.tracker WHERE record.day = ?"
      ).rows([.integer(Int64(day.daysSinceEpoch))]) { row -> TrackerRecord? in
        guard let id = UUID(canonical: row.text(0)) else { return nil }
        return try TrackerRows.decodeRecord(id, row, day: 1, amount: 2)
      }.compactMap { $0 }
    }
  }

  // MARK: Notes

  /// Stores the note of tracker `number` on `day` unless one is there; returns whether it was added.
  @discardableResult
  func insertNote(_ text: String, number: Int, day: Day) throws -> Bool {
    try database.cached("INSERT OR IGNORE INTO note (tracker, day, text, seal) VALUES (?, ?, ?, ?)").run([
      .integer(Int64(number)), .integer(Int64(day.daysSinceEpoch)), .text(text),
      .integer(TrackerRows.noteSeal(number: number, day: day.daysSinceEpoch, text: text)),
    ])
    return database.changes > 0
  }

  @discardableResult
  public func setNote(_ text: String?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try StoreRules.checkStorable(day)
    let valid = try text.map { (raw) throws(StoreError) in try StoreRules.validatedNote(raw) }
    var changed = false
    try write {
      changed = false
      guard let number = try self.trackerNumber(trackerID) else {
        throw StoreError.trackerNotFound(trackerID)
      }
      let key: [Statement.Value] = [.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))]
      let stored = try self.database.cached("SELECT text FROM note WHERE tracker = ? AND day = ?").rows(key) {
        $0.text(0)
      }.first
      guard stored != valid else { return StoreChange() }
      try self.database.cached("DELETE FROM note WHERE tracker = ? AND day = ?").run(key)
      if let valid { try self.insertNote(valid, number: number, day: day) }
      changed = true
      return StoreChange(noteDays: [trackerID: [day]])
    }
    return changed
  }

  public func notes(trackerID: UUID) throws(StoreError) -> [TrackerNote] {
    try reading {
      guard let number = try self.trackerNumber(trackerID) else { return [] }
      return try self.database.cached(
        "SELECT tracker, day, text, seal FROM note WHERE tracker = ? ORDER BY day"
      )
      .rows([.integer(Int64(number))]) { try TrackerRows.decodeNote(trackerID, $0) }
    }
  }

  public func notes(on day: Day) throws(StoreError) -> [TrackerNote] {
    try reading {
      try self.database.cached(
        """
        SELECT note.tracker, note.day, note.text, note.seal, tracker.id FROM note
          JOIN tracker ON tracker.number = note.tracker WHERE note.day = ?
        """
      ).rows([.integer(Int64(day.daysSinceEpoch))]) { row -> TrackerNote? in
        guard let id = UUID(canonical: row.text(4)) else { return nil }
        return try TrackerRows.decodeNote(id, row)
      }.compactMap { $0 }
    }
  }

  /// Every note of tracker `number`, ascending by day.
  func loadNotes(_ id: UUID, number: Int) throws -> [TrackerNote] {
    try database.cached("SELECT tracker, day, text, seal FROM note WHERE tracker = ? ORDER BY day")
      .rows([.integer(Int64(number))]) { try TrackerRows.decodeNote(id, $0) }
  }
}

extension SQLiteTrackerStore {
}
