/// One entry of a `.stringsdict` file: a format whose `%#@name@` variables choose a plural form.
public struct PluralFormat: Hashable, Sendable {
  /// The `NSStringLocalizedFormatKey`, such as `%#@days@`.
  public var format: String
  /// The forms of each variable by plural category.
  public var variables: [String: [PluralCategory: String]]

  /// The format `format` with the forms of its variables.
  public init(format: String, variables: [String: [PluralCategory: String]]) {
    self.format = format
    self.variables = variables
  }
}

/// One top-level entry of a `.stringsdict` file, with where it is.
public struct PluralEntry: Hashable, Sendable {
  /// The key, such as `days.count`.
  public var key: String
  /// The format and its variables' forms.
  public var format: PluralFormat
  /// The 1-based line of the key.
  public var line: Int
  /// The `<!-- … -->` comment just before the key, trimmed: what the generated `PluralKey` says
  /// of the key (see `TextKeyGenerator`).
  public var comment: String?
}

/// Apple's `.stringsdict` format (an XML property list), restricted to `NSStringPluralRuleType`.
public enum StringsDictFile {
  /// The plural formats of `text` by key.
  public static func parse(_ text: String, file: String) throws(ResourceParseError) -> [String: PluralFormat]
  {
    Dictionary(
      try entries(text, file: file).map { ($0.key, $0.format) }, uniquingKeysWith: { first, _ in first })
  }

  /// The entries of `text` in file order (the property-list reader refuses a key twice).
  public static func entries(_ text: String, file: String) throws(ResourceParseError) -> [PluralEntry] {
    guard case .dictionary(let entries) = try PropertyListXML.parse(text, file: file) else {
      throw ResourceParseError(file: file, line: 1, message: "the root is not a dictionary")
    }
    var result: [PluralEntry] = []
    for (key, value, line, comment) in entries {
      func fail(_ message: String) -> ResourceParseError {
        ResourceParseError(file: file, line: line, message: "\(key): \(message)")
      }
      guard case .dictionary(let fields) = value,
        case .string(let format)? = fields.first(where: { $0.key == "NSStringLocalizedFormatKey" })?.value
      else { throw fail("missing NSStringLocalizedFormatKey") }
      var variables: [String: [PluralCategory: String]] = [:]
      for (name, rule, _, _) in fields where name != "NSStringLocalizedFormatKey" {
        guard case .dictionary(let ruleFields) = rule,
          ruleFields.contains(where: {
            $0.key == "NSStringFormatSpecTypeKey" && $0.value == .string("NSStringPluralRuleType")
          })
        else { throw fail("variable \(name) is not an NSStringPluralRuleType rule") }
        var forms: [PluralCategory: String] = [:]
        for (field, form, _, _) in ruleFields {
          if let category = PluralCategory(rawValue: field), case .string(let text) = form {
            forms[category] = text
          }
        }
        guard forms[.other] != nil else { throw fail("variable \(name) has no \"other\" form") }
        variables[name] = forms
      }
      result.append(
        PluralEntry(
          key: key, format: PluralFormat(format: format, variables: variables), line: line, comment: comment))
    }
    return result
  }
}
