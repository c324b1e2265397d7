import Foundation
import TrackerLocalization
import TrackerModels
import TrackerTextRenderer
import TrackerViewModels

/// The options of a command line, each read once, by the parser, into its type
/// (docs/decisions.md, "Typed options"): a command reads `options.date`, never a name.
///
/// A value that only its command judges (a date, a width, a time zone, a time, an address) is
/// kept as `Parsed`: read once here, its error is reported by the command that uses it, so an
/// option a command does not use is still ignored, as it always was.
struct Options: Equatable {
  var app: AppChoice?
  var store: String?
  var demo = false
  var language: Language?
  var today: Parsed<Day>?
  var date: Parsed<Day>?
  var all = false
  var from: Parsed<Day>?
  var to: Parsed<Day>?
  var at: Parsed<ReminderTime>?
  var timeZone: Parsed<TimeZone>?
  var device: Device?
  var width: Parsed<Int>?
  var theme: Theme?
  var color: ColorChoice?
  var todosURL: Parsed<URL>?
  var json = false
  var elements = false
  var output: OutputTarget?
  var amount: Parsed<Amount>?
  var clear = false
  var folder: String?
  /// `show --url`: a link into the app, read by `DeepLink`.
  var url: String?
  /// `widget --family`: the widget's size.
  var family: WidgetSnapshot.Family?
  /// `reminder add --days`: the weekdays a reminder speaks on.
  var days: Parsed<WeekdaySet>?
  /// `reminder add --always`: the reminder speaks on a day already done too.
  var always = false
  /// `do --via-extension`: the command handed to the app through the command log, as a widget's
  /// button hands it.
  var viaExtension = false
  /// The folder shared with extensions (the command log's); by default the data file's folder.
  var container: String?
  /// `skip --yes`: days off on done days are taken without asking (their records go).
  var yes = false
  /// `add --category`: the new tracker's category (made when there is none by that title).
  var category: String?
  /// `add --every mon,wed|day`: a habit due on these weekdays.
  var every: Parsed<WeekdaySet>?
  /// `add --times N --per week|month`: a quota habit; `--times N --in Y`: a window habit.
  var times: Parsed<Int>?
  var per: Quota.Period?
  /// `add --times N --in Y`: N times in Y days (issue 49).
  var inDays: Parsed<Int>?
  /// `add --event`: an irregular event.
  var event = false
  /// `add --measure UNIT`, with `--at-least X` or `--at-most X`: a measurable tracker. The
  /// targets are kept as typed: `add` judges them as the form does, with the form's words.
  var measure: String?
  var atLeast: String?
  var atMost: String?
  /// `add --emoji`, `add --color N`: the new tracker's emoji and its color by its place (1–18).
  var emoji: String?
  var trackerColor: Parsed<Int>?
  /// `move --before OTHER`, `move --after OTHER`: where the tracker goes.
  var before: String?
  var after: String?
  /// `import --into NEW.sqlite`: a new data file for what is imported.
  var into: String?
  var help = false
  var version = false
}

/// An option's value, or the usage error that says why its text names none.
typealias Parsed<Value> = Result<Value, UsageError>

/// When colors are painted (`--color`).
enum ColorChoice: String, CaseIterable {
  case auto, always, never
}

/// Where `export` writes (`--output`): a file, or standard output (`-`).
enum OutputTarget: Equatable {
  case standardOutput
  case file(String)

  /// The file, nil for standard output.
  var file: String? {
    switch self {
    case .standardOutput: return nil
    case .file(let path): return path
    }
  }
}

/// How an option's text becomes its value: the placeholder the help shows, and the reading
/// itself. A reading that fails here (a choice not in the list, an empty path) is a usage error
/// at once; the kinds whose value is `Parsed` keep theirs for the command that reads them.
struct ValueKind<Value>: Sendable {
  /// The value's placeholder in the help and messages (`YYYY-MM-DD`, `path`, `en|ru`).
  let placeholder: String
  /// Whether it is a day, which the shell may have split into three words (`1 Dec 2026`).
  var isDate = false
  /// The value the text `text` of the option named `name` gives.
  let read: @Sendable (_ text: String, _ name: String) -> Result<Value, UsageError>
}

