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
    // Reads the UTF-8 bytes in place: imports parse hundreds of thousands of dates.
    let fields = text.utf8.withContiguousStorageIfAvailable(Day.isoFields) ?? Day.isoFields(Array(text.utf8))
    guard let fields else { throw .notISODate(text) }
    guard let parsed = Day(year: fields.year, month: fields.month, day: fields.day) else {
      throw .noSuchDay(text)
    }
    self = parsed
  }

  /// The day `YYYY-MM-DD` UTF-8 bytes name, or nil (not that shape, or no such day): for readers
  /// that hold the bytes of a large document.
  public init?<Bytes: RandomAccessCollection>(isoBytes bytes: Bytes)
  where Bytes.Element == UInt8, Bytes.Index == Int {
    guard let fields = Day.isoFields(bytes),
      let day = Day(year: fields.year, month: fields.month, day: fields.day)
    else { return nil }
    self = day
  }

  /// Year, month and day of `YYYY-MM-DD` bytes, or nil when they do not have that shape.
  private static func isoFields<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> (
    year: Int, month: Int, day: Int
  )?
  where Bytes.Element == UInt8, Bytes.Index == Int {
    guard bytes.count == 10 else { return nil }
    let start = bytes.startIndex
    guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for offset in range {
        let byte = bytes[start + offset]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
    return (year, month, day)
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
