/// A tracker's color as 24-bit RGB; the picker offers `palette`.
public struct TrackerColor: Hashable, Sendable, CustomStringConvertible {
  /// The color as 0xRRGGBB.
  public let rgb: UInt32

  /// The color 0xRRGGBB (higher bits are dropped).
  public init(rgb: UInt32) { self.rgb = rgb & 0xFF_FFFF }

  /// Parses `#RRGGBB` (either case), or returns `nil`.
  public init?(hex: String) {
    let utf8 = Array(hex.utf8)
    guard utf8.count == 7, utf8[0] == UInt8(ascii: "#") else { return nil }
    var value: UInt32 = 0
    for byte in utf8.dropFirst() {
      guard let digit = hexDigit(byte) else { return nil }
      value = value << 4 | digit
    }
    self.rgb = value
  }

  /// The red, green and blue components.
  public var components: (red: UInt8, green: UInt8, blue: UInt8) {
    (UInt8(rgb >> 16 & 0xFF), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF))
  }

  /// `#RRGGBB` in upper case.
  public var hex: String {
    let digits = String(rgb, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - digits.count) + digits
  }

  public var description: String { hex }

  /// The 18 colors of the picker, in picker order (docs/rules.md); the same in both themes.
  public static let palette: [TrackerColor] = [
    0xFD4C49, 0xFF881E, 0x007BFA, 0x6E44FE, 0x33CF69, 0xE66DD4,
    0xF9D4D4, 0x34A7FE, 0x46E69D, 0x35347C, 0xFF674D, 0xFF99CC,
    0xF6C48B, 0x7994F5, 0x832CF1, 0xAD56DA, 0x8D72E6, 0x2FD058,
  ].map(TrackerColor.init(rgb:))
}

private func hexDigit(_ byte: UInt8) -> UInt32? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
  default: return nil
  }
}
