import Foundation

/// Maps tracker ids to array positions with an open-addressing table over the id's 128 bits.
///
/// The statistics look up one id per record (hundreds of thousands per pass); a `Dictionary` with
/// SipHash costs about half of the whole pass, this table a few percent.
struct TrackerIndex {
  private var keys: [(UInt64, UInt64)]
  private var values: [Int]
  private let mask: Int

  /// An index of `ids`, mapping each to its position.
  init(_ ids: [UUID]) {
    var capacity = 16
    while capacity < ids.count * 2 { capacity *= 2 }
    mask = capacity - 1
    keys = Array(repeating: (0, 0), count: capacity)
    values = Array(repeating: -1, count: capacity)
    for (position, id) in ids.enumerated() {
      let key = TrackerIndex.halves(id)
      var slot = TrackerIndex.slot(key, mask)
      while values[slot] >= 0, keys[slot] != key { slot = (slot + 1) & mask }
      if values[slot] < 0 {
        keys[slot] = key
        values[slot] = position
      }
    }
  }

  /// The position of `id`, or `nil` when it is not indexed.
  func position(of id: UUID) -> Int? {
    let key = TrackerIndex.halves(id)
    var slot = TrackerIndex.slot(key, mask)
    while values[slot] >= 0 {
      if keys[slot] == key { return values[slot] }
      slot = (slot + 1) & mask
    }
    return nil
  }

  private static func halves(_ id: UUID) -> (UInt64, UInt64) {
    withUnsafeBytes(of: id.uuid) { bytes in
      (
        bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
        bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      )
    }
  }

  private static func slot(_ key: (UInt64, UInt64), _ mask: Int) -> Int {
    let mixed = (key.0 ^ (key.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> 32) & mask
  }
}
