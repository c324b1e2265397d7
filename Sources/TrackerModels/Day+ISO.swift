/// Why a text is not an ISO `YYYY-MM-DD` day.
public enum DayParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text does not have the shape `YYYY-MM-DD` (four, two and two ASCII digits).
  case notISODate(String)
  /// The text has the right shape, but the day does not exist (2026-02-30).
  case noSuchDay(String)

  public var description: String {
    switch self {
    case .notISODate(let text): return "\"\(text)\" is not a date in the form YYYY-MM-DD"
    case .noSuchDay(let text): return "\"\(text)\" is not a day of the calendar"
    }
  }
}

extension Day: CustomStringConvertible {
  /// Parses exactly `YYYY-MM-DD`, rejecting days that do not exist.
  public init(iso text: String) throws(DayParseError) {
    // Reads the UTF-8 view in place: imports parse hundreds of thousands of dates.
    let utf8 = text.utf8
    guard utf8.count == 10 else { throw .notISODate(text) }
    var fields = (0, 0, 0)
    for (offset, byte) in utf8.enumerated() {
      if offset == 4 || offset == 7 {
        guard byte == UInt8(ascii: "-") else { throw .notISODate(text) }
        continue
      }
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw .notISODate(text) }
      let digit = Int(byte - UInt8(ascii: "0"))
      switch offset {
      case 0..<4: fields.0 = fields.0 * 10 + digit
      case 5..<7: fields.1 = fields.1 * 10 + digit
      default: fields.2 = fields.2 * 10 + digit
      }
    }
    guard let parsed = Day(year: fields.0, month: fields.1, day: fields.2) else { throw .noSuchDay(text) }
    self = parsed
  }

  /// The day as ISO `YYYY-MM-DD`.
  public var iso: String {
    let parts = components
    return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
  }

  public var description: String { iso }
}

private func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(abs(value))
  let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
  return value < 0 ? "-" + padded : padded
}
