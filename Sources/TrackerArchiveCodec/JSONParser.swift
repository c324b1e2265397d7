import TrackerModels

/// Where and why a text is not JSON.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// 1-based line.
  public var line: Int
  /// 1-based column, in characters of the line.
  public var column: Int
  /// What was expected or found, with the key of its translations.
  public var problem: StoreMessage

  /// An error with every field given.
  public init(line: Int, column: Int, problem: StoreMessage) {
    self.line = line
    self.column = column
    self.problem = problem
  }

  /// What was expected or found, in English.
  public var message: String { problem.description }

  public var description: String { "line \(line), column \(column): \(message)" }

  /// The import problem this makes: "not JSON: line 3, column 7: …".
  public var reason: StoreMessage {
    StoreMessage(
      "import.notJSON", "not JSON: line %@, column %@: %@", .text(String(line)), .text(String(column)),
      .message(problem))
  }
}

/// A strict RFC 8259 parser: no comments, no trailing commas, duplicate keys refused, nesting
/// limited so hostile input cannot exhaust the stack.
public enum JSONParser {
  /// The deepest nesting accepted.
  public static let maximumDepth = 256

  /// The value `text` holds.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    // The reader works on the string's own UTF-8 bytes, without copying 50 MB of archive.
    var text = text
    let result: Result<JSONValue, JSONSyntaxError> = text.withUTF8 { bytes in
      var reader = JSONReader(bytes: bytes)
      do throws(JSONSyntaxError) {
        reader.skipWhiteSpace()
        let value = try reader.value(depth: 0)
        reader.skipWhiteSpace()
        guard reader.isAtEnd else {
          throw reader.syntaxError(
            "json.afterEnd", "unexpected %@ after the end of the document", reader.describeCurrent())
        }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

extension JSONParser {
  /// The strings of an element of the plain shape (`parseObject`'s `pair`), as the UTF-8 bytes
  /// between their quotes.
  public struct PlainStrings {
    public var first: UnsafeBufferPointer<UInt8>.SubSequence
    public var second: UnsafeBufferPointer<UInt8>.SubSequence
    /// Nil when the element has only the first two.
    public var third: UnsafeBufferPointer<UInt8>.SubSequence?
  }

  /// Parses a document whose top level is an object, handing each key's value to `member` — except
  /// the elements of the array under `streamedKey`, which go one by one to `element` (with their
  /// index) and are never held together. An archive's hundreds of thousands of records are thus
  /// decoded as they are read. A top level that is not an object goes to `member` with the key "".
  /// `arrayStarts` is called before the first element of the streamed array.
  ///
  /// `pair` is a fast path for elements of the plain shape `{"<first>": "…", "<second>": "…"}`,
  /// or `{"<first>": "…", "<second>": "…", "<third>": "…"}` when `pairKeys` names a third key
  /// (strings without escapes): it gets the strings' UTF-8 bytes (the third nil when absent) and
  /// the index without any value being built, and returns false to have the element parsed and
  /// handed to `element`.
  public static func parseObject(
    _ text: String, streaming streamedKey: String, member: (String, JSONValue) -> Void,
    arrayStarts: () -> Void, element: (JSONValue, Int) -> Void,
    pairKeys: (String, String, third: String) = ("", "", ""),
    pair: (PlainStrings, Int) -> Bool = { _, _ in false }
  ) throws(JSONSyntaxError) {
    var text = text
    let result: Result<Void, JSONSyntaxError> = text.withUTF8 { bytes in
      var reader = JSONReader(bytes: bytes)
      do throws(JSONSyntaxError) {
        reader.skipWhiteSpace()
        if reader.isAtEnd || bytes[reader.position] != UInt8(ascii: "{") {
          member("", try reader.value(depth: 0))
        } else {
          let keys = (Array(pairKeys.0.utf8), Array(pairKeys.1.utf8), Array(pairKeys.third.utf8))
          try reader.streamObject(
            streamedKey, member: member, arrayStarts: arrayStarts, element: element, pairKeys: keys,
            pair: pair)
        }
        reader.skipWhiteSpace()
        guard reader.isAtEnd else {
          throw reader.syntaxError(
            "json.afterEnd", "unexpected %@ after the end of the document", reader.describeCurrent())
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }
}

private struct JSONReader {
  /// Valid only while `JSONParser.parse` runs.
  package let bytes: UnsafeBufferPointer<UInt8>
  package var position = 0

  package var isAtEnd: Bool { position >= bytes.count }

  package func syntaxError(_ key: String, _ english: String, _ arguments: StoreMessage.Argument...)
    -> JSONSyntaxError
  {
    var problem = StoreMessage(key, english)
    problem.arguments = arguments
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
    return JSONSyntaxError(line: line, column: column, problem: problem)
  }

  /// What is at the reading position, for messages.
  package func describeCurrent() -> StoreMessage.Argument {
    guard !isAtEnd else { return .message(StoreMessage("json.found.end", "end of text")) }
    let byte = bytes[position]
    if byte < 0x20 || byte == 0x7F {
      return .message(
        StoreMessage(
          "json.found.control", "control character U+%@", .text(NameRules.codePoint(UInt32(byte)))))
    }
    if byte >= 0x80 { return .message(StoreMessage("json.found.character", "character")) }
    return .text("\"\(Character(Unicode.Scalar(byte)))\"")
  }

  package mutating func skipWhiteSpace() {
    while position < bytes.count {
      let byte = bytes[position]
      guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
      position += 1
    }
  }

  package mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < JSONParser.maximumDepth else {
      throw syntaxError(
        "json.tooDeep", "nested deeper than %@ levels", .text(String(JSONParser.maximumDepth)))
    }
    guard !isAtEnd else {
      throw syntaxError("json.valueAtEnd", "expected a value, found the end of the text")
    }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw syntaxError("json.value", "expected a value, found %@", describeCurrent())
    }
  }

  package mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let expected = Array(word.utf8)
    guard bytes.count - position >= expected.count,
      Array(bytes[position..<position + expected.count]) == expected
    else { throw syntaxError("json.value", "expected a value, found %@", describeCurrent()) }
    position += expected.count
    return value
  }

  package mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    try members { reader, key throws(JSONSyntaxError) in
      pairs.append((key, try reader.value(depth: depth + 1)))
    }
    return .object(pairs)
  }

  /// The top-level object, member by member; the array under `streamedKey` element by element.
  package mutating func streamObject(
    _ streamedKey: String, member: (String, JSONValue) -> Void, arrayStarts: () -> Void,
    element: (JSONValue, Int) -> Void, pairKeys: ([UInt8], [UInt8], [UInt8]),
    pair: (JSONParser.PlainStrings, Int) -> Bool
  ) throws(JSONSyntaxError) {
    try members { reader, key throws(JSONSyntaxError) in
      if key == streamedKey, !reader.isAtEnd, reader.bytes[reader.position] == UInt8(ascii: "[") {
        arrayStarts()
        var index = 0
        try reader.elements { reader throws(JSONSyntaxError) in
          let start = reader.position
          if let strings = reader.plainPair(pairKeys), pair(strings, index) {
            // handled without building a value
          } else {
            reader.position = start
            element(try reader.value(depth: 2), index)
          }
          index += 1
        }
        member(key, .array([]))
      } else {
        member(key, try reader.value(depth: 1))
      }
    }
  }

  /// An object's members, from its "{" to its "}": `member` reads each value, positioned after
  /// the colon. Duplicate keys are refused.
  @inline(__always)
  package mutating func members(_ member: (inout JSONReader, String) throws(JSONSyntaxError) -> Void)
    throws(JSONSyntaxError)
  {
    position += 1
    var seen: [String] = []
    var keys: Set<String> = []  // filled only for large objects
    skipWhiteSpace()
    if !isAtEnd, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      skipWhiteSpace()
      guard !isAtEnd, bytes[position] == UInt8(ascii: "\"") else {
        throw syntaxError("json.key", "expected a key in double quotes, found %@", describeCurrent())
      }
      let keyStart = position
      let key = try string()
      // Objects here usually have a handful of keys, where a linear scan beats hashing; large
      // ones switch to a set, so a hostile file cannot make the check quadratic.
      let isDuplicate: Bool
      if seen.count < 16 {
        isDuplicate = seen.contains(key)
        seen.append(key)
      } else {
        if keys.isEmpty { keys = Set(seen) }
        isDuplicate = !keys.insert(key).inserted
      }
      guard !isDuplicate else {
        position = keyStart
        throw syntaxError("json.duplicateKey", "duplicate key %@", .text("\"\(key)\""))
      }
      skipWhiteSpace()
      guard !isAtEnd, bytes[position] == UInt8(ascii: ":") else {
        throw syntaxError(
          "json.colon", "expected \":\" after the key %@, found %@", .text("\"\(key)\""), describeCurrent())
      }
      position += 1
      skipWhiteSpace()
      try member(&self, key)
      skipWhiteSpace()
      guard !isAtEnd else {
        throw syntaxError("json.objectAtEnd", "expected \",\" or \"}\", found the end of the text")
      }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "}") else {
        throw syntaxError("json.object", "expected \",\" or \"}\", found %@", describeCurrent())
      }
      position += 1
      return
    }
  }

