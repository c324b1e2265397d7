import TrackerModels

/// Writes `JSONValue`s as stable, readable text: two-space indentation, and any object or array
/// that holds no object written on one line, so a record or a tracker is one line of the file.
public enum JSONWriter {
  /// The text of `value`, ending with a newline. With `elementsOnOneLine`, each element of an
  /// array spread over lines is written on one line even when it holds objects (an archive's
  /// tracker with its `measure`: one tracker, one line).
  public static func write(_ value: JSONValue, elementsOnOneLine: Bool = false) -> String {
    var output = ""
    append(value, to: &output, indent: "", expand: true, elementsOnOneLine: elementsOnOneLine)
    return output + "\n"
  }

  /// `value` on one line, whatever it holds.
  public static func line(_ value: JSONValue) -> String {
    switch value {
    case .null, .bool, .number, .string: return inline(value)
    case .array(let values): return "[" + values.map(line).joined(separator: ", ") + "]"
    case .object(let pairs):
      return pairs.isEmpty
        ? "{}" : "{" + pairs.map { quoted($0.0) + ": " + line($0.1) }.joined(separator: ", ") + "}"
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped; U+2028 and
  /// U+2029 escaped too, so the output is also valid JavaScript.
  public static func quoted(_ text: String) -> String {
    let needsEscaping = text.unicodeScalars.contains { scalar in
      scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
        || scalar.value == 0x2028 || scalar.value == 0x2029
    }
    guard needsEscaping else { return "\"" + text + "\"" }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Appends `value`; `expand` spreads a non-empty top-level container over lines even when flat.
  private static func append(
    _ value: JSONValue, to output: inout String, indent: String, expand: Bool = false,
    elementsOnOneLine: Bool = false
  ) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): output += quoted(text)
    case .array(let values):
      if values.isEmpty {
        output += "[]"
      } else if !expand, values.allSatisfy(\.isFlat) {
        output += "[" + values.map(inline).joined(separator: ", ") + "]"
      } else {
        let inner = indent + "  "
        output += "[\n"
        for (index, element) in values.enumerated() {
          output += inner
          if elementsOnOneLine {
            output += line(element)
          } else {
            append(element, to: &output, indent: inner)
          }
          output += index == values.count - 1 ? "\n" : ",\n"
        }
        output += indent + "]"
      }
    case .object(let pairs):
      if pairs.isEmpty {
        output += "{}"
      } else if !expand, pairs.allSatisfy({ $0.1.isFlat }) {
        output += "{" + pairs.map { quoted($0.0) + ": " + inline($0.1) }.joined(separator: ", ") + "}"
      } else {
        let inner = indent + "  "
        output += "{\n"
        for (index, (key, element)) in pairs.enumerated() {
          output += inner + quoted(key) + ": "
          append(element, to: &output, indent: inner, elementsOnOneLine: elementsOnOneLine)
          output += index == pairs.count - 1 ? "\n" : ",\n"
        }
        output += indent + "}"
      }
    }
  }

  private static func inline(_ value: JSONValue) -> String {
    var output = ""
    append(value, to: &output, indent: "")
    return output
  }
}

extension JSONValue {
  /// Whether the value holds no object inside, so it fits on one line.
  fileprivate var isFlat: Bool {
    switch self {
    case .array(let values): return values.allSatisfy(\.isFlat)
    case .object: return false
    case .null, .bool, .number, .string: return true
    }
  }
}
