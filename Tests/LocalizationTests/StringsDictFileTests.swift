import LocalizationFiles
import Testing
import TrackerLocalization

@Suite("The .stringsdict parser")
struct StringsDictFileTests {
  static func document(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  @Test func readsPluralRulesWithEntitiesAndComments() throws {
    let text = Self.document(
      """
      <!-- a comment -->
      <key>apples</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%#@n@ &amp; more</string>
        <key>n</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key>
          <string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key>
          <string>d</string>
          <key>one</key>
          <string>%d &#x44F;&#1073;&lt;</string>
          <key>other</key>
          <string/>
        </dict>
      </dict>
      """)
    let parsed = try StringsDictFile.parse(text, file: "x")
    #expect(parsed["apples"]?.format == "%#@n@ & more")
    #expect(parsed["apples"]?.variables["n"] == [.one: "%d яб<", .other: ""])
    // In file order, with the comment just before each key (what the generated PluralKey says).
    let entries = try StringsDictFile.entries(text, file: "x")
    #expect(entries.map(\.key) == ["apples"])
    #expect(entries.map(\.comment) == ["a comment"])
    #expect(entries.map(\.line) == [6])
  }

  @Test func errorsSayFileAndLine() {
    let missingOther = Self.document(
      """
      <key>apples</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%#@n@</string>
        <key>n</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key>
          <string>NSStringPluralRuleType</string>
          <key>one</key>
          <string>%d</string>
        </dict>
      </dict>
      """)
    #expect(
      throws: ResourceParseError(file: "f", line: 5, message: "apples: variable n has no \"other\" form")
    ) {
      try StringsDictFile.parse(missingOther, file: "f")
    }
    #expect(throws: ResourceParseError(file: "f", line: 6, message: "expected </key>, found </dict>")) {
      try StringsDictFile.parse(Self.document("<key>broken\n</dict>"), file: "f")
    }
    #expect(throws: ResourceParseError(file: "f", line: 5, message: "unknown entity &nbsp;")) {
      try StringsDictFile.parse(Self.document("<key>a&nbsp;b</key>"), file: "f")
    }
  }
}
