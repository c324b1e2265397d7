import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

extension Salvage {
  // MARK: Records

  /// A record as stored: its tracker's number and its day.
  package struct Key: Hashable {
    package var tracker: Int
    package var day: Int
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
  package static func readRecords(
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
            == TrackerRows.daySummarySeal(day: numbers[0], records: numbers[1], doneDue: numbers[2])
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
  package static func dayOffKeys(_ database: Database, version: Int?) -> Set<Key>? {
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
  package struct DaySummaries {
    package var counts: [Int: Int] = [:]
    /// Whether the whole table was read: a day it does not list then has no records.
    package var isComplete = false

    package func count(_ day: Int) -> Int? { counts[day] ?? (isComplete ? 0 : nil) }
  }

  package static func daySummaries(_ database: Database) -> DaySummaries {
    var summaries = DaySummaries()
    do {
      var intact = true
      try database.prepare("SELECT day, records, done_due, seal FROM day_summary").forEachRow { row in
        let seal = TrackerRows.daySummarySeal(
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
  package static func readAround(
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
}
