/// Writes the Swift source of `TextKey`, `PluralKey` and `LocalizedText`'s typed functions from the
/// development language's `Localizable.strings` and `Localizable.stringsdict`, and refuses files
/// whose languages disagree. `ResourceEmbedder` runs it at build time (the EmbedLocalizations
/// plugin), so a wrong file fails the build with its file, line and key.
///
/// **Names.** A key's dot-separated segments joined in lower camel case: the first segment as it
/// is written, each later one with its first letter capitalized (`trackers.placeholder.nothingFound`
/// is `trackersPlaceholderNothingFound`). A later segment that is one of `acronyms` is written as
/// listed there (`alert.ok` is `alertOK`, `import.csv.notUTF8` is `importCSVNotUTF8`,
/// `cli.damage.sqlite` is `cliDamageSQLite`). A plural key's last segment `count` is dropped
/// (`days.count` is `days`, `import.notes.count` is `importNotes`). A name that is not an
/// identifier, or that two keys share, fails the build.
///
/// **Arguments.** A text's arguments are its format's conversions by position (`arguments(of:)`):
/// `%@` takes a `String`; `%d`, `%i`, `%u` and their `l`/`ll`/`q`/`h` sizes an `Int`; `%#@name@`
/// (a plural variable) an `Int`; `%2$@` names its position. Each text with arguments gets a static
/// function of `LocalizedText` of the key's name, one parameter per argument. The parameters are
/// unlabelled (`text`, `number`; `text1`, `number2` when there are several) unless the entry's
/// comment names them (below). Every other language must give each key the same arguments, and
/// every plural format must take exactly one integer, the count `Localizer.plural` passes.
///
/// **Comments.** A `/* … */` comment after an entry's `;`, on the same line, is the key's
/// documentation; when it starts with a parenthesized list of names, `(path, reason) …`, those are
/// the labels of the arguments, one per argument in order. A `<!-- … -->` comment just before a
/// `.stringsdict` key documents that plural key. Every case's documentation also shows the
/// English text.
public enum TextKeyGenerator {
  /// Later key segments written in capitals (or as the word is usually written) in Swift names.
  public static let acronyms: [String: String] = [
    "ok": "OK", "csv": "CSV", "pdf": "PDF", "json": "JSON", "url": "URL", "sqlite": "SQLite",
  ]

  /// What a conversion takes.
  public enum ArgumentKind: Hashable, Sendable {
    /// `%@`: a `String`.
    case text
    /// `%d` and its sizes, or a plural variable: an `Int`.
    case integer
  }

  /// One language's files, parsed.
  public struct Language: Sendable {
    /// The folder's language, such as `en`.
    public var name: String
    /// The path of `Localizable.strings`, as problems name it.
    public var stringsFile: String
    public var strings: [StringsEntry]
    /// The path of `Localizable.stringsdict`, as problems name it.
    public var pluralsFile: String
    public var plurals: [PluralEntry]

    public init(
      name: String, stringsFile: String, strings: [StringsEntry], pluralsFile: String, plurals: [PluralEntry]
    ) {
      self.name = name
      self.stringsFile = stringsFile
      self.strings = strings
      self.pluralsFile = pluralsFile
      self.plurals = plurals
    }
  }

