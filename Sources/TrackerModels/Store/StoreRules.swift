import Foundation

/// The checks both store implementations make before writing, so they refuse the same things.
package enum StoreRules {
  /// The tracker with its name trimmed, or why it cannot be stored. `otherNames` are the names
  /// of every other tracker.
  package static func validated(_ tracker: Tracker, otherNames: [String]) throws(StoreError) -> Tracker {
    try validated(tracker, otherNames: NameIndex(otherNames))
  }

  /// The same, against names indexed once (an import of thousands of trackers).
  package static func validated(_ tracker: Tracker, otherNames: NameIndex) throws(StoreError) -> Tracker {
    var result = tracker
    switch NameRules.validate(tracker.name, against: otherNames) {
    case .success(let name): result.name = name
    case .failure(let error): throw .invalidTrackerName(error)
    }
    guard TrackerEmoji.isSingleEmoji(tracker.emoji) else { throw .invalidEmoji(tracker.emoji) }
    if let conflict = tracker.paceConflict { throw .paceConflict(conflict) }
    try checkStorable(tracker.createdOn)
    result.reminders = HabitReminder.normalized(tracker.reminders)
    guard result.reminders.count <= HabitReminder.limit else {
      throw .tooManyReminders(result.reminders.count)
    }
    return result
  }

  /// Throws for a day the store could not give back (`Day.isStorable`): every path that writes a
  /// day passes here, so no value it cannot read is ever stored.
  package static func checkStorable(_ day: Day) throws(StoreError) {
    guard day.isStorable else { throw .dayOutOfRange(day) }
  }

  /// The same for several days.
  package static func checkStorable<Days: Sequence<Day>>(_ days: Days) throws(StoreError) {
    for day in days { try checkStorable(day) }
  }

  /// Throws `.notShown` unless `tracker` is shown on every one of `days` (a day off is taken only
  /// on such a day: docs/rules.md).
  package static func checkShown(_ tracker: TrackerSummary, on days: [Day]) throws(StoreError) {
    for day in days where !tracker.isVisible(on: day) {
      throw .notShown(trackerID: tracker.tracker.id, day: day)
    }
  }

  /// A note's text as stored (`TrackerNote.validatedText`), or why it cannot be.
  package static func validatedNote(_ text: String) throws(StoreError) -> String {
    switch TrackerNote.validatedText(text) {
    case .success(let text): return text
    case .failure(let error): throw .invalidNote(error)
    }
  }

  /// The trimmed title, or why it cannot be stored. `otherTitles` are every other category's.
  package static func validatedTitle(_ title: String, otherTitles: [String]) throws(StoreError) -> String {
    switch NameRules.validate(title, against: otherTitles) {
    case .success(let title): return title
    case .failure(let error): throw .invalidCategoryTitle(error)
    }
  }

  /// Categories sorted as the screens and export show them: by title, case-insensitively, then
  /// by exact title and id so the order is total.
  package static func sorted(_ categories: [TrackerCategory]) -> [TrackerCategory] {
    categories.map { (orderKey($0.title, $0.id), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Trackers sorted by name the same way.
  package static func sorted(_ trackers: [TrackerSummary]) -> [TrackerSummary] {
    // Keys are made once per item, not once per comparison.
    trackers.map { (orderKey($0.tracker.name, $0.tracker.id), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  private static func orderKey(_ text: String, _ id: UUID) -> (String, String, UUID.TextOrder) {
    (NameRules.comparisonKey(text), text, id.textOrder)
  }
}
