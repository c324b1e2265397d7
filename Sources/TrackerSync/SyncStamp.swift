import Foundation
import TrackerArchiveCodec
import TrackerModels

/// When a sync entry was made, by a hybrid logical clock (docs/sync.md): 48 bits of milliseconds
/// since 1970, a 16-bit counter for entries within one millisecond (or made while the clock stood
/// behind a stamp already seen), and the device that made it, which breaks ties. Stamps are
/// totally ordered; the higher one wins a field.
public struct SyncStamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Milliseconds in the high 48 bits, the counter in the low 16.
  public let clock: UInt64
  /// The device that made it (a canonical UUID, upper case).
  public let device: String

  /// A stamp of `milliseconds` and `counter` by `device`.
  public init(milliseconds: UInt64, counter: UInt16, device: String) {
    clock = (milliseconds & 0xFFFF_FFFF_FFFF) << 16 | UInt64(counter)
    self.device = device
  }

  package init(clock: UInt64, device: String) {
    self.clock = clock
    self.device = device
  }

  /// The milliseconds since 1970.
  public var milliseconds: UInt64 { clock >> 16 }
  /// The counter within the millisecond.
  public var counter: UInt16 { UInt16(clock & 0xFFFF) }

  public static func < (lhs: SyncStamp, rhs: SyncStamp) -> Bool {
    (lhs.clock, lhs.device) < (rhs.clock, rhs.device)
  }

  /// The clock part as written in a log: 16 lower-case hexadecimal digits (12 of milliseconds,
  /// 4 of counter), so text order is time order.
  public var clockText: String {
    let digits = String(clock, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The clock part from its text, or nil.
  package static func clock(fromText text: String) -> UInt64? {
    guard text.utf8.count == 16,
      text.utf8.allSatisfy({
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      })
    else { return nil }
    return UInt64(text, radix: 16)
  }

  public var description: String { clockText + "@" + device }
}

/// A hybrid logical clock: stamps that follow the wall clock, never go back, and always come after
/// every stamp seen (so an edit made after seeing another wins over it).
///
/// Arithmetic on it cannot trap, whatever a log holds: a stamp seen beyond `cap(now:)` (a day past
/// this device's clock) is kept by the merge but moves this clock only as far as the cap, so one
/// hostile or bit-rotted line cannot push it to the end of time (docs/sync.md, "Hostile input").
public struct HybridClock: Hashable, Sendable {
  /// The highest clock value made or seen.
  public private(set) var latest: UInt64
  /// This device.
  public let device: String

  /// How far past the wall clock a stamp seen may move this clock: 24 hours.
  public static let reach: UInt64 = 86_400_000

  /// A clock of `device` that has made or seen nothing later than `latest`.
  public init(device: String, latest: UInt64 = 0) {
    self.device = device
    self.latest = latest
  }

  /// The highest clock value a clock may stand at when the wall clock says `now` (milliseconds):
  /// the last value of the millisecond a day ahead.
  public static func cap(now: UInt64) -> UInt64 {
    let milliseconds = min(now, 0xFFFF_FFFF_FFFF - reach) + reach
    return milliseconds << 16 | 0xFFFF
  }

  /// A new stamp at `now` (milliseconds since 1970): `now` with counter 0, or, when the clock
  /// already stands at or past it, the next counter of the latest value.
  public mutating func stamp(now: UInt64) -> SyncStamp {
    let wall = (now & 0xFFFF_FFFF_FFFF) << 16
    latest = wall > latest ? wall : latest == .max ? latest : latest + 1
    return SyncStamp(clock: latest, device: device)
  }

  /// Takes note of a stamp seen in another device's log: later stamps of this clock come after it,
  /// up to `cap(now:)`.
  public mutating func observe(_ stamp: SyncStamp, now: UInt64) {
    let seen = min(stamp.clock, Self.cap(now: now))
    if seen > latest { latest = seen }
  }

  /// This clock brought back to `cap(now:)` when it stands more than a year past `now`: what a
  /// hostile stamp left before stamps were checked. (A clock a day or a month ahead is this
  /// device's own wrong clock, or one it saw within a day: brought back, its next edits would
  /// lose to its own earlier ones.)
  public mutating func limit(now: UInt64) {
    let year: UInt64 = 366 * 86_400_000
    guard latest > Self.cap(now: min(now, 0xFFFF_FFFF_FFFF - year) + year) else { return }
    latest = Self.cap(now: now)
  }
}
