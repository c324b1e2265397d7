import Foundation
import TrackerModels

/// The statistics' day-by-day part of one store, kept between calls (see
/// `SQLiteTrackerStore.dayByDayPart`): what it was computed from, and the part.
final class DayByDayCache: Sendable {
  /// What the part was computed from: equal keys, equal parts.
  struct Key: Equatable, Sendable {
    /// The writer's `data_version` when the snapshot it was read in began: another process's
    /// commit changes it.
    var otherCommits: Int
    /// `StoreConnection`'s kept generation then: one of this process's commits that may change
    /// the part moves it.
    var keptGeneration: Int
    var today: Day
    /// The trackers judged day by day, in order.
    var trackers: [Tracker]
    /// Their days off.
    var daysOff: [TrackerDayOff]
  }

  private let kept = Locked<(key: Key, part: DayByDayPart)?>(nil)

  /// The part kept for `key`, if any.
  func part(for key: Key) -> DayByDayPart? {
    kept.withLock { kept in kept?.key == key ? kept?.part : nil }
  }

  /// Keeps `part`, computed from `key` in a snapshot begun after `ownCommits` commits of this
  /// process, unless `ownCommitsNow` says another landed since (it may have changed the part
  /// after its snapshot, and its `forget` may have looked at the part kept before).
  func keep(_ part: DayByDayPart, for key: Key, ownCommits: Int, ownCommitsNow: () -> Int) {
    kept.withLock { kept in
      guard ownCommitsNow() == ownCommits else { return }
      kept = (key, part)
    }
  }

  /// Forgets the part when `isAffected` says the trackers it was computed for (by id) changed;
  /// says whether the change may have changed what a part would be (with none kept: yes).
  func forget(when isAffected: (Set<UUID>) -> Bool) -> Bool {
    kept.withLock { kept in
      guard let current = kept else { return true }
      guard isAffected(Set(current.key.trackers.map(\.id))) else { return false }
      kept = nil
      return true
    }
  }
}
