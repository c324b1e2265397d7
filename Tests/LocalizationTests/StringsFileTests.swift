import LocalizationFiles
import Testing
import TrackerLocalization

@Suite("The .strings parser")
struct StringsFileTests {
  @Test func readsEntriesCommentsAndEscapes() throws {
    let text = #"""
      /* A block comment
         over two lines */
      "plain" = "Text";
      // A line comment
      "escapes" = "Quote \" backslash \\ newline \n tab \t";
      "unicode" = "\U0416\u0443\UD83D\UDE42";
        "spaced"   =   "  kept  "  ;
      """#
    let entries = try StringsFile.parse(text, file: "x.strings")
    #expect(entries.map(\.key) == ["plain", "escapes", "unicode", "spaced"])
    #expect(entries.map(\.line) == [3, 5, 6, 7])
    #expect(entries[1].value == "Quote \" backslash \\ newline \n tab \t")
    #expect(entries[2].value == "Жу🙂")
    #expect(entries[3].value == "  kept  ")
    #expect(entries.map(\.comment) == [nil, nil, nil, nil])
  }

  @Test func aCommentAfterTheEntryOnItsLineIsTheEntrysOwn() throws {
    let text = """
      /* A section */
      "a" = "A"; /* (name) Of a. */
      "b" = "B";
      /* Not b's: on the next line */
      "c" = "C";	/* c */ /* not c's either */
      """
    let entries = try StringsFile.parse(text, file: "x.strings")
    #expect(entries.map(\.comment) == ["(name) Of a.", nil, "c"])
    #expect(entries.map(\.line) == [2, 3, 5])
  }

  @Test func errorsSayFileAndLine() {
    let cases: [(String, ResourceParseError)] = [
      (
        "\"a\" = \"b\";\n\"c\" \"d\";",
        .init(file: "f", line: 2, message: ##"expected "=" after the key "c", found """"##)
      ),
      (
        "\"a\" = \"b\"\n\"c\" = \"d\";",
        .init(file: "f", line: 2, message: ##"expected ";" after the value of "a", found """"##)
      ),
      ("\n\n\"a\" = \"b", .init(file: "f", line: 3, message: "unterminated string")),
      ("/* never closed", .init(file: "f", line: 1, message: "unterminated comment")),
      ("\"a\" = \"\\q\";", .init(file: "f", line: 1, message: "unknown escape \\q")),
      (
        "\"a\" = \"\\U12G4\";",
        .init(file: "f", line: 1, message: "\\U must be followed by four hexadecimal digits")
      ),
      (
        "\"a\" = \"\\UD83D!\";",
        .init(file: "f", line: 1, message: "\\U high surrogate not followed by a low surrogate")
      ),
      ("key = \"b\";", .init(file: "f", line: 1, message: #"expected a quoted key, found "k""#)),
    ]
    for (text, expected) in cases {
      #expect(throws: expected) { try StringsFile.parse(text, file: "f") }
    }
  }

  @Test func duplicateKeysAreErrors() {
    let text = "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n"
    #expect(throws: ResourceParseError(file: "f", line: 3, message: "duplicate key \"a\"")) {
      try StringsFile.dictionary(text, file: "f")
    }
  }

  @Test func errorsPrintAsFileColonLine() {
    #expect(
      ResourceParseError(file: "ru.lproj/Localizable.strings", line: 7, message: "unterminated string")
        .description
        == "ru.lproj/Localizable.strings:7: unterminated string")
  }
}
