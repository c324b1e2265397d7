/// What kind of tracker this is: a habit due on some weekdays, or an event due any day.
public enum TrackerKind: Hashable, Sendable {
  /// A habit, due on the weekdays of its schedule.
  case habit(Schedule)
  /// An irregular event: no schedule, every day counts as due.
  case event

  /// The weekdays on which the tracker is due (every day for an event).
  public var dueDays: WeekdaySet {
    switch self {
    case .habit(let schedule): return schedule.days
    case .event: return .everyDay
    }
  }

  /// A window habit's "N times in Y days"; nil otherwise.
  public var window: TimesInDays? {
    if case .habit(let schedule) = self { return schedule.window }
    return nil
  }

  /// Whether this is a habit.
  public var isHabit: Bool {
    if case .habit = self { return true }
    return false
  }
}

/// When a habit is due: on the weekdays of a set (never empty), or, for a *quota* habit
/// (docs/rules.md, "N times a week or a month"), any day until its period holds N met days.
///
/// Why the quota lives here, as a field with a default, rather than as a new `TrackerKind` case: a
/// quota habit *is* a habit, shown every day, and its `days` are every day, so every existing
/// reader of `kind` (`isHabit`, `dueDays`, visibility, ticking, the store's weekday mask) stays
/// right about when it is shown and can be ticked without naming a new case; an event cannot carry
/// a quota at all (the state cannot be built); and the rules that differ (streaks, periods,
/// perfect days, the reminder) ask `quota` in one place, `TrackerHistory`. A new case would have
/// forced every switch on the kind, store and archive included, to choose a behaviour before
/// those layers can store a quota. (Until they do, a quota habit they save reads back as a habit
/// due every day: the store and the archive must write `quota` too.)
public struct Schedule: Hashable, Sendable {
  /// The weekdays, never empty: every day for a quota or a window habit.
  public let days: WeekdaySet
  /// N a week or a month, or nil for a habit due on `days`.
  public let quota: Quota?
  /// N times in Y days as Loop Habit Tracker counts them (issue 49), or nil. A window habit is
  /// shown every day like a quota habit; what differs is how its days are met (`TimesInDays`),
  /// which `TrackerHistory` alone asks. Never together with a quota.
  public let window: TimesInDays?

  /// A schedule on `days`, or `nil` when `days` is empty.
  public init?(_ days: WeekdaySet) {
    guard !days.isEmpty else { return nil }
    self.init(uncheckedDays: days)
  }

  /// A quota schedule: shown every day, due until the period holds `quota.count` met days.
  public init(quota: Quota) {
    days = .everyDay
    self.quota = quota
    window = nil
  }

  /// A window schedule: shown every day, its days met by Loop's window rule (`TimesInDays`).
  public init(window: TimesInDays) {
    days = .everyDay
    quota = nil
    self.window = window
  }

  /// Every day of the week.
  public static let everyDay = Schedule(uncheckedDays: .everyDay)

  private init(uncheckedDays: WeekdaySet) {
    days = uncheckedDays
    quota = nil
    window = nil
  }

  /// Whether any day may count, so the habit is shown every day and no single day is missed: a
  /// quota or a window.
  public var anyDayMayCount: Bool { quota != nil || window != nil }
}

/// "N times in Y days" (issue 49), Y from 2 to 31 and N less than Y, counted as Loop Habit Tracker
/// counts a frequency (docs/rules.md, "N times in Y days"): N check-ins within Y days fill the
/// window of Y days that begins at the first of them, and every day of a filled window is met.
/// Windows that overlap slide back towards the past, never past their last check-in, so no day is
/// filled twice while a day before could be; Y of 30 or 31 is a calendar month long, as in Loop.
public struct TimesInDays: Hashable, Sendable {
  /// N: the check-ins a window asks for, 1 to Y − 1.
  public let count: Int
  /// Y: the window's length in days, 2 to 31.
  public let days: Int

  /// The window lengths a schedule may have.
  public static let allowedDays = 2...31

  /// `count` times in `days` days, or nil outside 2–31 days and 1 to `days` − 1 times.
  public init?(_ count: Int, in days: Int) {
    guard Self.allowedDays.contains(days), (1..<days).contains(count) else { return nil }
    self.count = count
    self.days = days
  }

