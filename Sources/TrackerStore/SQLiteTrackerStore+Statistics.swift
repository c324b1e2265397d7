import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

/// The statistics summaries (schema 2): per tracker its count, first and last record, best streak
/// and run at its last record; per day its records and done due habits. Every write that changes
/// records or a schedule refreshes what it touched, in its own transaction, so the statistics read
/// a few thousand rows instead of every record.
extension SQLiteTrackerStore {
  public func statistics(asOf today: Day) throws(StoreError) -> Statistics {
    try reading {
      var summaries: [TrackerStreakSummary] = []
      let goals = try TrackerRows.loadGoals(self.database)
      try self.database.cached("SELECT \(TrackerRows.trackerColumns) FROM tracker").forEachRow { row in
        let summary = try TrackerRows.decodeTracker(row)
        summaries.append(
          TrackerStreakSummary(
            tracker: try TrackerRows.applying(goals[row.int(0)], to: summary.tracker),
            recordCount: summary.recordCount, firstRecord: summary.earliestRecord,
            lastRecord: row.isNull(12) ? nil : try row.day(12), bestStreak: row.int(13),
            runAtLastRecord: row.int(14)))
      }
      // The trackers' order of `trackers()`.
      let byID = Dictionary(summaries.map { ($0.tracker.id, $0) }, uniquingKeysWith: { first, _ in first })
      summaries = StoreRules.sorted(
        summaries.map {
          TrackerSummary(tracker: $0.tracker, recordCount: $0.recordCount, earliestRecord: nil)
        }
      ).compactMap { byID[$0.tracker.id] }
      let days = try TrackerRows.loadDaySummaries(self.database)
      let daysOff = try self.loadAllDaysOff()
      let part = try self.dayByDayPart(summaries.map(\.tracker), daysOff: daysOff, today: today)
      return try Statistics(
        summaries: summaries, days: days, daysOff: daysOff, today: today, dayByDay: part
      ) { tracker throws(StoreError) in
        do {
          return try self.loadRecords(tracker.id).map(\.day)
        } catch let error as SQLiteError {
          throw .storage(error.storageFailure)
        } catch {
          throw .storage(StorageFailure(.other, detail: "\(error)"))
        }
      }
    }
  }

  /// The statistics' day-by-day part (measurable trackers and quota habits, whose records the
  /// summaries cannot stand for): kept from the last call while other processes committed nothing
  /// (the writer's `PRAGMA data_version`), this store's own commits touched none of those trackers
  /// (`forgetDayByDayPart`), and today, the trackers and their days off are the same — so the
  /// statistics after a tap on a yes/no habit read no measured record. Call in a read; inside a
  /// write, or when the writer was busy as the read began, nothing is kept
  /// (`StoreConnection.snapshotMark`).
  func dayByDayPart(_ trackers: [Tracker], daysOff: [TrackerDayOff], today: Day) throws -> DayByDayPart {
    let judged = trackers.filter(\.isJudgedDayByDay)
    guard !judged.isEmpty else { return DayByDayPart(today: today) }
    let ids = Set(judged.map(\.id))
    let judgedDaysOff = daysOff.filter { ids.contains($0.trackerID) }
    let mark = connection.snapshotMark
    let key = mark.map {
      DayByDayCache.Key(
        otherCommits: $0.otherCommits, keptGeneration: $0.keptGeneration, today: today, trackers: judged,
        daysOff: judgedDaysOff)
    }
    if let key, let kept = dayByDayCache.part(for: key) { return kept }
    var histories: [TrackerHistory] = []
    for tracker in judged {
      histories.append(
        TrackerHistory(tracker: tracker, records: try loadRecords(tracker.id), daysOff: judgedDaysOff))
    }
    dayByDayComputations.increment()
    let part = DayByDayPart(histories: histories, today: today)
    if let key, let mark {
      beforeKeepingDayByDayPart?()
      dayByDayCache.keep(part, for: key, ownCommits: mark.ownCommits) { connection.ownCommits }
    }
    return part
  }

  /// After `change`, this store's own commit: forgets the kept day-by-day part when the change may
  /// have changed it — a tracker or category added, changed or deleted, or a mark of a tracker
  /// judged day by day — and then no snapshot begun before it stands for the file
  /// (`StoreConnection.keptMayHaveChanged`).
  func forgetDayByDayPart(after change: StoreChange) {
    let mayHaveChanged = dayByDayCache.forget { ids in
      change.isEverything || !change.trackerIDs.isEmpty || !change.categoryIDs.isEmpty
        || change.recordDays.keys.contains { ids.contains($0) }
    }
    if mayHaveChanged { connection.keptMayHaveChanged() }
  }

