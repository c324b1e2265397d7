import Foundation
import Testing

@testable import TrackerArchiveCodec
@testable import TrackerStore

@Suite("JSON parser", .temporaryFolders)
struct JSONParserTests {
  @Test func parsesEveryKindOfValueKeepingKeyOrder() throws {
    let value = try JSONParser.parse(
      #" {"b": [1, -2.5e3, true, false, null], "a": "x\u00e9\ud83d\ude42\n"} "#)
    #expect(
      value
        == .object([
          ("b", .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])),
          ("a", .string("xé🙂\n")),
        ]))
  }

  @Test func syntaxErrorsSayLineAndColumn() {
    let cases: [(String, String)] = [
      ("{\"a\": 1,}", "line 1, column 9: expected a key in double quotes, found \"}\""),
      ("[1, 2", "line 1, column 6: expected \",\" or \"]\", found the end of the text"),
      ("{\n\"a\": tru}", "line 2, column 6: expected a value, found \"t\""),
      ("{\"a\": 1, \"a\": 2}", "line 1, column 10: duplicate key \"a\""),
      ("\"tab\there\"", "line 1, column 5: control character U+0009 inside a string; write it escaped"),
      ("01", "line 1, column 1: numbers cannot start with 0"),
      ("[1] 2", "line 1, column 5: unexpected \"2\" after the end of the document"),
      ("\"\\x\"", "line 1, column 2: unknown escape \\x"),
      ("\"\\ud83d\"", "line 1, column 8: a \\u high surrogate must be followed by a low one"),
    ]
    for (text, message) in cases {
      #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
      do {
        _ = try JSONParser.parse(text)
      } catch {
        #expect(error.description == message, "\(text)")
      }
    }
  }

  @Test func deepNestingIsRefusedWithoutCrashing() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    do {
      _ = try JSONParser.parse(deep)
      Issue.record("parsed")
    } catch {
      #expect(error.description == "line 1, column 257: nested deeper than 256 levels")
    }
  }

  @Test func writerPutsFlatValuesOnOneLine() {
    let value = JSONValue.object([
      ("list", .array([.object([("a", .int(1)), ("b", .array([.string("x")]))])])),
      ("flat", .array([.int(1), .null])),
    ])
    #expect(
      JSONWriter.write(value) == """
        {
          "list": [
            {"a": 1, "b": ["x"]}
          ],
          "flat": [1, null]
        }

        """)
  }
}

@Suite("Canonical UUID text", .temporaryFolders)
struct CanonicalUUIDTests {
  @Test func parsesBothCasesLikeFoundation() {
    for text in [
      "DE000000-0000-4000-8000-000000000065", "de000000-0000-4000-8000-0000000000ff",
      "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ] {
      #expect(UUID(canonical: text) == UUID(uuidString: text))
      #expect(UUID(canonical: text) != nil)
    }
  }

  @Test func refusesAnythingElse() {
    for text in [
      "", "DE000000-0000-4000-8000-00000000006", "DE000000-0000-4000-8000-0000000000655",
      "DE0000000000-4000-8000-000000000065-",
      "DE000000_0000-4000-8000-000000000065", "GE000000-0000-4000-8000-000000000065",
      "DE000000-0000-4000-8000-00000000006Ж",
    ] {
      #expect(UUID(canonical: text) == nil, "\(text)")
    }
  }
}
