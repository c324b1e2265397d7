import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

extension SQLiteTrackerStore {
  // MARK: Categories

  public func categories() throws(StoreError) -> [TrackerCategory] {
    try reading { try self.loadCategories() }
  }

  public func createCategory(_ category: TrackerCategory) throws(StoreError) {
    try write {
      let others = try self.loadCategories()
      if others.contains(where: { $0.id == category.id }) { throw StoreError.idAlreadyExists(category.id) }
      let title = try StoreRules.validatedTitle(category.title, otherTitles: others.map(\.title))
      try self.insertCategory(TrackerCategory(id: category.id, title: title))
      return StoreChange(categoryIDs: [category.id])
    }
  }

  public func renameCategory(id: UUID, to title: String) throws(StoreError) {
    try write {
      let all = try self.loadCategories()
      guard all.contains(where: { $0.id == id }) else { throw StoreError.categoryNotFound(id) }
      let others = all.filter { $0.id != id }.map(\.title)
      let title = try StoreRules.validatedTitle(title, otherTitles: others)
      try self.updateCategory(TrackerCategory(id: id, title: title))
      return StoreChange(categoryIDs: [id])
    }
  }

  public func deleteCategory(id: UUID) throws(StoreError) {
    try write {
      let trackers = try self.database.cached("SELECT id FROM tracker WHERE category_id = ?")
        .rows([.text(id.uuidString)]) { UUID(canonical: $0.text(0)) }.compactMap { $0 }
      let days = try self.recordDayNumbers(where: "tracker.category_id = ?", [.text(id.uuidString)])
      try self.database.cached("DELETE FROM category WHERE id = ?").run([.text(id.uuidString)])
      guard self.database.changes > 0 else { throw StoreError.categoryNotFound(id) }
      try self.refreshDays(days)
      var change = StoreChange(categoryIDs: [id], trackerIDs: Set(trackers))
      var settings = try self.loadSettings()
      if settings.lastChosenCategoryID == id {
        settings.lastChosenCategoryID = nil
        try self.storeSettings(settings)
        change.settingsChanged = true
      }
      return change
    }
  }

  // MARK: Trackers

  public func trackers() throws(StoreError) -> [TrackerSummary] {
    try reading { try self.loadTrackers() }
  }

  public func createTracker(_ tracker: Tracker) throws(StoreError) {
    try write {
      try self.requireCategory(tracker.categoryID)
      if try self.trackerNumber(tracker.id) != nil { throw StoreError.idAlreadyExists(tracker.id) }
      var valid = try StoreRules.validated(tracker, otherNames: try self.trackerNames(except: nil))
      valid.order = TrackerOrder.orderOfNew(
        among: try self.database.cached("SELECT position FROM tracker_arrangement").rows { $0.int(0) })
      try self.insertTracker(valid)
      return StoreChange(trackerIDs: [tracker.id])
    }
  }

