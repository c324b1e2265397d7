/// A language the app speaks. Passed explicitly everywhere; there is no global current language.
public enum Language: String, CaseIterable, Hashable, Sendable {
  /// English.
  case en
  /// Russian, the language of the source documents.
  case ru

  /// The language of a POSIX locale name such as `ru_RU.UTF-8`, `en_US` or `ru`, or `nil` when
  /// the name is empty, `C`/`POSIX`, or a language the app does not speak.
  public init?(localeName: String) {
    let code = localeName.prefix { $0.isLetter }.lowercased()
    guard let language = Language(rawValue: code) else { return nil }
    self = language
  }

  /// The first of `localeNames` (`Locale.preferredLanguages`, "ru-RU", "en_GB") that the app
  /// speaks, else English: the fallback every client needs, made once here.
  public init(preferring localeNames: [String]) {
    self = localeNames.lazy.compactMap { Language(localeName: $0) }.first ?? .en
  }

  /// The language a POSIX program would speak with `environment`: the first set variable of
  /// `LC_ALL`, `LC_MESSAGES`, `LANG` decides; English when it names a language we do not speak.
  public static func preferred(environment: [String: String]) -> Language {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty {
        return Language(localeName: value) ?? .en
      }
    }
    return .en
  }
}
