import Foundation

/// Why a store refused or failed an operation. Every case says what to do about it.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A tracker name broke a rule of `NameRules`.
  case invalidTrackerName(NameError)
  /// A category title broke a rule of `NameRules`.
  case invalidCategoryTitle(NameError)
  /// The tracker does not exist (any more).
  case trackerNotFound(UUID)
  /// The category does not exist (any more).
  case categoryNotFound(UUID)
  /// Something with this id is already stored.
  case idAlreadyExists(UUID)
  /// The emoji is not exactly one emoji.
  case invalidEmoji(String)
  /// A day the store cannot hold (before 1900-01-01 or after 9999-12-31; `Day.isStorable`).
  case dayOutOfRange(Day)
  /// The tracker is not shown on that day (before its first day, or not on its schedule), so it
  /// cannot be taken off then.
  case notShown(trackerID: UUID, day: Day)
  /// A completion for a day after today (docs/rules.md): a day is completed once it has come.
  case dayInFuture(Day)
  /// A note's text broke a rule of `TrackerNote.validatedText`.
  case invalidNote(NoteError)
  /// An amount was given for a yes/no tracker: only a measurable tracker's record carries one.
  case notMeasurable(UUID)
  /// A tracker was given more reminders than `HabitReminder.limit` (the count given).
  case tooManyReminders(Int)
  /// A tracker's schedule and measure do not go together (`Tracker.paceConflict`).
  case paceConflict(PaceConflict)
  /// The storage itself failed: read-only, full, busy, damaged, …
  case storage(StorageFailure)
  /// No task with this id (the to-do app; deleted elsewhere).
  case taskNotFound(UUID)
  /// A task's title or text breaks the rules (`TodoRules`).
  case invalidTask(TodoFieldError)

  public var description: String {
    switch self {
    case .invalidTrackerName(let error): return "invalid tracker name: \(error)"
    case .invalidCategoryTitle(let error): return "invalid category title: \(error)"
    case .trackerNotFound(let id): return "no tracker with id \(id.uuidString)"
    case .categoryNotFound(let id): return "no category with id \(id.uuidString)"
    case .idAlreadyExists(let id): return "the id \(id.uuidString) is already in the store"
    case .invalidEmoji(let text): return "\"\(text)\" is not exactly one emoji"
    case .dayOutOfRange(let day): return "\(day.iso) is outside 1900-01-01 … 9999-12-31"
    case .notShown(let id, let day): return "the tracker \(id.uuidString) is not shown on \(day.iso)"
    case .dayInFuture(let day): return "\(day.iso) is after today; a day is completed once it has come"
    case .invalidNote(let error): return "invalid note: \(error)"
    case .notMeasurable(let id):
      return "the tracker \(id.uuidString) is not measurable; its records carry no amount"
    case .paceConflict(let conflict): return "schedule and measure do not go together: \(conflict)"
    case .tooManyReminders(let count):
      return "\(count) reminders; a tracker keeps at most \(HabitReminder.limit)"
    case .storage(let failure): return "storage failed: \(failure.detail)"
    case .taskNotFound(let id): return "no task with id \(id.uuidString)"
    case .invalidTask(let error): return "invalid task: \(error)"
    }
  }
}
