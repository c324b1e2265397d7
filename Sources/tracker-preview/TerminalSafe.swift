import TrackerModels

/// Text from a data file made safe to print: a data file edited by hand could hold escape
/// sequences or bidirectional overrides, which must never reach the terminal raw.
enum TerminalSafe {
  /// `text` with control characters and bidirectional overrides replaced by U+FFFD.
  static func text(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: NameRules.isForbidden) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(NameRules.isForbidden(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }
}
