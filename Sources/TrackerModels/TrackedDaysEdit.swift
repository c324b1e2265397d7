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

  /// The days whose records are removed for a loss of `count`: the `count` most recent records.
  public static func daysToRemove(count: Int, recordedDays: Set<Day>) -> [Day] {
    Array(recordedDays.sorted(by: >).prefix(max(0, count)))
  }
}
