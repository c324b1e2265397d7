/// printf-style formats as localizations use them: `%@`, `%d` (`%ld`, `%lld`, `%i`, `%u`), `%%`,
/// positional arguments (`%2$@`) and plural variables (`%#@name@`), without the C library, so the
/// output never depends on the process locale.
public enum FormatString {
  /// A piece of a parsed format.
  public enum Piece: Hashable, Sendable {
    case literal(String)
    /// A conversion of argument `index` (0-based); `isText` for `%@`.
    case argument(index: Int, isText: Bool)
    /// A plural variable `%#@name@` taking argument `index`.
    case variable(name: String, index: Int)
  }

  /// The pieces of `format`; conversions without a position take the next argument.
  public static func parse(_ format: String) -> [Piece] {
    var pieces: [Piece] = []
    var literal = ""
    var next = 0
    let scalars = Array(format.unicodeScalars)
    var i = 0
    while i < scalars.count {
      guard scalars[i] == "%", i + 1 < scalars.count else {
        literal.unicodeScalars.append(scalars[i])
        i += 1
        continue
      }
      var j = i + 1
      if scalars[j] == "%" {
        literal += "%"
        i = j + 1
        continue
      }
      var position: Int?
      var digits = 0
      var k = j
      while k < scalars.count, let digit = Int(String(scalars[k])), scalars[k].isASCII {
        digits = digits * 10 + digit
        k += 1
      }
      if k > j, k < scalars.count, scalars[k] == "$" {
        position = digits - 1
        j = k + 1
      }
      func flushLiteral() {
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        literal = ""
      }
      func takeIndex() -> Int {
        if let position { return position }
        defer { next += 1 }
        return next
      }
      if j < scalars.count, scalars[j] == "#", j + 1 < scalars.count, scalars[j + 1] == "@",
        let end = scalars[(j + 2)...].firstIndex(of: "@")
      {
        flushLiteral()
        let name = String(String.UnicodeScalarView(scalars[(j + 2)..<end]))
        pieces.append(.variable(name: name, index: takeIndex()))
        i = end + 1
        continue
      }
      while j < scalars.count, scalars[j] == "l" || scalars[j] == "q" || scalars[j] == "h" { j += 1 }
      if j < scalars.count, ["@", "d", "i", "u"].contains(scalars[j]) {
        flushLiteral()
        pieces.append(.argument(index: takeIndex(), isText: scalars[j] == "@"))
        i = j + 1
        continue
      }
      // Not a conversion we know: keep it literally, so the mistake shows instead of vanishing.
      literal.unicodeScalars.append(scalars[i])
      i += 1
    }
    if !literal.isEmpty { pieces.append(.literal(literal)) }
    return pieces
  }

  /// The conversion signature of `format` (argument index and kind, in order), used to check
  /// that translations agree with each other.
  public static func signature(_ format: String) -> [String] {
    parse(format).compactMap { piece in
      switch piece {
      case .literal: return nil
      case .argument(let index, let isText): return "\(index + 1)$" + (isText ? "@" : "d")
      case .variable(let name, let index): return "\(index + 1)$#@\(name)@"
      }
    }
  }

}
