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
    let columns = SQLiteTrackerStore.trackerColumns(sealed: sealed)
    try? database.prepare("SELECT \(columns) FROM tracker").forEachRow { row in
      guard let summary = try? SQLiteTrackerStore.decodeTracker(row, sealed: sealed, checksSummary: false)
      else { return }
      found.contents.trackers.append(summary.tracker)
      numbers.append((row.int(0), summary.tracker.id))
    }
    for tracker in numbers {
      for day in readableDays(tracker.number, in: database) {
        found.contents.records.append(TrackerRecord(trackerID: tracker.id, day: day))
      }
    }
    found.settings = try? SQLiteTrackerStore.loadSettings(database, sealed: sealed)
    return found
  }

  /// The record days of tracker `number` that can be read, ascending. The records are read in
  /// order until damage stops the read; then the next readable day is looked for by seeking ever
  /// further past the last good one (1, 2, 4 … days), the gap narrowed back by halving, and the
  /// read goes on from there. Each damaged stretch costs a few dozen seeks, however large the file.
  private static func readableDays(_ number: Int, in database: Database) -> [Day] {
    let tracker = Statement.Value.integer(Int64(number))
    guard
      let scan = try? database.prepare("SELECT day FROM record WHERE tracker = ? AND day > ? ORDER BY day"),
      let seek = try? database.prepare(
        "SELECT day FROM record WHERE tracker = ? AND day > ? ORDER BY day LIMIT 1")
    else { return [] }
    /// The first day after `day`: `.some(nil)` when there is none, `nil` when damage is in the way.
    func firstDay(after day: Int) -> Int?? {
      do {
        return .some(try seek.rows([tracker, .integer(Int64(day))]) { try $0.day(0).daysSinceEpoch }.first)
      } catch {
        return nil
      }
    }
    var days: [Day] = []
    var last = Row.dayRange.lowerBound - 1
    while true {
      do {
        try scan.forEachRow([tracker, .integer(Int64(last))]) { row in
          let day = try row.day(0)
          days.append(day)
          last = day.daysSinceEpoch
        }
        return days
      } catch {
        // Past the damage: the smallest gap (found by doubling, then halving) after which a seek works.
        var gap = 1
        var found: Int??
        while last + gap < Row.dayRange.upperBound {
          found = firstDay(after: last + gap)
          if found != nil { break }
          gap *= 2
        }
        guard let next = found else { return days }
        var low = gap / 2
        var high = gap
        var resume = next
        while high - low > 1 {
          let middle = (low + high) / 2
          if let day = firstDay(after: last + middle) {
            high = middle
            resume = day
          } else {
            low = middle
          }
        }
        guard let resumeDay = resume else { return days }
        last = resumeDay - 1
      }
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
