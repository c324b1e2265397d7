import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite

extension TrackerRows {
  /// Recomputes tracker `number`'s stored count, first and last record and streak walk (with its
  /// days off, once the file has them).
  package static func refreshStreaks(_ number: Int, in database: Database, readingDaysOff: Bool = true) throws
  {
    let found = try database.cached("SELECT \(trackerColumns) FROM tracker WHERE number = ?")
      .rows([.integer(Int64(number))]) { try decodeTracker($0) }
    guard let tracker = found.first?.tracker else { return }
    let days = try database.cached("SELECT day FROM record WHERE tracker = ? ORDER BY day")
      .rows([.integer(Int64(number))]) { try $0.day(0) }
    let off = readingDaysOff ? try daysOff(number, in: database) : []
    try store(
      TrackerStreakSummary(tracker: tracker, recordDays: days, daysOff: off), number: number, in: database)
  }

  /// The days off of tracker `number`, ascending.
  package static func daysOff(_ number: Int, in database: Database) throws -> [Day] {
    try database.cached("SELECT day FROM day_off WHERE tracker = ? ORDER BY day")
      .rows([.integer(Int64(number))]) { try $0.day(0) }
  }

  /// Writes a tracker's summary, sealed.
  package static func store(_ summary: TrackerStreakSummary, number: Int, in database: Database) throws {
    try database.cached(
      """
      UPDATE tracker SET record_count = ?, first_record_day = ?, last_record_day = ?, best_streak = ?,
        last_run = ?, summary_seal = ? WHERE number = ?
      """
    ).run(
      Array(summaryValues(summary, number: number).dropFirst()) + [
        .integer(summarySeal(number: number, summary)), .integer(Int64(number)),
      ])
  }

  /// Number, count, first and last record, best streak and run at the last record: what
  /// `summary_seal` seals, in the order of `summaryValues(_ row:)`.
  package static func summaryValues(_ summary: TrackerStreakSummary, number: Int) -> [Statement.Value] {
    func day(_ value: Day?) -> Statement.Value { value.map { .integer(Int64($0.daysSinceEpoch)) } ?? .null }
    return [
      .integer(Int64(number)), .integer(Int64(summary.recordCount)), day(summary.firstRecord),
      day(summary.lastRecord),
      .integer(Int64(summary.bestStreak)), .integer(Int64(summary.runAtLastRecord)),
    ]
  }

  package static func summarySeal(number: Int, _ summary: TrackerStreakSummary) -> Int64 {
    RowSeal.of(summaryValues(summary, number: number))
  }

  package static func daySummarySeal(day: Int, records: Int, doneDue: Int) -> Int64 {
    RowSeal.of(integers: day, records, doneDue)
  }

  /// Every day summary, by day, each checked against its seal.
  package static func loadDaySummaries(_ database: Database) throws -> [DaySummary] {
    try database.cached("SELECT day, records, done_due, seal FROM day_summary ORDER BY day").rows {
      guard Int64($0.int(3)) == daySummarySeal(day: $0.int(0), records: $0.int(1), doneDue: $0.int(2)) else {
        throw SQLiteError(damage: .sealMismatch(.daySummary))
      }
      return DaySummary(day: try $0.day(0), records: $0.int(1), doneDueHabits: $0.int(2))
    }
  }

  /// Compares every stored summary with one computed from the records, and checks each day
  /// summary's seal; a difference is damage (`SQLITE_CORRUPT`). Part of the full check: the
  /// summaries repeat nothing SQLite could check.
  package static func checkSummaries(_ database: Database, readingDaysOff: Bool) throws {
    let days = try database.prepare("SELECT day FROM record WHERE tracker = ? ORDER BY day")
    try database.prepare("SELECT \(trackerColumns) FROM tracker")
      .forEachRow { row in
        let stored = try decodeTracker(row)
        let number = row.int(0)
        let computed = TrackerStreakSummary(
          tracker: stored.tracker, recordDays: try days.rows([.integer(Int64(number))]) { try $0.day(0) },
          daysOff: readingDaysOff ? try daysOff(number, in: database) : [])
        let lastRecord = row.isNull(12) ? nil : try row.day(12)
        guard
          computed.recordCount == stored.recordCount, computed.firstRecord == stored.earliestRecord,
          computed.lastRecord == lastRecord, computed.bestStreak == row.int(13),
          computed.runAtLastRecord == row.int(14)
        else {
          throw SQLiteError(damage: .summaryMismatch(.trackerSummary))
        }
      }
    // Each summary checked against its seal too, as every read checks it: a flipped seal the
    // values still agree with would pass the comparison and fail every read (a store stuck).
    let storedDays = try database.prepare("SELECT day, records, done_due, seal FROM day_summary ORDER BY day")
      .rows { row in
        guard Int64(row.int(3)) == daySummarySeal(day: row.int(0), records: row.int(1), doneDue: row.int(2))
        else { throw SQLiteError(damage: .sealMismatch(.daySummary)) }
        return [row.int(0), row.int(1), row.int(2)]
      }
    let computedDays = try database.prepare(
      """
      SELECT record.day, COUNT(*), \(Schema.doneDueSum) FROM record JOIN tracker ON tracker.number = record.tracker
      GROUP BY record.day ORDER BY record.day
      """
    ).rows { [$0.int(0), $0.int(1), $0.int(2)] }
    guard storedDays == computedDays else {
      throw SQLiteError(damage: .summaryMismatch(.daySummary))
    }
  }

  /// `tracker` as its summary sees it, as its row holds it (`refreshStreaks` and the full check
  /// read it so): yes/no, on the weekdays it is due. Summaries hold no amounts and no periods; a
  /// measure or a quota lives in `tracker_goal`, and the statistics compute those trackers day by
  /// day.
  package static func summarized(_ tracker: Tracker) -> Tracker {
    var plain = tracker
    plain.measure = .yesNo
    if tracker.kind.isHabit { plain.kind = .habit(Schedule(tracker.kind.dueDays) ?? .everyDay) }
    return plain
  }
}
