import Foundation
import TrackerModels

/// Whether the system lets the app notify the user.
public enum NotificationAuthorization: Equatable, Sendable {
  /// Never asked: asking shows the system's question.
  case notDetermined
  case granted
  case denied
}

/// The system's local notifications, as the daily reminder needs them (on iOS:
/// `UNUserNotificationCenter` with a repeating `UNCalendarNotificationTrigger`). Results come back
/// through completion handlers, which a view model receives on the main actor.
public protocol NotificationScheduler: Sendable {
  /// The current authorization.
  func authorizationStatus(_ completion: @escaping @Sendable (NotificationAuthorization) -> Void)
  /// Asks the user for permission (the system's question); `completion` says whether it was granted.
  func requestAuthorization(_ completion: @escaping @Sendable (Bool) -> Void)
  /// Schedules the daily reminder at `time`, repeating every day, replacing any scheduled before.
  func scheduleDailyReminder(at time: ReminderTime, title: String, body: String)
  /// Removes the daily reminder.
  func cancelDailyReminder()
}

/// A scheduler that delivers nothing itself: the reminder is the stored setting, and someone else
/// reads it — the terminal's `tracker-preview remind`, run from cron or a shell prompt. Scheduling
/// and cancelling do nothing.
///
/// Permission is asked as on a phone — the explanation, then "the system's question", which is
/// always granted — the first time the reminder is turned on in this scheduler's life; pass
/// `allowed: true` when it was allowed before, or let the store say (`allowedIfOn(through:)`: a
/// reminder stored as on was allowed). Also the default of `AppEnvironment`, for previews and
/// tests that do not look at notifications.
public final class StoredSettingScheduler: NotificationScheduler, Sendable {
  /// Whether it was allowed, and, while the stored reminder is being read, the questions asked
  /// meanwhile (answered when it has been read).
  private struct Answers: Sendable {
    var allowed: Bool
    var waiting: [@Sendable (NotificationAuthorization) -> Void]?
  }
  private let answers: Locked<Answers>

  /// A scheduler that has (or has not yet) been allowed.
  public init(allowed: Bool = false) { answers = Locked(Answers(allowed: allowed)) }

  /// A scheduler allowed when the reminder stored in the store `access` reaches is on (it was
  /// allowed when it was turned on). The store is read through `access`, off the main actor (and
  /// counted among its calls in flight, so `settled()` awaits it), and a question asked before
  /// the read ends is answered when it does. Settings that cannot be read leave it not allowed:
  /// the app's own read of them at launch says why.
  @MainActor
  public static func allowedIfOn(
    through access: StoreAccess<any TrackerDataStore, StoreChange>
  ) -> StoredSettingScheduler {
    let scheduler = StoredSettingScheduler()
    scheduler.answers.withLock { $0.waiting = [] }
    access.read { (store) throws(StoreError) in
      try store.settings().reminder.isOn
    } then: { read in
      switch read {
      case .success(let isOn): scheduler.learned(allowed: isOn)
      case .failure: scheduler.learned(allowed: false)
      }
    }
    return scheduler
  }

  /// The stored reminder was read: the questions asked meanwhile get their answer.
  private func learned(allowed isOn: Bool) {
    let (questions, status) = answers.withLock { answers in
      if isOn { answers.allowed = true }
      defer { answers.waiting = nil }
      let status: NotificationAuthorization = answers.allowed ? .granted : .notDetermined
      return (answers.waiting ?? [], status)
    }
    for question in questions { question(status) }
  }

  public func authorizationStatus(_ completion: @escaping @Sendable (NotificationAuthorization) -> Void) {
    let status = answers.withLock { answers -> NotificationAuthorization? in
      guard answers.waiting == nil else {
        answers.waiting?.append(completion)
        return nil
      }
      return answers.allowed ? .granted : .notDetermined
    }
    if let status { completion(status) }
  }

  public func requestAuthorization(_ completion: @escaping @Sendable (Bool) -> Void) {
    answers.withLock { $0.allowed = true }
    completion(true)
  }

  public func scheduleDailyReminder(at time: ReminderTime, title: String, body: String) {}
  public func cancelDailyReminder() {}
}

/// Calls `call`, and `handle` with its answer on the main actor: at once when the answer came
/// before `call` returned (the terminal's and the tests' schedulers), so a script's next line sees
/// it; else on the main actor's next turn (the system answering later, from another thread).
@MainActor
func whenAnswered<Value: Sendable>(
  _ call: (@escaping @Sendable (Value) -> Void) -> Void,
  _ handle: @escaping @MainActor @Sendable (Value) -> Void
) {
  let reply = Reply<Value>()
  call { reply.answer($0) }
  if let value = reply.takeOrWait({ value in Task { @MainActor in handle(value) } }) { handle(value) }
}

/// An answer that may come before or after the question returns.
private final class Reply<Value: Sendable>: Sendable {
  /// The answer, when it came first; or who hears it, once the question returned without it.
  private enum State: Sendable {
    case asked
    case answered(Value)
    case late(@Sendable (Value) -> Void)
  }
  private let state = Locked(State.asked)

  func answer(_ answer: Value) {
    let late = state.withLock { state -> (@Sendable (Value) -> Void)? in
      guard case .late(let late) = state else {
        state = .answered(answer)
        return nil
      }
      return late
    }
    late?(answer)
  }

  /// The answer if it came already; otherwise nil, and `late` gets it when it comes.
  func takeOrWait(_ late: @escaping @Sendable (Value) -> Void) -> Value? {
    state.withLock { state in
      if case .answered(let value) = state { return value }
      state = .late(late)
      return nil
    }
  }
}
