import Foundation
import TrackerModels

/// The statistics' day-by-day part of one store, kept between calls (see
/// `SQLiteTrackerStore.dayByDayPart`): what it was computed from, and the part.
final class DayByDayCache: @unchecked Sendable {
  /// What the part was computed from: equal keys, equal parts.
  struct Key: Equatable {
    /// `PRAGMA data_version` when it was read: another connection's commit changes it.
    var dataVersion: Int
    var today: Day
    /// The trackers judged day by day, in order.
    var trackers: [Tracker]
    /// Their days off.
    var daysOff: [TrackerDayOff]
  }

  private let lock = NSLock()
  private var kept: (key: Key, part: DayByDayPart)?

  /// The part kept for `key`, if any.
  func part(for key: Key) -> DayByDayPart? {
    lock.withLock { kept?.key == key ? kept?.part : nil }
  }

  /// Keeps `part`, computed from `key`.
  func keep(_ part: DayByDayPart, for key: Key) {
    lock.withLock { kept = (key, part) }
  }

  /// Forgets the part when `isAffected` says the trackers it was computed for (by id) changed.
  func forget(when isAffected: (Set<UUID>) -> Bool) {
    lock.withLock {
      guard let current = kept else { return }
      if isAffected(Set(current.key.trackers.map(\.id))) { kept = nil }
    }
  }
}
