import Foundation
import TrackerArchiveCodec
import TrackerModels

/// A field's value as text (in a log line and in the store's `sync_field`), with the values that
/// make nearly every entry — `true`, `false`, null, a plain string — written and read without the
/// general JSON writer and parser (a year's merge reads and writes tens of thousands).
package enum SyncValueText {
  package static func encode(_ value: JSONValue) -> String {
    switch value {
    case .bool(true): return "true"
    case .bool(false): return "false"
    case .null: return "null"
    case .string(let text) where isPlain(text): return "\"" + text + "\""
    case .string, .number, .array, .object: return JSONWriter.line(value)
    }
  }

  /// The value of `text`, or nil when it is not JSON.
  package static func decode<Text: StringProtocol>(_ text: Text) -> JSONValue? {
    switch text {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    default:
      if text.utf8.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
        let inner = text.dropFirst().dropLast()
        if isPlain(inner) { return .string(String(inner)) }
      }
      return try? JSONParser.parse(String(text))
    }
  }

  /// Whether `text` needs no escaping in JSON (no quote, backslash or control character; U+2028
  /// and U+2029, which the writer escapes, go the general way too).
  package static func isPlain<Text: StringProtocol>(_ text: Text) -> Bool {
    text.utf8.allSatisfy {
      $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F && $0 != 0xE2
    }
  }
}
