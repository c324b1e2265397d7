import Foundation

/// Everything the screens need from persistence (docs/data-format.md). Declared here, below the view
/// models, so they can use a store without seeing SQLite; `TrackerStore` implements it with SQLite
/// and in memory, and a native client could implement it with Core Data.
///
/// Every method that changes data is one transaction: it happens completely or not at all, and
/// observers hear about it after it is committed. Every read (`TrackerDataReading`) sees one
/// state of the data; several reads see one state together inside `read`.
public protocol TrackerDataStore: AnyObject, Sendable, TrackerDataReading {
  // MARK: Categories

  /// Adds a category; its title must be valid and unique (ignoring case).
  func createCategory(_ category: TrackerCategory) throws(StoreError)
  /// Renames a category; the new title must be valid and unique among the others.
  func renameCategory(id: UUID, to title: String) throws(StoreError)
  /// Deletes a category with its trackers and their records.
  func deleteCategory(id: UUID) throws(StoreError)

  // MARK: Trackers

  /// Adds a tracker; its name must be valid and unique, its category must exist.
  func createTracker(_ tracker: Tracker) throws(StoreError)
  /// Replaces a tracker's fields, and in the same transaction adds and removes records and gives
  /// the days of `raised` the tracker's target as their amount (the edit screen's ± applied on
  /// Save: a measurable tracker's gain meets days whose amount missed, or that have no record).
  /// Records added or raised cancel those days off, and are refused after today
  /// (`.dayInFuture`); `raised` on a tracker saved as yes/no throws `.notMeasurable`. Any refusal
  /// leaves everything as it was.
  func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day],
    raisingToTargetOn raised: [Day]
  ) throws(StoreError)
  /// Pins or unpins a tracker.
  func setPinned(_ isPinned: Bool, trackerID: UUID) throws(StoreError)
  /// Archives a tracker (`true`: off the main screen, the reminders and the statistics' figures)
  /// or brings it back; its records, days off and notes stay either way.
  func setArchived(_ isArchived: Bool, trackerID: UUID) throws(StoreError)
  /// Moves tracker `id` to `place` in the order the user gives (`TrackerOrder.moving`), in one
  /// transaction.
  func moveTracker(_ id: UUID, to place: TrackerOrder.Place) throws(StoreError)
  /// Deletes a tracker with its records.
  func deleteTracker(id: UUID) throws(StoreError)

  // MARK: Records

  /// Adds the record of `trackerID` on `day`, or removes it when present; returns whether the
  /// tracker is now completed on that day. Completing a day off cancels the day off (the two
  /// exclude each other).
  @discardableResult
  func toggleRecord(trackerID: UUID, on day: Day) throws(StoreError) -> Bool

  /// Makes `trackerID` completed on `day` (`isDone`: it has a record) or not, whatever it is when
  /// the write runs, and says whether anything changed. "Is it done now?" is decided inside the
  /// one write, so a tap the screen showed as "Mark as done" ends done even when something got
  /// there first while it waited for the file (a `done` from cron, another window): a toggle, or a
  /// read before the write, would undo it. Completing is refused after today, like a toggle, and
  /// cancels a day off.
  @discardableResult
  func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool

  /// Sets the amount of a measurable tracker's record on `day`: adds the record, or changes its
  /// amount; nil removes the record. Like a completion, a record is refused after today
  /// (`.dayInFuture`) and cancels a day off. Throws `.notMeasurable` for a yes/no tracker. Returns
  /// whether anything changed (the same amount again is no change).
  @discardableResult
  func setAmount(_ amount: Amount?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool

  // MARK: Notes

  /// Sets the note of `trackerID` on `day` (any day: with a record, a day off or nothing, past or
  /// future), or removes it with nil. The text is stored as `TrackerNote.validatedText` makes it,
  /// or refused with `.invalidNote`. Returns whether anything changed.
  @discardableResult
  func setNote(_ text: String?, trackerID: UUID, on day: Day) throws(StoreError) -> Bool

  // MARK: Days off

  /// Takes each of `days` off (`isOff`), or cancels those days off, of any number of trackers in
  /// one transaction: all of them or, on any error, none. Returns what changed (already off, or not
  /// off, is no change) and the records the days taken off removed (the two exclude each other). A
  /// day off must be one its tracker is shown on (docs/rules.md, visibility), or the whole call
  /// throws `.notShown` and changes nothing; cancelling has no such condition. Future days may be
  /// taken off (a planned vacation).
  @discardableResult
  func setDaysOff(_ isOff: Bool, _ days: [TrackerDayOff]) throws(StoreError) -> DaysOffChange

  // MARK: Snapshots

  /// Runs `body` with the reads of one snapshot: every read through the reader it is given sees
  /// the same state of the data, whatever another connection or process commits meanwhile, so a
  /// screen made of several reads never shows part of a change. The reader is for `body` only,
  /// and `body` only reads.
  func read<Result>(_ body: (any TrackerDataReading) throws(StoreError) -> Result) throws(StoreError)
    -> Result

  // MARK: Settings

  /// Changes some fields of the settings in one write transaction — reads them, runs `change`,
  /// saves what it made — and returns the settings as saved. Another process's change of another
  /// field cannot be lost between a read and a separate save. `change` may run more than once (a
  /// transaction tried again after waiting for the file), so it only changes its argument.
  @discardableResult
  func updateSettings(_ change: (inout StoreSettings) -> Void) throws(StoreError) -> StoreSettings

  // MARK: Whole contents

  /// Adds `additions` in one transaction, after checking that no new category's or tracker's id
  /// is already in the store; marks may be of new trackers or of the store's own.
  func insert(_ additions: StoreAdditions) throws(StoreError)

  // MARK: Observation

  /// Calls `handler` after each committed change, on the thread that made it, until the token is
  /// cancelled or released. Changes made by other processes arrive too, by themselves (a store
  /// on a shared file watches it while observed).
  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken

  // MARK: Waiting

  /// Runs `body` (calls on this store) with every wait for another program's lock on the data
  /// cut to `limit`: past it a write throws `.storage` with `.busy` instead of waiting the whole
  /// busy timeout. The main actor's writes go through this, so the screen never freezes. A store
  /// that never waits (the default) just runs `body`; a store wrapping another passes it on.
  func waitingAtMost<Result>(_ limit: Duration, _ body: () throws(StoreError) -> Result) throws(StoreError)
    -> Result
}

