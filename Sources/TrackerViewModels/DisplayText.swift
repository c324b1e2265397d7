import TrackerLocalization
import TrackerModels

/// Texts several screens share.
package enum DisplayText {
  /// How a reminder speaks when that is not the default: "Mon, Fri · even when done"; nil for
  /// the habit's own days, only if not done yet.
  static func reminderDetails(_ reminder: HabitReminder, _ localizer: Localizer) -> String? {
    var parts: [String] = []
    if let days = reminder.days { parts.append(schedule(days, localizer)) }
    if !reminder.onlyIfNotDone { parts.append(localizer.text(.reminderAlways)) }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// "Пн, Ср, Пт" in Monday-first order, or "Every day" for all seven; empty for no days.
  static func schedule(_ days: WeekdaySet, _ localizer: Localizer) -> String {
    if days == .everyDay { return localizer.text(.scheduleEveryDay) }
    return days.days.map { localizer.weekdayShortName(iso: $0.rawValue) }.joined(separator: ", ")
  }

  // Issue 32: form
  /// "3 times a week" / "3 раза в неделю", "10 times a month" / "10 раз в месяц".
  static func quota(_ count: Int, per period: Quota.Period, _ localizer: Localizer) -> String {
    switch period {
    case .week: return localizer.plural(.scheduleQuotaWeek, count: count)
    case .month: return localizer.plural(.scheduleQuotaMonth, count: count)
    }
  }

  /// Why a schedule and a measure cannot go together (issue 49).
  package static func paceConflict(_ conflict: PaceConflict, _ localizer: Localizer) -> String {
    switch conflict {
    case .windowOnMeasurable: return localizer.text(.alertReasonWindowOnMeasurable)
    case .periodTargetWithQuota: return localizer.text(.alertReasonPeriodTargetWithQuota)
    case .periodTargetOnEvent: return localizer.text(.alertReasonPeriodTargetOnEvent)
    }
  }

  /// Why a measurable tracker's unit or target is refused, or nil for no message (an empty unit
  /// shows none, as an empty name does).
  package static func measureError(_ error: MeasureError, _ localizer: Localizer) -> String? {
    switch error {
    case .emptyUnit: return nil
    case .unitTooLong: return localizer.text(.formUnitErrorTooLong(MeasureGoal.maximumUnitLength))
    case .forbiddenCharacterInUnit(let scalar):
      return localizer.text(.formUnitErrorForbiddenCharacter(code: codePoint(scalar)))
    case .targetNotPositive: return localizer.text(.formTargetErrorZero)
    }
  }

  /// Why the target field's text is not a number the form can take, in the language's decimal
  /// format ("Enter a number, like 12.5" / "Введите число, например 12,5").
  package static func targetError(_ error: AmountParseError, _ localizer: Localizer) -> String {
    switch error {
    case .empty, .notANumber: return localizer.text(.formTargetErrorNotANumber)
    case .negative: return localizer.text(.formTargetErrorNegative)
    case .tooManyDecimals: return localizer.text(.formTargetErrorTooManyDecimals)
    case .tooLarge: return localizer.text(.formTargetErrorTooLarge)
    }
  }

  /// The main screen's date button, as messages write dates (issue 49): "30 Nov" / "30 нояб.",
  /// the year after it when it is not `today`'s ("5 Dec 2025").
  static func shortDate(_ day: Day, today: Day, _ localizer: Localizer) -> String {
    let parts = day.components
    guard parts.year == today.components.year else {
      return localizer.longDate(year: parts.year, month: parts.month, day: parts.day)
    }
    return localizer.dayAndMonth(day: parts.day, month: parts.month)
  }

  /// A date in full, as messages write it: "1 Dec 2026" / "1 дек. 2026".
  static func longDate(_ day: Day, _ localizer: Localizer) -> String {
    let parts = day.components
    return localizer.longDate(year: parts.year, month: parts.month, day: parts.day)
  }

  /// The message for a refused task title or text.
  package static func todoFieldError(_ error: TodoFieldError, _ localizer: Localizer) -> String {
    switch error {
    case .emptyText: return localizer.text(.todoErrorEmptyText)
    case .tooLong(_, let limit): return localizer.text(.todoErrorTooLong(limit))
    case .forbiddenCharacter(let scalar):
      return localizer.text(.formErrorForbiddenCharacter(code: codePoint(scalar)))
    }
  }

  /// A refused character named in its refusal (issue 49): "202E" for U+202E, at least four digits.
  static func codePoint(_ scalar: Unicode.Scalar) -> String { NameRules.codePoint(scalar.value) }

  /// The message for a refused name, or nil for no message (an empty field shows none).
  /// Why a note's text is refused, in `localizer`'s language.
  static func noteError(_ error: NoteError, _ localizer: Localizer) -> String {
    switch error {
    case .empty: return localizer.text(.noteErrorEmpty)
    case .tooLong: return localizer.text(.noteErrorTooLong(TrackerNote.maximumLength))
    case .forbiddenCharacter(let scalar):
      return localizer.text(.noteErrorForbiddenCharacter(code: codePoint(scalar)))
    }
  }

  package static func nameError(_ error: NameError, isCategory: Bool, _ localizer: Localizer) -> String? {

    switch error {
    case .empty: return nil
    case .tooLong: return localizer.text(isCategory ? .categoryFormErrorTooLong : .formErrorTooLong)
    case .duplicate: return localizer.text(isCategory ? .categoryFormErrorDuplicate : .formErrorDuplicate)
    case .forbiddenCharacter(let scalar):
      return localizer.text(.formErrorForbiddenCharacter(code: codePoint(scalar)))
    }
  }
}

// Issue 32: cards, sheets, detail
extension DisplayText {
  /// `amount` in the language's decimal format: "12.5" / "12,5".
  static func amount(_ amount: Amount, _ localizer: Localizer) -> String {
    amount.written(decimalSeparator: localizer.decimalSeparator)
  }

  /// A measurable day's amount against its target: "12.5 / 20 km", "– / 20 km" when nothing was
  /// entered (docs/decisions.md).
  static func amountOfTarget(_ amount: Amount?, _ goal: MeasureGoal, _ localizer: Localizer) -> String {
    localizer.text(
      .cardAmount(
        amount: amount.map { Self.amount($0, localizer) } ?? "–", target: Self.amount(goal.target, localizer),
        unit: goal.unit))
  }

  /// A quota habit's progress: "2 of 3 this week", "1 of 4 that month" for another period.
  package static func quotaProgress(_ progress: QuotaProgress, isCurrent: Bool, _ localizer: Localizer)
    -> String
  {
    let (met, required) = (progress.met, progress.required)
    // A period wholly off asks for nothing: "a week off", never "0 of 0 this week".
    if required == 0, met == 0 {
      return localizer.text(progress.quota.period == .week ? .cardQuotaWeekOff : .cardQuotaMonthOff)
    }
    // More than it asks (days off lowered it, or ticks went on): met, never "3 of 2".
    if met > required {
      switch (progress.quota.period, isCurrent) {
      case (.week, true): return localizer.text(.cardQuotaMetThisWeek(met: met))
      case (.week, false): return localizer.text(.cardQuotaMetThatWeek(met: met))
      case (.month, true): return localizer.text(.cardQuotaMetThisMonth(met: met))
      case (.month, false): return localizer.text(.cardQuotaMetThatMonth(met: met))
      }
    }
    switch (progress.quota.period, isCurrent) {
    case (.week, true): return localizer.text(.cardQuotaThisWeek(met: met, required: required))
    case (.week, false): return localizer.text(.cardQuotaThatWeek(met: met, required: required))
    case (.month, true): return localizer.text(.cardQuotaThisMonth(met: met, required: required))
    case (.month, false): return localizer.text(.cardQuotaThatMonth(met: met, required: required))
    }
  }

  /// A window habit's schedule: "3 times in 7 days" / "3 раза за 7 дней", "once in 2 days".
  package static func window(_ window: TimesInDays, _ localizer: Localizer) -> String {
    localizer.plural(.scheduleWindowTimes, count: window.count) + " "
      + localizer.plural(.scheduleWindowDays, count: window.days)
  }

  /// A window habit's card: "3 times in 7 days: met" on a day a filled window covers, else its
  /// check-ins in the last Y days against N, "1/3 in 7 days".
  package static func windowProgress(_ progress: WindowProgress, _ localizer: Localizer) -> String {
    if progress.isFilled {
      return localizer.text(.cardWindowMet(schedule: window(progress.window, localizer)))
    }
    // Never "3/2": a day ahead counts no window yet, however many check-ins came before it.
    return localizer.text(
      .cardWindowProgress(
        checkIns: min(progress.checkIns, progress.window.count), count: progress.window.count,
        days: localizer.plural(.scheduleWindowDays, count: progress.window.days)))
  }

  /// A period target's card: "32000 / 50000 steps this week", "56000 steps this week: met" once
  /// an at-least target is met; "that week" / "that month" for another period.
  package static func periodSum(_ sum: PeriodSum, isCurrent: Bool, _ localizer: Localizer) -> String {
    let total = Amount.written(thousandths: sum.thousandths, decimalSeparator: localizer.decimalSeparator)
    let unit = sum.goal.unit
    let isWeek = sum.goal.period != .month
    if !sum.asksSomething, sum.thousandths == 0 {
      return localizer.text(isWeek ? .cardQuotaWeekOff : .cardQuotaMonthOff)
    }
    if sum.goal.direction == .atLeast, sum.isMet {
      switch (isWeek, isCurrent) {
      case (true, true): return localizer.text(.cardPeriodSumMetThisWeek(sum: total, unit: unit))
      case (true, false): return localizer.text(.cardPeriodSumMetThatWeek(sum: total, unit: unit))
      case (false, true): return localizer.text(.cardPeriodSumMetThisMonth(sum: total, unit: unit))
      case (false, false): return localizer.text(.cardPeriodSumMetThatMonth(sum: total, unit: unit))
      }
    }
    let target = amount(sum.required, localizer)
    switch (isWeek, isCurrent) {
    case (true, true): return localizer.text(.cardPeriodSumThisWeek(sum: total, target: target, unit: unit))
    case (true, false): return localizer.text(.cardPeriodSumThatWeek(sum: total, target: target, unit: unit))
    case (false, true): return localizer.text(.cardPeriodSumThisMonth(sum: total, target: target, unit: unit))
    case (false, false):
      return localizer.text(.cardPeriodSumThatMonth(sum: total, target: target, unit: unit))
    }
  }

  /// Why a typed amount is refused, or nil for an empty field (Save waits without a word).
  static func amountError(_ error: AmountParseError, _ localizer: Localizer) -> String? {
    switch error {
    case .empty: return nil
    case .notANumber: return localizer.text(.amountErrorNotANumber)
    case .negative: return localizer.text(.amountErrorNegative)
    case .tooManyDecimals: return localizer.text(.amountErrorTooManyDecimals)
    case .tooLarge: return localizer.text(.amountErrorTooLarge)
    }
  }
}
