import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite

extension TrackerRows {
  /// Every category of `database`, each checked against its seal.
  package static func loadCategories(_ database: Database) throws -> [TrackerCategory] {
    try database.cached("SELECT id, title, seal FROM category").rows { try decodeCategory($0) }
  }

  /// Every category, tracker and setting of `database` read and checked against its seal: the
  /// part of the full check SQLite's integrity check cannot do.
  package static func checkSeals(_ database: Database) throws {
    _ = try loadCategories(database)
    try database.prepare("SELECT \(trackerColumns) FROM tracker").forEachRow { _ = try decodeTracker($0) }
    _ = try loadSettings(database)
  }

  /// Seals every row of a file written before schema 3 (the summaries as they are; the migration
  /// computes them again after).
  package static func sealEveryRow(_ database: Database) throws {
    let categories = try database.prepare("SELECT id, title FROM category").rows { ($0.text(0), $0.text(1)) }
    for (id, title) in categories {
      try database.prepare("UPDATE category SET seal = ? WHERE id = ?")
        .run([.integer(RowSeal.of([.text(id), .text(title)])), .text(id)])
    }
    let trackers = try database.prepare("SELECT \(trackerColumns) FROM tracker").rows {
      ($0.int(0), RowSeal.of(sealedValues($0)), RowSeal.of(summaryValues($0)))
    }
    for (number, seal, summarySeal) in trackers {
      try database.prepare("UPDATE tracker SET seal = ?, summary_seal = ? WHERE number = ?")
        .run([.integer(seal), .integer(summarySeal), .integer(Int64(number))])
    }
    let days = try database.prepare("SELECT day, records, done_due FROM day_summary").rows {
      ($0.int(0), $0.int(1), $0.int(2))
    }
    for (day, records, doneDue) in days {
      try database.prepare("UPDATE day_summary SET seal = ? WHERE day = ?")
        .run([.integer(daySummarySeal(day: day, records: records, doneDue: doneDue)), .integer(Int64(day))])
    }
    let settings = try database.prepare("SELECT key, value FROM setting").rows { ($0.text(0), $0.text(1)) }
    for (key, value) in settings {
      try database.prepare("UPDATE setting SET seal = ? WHERE key = ?")
        .run([.integer(RowSeal.of([.text(key), .text(value)])), .text(key)])
    }
  }

  /// A category row (id, title, seal); damage throws `SQLITE_CORRUPT`. `sealed` false reads a
  /// file written before schema 3 (salvage).
  package static func decodeCategory(_ row: Row, sealed: Bool = true) throws -> TrackerCategory {
    if sealed { try RowSeal.check(row.int(2), [.text(row.text(0)), .text(row.text(1))], .category) }
    guard let id = UUID(canonical: row.text(0)) else {
      throw SQLiteError(damage: .invalidValue(.category))
    }
    return TrackerCategory(id: id, title: row.text(1))
  }

  /// Title, comparison key and seal.
  package static func categoryValues(_ category: TrackerCategory) -> [Statement.Value] {
    [
      .text(category.title), .text(NameRules.comparisonKey(category.title)),
      .integer(RowSeal.of([.text(category.id.uuidString), .text(category.title)])),
    ]
  }

  /// The columns `decodeTracker` reads, in its order: the tracker, sealed by `seal`, then its
  /// statistics summary, sealed by `summary_seal`.
  package static let trackerColumns = trackerColumns(sealed: true)

  /// `trackerColumns`, or for a file written before schema 3 (salvage) the columns every version
  /// has, with placeholders for the rest.
  package static func trackerColumns(sealed: Bool) -> String {
    sealed
      ? "number, seal, id, name, emoji, color, category_id, pinned, created_day, schedule, record_count, "
        + "first_record_day, last_record_day, best_streak, last_run, summary_seal"
      : "number, 0, id, name, emoji, color, category_id, pinned, created_day, schedule, record_count, "
        + "first_record_day, NULL, 0, 0, 0"
  }

  /// The sealed values of the tracker row of `trackerColumns`, as stored.
  package static func sealedValues(_ row: Row) -> [Statement.Value] {
    [
      .integer(Int64(row.int(0))), .text(row.text(2)), .text(row.text(3)), .text(row.text(4)),
      .integer(Int64(row.int(5))), .text(row.text(6)), .integer(Int64(row.int(7))),
      .integer(Int64(row.int(8))),
      row.isNull(9) ? .null : .integer(Int64(row.int(9))),
    ]
  }

