import CSQLite
import TrackerModels
import TrackerSQLite

/// A 64-bit checksum of a row's values (FNV-1a over a tagged serialization), stored beside the
/// row in its `seal` column (schema 3).
///
/// SQLite's integrity check finds damage to the file's structure and to everything an index
/// repeats (a record's tracker and day, a tracker's id and category, a name's comparison key), but
/// not a flipped bit inside a value nothing repeats: a habit's name, emoji, color, schedule, pin,
/// first day, a category's title, a setting. The seal repeats those. Every read of a sealed row
/// checks it; a mismatch is damage (`SQLITE_CORRUPT`), handled like any other.
package enum RowSeal {
  /// The seal of `values`, in their order.
  package static func of(_ values: [Statement.Value]) -> Int64 {
    var hasher = Hasher()
    for value in values { hasher.add(value) }
    return hasher.seal
  }

  /// The seal of integers, without building values (the day summaries: thousands per read).
  package static func of(integers first: Int, _ second: Int, _ third: Int) -> Int64 {
    var hasher = Hasher()
    hasher.add(Int64(first))
    hasher.add(Int64(second))
    hasher.add(Int64(third))
    return hasher.seal
  }

  /// FNV-1a, fed value by value.
  package struct Hasher {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    package var seal: Int64 { Int64(bitPattern: hash) }

    private mutating func add(byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }

    package mutating func add(_ number: Int64) {
      add(byte: 1)
      for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: number >> shift)) }
    }

    package mutating func add(_ value: Statement.Value) {
      switch value {
      case .null:
        add(byte: 0)
      case .integer(let number):
        add(number)
      case .text(let text):
        add(byte: 2)
        for byte in text.utf8 { add(byte: byte) }
        add(byte: 0xFF)  // never a byte of UTF-8: the end of the text
      case .blob(let bytes):
        add(byte: 3)
        for shift in stride(from: 0, to: 64, by: 8) {
          add(byte: UInt8(truncatingIfNeeded: bytes.count >> shift))
        }
        for byte in bytes { add(byte: byte) }
      }
    }
  }

  /// Throws `SQLITE_CORRUPT` naming `part` when `stored` is not the seal of `values`.
  package static func check(_ stored: Int, _ values: [Statement.Value], _ part: StoreDamage.DamagedPart)
    throws(SQLiteError)
  {
    guard Int64(stored) == of(values) else { throw SQLiteError(damage: .sealMismatch(part)) }
  }
}
