import Foundation
import TrackerModels
import TrackerSQLite

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
enum Salvage {
  /// What was read.
  struct Found {
    var contents = StoreContents.empty
    var settings: StoreSettings?
    /// Rows read that could not be vouched for and were left out.
    var leftOut = 0
  }

  /// Everything readable in `path`; nothing (not an error) when not even its schema can be read.
  static func read(_ path: String) -> Found {
    withReadableCopy(of: path) { database, copy in read(database, copy: copy) } ?? Found()
  }

  /// Runs `body` on a copy of `path` and its log in a temporary folder, opened so that SQLite
  /// tolerates a file cut short (`writable_schema`), and removes the copy after. When no copy can
  /// be made (a full disk), the file itself is read, immutable, without its log.
  static func withReadableCopy<Result>(
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

  private static func read(_ database: Database, copy: String) -> Found {
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
          categories.append(try SQLiteTrackerStore.decodeCategory(row, sealed: sealed))
        } catch {
          found.leftOut += 1
        }
      }
    } catch {
      pagesNeeded = true
    }
    var trackers: [(number: Int, tracker: Tracker)] = []
    do {
      let columns = SQLiteTrackerStore.trackerColumns(sealed: sealed)
      try database.prepare("SELECT \(columns) FROM tracker").forEachRow { row in
        do {
          let summary = try SQLiteTrackerStore.decodeTracker(row, sealed: sealed, checksSummary: false)
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
      let goals = readGoals(database, cells: cells)
      found.leftOut += goals.leftOut
      let numbers = Set(trackers.map(\.number))
      found.leftOut += goals.goals.keys.filter { !numbers.contains($0) }.count
      trackers = trackers.map { entry in
        guard let goal = goals.goals[entry.number] else { return entry }
        do {
          return (entry.number, try SQLiteTrackerStore.applying(goal, to: entry.tracker))
        } catch {
          // A quota on a tracker that is no habit of every day: the goal is wrong, the tracker kept.
          found.leftOut += 1
          return entry
        }
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
    found.settings = try? SQLiteTrackerStore.loadSettings(database, sealed: sealed)
    return found
  }

  // MARK: Days off

  /// The days off of `trackers`, read like the records (`readRecords`): from the `day_off` table
  /// (tracker by tracker) and from its index `day_off_by_day` (day by day), each range by range
  /// past damage; a day off both hold is kept, one only one of them holds only when the other
  /// could not be read whole (days off have no summary to say which is right), else it is left
  /// out and counted. When neither can be read whole, the pages are scanned: a pair on a page the
  /// day-off b-trees' roots still lead to is a day off; a pair on a page no b-tree leads to is one
  /// only when the records' b-trees were read whole (so it is no record) and no record holds it.
  /// `acceptable` then checks each as the store does (a kept tracker, a storable day without a
  /// record, a day the tracker is shown on). A file older than schema 4 has none.
  private static func readDaysOff(
    _ database: Database, version: Int?, trackers: [(number: Int, tracker: Tracker)],
    records: (records: [TrackerRecord], leftOut: Int, whole: Bool, amounts: [Key: Int?]),
    cells: () -> [PageScan.Cell], dayOffPages: () -> Set<Int>, recordPages: () -> Set<Int>,
    notePages: () -> Set<Int>
  ) -> (daysOff: [TrackerDayOff], leftOut: Int) {
    if let version, version < Schema.daysOffVersion { return ([], 0) }
    var read = readPairs(
      database, table: "day_off", index: "day_off_by_day", numbers: Set(trackers.map(\.number)),
      wholeTable: true)
    if read.tableDamaged && read.indexDamaged {
      let known = Set(trackers.map(\.number))
      let ofDaysOff = dayOffPages()
      let ofRecords = recordPages().union(notePages())
      let numbers = Dictionary(
        trackers.map { ($0.tracker.id, $0.number) }, uniquingKeysWith: { first, _ in first })
      let recorded = Set(
        records.records.compactMap { record in
          numbers[record.trackerID].map { Key(tracker: $0, day: record.day.daysSinceEpoch) }
        })
      for cell in cells() where cell.rowid == nil && !ofRecords.contains(cell.page) {
        guard ofDaysOff.contains(cell.page) || records.whole, let pair = pair(cell, known: known) else {
          continue
        }
        guard !recorded.contains(pair.key) else { continue }
        if pair.isTableCell { read.table.insert(pair.key) } else { read.index.insert(pair.key) }
      }
    }
    let ids = Dictionary(trackers.map { ($0.number, $0.tracker.id) }, uniquingKeysWith: { first, _ in first })
    // A pair of no salvaged tracker, or on a day the store cannot hold, is never kept; it is
    // left out (once, whether the table, the index or both held it) before the two are compared.
    // Such a pair is a damaged copy: on its day (in the index) or for its tracker (in the table)
    // it vouches for as many pairs the other side holds alone.
    func isKeepable(_ key: Key) -> Bool {
      ids[key.tracker] != nil && Row.dayRange.contains(key.day) && Day(daysSinceEpoch: key.day).isStorable
    }
    let unkeepableInTable = read.table.filter { !isKeepable($0) }
    let unkeepableInIndex = read.index.filter { !isKeepable($0) }
    var leftOut = unkeepableInTable.union(unkeepableInIndex).count
    read.table.subtract(unkeepableInTable)
    read.index.subtract(unkeepableInIndex)
    let copiesByTracker = Dictionary(grouping: unkeepableInTable, by: \.tracker).mapValues(\.count)
    let copiesByDay = Dictionary(grouping: unkeepableInIndex, by: \.day).mapValues(\.count)
    var kept = read.table.intersection(read.index)
    let order: (Key, Key) -> Bool = { ($0.tracker, $0.day) < ($1.tracker, $1.day) }
    /// Keeps each of `only` (what one side alone holds) when the other side is damaged or holds
    /// a damaged copy for it (`copies`, by `group`); counts the rest as left out.
    func keep(_ only: Set<Key>, otherDamaged: Bool, copies: [Int: Int], by group: (Key) -> Int) {
      var copies = copies
      for key in only.sorted(by: order) {
        guard otherDamaged || copies[group(key), default: 0] > 0 else {
          leftOut += 1
          continue
        }
        copies[group(key), default: 0] -= 1
        kept.insert(key)
      }
    }
    keep(read.table.subtracting(read.index), otherDamaged: read.indexDamaged, copies: copiesByDay) { $0.day }
    keep(read.index.subtracting(read.table), otherDamaged: read.tableDamaged, copies: copiesByTracker) {
      $0.tracker
    }
    var daysOff: [TrackerDayOff] = []
    for key in kept.sorted(by: order) {
      guard let id = ids[key.tracker] else { continue }
      daysOff.append(TrackerDayOff(trackerID: id, day: Day(daysSinceEpoch: key.day)))
    }
    return (daysOff, leftOut)
  }

  /// What the b-trees of a table of (tracker, day) pairs and of its (day, tracker) index hold,
  /// each read past damage, and whether each could not be read whole. The table is read for
  /// every tracker of `numbers` and of the index, so both count the same pairs; with
  /// `wholeTable` (days off, which no summary vouches for), also whole, in one read.
  private static func readPairs(
    _ database: Database, table: String, index: String, numbers: Set<Int>, wholeTable: Bool = false
  ) -> (
    table: Set<Key>, tableDamaged: Bool, index: Set<Key>, indexDamaged: Bool
  ) {
    var indexed = Set<Key>()
    var indexDamaged = true
    if (try? database.prepare("SELECT 1 FROM \(table) INDEXED BY \(index) LIMIT 0")) != nil {
      indexDamaged = readAround(
        database,
        "SELECT day, tracker FROM \(table) INDEXED BY \(index) WHERE day > ? ORDER BY day, tracker",
        [], keys: Row.dayRange, maxRowsPerKey: 100_000
      ) { row in
        indexed.insert(Key(tracker: row.int(1), day: row.int(0)))
      }
    }
    var stored = Set<Key>()
    var tableDamaged = false
    let all = numbers.union(indexed.map(\.tracker)).sorted()
    for number in all {
      let damaged = readAround(
        // NOT INDEXED: the table's own b-tree, never the index the planner could pick for `day > ?`.
        database, "SELECT day FROM \(table) NOT INDEXED WHERE tracker = ? AND day > ? ORDER BY day",
        [.integer(Int64(number))], keys: Row.dayRange
      ) { row in
        stored.insert(Key(tracker: number, day: row.int(0)))
      }
      tableDamaged = tableDamaged || damaged
    }
    if all.isEmpty {
      // No tracker is known: whether the table can be read at all says whether it is damaged.
      tableDamaged = (try? database.prepare("SELECT count(*) FROM \(table)").rows { $0.int(0) }) == nil
    }
    guard wholeTable else { return (stored, tableDamaged, indexed, indexDamaged) }
    // The whole table in its b-tree's order too, as far as it reads: a flipped tracker number in
    // a row ends the read of its tracker's range early without an error (the rows after it look
    // like another tracker's), and a row out of order, or of nulls, is damage.
    var previous: Key?
    do {
      // The ORDER BY keeps the planner on the table's own b-tree (a covering index would do without).
      try database.prepare("SELECT tracker, day FROM \(table) NOT INDEXED ORDER BY tracker, day").forEachRow {
        row in
        guard !row.isNull(0), !row.isNull(1) else {
          tableDamaged = true
          return
        }
        let key = Key(tracker: row.int(0), day: row.int(1))
        if let previous, (previous.tracker, previous.day) >= (key.tracker, key.day) { tableDamaged = true }
        previous = key
        stored.insert(key)
      }
    } catch {
      tableDamaged = true
    }
    return (stored, tableDamaged, indexed, indexDamaged)
  }

  /// A scanned cell of two integers read as a pair of a table of (tracker, day) or of its index
  /// of (day, tracker): which it is by which of the two is a known tracker and which a day the
  /// store can hold; nil when it is neither or could be both.
  private static func pair(_ cell: PageScan.Cell, known: Set<Int>) -> (key: Key, isTableCell: Bool)? {
    guard cell.values.count == 2, case .integer(let first) = cell.values[0],
      case .integer(let second) = cell.values[1]
    else { return nil }
    let range = Day.earliestStored.daysSinceEpoch...Day.latestStored.daysSinceEpoch
    let asTable = known.contains(Int(first)) && range.contains(Int(second))
    let asIndex = range.contains(Int(first)) && known.contains(Int(second))
    guard asTable != asIndex else { return nil }
    return asTable
      ? (Key(tracker: Int(first), day: Int(second)), true)
      : (Key(tracker: Int(second), day: Int(first)), false)
  }

  // MARK: Records

  /// A record as stored: its tracker's number and its day.
  fileprivate struct Key: Hashable {
    var tracker: Int
    var day: Int
  }

  /// The records of `trackers` that can be vouched for, and how many were left out. Read from the
  /// record table (tracker by tracker) and from the `record_by_day` index (day by day), each range
  /// by range past damage. A record both hold is kept. A record only one of them holds is kept when
  /// the sealed summary of its day says that one is right, or, without a summary, when the other
  /// one could not be read whole (the record may sit in its damaged part); else it is left out.
  /// When neither could be read whole, the pages are scanned (`cells`) for both: a cell of two
  /// integers is a table record (tracker, day) or an index entry (day, tracker) by which of them is
  /// a known tracker and which a storable day (neither or both: left out and counted, once for the
  /// pair), and sealed day summaries found there vouch as those read by SQL do.
  ///
  /// Days off have the records' shape in a table and an index of their own, so a scanned pair
  /// that SQL reads as a day off is not taken for a record, and a pair found on a page the record
  /// b-trees' roots no longer lead to (`recordPages`) is kept only as far as its day summary
  /// counts (more means days off or damage, and nothing says which); on a day without a summary,
  /// only when the days off could be read whole.
  private static func readRecords(
    _ database: Database, version: Int?, trackers: [(number: Int, tracker: Tracker)],
    cells: () -> [PageScan.Cell], recordPages: () -> Set<Int>, notePages: () -> Set<Int>
  ) -> (records: [TrackerRecord], leftOut: Int, whole: Bool, amounts: [Key: Int?]) {
    var leftOut = 0
    let range = Day.earliestStored.daysSinceEpoch...Day.latestStored.daysSinceEpoch
    var (table, tableDamaged, index, indexDamaged) = readPairs(
      database, table: "record", index: "record_by_day", numbers: Set(trackers.map(\.number)))
    var summaries = daySummaries(database)
    let scanned = tableDamaged && indexDamaged
    let daysOff = scanned ? dayOffKeys(database, version: version) : []
    // Pairs found where the record b-trees still lead: records for sure.
    var certain = Set<Key>()
    // The amounts of the record rows the scan found (schema 5: NULL for none).
    var amounts: [Key: Int?] = [:]
    if scanned {
      let known = Set(trackers.map(\.number))
      let ofRecords = recordPages()
      let ofNotes = notePages()
      var unvouched = Set<[Int]>()
      for cell in cells() where cell.rowid == nil && !ofNotes.contains(cell.page) {
        // A record row of schema 5: tracker, day and amount (a row written before has no amount;
        // the index's entries are (day, tracker) pairs).
        if cell.values.count == 3, case .integer(let first) = cell.values[0],
          case .integer(let second) = cell.values[1]
        {
          let amount: Int?
          switch cell.values[2] {
          case .null: amount = nil
          case .integer(let thousandths): amount = Int(thousandths)
          case .text, .blob: continue
          }
          let key = Key(tracker: Int(first), day: Int(second))
          if known.contains(key.tracker), range.contains(key.day) {
            if ofRecords.contains(cell.page) { certain.insert(key) }
            table.insert(key)
            amounts.updateValue(amount, forKey: key)
          } else if range.contains(key.day) {
            unvouched.insert([key.tracker, key.day].sorted())
          }
          continue
        }
        let numbers = cell.values.compactMap { value -> Int? in
          if case .integer(let number) = value { return Int(number) }
          return nil
        }
        guard numbers.count == cell.values.count else { continue }
        if numbers.count == 2 {
          let asTable = known.contains(numbers[0]) && range.contains(numbers[1])
          let asIndex = range.contains(numbers[0]) && known.contains(numbers[1])
          let key =
            asTable ? Key(tracker: numbers[0], day: numbers[1]) : Key(tracker: numbers[1], day: numbers[0])
          if asTable != asIndex, daysOff?.contains(key) == true { continue }
          if asTable != asIndex, ofRecords.contains(cell.page) { certain.insert(key) }
          if asTable, !asIndex {
            table.insert(Key(tracker: numbers[0], day: numbers[1]))
          } else if asIndex, !asTable {
            index.insert(Key(tracker: numbers[1], day: numbers[0]))
          } else if range.contains(numbers[0]) || range.contains(numbers[1]) {
            // Shaped like a record, but of no salvaged tracker (or read either way): left out,
            // counted once for its table cell and its index entry.
            unvouched.insert([numbers[0], numbers[1]].sorted())
          }
        } else if numbers.count == 4, !summaries.isComplete,
          Int64(numbers[3])
            == SQLiteTrackerStore.daySummarySeal(day: numbers[0], records: numbers[1], doneDue: numbers[2])
        {
          summaries.counts[numbers[0]] = numbers[1]
        }
      }
      leftOut += unvouched.count
    }
    // A record of no salvaged tracker, or on a day the store cannot hold, is never kept: it is left
    // out (once, whether the table, the index or both held it) before the two are compared, so
    // that a damaged copy of a good record cannot make the good one look doubtful.
    let ids = Dictionary(trackers.map { ($0.number, $0.tracker.id) }, uniquingKeysWith: { first, _ in first })
    func isKeepable(_ key: Key) -> Bool {
      ids[key.tracker] != nil && range.contains(key.day) && Day(daysSinceEpoch: key.day).isStorable
    }
    let unkeepableInTable = table.filter { !isKeepable($0) }
    let unkeepableInIndex = index.filter { !isKeepable($0) }
    leftOut += unkeepableInTable.union(unkeepableInIndex).count
    table.subtract(unkeepableInTable)
    index.subtract(unkeepableInIndex)
    var kept = table.intersection(index)
    let onlyTable = Dictionary(grouping: table.subtracting(index), by: \.day)
    let onlyIndex = Dictionary(grouping: index.subtracting(table), by: \.day)
    let agreed = Dictionary(grouping: kept, by: \.day).mapValues(\.count)
    for day in Set(onlyTable.keys).union(onlyIndex.keys) {
      let inTable = onlyTable[day] ?? []
      let inIndex = onlyIndex[day] ?? []
      if let count = summaries.count(day) {
        let common = agreed[day] ?? 0
        let tableFits = common + inTable.count == count
        let indexFits = common + inIndex.count == count
        if tableFits != indexFits {
          kept.formUnion(tableFits ? inTable : inIndex)
          leftOut += tableFits ? inIndex.count : inTable.count
          continue
        }
      }
      if indexDamaged { kept.formUnion(inTable) } else { leftOut += inTable.count }
      if tableDamaged { kept.formUnion(inIndex) } else { leftOut += inIndex.count }
    }
    if scanned {
      for (day, keys) in Dictionary(grouping: kept, by: \.day) {
        let count = summaries.count(day)
        if count.map({ keys.count <= $0 }) ?? (daysOff != nil) { continue }
        let doubtful = keys.filter { !certain.contains($0) }
        kept.subtract(doubtful)
        leftOut += doubtful.count
      }
    }
    var records: [TrackerRecord] = []
    records.reserveCapacity(kept.count)
    for key in kept.sorted(by: { ($0.tracker, $0.day) < ($1.tracker, $1.day) }) {
      guard let id = ids[key.tracker] else { continue }
      records.append(TrackerRecord(trackerID: id, day: Day(daysSinceEpoch: key.day)))
    }
    return (records, leftOut, !tableDamaged && !indexDamaged, amounts)
  }

  /// The days off SQL reads whole, from their table and their index; nil when either cannot be
  /// read (damage, or no schema left to read them by). None in a file from before days off.
  private static func dayOffKeys(_ database: Database, version: Int?) -> Set<Key>? {
    if let version, version < Schema.daysOffVersion { return [] }
    var keys = Set<Key>()
    do {
      for sql in [
        "SELECT tracker, day FROM day_off", "SELECT tracker, day FROM day_off INDEXED BY day_off_by_day",
      ] {
        try database.prepare(sql).forEachRow { row in keys.insert(Key(tracker: row.int(0), day: row.int(1))) }
      }
    } catch {
      return nil
    }
    return keys
  }

  /// The sealed day summaries that can be read: how many records each day has.
  private struct DaySummaries {
    var counts: [Int: Int] = [:]
    /// Whether the whole table was read: a day it does not list then has no records.
    var isComplete = false

    func count(_ day: Int) -> Int? { counts[day] ?? (isComplete ? 0 : nil) }
  }

  private static func daySummaries(_ database: Database) -> DaySummaries {
    var summaries = DaySummaries()
    do {
      var intact = true
      try database.prepare("SELECT day, records, done_due, seal FROM day_summary").forEachRow { row in
        let seal = SQLiteTrackerStore.daySummarySeal(
          day: row.int(0), records: row.int(1), doneDue: row.int(2))
        guard Int64(row.int(3)) == seal else {
          intact = false
          return
        }
        summaries.counts[row.int(0)] = row.int(1)
      }
      summaries.isComplete = intact
    } catch {
      summaries.isComplete = false
    }
    return summaries
  }

  /// Reads the rows of `sql` — its last parameter the key (column 0) its rows come after, in
  /// ascending key order — calling `body` for each row whose key is in `keys`. When damage stops
  /// the read, the next readable key is looked for by seeking ever further past the last good one
  /// (1, 2, 4 … apart), the gap narrowed back by halving, and the read goes on from there: each
  /// damaged stretch costs a few dozen seeks, however large the file. Returns whether damage was met.
  private static func readAround(
    _ database: Database, _ sql: String, _ fixed: [Statement.Value], keys: ClosedRange<Int>,
    maxRowsPerKey: Int = 0, _ body: (Row) -> Void
  ) -> Bool {
    guard let scan = try? database.prepare(sql), let seek = try? database.prepare(sql + " LIMIT 1") else {
      return true
    }
    /// The first key after `key`: `.some(nil)` when there is none, `nil` when damage is in the way.
    func firstKey(after key: Int) -> Int?? {
      do {
        return .some(try seek.rows(fixed + [.integer(Int64(key))]) { $0.int(0) }.first)
      } catch {
        return nil
      }
    }
    var damaged = false
    var last = keys.lowerBound - 1
    while true {
      do {
        var beyond = false
        var repeats = 0
        try scan.forEachRow(fixed + [.integer(Int64(last))]) { row in
          guard !beyond else { return }
          let key = row.int(0)
          // A key past the range is damage; everything after it in key order is past it too.
          guard key <= keys.upperBound else {
            beyond = true
            return
          }
          // A damaged b-tree can lead back to pages already read (a cycle): keys that go back, or
          // one key without end, are damage, and the read seeks past them.
          repeats = key == last ? repeats + 1 : 0
          guard key >= last, repeats <= maxRowsPerKey else {
            throw SQLiteError(damage: .reportedBySQLite("cycle"))
          }
          body(row)
          last = key
        }
        return damaged
      } catch {
        damaged = true
        // Past the damage: the smallest gap (found by doubling, then halving) after which a seek works.
        var gap = 1
        var found: Int??
        while last + gap < keys.upperBound {
          found = firstKey(after: last + gap)
          if found != nil { break }
          gap *= 2
        }
        guard let next = found else { return damaged }
        var low = gap / 2
        var high = gap
        var resume = next
        while high - low > 1 {
          let middle = (low + high) / 2
          if let key = firstKey(after: last + middle) {
            high = middle
            resume = key
          } else {
            low = middle
          }
        }
        guard let resumeKey = resume, resumeKey <= keys.upperBound, resumeKey > last else { return damaged }
        last = resumeKey - 1
      }
    }
  }

  // MARK: Goals, amounts and notes (schema 5)

  /// The goal rows (`tracker_goal`) by tracker number that can be vouched for, each by its seal,
  /// and how many were left out. When SQL cannot read the table whole, its rows are looked for
  /// among the pages (a row found twice with different values is left out: nothing says which
  /// one is right).
  private static func readGoals(_ database: Database, cells: () -> [PageScan.Cell]) -> (
    goals: [Int: SQLiteTrackerStore.Goal], leftOut: Int
  ) {
    var goals: [Int: SQLiteTrackerStore.Goal] = [:]
    var leftOut = 0
    let sql = "SELECT tracker, unit, target, direction, quota_count, quota_period, seal FROM tracker_goal"
    do {
      try database.prepare(sql).forEachRow { row in
        do {
          goals[row.int(0)] = try SQLiteTrackerStore.decodeGoal(row)
        } catch {
          leftOut += 1
        }
      }
      return (goals, leftOut)
    } catch {
      // Damage: the rows read so far are kept, the rest looked for among the pages.
    }
    guard let memory = try? Database(path: ":memory:", create: true) else { return (goals, leftOut) }
    defer { memory.close() }
    var scanned: [Int: SQLiteTrackerStore.Goal?] = [:]
    do {
      try memory.execute(
        "CREATE TABLE tracker_goal (tracker, unit, target, direction, quota_count, quota_period, seal)")
      let insert = try memory.prepare("INSERT INTO tracker_goal VALUES (?, ?, ?, ?, ?, ?, ?)")
      // A goal row: its number (the rowid), unit, target, direction, quota count and period, seal.
      for cell in cells() {
        guard let rowid = cell.rowid, cell.values.count == 7, case .null = cell.values[0],
          case .integer = cell.values[6]
        else { continue }
        try insert.run([.integer(rowid)] + Array(cell.values.dropFirst()))
      }
      try memory.prepare(sql).forEachRow { row in
        guard let goal = try? SQLiteTrackerStore.decodeGoal(row) else {
          leftOut += 1
          return
        }
        let number = row.int(0)
        if let earlier = scanned[number], earlier != goal {
          scanned[number] = .some(nil)
        } else if scanned[number] == nil {
          scanned[number] = goal
        }
      }
    } catch {
      return (goals, leftOut)
    }
    for (number, goal) in scanned where goals[number] == nil {
      if let goal { goals[number] = goal } else { leftOut += 1 }
    }
    return (goals, leftOut)
  }

  /// `records` with the amounts of the measurable trackers' records, and how many were left out.
  /// An amount lives only in its record's table row (the index repeats no amount): the table is
  /// read again for those trackers, past damage, and the page scan's rows (`scanned`) fill in. A
  /// measurable tracker's record whose row cannot be read is left out and counted — kept without
  /// its amount it would count as the target, a day met that may not have been — and so is one
  /// whose amount is out of range.
  private static func withAmounts(
    _ records: [TrackerRecord], database: Database, trackers: [(number: Int, tracker: Tracker)],
    scanned: [Key: Int?]
  ) -> (records: [TrackerRecord], leftOut: Int) {
    var measured: [UUID: Int] = [:]
    for entry in trackers where entry.tracker.measure != .yesNo { measured[entry.tracker.id] = entry.number }
    guard !measured.isEmpty else { return (records, 0) }
    var amounts = scanned
    for number in Set(measured.values).sorted() {
      _ = readAround(
        database, "SELECT day, amount FROM record NOT INDEXED WHERE tracker = ? AND day > ? ORDER BY day",
        [.integer(Int64(number))], keys: Row.dayRange
      ) { row in
        amounts.updateValue(row.isNull(1) ? nil : row.int(1), forKey: Key(tracker: number, day: row.int(0)))
      }
    }
    var leftOut = 0
    var result: [TrackerRecord] = []
    result.reserveCapacity(records.count)
    for record in records {
      guard let number = measured[record.trackerID] else {
        result.append(record)
        continue
      }
      guard let stored = amounts[Key(tracker: number, day: record.day.daysSinceEpoch)] else {
        leftOut += 1
        continue
      }
      guard let thousandths = stored else {
        result.append(record)
        continue
      }
      guard let amount = Amount(thousandths: thousandths), amount <= .maximum else {
        leftOut += 1
        continue
      }
      result.append(TrackerRecord(trackerID: record.trackerID, day: record.day, amount: amount))
    }
    return (result, leftOut)
  }

  /// The notes of `trackers` that can be vouched for, each by its seal and the note rules, and how
  /// many were left out. When SQL cannot read the table whole, the pages are scanned for its rows
  /// (tracker, day, text, seal); a note found twice with different texts is left out.
  private static func readNotes(
    _ database: Database, trackers: [(number: Int, tracker: Tracker)], cells: () -> [PageScan.Cell]
  ) -> (notes: [TrackerNote], leftOut: Int) {
    var texts: [Key: String?] = [:]
    var leftOut = 0
    func add(_ key: Key, _ text: String) {
      if let earlier = texts[key], earlier != text {
        texts.updateValue(nil, forKey: key)
      } else if texts[key] == nil {
        texts[key] = text
      }
    }
    do {
      try database.prepare("SELECT tracker, day, text, seal FROM note").forEachRow { row in
        do {
          let note = try SQLiteTrackerStore.decodeNote(UUID(), row)
          add(Key(tracker: row.int(0), day: row.int(1)), note.text)
        } catch {
          leftOut += 1
        }
      }
    } catch {
      for cell in cells() where cell.rowid == nil && cell.values.count == 4 {
        guard case .integer(let number) = cell.values[0], case .integer(let day) = cell.values[1],
          case .text(let text) = cell.values[2], case .integer(let seal) = cell.values[3]
        else { continue }
        guard seal == SQLiteTrackerStore.noteSeal(number: Int(number), day: Int(day), text: text),
          case .success(text) = TrackerNote.validatedText(text)
        else {
          leftOut += 1
          continue
        }
        add(Key(tracker: Int(number), day: Int(day)), text)
      }
    }
    let ids = Dictionary(trackers.map { ($0.number, $0.tracker.id) }, uniquingKeysWith: { first, _ in first })
    var notes: [TrackerNote] = []
    for (key, text) in texts.sorted(by: { ($0.key.tracker, $0.key.day) < ($1.key.tracker, $1.key.day) }) {
      guard let text, let id = ids[key.tracker], Row.dayRange.contains(key.day),
        Day(daysSinceEpoch: key.day).isStorable
      else {
        leftOut += 1
        continue
      }
      notes.append(TrackerNote(trackerID: id, day: Day(daysSinceEpoch: key.day), text: text))
    }
    return (notes, leftOut)
  }

  // MARK: Rows found by the page scan

  /// The categories and trackers among `cells` whose seals match (each row checked exactly as a
  /// read of the store checks it), and how many rows shaped like theirs were left out. A row found
  /// twice with different values (an older copy) is left out: nothing says which one is right.
  private static func scannedRows(_ cells: [PageScan.Cell]) -> (
    categories: [TrackerCategory], trackers: [(number: Int, tracker: Tracker)], leftOut: Int
  ) {
    guard let database = try? Database(path: ":memory:", create: true) else { return ([], [], 0) }
    defer { database.close() }
    var leftOut = 0
    var categories: [UUID: TrackerCategory?] = [:]
    var trackers: [UUID: (number: Int, tracker: Tracker)?] = [:]
    do {
      try database.execute("CREATE TABLE category (id, title, seal)")
      try database.execute(
        "CREATE TABLE tracker (" + SQLiteTrackerStore.trackerColumns.replacingOccurrences(of: " ", with: "")
          + ")")
      let insertCategory = try database.prepare("INSERT INTO category VALUES (?, ?, ?)")
      let insertTracker = try database.prepare(
        "INSERT INTO tracker VALUES (" + Array(repeating: "?", count: 16).joined(separator: ", ") + ")")
      for cell in cells {
        guard let rowid = cell.rowid else { continue }
        let values = cell.values
        // category: id, title, title_key, seal
        if values.count == 4, case .text = values[0], case .text = values[1], case .text = values[2],
          case .integer = values[3]
        {
          try insertCategory.run([values[0], values[1], values[3]])
        }
        // tracker: number (the rowid), id, name, name_key, emoji, color, category_id, pinned,
        // created_day, schedule, record_count, first_record_day, last_record_day, best_streak,
        // last_run, seal, summary_seal
        if values.count == 17, case .null = values[0], case .text = values[1], case .integer = values[15] {
          try insertTracker.run(
            [.integer(rowid), values[15], values[1], values[2], values[4], values[5], values[6], values[7]]
              + [
                values[8], values[9], values[10], values[11], values[12], values[13], values[14], values[16],
              ])
        }
      }
      try database.prepare("SELECT id, title, seal FROM category").forEachRow { row in
        guard let category = try? SQLiteTrackerStore.decodeCategory(row) else {
          leftOut += 1
          return
        }
        if let earlier = categories[category.id], earlier != category {
          categories[category.id] = .some(nil)
        } else if categories[category.id] == nil {
          categories[category.id] = category
        }
      }
      try database.prepare("SELECT \(SQLiteTrackerStore.trackerColumns) FROM tracker").forEachRow { row in
        guard let summary = try? SQLiteTrackerStore.decodeTracker(row, checksSummary: false) else {
          leftOut += 1
          return
        }
        let id = summary.tracker.id
        if let earlier = trackers[id], earlier?.tracker != summary.tracker || earlier?.number != row.int(0) {
          trackers[id] = .some(nil)
        } else if trackers[id] == nil {
          trackers[id] = (row.int(0), summary.tracker)
        }
      }
    } catch {
      return ([], [], leftOut)
    }
    leftOut += categories.values.filter { $0 == nil }.count + trackers.values.filter { $0 == nil }.count
    return (
      categories.values.compactMap { $0 }.sorted { $0.id.uuidString < $1.id.uuidString },
      trackers.values.compactMap { $0 }.sorted { $0.number < $1.number }, leftOut
    )
  }

  /// `found` reduced to what a store accepts — unique titles and names, valid trackers of kept
  /// categories, records of kept trackers, days off as the store takes them, each once — and how
  /// many rows that left out. A tracker
  /// whose category could not be read keeps its id in a category made for it, titled
  /// `recoveredCategoryTitle` ("Recovered", "Recovered 2" …): the tracker is read, only its
  /// category's title is lost.
  static func acceptable(_ found: StoreContents, recoveredCategoryTitle: String = "Recovered") -> (
    contents: StoreContents, leftOut: Int
  ) {
    var leftOut = 0
    var titles = NameIndex([String]())
    var categories: [TrackerCategory] = []
    for category in found.categories {
      guard titles.name(withKey: NameRules.comparisonKey(category.title)) == nil,
        case .success(let title) = NameRules.validate(category.title, against: titles)
      else {
        leftOut += 1
        continue
      }
      titles.insert(title)
      categories.append(TrackerCategory(id: category.id, title: title))
    }
    var categoryIDs = Set(categories.map(\.id))
    for id in found.trackers.map(\.categoryID) where !categoryIDs.contains(id) {
      var number = 1
      while true {
        let title = number == 1 ? recoveredCategoryTitle : "\(recoveredCategoryTitle) \(number)"
        if titles.name(withKey: NameRules.comparisonKey(title)) == nil,
          case .success(let valid) = NameRules.validate(title, against: titles)
        {
          titles.insert(valid)
          categories.append(TrackerCategory(id: id, title: valid))
          categoryIDs.insert(id)
          break
        }
        number += 1
        guard number < 1000 else { break }
      }
    }
    var names = NameIndex([String]())
    var trackers: [Tracker] = []
    for tracker in found.trackers {
      guard categoryIDs.contains(tracker.categoryID),
        let valid = try? StoreRules.validated(tracker, otherNames: names)
      else {
        leftOut += 1
        continue
      }
      names.insert(valid.name)
      trackers.append(valid)
    }
    let trackerIDs = Set(trackers.map(\.id))
    let measurable = Set(trackers.filter { $0.measure != .yesNo }.map(\.id))
    // Keyed by tracker and day (a day off is one such pair too): one record a day, whatever its amount.
    var seen = Set<TrackerDayOff>()
    var records: [TrackerRecord] = []
    records.reserveCapacity(found.records.count)
    for record in found.records
    where seen.insert(TrackerDayOff(trackerID: record.trackerID, day: record.day)).inserted {
      guard trackerIDs.contains(record.trackerID), record.day.isStorable else {
        leftOut += 1
        continue
      }
      if record.amount != nil, !measurable.contains(record.trackerID) {
        // An amount on a tracker kept as yes/no (its goal was left out): the store keeps none.
        leftOut += 1
        records.append(TrackerRecord(trackerID: record.trackerID, day: record.day))
      } else {
        records.append(record)
      }
    }
    // A day off is kept as the store keeps one: of a kept tracker, on a storable day without a
    // record, on a day the tracker is shown (on or after its first day, on its schedule).
    var earliest: [UUID: Day] = [:]
    for record in records where record.day < (earliest[record.trackerID] ?? .latestStored) {
      earliest[record.trackerID] = record.day
    }
    let kept = Dictionary(trackers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var seenOff = Set<TrackerDayOff>()
    var daysOff: [TrackerDayOff] = []
    for dayOff in found.daysOff where seenOff.insert(dayOff).inserted {
      guard let tracker = kept[dayOff.trackerID], dayOff.day.isStorable,
        !seen.contains(dayOff),
        tracker.isVisible(on: dayOff.day, firstDay: tracker.firstDay(earliestRecord: earliest[tracker.id]))
      else {
        leftOut += 1
        continue
      }
      daysOff.append(dayOff)
    }
    // A note is kept as the store keeps one: of a kept tracker, on a storable day, once, valid.
    var noted = Set<TrackerDayOff>()
    var notes: [TrackerNote] = []
    for note in found.notes {
      guard trackerIDs.contains(note.trackerID), note.day.isStorable,
        noted.insert(TrackerDayOff(trackerID: note.trackerID, day: note.day)).inserted,
        case .success(note.text) = TrackerNote.validatedText(note.text)
      else {
        leftOut += 1
        continue
      }
      notes.append(note)
    }
    return (
      StoreContents(
        categories: categories, trackers: trackers, records: records, daysOff: daysOff, notes: notes),
      leftOut
    )
  }
}
