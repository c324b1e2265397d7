import TrackerLocalization
import TrackerModels

/// Dates on the command line (docs/decisions.md, "Dates on the command line"): every message
/// writes a day as the language's long date ("1 Dec 2026", "1 дек. 2026"), and every date option
/// reads ISO `2026-12-01` or that long date in either language, so a date pasted from a message
/// always works. JSON keeps ISO.
enum DateText {
  /// What a date option's value names.
  enum Reading: Equatable {
    case day(Day)
    /// The form of a date, but a day no calendar has (`2026-02-30`, `31 Feb 2026`).
    case noSuchDay
    /// Not a date in any accepted form.
    case notADate
  }

  /// `day` as the messages of `language` write it: "1 Dec 2026", "1 дек. 2026".
  static func long(_ day: Day, _ language: Language) -> String {
    let parts = day.components
    return Localizer(language).longDate(year: parts.year, month: parts.month, day: parts.day)
  }

  /// `day` in the run's language.
  static func long(_ day: Day) -> String { long(day, Messages.language) }

  /// The day `text` names: `YYYY-MM-DD`, or a long date in English or Russian, whatever the
  /// run's language (a date copied from a Russian message works in an English run).
  static func read(_ text: String) -> Reading {
    do throws(DayParseError) {
      return .day(try Day(iso: text))
    } catch {
      if case .noSuchDay = error { return .noSuchDay }
    }
    for language in Language.allCases {
      guard let parts = Localizer(language).longDateParts(text) else { continue }
      return Day(year: parts.year, month: parts.month, day: parts.day).map(Reading.day) ?? .noSuchDay
    }
    return .notADate
  }

  /// Whether `text` begins a long date the shell split into words (`--date 1 Dec 2026` without
  /// quotes): a day of the month, followed by `month` and `year` that make it a date.
  static func isSplitLongDate(_ text: String, month: String, year: String) -> Bool {
    guard (1...2).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
    return read("\(text) \(month) \(year)") != .notADate
  }

  /// The day the value `text` of date `option` names, or the usage error that says which forms
  /// the option reads (or that the store keeps nothing before 1900).
  static func optionDay(_ text: String, _ option: String) -> Result<Day, UsageError> {
    guard case .day(let day) = read(text) else {
      return .failure(
        UsageError(message: Messages.invalidValue(text, option, expected: Messages.expectedDate)))
    }
    // The store keeps nothing before 1900 (a typed 0000-01-01 must not become a record).
    guard day >= .earliestStored, day.isStorable else {
      return .failure(
        UsageError(message: Messages.invalidValue(text, option, expected: Messages.expectedDateFrom1900)))
    }
    return .success(day)
  }
}
