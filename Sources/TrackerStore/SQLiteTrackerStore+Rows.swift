import CSQLite
import Foundation
import TrackerModels

/// The rows behind the store: reading and writing categories, trackers, summaries and settings.
/// Called only inside `read` and `write`, under the store's lock.
extension SQLiteTrackerStore {
  func loadCategories() throws -> [TrackerCategory] {
    let all = try database.cached("SELECT id, title FROM category").rows { row in
      UUID(canonical: row.text(0)).map { TrackerCategory(id: $0, title: row.text(1)) }
    }
    return StoreRules.sorted(all.compactMap { $0 })
  }

  func loadCategory(_ id: UUID) throws -> TrackerCategory? {
    try database.cached("SELECT title FROM category WHERE id = ?").rows([.text(id.uuidString)]) {
      TrackerCategory(id: id, title: $0.text(0))
    }.first
  }

  func requireCategory(_ id: UUID) throws {
    guard try loadCategory(id) != nil else { throw StoreError.categoryNotFound(id) }
  }

  func insertCategory(_ category: TrackerCategory) throws {
    try database.cached("INSERT INTO category (id, title, title_key) VALUES (?, ?, ?)")
      .run([
        .text(category.id.uuidString), .text(category.title), .text(NameRules.comparisonKey(category.title)),
      ])
  }

  /// The columns `decodeTracker` reads, in its order.
  static let trackerColumns =
    "id, name, emoji, color, category_id, pinned, created_day, schedule, record_count, first_record_day"

  func loadTrackers() throws -> [TrackerSummary] {
    let rows = try database.cached("SELECT \(Self.trackerColumns) FROM tracker").rows {
      try Self.decodeTracker($0)
    }
    return StoreRules.sorted(rows.compactMap { $0 })
  }

  /// A tracker row of `trackerColumns`. A row that holds no valid tracker is damage and throws
  /// `SQLITE_CORRUPT`: it is reported, never skipped in silence.
  static func decodeTracker(_ row: Row, offset: Int32 = 0) throws -> TrackerSummary? {
    func damaged(_ what: String) -> SQLiteError {
      SQLiteError(code: SQLITE_CORRUPT, message: "the data file holds a tracker with \(what)")
    }
    guard let id = UUID(canonical: row.text(0 + offset)), let category = UUID(canonical: row.text(4 + offset))
    else {
      throw damaged("an id that is not a UUID")
    }
    let kind: TrackerKind
    if row.isNull(7 + offset) {
      kind = .event
    } else {
      guard (1...127).contains(row.int(7 + offset)),
        let schedule = Schedule(WeekdaySet(rawValue: UInt8(row.int(7 + offset))))
      else {
        throw damaged("a schedule out of range (\(row.int(7 + offset)))")
      }
      kind = .habit(schedule)
    }
    guard (0...0xFF_FFFF).contains(row.int(3 + offset)), row.int(8 + offset) >= 0 else {
      throw damaged("a value out of range")
    }
    let tracker = Tracker(
      id: id, name: row.text(1 + offset), emoji: row.text(2 + offset),
      color: TrackerColor(rgb: UInt32(row.int(3 + offset))),
      categoryID: category, isPinned: row.int(5 + offset) != 0, createdOn: try row.day(6 + offset),
      kind: kind)
    return TrackerSummary(
      tracker: tracker, recordCount: row.int(8 + offset),
      earliestRecord: row.isNull(9 + offset) ? nil : try row.day(9 + offset))
  }

  func trackerNumber(_ id: UUID) throws -> Int? {
    try database.cached("SELECT number FROM tracker WHERE id = ?").rows([.text(id.uuidString)]) { $0.int(0) }
      .first
  }

  func trackerNames(except id: UUID?) throws -> [String] {
    try database.cached("SELECT name FROM tracker WHERE id IS NOT ?")
      .rows([id.map { .text($0.uuidString) } ?? .null]) { $0.text(0) }
  }

  @discardableResult
  func insertTracker(_ tracker: Tracker) throws -> Int {
    try database.cached(
      """
      INSERT INTO tracker (name, name_key, emoji, color, category_id, pinned, created_day, schedule, id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """
    ).run(Self.trackerValues(tracker) + [.text(tracker.id.uuidString)])
    return try trackerNumber(tracker.id) ?? 0
  }

  static func trackerValues(_ tracker: Tracker) -> [Statement.Value] {
    let schedule: Statement.Value
    switch tracker.kind {
    case .habit(let days): schedule = .integer(Int64(days.days.rawValue))
    case .event: schedule = .null
    }
    return [
      .text(tracker.name), .text(NameRules.comparisonKey(tracker.name)), .text(tracker.emoji),
      .integer(Int64(tracker.color.rgb)), .text(tracker.categoryID.uuidString),
      .integer(tracker.isPinned ? 1 : 0), .integer(Int64(tracker.createdOn.daysSinceEpoch)), schedule,
    ]
  }

  /// Recomputes the stored record count, first and last record and streaks of tracker `number`.
  func refreshSummary(_ number: Int) throws { try Self.refreshStreaks(number, in: database) }

  func loadSettings() throws -> StoreSettings { try Self.loadSettings(database) }

  /// The settings stored in `database`.
  static func loadSettings(_ database: Database) throws -> StoreSettings {
    var values: [String: String] = [:]
    try database.cached("SELECT key, value FROM setting").forEachRow { values[$0.text(0)] = $0.text(1) }
    return StoreSettings(
      isOnboardingDone: values["onboarding_done"] == "1",
      filter: values["filter"].flatMap(TrackerFilter.init(rawValue:)) ?? .all,
      lastChosenCategoryID: values["last_category"].flatMap(UUID.init(uuidString:)))
  }

  func storeSettings(_ settings: StoreSettings) throws {
    let upsert = try database.cached(
      "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
    try upsert.run([.text("onboarding_done"), .text(settings.isOnboardingDone ? "1" : "0")])
    try upsert.run([.text("filter"), .text(settings.filter.rawValue)])
    if let id = settings.lastChosenCategoryID {
      try upsert.run([.text("last_category"), .text(id.uuidString)])
    } else {
      try database.cached("DELETE FROM setting WHERE key = 'last_category'").run()
    }
  }
}
