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
    // The commits still in the write-ahead log are part of the data: read a copy of the file and
    // its log (SQLite applies the log's intact frames), so the damaged file itself stays as it is.
    let fileManager = FileManager.default
    if let size = (try? fileManager.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int, size > 0 {
      let folder = fileManager.temporaryDirectory.appendingPathComponent(
        "tracker-salvage-\(UUID().uuidString)")
      defer { try? fileManager.removeItem(at: folder) }
      let copy = folder.appendingPathComponent("copy.sqlite").path
      if (try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
        (try? fileManager.copyItem(atPath: path, toPath: copy)) != nil,
        (try? fileManager.copyItem(atPath: path + "-wal", toPath: copy + "-wal")) != nil,
        let database = try? Database(path: copy, create: false)
      {
        return read(database)
      }
    }
    guard let database = try? Database(immutable: path) else { return Found() }
    return read(database)
  }

  private static func read(_ database: Database) -> Found {
    var found = Found()
    // Files written before schema 3 have no seals to check.
    let version = (try? database.prepare("SELECT MAX(version) FROM schema_migration").rows { $0.int(0) })?
      .first
    let sealed = (version ?? Schema.latestVersion) >= Schema.sealsVersion
    // Each query keeps the rows read before it met damage; a row that fails its seal is left out.
    try? database.prepare("SELECT id, title, \(sealed ? "seal" : "0") FROM category").forEachRow { row in
      if let category = try? SQLiteTrackerStore.decodeCategory(row, sealed: sealed) {
        found.contents.categories.append(category)
      }
    }
    var numbers: [(number: Int, id: UUID)] = []
    let columns = SQLiteTrackerStore.trackerColumns.replacingOccurrences(
      of: "seal,", with: sealed ? "seal," : "0,")
    try? database.prepare("SELECT \(columns) FROM tracker").forEachRow { row in
      guard let summary = try? SQLiteTrackerStore.decodeTracker(row, sealed: sealed) else { return }
      found.contents.trackers.append(summary.tracker)
      numbers.append((row.int(0), summary.tracker.id))
    }
    for tracker in numbers {
      for day in readableDays(tracker.number, in: database, Row.dayRange.lowerBound, Row.dayRange.upperBound)
      {
        found.contents.records.append(TrackerRecord(trackerID: tracker.id, day: day))
      }
    }
    found.settings = try? SQLiteTrackerStore.loadSettings(database, sealed: sealed)
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
