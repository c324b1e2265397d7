/// A problem in a `.strings` or `.stringsdict` file, with where it is.
public struct ResourceParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as `ru.lproj/Localizable.strings`.
  public var file: String
  /// The 1-based line of the problem (0 when the problem is the file as a whole).
  public var line: Int
  /// What is wrong.
  public var message: String

  /// An error at `file:line`.
  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String { "\(file):\(line): \(message)" }
}

/// One `"key" = "value";` pair of a `.strings` file.
public struct StringsEntry: Hashable, Sendable {
  /// The key, unescaped.
  public var key: String
  /// The value, unescaped.
  public var value: String
  /// The 1-based line the key starts on.
  public var line: Int
  /// The `/* … */` comment after the entry's `;` on the same line, trimmed: what the generated
  /// `TextKey` says of the key (see `TextKeyGenerator`).
  public var comment: String?
}

/// Apple's `.strings` format (the old-style property list subset that localizations use):
/// quoted keys and values, `/* */` and `//` comments, escapes `\" \\ \n \t \r \0` and `\Uxxxx`
/// (UTF-16 units; surrogate pairs are joined).
public enum StringsFile {
  /// The entries of `text`, in file order; duplicates are kept (see `dictionary`).
  public static func parse(_ text: String, file: String) throws(ResourceParseError) -> [StringsEntry] {
    var reader = StringsReader(scalars: Array(text.unicodeScalars), file: file)
    var entries: [StringsEntry] = []
    while true {
      try reader.skipTrivia()
      guard !reader.isAtEnd else { return entries }
      let line = reader.line
      let key = try reader.quoted(what: "a quoted key")
      try reader.skipTrivia()
      try reader.expect("=", after: "the key \"\(key)\"")
      try reader.skipTrivia()
      let value = try reader.quoted(what: "a quoted value for \"\(key)\"")
      try reader.skipTrivia()
      try reader.expect(";", after: "the value of \"\(key)\"")
      let comment = try reader.trailingComment()
      entries.append(StringsEntry(key: key, value: value, line: line, comment: comment))
    }
  }

  /// The entries of `text` by key; a key that appears twice is an error at its second line.
  public static func dictionary(_ text: String, file: String) throws(ResourceParseError) -> [String: String] {
    var result: [String: String] = [:]
    for entry in try parse(text, file: file) {
      guard result[entry.key] == nil else {
        throw ResourceParseError(file: file, line: entry.line, message: "duplicate key \"\(entry.key)\"")
      }
      result[entry.key] = entry.value
    }
    return result
  }
}

private struct StringsReader: SourceCursor {
  let scalars: [Unicode.Scalar]
  let file: String
  var position: Int
  var line = 1

  init(scalars: [Unicode.Scalar], file: String) {
    self.scalars = scalars
    self.file = file
    position = Self.start(of: scalars)
  }

  mutating func skipTrivia() throws(ResourceParseError) {
    while let scalar = peek() {
      if scalar.properties.isWhitespace {
        _ = advance()
      } else if scalar == "/", peek(1) == "*" {
        let start = line
        position += 2
        while !(peek() == "*" && peek(1) == "/") {
          guard advance() != nil else { throw error("unterminated comment", line: start) }
        }
        position += 2
      } else if scalar == "/", peek(1) == "/" {
        while let next = peek(), next != "\n" { _ = advance() }
      } else {
        return
      }
    }
  }

  /// A `/* … */` comment starting on the current line after spaces or tabs, its text trimmed.
  mutating func trailingComment() throws(ResourceParseError) -> String? {
    var ahead = 0
    while peek(ahead) == " " || peek(ahead) == "\t" { ahead += 1 }
    guard peek(ahead) == "/", peek(ahead + 1) == "*" else { return nil }
    let start = line
    position += ahead + 2
    var text = String.UnicodeScalarView()
    while !(peek() == "*" && peek(1) == "/") {
      guard let scalar = advance() else { throw error("unterminated comment", line: start) }
      text.append(scalar)
    }
    position += 2
    return trimmed(text)
  }

  mutating func expect(_ symbol: Unicode.Scalar, after what: String) throws(ResourceParseError) {
    guard peek() == symbol else {
      throw error("expected \"\(symbol)\" after \(what), found \(describe(peek()))")
    }
    _ = advance()
  }

  mutating func quoted(what: String) throws(ResourceParseError) -> String {
    guard peek() == "\"" else { throw error("expected \(what), found \(describe(peek()))") }
    let start = line
    _ = advance()
    var result = String.UnicodeScalarView()
    var pendingHighSurrogate: UInt32?
    while true {
      guard let scalar = advance() else { throw error("unterminated string", line: start) }
      if scalar == "\"" { break }
      let isUnicodeEscape = scalar == "\\" && (peek() == "U" || peek() == "u")
      if pendingHighSurrogate != nil, !isUnicodeEscape {
        throw error("\\U high surrogate not followed by a low surrogate")
      }
      guard scalar == "\\" else {
        result.append(scalar)
        continue
      }
      guard let escaped = advance() else { throw error("unterminated string", line: start) }
      switch escaped {
      case "\"", "\\", "'": result.append(escaped)
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "r": result.append("\r")
      case "0": result.append("\0")
      case "U", "u":
        var unit: UInt32 = 0
        for _ in 0..<4 {
          guard let digit = advance(), digit.isASCII, let value = UInt32(String(digit), radix: 16)
          else { throw error("\\U must be followed by four hexadecimal digits") }
          unit = unit << 4 | value
        }
        if let high = pendingHighSurrogate {
          pendingHighSurrogate = nil
          guard (0xDC00...0xDFFF).contains(unit),
            let joined = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
          else { throw error("\\U high surrogate not followed by a low surrogate") }
          result.append(joined)
        } else if (0xD800...0xDBFF).contains(unit) {
          pendingHighSurrogate = unit
        } else if let decoded = Unicode.Scalar(unit) {
          result.append(decoded)
        } else {
          throw error("\\U\(String(unit, radix: 16, uppercase: true)) is not a character")
        }
        continue
      default:
        throw error("unknown escape \\\(escaped)")
      }
    }
    if pendingHighSurrogate != nil { throw error("\\U high surrogate not followed by a low surrogate") }
    return String(result)
  }

  private func describe(_ scalar: Unicode.Scalar?) -> String {
    guard let scalar else { return "the end of the file" }
    return scalar.properties.generalCategory == .control
      ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : "\"\(scalar)\""
  }
}
