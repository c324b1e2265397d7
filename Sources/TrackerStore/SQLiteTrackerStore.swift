import Foundation
import TrackerModels
import TrackerSQLite

/// The store on a SQLite file: every user action one `BEGIN IMMEDIATE` transaction, WAL, a busy
/// timeout so several processes can share the file, and recovery from broken files.
///
/// Thread-safe: a writer connection and a reader connection beside it, each under its lock
/// (`StoreConnection`). Every read is one `BEGIN DEFERRED` read transaction on the reader, and
/// `read` makes several reads one: a snapshot of the file (WAL lets it stand beside a write in
/// progress and other connections' commits). Observers are told after the commit, outside the lock,
/// on the thread that made the change.
public final class SQLiteTrackerStore: TrackerDataStore, @unchecked Sendable {
  /// The data file.
  public let path: String
  /// Today, for refusing completions after it; nil: no refusal (a caller that sets its own days).
  private let clock: StoreClock?
  /// Set when the file was broken and moved aside on opening; screens and the CLI show it.
  public private(set) var recovery: StoreRecovery?
  /// Whether opening ran the full integrity check; it is skipped for a file verified before and
  /// untouched since (see `VerifiedStamp`).
  public let ranIntegrityCheck: Bool
  /// The open file, its lock and its closing.
  let connection: StoreConnection
  /// How many calls ran on the main thread (debug builds; the tests' check that the view models
  /// make none).
  package var mainThreadCalls: Int { connection.mainThread.calls }
  /// The connection; used only inside `reading` and `write`.
  var database: Database { connection.database }
  private let observers = Observers(nothing: StoreChange())
  /// The statistics' day-by-day part, kept while it holds (`dayByDayPart`).
  let dayByDayCache = DayByDayCache()
  /// How many times the day-by-day part was computed rather than taken as kept (tests see by it
  /// that a tap on a yes/no habit reads no measured record).
  package var dayByDayPartsComputed: Int { dayByDayComputations.value }
  let dayByDayComputations = AtomicCount()
  /// Whether reads run on a connection of their own beside the writer (`StoreConnection`).
  package var readsBesideTheWriter: Bool { connection.hasReader }
  /// Looks for other processes' commits while someone observes the store.
  private var watch: ChangeWatch?

  /// Opens (creating when needed, with its folder) the store at `path`. `now` dates the name of a
  /// broken file moved aside; with `setsBrokenFileAside` false a broken file is left untouched
  /// and opening fails with `.broken` (a backup must never be made from a damaged file).
  /// With `fullCheck` the full integrity check runs whatever the quick-open stamp says: for the
  /// user's backup (`export`), which must never be made from a damaged file.
  /// A broken file is set aside only when it is recognizably a Tracker store — `isDefaultFile`
  /// (the user's default data file), our stamp beside it, our application id — and any other
  /// file is refused untouched (`.notAStoreFile`, `.notATrackerStore`). With `readOnly` (for a
  /// caller that only reads) the file is never created or migrated: a file of an older schema
  /// is read through an up-to-date copy in memory (a broken one is still set aside and salvaged).
  /// A salvaged tracker whose category could not be read goes into a category titled
  /// `recoveredCategoryTitle` (in the user's language: the store knows only English).
  public init(
    path: String, now: Date, setsBrokenFileAside: Bool = true, fullCheck: Bool = false,
    isDefaultFile: Bool = false, readOnly: Bool = false, recoveredCategoryTitle: String = "Recovered",
    clock: StoreClock? = nil
  ) throws(StoreOpenError) {
    self.path = path
    self.clock = clock
    let opened = try StoreFile.open(
      path: path, now: now, setsBrokenFileAside: setsBrokenFileAside, fullCheck: fullCheck,
      isDefaultFile: isDefaultFile, readOnly: readOnly)
    connection = StoreConnection(opened, path: path)
    ranIntegrityCheck = opened.ranIntegrityCheck
    let watch = ChangeWatch(
      label: "tracker.store.watch", check: { [weak self] in try self?.noticeChangesElsewhere() },
      failed: { [weak self] in self?.observers.notify(.everything) })
    self.watch = watch
    observers.onObserving { watch.setWatching($0) }
    guard var recovery = opened.recovery else {
      self.recovery = nil
      return
    }
    // Salvage: every category, tracker and record of the damaged file that can still be read and
    // vouched for goes into the fresh store (the damaged file itself stays as it was), in one
    // transaction that also records where it came from: a salvage resumed after an interruption
    // is not made twice.
    let found = Salvage.read(recovery.movedTo)
    let (saved, dropped) = Salvage.acceptable(found.contents, recoveredCategoryTitle: recoveredCategoryTitle)
    recovery.leftOut = found.leftOut + dropped
    self.recovery = nil
    let origin = (recovery.movedTo as NSString).lastPathComponent
    do {
      try connection.transaction { () throws -> Void in
        guard try self.salvageOrigin() != origin else { return }
        if saved != .empty { _ = try self.inserting(StoreAdditions(saved)) }
        if let settings = found.settings { try self.storeSettings(settings) }
        try self.recordSalvageOrigin(origin)
        try self.stampEdits(at: Self.milliseconds(now))
      }
      recovery.saved = saved
      StoreFile.finishSalvage(path)
    } catch {
      // Nothing was saved (a full disk): the warning says why, and the marker stays, so the next
      // command salvages again.
      recovery.salvageFailure = error
    }
    self.recovery = recovery
  }

