import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite

extension UUID {
  /// The name-based UUID of RFC 9562 (version 5, SHA-1) of `name` in `namespace`: the same name
  /// always gives the same id, so a file imported twice names its trackers the same both times.
  package init(name: String, namespace: UUID) {
    let space = namespace.uuid
    var bytes: [UInt8] = [
      space.0, space.1, space.2, space.3, space.4, space.5, space.6, space.7,
      space.8, space.9, space.10, space.11, space.12, space.13, space.14, space.15,
    ]
    bytes.append(contentsOf: name.utf8)
    var digest = SHA1.digest(bytes)
    digest[6] = digest[6] & 0x0F | 0x50
    digest[8] = digest[8] & 0x3F | 0x80
    self.init(
      uuid: (
        digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
        digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
      ))
  }
}

/// SHA-1 (FIPS 180-4), only for name-based UUIDs: nothing here relies on it for security.
private enum SHA1 {
  package static func digest(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      padded.append(UInt8(truncatingIfNeeded: bits >> shift))
    }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: padded.count, by: 64) {
      for i in 0..<16 {
        let j = chunk + i * 4
        w[i] =
          UInt32(padded[j]) << 24 | UInt32(padded[j + 1]) << 16 | UInt32(padded[j + 2]) << 8
          | UInt32(padded[j + 3])
      }
      for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for i in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch i {
        case 0..<20: (f, k) = (b & c | ~b & d, 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = (b & c | b & d | c & d, 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let t = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
        (e, d, c, b, a) = (d, c, rotate(b, 30), a, t)
      }
      h[0] = h[0] &+ a
      h[1] = h[1] &+ b
      h[2] = h[2] &+ c
      h[3] = h[3] &+ d
      h[4] = h[4] &+ e
    }
    return h.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
  }

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value << count | value >> (32 - count)
  }
}
