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
    // Fast path: every scalar its own cluster, so cutting scalars cuts characters.
    let widths = text.unicodeScalars.map(TerminalWidth.aloneWidth(of:))
    if !widths.contains(nil) {
      var kept = String.UnicodeScalarView()
      var used = 0
      for (scalar, columns) in zip(text.unicodeScalars, widths) {
        let columns = columns ?? 1
        if used + columns > width - 1 { break }
        kept.append(scalar)
        used += columns
      }
      return String(kept) + "…"
    }
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

  /// The end of `text` in at most `width` columns, starting with "…" when something was cut: what
  /// a field shows of a long text while the cursor is at its end.
  public static func truncateHead(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    guard TerminalWidth.of(text) > width else { return text }
    var kept: [Character] = []
    var used = 0
    for character in text.reversed() {
      let columns = TerminalWidth.of(character)
      if used + columns > width - 1 { break }
      kept.append(character)
      used += columns
    }
    return "…" + String(kept.reversed())
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible, else after a
  /// soft hyphen (U+00AD, which the terminal draws as a hyphen: a name a user hyphenated), else
  /// inside a word; at most `maxLines` lines; the last one ends in "…" when text was left over.
  /// A soft hyphen never costs text: when breaking after one would leave text over that filling
  /// the lines by characters would show, the lines are filled by characters.
  public static func wrap(_ text: String, to width: Int, maxLines: Int = .max) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    let hyphenated = wrapped(pieces(of: text, atSoftHyphens: true), to: width, maxLines: maxLines)
    guard hyphenated.isCut, text.unicodeScalars.contains("\u{AD}") else { return hyphenated.lines }
    return wrapped(pieces(of: text, atSoftHyphens: false), to: width, maxLines: maxLines).lines
  }

  /// `pieces` laid out in lines, and whether text was left over (the last line then ends in "…").
  private static func wrapped(_ pieces: [Piece], to width: Int, maxLines: Int) -> (
    lines: [String], isCut: Bool
  ) {
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    var pieces = pieces[...]
    while let piece = pieces.first {
      let pieceWidth = TerminalWidth.of(piece.text)
      let space = !current.isEmpty && piece.startsWord ? 1 : 0
      if currentWidth + space + pieceWidth <= width {
        current += (space == 1 ? " " : "") + piece.text
        currentWidth += space + pieceWidth
        pieces.removeFirst()
        continue
      }
      if current.isEmpty {
        // A piece longer than the line: break it by characters.
        let (head, tail) = split(piece.text, at: width)
        lines.append(head)
        pieces[pieces.startIndex] = Piece(text: tail, startsWord: false)
      } else {
        lines.append(current)
        current = ""
        currentWidth = 0
      }
      if lines.count == maxLines {
        var rest = ""
        for piece in pieces where !piece.text.isEmpty {
          rest += (piece.startsWord ? " " : "") + piece.text
        }
        if !rest.isEmpty { lines[lines.count - 1] = truncate(lines[lines.count - 1] + rest, to: width) }
        return (lines, !rest.isEmpty)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return (lines, false)
  }

  /// A word, or the part of one up to and including a soft hyphen: what a line may end after.
  private struct Piece {
    var text: String
    /// Whether a space comes before it (it begins a word).
    var startsWord: Bool
  }

  /// The words of `text` (split on the space scalar: the same as splitting characters for any
  /// text a name can hold, without breaking the whole text into grapheme clusters first); with
  /// `atSoftHyphens`, each cut after its soft hyphens. A soft hyphen is a cluster of its own, so
  /// a cut after it never splits a character; a cut comes after the last of several in a row,
  /// and never after one with nothing before it in its word. What a kept name holds right after
  /// a hyphen and would join the letter before it (a mark, a joiner, an emoji modifier, a Hangul
  /// vowel) stays with the hyphen, and the cut comes after it: no line begins with it.
  private static func pieces(of text: String, atSoftHyphens: Bool) -> [Piece] {
    var pieces: [Piece] = []
    for word in text.unicodeScalars.split(separator: " ", omittingEmptySubsequences: true) {
      var piece = String.UnicodeScalarView()
      var startsWord = true
      var index = word.startIndex
      while index < word.endIndex {
        let scalar = word[index]
        piece.append(scalar)
        index = word.index(after: index)
        guard atSoftHyphens, scalar == "\u{AD}" else { continue }
        while index < word.endIndex, joinsTheCharacterBefore(word[index]) {
          piece.append(word[index])
          index = word.index(after: index)
        }
        guard index < word.endIndex, word[index] != "\u{AD}", piece.contains(where: { $0 != "\u{AD}" })
        else { continue }
        pieces.append(Piece(text: String(piece), startsWord: startsWord))
        piece = String.UnicodeScalarView()
        startsWord = false
      }
      if !piece.isEmpty { pieces.append(Piece(text: String(piece), startsWord: startsWord)) }
    }
    return pieces
  }

  /// Whether `scalar` is drawn onto the character before it: a combining or spacing mark, a
  /// joiner, an emoji modifier, a Hangul vowel or final consonant: a line that began with it would
  /// show it on nothing. (Not a prepended mark such as U+0600: it joins the character after it.)
  private static func joinsTheCharacterBefore(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark
      || scalar.properties.isEmojiModifier || scalar == "\u{200D}" || (0x1160...0x11FF).contains(value)
      || (0xD7B0...0xD7FB).contains(value)
  }

  /// `text` padded with spaces to `width` columns (text must already fit).
  public static func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - TerminalWidth.of(text)))
  }

  /// Control characters (Cc is exactly U+0000–001F and U+007F–009F) and the bidirectional
  /// overrides and isolates.
  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
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
    // A mark kept after a soft hyphen is a character of its own (the hyphen ends its cluster):
    // the line ends before the hyphen then, so the mark is not drawn on nothing, unless that would
    // leave the line empty.
    var cut = index
    while cut > word.startIndex, cut < word.endIndex, let first = word[cut].unicodeScalars.first,
      joinsTheCharacterBefore(first)
    {
      cut = word.index(before: cut)
    }
    if cut > word.startIndex, cut < index {
      return (String(word[..<cut]), String(word[cut...]))
    }
    if head.isEmpty, index < word.endIndex {
      // Not even one character fits: show the cut.
      return ("…", String(word[word.index(after: index)...]))
    }
    return (head, String(word[index...]))
  }
}
