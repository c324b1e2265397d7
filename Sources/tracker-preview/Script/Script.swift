import Foundation
import TrackerAutomation
import TrackerModels
import TrackerViewModels

/// A script of user actions and checks (docs/command-line.md, docs/scripting.md).
struct Script {
  /// One step of a script.
  enum Step: Equatable {
    case action(UserAction)
    case print
    /// A screen name of the script's app.
    case expectScreen(String)
    case expectText(String)
    case expectNoText(String)
    case expectEnabled(UserAction.Target)
    case expectDisabled(UserAction.Target)
    case expectChecked(UserAction.Target)
    case expectUnchecked(UserAction.Target)
  }

  /// A step with the line it came from.
  struct Line: Equatable {
    let number: Int
    let text: String
    let step: Step
  }

  /// Why a script cannot be read.
  struct ParseError: Error, Equatable {
    let line: Int
    let message: String
  }

  /// A problem in one line, before its number is known.
  struct Problem: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
  }

  let lines: [Line]

  static let actions = ["tap", "longpress", "type", "clear", "swipe", "dismiss", "print", "expect"]
  static let checks = ["screen", "text", "no-text", "enabled", "disabled", "checked", "unchecked"]

  /// Reads a script; the first problem stops it. A UTF-8 byte-order mark and CRLF line ends
  /// (a script saved on Windows) are accepted.
  /// `expect screen` takes the screen names of `app`; `{today}`, `{today+N}` and `{today-N}` are
  /// the dates (YYYY-MM-DD) `today` and N days after or before it, so one script works on any day.
  static func parse(_ text: String, app: AppChoice = .tracker, today: Day) -> Result<Script, ParseError> {
    var lines: [Line] = []
    // Scalar by scalar, here and for a comment's "#": a mark after either would make one
    // character of them.
    let body = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    // Swift treats "\r\n" as one character, so lines are split on either kind of line end.
    let rawLines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for (offset, raw) in rawLines.enumerated() {
      let number = offset + 1
      let written = raw.trimmingCharacters(in: .whitespaces)
      if written.isEmpty || written.unicodeScalars.first == "#" { continue }
      let line: String
      switch expandingDates(in: written, today: today) {
      case .success(let expanded): line = expanded
      case .failure(let problem): return .failure(ParseError(line: number, message: problem.message))
      }
      switch parseLine(line, app: app) {
      case .success(let step): lines.append(Line(number: number, text: line, step: step))
      case .failure(let problem): return .failure(ParseError(line: number, message: problem.message))
      }
    }
    return .success(Script(lines: lines))
  }

  private static func parseLine(_ line: String, app: AppChoice) -> Result<Step, Problem> {
    let word = String(line.prefix { !$0.isWhitespace })
    var rest = Substring(line.dropFirst(word.count)).drop { $0.isWhitespace }
    func noArgument(_ step: Step) -> Result<Step, Problem> {
      rest.isEmpty ? .success(step) : .failure(Problem(Messages.takesNoArgument(word)))
    }
    switch word {
    case "tap": return target(&rest, for: word).map { .action(.tap($0)) }
    case "longpress": return target(&rest, for: word).map { .action(.longPress($0)) }
    case "type": return quoted(&rest, for: word).map { .action(.type($0)) }
    case "clear": return noArgument(.action(.clear))
    case "dismiss": return noArgument(.action(.dismiss))
    case "print": return noArgument(.print)
    case "swipe":
      let word = String(rest.prefix { !$0.isWhitespace })
      guard let direction = UserAction.Direction(rawValue: word) else {
        return .failure(Problem(Messages.swipeDirection))
      }
      rest = rest.dropFirst(word.count).drop { $0.isWhitespace }
      guard !rest.isEmpty else { return .success(.action(.swipe(direction))) }
      return target(&rest, for: "swipe").map { .action(.swipe(direction, $0)) }
    case "expect":
      let check = String(rest.prefix { !$0.isWhitespace })
      rest = rest.dropFirst(check.count).drop { $0.isWhitespace }
      switch check {
      case "screen":
        let screen = String(rest)
        guard app.screens.contains(screen) else {
          return .failure(Problem(Messages.notAScreen(screen, of: app)))
        }
        return .success(.expectScreen(screen))
      case "text": return quoted(&rest, for: "expect text").map { .expectText($0) }
      case "no-text": return quoted(&rest, for: "expect no-text").map { .expectNoText($0) }
      case "enabled": return target(&rest, for: "expect enabled").map { .expectEnabled($0) }
      case "disabled": return target(&rest, for: "expect disabled").map { .expectDisabled($0) }
      case "checked": return target(&rest, for: "expect checked").map { .expectChecked($0) }
      case "unchecked": return target(&rest, for: "expect unchecked").map { .expectUnchecked($0) }
      default:
        let suggestion = Suggestion.closest(to: check, among: checks)
        return .failure(Problem(Messages.unknownCheck(check, suggestion: suggestion, checks: checks)))
      }
    default:
      let suggestion = Suggestion.closest(to: word, among: actions)
      return .failure(Problem(Messages.unknownAction(word, suggestion: suggestion, actions: actions)))
    }
  }

  /// `line` with each `{today}`, `{today+N}` and `{today-N}` replaced by its date; any other
  /// `{today…}` is a problem (a typo must not become a label that matches nothing).
  static func expandingDates(in line: String, today: Day) -> Result<String, Problem> {
    let opening = "{today"
    var result = ""
    var rest = Substring(line)
    while let start = rest.range(of: opening) {
      result += rest[..<start.lowerBound]
      guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
        return .failure(Problem(Messages.notADateExpression(String(rest[start.lowerBound...]))))
      }
      let written = String(rest[start.lowerBound...end])
      let offset = rest[start.upperBound..<end]
      var days = 0
      if !offset.isEmpty {
        // A sign, then up to five digits: a century either way is far enough.
        let digits = offset.dropFirst()
        guard let sign = offset.first, sign == "+" || sign == "-", (1...5).contains(digits.count),
          digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits)
        else { return .failure(Problem(Messages.notADateExpression(written))) }
        days = sign == "+" ? count : -count
      }
      result += today.adding(days: days).iso
      rest = rest[rest.index(after: end)...]
    }
    return .success(result + rest)
  }

  /// `"label"` or `#identifier` (which runs to the end of the line, spaces included).
  private static func target(_ rest: inout Substring, for word: String) -> Result<UserAction.Target, Problem>
  {
    if rest.unicodeScalars.first == "#" {
      let identifier = String(rest.unicodeScalars.dropFirst())
      guard !identifier.isEmpty else { return .failure(Problem(Messages.needsIdentifier(word))) }
      return .success(.identifier(identifier))
    }
    return quoted(&rest, for: word).map { .label($0) }
  }

  /// The scalar of `{HEX}` right after the `u` at `index` (one to six hexadecimal digits naming a
  /// Unicode scalar) and the index of its closing brace; nil when there is no such escape.
  private static func codePointEscape(
    _ scalars: Substring.UnicodeScalarView, after index: Substring.UnicodeScalarView.Index
  ) -> (Unicode.Scalar, Substring.UnicodeScalarView.Index)? {
    let open = scalars.index(after: index)
    guard open < scalars.endIndex, scalars[open] == "{",
      let close = scalars[open...].firstIndex(of: "}")
    else { return nil }
    let digits = String(String.UnicodeScalarView(scalars[scalars.index(after: open)..<close]))
    guard (1...6).contains(digits.count), digits.allSatisfy(\.isHexDigit),
      let value = UInt32(digits, radix: 16),
      let scalar = Unicode.Scalar(value)
    else { return nil }
    return (scalar, close)
  }

  /// A double-quoted argument with `\"`, `\\`, `\n` and `\u{…}` escapes, and nothing after it. Read
  /// scalar by scalar, not by characters: a text that begins with a joiner or a combining mark
  /// (what a form refuses, and a script must be able to type) would otherwise make one character
  /// of it and its opening quote.
  private static func quoted(_ rest: inout Substring, for word: String) -> Result<String, Problem> {
    let scalars = rest.unicodeScalars
    guard scalars.first == "\"" else {
      let allowsIdentifier =
        word == "tap" || word == "longpress" || word == "swipe" || word.hasPrefix("expect")
      return .failure(Problem(Messages.needsQuoted(word, orIdentifier: allowsIdentifier)))
    }
    var result = String.UnicodeScalarView()
    var index = scalars.index(after: scalars.startIndex)
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\"" {
        let after = Substring(scalars[scalars.index(after: index)...]).drop { $0.isWhitespace }
        guard after.isEmpty else { return .failure(Problem(Messages.textAfterQuote(after))) }
        return .success(String(result))
      }
      if scalar == "\\" {
        index = scalars.index(after: index)
        guard index < scalars.endIndex else { break }
        switch scalars[index] {
        case "n": result.append("\n")
        case "\"": result.append("\"")
        case "\\": result.append("\\")
        case "u":
          // `\u{200B}`: a character by its code point, as `show --elements` writes one that
          // draws nothing.
          guard let (scalar, end) = codePointEscape(scalars, after: index) else {
            return .failure(Problem(Messages.unknownEscape(Character(scalars[index]))))
          }
          result.append(scalar)
          index = end
        default: return .failure(Problem(Messages.unknownEscape(Character(scalars[index]))))
        }
      } else {
        result.append(scalar)
      }
      index = scalars.index(after: index)
    }
    return .failure(Problem(Messages.unclosedQuote))
  }
}
