/// Every error, warning and report the tool prints, in one place (the help texts are in
/// `CommandLineSpec`). Wording changes here and nowhere else.
enum Messages {
  // MARK: Command line

  /// Bad usage: the error, the usage line, and where to read more.
  static func usage(_ message: String, usage: String, help: String) -> String {
    "Error: \(message)\nUsage: \(usage)\n  See '\(help)' for more information.\n"
  }

  static func unknownShortOption(_ letter: Character) -> String { "Unknown option '-\(letter)'" }
  static func unknownOption(_ name: String, suggestion: String?) -> String {
    "Unknown option '\(name)'" + didYouMean(suggestion)
  }
  static func unknownCommand(_ name: String, suggestion: String?) -> String {
    "Unknown command '\(name)'" + didYouMean(suggestion)
  }
  static func unknownScreen(_ name: String, suggestion: String?) -> String {
    "Unknown screen '\(name)'" + didYouMean(suggestion) + " Screens: \(CommandLineSpec.screenNames)"
  }
  static func optionTwice(_ name: String) -> String { "The option '\(name)' is given twice" }
  static func optionTakesNoValue(_ name: String) -> String { "The option '\(name)' takes no value" }
  static func missingValue(_ name: String, _ value: String) -> String {
    "Missing value for '\(name) <\(value)>'"
  }
  static func invalidChoice(_ value: String, _ name: String, _ choices: [String]) -> String {
    "The value '\(value)' is invalid for '\(name)': expected one of \(choices.map { "'\($0)'" }.joined(separator: ", "))"
  }
  static func invalidValue(_ value: String, _ name: String, expected: String) -> String {
    "The value '\(value)' is invalid for '\(name)': expected \(expected)"
  }
  static let storeAndDemo = "'--store' and '--demo' cannot be used together"
  static func unexpectedArgument(_ argument: String) -> String { "Unexpected argument '\(argument)'" }
  static func missingArgument(_ what: String) -> String { "Missing \(what)" }

  // MARK: Data

  static func warning(_ text: CustomStringConvertible) -> String { "Warning: \(text)\n" }
  static func error(_ text: String) -> String { "Error: \(text)\n" }
  static func unreadableData(_ error: Error) -> String { "the data could not be read: \(error)" }
  static func notExported(_ error: Error) -> String {
    "the data could not be read, so nothing was exported: \(error)"
  }
  static let isAFolder = "it is a folder; name a file inside it"
  static func noSuchFolder(_ folder: String) -> String { "the folder \(folder) does not exist" }
  static func notSaved(_ error: Error) -> String { "nothing was saved: \(error)" }
  static func unwritable(_ path: String, _ reason: String) -> String { "cannot write \(path): \(reason)" }
  static func unreadableFile(_ what: String, _ file: String) -> String {
    "cannot read \(what)\(file): no such file, or not readable"
  }
  static func onboardingNotMarked(_ error: Error) -> String {
    "the data was imported, but the app could not note that its onboarding is over: \(error)"
  }
  static func notImported(_ file: String) -> String { "\(file) was not imported; nothing changed:" }
  static let notUTF8 = "$: not UTF-8 text"
  static func imported(categories: Int, trackers: Int, records: Int) -> String {
    "Imported \(categories) categories, \(trackers) trackers and \(records) records.\n"
  }

  // MARK: Marking

  static func marked(_ name: String, done: Bool, on date: String, already: Bool) -> String {
    switch (done, already) {
    case (true, false): return "\(name): done on \(date).\n"
    case (true, true): return "\(name): already done on \(date).\n"
    case (false, false): return "\(name): no longer done on \(date).\n"
    case (false, true): return "\(name): already not done on \(date).\n"
    }
  }
  static func noSuchTracker(_ name: String, suggestion: String?) -> String {
    "there is no tracker called \"\(name)\"" + didYouMean(suggestion)
  }
  static func futureDay(_ date: String) -> String {
    "\(date) is in the future: a day can be marked once it has come"
  }
  static func notShown(_ name: String, _ date: String) -> String {
    "\(name) is not shown on \(date) (not scheduled that weekday, or before it was created)"
  }

  // MARK: Screens and scripts

  /// The store refused a read or a write: the alert the app shows, in one line.
  static func alertShown(_ title: String, _ message: String) -> String { "\(title): \(message)" }
  static func cannotShow(_ screen: String, _ reason: CustomStringConvertible) -> String {
    "cannot show \(screen): \(reason)"
  }
  static func tourStuck(_ scenario: String, _ reason: CustomStringConvertible) -> String {
    "the tour could not reach \(scenario): \(reason)"
  }
  static func scriptLine(_ script: String, _ line: Int, _ text: String) -> String {
    "\(script):\(line): \(text)"
  }
  static func screenWas(_ screen: String) -> String { "The screen (\(screen)) was:\n" }
  static func wrongScreen(expected: String, actual: String) -> String {
    "expected the screen \(expected), but it is \(actual)"
  }
  static func missingText(_ text: String) -> String { "the screen does not show \"\(text)\"" }
  static func unwantedText(_ text: String) -> String { "the screen shows \"\(text)\"" }
  static func elementState(_ element: CustomStringConvertible, enabled: Bool) -> String {
    "\(element) is \(enabled ? "enabled" : "disabled")"
  }
  static func checkedState(_ element: CustomStringConvertible, checked: Bool) -> String {
    "\(element) is \(checked ? "checked" : "unchecked")"
  }
  static func notCheckable(_ element: CustomStringConvertible) -> String {
    "\(element) is neither checked nor unchecked: it is not a switch, tab, choice or complete button"
  }
  static let standardInputName = "(standard input)"

  // MARK: Script language

  static func takesNoArgument(_ word: String) -> String { "'\(word)' takes no argument" }
  static let swipeDirection = "'swipe' needs 'left' or 'right'"
  static func notAScreen(_ text: String, suggestion: String?) -> String {
    "'\(text)' is not a screen" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
      + "; screens: \(CommandLineSpec.screenNames)"
  }
  static func unknownCheck(_ check: String, suggestion: String?, checks: [String]) -> String {
    "unknown check 'expect \(check)'" + (suggestion.map { " (did you mean 'expect \($0)'?)" } ?? "")
      + "; checks: \(checks.joined(separator: ", "))"
  }
  static func unknownAction(_ word: String, suggestion: String?, actions: [String]) -> String {
    "unknown action '\(word)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
      + "; actions: \(actions.joined(separator: ", "))"
  }
  static func needsIdentifier(_ word: String) -> String { "'\(word) #' needs an identifier after '#'" }
  static func needsQuoted(_ word: String, orIdentifier: Bool) -> String {
    "'\(word)' needs a double-quoted argument" + (orIdentifier ? " or #identifier" : "")
  }
  static func textAfterQuote(_ text: Substring) -> String {
    "unexpected text after the closing quote: \(text)"
  }
  static func unknownEscape(_ character: Character) -> String {
    "unknown escape \\\(character) (use \\\", \\\\ or \\n)"
  }
  static let unclosedQuote = "the quote is not closed"

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { ". Did you mean '\($0)'?" } ?? ""
  }
}
