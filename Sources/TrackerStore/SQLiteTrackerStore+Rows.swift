import CSQLite
import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite
import TrackerSchema

/// The rows behind the store: reading and writing categories, trackers, summaries and settings.
/// Called only inside `read` and `write`, under the store's lock.
extension SQLiteTrackerStore {
  func loadCategories() throws -> [TrackerCategory] {
    StoreRules.sorted(try TrackerRows.loadCategories(database))
  }

  func loadCategory(_ id: UUID) throws -> TrackerCategory? {
    try database.cached("SELECT id, title, seal FROM category WHERE id = ?").rows([.text(id.uuidString)]) {
      try TrackerRows.decodeCategory($0)
    }.first
  }

  func requireCategory(_ id: UUID) throws {
    guard try loadCategory(id) != nil else { throw StoreError.categoryNotFound(id) }
  }

  func insertCategory(_ category: TrackerCategory) throws {
    try database.cached("INSERT INTO category (id, title, title_key, seal) VALUES (?, ?, ?, ?)")
      .run([.text(category.id.uuidString)] + TrackerRows.categoryValues(category))
  }

  func updateCategory(_ category: TrackerCategory) throws {
    try database.cached("UPDATE category SET title = ?, title_key = ?, seal = ? WHERE id = ?")
      .run(TrackerRows.categoryValues(category) + [.text(category.id.uuidString)])
  }

  func loadTrackers() throws -> [TrackerSummary] {
    let goals = try TrackerRows.loadGoals(database)
    let reminders = try TrackerRows.loadReminders(database)
    let arrangements = try TrackerRows.loadArrangements(database)
    let rows = try database.cached("SELECT \(TrackerRows.trackerColumns) FROM tracker").rows { row in
      var summary = try TrackerRows.decodeTracker(row)
      summary.tracker = try TrackerRows.applying(goals[row.int(0)], to: summary.tracker)
      summary.tracker.reminders = reminders[row.int(0)] ?? []
      let arrangement = arrangements[row.int(0)] ?? .none
      (summary.tracker.isArchived, summary.tracker.order) = (arrangement.isArchived, arrangement.order)
      return summary
    }
    return StoreRules.sorted(rows)
  }

  /// The stored tracker `id`, checked, with its number, measure and quota.
  func loadTracker(_ id: UUID) throws -> (number: Int, tracker: Tracker)? {
    let found = try database.cached("SELECT \(TrackerRows.trackerColumns) FROM tracker WHERE id = ?").rows(
      [.text(id.uuidString)]
    ) {
      ($0.int(0), try TrackerRows.decodeTracker($0).tracker)
    }.first
    guard let (number, tracker) = found else { return nil }
    var full = try TrackerRows.applying(try loadGoal(number), to: tracker)
    full.reminders = try TrackerRows.loadReminders(number, in: database)
    let arrangement = try TrackerRows.loadArrangement(number, in: database)
    (full.isArchived, full.order) = (arrangement.isArchived, arrangement.order)
    return (number, full)
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
      TrackerRows.trackerValues(tracker, number: number) + [
        .integer(Int64(number)), .text(tracker.id.uuidString),
        .integer(
          TrackerRows.summarySeal(number: number, TrackerStreakSummary(tracker: tracker, recordDays: []))),
      ])
    try storeGoal(tracker, number: number)
    try TrackerRows.storeReminders(tracker.reminders, number: number, in: database)
    try TrackerRows.storeArrangement(.init(of: tracker), number: number, in: database)
    return number
  }

  /// Writes every field of tracker `number` (not its summaries).
  func updateTracker(_ tracker: Tracker, number: Int) throws {
    try database.cached(
      """
      UPDATE tracker SET name = ?, name_key = ?, emoji = ?, color = ?, category_id = ?, pinned = ?,
        created_day = ?, schedule = ?, seal = ? WHERE number = ?
      """
    ).run(TrackerRows.trackerValues(tracker, number: number) + [.integer(Int64(number))])
    try storeGoal(tracker, number: number)
    try TrackerRows.storeReminders(tracker.reminders, number: number, in: database)
    try TrackerRows.storeArrangement(.init(of: tracker), number: number, in: database)
  }

  /// Recomputes the stored record count, first and last record and streaks of tracker `number`.
  func refreshSummary(_ number: Int) throws { try TrackerRows.refreshStreaks(number, in: database) }

  func loadSettings() throws -> StoreSettings { try TrackerRows.loadSettings(database) }

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
    if settings.collapsedCategoryIDs.isEmpty {
      try database.cached("DELETE FROM setting WHERE key = 'collapsed'").run()
    } else {
      try store("collapsed", settings.collapsedCategoryIDs.map(\.uuidString).sorted().joined(separator: ","))
    }
    if let id = settings.lastChosenCategoryID {
      try store("last_category", id.uuidString)
    } else {
      try database.cached("DELETE FROM setting WHERE key = 'last_category'").run()
    }
  }
}
