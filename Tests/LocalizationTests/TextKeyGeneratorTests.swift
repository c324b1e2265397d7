import LocalizationFiles
import Testing
import TrackerLocalization

@Suite("The generated text keys")
struct TextKeyGeneratorTests {
  @Test func namesJoinTheSegmentsInCamelCase() {
    let names = [
      "trackers.title": "trackersTitle",
      "trackers.placeholder.nothingFound": "trackersPlaceholderNothingFound",
      "month.short.12": "monthShort12",
      "alert.ok": "alertOK",
      "import.csv.notUTF8": "importCSVNotUTF8",
      "cli.damage.sqlite": "cliDamageSQLite",
      "help.option.todosURL": "helpOptionTodosURL",
      "json.afterEnd": "jsonAfterEnd",
    ]
    for (key, name) in names { #expect(TextKeyGenerator.swiftName(ofText: key) == name, "\(key)") }
    #expect(TextKeyGenerator.swiftName(ofPlural: "days.count") == "days")
    #expect(TextKeyGenerator.swiftName(ofPlural: "import.checkMarks.count") == "importCheckMarks")
    #expect(TextKeyGenerator.swiftName(ofPlural: "habits.total") == "habitsTotal")
  }

  @Test func everyCaseIsNamedByTheRule() {
    for key in TextKey.allCases { #expect("\(key)" == TextKeyGenerator.swiftName(ofText: key.rawValue)) }
    for key in PluralKey.allCases { #expect("\(key)" == TextKeyGenerator.swiftName(ofPlural: key.rawValue)) }
  }

  @Test func argumentsAreTheConversionsByPosition() throws {
    let cases: [(String, [TextKeyGenerator.ArgumentKind])] = [
      ("Plain", []), ("100%% done", []), ("Error: %@", [.text]), ("%d columns", [.integer]),
      ("%lld, %ld, %i, %u", [.integer, .integer, .integer, .integer]),
      ("%d elements match %@", [.integer, .text]), ("%2$@ before %1$d", [.integer, .text]),
      ("%1$@ and %1$@ again", [.text]), ("%#@days@", [.integer]),
    ]
    for (format, expected) in cases {
      #expect(try TextKeyGenerator.arguments(of: format) == expected, "\(format)")
    }
    #expect(throws: ResourceParseError.self) { try TextKeyGenerator.arguments(of: "%2$@ only") }
    #expect(throws: ResourceParseError.self) { try TextKeyGenerator.arguments(of: "%1$@ or %1$d") }
  }

  @Test func typedFunctionsMakeTheKeyAndArguments() {
    let busy = LocalizedText.cliOpenBusyBy(path: "/tmp/a.sqlite", holder: "sqlite3")
    #expect(busy.key == .cliOpenBusyBy)
    #expect(busy.arguments == [.text("/tmp/a.sqlite"), .text("sqlite3")])
    #expect(LocalizedText.flowSeveralMatch(count: 3, target: "Done").arguments == [.int(3), .text("Done")])
    #expect(Localizer(.en).text(.cliError("oops")) == "Error: oops")
    #expect(
      Localizer(.ru).text(.appNarrowShortest(columns: 32))
        == Localizer(.ru).text(.appNarrowShortest, arguments: [.int(32)]))
  }

  @Test func aKeyTakesArgumentsWhenItsEnglishTextDoes() throws {
    let english = try LocalizationTable.embedded(.en)
    for key in TextKey.allCases {
      let arguments = try TextKeyGenerator.arguments(of: english.strings[key.rawValue] ?? "")
      #expect(key.takesArguments == !arguments.isEmpty, "\(key.rawValue)")
    }
    #expect(TextKey.cliError.takesArguments)
    #expect(!TextKey.trackersTitle.takesArguments)
  }

  static func language(
    _ name: String, strings: String, plurals: [PluralEntry] = []
  ) throws -> TextKeyGenerator.Language {
    let file = "\(name).lproj/Localizable.strings"
    return TextKeyGenerator.Language(
      name: name, stringsFile: file, strings: try StringsFile.parse(strings, file: file),
      pluralsFile: "\(name).lproj/Localizable.stringsdict", plurals: plurals)
  }

  @Test func languagesThatDisagreeFailWithFileLineAndKey() throws {
    let english = try Self.language(
      "en", strings: "\"a\" = \"%@\";\n\"b\" = \"B\";\n\"c\" = \"%d of %@\"; /* (done) */\n")
    let russian = try Self.language("ru", strings: "\"a\" = \"%d\";\n\"c\" = \"%d из %@\";\n\"z\" = \"Z\";\n")
    let failure = #expect(throws: TextKeyGenerator.Failure.self) {
      try TextKeyGenerator.source(development: english, others: [russian])
    }
    #expect(
      failure?.description.split(separator: "\n") == [
        #"en.lproj/Localizable.strings:3: error: "c": the comment names the arguments ["done"], the text takes (number, text)"#,
        #"en.lproj/Localizable.strings:2: error: "b": ru.lproj/Localizable.strings has no text for this key"#,
        #"ru.lproj/Localizable.strings:1: error: "a": takes (number) here but (text) in en"#,
        #"ru.lproj/Localizable.strings:3: error: "z": the key is not in en.lproj/Localizable.strings (en, the development language)"#,
      ])
  }

  @Test func theSourceDeclaresCasesAndTypedFunctions() throws {
    let english = try Self.language(
      "en", strings: "\"a.ok\" = \"OK\"; /* The button. */\n\"b.file\" = \"%@ (%d)\"; /* (path, size) */\n")
    let source = try TextKeyGenerator.source(development: english, others: [])
    #expect(source.contains("  /// The button.\n  ///\n  /// English: \"OK\"\n  case aOK = \"a.ok\"\n"))
    #expect(source.contains("  public static func bFile(path: String, size: Int) -> LocalizedText {\n"))
    #expect(source.contains("    LocalizedText(.bFile, [.text(path), .int(size)])\n"))
  }
}