  /// The records of `id` with their amounts, ascending by day; call under the lock.
  func loadRecords(_ id: UUID) throws -> [TrackerRecord] {
    try database.cached(
      "SELECT day, amount FROM record JOIN tracker ON tracker.number = record.tracker WHERE tracker.id = ? ORDER BY day"
    ).rows([.text(id.uuidString)]) { try TrackerRows.decodeRecord(id, $0, day: 0, amount: 1) }
  }

  /// Every day off, with its tracker's id; call under the lock.
  func loadAllDaysOff() throws -> [TrackerDayOff] {
    try database.cached(
      "SELECT tracker.id, day_off.day FROM day_off JOIN tracker ON tracker.number = day_off.tracker"
    ).rows { row in
      let day = try row.day(1)
      return UUID(canonical: row.text(0)).map { TrackerDayOff(trackerID: $0, day: day) }
    }.compactMap { $0 }
  }

  /// Writes the summary of `day`, sealed; a day without records has none.
  func storeDaySummary(day: Int, records: Int, doneDue: Int) throws {
    if records == 0 {
      try database.cached("DELETE FROM day_summary WHERE day = ?").run([.integer(Int64(day))])
    } else {
      try database.cached(
        "INSERT OR REPLACE INTO day_summary (day, records, done_due, seal) VALUES (?, ?, ?, ?)"
      )
      .run([
        .integer(Int64(day)), .integer(Int64(records)), .integer(Int64(doneDue)),
        .integer(TrackerRows.daySummarySeal(day: day, records: records, doneDue: doneDue)),
      ])
    }
  }

  /// Recomputes the day summaries of `days` from their records.
  func refreshDays<Days: Sequence>(_ days: Days) throws where Days.Element == Int {
    let count = try database.cached(
      """
      SELECT COUNT(*), \(Schema.doneDueSum) FROM record JOIN tracker ON tracker.number = record.tracker
      WHERE record.day = ?
      """)
    for day in days {
      let counts = try count.rows([.integer(Int64(day))]) { ($0.int(0), $0.int(1)) }.first ?? (0, 0)
      try storeDaySummary(day: day, records: counts.0, doneDue: counts.1)
    }
  }

  /// The record days of the trackers `condition` selects (a `WHERE` on `tracker`), distinct.
  func recordDayNumbers(where condition: String, _ values: [Statement.Value]) throws -> [Int] {
    try database.cached(
      "SELECT DISTINCT record.day FROM record JOIN tracker ON tracker.number = record.tracker WHERE \(condition)"
    ).rows(values) { $0.int(0) }
  }

  /// Adds the contributions of newly inserted records of new trackers: per tracker its summary,
  /// per day its counts. `records` are the inserted ones; `numbers` the new trackers' numbers.
  func addSummaries(of additions: StoreAdditions, numbers: [UUID: Int]) throws {
    var marksByTracker: [UUID: TrackerMarks] = [:]
    for marks in additions.marks where numbers[marks.trackerID] != nil {
      // One entry per tracker is the rule; two are merged rather than counted twice.
      if let earlier = marksByTracker[marks.trackerID] {
        marksByTracker[marks.trackerID] = .settled(
          trackerID: marks.trackerID, records: earlier.records + marks.records,
          daysOff: earlier.daysOff + marks.daysOff)
      } else {
        marksByTracker[marks.trackerID] = marks
      }
    }
    var perDay: [Int: (records: Int, doneDue: Int)] = [:]
    for tracker in additions.trackers {
      guard let number = numbers[tracker.id] else { continue }
      let marks = marksByTracker[tracker.id] ?? TrackerMarks(trackerID: tracker.id, records: [])
      try TrackerRows.store(
        TrackerStreakSummary(
          tracker: TrackerRows.summarized(tracker), recordDays: marks.records, daysOff: marks.daysOff),
        number: number, in: database)
      let mask = tracker.kind.isHabit ? tracker.kind.dueDays.rawValue : 0
      for day in marks.records {
        let number = day.daysSinceEpoch
        let isDue = mask & (1 << weekdayOf(number)) != 0
        let current = perDay[number] ?? (0, 0)
        perDay[number] = (current.records + 1, current.doneDue + (isDue ? 1 : 0))
      }
    }
    let stored = try database.cached("SELECT records, done_due, seal FROM day_summary WHERE day = ?")
    for (day, counts) in perDay {
      let current =
        try stored.rows([.integer(Int64(day))]) { row in
          try RowSeal.check(
            row.int(2), [.integer(Int64(day)), .integer(Int64(row.int(0))), .integer(Int64(row.int(1)))],
            .daySummary)
          return (row.int(0), row.int(1))
        }.first ?? (0, 0)
      try storeDaySummary(day: day, records: current.0 + counts.records, doneDue: current.1 + counts.doneDue)
    }
  }
}

/// Monday 0 … Sunday 6 for a day number (1970-01-01 was a Thursday).
private func weekdayOf(_ day: Int) -> Int { ((day + 3) % 7 + 7) % 7 }
