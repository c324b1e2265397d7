import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

/// What can still be read from a damaged data file, and nothing that is wrong.
///
/// The file is read through a copy (with its `-wal`, so the log's commits count; the damaged file
/// itself stays byte for byte as it was) opened with `writable_schema`, so a file cut short still
/// reads (a header claiming more pages than exist is tolerated). Each table is read range by
/// range, skipping past damage; the records are read twice, from their table and from the
/// `record_by_day` index that repeats them, so a record whose table page is gone still comes back;
/// categories and trackers whose pages no b-tree reaches are found by a scan of the pages
/// (`PageScan`). Every value is checked: a row whose seal does not match, a day the store cannot
/// hold, a record whose tracker is gone, or a record its table and its index disagree on (where
/// the sealed day summaries cannot say which is right) is left out and counted. Days off are read
/// the same way — their table tracker by tracker, their index `day_off_by_day` day by day, a page
/// scan when both are damaged — and vouched for with the checks a day off is stored under. Goals
/// and notes (schema 5) are vouched for by their seals, read by SQL or found by the page scan; an
/// amount by its record's table row, the only place that holds it (a measurable tracker's record
/// without a readable row is left out and counted, never kept as met).
package enum Salvage {
  /// What was read.
  package struct Found {
    package var contents = StoreContents.empty
    package var settings: StoreSettings?
    /// Rows read that could not be vouched for and were left out.
    package var leftOut = 0
  }

  /// Everything readable in `path`; nothing (not an error) when not even its schema can be read.
  package static func read(_ path: String) -> Found {
    withReadableCopy(of: path) { database, copy in read(database, copy: copy) } ?? Found()
  }

  /// Runs `body` on a copy of `path` and its log in a temporary folder, opened so that SQLite
  /// tolerates a file cut short (`writable_schema`), and removes the copy after. When no copy can
  /// be made (a full disk), the file itself is read, immutable, without its log.
  package static func withReadableCopy<Result>(
    of path: String, _ body: (Database, _ copy: String) -> Result
  ) -> Result? {
    let fileManager = FileManager.default
    let folder = fileManager.temporaryDirectory.appendingPathComponent("tracker-salvage-\(UUID().uuidString)")
    defer { try? fileManager.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("copy.sqlite").path
    var database: Database?
    do {
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      try fileManager.copyItem(atPath: path, toPath: copy)
      if FileInspection.isRegularFile(path + "-wal") {
        try fileManager.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
      }
      let opened = try Database(path: copy, create: false)
      // The log's commits go into the copy, so the page scan sees them too.
      _ = try? opened.prepare("PRAGMA wal_checkpoint(TRUNCATE)").rows { $0.int(0) }
      database = opened
    } catch {
      database = try? Database(immutable: path)
    }
    guard let database else { return nil }
    defer { database.close() }
    // SQLite then accepts a schema whose pages lie past the end of a file cut short; what is
    // there reads, what is not fails as damage. Reading only: nothing is written to the copy.
    _ = try? database.execute("PRAGMA writable_schema = ON")
    _ = try? database.execute("PRAGMA query_only = ON")
    let scanned = FileManager.default.fileExists(atPath: copy) ? copy : path
    return body(database, scanned)
  }

  package static func read(_ database: Database, copy: String) -> Found {
    var found = Found()
    // Files written before schema 3 have no seals to check.
    let version = (try? database.prepare("SELECT MAX(version) FROM schema_migration").rows { $0.int(0) })?
      .first
    let sealed = (version ?? Schema.latestVersion) >= Schema.sealsVersion
    // Each query keeps the rows read before it met damage; a row that fails its seal is left out.
    var pagesNeeded = false
    var categories: [TrackerCategory] = []
    do {
      try database.prepare("SELECT id, title, \(sealed ? "seal" : "0") FROM category").forEachRow { row in
        do {
          categories.append(try TrackerRows.decodeCategory(row, sealed: sealed))
        } catch {
          found.leftOut += 1
        }
      }
    } catch {
      pagesNeeded = true
    }
    var trackers: [(number: Int, tracker: Tracker)] = []
    do {
      let columns = TrackerRows.trackerColumns(sealed: sealed)
      try database.prepare("SELECT \(columns) FROM tracker").forEachRow { row in
        do {
          let summary = try TrackerRows.decodeTracker(row, sealed: sealed, checksSummary: false)
          trackers.append((row.int(0), summary.tracker))
        } catch {
          found.leftOut += 1
        }
      }
    } catch {
      pagesNeeded = true
    }
    var scan: PageScan??
    /// The file's pages, read once when first needed (only a sealed file's rows can be vouched for).
    func pageScan() -> PageScan? {
      if let scan { return scan }
      let read = sealed ? PageScan(path: copy) : nil
      scan = .some(read)
      return read
    }
    var scannedCells: [PageScan.Cell]?
    /// The cells of the file's pages, scanned once when first needed.
    func cells() -> [PageScan.Cell] {
      if let scannedCells { return scannedCells }
      let cells = pageScan()?.cells() ?? []
      scannedCells = cells
      return cells
    }
    /// The pages the roots of the b-trees `names` (a table and its index) still lead to.
    func pages(of names: [String]) -> Set<Int> {
      let list = names.map { "'\($0)'" }.joined(separator: ", ")
      let roots = try? database.prepare("SELECT rootpage FROM sqlite_schema WHERE name IN (\(list))").rows {
        $0.int(0)
      }
      return pageScan()?.pages(reachableFrom: roots ?? []) ?? []
    }
    /// The pages the record table's and `record_by_day`'s roots still lead to: whose cells are
    /// records for sure (days off, with the same shape, live in b-trees of their own).
    func recordPages() -> Set<Int> { pages(of: ["record", "record_by_day"]) }
    if pagesNeeded, sealed {
      let scanned = scannedRows(cells())
      found.leftOut += scanned.leftOut
      let categoryIDs = Set(categories.map(\.id))
      categories += scanned.categories.filter { !categoryIDs.contains($0.id) }
      let trackerIDs = Set(trackers.map(\.tracker.id))
      let numbers = Set(trackers.map(\.number))
      trackers += scanned.trackers.filter {
        !trackerIDs.contains($0.tracker.id) && !numbers.contains($0.number)
      }
    }
    // Schema 5: goals, amounts and notes (a file whose schema cannot be read may have them).
    let measured = (version ?? Schema.latestVersion) >= Schema.measuresVersion
    var notePagesRead: Set<Int>?
    /// The pages of the notes' b-trees: the (day, tracker) pairs of `note_by_day` are no records.
    func notePages() -> Set<Int> {
      if let notePagesRead { return notePagesRead }
      let read = measured ? pages(of: ["note", "note_by_day"]) : []
      notePagesRead = read
      return read
    }
    if measured {
      let goals = readGoals(database, version: version ?? Schema.latestVersion, cells: cells)
      found.leftOut += goals.leftOut
      let numbers = Set(trackers.map(\.number))
      found.leftOut += goals.goals.keys.filter { !numbers.contains($0) }.count
      trackers = trackers.map { entry in
        guard let goal = goals.goals[entry.number] else { return entry }
        do {
          return (entry.number, try TrackerRows.applying(goal, to: entry.tracker))
        } catch {
          // A quota on a tracker that is no habit of every day: the goal is wrong, the tracker kept.
          found.leftOut += 1
          return entry
        }
      }
    }
    // Schema 8: each habit's reminders.
    if (version ?? Schema.latestVersion) >= Schema.remindersVersion {
      let reminders = readReminders(database)
      found.leftOut += reminders.leftOut
      let numbers = Set(trackers.map(\.number))
      found.leftOut += reminders.reminders.filter { !numbers.contains($0.key) }.map(\.value.count).reduce(
        0, +)
      trackers = trackers.map { entry in
        var kept = entry.tracker
        kept.reminders = reminders.reminders[entry.number] ?? []
        return (entry.number, kept)
      }
    }
    // Schema 9: archived and the order the user gave.
    if (version ?? Schema.latestVersion) >= Schema.arrangementVersion {
      let read = readArrangements(database)
      let numbers = Set(trackers.map(\.number))
      found.leftOut += read.leftOut + read.arrangements.keys.filter { !numbers.contains($0) }.count
      trackers = trackers.map { entry in
        var kept = entry.tracker
        let arrangement = read.arrangements[entry.number] ?? .none
        (kept.isArchived, kept.order) = (arrangement.isArchived, arrangement.order)
        return (entry.number, kept)
      }
    }
    found.contents.categories = categories
    found.contents.trackers = trackers.map(\.tracker)
    let records = readRecords(
      database, version: version, trackers: trackers, cells: cells, recordPages: recordPages,
      notePages: notePages)
    found.contents.records = records.records
    found.leftOut += records.leftOut
    if measured {
      let measuredRecords = withAmounts(
        records.records, database: database, trackers: trackers, scanned: records.amounts)
      found.contents.records = measuredRecords.records
      found.leftOut += measuredRecords.leftOut
    }
    let daysOff = readDaysOff(
      database, version: version, trackers: trackers, records: records, cells: cells,
      dayOffPages: { pages(of: ["day_off", "day_off_by_day"]) },
      recordPages: recordPages, notePages: notePages)
    found.contents.daysOff = daysOff.daysOff
    found.leftOut += daysOff.leftOut
    if measured {
      let notes = readNotes(database, trackers: trackers, cells: cells)
      found.contents.notes = notes.notes
      found.leftOut += notes.leftOut
    }
    found.settings = try? TrackerRows.loadSettings(database, sealed: sealed)
    return found
  }

}