  /// Everything wrong with the files, each with its file and line.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var problems: [ResourceParseError]
    /// One line per problem, as compilers write errors: `file:line: error: message`.
    public var description: String {
      problems.map { "\($0.file):\($0.line): error: \($0.message)" }.joined(separator: "\n")
    }
  }

  // MARK: Names

  /// The Swift name of a `.strings` key.
  public static func swiftName(ofText key: String) -> String {
    let segments = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard let first = segments.first else { return key }
    return first
      + segments.dropFirst().map { segment in
        acronyms[segment] ?? (segment.prefix(1).uppercased() + segment.dropFirst())
      }.joined()
  }

  /// The Swift name of a `.stringsdict` key: as a text's, without a last segment `count`.
  public static func swiftName(ofPlural key: String) -> String {
    swiftName(ofText: key.hasSuffix(".count") ? String(key.dropLast(".count".count)) : key)
  }

  /// Whether `name` can name a case or a function without backticks.
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
    }
      && !keywords.contains(name)
  }

  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let",
    "operator", "protocol", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch",
    "where", "while", "as", "catch", "false", "is", "nil", "rethrows", "self", "Self", "super", "throw",
    "throws", "true", "try", "Any", "Type", "internal", "private", "public", "fileprivate", "open",
  ]

  /// Names `LocalizedText` already uses, which no typed function may take.
  private static let reserved: Set<String> = ["key", "arguments"]

  // MARK: Arguments

  /// The arguments `format` takes, by position.
  public static func arguments(of format: String) throws(ResourceParseError) -> [ArgumentKind] {
    func problem(_ message: String) -> ResourceParseError {
      ResourceParseError(file: "", line: 0, message: message)
    }
    var kinds: [Int: ArgumentKind] = [:]
    for piece in FormatString.parse(format) {
      let position: Int
      let kind: ArgumentKind
      switch piece {
      case .literal: continue
      case .argument(let index, let isText): (position, kind) = (index, isText ? .text : .integer)
      case .variable(_, let index): (position, kind) = (index, .integer)
      }
      guard position >= 0 else { throw problem("positions start at 1 (%1$@)") }
      if let known = kinds[position], known != kind {
        throw problem("argument \(position + 1) is taken both as text (%@) and as a number (%d)")
      }
      kinds[position] = kind
    }
    let count = (kinds.keys.max() ?? -1) + 1
    return try (0..<count).map { position throws(ResourceParseError) in
      guard let kind = kinds[position] else {
        throw problem("argument \(position + 1) is skipped: every position up to \(count) must be used")
      }
      return kind
    }
  }

  /// `kinds` as problems write them: `(text, number)`.
  static func describe(_ kinds: [ArgumentKind]) -> String {
    kinds.isEmpty
      ? "no arguments" : "(" + kinds.map { $0 == .text ? "text" : "number" }.joined(separator: ", ") + ")"
  }

  // MARK: Checks

  /// The source of `TextKey`, `PluralKey` and the typed functions, from `development`'s files, once
  /// every language in `others` has the same keys with the same arguments.
  public static func source(development: Language, others: [Language]) throws(Failure) -> String {
    var problems: [ResourceParseError] = []
    let texts = checkedTexts(development, others: others, problems: &problems)
    let plurals = checkedPlurals(development, others: others, problems: &problems)
    guard problems.isEmpty else { throw Failure(problems: problems) }
    return render(texts: texts, plurals: plurals, from: development)
  }

  /// A text key as the source declares it.
  struct Text {
    var entry: StringsEntry
    var name: String
    var arguments: [ArgumentKind]
    var labels: [String]?
    var documentation: String?
  }

  private static func checkedTexts(
    _ development: Language, others: [Language], problems: inout [ResourceParseError]
  ) -> [Text] {
    func problem(_ file: String, _ line: Int, _ key: String, _ message: String) {
      problems.append(ResourceParseError(file: file, line: line, message: "\"\(key)\": \(message)"))
    }
    func argumentsByKey(_ language: Language) -> [String: (arguments: [ArgumentKind], line: Int)] {
      var result: [String: (arguments: [ArgumentKind], line: Int)] = [:]
      for entry in language.strings {
        guard result[entry.key] == nil else {
          problem(
            language.stringsFile, entry.line, entry.key,
            "the key is already on line \(result[entry.key]!.line)")
          continue
        }
        do {
          result[entry.key] = (try arguments(of: entry.value), entry.line)
        } catch {
          problem(language.stringsFile, entry.line, entry.key, error.message)
          result[entry.key] = ([], entry.line)
        }
      }
      return result
    }
    let english = argumentsByKey(development)
    var texts: [Text] = []
    var names: [String: String] = [:]
    for entry in development.strings where english[entry.key]?.line == entry.line {
      let name = swiftName(ofText: entry.key)
      if !isIdentifier(name) || reserved.contains(name) {
        problem(development.stringsFile, entry.line, entry.key, "its Swift name \(name) is not an identifier")
      } else if let other = names[name] {
        problem(
          development.stringsFile, entry.line, entry.key, "its Swift name \(name) is also \"\(other)\"'s")
      }
      names[name] = entry.key
      let arguments = english[entry.key]?.arguments ?? []
      var text = Text(entry: entry, name: name, arguments: arguments, documentation: entry.comment)
      if let comment = entry.comment, comment.hasPrefix("("), let close = comment.firstIndex(of: ")") {
        let labels = comment[comment.index(after: comment.startIndex)..<close].split(separator: ",").map {
          trimmed(String.UnicodeScalarView($0.unicodeScalars))
        }
        if labels.count != arguments.count || !labels.allSatisfy(isIdentifier) {
          problem(
            development.stringsFile, entry.line, entry.key,
            "the comment names the arguments \(labels), the text takes \(describe(arguments))")
        }
        text.labels = labels
        let rest = trimmed(String.UnicodeScalarView(comment[comment.index(after: close)...].unicodeScalars))
        text.documentation = rest.isEmpty ? nil : rest
      }
      texts.append(text)
    }
    for language in others {
      let translated = argumentsByKey(language)
      for entry in development.strings where translated[entry.key] == nil {
        problem(
          development.stringsFile, entry.line, entry.key, "\(language.stringsFile) has no text for this key")
      }
      for (key, value) in translated.sorted(by: { $0.value.line < $1.value.line }) {
        guard let expected = english[key] else {
          problem(
            language.stringsFile, value.line, key,
            "the key is not in \(development.stringsFile) (\(development.name), the development language)")
          continue
        }
        if expected.arguments != value.arguments {
          problem(
            language.stringsFile, value.line, key,
            "takes \(describe(value.arguments)) here but \(describe(expected.arguments)) in \(development.name)"
          )
        }
      }
    }
    return texts
  }

  private static func checkedPlurals(
    _ development: Language, others: [Language], problems: inout [ResourceParseError]
  ) -> [PluralEntry] {
    func check(_ language: Language) -> [String: PluralEntry] {
      var result: [String: PluralEntry] = [:]
      for entry in language.plurals {
        result[entry.key] = entry
        func problem(_ message: String) {
          problems.append(
            ResourceParseError(
              file: language.pluralsFile, line: entry.line, message: "\"\(entry.key)\": \(message)"))
        }
        do {
          let taken = try arguments(of: entry.format.format)
          if taken != [.integer] {
            problem("the format takes \(describe(taken)); a plural takes one number, its count")
          }
          for piece in FormatString.parse(entry.format.format) {
            guard case .variable(let name, _) = piece, entry.format.variables[name] == nil else { continue }
            problem("the format's variable \(name) has no forms")
          }
          for (name, forms) in entry.format.variables.sorted(by: { $0.key < $1.key }) {
            for (category, form) in forms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
              let taken = try arguments(of: form)
              if !taken.isEmpty, taken != [.integer] {
                problem(
                  "the form \(name).\(category.rawValue) takes \(describe(taken)); it may show only the count (%d)"
                )
              }
            }
          }
        } catch {
          problem(error.message)
        }
      }
      return result
    }
    let english = check(development)
    var names: [String: String] = [:]
    for entry in development.plurals {
      let name = swiftName(ofPlural: entry.key)
      let message: String? =
        !isIdentifier(name)
        ? "its Swift name \(name) is not an identifier"
        : names[name].map { "its Swift name \(name) is also \"\($0)\"'s" }
      if let message {
        problems.append(
          ResourceParseError(
            file: development.pluralsFile, line: entry.line, message: "\"\(entry.key)\": \(message)"))
      }
      names[name] = entry.key
    }
    for language in others {
      let translated = check(language)
      for entry in development.plurals where translated[entry.key] == nil {
        problems.append(
          ResourceParseError(
            file: development.pluralsFile, line: entry.line,
            message: "\"\(entry.key)\": \(language.pluralsFile) has no plural for this key"))
      }
      for entry in language.plurals {
        guard let expected = english[entry.key] else {
          problems.append(
            ResourceParseError(
              file: language.pluralsFile, line: entry.line,
              message: "\"\(entry.key)\": the key is not in \(development.pluralsFile) (\(development.name))")
          )
          continue
        }
        let names = Set(entry.format.variables.keys)
        let expectedNames = Set(expected.format.variables.keys)
        if names != expectedNames {
          problems.append(
            ResourceParseError(
              file: language.pluralsFile, line: entry.line,
              message:
                "\"\(entry.key)\": has the variables \(names.sorted()) here but \(expectedNames.sorted()) in \(development.name)"
            ))
        }
      }
    }
    return development.plurals
  }
}