  /// The sealed summary values of the tracker row of `trackerColumns`, as stored.
  package static func summaryValues(_ row: Row) -> [Statement.Value] {
    func optional(_ index: Int32) -> Statement.Value {
      row.isNull(index) ? .null : .integer(Int64(row.int(index)))
    }
    return [
      .integer(Int64(row.int(0))), .integer(Int64(row.int(10))), optional(11), optional(12),
      .integer(Int64(row.int(13))), .integer(Int64(row.int(14))),
    ]
  }

  /// A tracker row of `trackerColumns`. A row that holds no valid tracker, or whose seal does not
  /// match, is damage and throws `SQLITE_CORRUPT`: it is reported, never skipped in silence.
  /// `checksSummary` false ignores the summary (salvage computes it again).
  package static func decodeTracker(_ row: Row, sealed: Bool = true, checksSummary: Bool = true) throws
    -> TrackerSummary
  {
    func damaged() -> SQLiteError { SQLiteError(damage: .invalidValue(.tracker)) }
    if sealed {
      try RowSeal.check(row.int(1), sealedValues(row), .tracker)
      if checksSummary { try RowSeal.check(row.int(15), summaryValues(row), .trackerSummary) }
    }
    guard let id = UUID(canonical: row.text(2)), let category = UUID(canonical: row.text(6)) else {
      throw damaged()
    }
    let kind: TrackerKind
    if row.isNull(9) {
      kind = .event
    } else {
      guard (1...127).contains(row.int(9)), let schedule = Schedule(WeekdaySet(rawValue: UInt8(row.int(9))))
      else {
        throw damaged()
      }
      kind = .habit(schedule)
    }
    guard (0...0xFF_FFFF).contains(row.int(5)), row.int(10) >= 0 else {
      throw damaged()
    }
    let tracker = Tracker(
      id: id, name: row.text(3), emoji: row.text(4), color: TrackerColor(rgb: UInt32(row.int(5))),
      categoryID: category, isPinned: row.int(7) != 0, createdOn: try row.day(8), kind: kind)
    return TrackerSummary(
      tracker: tracker, recordCount: row.int(10), earliestRecord: row.isNull(11) ? nil : try row.day(11))
  }

  /// Name, name key, emoji, color, category, pin, first day, schedule and seal.
  package static func trackerValues(_ tracker: Tracker, number: Int) -> [Statement.Value] {
    let schedule: Statement.Value
    switch tracker.kind {
    case .habit(let days): schedule = .integer(Int64(days.days.rawValue))
    case .event: schedule = .null
    }
    let color = Statement.Value.integer(Int64(tracker.color.rgb))
    let pinned = Statement.Value.integer(tracker.isPinned ? 1 : 0)
    let created = Statement.Value.integer(Int64(tracker.createdOn.daysSinceEpoch))
    let seal = RowSeal.of([
      .integer(Int64(number)), .text(tracker.id.uuidString), .text(tracker.name), .text(tracker.emoji), color,
      .text(tracker.categoryID.uuidString), pinned, created, schedule,
    ])
    return [
      .text(tracker.name), .text(NameRules.comparisonKey(tracker.name)), .text(tracker.emoji), color,
      .text(tracker.categoryID.uuidString), pinned, created, schedule, .integer(seal),
    ]
  }

  /// The settings stored in `database`, each checked against its seal.
  package static func loadSettings(_ database: Database, sealed: Bool = true) throws -> StoreSettings {
    var values: [String: String] = [:]
    try database.cached("SELECT key, value, \(sealed ? "seal" : "0") FROM setting").forEachRow {
      if sealed { try RowSeal.check($0.int(2), [.text($0.text(0)), .text($0.text(1))], .setting) }
      values[$0.text(0)] = $0.text(1)
    }
    var settings = StoreSettings(
      isOnboardingDone: values["onboarding_done"] == "1",
      filter: values["filter"].flatMap(TrackerFilter.init(rawValue:)) ?? .all,
      lastChosenCategoryID: values["last_category"].flatMap(UUID.init(uuidString:)),
      reminder: ReminderSettings(
        isOn: values["reminder_on"] == "1",
        time: values["reminder_time"].flatMap(ReminderTime.init) ?? .evening),
      dayStart: values["day_start"].flatMap(DayStart.init) ?? .midnight)
    // Ids that do not read as one are left out: a collapsed category shows open again.
    settings.collapsedCategoryIDs = Set(
      (values["collapsed"] ?? "").split(separator: ",").compactMap { UUID(uuidString: String($0)) })
    return settings
  }
}
