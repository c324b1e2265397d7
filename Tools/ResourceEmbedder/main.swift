// Embeds the texts of Resources/*.lproj into Swift source, so a built binary carries them wherever
// it is copied, and generates the keys code names them by. Run by the EmbedLocalizations
// build-tool plugin:
//   ResourceEmbedder <Resources folder> <embedded .swift file> <keys .swift file>
// Each file is stored as base64, which needs no escaping and survives any byte the file holds.
// The keys (`TextKey`, `PluralKey`, `LocalizedText`'s typed functions) come from the development
// language's files by LocalizationFiles' `TextKeyGenerator`, which fails the build, with file, line
// and key, when the languages disagree on the keys or on a key's arguments (docs/texts.md).
import Foundation
import LocalizationFiles

/// The language whose files name the keys.
let developmentLanguage = "en"

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(
    Data("usage: ResourceEmbedder <Resources> <embedded.swift> <keys.swift>\n".utf8))
  exit(64)
}
let resources = URL(fileURLWithPath: arguments[1], isDirectory: true)
let output = URL(fileURLWithPath: arguments[2])
let keysOutput = URL(fileURLWithPath: arguments[3])
let fileManager = FileManager.default

/// Writes `source` to `url` only on change, so an unchanged text does not rebuild the module.
func write(_ source: String, to url: URL) throws {
  if (try? String(contentsOf: url, encoding: .utf8)) != source {
    try source.write(to: url, atomically: true, encoding: .utf8)
  }
}

/// The parsed files of `folder` (`en.lproj`).
func language(_ folder: URL, texts: [String: String]) throws -> TextKeyGenerator.Language {
  let strings = folder.appendingPathComponent("Localizable.strings").path
  let plurals = folder.appendingPathComponent("Localizable.stringsdict").path
  return TextKeyGenerator.Language(
    name: folder.deletingPathExtension().lastPathComponent,
    stringsFile: strings, strings: try StringsFile.parse(texts[strings] ?? "", file: strings),
    pluralsFile: plurals, plurals: try StringsDictFile.entries(texts[plurals] ?? "", file: plurals))
}

/// `text` as a Swift string literal: quotes, backslashes and anything that is not a visible
/// character or a plain space escaped, so the generated source holds only what the compiler reads
/// back as the same text.
func swiftLiteral(_ text: String) -> String {
  var literal = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": literal += "\\\\"
    case "\"": literal += "\\\""
    case "\n": literal += "\\n"
    case "\t": literal += "\\t"
    case "\r": literal += "\\r"
    case " ": literal += " "
    default:
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation,
        .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
        .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
        literal.unicodeScalars.append(scalar)
      default:
        literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
  }
  return literal + "\""
}

/// `EmbeddedTexts`: each language's texts as the parsers read them here, at build time, so a
/// process starts without parsing its texts (a command that draws one screen spent about a third of
/// its time on that in a debug build). `LocalizationTests` check they equal a parse of the
/// embedded files.
func parsedTexts(in resources: URL, folders: [String], texts: [String: String]) throws -> String {
  var cases = ""
  var functions = ""
  for (index, folder) in folders.enumerated() {
    let directory = resources.appendingPathComponent(folder)
    let stringsPath = directory.appendingPathComponent("Localizable.strings").path
    let pluralsPath = directory.appendingPathComponent("Localizable.stringsdict").path
    let strings = try StringsFile.dictionary(texts[stringsPath] ?? "", file: stringsPath)
    let plurals = try StringsDictFile.parse(texts[pluralsPath] ?? "", file: pluralsPath)
    let code = String(folder.dropLast(".lproj".count))
    cases += "    case \(swiftLiteral(code)): (strings\(index)(), plurals\(index)())\n"
    functions += "\n  private static func strings\(index)() -> [String: String] {\n    [\n"
    for key in strings.keys.sorted() {
      functions += "      \(swiftLiteral(key)): \(swiftLiteral(strings[key] ?? "")),\n"
    }
    functions += strings.isEmpty ? "      :\n" : ""
    functions += "    ]\n  }\n"
    functions += "\n  private static func plurals\(index)() -> [String: PluralFormat] {\n    [\n"
    for key in plurals.keys.sorted() {
      guard let plural = plurals[key] else { continue }
      var variables: [String] = []
      for name in plural.variables.keys.sorted() {
        let forms = PluralCategory.allCases.compactMap { category in
          plural.variables[name]?[category].map { ".\(category): \(swiftLiteral($0))" }
        }
        variables.append("\(swiftLiteral(name)): [\(forms.joined(separator: ", "))]")
      }
      let variableList = variables.isEmpty ? ":" : variables.joined(separator: ", ")
      functions +=
        "      \(swiftLiteral(key)): PluralFormat(\n        format: \(swiftLiteral(plural.format)), variables: [\(variableList)]),\n"
    }
    functions += plurals.isEmpty ? "      :\n" : ""
    functions += "    ]\n  }\n"
  }
  return """

    /// The texts of each `<language>.lproj`, parsed by ResourceEmbedder at build time.
    enum EmbeddedTexts {
      /// The texts of the language `code` (`en`), or nil when the build has no folder for it.
      static func texts(_ code: String) -> (strings: [String: String], plurals: [String: PluralFormat])? {
        switch code {
    \(cases)    default: nil
        }
      }
    \(functions)}

    """
}

do {
  var entries: [(String, String)] = []
  var texts: [String: String] = [:]
  let folders = try fileManager.contentsOfDirectory(atPath: resources.path)
    .filter { $0.hasSuffix(".lproj") }.sorted()
  for folder in folders {
    let files = try fileManager.contentsOfDirectory(
      atPath: resources.appendingPathComponent(folder).path
    ).filter { $0.hasPrefix("Localizable.") }.sorted()
    for file in files {
      let url = resources.appendingPathComponent(folder).appendingPathComponent(file)
      let data = try Data(contentsOf: url)
      entries.append(("\(folder)/\(file)", data.base64EncodedString()))
      texts[url.path] = String(decoding: data, as: UTF8.self)
    }
  }
  var source =
    "// Generated by ResourceEmbedder from Resources/*.lproj. Do not edit.\n\nimport LocalizationFiles\n\n"
  source += "/// The raw bytes of every Resources/<language>.lproj/Localizable.* file, base64-encoded.\n"
  source += "enum EmbeddedResources {\n  static let files: [String: String] = [\n"
  for (name, base64) in entries { source += "    \"\(name)\": \"\(base64)\",\n" }
  source += entries.isEmpty ? "    :\n" : ""
  source += "  ]\n}\n"
  source += try parsedTexts(in: resources, folders: folders, texts: texts)

  let languages = try folders.map { try language(resources.appendingPathComponent($0), texts: texts) }
  guard let development = languages.first(where: { $0.name == developmentLanguage }) else {
    throw ResourceParseError(file: resources.path, line: 0, message: "no \(developmentLanguage).lproj folder")
  }
  let keys = try TextKeyGenerator.source(
    development: development, others: languages.filter { $0.name != developmentLanguage })
  try write(source, to: output)
  try write(keys, to: keysOutput)
} catch let error as TextKeyGenerator.Failure {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
} catch let error as ResourceParseError {
  FileHandle.standardError.write(Data("\(error.file):\(error.line): error: \(error.message)\n".utf8))
  exit(1)
} catch {
  FileHandle.standardError.write(Data("ResourceEmbedder: \(error)\n".utf8))
  exit(1)
}