  /// Whether a broken file's salvage was begun and not finished at `path` (the next opening
  /// finishes it): such a path is not missing, even when no file is there yet.
  public static func salvageIsPending(at path: String) -> Bool { StoreFile.salvageIsPending(path) }

  /// The setting naming the file aside the store was salvaged from.
  private static let salvageOriginKey = "salvaged_from"

  /// The name of the file aside the store was salvaged from, if any.
  private func salvageOrigin() throws -> String? {
    try database.cached("SELECT value, seal FROM setting WHERE key = ?").rows([.text(Self.salvageOriginKey)])
    {
      try RowSeal.check($0.int(1), [.text(Self.salvageOriginKey), .text($0.text(0))], .setting)
      return $0.text(0)
    }.first
  }

  /// Records that the store was salvaged from the file aside named `origin`.
  private func recordSalvageOrigin(_ origin: String) throws {
    let values: [Statement.Value] = [.text(Self.salvageOriginKey), .text(origin)]
    try database.cached(
      """
      INSERT INTO setting (key, value, seal) VALUES (?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, seal = excluded.seal
      """
    ).run(values + [.integer(RowSeal.of(values))])
  }

  /// The default data file: `$XDG_DATA_HOME/tracker/tracker.sqlite`, else
  /// `~/.local/share/tracker/tracker.sqlite` (docs/data-format.md).
  public static func defaultPath(environment: [String: String], homeDirectory: String) -> String {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return (data as NSString).appendingPathComponent("tracker/tracker.sqlite")
    }
    return (homeDirectory as NSString).appendingPathComponent(".local/share/tracker/tracker.sqlite")
  }

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
      let valid = try StoreRules.validated(tracker, otherNames: try self.trackerNames(except: nil))
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
      let valid = try StoreRules.validated(tracker, otherNames: try self.trackerNames(except: tracker.id))
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

  public func deleteTracker(id: UUID) throws(StoreError) {
    try write {
      let days = try self.recordDayNumbers(where: "tracker.id = ?", [.text(id.uuidString)])
      try self.database.cached("DELETE FROM tracker WHERE id = ?").run([.text(id.uuidString)])
      guard self.database.changes > 0 else { throw StoreError.trackerNotFound(id) }
      try self.refreshDays(days)
      return StoreChange(trackerIDs: [id])
    }
  }

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
          records.append(try Self.decodeRecord(id, row, day: 1, amount: 2))
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
      let find = try self.database.cached("SELECT \(Self.trackerColumns) FROM tracker WHERE id = ?")
      var found: [(id: UUID, number: Int, days: [Day])] = []
      // Every tracker is checked before anything changes; a throw rolls the whole call back.
      for id in byTracker.keys.sorted(by: { $0.textOrder < $1.textOrder }) {
        let rows = try find.rows([.text(id.uuidString)]) { ($0.int(0), try Self.decodeTracker($0)) }
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
      return try Self.daysOff(number, in: self.database)
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
        records.append(try Self.decodeRecord(tracker.id, row, day: 0, amount: 1))
      }
    }
    var daysOff: [TrackerDayOff] = []
    var notes: [TrackerNote] = []
    for tracker in byID {
      for day in try Self.daysOff(tracker.number, in: self.database) {
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

  private func inserting(_ additions: StoreAdditions) throws -> StoreChange {
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

  // MARK: Observation

  /// Tells observers that everything may have changed when another process wrote to the file
  /// since it was opened or since the last call. The store does this by itself about four times
  /// a second while anyone observes it (`ChangeWatch`); calling it too only hears of a change
  /// sooner (the interactive terminal does before each key).
  public func noticeChangesElsewhere() throws(StoreError) {
    if try connection.changedElsewhere(then: { observers.queue(.everything) }) { observers.deliverQueued() }
  }

  /// Calls `handler` after each committed change — this store's own writes on the thread that made
  /// them, other processes' on the store's watch queue (as `.everything`, within about a quarter
  /// of a second) — until the token is cancelled or released. The file is watched only while
  /// someone observes.
  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    observers.add(handler)
  }

  /// Whether the store is watching its file for other processes' commits (while observed).
  var isWatchingFile: Bool { watch?.isWatching ?? false }

  /// How many tries of this store's writes found another program holding the write lock (a write
  /// that waits for it tries again and again).
  var lockHeldTries: Int { connection.lockHeldTries }

  /// Runs `body` with every write in it waiting at most `limit` for the file's write lock: past
  /// it the write throws `.storage` `.busy` at once (the main actor's writes, which must never
  /// freeze the screen).
  public func waitingAtMost<Result>(
    _ limit: Duration, _ body: () throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try StoreConnection.waitingAtMost(limit.seconds, body)
  }

  // MARK: Private

  /// Throws `.dayInFuture` for a completion after today, when the store has a clock: today as
  /// the stored day start counts it, read in the same transaction.
  func checkNotAhead(_ days: [Day]) throws {
    guard let clock, let latest = days.max() else { return }
    let today = clock.today(try loadSettings())
    if latest > today { throw StoreError.dayInFuture(latest) }
  }

  /// One read: its own read transaction, or a part of the snapshot it is made in (`read`).
  func reading<Result>(_ body: () throws -> Result) throws(StoreError) -> Result {
    let result = try connection.read(body)
    afterRead?()
    return result
  }

  /// For tests: called inside each write's transaction, after its changes and before its commit,
  /// on the thread that writes (a write held open there holds the writer).
  package var inWrite: (@Sendable () -> Void)?

  /// For tests: called when a day-by-day part was computed, before it is kept (a commit landing
  /// there must keep it from being kept).
  package var beforeKeepingDayByDayPart: (@Sendable () -> Void)?

  /// For tests: called after each read returns (each read of a snapshot too, inside it), on the
  /// thread that read, so another connection's commit lands between two reads of this one.
  package var afterRead: (@Sendable () -> Void)?

  /// For tests: called at each step of a sync (`SyncStep`); throwing stops the sync there, as a
  /// kill would (inside the transaction, it is rolled back).
  package var syncStep: @Sendable (SyncStep) throws(SyncError) -> Void = { _ in }

  /// The wall clock a change is stamped with when it is made (docs/sync.md, "Stamped when made"):
  /// tests give each simulated device its own.
  package var editClock: @Sendable () -> Date = { Date() }

  /// How many of its own logs a device folds into a snapshot at once (docs/sync.md, "Compaction"):
  /// tests and the reliability suite lower it to fold often.
  package var syncCompactionThreshold = 16

  /// How long a device may stay silent (by the time its newest log says it was written) before
  /// compaction stops waiting for it to read this one's logs: 30 days, in milliseconds.
  package var syncSilenceLimit: UInt64 = 30 * 86_400_000

  func write(_ body: () throws -> StoreChange) throws(StoreError) {
    let observers = observers
    _ = try connection.transaction(
      { () throws -> StoreChange in
        var change = try body()
        // Every change this transaction made is stamped before it commits.
        try self.stampEdits(at: Self.milliseconds(self.editClock()))
        // What a few trackers' marks now are, read in the same transaction: the screens that show
        // them read nothing back.
        if change.recordDays.count <= StoreChange.marksLimit, !change.isEverything {
          for id in change.recordDays.keys {
            let daysOff = try self.trackerNumber(id).map { try Self.daysOff($0, in: self.database) } ?? []
            change.marks[id] = TrackerMarks(id, records: try self.loadRecords(id), daysOff: daysOff)
          }
        }
        inWrite?()
        return change
      },
      committed: { change in
        // After the commit: a part computed from a snapshot begun before it is forgotten, and
        // one being computed meanwhile is not kept (`dayByDayPart`); then the change is queued,
        // in order with the other commits of this process, to be told.
        self.forgetDayByDayPart(after: change)
        observers.queue(change)
      })
    observers.deliverQueued()
  }

}

extension StoreContents {
  /// Records grouped by tracker (ordered by id), then by day: one order for both stores.
  static func sorted(_ records: [TrackerRecord]) -> [TrackerRecord] {
    // By the id's text (`textOrder`: without making it), then by day.
    records.map { (key: $0.trackerID.textOrder, record: $0) }
      .sorted { ($0.key, $0.record.day) < ($1.key, $1.record.day) }
      .map(\.record)
  }

  /// Days off in the records' order.
  static func sorted(_ daysOff: [TrackerDayOff]) -> [TrackerDayOff] {
    sorted(daysOff.map { TrackerRecord(trackerID: $0.trackerID, day: $0.day) })
      .map { TrackerDayOff(trackerID: $0.trackerID, day: $0.day) }
  }

  /// Notes in the records' order.
  static func sorted(_ notes: [TrackerNote]) -> [TrackerNote] {
    notes.map { (key: $0.trackerID.textOrder, note: $0) }
      .sorted { ($0.key, $0.note.day) < ($1.key, $1.note.day) }
      .map(\.note)
  }
}

extension StoreChange {
  /// What inserting `additions` changes: the new categories and trackers, and the marked days of
  /// the trackers the store already had. A new tracker's days are not listed: the tracker is new
  /// as a whole (millions of imported days would be a set as large as the import).
  init(_ additions: StoreAdditions) {
    let newIDs = Set(additions.trackers.map(\.id))
    var days: [UUID: Set<Day>] = [:]
    for marks in additions.marks where !newIDs.contains(marks.trackerID) {
      days[marks.trackerID, default: []].formUnion(marks.records)
      days[marks.trackerID, default: []].formUnion(marks.daysOff)
    }
    var noteDays: [UUID: Set<Day>] = [:]
    for note in additions.notes where !newIDs.contains(note.trackerID) {
      noteDays[note.trackerID, default: []].insert(note.day)
    }
    self.init(
      categoryIDs: Set(additions.categories.map(\.id)), trackerIDs: newIDs, recordDays: days,
      noteDays: noteDays)

  }
}
