/// Why a tracker name or category title is refused (docs/rules.md).
public enum NameError: Error, Hashable, Sendable {
  /// Nothing is left after trimming white space.
  case empty
  /// More than `NameRules.maximumLength` user-perceived characters; carries the count.
  case tooLong(count: Int)
  /// A control character or a bidirectional override or isolate; carries the first one found.
  case forbiddenCharacter(Unicode.Scalar)
  /// Another tracker (or category) already has this name, ignoring case; carries that name.
  case duplicate(existing: String)
}

/// The rules shared by tracker names and category titles.
public enum NameRules {
  /// The longest allowed name, in grapheme clusters.
  public static let maximumLength = 38

  /// The name as it will be stored: surrounding white space and newlines removed.
  public static func trimmed(_ raw: String) -> String {
    // Scalar by scalar: a prepended sign (the Arabic number sign U+0600) makes one character with
    // the space after it, which trimming by characters kept (attack of 2026-12-07).
    var scalars = Substring(raw).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }

  /// The trimmed name, or the first rule it breaks. `existing` are the names it must differ from
  /// (leave the edited item's own name out).
  public static func validate<Names: Sequence>(
    _ raw: String, against existing: Names
  ) -> Result<String, NameError> where Names.Element == String {
    validate(raw) { key in existing.first { comparisonKey(trimmed($0)) == key } }
  }

  /// The check of a name the user types now (a form, the command line's `add`): `validate`'s,
  /// and more (docs/rules.md). Refused as forbidden, naming the character: an invisible one
  /// (`isInvisible`), a noncharacter, a tag outside a flag, a combining mark with no letter before
  /// it. Refused as empty: a name of joiners and variation selectors alone (`isBlankAsTyped`).
  /// Refused as a duplicate: a name that looks like another (`visibleKey`), as "Base" followed by
  /// a joiner beside "Base". Names kept from before (in a store, a backup, another device's log)
  /// are checked by `validate` alone, so that whatever was kept still reads and restores;
  /// `original`, the edited item's name as stored, passes as it is while left unchanged.
  public static func validateTyped<Names: Collection>(
    _ raw: String, against existing: Names, original: String? = nil
  ) -> Result<String, NameError> where Names.Element == String {
    let name = trimmed(raw)
    if let original, name == trimmed(original) { return validate(raw, against: existing) }
    if let scalar = refusedAsTyped(in: name) { return .failure(.forbiddenCharacter(scalar)) }
    if !name.isEmpty, isBlankAsTyped(name) { return .failure(.empty) }
    let result = validate(raw, against: existing)
    guard case .success = result else { return result }
    let key = visibleKey(name)
    if let clash = existing.first(where: { visibleKey($0) == key }) {
      return .failure(.duplicate(existing: clash))
    }
    return result
  }

  /// The first character a typed text may not hold beyond what a kept one may not (`isForbidden`):
  /// an invisible format character, a noncharacter, a tag outside a flag, or a combining mark with
  /// no letter before it; nil when there is none. Names and a measure's unit alike.
  public static func refusedAsTyped(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first(where: { isForbidden($0) || isInvisible($0) || isUnusable($0) })
      ?? strayTag(in: text)
      // A selector first is not a mark without its letter: alone, selectors make an empty name.
      ?? text.unicodeScalars.first.flatMap({ isCombining($0) && !isJoinerOrSelector($0) ? $0 : nil })
  }

  /// Whether `raw` is an empty name as a typed name is judged: white space, invisible characters,
  /// joiners and variation selectors, or nothing at all.
  public static func isBlankAsTyped(_ raw: String) -> Bool {
    trimmed(raw).unicodeScalars.allSatisfy(isFormatOnly)
  }

  /// A name as it looks, for telling look-alikes apart: `comparisonKey` of the name without what
  /// draws nothing by itself (invisible format characters, joiners, variation selectors, tags).
  /// Not stored: the stored key stays `comparisonKey`, so names kept from before keep theirs.
  public static func visibleKey(_ name: String) -> String {
    var visible = String.UnicodeScalarView()
    // The tags of a subdivision flag are drawn (they make 🏴 the flag of Scotland): they stay.
    var inFlag = false
    for scalar in trimmed(name).unicodeScalars {
      if isTag(scalar), inFlag {
        visible.append(scalar)
        continue
      }
      inFlag = scalar.value == 0x1F3F4
      if !(isInvisible(scalar) || isJoinerOrSelector(scalar)) { visible.append(scalar) }
    }
    return comparisonKey(String(visible))
  }

