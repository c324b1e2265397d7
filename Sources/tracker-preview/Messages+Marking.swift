import TrackerArchiveCodec
import TrackerAutomation
import TrackerImports
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

extension Messages {
  // MARK: Marking

  static func marked(_ name: String, done: Bool, on date: String, already: Bool) -> String {
    let message: LocalizedText
    switch (done, already) {
    case (true, false): message = .cliMarkedDone(name, date)
    case (true, true): message = .cliMarkedAlreadyDone(name, date)
    case (false, false): message = .cliMarkedUndone(name, date)
    case (false, true): message = .cliMarkedAlreadyUndone(name, date)
    }
    return text(message) + "\n"
  }
  /// "Run: 12.5 / 20 km on 1 Dec 2026." (or "already …"): `done` on a measurable tracker.
  static func markedAmount(_ name: String, _ amount: String, on date: String, already: Bool) -> String {
    text(already ? .cliMarkedAlreadyAmount(name, amount, date) : .cliMarkedAmount(name, amount, date)) + "\n"
  }
  static func amountNotMeasurable(_ name: String) -> String { text(.cliAmountNotMeasurable(name)) }
  static var expectedAmount: String { text(.cliExpectedAmount) }
  static var noteTextOrClear: String { text(.cliNoteTextOrClear) }
  static var noteTextAndClear: String { text(.cliNoteTextAndClear) }
  /// What `note` did (or found already done) on `date`.
  static func note(_ name: String, saved: Bool, on date: String, changed: Bool) -> String {
    let message: LocalizedText
    switch (saved, changed) {
    case (true, true): message = .cliNoteSaved(name, date)
    case (true, false): message = .cliNoteAlreadySaved(name, date)
    case (false, true): message = .cliNoteRemoved(name, date)
    case (false, false): message = .cliNoteNothingToRemove(name, date)
    }
    return text(message) + "\n"
  }
  static func noteInvalid(_ reason: String) -> String { text(.cliNoteInvalid(reason)) }
  /// A quota's progress in `list`: "2 of 3 this week".
  /// A quota habit's progress as its card says it: "2 of 3 this week", "1 of 2 that month",
  /// "3 this week: met" past what it asks.
  static func quotaProgress(_ progress: QuotaProgress, today: Day) -> String {
    DisplayText.quotaProgress(progress, isCurrent: progress.period.contains(today), Localizer(language))
  }
  static func noSuchTracker(_ name: String, suggestion: String?) -> String {

    text(.cliNoSuchTracker(quoted(name))) + didYouMean(suggestion)
  }
  static func noSuchCategory(_ title: String, suggestion: String?) -> String {
    text(.cliNoSuchCategory(quoted(title))) + didYouMean(suggestion)
  }
  static func futureDay(_ date: String) -> String { text(.cliFutureDay(date)) }
  static var nameOrAll: String { text(.cliNameOrAll) }
  static var dayOffRangeOrDate: String { text(.cliDayOffRangeOrDate) }
  static func dayOffRangeBackwards(_ from: String, _ to: String) -> String {
    text(.cliDayOffRangeBackwards(from, to))
  }
  static func dayOffRangeTooLong(_ days: Int) -> String { text(.cliDayOffRangeTooLong(String(days))) }
  static func notShownForDayOff(_ name: String, _ date: String) -> String {
    text(.cliNotShownForDayOff(name, date))
  }
  /// "Run: 3 days off, 12/01/26 – 12/07/26." and the other outcomes of `skip` and `unskip`.
  static func daysOff(_ name: String, off: Bool, changed: Int, on dates: String) -> String {
    let count = Localizer(language).plural(.daysOff, count: changed)
    switch (off, changed > 0) {
    case (true, true): return text(.cliSkipped(name, count, dates)) + "\n"
    case (true, false): return text(.cliAlreadySkipped(name, dates)) + "\n"
    case (false, true): return text(.cliUnskipped(name, count, dates)) + "\n"
    case (false, false): return text(.cliAlreadyUnskipped(name, dates)) + "\n"
    }
  }
  /// The records days off would remove, said before `skip` asks whether to take them.
  static func recordsWouldBeRemoved(_ name: String, on dates: [String]) -> String {
    guard dates.count > 1 else { return text(.cliSkipWouldRemoveRecord(name, dates[0])) + "\n" }
    let count = Localizer(language).plural(.records, count: dates.count)
    // A long range names its first days and its last, not a screenful of dates.
    let named = dates.count > 5 ? dates.prefix(3) + ["…", dates[dates.count - 1]] : dates[...]
    return text(.cliSkipWouldRemoveRecords(name, count, named.joined(separator: ", "))) + "\n"
  }

