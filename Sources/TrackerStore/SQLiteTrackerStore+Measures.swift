import Foundation
import TrackerModels
import TrackerSQLite

/// Schema 5 (docs/data-format.md): a measurable tracker's goal and a quota habit's quota in
/// `tracker_goal` (one sealed row per tracker that has either; a yes/no weekday habit or an event
/// has none, so every tracker row and seal written before schema 5 stays as it was), a record's
/// amount in `record.amount` (thousandths, NULL for none), and notes in `note`, each sealed.
///
/// The summaries of schema 2 know nothing of goals: they are kept as before, and the statistics
/// read a measurable or quota tracker's records day by day (`Statistics(summaries:…)`).
extension SQLiteTrackerStore {
  // MARK: Goals

  /// What `tracker_goal` holds for one tracker.
  struct Goal: Hashable {
    var measure: TrackerMeasure
    var quota: Quota?
  }

  /// Every goal row of `database` by tracker number, each checked against its seal.
  static func loadGoals(_ database: Database) throws -> [Int: Goal] {
    var goals: [Int: Goal] = [:]
    try database.cached(
      "SELECT tracker, unit, target, direction, quota_count, quota_period, seal FROM tracker_goal"
    ).forEachRow { row in
      goals[row.int(0)] = try decodeGoal(row)
    }
    return goals
  }

  /// The goal row of tracker `number`, if it has one.
  func loadGoal(_ number: Int) throws -> Goal? {
    try database.cached(
      "SELECT tracker, unit, target, direction, quota_count, quota_period, seal FROM tracker_goal WHERE tracker = ?"
    ).rows([.integer(Int64(number))]) { try Self.decodeGoal($0) }.first
  }

  /// A goal row (tracker, unit, target, direction, quota count, quota period, seal); damage throws
  /// `SQLITE_CORRUPT` naming the tracker.
  static func decodeGoal(_ row: Row) throws -> Goal {
    func optional(_ index: Int32) -> Statement.Value {
      if row.isNull(index) { return .null }
      return row.isInteger(index) ? .integer(Int64(row.int(index))) : .text(row.text(index))
    }
    try RowSeal.check(row.int(6), (0..<6).map { optional(Int32($0)) }, .tracker)
    func damaged() -> SQLiteError { SQLiteError(damage: .invalidValue(.tracker)) }
    var goal = Goal(measure: .yesNo, quota: nil)
    if !row.isNull(1) {
      guard let target = Amount(thousandths: row.int(2)),
        let direction = MeasureDirection(rawValue: row.text(3)),
        let measure = try? TrackerMeasure.measurable(unit: row.text(1), target: target, direction: direction)
      else { throw damaged() }
      goal.measure = measure
    }
    if !row.isNull(4) {
      guard let period = Quota.Period(rawValue: row.text(5)), let quota = Quota(row.int(4), per: period)
      else {
        throw damaged()
      }
      goal.quota = quota
    }
    return goal
  }

  /// `tracker` with the measure and quota of `goal` (none: yes/no, no quota). A quota on a tracker
  /// that is not a habit is damage: the store never writes one.
  static func applying(_ goal: Goal?, to tracker: Tracker) throws -> Tracker {
    guard let goal else { return tracker }
    var result = tracker
    result.measure = goal.measure
    if let quota = goal.quota {
      guard tracker.kind.isHabit, tracker.kind.dueDays == .everyDay else {
        throw SQLiteError(damage: .invalidValue(.tracker))
      }
      result.kind = .habit(Schedule(quota: quota))
    }
    return result
  }

  /// The values of `tracker`'s goal row after its number (unit, target, direction, quota count,
  /// quota period), or nil when it needs none.
  static func goalValues(_ tracker: Tracker) -> [Statement.Value]? {
    let quota = tracker.quota
    guard tracker.measure != .yesNo || quota != nil else { return nil }
    let goal = tracker.measure.goal
    return [
      goal.map { .text($0.unit) } ?? .null,
      goal.map { .integer(Int64($0.target.thousandths)) } ?? .null,
      goal.map { .text($0.direction.rawValue) } ?? .null,
      quota.map { .integer(Int64($0.count)) } ?? .null,
      quota.map { .text($0.period.rawValue) } ?? .null,
    ]
  }

