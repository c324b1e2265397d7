import TrackerLocalization
import TrackerModels

/// Issue 32: the form's measure — Yes/No or Measurable, and a measurable tracker's unit, daily
/// target and direction — and the rules the day counter follows for it.
extension TrackerFormViewModel {
  /// How the tracker is tracked: ticked (Yes/No) or measured against a daily target.
  public enum MeasureKind: String, CaseIterable, Hashable, Sendable {
    /// A record is a tick.
    case yesNo = "yes-no"
    /// A record carries an amount: a unit, a daily target and a direction.
    case amount
  }

  /// The period a measurable habit's target is for (issue 49): a day, or a week's or a month's sum.
  public enum TargetPeriod: String, CaseIterable, Hashable, Sendable {
    case day, week, month

    /// The goal's period: nil for a day.
    public var period: Quota.Period? {
      switch self {
      case .day: return nil
      case .week: return .week
      case .month: return .month
      }
    }

    var titleKey: TextKey {
      switch self {
      case .day: return .formTargetPeriodDay
      case .week: return .formTargetPeriodWeek
      case .month: return .formTargetPeriodMonth
      }
    }

    /// The choice of a goal's period.
    public init(_ period: Quota.Period?) {
      switch period {
      case nil: self = .day
      case .week?: self = .week
      case .month?: self = .month
      }
    }
  }

  /// One option of a choice of two or three (Yes/No or Measurable, at least or at most).
  public struct Option<Value: Hashable & Sendable>: Equatable, Sendable, Identifiable {
    public var value: Value
    public var title: String
    public var isChosen: Bool

    /// The value identifies the option.
    public var id: Value { value }

    /// A value with every field given.
    public init(value: Value, title: String, isChosen: Bool) {
      self.value = value
      self.title = title
      self.isChosen = isChosen
    }
  }

  /// The form's measure section: Yes/No or Measurable and, for Measurable, the unit, the daily
  /// target (in the language's decimal format) and at least or at most (docs/rules.md).
  public struct MeasureFields: Equatable, Sendable {
    /// "Measure".
    public var title: String
    /// Yes/No and Measurable, the chosen one checked.
    public var kinds: [Option<MeasureKind>]
    /// Whether Measurable is chosen: the unit, target and direction are shown.
    public var isMeasurable: Bool
    /// The unit field's text, as typed.
    public var unit: String
    public var unitTitle: String
    public var unitPlaceholder: String
    /// "12 character limit" and the like, while the unit is refused.
    public var unitError: String?
    /// The target field's text, as typed ("12,5" or "12.5").
    public var target: String
    public var targetTitle: String
    public var targetPlaceholder: String
    /// "Enter a number, like 12.5" and the like, while the target is refused.
    public var targetError: String?
    /// At least and at most, the chosen one checked.
    public var directions: [Option<MeasureDirection>]
    /// A day, a week or a month, the chosen one checked: what the target is for (a habit's only).
    public var targetPeriods: [Option<TargetPeriod>]

    /// A value with every field given.
    public init(
      title: String = "", kinds: [Option<MeasureKind>] = [], isMeasurable: Bool = false, unit: String = "",
      unitTitle: String = "", unitPlaceholder: String = "", unitError: String? = nil, target: String = "",
      targetTitle: String = "", targetPlaceholder: String = "", targetError: String? = nil,
      directions: [Option<MeasureDirection>] = [], targetPeriods: [Option<TargetPeriod>] = []
    ) {
      self.title = title
      self.kinds = kinds
      self.isMeasurable = isMeasurable
      self.unit = unit
      self.unitTitle = unitTitle
      self.unitPlaceholder = unitPlaceholder
      self.unitError = unitError
      self.target = target
      self.targetTitle = targetTitle
      self.targetPlaceholder = targetPlaceholder
      self.targetError = targetError
      self.directions = directions
      self.targetPeriods = targetPeriods
    }
  }

  /// `tracker` as the form describes it, with its records and days off as stored: what the day
  /// counter judges met days by.
  nonisolated static func history(
    of tracker: Tracker, _ stored: (records: [TrackerRecord], daysOff: [Day])
  ) -> TrackerHistory {
    TrackerHistory(
      tracker: tracker, records: stored.records,
      daysOff: stored.daysOff.map { TrackerDayOff(trackerID: tracker.id, day: $0) })
  }

  /// The days whose records a loss removes, newest first: every record of a yes/no tracker; the
  /// met records of an at-least one (removing one that missed would not lower the count); none of
  /// an at-most one, whose day without a record is met too (docs/decisions.md).
  nonisolated static func removableDays(_ history: TrackerHistory) -> [Day] {
    let days: [Day]
    switch history.tracker.measure {
    case .yesNo: days = Array(history.records.keys)
    case .measurable(let goal):
      switch goal.direction {
      case .atLeast:
        days = history.records.values.filter { goal.isMet(by: $0.amount ?? goal.target) }.map(\.day)
      case .atMost: days = []
      }
    }
    return days.sorted(by: >)
  }
}

extension TrackerFormViewModel {
  /// Recomputes the measure section's choices and errors from its fields (issue 32).
  func refreshMeasure(_ fields: inout MeasureFields) {
    let localizer = environment.localizer
    fields.isMeasurable = measureKind == .amount
    fields.kinds = MeasureKind.allCases.map {
      Option(
        value: $0, title: localizer.text($0 == .yesNo ? .formMeasureYesNo : .formMeasureAmount),
        isChosen: $0 == measureKind)
    }
    fields.directions = MeasureDirection.allCases.map {
      Option(
        value: $0, title: localizer.text($0 == .atLeast ? .formDirectionAtLeast : .formDirectionAtMost),
        isChosen: $0 == direction)
    }
    // "Daily target" only while the target is a day's.
    fields.targetTitle = localizer.text(
      mode.isHabit && targetPeriod != .day ? .formTargetOfPeriod : .formTarget)
    // A target of a week or a month is a habit's: an event's target is a day's.
    fields.targetPeriods =
      mode.isHabit
      ? TargetPeriod.allCases.map {
        Option(value: $0, title: localizer.text($0.titleKey), isChosen: $0 == targetPeriod)
      } : []
    // An empty field says nothing, as the name's does: Create stays disabled until it is filled.
    fields.unitError = nil
    if case .failure(let error) = MeasureGoal.validatedTypedUnit(fields.unit, original: originalUnit) {
      fields.unitError = DisplayText.measureError(error, localizer)
    }
    fields.targetError = nil
    if !NameRules.trimmed(fields.target).isEmpty {
      do {
        let target = try Amount(parsing: fields.target)
        // At most 0 is a habit to quit; at least 0 asks for nothing.
        if !target.isPositive, direction == .atLeast {
          fields.targetError = DisplayText.measureError(.targetNotPositive, localizer)
        }
      } catch {
        fields.targetError = DisplayText.targetError(error, localizer)
      }
    }
    // A schedule and a measure that cannot go together say so under the target (issue 49), and
    // Create waits (`draft`).
    if fields.targetError == nil, fields.isMeasurable, mode.isHabit, let schedule = schedule.schedule,
      let conflict = Tracker.paceConflict(
        kind: .habit(schedule),
        measure: (try? TrackerMeasure.measurable(
          unit: "x", target: Amount(units: 1) ?? .zero, direction: direction, period: targetPeriod.period))
          ?? .yesNo)
    {
      fields.targetError = DisplayText.paceConflict(conflict, localizer)
    }
  }
}
