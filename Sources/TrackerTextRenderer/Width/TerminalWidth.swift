/// How many terminal columns text takes, measured per grapheme cluster (docs/decisions.md): emoji
/// presentation, ZWJ sequences, flags, keycaps and East Asian Wide/Fullwidth take two; marks,
/// joiners, variation selectors and format characters none; everything else (Cyrillic, Latin) one.
public enum TerminalWidth {
  /// The columns `text` takes.
  public static func of(_ text: String) -> Int {
    // Fast path: when every scalar is a plain one of the Basic Multilingual Plane (nothing that
    // joins, modifies or selects), each scalar is its own cluster and the table says its width.
    var total = 0
    let table = simpleBMP  // read the lazily built table once, not once per scalar
    for scalar in text.unicodeScalars {
      let value = scalar.value
      guard value < 0x10000 else { return slowWidth(text) }
      let width = table[Int(value)]
      guard width != 0 else { return slowWidth(text) }
      total += Int(width)
    }
    return total
  }

  /// The width of `scalar` when it is always a cluster of its own; nil when it may join others.
  static func simpleWidth(of scalar: Unicode.Scalar) -> Int? {
    guard scalar.value < 0x10000 else { return nil }
    let width = simpleBMP[Int(scalar.value)]
    return width == 0 ? nil : Int(width)
  }

  /// The width of `scalar` when it is always a grapheme cluster of its own; nil when it may join
  /// a neighbour: what cutting text between scalars needs (a spacing mark or a prepended sign is
  /// cut with its neighbour).
  static func aloneWidth(of scalar: Unicode.Scalar) -> Int? {
    contains(UnicodeWidthTables.joining, scalar.value) ? nil : simpleWidth(of: scalar)
  }

  private static func slowWidth(_ text: String) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// For each BMP scalar: the 1 or 2 columns it adds to any cluster it is in, or 0 when it may make
  /// a cluster other than the sum of its scalars (joiners, selectors, the keycap), composes
  /// syllables (jamo), takes no column (marks, format characters) or is a control. Built once,
  /// range by range, from the generated tables: a process that measures one line pays for a few
  /// hundred ranges, not a lookup per scalar of the plane.
  private static let simpleBMP: [UInt8] = {
    var table = [UInt8](repeating: 1, count: 0x10000)
    table.withUnsafeMutableBufferPointer { table in
      func fill(_ ranges: [ClosedRange<UInt32>], with width: UInt8) {
        guard let base = table.baseAddress else { return }
        for range in ranges where range.lowerBound < 0x10000 {
          let start = Int(range.lowerBound)
          (base + start).update(repeating: width, count: Int(min(range.upperBound, 0xFFFF)) - start + 1)
        }
      }
      fill(UnicodeWidthTables.emojiPresentation, with: 2)
      fill(UnicodeWidthTables.wide, with: 2)
      // Controls and surrogates; Hangul jamo, which compose syllables; variation selectors, the
      // joiner and the keycap, which join the character before.
      fill(
        [
          0x0...0x1F, 0x7F...0x9F, 0xD800...0xDFFF, 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF,
          0xFE00...0xFE0F, 0x200D...0x200D, 0x20E3...0x20E3,
        ], with: 0)
      fill(UnicodeWidthTables.zeroWidth, with: 0)
      table[Int(softHyphen)] = 1
    }
    return table
  }()

  /// The columns one user-perceived character takes.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
    // A cluster of its own (a control, to grapheme breaking).
    if first.value == softHyphen { return 1 }
    var hasJoiner = false
    var hasEmojiSelector = false
    var hasTextSelector = false
    var hasKeycap = false
    var hasSkinTone = false
    var regionalIndicators = 0
    for scalar in scalars {
      switch scalar.value {
      case 0x200D: hasJoiner = true
      case 0xFE0F: hasEmojiSelector = true
      case 0xFE0E: hasTextSelector = true
      case 0x20E3: hasKeycap = true
      case 0x1F3FB...0x1F3FF: hasSkinTone = true
      case 0x1F1E6...0x1F1FF: regionalIndicators += 1
      default: break
      }
    }
    if regionalIndicators > 0 { return regionalIndicators >= 2 ? 2 : 1 }
    if hasKeycap || hasSkinTone { return 2 }
    if hasTextSelector, !hasJoiner { return isWide(first.value) ? 2 : 1 }
    // U+FE0F asks for an emoji only of a character that has one: after a letter, a joiner or
    // nothing, a terminal draws what is there (a joiner and a selector alone: nothing).
    if hasEmojiSelector, contains(UnicodeWidthTables.extendedPictographic, first.value) { return 2 }
    if hasJoiner, contains(UnicodeWidthTables.extendedPictographic, first.value) { return 2 }
    if contains(UnicodeWidthTables.emojiPresentation, first.value) { return 2 }
    // Anything else takes the columns of its scalars, as a terminal draws them one by one: a
    // spacing mark one more than its base (Devanagari "का", Thai "ทำ": two), a mark, a format
    // character or a joining jamo none (a cluster of marks alone none at all).
    return scalars.reduce(0) { total, scalar in
      if contains(UnicodeWidthTables.zeroWidth, scalar.value) { return total }
      return total + (isWide(scalar.value) ? 2 : 1)
    }
  }

  /// U+00AD SOFT HYPHEN, a format character that terminals draw: glibc's `wcwidth`, xterm and
  /// VTE give it a column (a hyphen is shown), so it takes one here too, or a border after it
  /// would stand a column early.
  static let softHyphen: UInt32 = 0xAD

  private static func isWide(_ value: UInt32) -> Bool {
    contains(UnicodeWidthTables.wide, value)
  }

  private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      if value < ranges[middle].lowerBound {
        high = middle - 1
      } else if value > ranges[middle].upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