  /// Whether `answer` to a yes-or-no question is yes, in either language: "y", "yes", "д", "да"
  /// in any case, with spaces around; anything else, an empty line too, is no.
  static func isYes(_ answer: String) -> Bool {
    ["y", "yes", "д", "да"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// The records days taken off removed, said so a completion never disappears without a word.
  static func recordsRemoved(_ name: String, on dates: [String]) -> String {
    guard dates.count > 1 else { return text(.cliSkippedRemovedRecord(name, dates[0])) + "\n" }
    let count = Localizer(language).plural(.records, count: dates.count)
    return text(.cliSkippedRemovedRecords(name, count, dates.joined(separator: ", ")))
      + "\n"
  }
  static func notScheduled(_ name: String, _ date: String) -> String {
    text(.cliNotScheduled(name, date))
  }

  // MARK: Screens and scripts

  /// The store refused a read or a write: the alert the app shows, in one line.
  static func alertShown(_ title: String, _ message: String) -> String {
    text(.cliAlertShown(title, message))
  }
  static var noTrackerToShow: String { text(.cliNoTrackerToShow) }
  // Issue 32: cards, sheets, detail
  static var noMeasurableTrackerToShow: String { text(.cliNoMeasurableTrackerToShow) }
  static func badTime(_ value: String) -> String { text(.cliBadTime(quoted(value))) }
  /// "Tracker — 2 of 3 habits done today".
  static func reminder(done: Int, due: Int) -> String {
    text(.reminderTitle) + " — "
      + text(.reminderProgress(String(done), Localizer(language).plural(.habitsTotal, count: due)))
  }
  static func cannotShow(_ screen: String, _ reason: CustomStringConvertible) -> String {
    text(.cliCannotShow(screen, reason.description))
  }
  static var screenAndLink: String { text(.cliShowScreenAndLink) }
  static func unknownHabitAction(_ word: String, suggestion: String?) -> String {
    text(.cliDoUnknownAction(action: quoted(word))) + (suggestion == nil ? "." : didYouMean(suggestion))
      + text(.cliDoActions(actions: HabitCommandWords.actions.joined(separator: ", ")))
  }
  static func unknownReminderVerb(_ word: String, suggestion: String?) -> String {
    text(.cliReminderUnknownVerb(verb: quoted(word))) + (suggestion == nil ? "." : didYouMean(suggestion))
      + text(.cliReminderVerbs)
  }
  static var expectedWeekdays: String { text(.cliExpectedWeekdays) }
  static var expectedTimes: String { text(.cliExpectedTimes) }
  static var expectedWindowDays: String { text(.cliExpectedWindowDays) }
  static func expectedColorPlace(_ last: Int) -> String { text(.cliExpectedColorPlace(String(last))) }
  /// How a reminder speaks: "on its days, if not done yet", "mon, wed, even when done".
  static func reminderDetails(_ reminder: HabitReminder) -> String {
    let localizer = Localizer(language)
    let days: String
    switch reminder.days {
    case nil: days = text(.reminderDaysOwn)
    case .everyDay?: days = text(.reminderDaysEveryDay)
    case let chosen?:
      days = chosen.days.map { localizer.weekdayShortName(iso: $0.rawValue) }.joined(separator: ", ")
    }
    return days + ", " + text(reminder.onlyIfNotDone ? .reminderIfNotDone : .reminderAlways)
  }
  static var linkInTodo: String { text(.cliShowLinkInTodo) }
  /// Why a link opens nothing, in the user's language.
  static func linkRefused(_ error: DeepLinkError) -> String { error.message(Localizer(language)) }
  static func tourStuck(_ scenario: String, _ reason: CustomStringConvertible) -> String {
    text(.cliTourStuck(scenario, reason.description))
  }
  static func scriptLine(_ script: String, _ line: Int, _ text: String) -> String {
    "\(script):\(line): \(text)"
  }
  static func screenWas(_ screen: String) -> String { text(.cliScreenWas(screen)) + "\n" }
  static func wrongScreen(expected: String, actual: String) -> String {
    text(.cliWrongScreen(expected, actual))
  }
  static func missingText(_ value: String) -> String { text(.cliMissingText(quoted(value))) }
  static func unwantedText(_ value: String) -> String { text(.cliUnwantedText(quoted(value))) }
  static func elementState(_ element: Element, enabled: Bool) -> String {
    text(
      enabled
        ? .cliEnabled(element.description(Localizer(language)))
        : .cliDisabled(element.description(Localizer(language))))
  }
  static func checkedState(_ element: Element, checked: Bool) -> String {
    text(
      checked
        ? .cliChecked(element.description(Localizer(language)))
        : .cliUnchecked(element.description(Localizer(language))))
  }
  static func notCheckable(_ element: Element) -> String {
    text(.cliNotCheckable(element.description(Localizer(language))))
  }
  static var standardInputName: String { text(.cliStandardInput) }

  // MARK: Script language

  static func takesNoArgument(_ word: String) -> String { text(.cliTakesNoArgument(word)) }
  static var swipeDirection: String { text(.cliSwipeDirection) }
  static func notAScreen(_ value: String, of app: AppChoice) -> String {
    if app.other.screens.contains(value) { return otherAppScreen(value, app.other) }
    let suggestion = Suggestion.closest(to: value, among: app.screens)
    return text(.cliNotAScreen(quoted(value))) + parenthesized(suggestion)
      + text(.cliScreensList(app.screens.joined(separator: ", ")))
  }
  static func unknownCheck(_ check: String, suggestion: String?, checks: [String]) -> String {
    text(.cliUnknownCheck(quoted(check))) + parenthesized(suggestion.map { "expect \($0)" })
      + text(.cliChecksList(checks.joined(separator: ", ")))
  }
  static func unknownAction(_ word: String, suggestion: String?, actions: [String]) -> String {
    text(.cliUnknownAction(quoted(word))) + parenthesized(suggestion)
      + text(.cliActionsList(actions.joined(separator: ", ")))
  }
  static func needsIdentifier(_ word: String) -> String { text(.cliNeedsIdentifier(word)) }
  static func needsQuoted(_ word: String, orIdentifier: Bool) -> String {
    text(.cliNeedsQuoted(word)) + (orIdentifier ? text(.cliOrIdentifier) : "")
  }
  static func textAfterQuote(_ value: Substring) -> String {
    text(.cliTextAfterQuote(quoted(String(value))))
  }
  static func unknownEscape(_ character: Character) -> String {
    text(.cliUnknownEscape(String(character)))
  }
  static var unclosedQuote: String { text(.cliUnclosedQuote) }
  static func notADateExpression(_ written: String) -> String {
    text(.cliNotADateExpression(quoted(written)))
  }

  static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { text(.cliDidYouMean($0)) } ?? ""
  }

  static func parenthesized(_ suggestion: String?) -> String {
    suggestion.map { text(.cliDidYouMeanParenthesized($0)) } ?? ""
  }
}