  /// `{"<first>": "…", "<second>": "…"}`, or with `"<third>": "…"` after them when `keys.2` is
  /// not empty, with escape-free strings at the reading position: the strings' bytes, the position
  /// after the object; nil for anything else (position moved).
  package mutating func plainPair(_ keys: ([UInt8], [UInt8], [UInt8])) -> JSONParser.PlainStrings? {
    guard !keys.0.isEmpty, expect(UInt8(ascii: "{")), let firstKey = plainString(),
      firstKey.elementsEqual(keys.0),
      expect(UInt8(ascii: ":")), let first = plainString(), expect(UInt8(ascii: ",")),
      let secondKey = plainString(), secondKey.elementsEqual(keys.1), expect(UInt8(ascii: ":")),
      let second = plainString()
    else { return nil }
    if expect(UInt8(ascii: "}")) { return JSONParser.PlainStrings(first: first, second: second, third: nil) }
    guard !keys.2.isEmpty, expect(UInt8(ascii: ",")), let thirdKey = plainString(),
      thirdKey.elementsEqual(keys.2), expect(UInt8(ascii: ":")), let third = plainString(),
      expect(UInt8(ascii: "}"))
    else { return nil }
    return JSONParser.PlainStrings(first: first, second: second, third: third)
  }

  /// Skips white space and one expected byte.
  private mutating func expect(_ byte: UInt8) -> Bool {
    skipWhiteSpace()
    guard !isAtEnd, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// A string without escapes or control characters, as the bytes between its quotes.
  private mutating func plainString() -> UnsafeBufferPointer<UInt8>.SubSequence? {
    skipWhiteSpace()
    guard !isAtEnd, bytes[position] == UInt8(ascii: "\"") else { return nil }
    let start = position + 1
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return bytes[start..<index]
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      index += 1
    }
    return nil
  }

