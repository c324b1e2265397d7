import Foundation

/// A small seeded generator (SplitMix64): the same seed, the same run.
public struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0..<bound.
  public mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }

  public mutating func uuid() -> UUID {
    let high = next()
    let low = next()
    return UUID(
      uuid: (
        UInt8(truncatingIfNeeded: high), UInt8(truncatingIfNeeded: high >> 8),
        UInt8(truncatingIfNeeded: high >> 16),
        UInt8(truncatingIfNeeded: high >> 24), UInt8(truncatingIfNeeded: high >> 32),
        UInt8(truncatingIfNeeded: high >> 40), 0x40 | UInt8(truncatingIfNeeded: high >> 48) & 0x0F,
        UInt8(truncatingIfNeeded: high >> 56), 0x80 | UInt8(truncatingIfNeeded: low) & 0x3F,
        UInt8(truncatingIfNeeded: low >> 8), UInt8(truncatingIfNeeded: low >> 16),
        UInt8(truncatingIfNeeded: low >> 24), UInt8(truncatingIfNeeded: low >> 32),
        UInt8(truncatingIfNeeded: low >> 40), UInt8(truncatingIfNeeded: low >> 48),
        UInt8(truncatingIfNeeded: low >> 56)
      ))
  }
}
