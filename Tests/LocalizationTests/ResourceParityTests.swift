import LocalizationFiles
import Testing
import TrackerLocalization

@Suite("The embedded texts")
struct ResourceParityTests {
  @Test func bothLanguagesAreEmbeddedAndParse() throws {
    #expect(
      LocalizationTable.embeddedFiles == [
        "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict",
        "ru.lproj/Localizable.strings", "ru.lproj/Localizable.stringsdict",
      ])
    for language in Language.allCases { _ = try LocalizationTable.embedded(language) }
  }

  /// What a process speaks, parsed when the binary was built, is what the embedded files say.
  @Test(arguments: Language.allCases)
  func theTextsParsedAtBuildTimeAreTheEmbeddedFilesParsed(language: Language) throws {
    let prepared = LocalizationTable.prepared(language)
    let parsed = try LocalizationTable.embedded(language)
    #expect(prepared == parsed)
    #expect(prepared.strings.count == TextKey.allCases.count)
    #expect(prepared.plurals.count == PluralKey.allCases.count)
  }

  @Test(arguments: Language.allCases)
  func everyKeyResolvesWithoutFallingBackToTheKey(language: Language) {
    let localizer = Localizer(language)
    for key in TextKey.allCases {
      #expect(localizer.hasText(for: key), "\(language): \(key.rawValue)")
      #expect(!localizer.text(key, arguments: []).isEmpty)
    }
    for key in PluralKey.allCases { #expect(localizer.hasPlural(for: key), "\(language): \(key.rawValue)") }
  }

  @Test(arguments: Language.allCases)
  func theFilesHoldNoKeyTheCodeDoesNotKnow(language: Language) throws {
    let table = try LocalizationTable.embedded(language)
    #expect(Set(table.strings.keys) == Set(TextKey.allCases.map(\.rawValue)))
    #expect(Set(table.plurals.keys) == Set(PluralKey.allCases.map(\.rawValue)))
  }

  @Test func theFilesHaveNoDuplicateKeys() throws {
    for language in Language.allCases {
      let file = "\(language.rawValue).lproj/Localizable.strings"
      let entries = try StringsFile.parse(try LocalizationTable.text(of: file), file: file)
      #expect(Set(entries.map(\.key)).count == entries.count, "\(file)")
    }
  }

  @Test func bothLanguagesUseTheSameFormatSpecifiersPerKey() throws {
    let en = try LocalizationTable.embedded(.en)
    let ru = try LocalizationTable.embedded(.ru)
    for key in TextKey.allCases {
      #expect(
        formatSignature(en.strings[key.rawValue] ?? "") == formatSignature(ru.strings[key.rawValue] ?? ""),
        "\(key)")
    }
    for key in PluralKey.allCases {
      let english = try #require(en.plurals[key.rawValue])
      let russian = try #require(ru.plurals[key.rawValue])
      #expect(formatSignature(english.format) == formatSignature(russian.format))
      #expect(Set(english.variables.keys) == Set(russian.variables.keys))
      for (name, forms) in english.variables {
        let russianForms = try #require(russian.variables[name])
        let signatures = Set((Array(forms.values) + Array(russianForms.values)).map(formatSignature))
        #expect(signatures.count == 1, "\(key).\(name): \(signatures)")
      }
    }
  }

  @Test func russianHasEveryFormItsPluralRulesNeed() throws {
    let ru = try LocalizationTable.embedded(.ru)
    for (key, entry) in ru.plurals {
      for (name, forms) in entry.variables {
        #expect(Set(forms.keys).isSuperset(of: [.one, .few, .many, .other]), "\(key).\(name)")
      }
    }
  }
}

/// The conversions of a format in order, ignoring literal text.
private func formatSignature(_ format: String) -> [String] {
  var result: [String] = []
  var iterator = format.makeIterator()
  while let character = iterator.next() {
    guard character == "%" else { continue }
    var spec = ""
    while let next = iterator.next() {
      spec.append(next)
      if next.isLetter || next == "@" || next == "%" {
        if next == "@", spec.hasPrefix("#") || spec.contains("$#") {
          while let rest = iterator.next() {
            spec.append(rest)
            if rest == "@" { break }
          }
        }
        break
      }
    }
    if spec != "%" { result.append(spec) }
  }
  return result
}
