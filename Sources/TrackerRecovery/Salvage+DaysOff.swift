import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

extension Salvage {
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
  package static func readDaysOff(
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
  package static func readPairs(
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
  package static func pair(_ cell: PageScan.Cell, known: Set<Int>) -> (key: Key, isTableCell: Bool)? {
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
}
