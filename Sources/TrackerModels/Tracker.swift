import Foundation

/// A habit or irregular event the user tracks.
public struct Tracker: Identifiable, Hashable, Sendable {
  /// The tracker's stable identity.
  public var id: UUID
  /// The validated name (see `NameRules`).
  public var name: String
  /// One of `TrackerEmoji.all`.
  public var emoji: String
  /// One of `TrackerColor.palette`.
  public var color: TrackerColor
  /// The category the tracker belongs to.
  public var categoryID: UUID
  /// Whether the tracker is shown in the Pinned section.
  public var isPinned: Bool
  /// The day the tracker was created.
  public var createdOn: Day
  /// Habit with a schedule (weekdays or a quota), or irregular event.
  public var kind: TrackerKind
  /// Ticked (yes/no, the default) or measured against a target (docs/rules.md).
  public var measure: TrackerMeasure
  /// Its reminders, by time, one per time (`HabitReminder.normalized`); none by default.
  public var reminders: [HabitReminder]
  /// Whether it is archived (issue 49): off the main screen, the reminders and the statistics'
  /// figures, its history kept. Changed only by `setArchived`: a tracker's other writes keep it.
  public var isArchived: Bool
  /// Its place in the order the user gives (`TrackerOrder`): trackers show by it, then by name,
  /// so trackers never ordered (all 0) show by name. Changed only by `moveTracker`.
  public var order: Int

  /// A tracker with every field given.
  public init(
    id: UUID, name: String, emoji: String, color: TrackerColor, categoryID: UUID,
    isPinned: Bool = false, createdOn: Day, kind: TrackerKind, measure: TrackerMeasure = .yesNo,
    reminders: [HabitReminder] = [], isArchived: Bool = false, order: Int = 0
  ) {
    self.id = id
    self.name = name
    self.emoji = emoji
    self.color = color
    self.categoryID = categoryID
    self.isPinned = isPinned
    self.createdOn = createdOn
    self.kind = kind
    self.measure = measure
    self.reminders = HabitReminder.normalized(reminders)
    self.isArchived = isArchived
    self.order = order
  }

  /// A quota habit's quota (N a week or a month); nil for a weekday habit and an event.
  public var quota: Quota? {
    switch kind {
    case .habit(let schedule): return schedule.quota
    case .event: return nil
    }
  }

  /// Whether the rules read this tracker as they did before measures and quotas: a yes/no
  /// weekday habit or a yes/no event, for which a day is met exactly when it has a record. The
  /// statistics keep their one-pass fast path for these.
  var isTickedOnWeekdays: Bool { measure == .yesNo && quota == nil }

  /// Whether the tracker takes part in the perfect days: a weekday habit (events and quota habits
  /// do not).
  var takesPartInPerfectDays: Bool { kind.isHabit && quota == nil }

  /// The earlier of the creation day and the earliest record (docs/rules.md).
  public func firstDay(earliestRecord: Day?) -> Day {
    guard let earliestRecord else { return createdOn }
    return min(createdOn, earliestRecord)
  }

  /// Whether the tracker is due on `day` by its kind alone (any day for an event).
  public func isDue(on day: Day) -> Bool {
    kind.dueDays.contains(day.weekday)
  }

  /// Whether the tracker is shown on `day`, given its first day.
  public func isVisible(on day: Day, firstDay: Day) -> Bool {
    day >= firstDay && isDue(on: day)
  }

  /// Whether `day` can be ticked or unticked (docs/rules.md, "Ticking a day"): on or before
  /// `today` and due by the kind (any day for an event). Days before the first day count too: a
  /// record there moves the first day back. The detail's grid and `done`/`undone` both ask this.
  public func canBeTicked(on day: Day, today: Day) -> Bool {
    day <= today && isDue(on: day)
  }
}
