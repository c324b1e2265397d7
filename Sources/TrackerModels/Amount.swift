import Foundation

/// A decimal ≥ 0 with up to three decimals (docs/rules.md, "Measurable habits"): a measurable
/// tracker's target and the amount a record carries.
///
/// Stored exactly as a whole number of thousandths, so amounts add and compare without rounding
/// (no floating point anywhere): the sum of any number of amounts is exact up to `Int.max`
/// thousandths, over nine million amounts of `maximum` each.
public struct Amount: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The amount in thousandths: 12.5 is 12 500.
  public let thousandths: Int

  /// The largest amount read from text: 999 999 999.999.
  public static let maximum = Amount(uncheckedThousandths: 999_999_999_999)
  /// Nothing: the amount of an at-most day without a record.
  public static let zero = Amount(uncheckedThousandths: 0)

  /// The amount of `thousandths` thousandths, or nil when it is negative.
  public init?(thousandths: Int) {
    guard thousandths >= 0 else { return nil }
    self.thousandths = thousandths
  }

  /// The whole amount `units` (3 is 3.000), or nil when it is negative or too large to hold.
  public init?(units: Int) {
    let (value, overflow) = units.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return nil }
    self.init(thousandths: value)
  }

  private init(uncheckedThousandths: Int) { thousandths = uncheckedThousandths }

  /// Reads `text` in either decimal format: "12.5", "12,5", "0.125", "3", ".5", "5." (white space
  /// around it ignored; ASCII digits only, no thousands separators, so "1,000" is 1). Refuses,
  /// with the reason: nothing, a sign, anything but digits and one separator, more than three
  /// decimals (even zeros: "1.0000"), and more than `maximum`.
  public init(parsing text: String) throws(AmountParseError) {
    var trimmed = NameRules.trimmed(text)
    self = try trimmed.withUTF8 { Self.parse(trimmed: $0) }.get()
  }

  /// The amount written as plain ASCII digits with at most one "." (how an archive writes it:
  /// "12.5", "3"), read straight from its UTF-8 bytes; nil for anything else — white space, a
  /// sign, a ",", too many decimals, too large — which `init(parsing:)` then reads or refuses with
  /// its reason. Whenever it gives an amount, `init(parsing:)` gives the same.
  public init?(plainUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes
    where !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) && byte != UInt8(ascii: ".") {
      return nil
    }
    guard case .success(let amount) = Self.parse(trimmed: bytes) else { return nil }
    self = amount
  }

  /// `init(parsing:)` on text already trimmed, as UTF-8 bytes.
  private static func parse(trimmed: UnsafeBufferPointer<UInt8>) -> Result<Amount, AmountParseError> {
    var bytes = trimmed[...]
    guard let sign = bytes.first else { return .failure(.empty) }
    if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    var whole = 0
    var decimals: Int?
    var fraction = 0
    var digits = 0
    for byte in bytes {
      if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
        guard decimals == nil else { return .failure(.notANumber) }
        decimals = 0
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .failure(.notANumber) }
      let digit = Int(byte - UInt8(ascii: "0"))
      digits += 1
      if let count = decimals {
        decimals = count + 1
        if count < 3 { fraction = fraction * 10 + digit }
      } else {
        // Stops growing past the maximum, so no digit count can overflow.
        whole = min(whole * 10 + digit, Amount.maximum.thousandths)
      }
    }
    guard digits > 0 else { return .failure(.notANumber) }
    if sign == UInt8(ascii: "-") { return .failure(.negative) }
    if sign == UInt8(ascii: "+") { return .failure(.notANumber) }
    let places = decimals ?? 0
    guard places <= 3 else { return .failure(.tooManyDecimals(count: places)) }
    var scaled = fraction
    for _ in places..<3 { scaled *= 10 }
    guard whole <= Amount.maximum.thousandths / 1000 else { return .failure(.tooLarge) }
    let value = whole * 1000 + scaled
    guard value <= Amount.maximum.thousandths else { return .failure(.tooLarge) }
    return .success(Amount(uncheckedThousandths: value))
  }

  /// The amount with "." as the decimal separator, trailing zeros dropped: "12.5", "3", "0.125".
  public var description: String { written(decimalSeparator: ".") }

  /// The amount with `decimalSeparator` ("," in Russian), trailing zeros dropped: "12,5".
  public func written(decimalSeparator: String) -> String {
    Self.written(thousandths: thousandths, decimalSeparator: decimalSeparator)
  }

  /// `thousandths` (0 or more, any size: a period's sum may pass `maximum`) written as an amount.
  public static func written(thousandths: Int, decimalSeparator: String) -> String {
    let whole = String(thousandths / 1000)
    var fraction = thousandths % 1000
    guard fraction != 0 else { return whole }
    var places = 3
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    let digits = String(fraction)
    return whole + decimalSeparator + String(repeating: "0", count: places - digits.count) + digits
  }

  /// Whether the amount is more than zero, as a target must be.
  public var isPositive: Bool { thousandths > 0 }

  /// The exact sum (traps only past `Int.max` thousandths, as `Int` does).
  public static func + (lhs: Amount, rhs: Amount) -> Amount {
    Amount(uncheckedThousandths: lhs.thousandths + rhs.thousandths)
  }

  /// The exact sum of `amounts`; zero when there are none.
  public static func sum<Amounts: Sequence>(_ amounts: Amounts) -> Amount where Amounts.Element == Amount {
    amounts.reduce(.zero, +)
  }

  public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.thousandths < rhs.thousandths }
}

/// Why a text is not an amount (`Amount(parsing:)`).
public enum AmountParseError: Error, Hashable, Sendable {
  /// Nothing but white space.
  case empty
  /// Not digits with at most one "." or ",": letters, spaces inside, a second separator, a plus.
  case notANumber
  /// A minus sign: amounts are never below zero.
  case negative
  /// More than three digits after the separator; carries how many.
  case tooManyDecimals(count: Int)
  /// More than `Amount.maximum`.
  case tooLarge
}

/// An amount in JSON is a number with at most three decimals (12.5), as `description` writes it:
/// what a widget's snapshot carries (`WidgetSnapshot`).
extension Amount: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let number = try container.decode(Decimal.self)
    guard let amount = try? Amount(parsing: "\(number)") else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(number) is not an amount")
    }
    self = amount
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    // The description is a plain decimal ("12.5"), which Decimal reads exactly.
    try container.encode(Decimal(string: description) ?? Decimal(thousandths) / 1000)
  }
}