  public func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day],
    raisingToTargetOn raised: [Day]
  ) throws(StoreError) {
    try StoreRules.checkStorable(added + raised)
    try write {
      guard let number = try self.trackerNumber(tracker.id) else {
        throw StoreError.trackerNotFound(tracker.id)
      }
      try self.requireCategory(tracker.categoryID)
      var valid = try StoreRules.validated(tracker, otherNames: try self.trackerNames(except: tracker.id))
      // Archived and order change by their own writes only: a form opened before a move keeps it.
      let stored = try TrackerRows.loadArrangement(number, in: self.database)
      (valid.isArchived, valid.order) = (stored.isArchived, stored.order)
      let oldSchedule = try self.database.cached("SELECT schedule FROM tracker WHERE number = ?")
        .rows([.integer(Int64(number))]) { $0.isNull(0) ? -1 : $0.int(0) }.first
      try self.updateTracker(valid, number: number)
      let newSchedule = valid.kind.isHabit ? Int(valid.kind.dueDays.rawValue) : -1
      try self.checkNotAhead(added + raised)
      let insert = try self.database.cached("INSERT OR IGNORE INTO record (tracker, day) VALUES (?, ?)")
      for day in added { try insert.run([.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))]) }
      let delete = try self.database.cached("DELETE FROM record WHERE tracker = ? AND day = ?")
      for day in removed { try delete.run([.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))]) }
      // A yes/no tracker's records carry no amount: a tracker made yes/no keeps its days only.
      if valid.measure == .yesNo {
        try self.database.cached("UPDATE record SET amount = NULL WHERE tracker = ? AND amount IS NOT NULL")
          .run([.integer(Int64(number))])
      }
      if !raised.isEmpty {
        guard let target = valid.measure.goal?.target else { throw StoreError.notMeasurable(tracker.id) }
        let raise = try self.database.cached(
          "INSERT INTO record (tracker, day, amount) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET amount = excluded.amount"
        )
        for day in raised {
          try raise.run([
            .integer(Int64(number)), .integer(Int64(day.daysSinceEpoch)), .integer(Int64(target.thousandths)),
          ])
        }
      }
      let cancel = try self.database.cached("DELETE FROM day_off WHERE tracker = ? AND day = ?")
      for day in added + raised {
        try cancel.run([.integer(Int64(number)), .integer(Int64(day.daysSinceEpoch))])
      }
      try self.refreshSummary(number)
      // A new schedule re-evaluates every recorded day; otherwise only the days added, raised or
      // removed.
      var touched = Set((added + raised).map(\.daysSinceEpoch)).union(removed.map(\.daysSinceEpoch))
      if oldSchedule != newSchedule {
        touched.formUnion(try self.recordDayNumbers(where: "tracker.number = ?", [.integer(Int64(number))]))
      }
      try self.refreshDays(touched)
      var change = StoreChange(trackerIDs: [tracker.id])
      let days = Set(added).union(removed).union(raised)
      if !days.isEmpty { change.recordDays = [tracker.id: days] }
      return change
    }
  }

  public func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError) {
    try write {
      guard let found = try self.loadTracker(trackerID) else { throw StoreError.trackerNotFound(trackerID) }
      var tracker = found.tracker
      tracker.isPinned = isPinned
      try self.updateTracker(tracker, number: found.number)
      return StoreChange(trackerIDs: [trackerID])
    }
  }

  public func setArchived(_ isArchived: Bool, trackerID: UUID) throws(StoreError) {
    try write {
      guard let number = try self.trackerNumber(trackerID) else {
        throw StoreError.trackerNotFound(trackerID)
      }
      var arrangement = try TrackerRows.loadArrangement(number, in: self.database)
      arrangement.isArchived = isArchived
      try TrackerRows.storeArrangement(arrangement, number: number, in: self.database)
      return StoreChange(trackerIDs: [trackerID])
    }
  }

  public func moveTracker(_ id: UUID, to place: TrackerOrder.Place) throws(StoreError) {
    try write {
      let trackers = try self.loadTrackers().map(\.tracker)
      let changed = try TrackerOrder.moving(id, to: place, among: trackers)
      let arrangements = try TrackerRows.loadArrangements(self.database)
      for (changedID, order) in changed {
        guard let number = try self.trackerNumber(changedID) else { continue }
        var arrangement = arrangements[number] ?? .none
        arrangement.order = order
        try TrackerRows.storeArrangement(arrangement, number: number, in: self.database)
      }
      return StoreChange(trackerIDs: Set(changed.keys))
    }
  }

  public func deleteTracker(id: UUID) throws(StoreError) {
    try write {
      let days = try self.recordDayNumbers(where: "tracker.id = ?", [.text(id.uuidString)])
      try self.database.cached("DELETE FROM tracker WHERE id = ?").run([.text(id.uuidString)])
      guard self.database.changes > 0 else { throw StoreError.trackerNotFound(id) }
      try self.refreshDays(days)
      return StoreChange(trackerIDs: [id])
    }
  }
}
