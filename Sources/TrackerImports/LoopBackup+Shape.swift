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
    switch days {
    case 7:
      if let weekdays = weekdays(row.reminderDays), weekdays.days.count == times,
        let schedule = Schedule(weekdays)
      {
        return (.habit(schedule), nil)
      }
      adaptations.frequenciesAsQuotas += 1
      return (quota(times, per: .week), nil)
    case 30, 31:
      adaptations.frequenciesAsQuotas += 1
      return (quota(times, per: .month), nil)
    default:
      // "X in Y days": X·7/Y a week, rounded half up.
      adaptations.scaledFrequencies += 1
      return (quota((2 * 7 * times + days) / (2 * days), per: .week), nil)
    }
  }

  /// A habit of `count` days a `period`: every day from 7 a week on, at least 1.
  private static func quota(_ count: Int, per period: Quota.Period) -> TrackerKind {
    let allowed = period.allowedCounts
    guard count <= allowed.upperBound else { return .habit(.everyDay) }
    guard let quota = Quota(max(count, allowed.lowerBound), per: period) else { return .habit(.everyDay) }
    return .habit(Schedule(quota: quota))
  }

  /// A numerical habit's kind and goal. Loop's target is over the frequency's days (`freq_den`: 1
  /// a day, 7 a week, 30 or 31 a month). A daily target is kept; a longer one that divides exactly
  /// into days becomes that daily share; one over a week or a month that does not becomes a quota
  /// of N met days of the target ÷ N, N the most days of the period that divide it exactly (N = 1
  /// always does); over any other period, the daily share rounded to thousandths.
  private static func numericalShape(
    of row: HabitRow, adaptations: inout ForeignAdaptations
  ) -> (TrackerKind, ForeignGoal?) {
    let total = target(row.target, adaptations: &adaptations)
    let direction: MeasureDirection = row.targetIsAtMost ? .atMost : .atLeast
    if direction == .atMost { adaptations.atMostHabits += 1 }
    func goal(_ thousandths: Int) -> ForeignGoal {
      ForeignGoal(
        unit: row.unit, target: Amount(thousandths: max(1, thousandths)) ?? total, direction: direction)
    }
    let days = row.frequency.denominator
    guard days > 1 else { return (.habit(.everyDay), goal(total.thousandths)) }
    if total.thousandths % days == 0 {
      adaptations.targetsAsDailyShares += 1
      return (.habit(.everyDay), goal(total.thousandths / days))
    }
    let period: Quota.Period
    switch days {
    case 7: period = .week
    case 30, 31: period = .month
    default:
      adaptations.scaledFrequencies += 1
      return (.habit(.everyDay), goal((2 * total.thousandths + days) / (2 * days)))
    }
    let count = period.allowedCounts.reversed().first { total.thousandths % $0 == 0 } ?? 1
    guard let quota = Quota(count, per: period) else { return (.habit(.everyDay), goal(total.thousandths)) }
    adaptations.targetsAsQuotas += 1
    return (.habit(Schedule(quota: quota)), goal(total.thousandths / count))
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
