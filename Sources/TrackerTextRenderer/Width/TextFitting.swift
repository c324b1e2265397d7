/// Fitting text into columns: making it safe for a terminal, truncating with "…", wrapping, padding.
public enum TextFitting {
  /// `text` with everything that could act on a terminal replaced by U+FFFD: control characters
  /// (escape sequences start with one), and bidirectional overrides and isolates, which could
  /// reorder the rest of the line.
  public static func safe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { result.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar) }
    return String(result)
  }

  /// `text` cut to at most `width` columns, ending in "…" when something was cut.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    guard TerminalWidth.of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = TerminalWidth.of(character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible, at most
  /// `maxLines` lines; the last one ends in "…" when text was left over.
  public static func wrap(_ text: String, to width: Int, maxLines: Int = .max) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[...]
    while let word = words.first {
      let candidate = current.isEmpty ? word : current + " " + word
      if TerminalWidth.of(candidate) <= width {
        current = candidate
        words.removeFirst()
        continue
      }
      if current.isEmpty {
        // A word longer than the line: break it by characters.
        let (head, tail) = split(word, at: width)
        lines.append(head)
        words[words.startIndex] = tail
      } else {
        lines.append(current)
        current = ""
      }
      if lines.count == maxLines {
        let rest = ([current] + words).filter { !$0.isEmpty }.joined(separator: " ")
        if !rest.isEmpty { lines[lines.count - 1] = truncate(lines[lines.count - 1] + " " + rest, to: width) }
        return lines
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// `text` padded with spaces to `width` columns (text must already fit).
  public static func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - TerminalWidth.of(text)))
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  private static func split(_ word: String, at width: Int) -> (String, String) {
    var head = ""
    var used = 0
    var index = word.startIndex
    while index < word.endIndex {
      let columns = TerminalWidth.of(word[index])
      if used + columns > width { break }
      head.append(word[index])
      used += columns
      index = word.index(after: index)
    }
    if head.isEmpty, index < word.endIndex {
      // Not even one character fits: show the cut.
      return ("…", String(word[word.index(after: index)...]))
    }
    return (head, String(word[index...]))
  }
}