  /// The windows the check-ins on `checkIns` (ascending days, each once) fill, the newest first;
  /// the days met are the check-ins and every day of these windows.
  ///
  /// A literal port of Loop's `EntryList.buildIntervals` and `snapIntervalsTogether`: walking
  /// from the newest check-in back, the check-in N − 1 before a newer one ("begin", and that newer
  /// one the "center") fills `begin ..< begin + Y` when the center falls within it; then each
  /// older window that reaches into the newer one before it slides back by the overlap and one
  /// day more, but never so far that its center leaves it.
  public func filledWindows(checkIns: [Day]) -> [ClosedRange<Day>] {
    let newestFirst = Array(checkIns.reversed())
    guard newestFirst.count >= count else { return [] }
    var windows: [(begin: Day, center: Day, end: Day)] = []
    for index in (count - 1)..<newestFirst.count {
      let begin = newestFirst[index]
      let center = newestFirst[index - count + 1]
      let size = length(beginningOn: begin)
      if begin.days(to: center) < size {
        windows.append((begin, center, begin.adding(days: size - 1)))
      }
    }
    for index in windows.indices.dropFirst() {
      let newer = windows[index - 1]
      let current = windows[index]
      let overlap = newer.begin.days(to: current.end)
      guard overlap >= 0 else { continue }
      let shift = min(current.center.days(to: current.end), overlap + 1)
      windows[index] = (current.begin.adding(days: -shift), current.center, current.end.adding(days: -shift))
    }
    return windows.map { $0.begin...$0.end }
  }

  /// A window's length from `begin`: Y, or for Y of 30 or 31 the length of `begin`'s month (of
  /// the next month when `begin` is its month's last day), as Loop measures "a month".
  func length(beginningOn begin: Day) -> Int {
    guard days == 30 || days == 31 else { return days }
    return begin.day == begin.daysInMonth ? begin.adding(days: 1).daysInMonth : begin.daysInMonth
  }
}

/// N met days a week (1–6, an ISO week, Monday to Sunday) or a month (1–30, a calendar month).
public struct Quota: Hashable, Sendable {
  /// The period a quota counts over.
  public enum Period: String, CaseIterable, Hashable, Sendable {
    /// An ISO week, Monday to Sunday.
    case week
    /// A calendar month.
    case month

    /// The counts a quota over this period may ask for: 1–6 a week (7 is every day: a
    /// weekday schedule), 1–30 a month.
    public var allowedCounts: ClosedRange<Int> {
      switch self {
      case .week: return 1...6
      case .month: return 1...30
      }
    }
  }

  /// How many met days a period asks for, before its days off lower it.
  public let count: Int
  /// Over which period.
  public let period: Period

  /// `count` times a `period`, or nil outside `period.allowedCounts`.
  public init?(_ count: Int, per period: Period) {
    guard period.allowedCounts.contains(count) else { return nil }
    self.count = count
    self.period = period
  }

  /// The days of the period `day` falls in: its week's Monday to Sunday, or its month.
  public func days(containing day: Day) -> ClosedRange<Day> { Self.days(of: period, containing: day) }

  /// Whether `day` is the last day of its period (a Sunday, or a month's last day).
  public func endsPeriod(_ day: Day) -> Bool { Self.endsPeriod(period, day) }

  /// The days of the `period` `day` falls in: its week's Monday to Sunday, or its month.
  public static func days(of period: Period, containing day: Day) -> ClosedRange<Day> {
    switch period {
    case .week:
      let monday = day.adding(days: 1 - day.weekday.rawValue)
      return monday...monday.adding(days: 6)
    case .month:
      let first = day.firstOfMonth
      return first...first.adding(days: day.daysInMonth - 1)
    }
  }

  /// Whether `day` is the last day of its `period` (a Sunday, or a month's last day).
  public static func endsPeriod(_ period: Period, _ day: Day) -> Bool {
    switch period {
    case .week: return day.weekday == .sunday
    case .month: return day.adding(days: 1).day == 1
    }
  }
}
