/// A place in a resource file's scalars that counts lines as it moves: what both resource parsers
/// read with, so their errors can say `file:line`.
protocol SourceCursor {
  var scalars: [Unicode.Scalar] { get }
  var file: String { get }
  var position: Int { get set }
  var line: Int { get set }
}

extension SourceCursor {
  /// Where reading starts: after a byte order mark, if there is one.
  static func start(of scalars: [Unicode.Scalar]) -> Int { scalars.first == "\u{FEFF}" ? 1 : 0 }

  /// Whether everything was read.
  var isAtEnd: Bool { position >= scalars.count }

  /// The scalar `offset` ahead, if any.
  func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    position + offset < scalars.count ? scalars[position + offset] : nil
  }

  /// Moves one scalar on and returns it (nil at the end).
  @discardableResult
  mutating func advance() -> Unicode.Scalar? {
    guard let scalar = peek() else { return nil }
    position += 1
    if scalar == "\n" { line += 1 }
    return scalar
  }

  /// Moves `count` scalars on, or to the end.
  mutating func advance(by count: Int) {
    for _ in 0..<count where advance() != nil {}
  }

  /// An error at the current line, or at `line`.
  func error(_ message: String, line: Int? = nil) -> ResourceParseError {
    ResourceParseError(file: file, line: line ?? self.line, message: message)
  }
}

/// `text` without the white space around it: a comment's words.
func trimmed(_ text: String.UnicodeScalarView) -> String {
  let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
  return String(
    String.UnicodeScalarView(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed()))
}
