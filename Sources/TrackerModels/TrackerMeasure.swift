/// Whether a tracker is ticked or measured (docs/rules.md, "Measurable habits").
public enum TrackerMeasure: Hashable, Sendable {
  /// A record is a tick: a day is met when it has a record. Every tracker's default.
  case yesNo
  /// A record carries an amount, judged against the goal's target in its direction.
  case measurable(MeasureGoal)

  /// A measurable tracker's measure from the user's fields, or the first rule they break.
  public static func measurable(
    unit: String, target: Amount, direction: MeasureDirection, period: Quota.Period? = nil
  ) throws(MeasureError) -> TrackerMeasure {
    .measurable(try MeasureGoal(unit: unit, target: target, direction: direction, period: period))
  }

  /// The goal of a measurable tracker; nil for a yes/no one.
  public var goal: MeasureGoal? {
    switch self {
    case .yesNo: return nil
    case .measurable(let goal): return goal
    }
  }
}

/// Which side of the target a measurable day must fall on to be met.
public enum MeasureDirection: String, CaseIterable, Hashable, Sendable {
  /// Met when the amount is at least the target ("read 20 pages").
  case atLeast = "at-least"
  /// Met when a day has ended with its amount, 0 when nothing was entered, at most the target
  /// ("no more than 2 coffees"): zero is the best day.
  case atMost = "at-most"
}

/// A measurable tracker's unit, target and direction, validated, and the period its target is
/// for: a day, or a week or a month whose amounts are summed (issue 49, "50,000 steps a week").
public struct MeasureGoal: Hashable, Sendable {
  /// The unit as stored: trimmed, 1 to `maximumUnitLength` user-perceived characters ("km").
  public let unit: String
  /// The target of a day, or of the whole `period`: more than zero, except at most 0.
  public let target: Amount
  /// At least or at most the target.
  public let direction: MeasureDirection
  /// Nil for a day's target; a week (ISO, Monday to Sunday) or a calendar month for a **period
  /// target**, met when the period's sum meets it (docs/rules.md, "Period targets"). A habit with a
  /// period target is due on weekdays: it has no quota and no window (`Tracker.paceConflict`).
  public let period: Quota.Period?

  /// The longest unit, in grapheme clusters.
  public static let maximumUnitLength = 12

  /// The goal with `unit` as stored (`validatedUnit`), or the first rule broken: the unit's, then
  /// a target of zero at least. At most 0 is a habit to quit (issue 49: "no cigarettes"): a day
  /// is met with nothing, or 0, entered.
  public init(
    unit: String, target: Amount, direction: MeasureDirection, period: Quota.Period? = nil
  ) throws(MeasureError) {
    self.unit = try Self.validatedUnit(unit).get()
    guard target.isPositive || direction == .atMost else { throw .targetNotPositive }
    self.target = target
    self.direction = direction
    self.period = period
  }

  /// The unit as stored: trimmed like a name, 1 to 12 user-perceived characters, none of the
  /// characters a name refuses (control characters, bidirectional overrides and isolates).
  public static func validatedUnit(_ raw: String) -> Result<String, MeasureError> {
    let unit = NameRules.trimmed(raw)
    if let scalar = unit.unicodeScalars.first(where: NameRules.isForbidden) {
      return .failure(.forbiddenCharacterInUnit(scalar))
    }
    if unit.isEmpty { return .failure(.emptyUnit) }
    let length = unit.count
    return length > maximumUnitLength ? .failure(.unitTooLong(count: length)) : .success(unit)
  }

  /// A unit typed in the form or given to `add`, as stored, or the first rule broken: a kept unit's
  /// rules (`validatedUnit`), and no character that draws nothing or could pass for another
  /// (`NameRules.refusedAsTyped`), as a typed name. A unit joiners and selectors alone make is
  /// empty. `original`, the edited tracker's unit as stored, passes as it is while left unchanged:
  /// a unit kept from before (a backup, an import) is never refused for being kept.
  public static func validatedTypedUnit(_ raw: String, original: String? = nil) -> Result<
    String, MeasureError
  > {
    let unit = NameRules.trimmed(raw)
    if let original, unit == NameRules.trimmed(original) { return validatedUnit(raw) }
    if let scalar = NameRules.refusedAsTyped(in: unit) { return .failure(.forbiddenCharacterInUnit(scalar)) }
    if !unit.isEmpty, NameRules.isBlankAsTyped(unit) { return .failure(.emptyUnit) }
    return validatedUnit(raw)
  }

  /// Whether this is a habit to quit: at most 0 (its card counts the days clean).
  public var isQuitting: Bool { direction == .atMost && !target.isPositive }

  /// Whether `amount` meets the target in this direction (for at most, on a day that has ended).
  public func isMet(by amount: Amount) -> Bool {
    switch direction {
    case .atLeast: return amount >= target
    case .atMost: return amount <= target
    }
  }
}

/// Why a measurable tracker's fields are refused.
public enum MeasureError: Error, Hashable, Sendable {
  /// Nothing is left of the unit after trimming.
  case emptyUnit
  /// More than `MeasureGoal.maximumUnitLength` characters; carries the count.
  case unitTooLong(count: Int)
  /// A control character or a bidirectional override or isolate in the unit; the first found.
  case forbiddenCharacterInUnit(Unicode.Scalar)
  /// The target is zero: a target is more than zero.
  case targetNotPositive
}
