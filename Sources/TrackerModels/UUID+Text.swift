import Foundation

extension UUID {
  /// Parses the canonical 8-4-4-4-12 hexadecimal form (either case), or returns `nil`.
  ///
  /// Foundation's `UUID(uuidString:)` goes through `sscanf` on Linux; an import reads one id per
  /// record, and this direct parse is an order of magnitude faster.
  package init?(canonical text: String) {
    let halves =
      text.utf8.withContiguousStorageIfAvailable(UUID.canonicalHalves)
      ?? UUID.canonicalHalves(Array(text.utf8))
    guard let (high, low) = halves else { return nil }
    func byte(_ value: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> (56 - 8 * index)) }
    self.init(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
        byte(high, 6),
        byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5),
        byte(low, 6), byte(low, 7)
      ))
  }

  /// Parses canonical UUID bytes, or returns `nil`.
  package init?<Bytes: RandomAccessCollection>(canonicalBytes bytes: Bytes)
  where Bytes.Element == UInt8, Bytes.Index == Int {
    guard let (high, low) = UUID.canonicalHalves(bytes) else { return nil }
    func byte(_ value: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> (56 - 8 * index)) }
    self.init(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
        byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4),
        byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }

  /// The first and last 16 hexadecimal digits of canonical UUID bytes, or nil.
  private static func canonicalHalves<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> (UInt64, UInt64)?
  where Bytes.Element == UInt8, Bytes.Index == Int {
    guard bytes.count == 36 else { return nil }
    var high: UInt64 = 0
    var low: UInt64 = 0
    var digits = 0
    var offset = 0
    for character in bytes {
      defer { offset += 1 }
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard character == UInt8(ascii: "-") else { return nil }
        continue
      }
      let nibble: UInt64
      switch character {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt64(character - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt64(character - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt64(character - UInt8(ascii: "A") + 10)
      default: return nil
      }
      if digits < 16 { high = high << 4 | nibble } else { low = low << 4 | nibble }
      digits += 1
    }
    return (high, low)
  }
}