extension TrackerDataStore {
  /// Replaces a tracker's fields, adding and removing records, in one transaction (as
  /// `updateTracker(_:addingRecordsOn:removingRecordsOn:raisingToTargetOn:)`, raising no day).
  public func updateTracker(
    _ tracker: Tracker, addingRecordsOn added: [Day], removingRecordsOn removed: [Day]
  ) throws(StoreError) {
    try updateTracker(tracker, addingRecordsOn: added, removingRecordsOn: removed, raisingToTargetOn: [])
  }

  /// Adds `contents` in one transaction, after checking that no id is already in the store.
  public func insert(_ contents: StoreContents) throws(StoreError) { try insert(StoreAdditions(contents)) }

  /// Runs `body` as it is: a store that never waits for another program needs no limit.
  public func waitingAtMost<Result>(
    _ limit: Duration, _ body: () throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try body()
  }

  /// Saves `settings` whole (a fixture, a restored backup). A change of some fields is
  /// `updateSettings`, which cannot undo another process's change of the others.
  public func saveSettings(_ settings: StoreSettings) throws(StoreError) {
    try updateSettings { $0 = settings }
  }
}

extension TrackerDataStore {
  /// Takes `trackerID` off on each of `days`, or cancels those days off, in one transaction (as
  /// `setDaysOff(_:_:)`); returns the days that changed.
  @discardableResult
  public func setDaysOff(_ isOff: Bool, trackerID: UUID, on days: [Day]) throws(StoreError) -> [Day] {
    try setDaysOff(isOff, days.map { TrackerDayOff(trackerID: trackerID, day: $0) }).changed.map(\.day)
  }
}
