import Foundation

/// One entry of a `.stringsdict` file: a format whose `%#@name@` variables choose a plural form.
public struct PluralFormat: Hashable, Sendable {
  /// The `NSStringLocalizedFormatKey`, such as `%#@days@`.
  public var format: String
  /// The forms of each variable by plural category.
  public var variables: [String: [PluralCategory: String]]
}

/// Apple's `.stringsdict` format (an XML property list), restricted to `NSStringPluralRuleType`.
public enum StringsDictFile {
  /// The plural formats of `data` by key.
  public static func parse(_ data: Data, file: String) throws(ResourceParseError) -> [String: PluralFormat] {
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw ResourceParseError(file: file, line: 0, message: "not a property list: \(error.localizedDescription)")
    }
    guard let entries = root as? [String: Any] else {
      throw ResourceParseError(file: file, line: 0, message: "the root is not a dictionary")
    }
    var result: [String: PluralFormat] = [:]
    for (key, value) in entries {
      func fail(_ message: String) -> ResourceParseError {
        ResourceParseError(file: file, line: 0, message: "\(key): \(message)")
      }
      guard let entry = value as? [String: Any],
        let format = entry["NSStringLocalizedFormatKey"] as? String
      else { throw fail("missing NSStringLocalizedFormatKey") }
      var variables: [String: [PluralCategory: String]] = [:]
      for (name, rule) in entry where name != "NSStringLocalizedFormatKey" {
        guard let rule = rule as? [String: Any],
          rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType"
        else { throw fail("variable \(name) is not an NSStringPluralRuleType rule") }
        var forms: [PluralCategory: String] = [:]
        for category in PluralCategory.allCases {
          if let form = rule[category.rawValue] as? String { forms[category] = form }
        }
        guard forms[.other] != nil else { throw fail("variable \(name) has no \"other\" form") }
        variables[name] = forms
      }
      result[key] = PluralFormat(format: format, variables: variables)
    }
    return result
  }
}