extension ValueKind where Value: CaseIterable & RawRepresentable<String> & Sendable {
  /// One of the enum's raw values, in any case (`--lang RU` is `--lang ru`).
  static var choice: Self {
    let choices = Value.allCases.map(\.rawValue)
    return ValueKind(placeholder: choices.joined(separator: "|")) { text, name in
      Value(rawValue: text.lowercased()).map { .success($0) }
        ?? .failure(UsageError(message: Messages.invalidChoice(text, name, choices)))
    }
  }
}

extension ValueKind where Value == Parsed<Int> {
  /// A window's days (`add --in`): a whole number from 2 to 31.
  static var windowDays: Self {
    ValueKind(placeholder: "Y") { text, name in
      guard let number = Int(text), TimesInDays.allowedDays.contains(number) else {
        return .success(
          .failure(
            UsageError(message: Messages.invalidValue(text, name, expected: Messages.expectedWindowDays))))
      }
      return .success(.success(number))
    }
  }
}

extension ValueKind where Value == String {
  /// A path, never empty: `--store "$DB"` with DB unset would have SQLite open a private
  /// temporary database, and an import be kept nowhere.
  /// A link into the app, judged by the command (`DeepLink`): only an empty one is refused here.
  static var link: Self {
    ValueKind(placeholder: "URL") { text, name in notEmpty(text, name).map { $0 } }
  }

  static var path: Self {
    ValueKind(placeholder: "path") { text, name in notEmpty(text, name).map { $0 } }
  }
}

extension ValueKind where Value == OutputTarget {
  /// A file to write, or `-` for standard output.
  static var output: Self {
    ValueKind(placeholder: "file") { text, name in
      notEmpty(text, name).map { $0 == "-" ? .standardOutput : .file($0) }
    }
  }
}

/// `text`, or the error of the empty path option `name` names.
private func notEmpty(_ text: String, _ name: String) -> Result<String, UsageError> {
  // `--folder` names a folder (the shared folder of sync); every other path option a file.
  let refusal = name == "--folder" ? Messages.emptyFolderPath(name) : Messages.emptyPath(name)
  return text.isEmpty ? .failure(UsageError(message: refusal)) : .success(text)
}

extension ValueKind where Value == Parsed<Day> {
  /// A day, ISO or a long date in either language (`DateText`).
  static var date: Self {
    ValueKind(placeholder: CommandLineSpec.dateValue, isDate: true) { .success(DateText.optionDay($0, $1)) }
  }
}

extension ValueKind where Value == Parsed<Amount> {
  /// An amount in either decimal format (`12.5`, `12,5`): the reason of a refusal is `done`'s to
  /// report, as a date's is.
  static var amount: Self {
    ValueKind(placeholder: "X") { text, name in
      .success(
        Result { () throws(AmountParseError) in try Amount(parsing: text) }
          .mapError { _ in
            UsageError(message: Messages.invalidValue(text, name, expected: Messages.expectedAmount))
          })
    }
  }
}

extension ValueKind where Value == Parsed<TimeZone> {
  /// A time zone's identifier (`Europe/Moscow`).
  static var timeZone: Self {
    ValueKind(placeholder: "TZ") { text, name in
      .success(
        TimeZone(identifier: text).map { .success($0) }
          ?? .failure(
            UsageError(message: Messages.invalidValue(text, name, expected: Messages.expectedTimeZone))))
    }
  }
}

extension ValueKind where Value == Parsed<Int> {
  /// A number of columns in `range`.
  static func columns(_ range: ClosedRange<Int>) -> Self {
    ValueKind(placeholder: "N") { text, name in
      guard let number = Int(text), range.contains(number) else {
        let expected = Messages.expectedWidth(range.lowerBound, range.upperBound)
        return .success(.failure(UsageError(message: Messages.invalidValue(text, name, expected: expected))))
      }
      return .success(.success(number))
    }
  }
}

extension ValueKind where Value == Parsed<Int> {
  /// A count of times, 1 or more (`add --times`): the period judges the most.
  static var times: Self {
    ValueKind(placeholder: "N") { text, name in
      guard let number = Int(text), number > 0 else {
        return .success(
          .failure(UsageError(message: Messages.invalidValue(text, name, expected: Messages.expectedTimes))))
      }
      return .success(.success(number))
    }
  }
}

