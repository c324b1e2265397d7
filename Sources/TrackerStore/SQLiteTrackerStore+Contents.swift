import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

extension SQLiteTrackerStore {
  // MARK: Snapshots

  /// Runs `body` in one read transaction (`BEGIN DEFERRED … COMMIT`): every read of the reader,
  /// this store itself, sees the file as it was at the first, whatever another connection commits
  /// meanwhile. Other threads' calls wait for `body` to end.
  public func read<Result>(
    _ body: (any TrackerDataReading) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try connection.read { try body(self) }
  }

  // MARK: Whole contents

  public func contents() throws(StoreError) -> StoreContents {
    try reading { try self.loadContents() }
  }

  /// Everything but the settings, read inside a transaction the caller holds.
  func loadContents() throws -> StoreContents {
    let trackers = try self.loadTrackers().map(\.tracker)
    // Trackers in id order, then each one's records by the primary key (tracker, day): the order
    // `StoreContents.sorted` defines, read without sorting hundreds of thousands of rows.
    var byID: [(id: UUID, number: Int)] = []
    try self.database.cached("SELECT number, id FROM tracker ORDER BY id").forEachRow { row in
      if let id = UUID(canonical: row.text(1)) { byID.append((id, row.int(0))) }
    }
    var records: [TrackerRecord] = []
    let query = try self.database.cached("SELECT day, amount FROM record WHERE tracker = ? ORDER BY day")
    for tracker in byID {
      try query.forEachRow([.integer(Int64(tracker.number))]) { row in
        records.append(try TrackerRows.decodeRecord(tracker.id, row, day: 0, amount: 1))
      }
    }
    var daysOff: [TrackerDayOff] = []
    var notes: [TrackerNote] = []
    for tracker in byID {
      for day in try TrackerRows.daysOff(tracker.number, in: self.database) {
        daysOff.append(TrackerDayOff(trackerID: tracker.id, day: day))
      }
      notes += try self.loadNotes(tracker.id, number: tracker.number)
    }
    return StoreContents(
      categories: try self.loadCategories(), trackers: trackers, records: records, daysOff: daysOff,
      notes: notes)
  }

  public func insert(_ additions: StoreAdditions) throws(StoreError) {
    try StoreRules.checkStorable(additions.marks.lazy.flatMap(\.records))
    try StoreRules.checkStorable(additions.marks.lazy.flatMap(\.daysOff))
    try StoreRules.checkStorable(additions.notes.lazy.map(\.day))
    try write { try self.inserting(additions) }
  }

