import Foundation
import LocalizationFiles

/// The parsed texts of one language, as embedded in the binary at build time.
public struct LocalizationTable: Hashable, Sendable {
  /// `Localizable.strings` by key.
  public var strings: [String: String] {
    didSet { formats = Self.parsed(strings) }
  }
  /// `Localizable.stringsdict` by key.
  public var plurals: [String: PluralFormat]
  /// The texts of `strings` with a conversion in them (a `%`), parsed once: a text is made
  /// without parsing its format again.
  private(set) var formats: [String: [FormatString.Piece]]

  /// A table of `strings` and `plurals`.
  public init(strings: [String: String], plurals: [String: PluralFormat]) {
    self.strings = strings
    self.plurals = plurals
    formats = Self.parsed(strings)
  }

  private static func parsed(_ strings: [String: String]) -> [String: [FormatString.Piece]] {
    // The bytes, not Foundation's `contains`, which bridges each text to `NSString`: a twentieth
    // of a command's start went there.
    strings.filter { $0.value.utf8.contains(UInt8(ascii: "%")) }.mapValues(FormatString.parse)
  }

  /// The table of `language`, parsed from the embedded files.
  public static func embedded(_ language: Language) throws(ResourceParseError) -> LocalizationTable {
    let folder = "\(language.rawValue).lproj"
    let stringsName = "\(folder)/Localizable.strings"
    let dictName = "\(folder)/Localizable.stringsdict"
    let strings = try StringsFile.dictionary(try text(of: stringsName), file: stringsName)
    let plurals = try StringsDictFile.parse(try text(of: dictName), file: dictName)
    return LocalizationTable(strings: strings, plurals: plurals)
  }

  /// The raw text of an embedded file such as `ru.lproj/Localizable.strings`.
  public static func text(of file: String) throws(ResourceParseError) -> String {
    guard let base64 = EmbeddedResources.files[file] else {
      throw ResourceParseError(file: file, line: 0, message: "not embedded in this build")
    }
    guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8)
    else { throw ResourceParseError(file: file, line: 0, message: "not valid UTF-8") }
    return text
  }

  /// The names of every embedded file, sorted.
  public static var embeddedFiles: [String] { EmbeddedResources.files.keys.sorted() }

  /// The table of `language` as ResourceEmbedder parsed it at build time: nothing is parsed as a
  /// process starts. Equal to `embedded(language)` (LocalizationTests), which parses the files.
  public static func prepared(_ language: Language) -> LocalizationTable {
    guard let texts = EmbeddedTexts.texts(language.rawValue) else {
      return LocalizationTable(strings: [:], plurals: [:])
    }
    return LocalizationTable(strings: texts.strings, plurals: texts.plurals)
  }

  /// Made once per process, and only for a language the process speaks.
  static func shared(_ language: Language) -> LocalizationTable {
    switch language {
    case .en: english
    case .ru: russian
    }
  }
  private static let english = prepared(.en)
  private static let russian = prepared(.ru)
}
