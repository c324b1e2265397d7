import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite

extension TrackerRows {
  /// What `tracker_goal` holds for one tracker.
  package struct Goal: Hashable {
    package var measure: TrackerMeasure
    package var quota: Quota?

    package init(measure: TrackerMeasure, quota: Quota?) {
      self.measure = measure
      self.quota = quota
    }
  }

  /// Every goal row of `database` by tracker number, each checked against its seal.
  package static func loadGoals(_ database: Database) throws -> [Int: Goal] {
    var goals: [Int: Goal] = [:]
    try database.cached(
      "SELECT tracker, unit, target, direction, quota_count, quota_period, seal FROM tracker_goal"
    ).forEachRow { row in
      goals[row.int(0)] = try decodeGoal(row)
    }
    return goals
  }

  /// A goal row (tracker, unit, target, direction, quota count, quota period, seal); damage throws
  /// `SQLITE_CORRUPT` naming the tracker.
  package static func decodeGoal(_ row: Row) throws -> Goal {
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
  package static func applying(_ goal: Goal?, to tracker: Tracker) throws -> Tracker {
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
  package static func goalValues(_ tracker: Tracker) -> [Statement.Value]? {
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

  /// The record of `id` from a row with its day at `day` and its amount (or NULL) at `amount`;
  /// a negative amount is damage.
  package static func decodeRecord(_ id: UUID, _ row: Row, day: Int32, amount: Int32) throws -> TrackerRecord
  {
    let recordDay = try row.day(day)
    guard !row.isNull(amount) else { return TrackerRecord(trackerID: id, day: recordDay) }
    guard let value = Amount(thousandths: row.int(amount)) else {
      throw SQLiteError(damage: .invalidValue(.tracker))
    }
    return TrackerRecord(trackerID: id, day: recordDay, amount: value)
  }

  /// The seal of a note row: its tracker's number, day and text.
  package static func noteSeal(number: Int, day: Int, text: String) -> Int64 {
    RowSeal.of([.integer(Int64(number)), .integer(Int64(day)), .text(text)])
  }

  /// A note of `id` from a row (tracker number, day, text, seal), checked against its seal and the
  /// note rules.
  package static func decodeNote(_ id: UUID, _ row: Row) throws -> TrackerNote {
    try RowSeal.check(
      row.int(3), [.integer(Int64(row.int(0))), .integer(Int64(row.int(1))), .text(row.text(2))], .note)
    guard case .success(let text) = TrackerNote.validatedText(row.text(2)), text == row.text(2) else {
      throw SQLiteError(damage: .invalidValue(.note))
    }
    return TrackerNote(trackerID: id, day: try row.day(1), text: text)
  }

  /// Every goal and note row of `database` checked against its seal and rules, and every amount
  /// against its range: the part of the full check for schema 5.
  package static func checkGoalsAndNotes(_ database: Database) throws {
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
