/// A value of the XML property-list subset `.stringsdict` files use.
indirect enum PropertyListValue: Equatable {
  case string(String)
  /// Key-value pairs in file order, each with the line its key is on and the text of the comment
  /// just before the key, if any.
  case dictionary([(key: String, value: PropertyListValue, line: Int, comment: String?)])

  static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.string, .dictionary), (.dictionary, .string): return false
    }
  }
}

/// Reads the XML property lists of `.stringsdict` files: `<plist>` holding nested `<dict>`s of
/// `<key>` and `<string>`, with comments, the XML declaration, a DOCTYPE and the five entities plus
/// numeric character references. Anything else is an error with its line.
enum PropertyListXML {
  static func parse(_ text: String, file: String) throws(ResourceParseError) -> PropertyListValue {
    var reader = XMLReader(scalars: Array(text.unicodeScalars), file: file)
    try reader.skipProlog()
    try reader.expectTag("plist")
    let root = try reader.dictionary()
    try reader.skipMisc()
    try reader.expectTag("/plist")
    try reader.skipMisc()
    guard reader.isAtEnd else { throw reader.error("unexpected text after </plist>") }
    return root
  }
}

private struct XMLReader: SourceCursor {
  let scalars: [Unicode.Scalar]
  let file: String
  var position: Int
  var line = 1
  /// The text of the last comment the latest `skipMisc` skipped, trimmed.
  var lastComment: String?

  init(scalars: [Unicode.Scalar], file: String) {
    self.scalars = scalars
    self.file = file
    position = Self.start(of: scalars)
  }

  func starts(with text: String) -> Bool {
    let expected = Array(text.unicodeScalars)
    return scalars.count - position >= expected.count
      && Array(scalars[position..<position + expected.count]) == expected
  }

  mutating func skipWhiteSpace() {
    while !isAtEnd, scalars[position].properties.isWhitespace { advance() }
  }

  /// Skips white space and comments.
  mutating func skipMisc() throws(ResourceParseError) {
    lastComment = nil
    while true {
      skipWhiteSpace()
      guard starts(with: "<!--") else { return }
      let start = line
      advance(by: 4)
      var text = String.UnicodeScalarView()
      while !starts(with: "-->") {
        guard !isAtEnd else {
          throw ResourceParseError(file: file, line: start, message: "unterminated comment")
        }
        text.append(scalars[position])
        advance()
      }
      advance(by: 3)
      lastComment = trimmed(text)
    }
  }

  mutating func skipProlog() throws(ResourceParseError) {
    while true {
      try skipMisc()
      if starts(with: "<?") || starts(with: "<!DOCTYPE") {
        let start = line
        while !isAtEnd, scalars[position] != ">" { advance() }
        guard !isAtEnd else {
          throw ResourceParseError(file: file, line: start, message: "unterminated declaration")
        }
        advance()
      } else {
        return
      }
    }
  }

  /// Reads a tag `<name …>` (attributes ignored) and returns the name and whether it self-closes.
  mutating func tag() throws(ResourceParseError) -> (name: String, selfClosing: Bool) {
    try skipMisc()
    guard !isAtEnd, scalars[position] == "<" else {
      throw error("expected a tag, found \(describeCurrent())")
    }
    advance()
    var name = ""
    while !isAtEnd, !scalars[position].properties.isWhitespace, scalars[position] != ">",
      scalars[position] != "/" || name.isEmpty
    {
      name.unicodeScalars.append(scalars[position])
      advance()
    }
    var selfClosing = false
    while !isAtEnd, scalars[position] != ">" {
      selfClosing = scalars[position] == "/"
      advance()
    }
    guard !isAtEnd else { throw error("unterminated tag <\(name)") }
    advance()
    return (name, selfClosing)
  }

  mutating func expectTag(_ expected: String) throws(ResourceParseError) {
    let found = try tag()
    guard found.name == expected else { throw error("expected <\(expected)>, found <\(found.name)>") }
  }

  /// Reads `<dict>` … `</dict>`.
  mutating func dictionary() throws(ResourceParseError) -> PropertyListValue {
    let opening = try tag()
    guard opening.name == "dict" else { throw error("expected <dict>, found <\(opening.name)>") }
    var pairs: [(key: String, value: PropertyListValue, line: Int, comment: String?)] = []
    if opening.selfClosing { return .dictionary(pairs) }
    while true {
      try skipMisc()
      let comment = lastComment
      let keyLine = line
      let next = try tag()
      if next.name == "/dict" { return .dictionary(pairs) }
      guard next.name == "key" else { throw error("expected <key> or </dict>, found <\(next.name)>") }
      let key = try text(closing: "key")
      guard !pairs.contains(where: { $0.key == key }) else { throw error("duplicate key \"\(key)\"") }
      try skipMisc()
      let valueStart = position
      let valueLine = line
      let valueTag = try tag()
      let value: PropertyListValue
      switch valueTag.name {
      case "string":
        value = .string(valueTag.selfClosing ? "" : try text(closing: "string"))
      case "dict":
        position = valueStart
        line = valueLine
        value = try dictionary()
      default:
        throw error("the value of \"\(key)\" must be <string> or <dict>, found <\(valueTag.name)>")
      }
      pairs.append((key, value, keyLine, comment))
    }
  }

  /// The text up to `</closing>`, with entities decoded.
  mutating func text(closing: String) throws(ResourceParseError) -> String {
    var result = String.UnicodeScalarView()
    while true {
      guard !isAtEnd else { throw error("unterminated <\(closing)>") }
      let scalar = scalars[position]
      if scalar == "<" {
        let end = try tag()
        guard end.name == "/" + closing else { throw error("expected </\(closing)>, found <\(end.name)>") }
        return String(result)
      }
      if scalar == "&" {
        result.append(try entity())
        continue
      }
      result.append(scalar)
      advance()
    }
  }

  mutating func entity() throws(ResourceParseError) -> Unicode.Scalar {
    var name = ""
    advance()
    while !isAtEnd, scalars[position] != ";", name.unicodeScalars.count < 10 {
      name.unicodeScalars.append(scalars[position])
      advance()
    }
    guard !isAtEnd, scalars[position] == ";" else { throw error("unterminated entity &\(name)") }
    advance()
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      let value: UInt32?
      if name.hasPrefix("#x") {
        value = UInt32(name.dropFirst(2), radix: 16)
      } else if name.hasPrefix("#") {
        value = UInt32(name.dropFirst(1))
      } else {
        value = nil
      }
      guard let value, let scalar = Unicode.Scalar(value) else { throw error("unknown entity &\(name);") }
      return scalar
    }
  }

  func describeCurrent() -> String {
    isAtEnd ? "the end of the file" : "\"\(scalars[position])\""
  }
}
