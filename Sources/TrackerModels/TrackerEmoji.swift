/// The emoji a tracker can wear.
public enum TrackerEmoji {
  /// The 18 emoji of the picker, in picker order (docs/rules.md). ❤️ and 🏝️ carry U+FE0F so that
  /// terminals draw them two columns wide, as every other emoji here.
  public static let all: [String] = [
    "\u{1F642}", "\u{1F63B}", "\u{1F33A}", "\u{1F436}", "\u{2764}\u{FE0F}", "\u{1F631}",
    "\u{1F607}", "\u{1F621}", "\u{1F976}", "\u{1F914}", "\u{1F64C}", "\u{1F354}",
    "\u{1F966}", "\u{1F3D3}", "\u{1F947}", "\u{1F3B8}", "\u{1F3DD}\u{FE0F}", "\u{1F62A}",
  ]

  /// Whether `text` is exactly one of the picker's emoji.
  public static func isValid(_ text: String) -> Bool { all.contains(text) }
}

extension TrackerEmoji {
  /// Whether `text` is exactly one emoji (any emoji, not only the picker's): one user-perceived
  /// character drawn as an emoji — emoji presentation by default, or asked for with U+FE0F or a
  /// keycap.
  public static func isSingleEmoji(_ text: String) -> Bool {
    guard text.count == 1 else { return false }
    let scalars = text.unicodeScalars
    guard let first = scalars.first, first.properties.isEmoji else { return false }
    return scalars.contains { $0.properties.isEmojiPresentation }
      || scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}")
  }
}
