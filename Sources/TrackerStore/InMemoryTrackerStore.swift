import Foundation
import TrackerModels
import TrackerSQLite

/// The store in memory, with the SQLite store's behaviour (the shared suite in `StoreTests` runs
/// against both): for tests, previews and `--demo`. Thread-safe.
public final class InMemoryTrackerStore: TrackerDataStore {
  struct State {
    var categories: [UUID: TrackerCategory] = [:]
    var trackers: [UUID: Tracker] = [:]
    /// Each tracker's record days, in order (`SortedDays`: the reads sort nothing).
    var records: [UUID: SortedDays] = [:]
    /// A measurable tracker's amounts by record day; removed with their records.
    var amounts: [UUID: [Day: Amount]] = [:]
    var daysOff: [UUID: SortedDays] = [:]
    var notes: [UUID: [Day: String]] = [:]
    var settings = StoreSettings()
    /// Each command log's place (`LoggedCommandApplying`): in memory nothing survives a crash,
    /// so the commands and the place need not be one write, only one merge.
    var logPositions: [UUID: Int] = [:]

    /// Removes the record of `id` on `day` with its amount; returns whether there was one.
    mutating func removeRecord(_ id: UUID, _ day: Day) -> Bool {
      amounts[id]?[day] = nil
      return records[id]?.remove(day) != nil
    }

    /// Removes every mark and note of `id`.
    mutating func removeAll(of id: UUID) {
      records[id] = nil
      amounts[id] = nil
      daysOff[id] = nil
      notes[id] = nil
    }

    func record(_ id: UUID, _ day: Day) -> TrackerRecord {
      TrackerRecord(trackerID: id, day: day, amount: amounts[id]?[day])
    }
  }

  /// Everything the store holds: one value, read as snapshots and changed one write at a time.
  private let database = MemoryDatabase(State(), nothing: StoreChange())
  /// Today, for refusing completions after it; nil: no refusal (a fixture that sets its own days).
  private let clock: StoreClock?

  /// An empty store; with `clock`, it refuses a completion after today by itself.
  public init(clock: StoreClock? = nil) { self.clock = clock }

  /// A store holding `contents` and `settings` (the demo, a test's fixture).
  public convenience init(
    contents: StoreContents, settings: StoreSettings = StoreSettings(), clock: StoreClock? = nil
  ) throws(StoreError) {
    self.init(clock: clock)
    try insert(contents)
    try saveSettings(settings)
  }

  // MARK: Categories

  public func categories() throws(StoreError) -> [TrackerCategory] { snapshot.categories() }

  public func createCategory(_ category: TrackerCategory) throws(StoreError) {
    try write { state in
      guard state.categories[category.id] == nil else { throw StoreError.idAlreadyExists(category.id) }
      let title = try StoreRules.validatedTitle(
        category.title, otherTitles: state.categories.values.map(\.title))
      state.categories[category.id] = TrackerCategory(id: category.id, title: title)
      return StoreChange(categoryIDs: [category.id])
    }
  }

  public func renameCategory(id: UUID, to title: String) throws(StoreError) {
    try write { state in
      guard state.categories[id] != nil else { throw StoreError.categoryNotFound(id) }
      let others = state.categories.values.filter { $0.id != id }.map(\.title)
      state.categories[id]?.title = try StoreRules.validatedTitle(title, otherTitles: others)
      return StoreChange(categoryIDs: [id])
    }
  }

  public func deleteCategory(id: UUID) throws(StoreError) {
    try write { state in
      guard state.categories.removeValue(forKey: id) != nil else { throw StoreError.categoryNotFound(id) }
      let doomed = state.trackers.values.filter { $0.categoryID == id }.map(\.id)
      for tracker in doomed {
        state.trackers[tracker] = nil
        state.removeAll(of: tracker)
      }
      var change = StoreChange(categoryIDs: [id], trackerIDs: Set(doomed))
      if state.settings.lastChosenCategoryID == id {
        state.settings.lastChosenCategoryID = nil
        change.settingsChanged = true
      }
      return change
    }
  }