extension ValueKind where Value == String {
  /// Any text (a category's title, a unit, an emoji, a target as typed): the command judges it.
  static func text(_ placeholder: String) -> Self {
    ValueKind(placeholder: placeholder) { text, _ in .success(text) }
  }
}

extension ValueKind where Value == Parsed<ReminderTime> {
  /// A time of day, `HH:MM`.
  static var time: Self {
    ValueKind(placeholder: "HH:MM") { text, _ in
      .success(
        ReminderTime(text).map { .success($0) } ?? .failure(UsageError(message: Messages.badTime(text))))
    }
  }
}

extension ValueKind where Value == Parsed<WeekdaySet> {
  /// Weekdays by their codes, comma-separated (`mon,wed,fri`), or `every-day`.
  static var weekdays: Self {
    ValueKind(placeholder: "mon,tue,…") { text, name in
      let words = text.lowercased().split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      // `every-day` (reminder add --days) and `day` (add --every day) both say every day.
      if words == ["every-day"] || words == ["day"] { return .success(.success(.everyDay)) }
      var days = WeekdaySet()
      for word in words {
        guard let day = Weekday(code: word) else {
          return .success(
            .failure(
              UsageError(message: Messages.invalidValue(text, name, expected: Messages.expectedWeekdays))))
        }
        days.insert(WeekdaySet(day))
      }
      return .success(.success(days))
    }
  }

  /// `add --every`: `day`, or weekdays as `--days` takes them.
  static var everyDays: Self {
    ValueKind(placeholder: "day|mon,tue,…", read: weekdays.read)
  }
}

extension ValueKind where Value == Parsed<URL> {
  /// An `http` or `https` address with a host.
  static var webAddress: Self {
    ValueKind(placeholder: "URL") { .success(webAddress($0, from: $1)) }
  }

  /// The address `text` names, or the error that names where it came from (`source`: an option,
  /// or the variable `TODOS_URL`).
  static func webAddress(_ text: String, from source: String) -> Parsed<URL> {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      ["http", "https"].contains(scheme),
      url.host?.isEmpty == false
    else {
      return .failure(
        UsageError(message: Messages.invalidValue(text, source, expected: Messages.expectedURL)))
    }
    return .success(url)
  }
}

extension CommandLineSpec {
  /// An option: its name, the value it takes, what it does, and where the parser puts its value.
  /// Each is declared once, below; the help, the parser and `Options` all follow the declaration.
  struct Option: Sendable {
    let name: String
    /// The value's placeholder (nil for a flag).
    let value: String?
    /// What it does, in the strings files.
    let helpKey: TextKey
    /// Whether its value is a day (the parser joins a long date the shell split).
    let isDate: Bool
    /// Puts the option, with its value's text (nil for a flag), into `options`; the error of a
    /// value that is refused at once.
    let store: @Sendable (_ options: inout Options, _ text: String?) -> UsageError?

    /// An option that takes a value of `kind`, kept at `key`.
    static func option<Value>(
      _ name: String, _ kind: ValueKind<Value>, _ key: WritableKeyPath<Options, Value?> & Sendable,
      help: TextKey
    ) -> Option {
      Option(name: name, value: kind.placeholder, helpKey: help, isDate: kind.isDate) {
        options, text in
        switch kind.read(text ?? "", name) {
        case .success(let value):
          options[keyPath: key] = value
          return nil
        case .failure(let error):
          return error
        }
      }
    }

    /// A flag, true at `key` when given.
    static func flag(_ name: String, _ key: WritableKeyPath<Options, Bool> & Sendable, help: TextKey)
      -> Option
    {
      Option(name: name, value: nil, helpKey: help, isDate: false) { options, _ in
        options[keyPath: key] = true
        return nil
      }
    }

