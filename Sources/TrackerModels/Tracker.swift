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

  /// A window habit's "N times in Y days" (issue 49); nil for every other tracker.
  public var window: TimesInDays? {
    switch kind {
    case .habit(let schedule): return schedule.window
    case .event: return nil
    }
  }

  /// Whether any day may count for this habit (a quota or a window): shown every day, and no
  /// single day of it is "missed" or "not scheduled".
  public var anyDayMayCount: Bool { quota != nil || window != nil }

  /// Whether no single day of it is missed on its own: any day may count (a quota, a window), or
  /// its days are judged by their period's sum (a period target). Its detail marks no day ✗.
  public var isJudgedByItsPeriod: Bool { anyDayMayCount || measure.goal?.period != nil }

  /// Whether the rules read this tracker as they did before measures and quotas: a yes/no
  /// weekday habit or a yes/no event, for which a day is met exactly when it has a record. The
  /// statistics keep their one-pass fast path for these.
  var isTickedOnWeekdays: Bool { measure == .yesNo && !anyDayMayCount }

  /// Whether a day's verdict needs the tracker's history, not just its record (measurable,
  /// quota and window trackers): the statistics, `list` and the reminders read these day by day.
  public var isJudgedDayByDay: Bool { !isTickedOnWeekdays }

  /// Whether the tracker takes part in the perfect days: a weekday habit judged day by day
  /// (events, quota and window habits and period targets do not: their days are judged by a
  /// period or a window, not each on its own).
  var takesPartInPerfectDays: Bool { kind.isHabit && !anyDayMayCount && measure.goal?.period == nil }

  /// Why `kind` and `measure` cannot go together, or nil when they can (issue 49): a window counts
  /// check-ins, so it is for a yes/no habit; a period target sums a week's or a month's amounts of
  /// a habit due on its weekdays, so it takes no quota, no window and no event.
  public static func paceConflict(kind: TrackerKind, measure: TrackerMeasure) -> PaceConflict? {
    if kind.window != nil, measure != .yesNo { return .windowOnMeasurable }
    guard measure.goal?.period != nil else { return nil }
    switch kind {
    case .event: return .periodTargetOnEvent
    case .habit(let schedule): return schedule.anyDayMayCount ? .periodTargetWithQuota : nil
    }
  }

  /// Why this tracker's kind and measure cannot go together, or nil (`paceConflict`).
  public var paceConflict: PaceConflict? { Self.paceConflict(kind: kind, measure: measure) }

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

/// Why a schedule and a measure cannot go together (`Tracker.paceConflict`).
public enum PaceConflict: Hashable, Sendable {
  /// "N times in Y days" on a measurable tracker: a window counts check-ins, ticks only.
  case windowOnMeasurable
  /// A week's or a month's target on a habit with a quota or a window.
  case periodTargetWithQuota
  /// A week's or a month's target on an irregular event.
  case periodTargetOnEvent
}
