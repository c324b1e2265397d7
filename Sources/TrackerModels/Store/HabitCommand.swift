import Foundation

/// One thing done to a habit on a day, wherever it comes from — the app's card, a widget's
/// button, a notification's action, a Shortcut, the command line — and one executor for all of
/// them (`run(on:)`), answering what changed (issue 48, "Intents, one type for all").
///
/// Each action is decided inside the store's one write where the store offers it: `setDone`
/// makes the day done or not whatever it is when the write runs (a button that showed "Mark as
/// done" never undoes a `done` that got there first), and `toggleDone` is for the one caller that
/// means a toggle (a keyboard shortcut with no state shown).
public struct HabitCommand: Hashable, Sendable {
  /// What is done.
  public enum Action: Hashable, Sendable {
    /// Done (a record) or not done, whatever the day is now.
    case setDone(Bool)
    /// The opposite of what the day is when the write runs.
    case toggleDone
    /// A measurable habit's amount on the day; nil clears it.
    case setAmount(Amount?)
    /// Adds to a measurable habit's amount on the day (a notification's "+1 glass").
    case addAmount(Amount)
    /// Takes the day off (true) or cancels the day off.
    case setDayOff(Bool)
    /// The day's note; nil clears it.
    case writeNote(String?)
  }

  public var trackerID: UUID
  public var day: Day
  public var action: Action

  /// A command with every part given.
  public init(trackerID: UUID, day: Day, action: Action) {
    self.trackerID = trackerID
    self.day = day
    self.action = action
  }
}

/// What a command changed.
public struct HabitCommandOutcome: Hashable, Sendable {
  /// Whether the store changed (the same mark, amount or note again is no change).
  public var changed: Bool
  /// Whether the day has a record after the command, where the command decides it.
  public var isDone: Bool?
  /// The amount after an amount command.
  public var amount: Amount?
  /// The records a day taken off removed (a day is done or off, never both).
  public var removedRecords: [TrackerRecord]

  /// An outcome with every part given.
  public init(changed: Bool, isDone: Bool? = nil, amount: Amount? = nil, removedRecords: [TrackerRecord] = [])
  {
    self.changed = changed
    self.isDone = isDone
    self.amount = amount
    self.removedRecords = removedRecords
  }
}

extension HabitCommand {
  /// Runs the command on `store`: the store's rules apply as for any caller (a day after today
  /// refused, an amount only for a measurable habit, a day off only on a day the habit is shown,
  /// a note checked as typed), and what it refuses is thrown.
  ///
  /// `addAmount` reads the day's amount and writes the sum: two writers adding at the same moment
  /// could each add to the same amount (the store has no sum inside its write yet).
  @discardableResult
  public func run(on store: any TrackerDataStore) throws(StoreError) -> HabitCommandOutcome {
    switch action {
    case .setDone(let isDone):
      return HabitCommandOutcome(
        changed: try store.setCompleted(isDone, trackerID: trackerID, on: day), isDone: isDone)
    case .toggleDone:
      let isDone = try store.toggleRecord(trackerID: trackerID, on: day)
      return HabitCommandOutcome(changed: true, isDone: isDone)
    case .setAmount(let amount):
      let changed = try store.setAmount(amount, trackerID: trackerID, on: day)
      return HabitCommandOutcome(changed: changed, isDone: nil, amount: amount)
    case .addAmount(let added):
      let (id, day) = (trackerID, day)
      // A record without an amount counts as the target, as everywhere the amount is shown.
      let current = try store.read { (reader) throws(StoreError) -> Amount? in
        guard let record = try reader.records(on: day).first(where: { $0.trackerID == id }) else {
          return nil
        }
        let goal = try reader.trackers().first { $0.tracker.id == id }?.tracker.measure.goal
        return record.amount ?? goal?.target
      }
      // Capped at the largest amount the app reads (never below zero: both are ≥ 0).
      let sum = min((current?.thousandths ?? 0) + added.thousandths, Amount.maximum.thousandths)
      let total = Amount(thousandths: sum) ?? .maximum
      let changed = try store.setAmount(total, trackerID: trackerID, on: day)
      return HabitCommandOutcome(changed: changed, amount: total)
    case .setDayOff(let isOff):
      let change = try store.setDaysOff(isOff, [TrackerDayOff(trackerID: trackerID, day: day)])
      return HabitCommandOutcome(
        changed: !change.changed.isEmpty, isDone: isOff ? false : nil, removedRecords: change.removedRecords)
    case .writeNote(let text):
      return HabitCommandOutcome(changed: try store.setNote(text, trackerID: trackerID, on: day))
    }
  }
}
