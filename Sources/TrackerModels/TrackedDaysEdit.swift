/// The edit screen's "more or fewer tracked days" rule (docs/rules.md).
public enum TrackedDaysEdit {
  /// The days on which records are added for a gain of `count`: the `count` most recent days on or
  /// before `today` that are due for `kind`, have no record and are not days off, searching back
  /// without bound.
  public static func daysToAdd(
    count: Int, kind: TrackerKind, recordedDays: Set<Day>, daysOff: Set<Day> = [], today: Day
  ) -> [Day] {
    var result: [Day] = []
    var day = today
    let due = kind.dueDays
    // `due` is never empty (a Schedule cannot be), so each week back yields at least one day.
    while result.count < count {
      if due.contains(day.weekday), !recordedDays.contains(day), !daysOff.contains(day) { result.append(day) }
      day = day.adding(days: -1)
    }
    return result
  }

  /// The records to write for a gain of `count` on any tracker (docs/rules.md, "More or fewer
  /// days"): the `count` most recent days that can become met, searching back from `today`
  /// without bound: due (any day for an event or a quota habit), not a day off, not met, and for
  /// an at-most tracker before today (its today cannot be met). Each record has the target as its
  /// amount (none for a yes/no tracker) and replaces the day's record if it has one (an amount that
  /// missed). For a yes/no tracker these are exactly `daysToAdd`'s days. Newest first.
  public static func recordsToAdd(count: Int, history: TrackerHistory, today: Day) -> [TrackerRecord] {
    let tracker = history.tracker
    let goal = tracker.measure.goal
    var result: [TrackerRecord] = []
    var day = goal?.direction == .atMost ? today.adding(days: -1) : today
    // Days before the first day are never met, and a schedule is never empty: the search ends.
    while result.count < count {
      if tracker.isDue(on: day), !history.daysOff.contains(day), !history.isMet(on: day, today: today) {
        result.append(TrackerRecord(trackerID: tracker.id, day: day, amount: goal?.target))
      }
      day = day.adding(days: -1)
    }
    return result
  }

  /// The days whose records are removed for a loss of `count`: the `count` most recent records.
  public static func daysToRemove(count: Int, recordedDays: Set<Day>) -> [Day] {
    Array(recordedDays.sorted(by: >).prefix(max(0, count)))
  }
}
