import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite

extension LoopBackup {
  /// What a habit of the backup becomes here: its kind, and a numerical habit's goal
  /// (docs/data-format.md, "Switching from Loop Habit Tracker or HabitBull"). What is adapted is
  /// counted in `adaptations`.
  package static func shape(of row: HabitRow, adaptations: inout ForeignAdaptations) -> (
    TrackerKind, ForeignGoal?
  ) {
    if row.isNumerical { return numericalShape(of: row, adaptations: &adaptations) }
    let (times, days) = row.frequency
    guard times >= 1, days >= 1 else {
      // No frequency at all: a habit of every day, said as adapted.
      adaptations.scaledFrequencies += 1
      return (.habit(.everyDay), nil)
    }
    if times >= days { return (.habit(.everyDay), nil) }
    // "X in Y days", a week and a month included: Loop's own windows (issue 49), nothing adapted.
    if let window = TimesInDays(times, in: days) {
      adaptations.frequenciesAsWindows += 1
      return (.habit(Schedule(window: window)), nil)
    }
    // Longer than a month: X·7/Y a week, rounded half up.
    adaptations.scaledFrequencies += 1
    return (quota((2 * 7 * times + days) / (2 * days), per: .week), nil)
  }

  /// A habit of `count` days a `period`: every day from 7 a week on, at least 1.
  private static func quota(_ count: Int, per period: Quota.Period) -> TrackerKind {
    let allowed = period.allowedCounts
    guard count <= allowed.upperBound else { return .habit(.everyDay) }
    guard let quota = Quota(max(count, allowed.lowerBound), per: period) else { return .habit(.everyDay) }
    return .habit(Schedule(quota: quota))
  }

  /// A numerical habit's kind and goal. Loop's target is over the frequency's days (`freq_den`: 1
  /// a day, 7 a week, 30 or 31 a month): a day's target is kept, a week's or a month's becomes a
  /// period target of the same sum (issue 49); over any other period, the daily share rounded to
  /// thousandths (adapted).
  private static func numericalShape(
    of row: HabitRow, adaptations: inout ForeignAdaptations
  ) -> (TrackerKind, ForeignGoal?) {
    let direction: MeasureDirection = row.targetIsAtMost ? .atMost : .atLeast
    // At most 0 is a habit to quit here too (issue 49): kept, not raised to the least target.
    let total =
      direction == .atMost && row.target == 0 ? Amount.zero : target(row.target, adaptations: &adaptations)
    if direction == .atMost { adaptations.atMostHabits += 1 }
    let days = row.frequency.denominator
    switch days {
    case ...1:
      return (.habit(.everyDay), ForeignGoal(unit: row.unit, target: total, direction: direction))
    case 7, 30, 31:
      adaptations.periodTargets += 1
      return (
        .habit(.everyDay),
        ForeignGoal(unit: row.unit, target: total, direction: direction, period: days == 7 ? .week : .month)
      )
    default:
      adaptations.scaledFrequencies += 1
      let least = total.isPositive ? 1 : 0
      let share = Amount(thousandths: max(least, (2 * total.thousandths + days) / (2 * days))) ?? total
      return (.habit(.everyDay), ForeignGoal(unit: row.unit, target: share, direction: direction))
    }
  }

  /// Loop's target (a double) in exact thousandths, rounded to the nearest; one of 0 or less (or
  /// not a number) is 0.001 and one above the largest amount the largest, each counted.
  package static func target(_ value: Double, adaptations: inout ForeignAdaptations) -> Amount {
    let scaled = (value * 1000).rounded()
    guard scaled.isFinite, scaled >= 1 else {
      adaptations.targetsOutOfRange += 1
      return Amount(thousandths: 1) ?? .maximum
    }
    guard scaled <= Double(Amount.maximum.thousandths) else {
      adaptations.targetsOutOfRange += 1
      return .maximum
    }
    return Amount(thousandths: Int(scaled)) ?? .maximum
  }
}