  // MARK: Trackers

  public func trackers() throws(StoreError) -> [TrackerSummary] { snapshot.trackers() }

  public func createTracker(_ tracker: Tracker) throws(StoreError) {
    try write { state in
      guard state.categories[tracker.categoryID] != nil else {
        throw StoreError.categoryNotFound(tracker.categoryID)
      }
      guard state.trackers[tracker.id] == nil else { throw StoreError.idAlreadyExists(tracker.id) }
      var valid = try StoreRules.validated(tracker, otherNames: state.trackers.values.map(\.name))
      valid.order = TrackerOrder.orderOfNew(among: state.trackers.values.map(\.order))
      state.trackers[tracker.id] = valid
      return StoreChange(trackerIDs: [tracker.id])
    }
  }

  public func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day],
    raisingToTargetOn raised: [Day]
  ) throws(StoreError) {
    try StoreRules.checkStorable(added + raised)
    try write { state in
      guard let stored = state.trackers[tracker.id] else { throw StoreError.trackerNotFound(tracker.id) }
      guard state.categories[tracker.categoryID] != nil else {
        throw StoreError.categoryNotFound(tracker.categoryID)
      }
      let others = state.trackers.values.filter { $0.id != tracker.id }.map(\.name)
      var valid = try StoreRules.validated(tracker, otherNames: others)
      // Archived and order change by their own writes only: a form opened before a move keeps it.
      (valid.isArchived, valid.order) = (stored.isArchived, stored.order)
      state.trackers[tracker.id] = valid
      try Self.checkNotAhead(added + raised, clock, state.settings)
      state.records[tracker.id, default: []].formUnion(added)
      for day in removed { _ = state.removeRecord(tracker.id, day) }
      if tracker.measure == .yesNo { state.amounts[tracker.id] = nil }
      if !raised.isEmpty {
        guard let target = tracker.measure.goal?.target else { throw StoreError.notMeasurable(tracker.id) }
        state.records[tracker.id, default: []].formUnion(raised)
        for day in raised { state.amounts[tracker.id, default: [:]][day] = target }
      }
      state.daysOff[tracker.id]?.subtract(added + raised)
      var change = StoreChange(trackerIDs: [tracker.id])
      let touched = Set(added).union(removed).union(raised)
      if !touched.isEmpty { change.recordDays = [tracker.id: touched] }
      return change
    }
  }

  public func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError) {
    try write { state in
      guard state.trackers[trackerID] != nil else { throw StoreError.trackerNotFound(trackerID) }
      state.trackers[trackerID]?.isPinned = isPinned
      return StoreChange(trackerIDs: [trackerID])
    }
  }

  public func setArchived(_ isArchived: Bool, trackerID: UUID) throws(StoreError) {
    try write { state in
      guard state.trackers[trackerID] != nil else { throw StoreError.trackerNotFound(trackerID) }
      state.trackers[trackerID]?.isArchived = isArchived
      return StoreChange(trackerIDs: [trackerID])
    }
  }

  public func moveTracker(_ id: UUID, to place: TrackerOrder.Place) throws(StoreError) {
    try write { state in
      let changed = try TrackerOrder.moving(id, to: place, among: Array(state.trackers.values))
      for (id, order) in changed { state.trackers[id]?.order = order }
      return StoreChange(trackerIDs: Set(changed.keys))
    }
  }

  public func deleteTracker(id: UUID) throws(StoreError) {
    try write { state in
      guard state.trackers.removeValue(forKey: id) != nil else { throw StoreError.trackerNotFound(id) }
      state.removeAll(of: id)
      return StoreChange(trackerIDs: [id])
    }
  }

  // MARK: Records

  @discardableResult
  public func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try StoreRules.checkStorable(day)
    var isCompleted = false
    try write { state in
      guard state.trackers[trackerID] != nil else { throw StoreError.trackerNotFound(trackerID) }
      if !state.removeRecord(trackerID, day) {
        try Self.checkNotAhead([day], clock, state.settings)
        state.records[trackerID, default: []].insert(day)
        state.daysOff[trackerID]?.remove(day)
        isCompleted = true
      }
      return StoreChange(recordDays: [trackerID: [day]])
    }
    return isCompleted
  }

  @discardableResult
  public func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try StoreRules.checkStorable(day)
    var changed = false
    try write { state in
      guard state.trackers[trackerID] != nil else { throw StoreError.trackerNotFound(trackerID) }
      guard (state.records[trackerID]?.contains(day) ?? false) != isDone else { return StoreChange() }
      if isDone {
        try Self.checkNotAhead([day], clock, state.settings)
        state.records[trackerID, default: []].insert(day)
        state.daysOff[trackerID]?.remove(day)
      } else {
        _ = state.removeRecord(trackerID, day)
      }
      changed = true
      return StoreChange(recordDays: [trackerID: [day]])
    }
    return changed
  }

  @discardableResult
  public func setAmount(_ amount: Amount?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try StoreRules.checkStorable(day)
    var changed = false
    try write { state in
      guard let tracker = state.trackers[trackerID] else { throw StoreError.trackerNotFound(trackerID) }
      guard tracker.measure != .yesNo else { throw StoreError.notMeasurable(trackerID) }
      guard let amount else {
        changed = state.removeRecord(trackerID, day)
        return changed ? StoreChange(recordDays: [trackerID: [day]]) : StoreChange()
      }
      let isRecorded = state.records[trackerID]?.contains(day) ?? false
      guard !isRecorded || state.amounts[trackerID]?[day] != amount else { return StoreChange() }
      try Self.checkNotAhead([day], clock, state.settings)
      state.records[trackerID, default: []].insert(day)
      state.amounts[trackerID, default: [:]][day] = amount
      state.daysOff[trackerID]?.remove(day)
      changed = true
      return StoreChange(recordDays: [trackerID: [day]])
    }
    return changed
  }

  // MARK: Notes

  @discardableResult
  public func setNote(_ text: String?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    try StoreRules.checkStorable(day)
    let valid = try text.map { (raw) throws(StoreError) in try StoreRules.validatedNote(raw) }
    var changed = false
    try write { state in
      guard state.trackers[trackerID] != nil else { throw StoreError.trackerNotFound(trackerID) }
      guard state.notes[trackerID]?[day] != valid else { return StoreChange() }
      state.notes[trackerID, default: [:]][day] = valid
      changed = true
      return StoreChange(noteDays: [trackerID: [day]])
    }
    return changed
  }

  public func completedTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    snapshot.completedTrackerIDs(on: day)
  }

  public func recordDays(trackerID: UUID) throws(StoreError) -> [Day] {
    snapshot.recordDays(trackerID: trackerID)
  }

  public func allRecords() throws(StoreError) -> [TrackerRecord] { snapshot.allRecords() }

  public func records(trackerID: UUID) throws(StoreError) -> [TrackerRecord] {
    snapshot.records(trackerID: trackerID)
  }

  public func records(on day: Day) throws(StoreError) -> [TrackerRecord] { snapshot.records(on: day) }

  public func notes(trackerID: UUID) throws(StoreError) -> [TrackerNote] {
    snapshot.notes(trackerID: trackerID)
  }

  public func notes(on day: Day) throws(StoreError) -> [TrackerNote] { snapshot.notes(on: day) }

  public func statistics(asOf today: Day) throws(StoreError) -> Statistics {
    snapshot.statistics(asOf: today)
  }

  // MARK: Days off

  @discardableResult
  public func setDaysOff(_ isOff: Bool, _ days: [TrackerDayOff]) throws(StoreError) -> DaysOffChange {
    try StoreRules.checkStorable(days.map(\.day))
    var change = DaysOffChange()
    try write { state in
      let byTracker = Dictionary(grouping: days, by: \.trackerID)
      // Every tracker is checked before anything changes: the call is all or nothing.
      for id in byTracker.keys.sorted(by: { $0.textOrder < $1.textOrder }) {
        guard let tracker = state.trackers[id] else { throw StoreError.trackerNotFound(id) }
        if isOff {
          let records = state.records[id] ?? []
          let summary = TrackerSummary(
            tracker: tracker, recordCount: records.count, earliestRecord: records.min())
          try StoreRules.checkShown(summary, on: (byTracker[id] ?? []).map(\.day))
        }
      }
      var changedDays: [UUID: Set<Day>] = [:]
      for dayOff in StoreContents.sorted(Array(Set(days))) {
        let (id, day) = (dayOff.trackerID, dayOff.day)
        if isOff {
          guard state.daysOff[id, default: []].insert(day).inserted else { continue }
          let record = state.record(id, day)
          if state.removeRecord(id, day) { change.removedRecords.append(record) }
        } else {
          guard state.daysOff[id]?.remove(day) != nil else { continue }
        }
        change.changed.append(dayOff)
        changedDays[id, default: []].insert(day)
      }
      return changedDays.isEmpty ? StoreChange() : StoreChange(recordDays: changedDays)
    }
    return change
  }

  public func dayOffTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    snapshot.dayOffTrackerIDs(on: day)
  }

  public func daysOff(trackerID: UUID) throws(StoreError) -> [Day] { snapshot.daysOff(trackerID: trackerID) }

  // MARK: Settings

  public func settings() throws(StoreError) -> StoreSettings { snapshot.settings() }

  @discardableResult
  public func updateSettings(_ change: (inout StoreSettings) -> Void) throws(StoreError) -> StoreSettings {
    var saved = StoreSettings()
    try write { state in
      saved = state.settings
      change(&saved)
      guard state.settings != saved else { return StoreChange() }
      state.settings = saved
      return StoreChange(settingsChanged: true)
    }
    return saved
  }

  // MARK: Whole contents

  public func contents() throws(StoreError) -> StoreContents { snapshot.contents() }

  // MARK: Snapshots

  /// Runs `body` on the state as it is now: a value, which no write changes meanwhile.
  public func read<Result>(
    _ body: (any TrackerDataReading) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try body(snapshot)
  }

  public func insert(_ contents: StoreAdditions) throws(StoreError) {
    try StoreRules.checkStorable(contents.marks.lazy.flatMap(\.records))
    try StoreRules.checkStorable(contents.marks.lazy.flatMap(\.daysOff))
    try StoreRules.checkStorable(contents.notes.lazy.map(\.day))

    try write { state in
      for category in contents.categories where state.categories[category.id] != nil {
        throw StoreError.idAlreadyExists(category.id)
      }
      for tracker in contents.trackers where state.trackers[tracker.id] != nil {
        throw StoreError.idAlreadyExists(tracker.id)
      }
      // Names are indexed once and grown as items come in: checking each against a fresh list
      // made an import of 10,000 trackers into a new data file (tried here first) quadratic.
      var titles = NameIndex(state.categories.values.map(\.title))
      for category in contents.categories {
        let title: String
        switch NameRules.validate(category.title, against: titles) {
        case .success(let valid): title = valid
        case .failure(let error): throw StoreError.invalidCategoryTitle(error)
        }
        titles.insert(title)
        state.categories[category.id] = TrackerCategory(id: category.id, title: title)
      }
      var names = NameIndex(state.trackers.values.map(\.name))
      for tracker in contents.trackers {
        guard state.categories[tracker.categoryID] != nil else {
          throw StoreError.categoryNotFound(tracker.categoryID)
        }
        let valid = try StoreRules.validated(tracker, otherNames: names)
        names.insert(valid.name)
        state.trackers[tracker.id] = valid
      }
      for marks in contents.marks {
        guard state.trackers[marks.trackerID] != nil else {
          throw StoreError.trackerNotFound(marks.trackerID)
        }
        let isMeasurable = state.trackers[marks.trackerID]?.measure != .yesNo
        for day in marks.records where state.records[marks.trackerID, default: []].insert(day).inserted {
          if isMeasurable, let amount = marks.amounts[day] {
            state.amounts[marks.trackerID, default: [:]][day] = amount
          }
        }
        // A record wins over a day off on the same day: the two exclude each other.
        let done = state.records[marks.trackerID] ?? []
        state.daysOff[marks.trackerID, default: []].formUnion(
          marks.daysOff.lazy.filter { !done.contains($0) })
      }
      for note in contents.notes {
        guard state.trackers[note.trackerID] != nil else { throw StoreError.trackerNotFound(note.trackerID) }
        let text = try StoreRules.validatedNote(note.text)
        if state.notes[note.trackerID]?[note.day] == nil {
          state.notes[note.trackerID, default: [:]][note.day] = text
        }
      }

      return StoreChange(contents)
    }
  }

  // MARK: Observation

  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    database.observers.add(handler)
  }

  /// How many observations are alive (for leak tests).
  var observerCount: Int { database.observers.count }

  // MARK: Private

  /// Throws `.dayInFuture` for a completion after today, when the store knows today.
  private static func checkNotAhead(_ days: [Day], _ clock: StoreClock?, _ settings: StoreSettings)
    throws(StoreError)
  {
    guard let clock, let latest = days.max() else { return }
    let today = clock.today(settings)
    if latest > today { throw .dayInFuture(latest) }
  }

  /// The state as it is now.
  private var snapshot: InMemorySnapshot { InMemorySnapshot(state: database.snapshot) }

  /// How many calls ran on the main thread (debug builds; the tests' check that the view models
  /// make none).
  package var mainThreadCalls: Int { database.mainThreadCalls }

  /// The SQLite store's tables of the parts of the state that differ between `old` and `new`.
  static func tablesChanged(from old: State, to new: State) -> Set<String> {
    var tables: Set<String> = []
    if old.categories != new.categories { tables.insert("category") }
    if old.trackers != new.trackers { tables.insert("tracker") }
    if old.records != new.records || old.amounts != new.amounts { tables.insert("record") }
    if old.daysOff != new.daysOff { tables.insert("day_off") }
    if old.notes != new.notes { tables.insert("note") }
    if old.settings != new.settings { tables.insert("setting") }
    return tables
  }

  /// Applies `body` to a copy of the state and keeps it only when `body` returns: a thrown error
  /// leaves the store exactly as it was, as a rolled-back transaction does.
  private func write(_ body: (inout State) throws -> StoreChange) throws(StoreError) {
    try database.write(
      { (draft) throws(StoreError) in
        do {
          return try body(&draft)
        } catch {
          throw error as? StoreError ?? .storage(StorageFailure(.other, detail: String(describing: error)))
        }
      },
      completed: { before, after, change in
        // The tables the SQLite store would have written: the parts of the state that changed.
        change.tablesWritten = InMemoryTrackerStore.tablesChanged(from: before, to: after)
        TableRecording.note(written: change.tablesWritten)
        // What a few trackers' marks now are (`StoreChange.marks`).
        if change.recordDays.count <= StoreChange.marksLimit, !change.isEverything {
          let written = InMemorySnapshot(state: after)
          for id in change.recordDays.keys {
            change.marks[id] = TrackerMarks(
              id, records: written.records(trackerID: id), daysOff: written.daysOff(trackerID: id))
          }
        }
      })
  }
}

extension InMemoryTrackerStore: LoggedCommandApplying {
  public func loggedPosition(log: UUID) throws(StoreError) -> Int { database.snapshot.logPositions[log] ?? 0 }

  /// One merge at a time (`MemoryDatabase.serially`): a second merge of the same log begins
  /// at the place the first one left.
  public func applyLogged(_ commands: [LoggedCommand], through: Int, log: UUID) throws(StoreError)
    -> LoggedCommandsReport
  {
    try database.serially { () throws(StoreError) in
      let stored = database.snapshot.logPositions[log] ?? 0
      let applied = try Self.run(commands.filter { $0.sequence > stored }, on: self)
      let position = max(stored, through)
      // The place alone changed no table a screen reads: nobody is told.
      database.write { state in
        state.logPositions[log] = position
        return StoreChange()
      }
      return LoggedCommandsReport(applied: applied, position: position)
    }
  }
}