  /// Writes (or removes) tracker `number`'s goal row to match `tracker`: an upsert, not a
  /// replace, so the row's update trigger sees what changed (`Schema.syncEditsSQL`).
  func storeGoal(_ tracker: Tracker, number: Int) throws {
    guard let values = Self.goalValues(tracker) else {
      try database.cached("DELETE FROM tracker_goal WHERE tracker = ?").run([.integer(Int64(number))])
      return
    }
    let row = [Statement.Value.integer(Int64(number))] + values
    try database.cached(
      """
      INSERT INTO tracker_goal (tracker, unit, target, direction, quota_count, quota_period, seal)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (tracker) DO UPDATE SET unit = excluded.unit, target = excluded.target,
          direction = excluded.direction, quota_count = excluded.quota_count,
          quota_period = excluded.quota_period, seal = excluded.seal
      """
    ).run(row + [.integer(RowSeal.of(row))])
  }

  // MARK: Records

  /// The record of `id` from a row with its day at `day` and its amount (or NULL) at `amount`;
  /// a negative amount is damage.
  static func decodeRecord(_ id: UUID, _ row: Row, day: Int32, amount: Int32) throws -> TrackerRecord {
    let recordDay = try row.day(day)
    guard !row.isNull(amount) else { return TrackerRecord(trackerID: id, day: recordDay) }
    guard let value = Amount(thousandths: row.int(amount)) else {
      throw SQLiteError(damage: .invalidValue(.tracker))
    }
    return TrackerRecord(trackerID: id, day: recordDay, amount: value)
  }

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
        return try Self.decodeRecord(id, row, day: 1, amount: 2)
      }.compactMap { $0 }
    }
  }

  // MARK: Notes

  /// The seal of a note row: its tracker's number, day and text.
  static func noteSeal(number: Int, day: Int, text: String) -> Int64 {
    RowSeal.of([.integer(Int64(number)), .integer(Int64(day)), .text(text)])
  }

  /// A note of `id` from a row (tracker number, day, text, seal), checked against its seal and the
  /// note rules.
  static func decodeNote(_ id: UUID, _ row: Row) throws -> TrackerNote {
    try RowSeal.check(
      row.int(3), [.integer(Int64(row.int(0))), .integer(Int64(row.int(1))), .text(row.text(2))], .note)
    guard case .success(let text) = TrackerNote.validatedText(row.text(2)), text == row.text(2) else {
      throw SQLiteError(damage: .invalidValue(.note))
    }
    return TrackerNote(trackerID: id, day: try row.day(1), text: text)
  }

  /// Stores the note of tracker `number` on `day` unless one is there; returns whether it was added.
  @discardableResult
  func insertNote(_ text: String, number: Int, day: Day) throws -> Bool {
    try database.cached("INSERT OR IGNORE INTO note (tracker, day, text, seal) VALUES (?, ?, ?, ?)").run([
      .integer(Int64(number)), .integer(Int64(day.daysSinceEpoch)), .text(text),
      .integer(Self.noteSeal(number: number, day: day.daysSinceEpoch, text: text)),
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
      .rows([.integer(Int64(number))]) { try Self.decodeNote(trackerID, $0) }
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
        return try Self.decodeNote(id, row)
      }.compactMap { $0 }
    }
  }

  /// Every note of tracker `number`, ascending by day.
  func loadNotes(_ id: UUID, number: Int) throws -> [TrackerNote] {
    try database.cached("SELECT tracker, day, text, seal FROM note WHERE tracker = ? ORDER BY day")
      .rows([.integer(Int64(number))]) { try Self.decodeNote(id, $0) }
  }
}

extension SQLiteTrackerStore {
  /// Every goal and note row of `database` checked against its seal and rules, and every amount
  /// against its range: the part of the full check for schema 5.
  static func checkGoalsAndNotes(_ database: Database) throws {
    let goals = try loadGoals(database)
    try database.prepare("SELECT \(trackerColumns) FROM tracker").forEachRow { row in
      _ = try applying(goals[row.int(0)], to: try decodeTracker(row).tracker)
    }
    try database.prepare("SELECT tracker, day, text, seal FROM note").forEachRow { row in
      _ = try decodeNote(UUID(), row)
    }
    let negative = try database.prepare("SELECT COUNT(*) FROM record WHERE amount < 0").rows { $0.int(0) }
    if negative.first ?? 0 > 0 { throw SQLiteError(damage: .invalidValue(.tracker)) }
  }
}
