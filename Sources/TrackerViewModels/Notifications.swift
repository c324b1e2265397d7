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
/// `UNUserNotificationCenter`, whose `notificationSettings()` and `requestAuthorization(options:)`
/// are async too, with a repeating `UNCalendarNotificationTrigger`). A view model awaits the
/// answers through its store access (`StoreAccess.ask`), so `settled()` awaits them as well.
public protocol NotificationScheduler: Sendable {
  /// The current authorization.
  func authorizationStatus() async -> NotificationAuthorization
  /// Asks the user for permission (the system's question); returns whether it was granted.
  func requestAuthorization() async -> Bool
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
/// tests that do not look at notifications. An actor: the questions come from the main actor,
/// the stored reminder's answer from the store's reader.
public actor StoredSettingScheduler: NotificationScheduler {
  /// Whether it was allowed.
  private var allowed: Bool
  /// Whether the stored reminder is on, while it is being read: a question waits for it.
  private var storedReminderRead: Task<Bool, Never>?

  /// A scheduler that has (or has not yet) been allowed.
  public init(allowed: Bool = false) { self.allowed = allowed }

  private init(reading isOn: Task<Bool, Never>) {
    allowed = false
    storedReminderRead = isOn
  }

  /// A scheduler allowed when the reminder stored in the store `access` reaches is on (it was
  /// allowed when it was turned on). The store is read through `access`, off the main actor (and
  /// counted among its calls in flight, so `settled()` awaits it), and a question asked before
  /// the read ends is answered when it does. Settings that cannot be read leave it not allowed:
  /// the app's own read of them at launch says why.
  @MainActor
  public static func allowedIfOn(
    through access: StoreAccess<any TrackerDataStore, StoreChange>
  ) -> StoredSettingScheduler {
    // The read is handed off now, while the scheduler is made; its answer comes through the stream.
    let (answer, reply) = AsyncStream<Bool>.makeStream(bufferingPolicy: .bufferingNewest(1))
    access.read { (store) throws(StoreError) in
      try store.settings().reminder.isOn
    } then: { read in
      switch read {
      case .success(let isOn): reply.yield(isOn)
      // The launch's own read of the settings says why they cannot be read.
      case .failure: reply.yield(false)
      }
      reply.finish()
    }
    return StoredSettingScheduler(
      reading: Task {
        for await isOn in answer { return isOn }
        return false
      })
  }

  public func authorizationStatus() async -> NotificationAuthorization {
    if let read = storedReminderRead, await read.value { allowed = true }
    storedReminderRead = nil
    return allowed ? .granted : .notDetermined
  }

  public func requestAuthorization() async -> Bool {
    allowed = true
    return true
  }

  public nonisolated func scheduleDailyReminder(at time: ReminderTime, title: String, body: String) {}
  public nonisolated func cancelDailyReminder() {}
}