    static let app = option("--app", .choice, \.app, help: .helpOptionApp)
    static let store = option("--store", .path, \.store, help: .helpOptionStore)
    static let demo = flag("--demo", \.demo, help: .helpOptionDemo)
    static let lang = option("--lang", .choice, \.language, help: .helpOptionLang)
    static let today = option("--today", .date, \.today, help: .helpOptionToday)
    static let date = option("--date", .date, \.date, help: .helpOptionDate)
    static let all = flag("--all", \.all, help: .helpOptionAll)
    static let from = option("--from", .date, \.from, help: .helpOptionFrom)
    static let to = option("--to", .date, \.to, help: .helpOptionTo)
    static let at = option("--at", .time, \.at, help: .helpOptionAt)
    static let timeZone = option("--time-zone", .timeZone, \.timeZone, help: .helpOptionTimeZone)
    static let device = option("--device", .choice, \.device, help: .helpOptionDevice)
    static let width = option(
      "--width", .columns(ScreenRenderer.minimumWidth...1000), \.width, help: .helpOptionWidth)
    static let theme = option("--theme", .choice, \.theme, help: .helpOptionTheme)
    /// When to paint (`auto|always|never`), or, for `add`, the new tracker's color by its place
    /// in the form's palette (1–18): one option, as both are "the color" to whoever types it.
    static let color = Option(
      name: "--color", value: "auto|always|never|1-\(TrackerColor.palette.count)", helpKey: .helpOptionColor,
      isDate: false
    ) { options, text in
      let text = text ?? ""
      if let place = Int(text) {
        let places = 1...TrackerColor.palette.count
        options.trackerColor =
          places.contains(place)
          ? .success(place)
          : .failure(
            UsageError(
              message: Messages.invalidValue(
                text, "--color", expected: Messages.expectedColorPlace(places.upperBound))))
        return nil
      }
      switch ValueKind<ColorChoice>.choice.read(text, "--color") {
      case .success(let choice):
        options.color = choice
        return nil
      case .failure(let error):
        return error
      }
    }
    static let todosURL = option("--todos-url", .webAddress, \.todosURL, help: .helpOptionTodosURL)
    static let json = flag("--json", \.json, help: .helpOptionJSON)
    static let elements = flag("--elements", \.elements, help: .helpOptionElements)
    static let output = option("--output", .output, \.output, help: .helpOptionOutput)
    static let amount = option("--amount", .amount, \.amount, help: .helpOptionAmount)
    static let clear = flag("--clear", \.clear, help: .helpOptionClear)
    static let folder = option("--folder", .path, \.folder, help: .helpOptionFolder)
    static let url = option("--url", .link, \.url, help: .helpOptionURL)
    static let family = option("--family", .choice, \.family, help: .helpOptionFamily)
    static let days = option("--days", .weekdays, \.days, help: .helpOptionDays)
    static let always = flag("--always", \.always, help: .helpOptionAlways)
    static let viaExtension = flag("--via-extension", \.viaExtension, help: .helpOptionViaExtension)
    static let container = option("--container", .path, \.container, help: .helpOptionContainer)

    static let yes = flag("--yes", \.yes, help: .helpOptionYes)
    static let category = option("--category", .text("title"), \.category, help: .helpOptionCategory)
    static let every = option("--every", .everyDays, \.every, help: .helpOptionEvery)
    static let times = option("--times", .times, \.times, help: .helpOptionTimes)
    static let per = option("--per", .choice, \.per, help: .helpOptionPer)
    static let inDays = option("--in", .windowDays, \.inDays, help: .helpOptionIn)
    static let event = flag("--event", \.event, help: .helpOptionEvent)
    static let measure = option("--measure", .text("unit"), \.measure, help: .helpOptionMeasure)
    static let atLeast = option("--at-least", .text("X"), \.atLeast, help: .helpOptionAtLeast)
    static let atMost = option("--at-most", .text("X"), \.atMost, help: .helpOptionAtMost)
    static let emoji = option("--emoji", .text("emoji"), \.emoji, help: .helpOptionEmoji)
    static let before = option("--before", .text("name"), \.before, help: .helpOptionBefore)
    static let after = option("--after", .text("name"), \.after, help: .helpOptionAfter)
    static let into = option("--into", .path, \.into, help: .helpOptionInto)

    static let help = flag("--help", \.help, help: .helpOptionHelp)
    static let version = flag("--version", \.version, help: .helpOptionVersion)
  }
}