  package mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    var values: [JSONValue] = []
    try elements { reader throws(JSONSyntaxError) in values.append(try reader.value(depth: depth + 1)) }
    return .array(values)
  }

  /// An array's elements, from its "[" to its "]": `element` reads each one, positioned at it.
  @inline(__always)
  package mutating func elements(_ element: (inout JSONReader) throws(JSONSyntaxError) -> Void)
    throws(JSONSyntaxError)
  {
    position += 1
    skipWhiteSpace()
    if !isAtEnd, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      skipWhiteSpace()
      try element(&self)
      skipWhiteSpace()
      guard !isAtEnd else {
        throw syntaxError("json.arrayAtEnd", "expected \",\" or \"]\", found the end of the text")
      }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "]") else {
        throw syntaxError("json.array", "expected \",\" or \"]\", found %@", describeCurrent())
      }
      position += 1
      return
    }
  }

  package mutating func number() throws(JSONSyntaxError) -> JSONValue {
    let start = position
    func digits() -> Int {
      let from = position
      while !isAtEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
      return position - from
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    guard digits() > 0 else { throw syntaxError("json.digits", "expected digits in a number") }
    if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
      position = integerStart
      throw syntaxError("json.leadingZero", "numbers cannot start with 0")
    }
    if !isAtEnd, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else {
        throw syntaxError("json.fraction", "expected digits after the decimal point")
      }
    }
    if !isAtEnd, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      position += 1
      if !isAtEnd, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard digits() > 0 else { throw syntaxError("json.exponent", "expected digits in the exponent") }
    }
    return .number(String(decoding: bytes[start..<position], as: UTF8.self))
  }

  package mutating func string() throws(JSONSyntaxError) -> String {
    position += 1
    // Fast path: most strings hold no escape, so they are one slice of the input.
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return String(decoding: bytes[start..<position - 1], as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      position += 1
    }
    var result = Array(bytes[start..<position])
    while true {
      guard !isAtEnd else { throw syntaxError("json.unterminated", "unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: result, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        guard !isAtEnd else { throw syntaxError("json.unterminated", "unterminated string") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): result.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): result.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hexUnit()
          if (0xD800...0xDBFF).contains(scalar) {
            guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u")
            else {
              throw syntaxError("json.surrogatePair", "a \\u high surrogate must be followed by a low one")
            }
            position += 2
            let low = try hexUnit()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw syntaxError("json.surrogatePair", "a \\u high surrogate must be followed by a low one")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let decoded = Unicode.Scalar(scalar) else {
            throw syntaxError("json.loneSurrogate", "\\u escape of a lone surrogate")
          }
          result.append(contentsOf: Array(String(decoded).utf8))
        default:
          position -= 2
          throw syntaxError(
            "json.escape", "unknown escape \\%@", .text(String(Character(Unicode.Scalar(escape)))))
        }
      case 0x00..<0x20:
        throw syntaxError(
          "json.controlInString", "control character U+%@ inside a string; write it escaped",
          .text(NameRules.codePoint(UInt32(byte))))
      default:
        result.append(byte)
        position += 1
      }
    }
  }

  package mutating func hexUnit() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - position >= 4 else {
      throw syntaxError("json.hexDigits", "\\u needs four hexadecimal digits")
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw syntaxError("json.hexDigits", "\\u needs four hexadecimal digits")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }
}
