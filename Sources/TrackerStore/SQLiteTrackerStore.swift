import Foundation
import TrackerModels
import TrackerRecovery
import TrackerSQLite
import TrackerSchema

/// The store on a SQLite file: every user action one `BEGIN IMMEDIATE` transaction, WAL, a busy
/// timeout so several processes can share the file, and recovery from broken files.
///
/// Thread-safe: a writer connection and a reader connection beside it, each under its lock
/// (`StoreConnection`). Every read is one `BEGIN DEFERRED` read transaction on the reader, and
/// `read` makes several reads one: a snapshot of the file (WAL lets it stand beside a write in
/// progress and other connections' commits). Observers are told after the commit, outside the lock,
/// on the thread that made the change.
public final class SQLiteTrackerStore: TrackerDataStore {
  /// The data file.
  public let path: String
  /// Today, for refusing completions after it; nil: no refusal (a caller that sets its own days).
  let clock: StoreClock?
  /// Set when the file was broken and moved aside on opening; screens and the CLI show it.
  public var recovery: StoreRecovery? { connection.recovery }
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
  let observers = Observers(nothing: StoreChange())
  /// The statistics' day-by-day part, kept while it holds (`dayByDayPart`).
  let dayByDayCache = DayByDayCache()
  /// How many times the day-by-day part was computed rather than taken as kept (tests see by it
  /// that a tap on a yes/no habit reads no measured record).
  package var dayByDayPartsComputed: Int { dayByDayComputations.value }
  let dayByDayComputations = AtomicCount()
  /// Whether reads run on a connection of their own beside the writer (`StoreConnection`).
  package var readsBesideTheWriter: Bool { connection.hasReader }
  /// How long a write waits for another program's lock before it fails, in seconds
  /// (`StoreConnection`): 10 by default. A client may set it (a test of another program holding
  /// the file makes it long); a form's Save still gives up after `AppEnvironment.busyCut`.
  public var busyTimeout: TimeInterval {
    get { connection.busyTimeout }
    set { connection.busyTimeout = newValue }
  }
  /// Looks for other processes' commits while someone observes the store.
  let watch = ChangeWatch(label: "tracker.store.watch")

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
    watch.attach(
      check: { [weak self] in try self?.noticeChangesElsewhere() },
      failed: { [weak self] in self?.observers.notify(.everything) })
    observers.onObserving { [watch] in watch.setWatching($0) }
    guard var recovery = opened.recovery else { return }
    // Salvage: every category, tracker and record of the damaged file that can still be read and
    // vouched for goes into the fresh store (the damaged file itself stays as it was), in one
    // transaction that also records where it came from: a salvage resumed after an interruption
    // is not made twice.
    let found = Salvage.read(recovery.movedTo)
    let (saved, dropped) = Salvage.acceptable(found.contents, recoveredCategoryTitle: recoveredCategoryTitle)
    recovery.leftOut = found.leftOut + dropped
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
    connection.recovery = recovery
  }

  /// Whether a broken file's salvage was begun and not finished at `path` (the next opening
  /// finishes it): such a path is not missing, even when no file is there yet.
  public static func salvageIsPending(at path: String) -> Bool { StoreFile.salvageIsPending(path) }

  /// The setting naming the file aside the store was salvaged from.
  static let salvageOriginKey = "salvaged_from"

  /// The name of the file aside the store was salvaged from, if any.
  func salvageOrigin() throws -> String? {
    try database.cached("SELECT value, seal FROM setting WHERE key = ?").rows([.text(Self.salvageOriginKey)])
    {
      try RowSeal.check($0.int(1), [.text(Self.salvageOriginKey), .text($0.text(0))], .setting)
      return $0.text(0)
    }.first
  }

  /// Records that the store was salvaged from the file aside named `origin`.
  func recordSalvageOrigin(_ origin: String) throws {
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
  var isWatchingFile: Bool { watch.isWatching }

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

  /// What tests, tools and the reliability suite set on a store: hooks into its work and the
  /// sync's limits. Set before use, read by any thread the store runs on.
  package struct Tuning: Sendable {
    var inWrite: (@Sendable () -> Void)?
    var beforeKeepingDayByDayPart: (@Sendable () -> Void)?
    var afterRead: (@Sendable () -> Void)?
    var syncStep: @Sendable (SyncStep) throws(SyncError) -> Void = { _ in }
    var editClock: @Sendable () -> Date = { Date() }
    var syncCompactionThreshold = 16
    var syncSilenceLimit: UInt64 = 30 * 86_400_000
  }
  private let tuning = Locked(Tuning())

  /// For tests: called inside each write's transaction, after its changes and before its commit,
  /// on the thread that writes (a write held open there holds the writer).
  package var inWrite: (@Sendable () -> Void)? {
    get { tuning.value.inWrite }
    set { tuning.withLock { $0.inWrite = newValue } }
  }

  /// For tests: called when a day-by-day part was computed, before it is kept (a commit landing
  /// there must keep it from being kept).
  package var beforeKeepingDayByDayPart: (@Sendable () -> Void)? {
    get { tuning.value.beforeKeepingDayByDayPart }
    set { tuning.withLock { $0.beforeKeepingDayByDayPart = newValue } }
  }

  /// For tests: called after each read returns (each read of a snapshot too, inside it), on the
  /// thread that read, so another connection's commit lands between two reads of this one.
  package var afterRead: (@Sendable () -> Void)? {
    get { tuning.value.afterRead }
    set { tuning.withLock { $0.afterRead = newValue } }
  }

  /// For tests: called at each step of a sync (`SyncStep`); throwing stops the sync there, as a
  /// kill would (inside the transaction, it is rolled back).
  package var syncStep: @Sendable (SyncStep) throws(SyncError) -> Void {
    get { tuning.value.syncStep }
    set { tuning.withLock { $0.syncStep = newValue } }
  }

  /// The wall clock a change is stamped with when it is made (docs/sync.md, "Stamped when made"):
  /// tests give each simulated device its own.
  package var editClock: @Sendable () -> Date {
    get { tuning.value.editClock }
    set { tuning.withLock { $0.editClock = newValue } }
  }

  /// How many of its own logs a device folds into a snapshot at once (docs/sync.md, "Compaction"):
  /// tests and the reliability suite lower it to fold often.
  package var syncCompactionThreshold: Int {
    get { tuning.value.syncCompactionThreshold }
    set { tuning.withLock { $0.syncCompactionThreshold = newValue } }
  }

  /// How long a device may stay silent (by the time its newest log says it was written) before
  /// compaction stops waiting for it to read this one's logs: 30 days, in milliseconds.
  package var syncSilenceLimit: UInt64 {
    get { tuning.value.syncSilenceLimit }
    set { tuning.withLock { $0.syncSilenceLimit = newValue } }
  }

  /// What the writes inside a store's open write changed (`write`), collected on the writing
  /// thread, where the open write and the writes inside it run: no lock.
  private final class NestedChanges {
    let store: ObjectIdentifier
    var change = StoreChange()
    init(_ store: ObjectIdentifier) { self.store = store }
  }
  /// The open write's collector on this thread (the innermost: a store may write another store
  /// inside its own write).
  private static let nestedChanges = ThreadLocal<NestedChanges>()

  func write(_ body: () throws -> StoreChange) throws(StoreError) {
    if connection.isWritingHere {
      // Inside this store's own write, on its thread (`applyLogged`): a savepoint of it, whose
      // change the open write tells with its own.
      let change = try connection.transaction(body)
      if let open = Self.nestedChanges.current, open.store == ObjectIdentifier(self) {
        open.change.formUnion(change)
      }
      return
    }
    let observers = observers
    _ = try connection.transaction(
      { () throws -> StoreChange in
        let nested = NestedChanges(ObjectIdentifier(self))
        // The tables the transaction writes, as SQLite says them (`TableRecording`): what decides
        // which screens read again.
        var (change, tables) = try TableRecording.recording { () throws -> StoreChange in
          var change = try Self.nestedChanges.withValue(nested) { try body() }
          if nested.change != StoreChange() { change.formUnion(nested.change) }
          // Every change this transaction made is stamped before it commits.
          try self.stampEdits(at: Self.milliseconds(self.editClock()))
          return change
        }
        change.tablesWritten = tables.written
        // What a few trackers' marks now are, read in the same transaction: the screens that show
        // them read nothing back.
        if change.recordDays.count <= StoreChange.marksLimit, !change.isEverything {
          for id in change.recordDays.keys {
            let daysOff =
              try self.trackerNumber(id).map { try TrackerRows.daysOff($0, in: self.database) } ?? []
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
