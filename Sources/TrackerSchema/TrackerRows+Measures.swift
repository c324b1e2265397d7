import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite

extension TrackerRows {
  /// What `tracker_goal` holds for one tracker.
  package struct Goal: Hashable {
    package var measure: TrackerMeasure
    package var quota: Quota?
    /// A window habit's N times in Y days (schema 11: `quota_period` 'days', Y in `quota_days`).
    package var window: TimesInDays?

    package init(measure: TrackerMeasure, quota: Quota?, window: TimesInDays? = nil) {
      self.measure = measure
      self.quota = quota
      self.window = window
    }
  }

  /// A goal row's columns, in the order `decodeGoal` reads them: the first six and the seal as
  /// schema 5 made them, then schema 11's `quota_days` (a window's Y) and `target_period` (a
  /// period target's week or month).
  package static let goalColumns =
    "tracker, unit, target, direction, quota_count, quota_period, seal, quota_days, target_period"

  /// `goalColumns` for a file of `version`: before schema 11, NULL for the columns it lacks.
  package static func goalColumns(version: Int) -> String {
    version >= Schema.pacesVersion
      ? goalColumns : "tracker, unit, target, direction, quota_count, quota_period, seal, NULL, NULL"
  }

  /// Every goal row of `database` by tracker number, each checked against its seal.
  package static func loadGoals(_ database: Database, columns: String = goalColumns) throws -> [Int: Goal] {
    var goals: [Int: Goal] = [:]
    try database.cached("SELECT \(columns) FROM tracker_goal").forEachRow { row in
      goals[row.int(0)] = try decodeGoal(row)
    }
    return goals
  }

  /// A goal row (`goalColumns`); damage throws `SQLITE_CORRUPT` naming the tracker. The seal
  /// covers the first six columns and, only when set, schema 11's: a row written before schema 11
  /// keeps its seal, and at most one of them is ever set (a window has no unit's period).
  package static func decodeGoal(_ row: Row) throws -> Goal {
    func optional(_ index: Int32) -> Statement.Value {
      if row.isNull(index) { return .null }
      return row.isInteger(index) ? .integer(Int64(row.int(index))) : .text(row.text(index))
    }
    let sealed: [Statement.Value] =
      (0..<6).map { optional(Int32($0)) } + [7, 8].filter { !row.isNull($0) }.map(optional)
    try RowSeal.check(row.int(6), sealed, .tracker)
    func damaged() -> SQLiteError { SQLiteError(damage: .invalidValue(.tracker)) }
    var goal = Goal(measure: .yesNo, quota: nil)
    var period: Quota.Period?
    if !row.isNull(8) {
      guard let parsed = Quota.Period(rawValue: row.text(8)) else { throw damaged() }
      period = parsed
    }
    if !row.isNull(1) {
      guard let target = Amount(thousandths: row.int(2)),
        let direction = MeasureDirection(rawValue: row.text(3)),
        let measure = try? TrackerMeasure.measurable(
          unit: row.text(1), target: target, direction: direction, period: period)
      else { throw damaged() }
      goal.measure = measure
    } else if period != nil {
      throw damaged()
    }
    if !row.isNull(4) {
      if row.text(5) == windowPeriod {
        guard !row.isNull(7), let window = TimesInDays(row.int(4), in: row.int(7)) else { throw damaged() }
        goal.window = window
      } else {
        guard row.isNull(7), let period = Quota.Period(rawValue: row.text(5)),
          let quota = Quota(row.int(4), per: period)
        else { throw damaged() }
        goal.quota = quota
      }
    }
    return goal
  }

  /// `quota_period` of a window habit (schema 11).
  static let windowPeriod = "days"

  /// `tracker` with the measure, quota and window of `goal` (none: yes/no, on its weekdays). A
  /// quota or a window on a tracker that is not a habit of every day, or a measure that does not
  /// go with them (`Tracker.paceConflict`), is damage: the store never writes one.
  package static func applying(_ goal: Goal?, to tracker: Tracker) throws -> Tracker {
    guard let goal else { return tracker }
    var result = tracker
    result.measure = goal.measure
    if goal.quota != nil || goal.window != nil {
      guard tracker.kind.isHabit, tracker.kind.dueDays == .everyDay else {
        throw SQLiteError(damage: .invalidValue(.tracker))
      }
      if let quota = goal.quota { result.kind = .habit(Schedule(quota: quota)) }
      if let window = goal.window { result.kind = .habit(Schedule(window: window)) }
    }
    if result.paceConflict != nil { throw SQLiteError(damage: .invalidValue(.tracker)) }
    return result
  }

  /// The values of `tracker`'s goal row after its number, in `goalColumns`' order without the
  /// seal (unit, target, direction, quota count, quota period, quota days, target period), or nil
  /// when it needs none.
  package static func goalValues(_ tracker: Tracker) -> [Statement.Value]? {
    let quota = tracker.quota
    let window = tracker.window
    guard tracker.measure != .yesNo || quota != nil || window != nil else { return nil }
    let goal = tracker.measure.goal
    let count = quota?.count ?? window?.count
    return [
      goal.map { .text($0.unit) } ?? .null,
      goal.map { .integer(Int64($0.target.thousandths)) } ?? .null,
      goal.map { .text($0.direction.rawValue) } ?? .null,
      count.map { .integer(Int64($0)) } ?? .null,
      quota.map { .text($0.period.rawValue) } ?? (window == nil ? .null : .text(windowPeriod)),
      window.map { .integer(Int64($0.days)) } ?? .null,
      goal?.period.map { .text($0.rawValue) } ?? .null,
    ]
  }

  /// The seal of tracker `number`'s goal row of `values` (`goalValues`): see `decodeGoal`.
  package static func goalSeal(number: Int, _ values: [Statement.Value]) -> Int64 {
    let set = values.dropFirst(5).filter {
      if case .null = $0 { return false }
      return true
    }
    return RowSeal.of([.integer(Int64(number))] + values.prefix(5) + set)
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
  package static func checkGoalsAndNotes(_ database: Database, version: Int) throws {
    let goals = try loadGoals(database, columns: goalColumns(version: version))
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
