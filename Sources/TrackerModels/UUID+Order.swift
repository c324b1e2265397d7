import Foundation

extension UUID {
  /// The id as two numbers in the order of its text (`uuidString`: hexadecimal digits in byte
  /// order, the dashes always at the same places): ids sort by `textOrder` exactly as by their
  /// text, without making the text — Foundation's `uuidString` formats through `sprintf` on
  /// Linux, and a sort by it made thousands of them for a screen of records.
  public var textOrder: TextOrder {
    withUnsafeBytes(of: uuid) { bytes in
      TextOrder(
        high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
        low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }
  }

  /// An id's place among ids ordered by their text.
  public struct TextOrder: Comparable, Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    public static func < (lhs: TextOrder, rhs: TextOrder) -> Bool {
      (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
  }
}