  /// Whether `scalar`, after `previous`, draws nothing of its own there: an invisible character,
  /// or a joiner or selector that does not join or select an emoji ("km" and a joiner look like
  /// "km"; in "❤️" the selector is what makes the heart red). What a message writes escaped so
  /// that two values that differ never look the same.
  public static func drawsNothing(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
    if isInvisible(scalar) { return true }
    guard isJoinerOrSelector(scalar), !isTag(scalar) else { return false }
    return !(previous?.properties.isEmoji ?? false) && previous.map(isJoinerOrSelector) != true
  }

  /// A tag character (U+E0000–E007F): part of a subdivision flag's sequence.
  private static func isTag(_ scalar: Unicode.Scalar) -> Bool { (0xE0000...0xE007F).contains(scalar.value) }

  /// A noncharacter (U+FFFE, U+FDD0…): never text. (Code points this toolchain's Unicode has not
  /// assigned are left alone: a new emoji may be one.)
  private static func isUnusable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isNoncharacterCodePoint
  }

  /// A combining mark: at the start of a name it has no letter to sit on.
  private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark: return true
    default: return false
    }
  }

  /// A tag character outside a flag's sequence (tags follow U+1F3F4 and end with U+E007F): it
  /// draws nothing there.
  private static func strayTag(in name: String) -> Unicode.Scalar? {
    var inFlag = false
    for scalar in name.unicodeScalars {
      if isTag(scalar) {
        if !inFlag { return scalar }
      } else {
        inFlag = scalar.value == 0x1F3F4
      }
    }
    return nil
  }

  /// A code point as a refusal names it after "U+": hexadecimal, upper case, at least four
  /// digits ("0007", "202E", "1BCA0"), as Unicode writes them.
  public static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Characters a typed name may not hold because they draw nothing, or nothing of their own:
  /// every default ignorable code point and every format character of Unicode (the soft hyphen,
  /// the zero width space, the byte order mark, the word joiner, the left-to-right and
  /// right-to-left marks, the Hangul fillers, the shorthand format controls, the interlinear
  /// annotation marks…), read from the toolchain's Unicode properties rather than listed by hand;
  /// and the line and paragraph separators, which would break a name across lines, and the
  /// Braille blank, which draws as a space. Not among them: the zero width joiner and non-joiner,
  /// variation selectors (the Mongolian free ones too) and tags, with which emoji and several
  /// scripts are written; and the prepended concatenation marks (the Arabic number sign…), which
  /// are drawn.
  public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if isJoinerOrSelector(scalar) { return false }
    switch scalar.value {
    case 0x2028, 0x2029, 0x2800: return true
    case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD: return false
    default:
      return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
    }
  }

  /// Whether `scalar` draws nothing by itself: white space, an invisible format character, a
  /// joiner or non-joiner, a variation selector or a tag.
  private static func isFormatOnly(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || isInvisible(scalar) || isJoinerOrSelector(scalar)
  }

  /// The zero width joiner and non-joiner, a variation selector (an ideographic or a Mongolian
  /// one included) or a tag.
  private static func isJoinerOrSelector(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isJoinControl || scalar.properties.isVariationSelector || isTag(scalar)
  }

  /// The same check against names already indexed by their comparison key: O(1) per name, for
  /// imports of thousands.
  public static func validate(_ raw: String, against index: NameIndex) -> Result<String, NameError> {
    validate(raw) { index.name(withKey: $0) }
  }

  private static func validate(_ raw: String, clash: (String) -> String?) -> Result<String, NameError> {
    let name = trimmed(raw)
    if let scalar = name.unicodeScalars.first(where: isForbidden) {
      return .failure(.forbiddenCharacter(scalar))
    }
    if name.isEmpty { return .failure(.empty) }
    let length = name.count
    if length > maximumLength { return .failure(.tooLong(count: length)) }
    if let existing = clash(comparisonKey(name)) { return .failure(.duplicate(existing: existing)) }
    return .success(name)
  }

  /// The form two names are compared in for duplicates: case folded, nothing else.
  public static func comparisonKey(_ name: String) -> String {
    name.lowercased()
  }

  /// Control characters (Cc) and the bidirectional overrides and isolates U+202A–E, U+2066–9.
  public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    // Cc is exactly U+0000–001F and U+007F–009F.
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }
}

/// Names by their comparison key, so "is this name taken?" costs one lookup.
public struct NameIndex: Sendable {
  private var names: [String: String] = [:]

  /// An index of `names` (the first of names that compare equal wins).
  public init<Names: Sequence>(_ names: Names) where Names.Element == String {
    for name in names { insert(name) }
  }

  /// The indexed name that compares equal to a name with comparison key `key`, if any.
  public func name(withKey key: String) -> String? { names[key] }

  /// Adds `name`.
  public mutating func insert(_ name: String) {
    let key = NameRules.comparisonKey(NameRules.trimmed(name))
    if names[key] == nil { names[key] = name }
  }
}
