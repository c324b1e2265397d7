import Foundation
import TrackerModels

/// The form's Reminders row (issue 48): reminders added, changed and removed, saved with the
/// tracker.
extension TrackerFormViewModel {
  /// Call when the user tapped the Reminders row's "+": the time picker, at 20:00 or the first
  /// hour from 08:00 no reminder has.
  public func addReminderTapped() {
    guard reminders.count < HabitReminder.limit else { return }
    let taken = Set(reminders.map(\.time))
    let free = ([ReminderTime.evening] + (8...23).compactMap { ReminderTime(hour: $0, minute: 0) })
      .first { !taken.contains($0) }
    onRoute?(.reminderTime(free ?? .evening, replacing: nil))
  }

  /// Call when the user tapped a reminder's time: the time picker, to change it.
  public func reminderTapped(_ time: ReminderTime) {
    guard reminders.contains(where: { $0.time == time }) else { return }
    onRoute?(.reminderTime(time, replacing: time))
  }

  /// Call when the time picker returned `time` for the reminder at `replacing` (nil: a new one).
  /// A changed reminder keeps its days and "only if not done yet"; one at a time another has
  /// takes that one's place.
  public func reminderTimeChosen(_ time: ReminderTime, replacing: ReminderTime?) {
    var changed = reminders
    if let replacing, let index = changed.firstIndex(where: { $0.time == replacing }) {
      changed[index].time = time
    } else {
      guard changed.count < HabitReminder.limit || changed.contains(where: { $0.time == time }) else {
        return
      }
      changed.append(HabitReminder(time: time))
    }
    reminders = HabitReminder.normalized(changed)
    refresh()
  }

  /// Call when the user tapped a reminder's ✕.
  public func removeReminderTapped(_ time: ReminderTime) {
    reminders.removeAll { $0.time == time }
    refresh()
  }
}