  func inserting(_ additions: StoreAdditions) throws -> StoreChange {
    for category in additions.categories {
      if try self.loadCategory(category.id) != nil { throw StoreError.idAlreadyExists(category.id) }
    }
    for tracker in additions.trackers where try self.trackerNumber(tracker.id) != nil {
      throw StoreError.idAlreadyExists(tracker.id)
    }
    var titles = try self.loadCategories().map(\.title)
    for category in additions.categories {
      let title = try StoreRules.validatedTitle(category.title, otherTitles: titles)
      try self.insertCategory(TrackerCategory(id: category.id, title: title))
      titles.append(title)
    }
    var names = NameIndex(try self.trackerNames(except: nil))
    var numbers: [UUID: Int] = [:]
    for tracker in additions.trackers {
      try self.requireCategory(tracker.categoryID)
      let valid = try StoreRules.validated(tracker, otherNames: names)
      numbers[tracker.id] = try self.insertTracker(valid)
      names.insert(valid.name)
    }
    // A bulk import rebuilds the by-day index once instead of updating it row by row in random
    // order (several times faster for hundreds of thousands of records).
    let rebuildsIndex = additions.recordCount > 10_000
    if rebuildsIndex { try self.database.execute("DROP INDEX record_by_day") }
    // Rows go in batches of `batchSize` per statement: one statement step per batch instead of
    // per row halves the time of a large import.
    let batchSize = 500
    let single = try self.database.cached("INSERT OR IGNORE INTO record (tracker, day) VALUES (?, ?)")
    let batch = try self.database.cached(
      "INSERT OR IGNORE INTO record (tracker, day) VALUES "
        + Array(repeating: "(?, ?)", count: batchSize).joined(separator: ", "))
    var pending: [Int64] = []
    pending.reserveCapacity(batchSize * 2)
    // Days off, where no record is (a record wins: the two exclude each other).
    let dayOff = try self.database.cached(
      """
      INSERT OR IGNORE INTO day_off (tracker, day)
        SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM record WHERE tracker = ?1 AND day = ?2)
      """)
    let newMeasurable = Set(additions.trackers.lazy.filter { $0.measure != .yesNo }.map(\.id))
    // A measurable tracker's records go in with their amounts (NULL where a record has none), in
    // batches too; a day already recorded keeps its amount, as it keeps its record.
    let amountBatchSize = 300
    let singleWithAmount = try self.database.cached(
      "INSERT OR IGNORE INTO record (tracker, day, amount) VALUES (?, ?, ?)")
    let batchWithAmount = try self.database.cached(
      "INSERT OR IGNORE INTO record (tracker, day, amount) VALUES "
        + Array(repeating: "(?, ?, ?)", count: amountBatchSize).joined(separator: ", "))
    var pendingWithAmount: [Int64?] = []
    pendingWithAmount.reserveCapacity(amountBatchSize * 3)
    for marks in additions.marks {
      guard let number = try numbers[marks.trackerID] ?? self.trackerNumber(marks.trackerID) else {
        throw StoreError.trackerNotFound(marks.trackerID)
      }
      numbers[marks.trackerID] = number
      if !marks.amounts.isEmpty,
        try newMeasurable.contains(marks.trackerID) || self.loadGoal(number)?.measure ?? .yesNo != .yesNo
      {
        for day in marks.records {
          pendingWithAmount.append(Int64(number))
          pendingWithAmount.append(Int64(day.daysSinceEpoch))
          pendingWithAmount.append(marks.amounts[day].map { Int64($0.thousandths) })
          if pendingWithAmount.count == amountBatchSize * 3 {
            try batchWithAmount.run(optionalIntegers: pendingWithAmount)
            pendingWithAmount.removeAll(keepingCapacity: true)
          }
        }
        for row in stride(from: 0, to: pendingWithAmount.count, by: 3) {
          try singleWithAmount.run(optionalIntegers: Array(pendingWithAmount[row..<row + 3]))
        }
        pendingWithAmount.removeAll(keepingCapacity: true)
      } else {
        for day in marks.records {
          pending.append(Int64(number))
          pending.append(Int64(day.daysSinceEpoch))
          if pending.count == batchSize * 2 {
            try batch.run(integers: pending)
            pending.removeAll(keepingCapacity: true)
          }
        }
        for row in stride(from: 0, to: pending.count, by: 2) {
          try single.run(pending[row], pending[row + 1])
        }
        pending.removeAll(keepingCapacity: true)
      }
      for day in marks.daysOff {
        try dayOff.run([.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))])
      }
    }
    if rebuildsIndex { try self.database.execute(Schema.recordByDayIndex) }
    for note in additions.notes {
      guard let number = try numbers[note.trackerID] ?? self.trackerNumber(note.trackerID) else {
        throw StoreError.trackerNotFound(note.trackerID)
      }
      numbers[note.trackerID] = number
      try self.insertNote(try StoreRules.validatedNote(note.text), number: number, day: note.day)
    }

    // New trackers' summaries come from the marks at hand; a tracker already in the store that
    // gained marks is read again.
    let newIDs = Set(additions.trackers.map(\.id))
    try self.addSummaries(of: additions, numbers: numbers.filter { newIDs.contains($0.key) })
    let older = numbers.filter { !newIDs.contains($0.key) }
    for number in older.values { try self.refreshSummary(number) }
    if !older.isEmpty {
      try self.refreshDays(
        Set(
          additions.marks.lazy.filter { older[$0.trackerID] != nil }.flatMap(\.records).map(\.daysSinceEpoch))
      )
    }
    return StoreChange(additions)
  }
}
