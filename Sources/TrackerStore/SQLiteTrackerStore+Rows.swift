import CSQLite
import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite

/// The rows behind the store: reading and writing categories, trackers, summaries and settings.
/// Called only inside `read` and `write`, under the store's lock.
extension SQLiteTrackerStore {
  func loadCategories() throws -> [TrackerCategory] { StoreRules.sorted(try Self.loadCategories(database)) }

  /// Every category of `database`, each checked against its seal.
  static func loadCategories(_ database: Database) throws -> [TrackerCategory] {
    try database.cached("SELECT id, title, seal FROM category").rows { try decodeCategory($0) }
  }

  /// Every category, tracker and setting of `database` read and checked against its seal: the
  /// part of the full check SQLite's integrity check cannot do.
  static func checkSeals(_ database: Database) throws {
    _ = try loadCategories(database)
    try database.prepare("SELECT \(trackerColumns) FROM tracker").forEachRow { _ = try decodeTracker($0) }
    _ = try loadSettings(database)
  }

  /// Seals every row of a file written before schema 3 (the summaries as they are; the migration
  /// computes them again after).
  static func sealEveryRow(_ database: Database) throws {
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

  func loadCategory(_ id: UUID) throws -> TrackerCategory? {
    try database.cached("SELECT id, title, seal FROM category WHERE id = ?").rows([.text(id.uuidString)]) {
      try Self.decodeCategory($0)
    }.first
  }

  /// A category row (id, title, seal); damage throws `SQLITE_CORRUPT`. `sealed` false reads a
  /// file written before schema 3 (salvage).
  static func decodeCategory(_ row: Row, sealed: Bool = true) throws -> TrackerCategory {
    if sealed { try RowSeal.check(row.int(2), [.text(row.text(0)), .text(row.text(1))], .category) }
    guard let id = UUID(canonical: row.text(0)) else {
      throw SQLiteError(damage: .invalidValue(.category))
    }
    return TrackerCategory(id: id, title: row.text(1))
  }

  func requireCategory(_ id: UUID) throws {
    guard try loadCategory(id) != nil else { throw StoreError.categoryNotFound(id) }
  }

  func insertCategory(_ category: TrackerCategory) throws {
    try database.cached("INSERT INTO category (id, title, title_key, seal) VALUES (?, ?, ?, ?)")
      .run([.text(category.id.uuidString)] + Self.categoryValues(category))
  }

  func updateCategory(_ category: TrackerCategory) throws {
    try database.cached("UPDATE category SET title = ?, title_key = ?, seal = ? WHERE id = ?")
      .run(Self.categoryValues(category) + [.text(category.id.uuidString)])
  }

  /// Title, comparison key and seal.
  private static func categoryValues(_ category: TrackerCategory) -> [Statement.Value] {
    [
      .text(category.title), .text(NameRules.comparisonKey(category.title)),
      .integer(RowSeal.of([.text(category.id.uuidString), .text(category.title)])),
    ]
  }

  /// The columns `decodeTracker` reads, in its order: the tracker, sealed by `seal`, then its
  /// statistics summary, sealed by `summary_seal`.
  static let trackerColumns = trackerColumns(sealed: true)

  /// `trackerColumns`, or for a file written before schema 3 (salvage) the columns every version
  /// has, with placeholders for the rest.
  static func trackerColumns(sealed: Bool) -> String {
    sealed
      ? "number, seal, id, name, emoji, color, category_id, pinned, created_day, schedule, record_count, "
        + "first_record_day, last_record_day, best_streak, last_run, summary_seal"
      : "number, 0, id, name, emoji, color, category_id, pinned, created_day, schedule, record_count, "
        + "first_record_day, NULL, 0, 0, 0"
  }

  func loadTrackers() throws -> [TrackerSummary] {
    let goals = try Self.loadGoals(database)
    let rows = try database.cached("SELECT \(Self.trackerColumns) FROM tracker").rows { row in
      var summary = try Self.decodeTracker(row)
      summary.tracker = try Self.applying(goals[row.int(0)], to: summary.tracker)
      return summary
    }
    return StoreRules.sorted(rows)
  }

  /// The sealed values of the tracker row of `trackerColumns`, as stored.
  static func sealedValues(_ row: Row) -> [Statement.Value] {
    [
      .integer(Int64(row.int(0))), .text(row.text(2)), .text(row.text(3)), .text(row.text(4)),
      .integer(Int64(row.int(5))), .text(row.text(6)), .integer(Int64(row.int(7))),
      .integer(Int64(row.int(8))),
      row.isNull(9) ? .null : .integer(Int64(row.int(9))),
    ]
  }

  /// The sealed summary values of the tracker row of `trackerColumns`, as stored.
  static func summaryValues(_ row: Row) -> [Statement.Value] {
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
  static func decodeTracker(_ row: Row, sealed: Bool = true, checksSummary: Bool = true) throws
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

  /// The stored tracker `id`, checked, with its number, measure and quota.
  func loadTracker(_ id: UUID) throws -> (number: Int, tracker: Tracker)? {
    let found = try database.cached("SELECT \(Self.trackerColumns) FROM tracker WHERE id = ?").rows(
      [.text(id.uuidString)]
    ) {
      ($0.int(0), try Self.decodeTracker($0).tracker)
    }.first
    guard let (number, tracker) = found else { return nil }
    return (number, try Self.applying(try loadGoal(number), to: tracker))
  }

  func trackerNumber(_ id: UUID) throws -> Int? {
    try database.cached("SELECT number FROM tracker WHERE id = ?").rows([.text(id.uuidString)]) { $0.int(0) }
      .first
  }

  func trackerNames(except id: UUID?) throws -> [String] {
    try database.cached("SELECT name FROM tracker WHERE id IS NOT ?")
      .rows([id.map { .text($0.uuidString) } ?? .null]) { $0.text(0) }
  }

  /// Inserts `tracker` as the next number and returns that number.
  @discardableResult
  func insertTracker(_ tracker: Tracker) throws -> Int {
    let number =
      try database.cached("SELECT COALESCE(MAX(number), 0) + 1 FROM tracker").rows { $0.int(0) }
      .first ?? 1
    try database.cached(
      """
      INSERT INTO tracker (name, name_key, emoji, color, category_id, pinned, created_day, schedule, seal, number, id,
        summary_seal)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """
    ).run(
      Self.trackerValues(tracker, number: number) + [
        .integer(Int64(number)), .text(tracker.id.uuidString),
        .integer(Self.summarySeal(number: number, TrackerStreakSummary(tracker: tracker, recordDays: []))),
      ])
    try storeGoal(tracker, number: number)
    return number
  }

  /// Writes every field of tracker `number` (not its summaries).
  func updateTracker(_ tracker: Tracker, number: Int) throws {
    try database.cached(
      """
      UPDATE tracker SET name = ?, name_key = ?, emoji = ?, color = ?, category_id = ?, pinned = ?,
        created_day = ?, schedule = ?, seal = ? WHERE number = ?
      """
    ).run(Self.trackerValues(tracker, number: number) + [.integer(Int64(number))])
    try storeGoal(tracker, number: number)
  }

  /// Name, name key, emoji, color, category, pin, first day, schedule and seal.
  private static func trackerValues(_ tracker: Tracker, number: Int) -> [Statement.Value] {
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

  /// Recomputes the stored record count, first and last record and streaks of tracker `number`.
  func refreshSummary(_ number: Int) throws { try Self.refreshStreaks(number, in: database) }

  func loadSettings() throws -> StoreSettings { try Self.loadSettings(database) }

  /// The settings stored in `database`, each checked against its seal.
  static func loadSettings(_ database: Database, sealed: Bool = true) throws -> StoreSettings {
    var values: [String: String] = [:]
    try database.cached("SELECT key, value, \(sealed ? "seal" : "0") FROM setting").forEachRow {
      if sealed { try RowSeal.check($0.int(2), [.text($0.text(0)), .text($0.text(1))], .setting) }
      values[$0.text(0)] = $0.text(1)
    }
    return StoreSettings(
      isOnboardingDone: values["onboarding_done"] == "1",
      filter: values["filter"].flatMap(TrackerFilter.init(rawValue:)) ?? .all,
      lastChosenCategoryID: values["last_category"].flatMap(UUID.init(uuidString:)),
      reminder: ReminderSettings(
        isOn: values["reminder_on"] == "1",
        time: values["reminder_time"].flatMap(ReminderTime.init) ?? .evening),
      dayStart: values["day_start"].flatMap(DayStart.init) ?? .midnight)
  }

  func storeSettings(_ settings: StoreSettings) throws {
    let upsert = try database.cached(
      """
      INSERT INTO setting (key, value, seal) VALUES (?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, seal = excluded.seal
      """)
    func store(_ key: String, _ value: String) throws {
      try upsert.run([.text(key), .text(value), .integer(RowSeal.of([.text(key), .text(value)]))])
    }
    try store("onboarding_done", settings.isOnboardingDone ? "1" : "0")
    try store("filter", settings.filter.rawValue)
    try store("reminder_on", settings.reminder.isOn ? "1" : "0")
    try store("reminder_time", settings.reminder.time.description)
    try store("day_start", settings.dayStart.description)
    if let id = settings.lastChosenCategoryID {
      try store("last_category", id.uuidString)
    } else {
      try database.cached("DELETE FROM setting WHERE key = 'last_category'").run()
    }
  }
}
