import LocalizationFiles

/// The texts and number formats of one language. A value: pass it where texts are made.
public struct Localizer: Hashable, Sendable {
  /// The language this localizer speaks.
  public let language: Language
  private let table: LocalizationTable

  /// The localizer for `language` with the texts built into the binary.
  ///
  /// The files were parsed when the binary was built (a file that does not parse fails the build);
  /// `LocalizationTests` check every key resolves in every language. A language the build has no
  /// folder for falls back to the keys rather than crash.
  public init(_ language: Language) {
    self.language = language
    self.table = LocalizationTable.shared(language)
  }

  /// A localizer over an explicit table (for tests of the mechanism itself).
  public init(_ language: Language, table: LocalizationTable) {
    self.language = language
    self.table = table
  }

  /// The text of a key whose text takes no arguments. A text with arguments is made by its key's
  /// typed function, `text(.cliError(message))`; asking for it bare is a mistake that debug builds
  /// stop at.
  public func text(_ key: TextKey) -> String {
    assert(!key.takesArguments, "\(key.rawValue) takes arguments: use LocalizedText.\(key)(…)")
    return text(key, arguments: [])
  }

  /// The text of a key with the arguments its format takes (`.cliError(message)`).
  public func text(_ text: LocalizedText) -> String {
    self.text(text.key, arguments: text.arguments)
  }

  /// The text for `key`, with `arguments` substituted: for a key known only at run time (the
  /// store's messages); code that names its key uses `text(_:)` with the key's typed function.
  public func text(_ key: TextKey, arguments: [FormatArgument]) -> String {
    guard let format = table.strings[key.rawValue] else { return key.rawValue }
    // A text with no conversion is itself, arguments or not.
    guard let pieces = table.formats[key.rawValue] else { return format }
    return FormatString.render(pieces, arguments)
  }

  /// Whether `key` has a text of its own (not the key as a fallback).
  public func hasText(for key: TextKey) -> Bool { table.strings[key.rawValue] != nil }

  /// Whether `key` has a plural format of its own.
  public func hasPlural(for key: PluralKey) -> Bool { table.plurals[key.rawValue] != nil }

  /// The text for `key` in the plural form `count` takes ("2 дня", "5 дней").
  public func plural(_ key: PluralKey, count: Int) -> String {
    guard let entry = table.plurals[key.rawValue] else { return key.rawValue }
    let language = self.language
    return FormatString.render(entry.format, [.int(count)]) { name, argument in
      guard let forms = entry.variables[name] else { return nil }
      guard case .int(let number)? = argument else { return forms[.other] }
      return forms[language.pluralCategory(of: number)] ?? forms[.other]
    }
  }

  /// An integer in the language's format: thousands grouped ("730,000"; ru "730 000" with a
  /// no-break space).
  public func integer(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var result = value < 0 ? "-" : ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result += groupSeparator }
      result.append(digit)
    }
    return result
  }

  /// A decimal rounded half away from zero to at most `maximumFractionDigits`, trailing zeros
  /// dropped, with the language's separator: en "1.5", ru "1,5"; 2.0 is "2".
  public func decimal(_ value: Double, maximumFractionDigits: Int = 1) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1
    for _ in 0..<maximumFractionDigits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded(.toNearestOrAwayFromZero))
    let whole = scaled.magnitude / UInt(scale)
    var fraction = String(scaled.magnitude % UInt(scale))
    fraction = String(repeating: "0", count: max(0, maximumFractionDigits - fraction.count)) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let sign = scaled < 0 ? "-" : ""
    let wholeText = integer(Int(whole))
    return sign + wholeText + (fraction.isEmpty ? "" : decimalSeparator + fraction)
  }

  /// The calendar's month header in the nominative: en "November 2026", ru "Ноябрь 2026".
  public func monthHeader(year: Int, month: Int) -> String {
    "\(monthName(month)) \(year)"
  }

  /// The standalone (nominative) name of month 1…12.
  public func monthName(_ month: Int) -> String {
    guard let key = TextKey(rawValue: "month.\(month)") else { return String(month) }
    return text(key)
  }

  /// A day and its month as a date says them: en "24 Nov", ru "24 нояб.".
  public func dayAndMonth(day: Int, month: Int) -> String {
    guard let key = TextKey(rawValue: "month.short.\(month)") else { return "\(day).\(month)" }
    return "\(day) \(text(key))"
  }

  /// A date in full as messages write it: en "1 Dec 2026", ru "1 дек. 2026" (the day and month
  /// of `dayAndMonth`, then the year). The command line writes every date of its messages so,
  /// and its date options read it back (`longDateParts`).
  public func longDate(year: Int, month: Int, day: Int) -> String {
    "\(dayAndMonth(day: day, month: month)) \(year)"
  }

  /// The parts of a date written as `longDate` writes it in this language ("1 Dec 2026",
  /// "1 дек. 2026"), nil for any other text. Case and the width of the spaces between the parts
  /// do not matter (a pasted no-break space is a space); the day is 1 or 2 digits, the year 4,
  /// the month its short name with its period where it has one. Whether the day exists is the
  /// caller's to check (`31 Feb 2026` has parts).
  public func longDateParts(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let words = text.split(whereSeparator: \.isWhitespace)
    guard words.count == 3, (1...2).contains(words[0].count), words[2].count == 4,
      words[0].allSatisfy(isDigit), words[2].allSatisfy(isDigit),
      let day = Int(words[0]), let year = Int(words[2])
    else { return nil }
    let written = words[1].lowercased()
    guard
      let month = (1...12).first(where: { month in
        TextKey(rawValue: "month.short.\(month)").map { self.text($0).lowercased() == written } ?? false
      })
    else { return nil }
    return (year, month, day)
  }

  /// The full name of ISO weekday 1 (Monday) … 7 (Sunday).
  public func weekdayName(iso number: Int) -> String {
    weekdayText("full", number)
  }

  /// The short name of ISO weekday 1 (Monday) … 7 (Sunday): "Mon", "Пн".
  public func weekdayShortName(iso number: Int) -> String {
    weekdayText("short", number)
  }

  private var groupSeparator: String { language == .ru ? "\u{00A0}" : "," }
  /// The language's decimal separator: "," in Russian, "." in English ("12,5" / "12.5").
  public var decimalSeparator: String { language == .ru ? "," : "." }

  private func weekdayText(_ style: String, _ number: Int) -> String {
    let codes = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    guard (1...7).contains(number), let key = TextKey(rawValue: "weekday.\(style).\(codes[number - 1])")
    else { return String(number) }
    return text(key)
  }
}

private func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
