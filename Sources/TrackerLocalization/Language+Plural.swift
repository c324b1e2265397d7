import LocalizationFiles

extension Language {
  /// The CLDR cardinal plural category of an integer in this language.
  public func pluralCategory(of count: Int) -> PluralCategory {
    let n = count.magnitude
    switch self {
    case .en:
      return n == 1 ? .one : .other
    case .ru:
      // CLDR: one = v=0 and i%10=1 and i%100!=11; few = i%10 in 2..4 and i%100 not in 12..14;
      // many = the other integers.
      let lastDigit = n % 10
      let lastTwo = n % 100
      if lastDigit == 1, lastTwo != 11 { return .one }
      if (2...4).contains(lastDigit), !(12...14).contains(lastTwo) { return .few }
      return .many
    }
  }

  /// The CLDR cardinal plural category of a decimal number shown with `fractionDigits` digits.
  /// A visible fraction makes the number "other" in Russian and English alike.
  public func pluralCategory(of value: Double, fractionDigits: Int) -> PluralCategory {
    let scale = (0..<fractionDigits).reduce(1.0) { value, _ in value * 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    if fractionDigits > 0, scaled.truncatingRemainder(dividingBy: scale) != 0 { return .other }
    return pluralCategory(of: Int(exactly: (scaled / scale).rounded()) ?? 0)
  }
}
