import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

extension SQLiteTrackerStore {
  // MARK: Records

  @discardableResult
  public func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try StoreRules.checkStorable(day)
    var isCompleted = false
    try write {
      guard let number = try self.trackerNumber(trackerID) else {
        throw StoreError.trackerNotFound(trackerID)
      }
      let key: [Statement.Value] = [.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))]
      try self.database.cached("DELETE FROM record WHERE tracker = ? AND day = ?").run(key)
      if self.database.changes == 0 {
        try self.checkNotAhead([day])
        try self.database.cached("INSERT INTO record (tracker, day) VALUES (?, ?)").run(key)
        // Completing a day off cancels it: the two exclude each other.
        try self.database.cached("DELETE FROM day_off WHERE tracker = ? AND day = ?").run(key)
        isCompleted = true
      }
      try self.refreshSummary(number)
      try self.refreshDays([day.daysSinceEpoch])
      return StoreChange(recordDays: [trackerID: [day]])
    }
    return isCompleted
  }

  @discardableResult
  public func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try StoreRules.checkStorable(day)
    var changed = false
    try write {
      changed = false
      guard let number = try self.trackerNumber(trackerID) else {
        throw StoreError.trackerNotFound(trackerID)
      }
      let key: [Statement.Value] = [.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))]
      if isDone {
        try self.checkNotAhead([day])
        try self.database.cached("INSERT OR IGNORE INTO record (tracker, day) VALUES (?, ?)").run(key)
        guard self.database.changes > 0 else { return StoreChange() }
        // Completing a day off cancels it: the two exclude each other.
        try self.database.cached("DELETE FROM day_off WHERE tracker = ? AND day = ?").run(key)
      } else {
        try self.database.cached("DELETE FROM record WHERE tracker = ? AND day = ?").run(key)
        guard self.database.changes > 0 else { return StoreChange() }
      }
      changed = true
      try self.refreshSummary(number)
      try self.refreshDays([day.daysSinceEpoch])
      return StoreChange(recordDays: [trackerID: [day]])
    }
    return changed
  }

  public func completedTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try reading {
      let ids = try self.database.cached(
        "SELECT tracker.id FROM record JOIN tracker ON tracker.number = record.tracker WHERE record.day = ?"
      ).rows([.integer(Int64(day.daysSinceEpoch))]) { UUID(canonical: $0.text(0)) }
      return Set(ids.compactMap { $0 })
    }
  }

  public func recordDays(trackerID: UUID) throws(StoreError) -> [Day] {
    try reading {
      try self.database.cached(
        "SELECT day FROM record JOIN tracker ON tracker.number = record.tracker WHERE tracker.id = ? ORDER BY day"
      ).rows([.text(trackerID.uuidString)]) { try $0.day(0) }
    }
  }

  public func allRecords() throws(StoreError) -> [TrackerRecord] {
    try reading {
      var ids: [Int: UUID] = [:]
      try self.database.cached("SELECT number, id FROM tracker").forEachRow { row in
        ids[row.int(0)] = UUID(canonical: row.text(1))
      }
      var records: [TrackerRecord] = []
      try self.database.cached("SELECT tracker, day, amount FROM record ORDER BY day, tracker").forEachRow {
        row in
        if let id = ids[row.int(0)] {
          records.append(try TrackerRows.decodeRecord(id, row, day: 1, amount: 2))
        }
      }
      return records
    }
  }

  // MARK: Days off

  @discardableResult
  public func setDaysOff(_ isOff: Bool, _ days: [TrackerDayOff]) throws(StoreError) -> DaysOffChange {
    try StoreRules.checkStorable(days.map(\.day))
    var change = DaysOffChange()
    try write {
      change = DaysOffChange()
      let byTracker = Dictionary(grouping: Set(days), by: \.trackerID)
      let find = try self.database.cached("SELECT \(TrackerRows.trackerColumns) FROM tracker WHERE id = ?")
      var found: [(id: UUID, number: Int, days: [Day])] = []
      // Every tracker is checked before anything changes; a throw rolls the whole call back.
      for id in byTracker.keys.sorted(by: { $0.textOrder < $1.textOrder }) {
        let rows = try find.rows([.text(id.uuidString)]) { ($0.int(0), try TrackerRows.decodeTracker($0)) }
        guard let (number, summary) = rows.first else { throw StoreError.trackerNotFound(id) }
        let trackerDays = (byTracker[id] ?? []).map(\.day).sorted()
        if isOff { try StoreRules.checkShown(summary, on: trackerDays) }
        found.append((id, number, trackerDays))
      }
      let add = try self.database.cached("INSERT OR IGNORE INTO day_off (tracker, day) VALUES (?, ?)")
      let remove = try self.database.cached("DELETE FROM day_off WHERE tracker = ? AND day = ?")
      let removeRecord = try self.database.cached("DELETE FROM record WHERE tracker = ? AND day = ?")
      var changedDays: [UUID: Set<Day>] = [:]
      var recordsRemoved: Set<Int> = []
      for (id, number, trackerDays) in found {
        var changed: Set<Day> = []
        for day in trackerDays {
          let key: [Statement.Value] = [.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))]
          try (isOff ? add : remove).run(key)
          guard self.database.changes > 0 else { continue }
          changed.insert(day)
          change.changed.append(TrackerDayOff(trackerID: id, day: day))
          if isOff, let amount = try self.storedAmount(number, day) {
            try removeRecord.run(key)
            recordsRemoved.insert(day.daysSinceEpoch)
            change.removedRecords.append(TrackerRecord(trackerID: id, day: day, amount: amount))
          }
        }
        guard !changed.isEmpty else { continue }
        changedDays[id] = changed
        try self.refreshSummary(number)
      }
      guard !changedDays.isEmpty else { return StoreChange() }
      try self.refreshDays(recordsRemoved.sorted())
      return StoreChange(recordDays: changedDays)
    }
    return change
  }

  public func dayOffTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try reading {
      let ids = try self.database.cached(
        "SELECT tracker.id FROM day_off JOIN tracker ON tracker.number = day_off.tracker WHERE day_off.day = ?"
      ).rows([.integer(Int64(day.daysSinceEpoch))]) { UUID(canonical: $0.text(0)) }
      return Set(ids.compactMap { $0 })
    }
  }

  public func daysOff(trackerID: UUID) throws(StoreError) -> [Day] {
    try reading {
      guard let number = try self.trackerNumber(trackerID) else { return [] }
      return try TrackerRows.daysOff(number, in: self.database)
    }
  }

  // MARK: Settings

  public func settings() throws(StoreError) -> StoreSettings {
    try reading { try self.loadSettings() }
  }

  /// A change that changes nothing (a filter chosen again) is seen in a read and asks for no write
  /// lock: it returns at once even while another program writes.
  @discardableResult
  public func updateSettings(_ change: (inout StoreSettings) -> Void) throws(StoreError) -> StoreSettings {
    let current = try settings()
    var saved = current
    change(&saved)
    guard saved != current else { return current }
    try write {
      let stored = try self.loadSettings()
      saved = stored
      change(&saved)
      guard saved != stored else { return StoreChange() }
      try self.storeSettings(saved)
      return StoreChange(settingsChanged: true)
    }
    return saved
  }
}
