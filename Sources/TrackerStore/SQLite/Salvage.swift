import Foundation
import TrackerModels

/// What can still be read from a damaged data file: every category, tracker, record and setting
/// SQLite can read, range by range, skipping what is damaged. The file is opened immutable, so it
/// stays byte for byte as it was.
enum Salvage {
  /// What was read.
  struct Found {
    var contents = StoreContents.empty
    var settings: StoreSettings?
  }

  /// Everything readable in `path`; nothing (not an error) when not even its schema can be read.
  static func read(_ path: String) -> Found {
    guard let database = try? Database(immutable: path) else { return Found() }
    var found = Found()
    // Each query keeps the rows read before it met damage.
    try? database.prepare("SELECT id, title FROM category").forEachRow { row in
      if let id = UUID(canonical: row.text(0)) {
        found.contents.categories.append(TrackerCategory(id: id, title: row.text(1)))
      }
    }
    var numbers: [(number: Int, id: UUID)] = []
    try? database.prepare("SELECT number, \(SQLiteTrackerStore.trackerColumns) FROM tracker").forEachRow {
      row in
      // `decodeTracker` reads columns from 0: skip the number with a shifted view.
      guard let summary = try? SQLiteTrackerStore.decodeTracker(row, offset: 1) else { return }
      found.contents.trackers.append(summary.tracker)
      numbers.append((row.int(0), summary.tracker.id))
    }
    for tracker in numbers {
      for day in readableDays(tracker.number, in: database, Row.dayRange.lowerBound, Row.dayRange.upperBound)
      {
        found.contents.records.append(TrackerRecord(trackerID: tracker.id, day: day))
      }
    }
    found.settings = try? SQLiteTrackerStore.loadSettings(database)
    return found
  }

  /// The record days of tracker `number` between `low` and `high` that can be read: a range that
  /// meets damage is split in two until the damaged part is small, which is left out.
  private static func readableDays(_ number: Int, in database: Database, _ low: Int, _ high: Int) -> [Day] {
    do {
      return try database.prepare(
        "SELECT day FROM record WHERE tracker = ? AND day BETWEEN ? AND ? ORDER BY day"
      )
      .rows([.integer(Int64(number)), .integer(Int64(low)), .integer(Int64(high))]) { try $0.day(0) }
    } catch {
      guard high - low > 7 else { return [] }
      let middle = low + (high - low) / 2
      return readableDays(number, in: database, low, middle)
        + readableDays(number, in: database, middle + 1, high)
    }
  }

  /// `found` reduced to what a store accepts: unique titles and names, valid trackers of kept
  /// categories, records of kept trackers, each once.
  static func acceptable(_ found: StoreContents) -> StoreContents {
    var titles = NameIndex([String]())
    var categories: [TrackerCategory] = []
    for category in found.categories
    where titles.name(withKey: NameRules.comparisonKey(category.title)) == nil {
      guard case .success(let title) = NameRules.validate(category.title, against: titles) else { continue }
      titles.insert(title)
      categories.append(TrackerCategory(id: category.id, title: title))
    }
    let categoryIDs = Set(categories.map(\.id))
    var names = NameIndex([String]())
    var trackers: [Tracker] = []
    for tracker in found.trackers where categoryIDs.contains(tracker.categoryID) {
      guard let valid = try? StoreRules.validated(tracker, otherNames: names) else { continue }
      names.insert(valid.name)
      trackers.append(valid)
    }
    let trackerIDs = Set(trackers.map(\.id))
    var seen = Set<TrackerRecord>()
    let records = found.records.filter { trackerIDs.contains($0.trackerID) && seen.insert($0).inserted }
    return StoreContents(categories: categories, trackers: trackers, records: records)
  }
}
