import Foundation
import TrackerArchiveCodec
import TrackerModels

/// A tracker's day as an ordered value: the tracker id's two halves (big-endian, so their order is
/// the order of `uuidString`) and the day. Records, days off and notes sorted by it are in the
/// order `StoreContents` keeps them, compared without making a string.
package struct TrackerDayKey: Hashable, Comparable {
  package let high: UInt64
  package let low: UInt64
  package let day: Int

  package init(_ tracker: UUID, _ day: Day) {
    (high, low) = tracker.orderHalves
    self.day = day.daysSinceEpoch
  }

  package static func < (lhs: TrackerDayKey, rhs: TrackerDayKey) -> Bool {
    (lhs.high, lhs.low, lhs.day) < (rhs.high, rhs.low, rhs.day)
  }
}

extension UUID {
  /// The id's bytes as two big-endian numbers: ordering by them orders by `uuidString`.
  package var orderHalves: (UInt64, UInt64) {
    withUnsafeBytes(of: uuid) { raw in
      (
        UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }
}

/// A record, day off or note: something of a tracker on a day.
package protocol TrackerDayItem {
  var trackerID: UUID { get }
  var day: Day { get }
}

extension TrackerRecord: TrackerDayItem {}
extension TrackerDayOff: TrackerDayItem {}
extension TrackerNote: TrackerDayItem {}

/// Walks two lists together by tracker and day (sorting a copy first when one is not in that
/// order), calling `body` once per tracker's day with the item of each list that has it.
package func walkTogether<Item: TrackerDayItem>(
  _ old: [Item], _ new: [Item], _ body: (Item?, Item?) throws -> Void
) rethrows {
  func key(_ item: Item) -> TrackerDayKey { TrackerDayKey(item.trackerID, item.day) }
  func inOrder(_ items: [Item]) -> [Item] {
    let keys = items.map(key)
    if zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) { return items }
    return zip(keys, items).sorted { $0.0 < $1.0 }.map(\.1)
  }
  let old = inOrder(old)
  let new = inOrder(new)
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if j == new.count || (i < old.count && key(old[i]) < key(new[j])) {
      try body(old[i], nil)
      i += 1
    } else if i == old.count || key(new[j]) < key(old[i]) {
      try body(nil, new[j])
      j += 1
    } else {
      try body(old[i], new[j])
      i += 1
      j += 1
    }
  }
}

extension SyncFields {
  /// The entries that take a store from `before` (what the last sync left) to `now` (what it
  /// holds): each field added or changed with its new value; a category or tracker gone as one
  /// `deleted` entry (its records, days off and notes go with it: the merge hides what was stamped
  /// before a deletion); a record, day off or note gone from a tracker still there as `false` or
  /// null. Categories, then trackers, then the days of each tracker in order: a log's lines are
  /// stable.
  package static func edits(
    from before: StoreContents, dayStart beforeStart: DayStart, to now: StoreContents,
    dayStart nowStart: DayStart
  ) -> [(SyncKey, JSONValue)] {
    var edits: [(SyncKey, JSONValue)] = []
    let oldCategories = Dictionary(before.categories.map { ($0.id, $0) }) { first, _ in first }
    let newCategories = Set(now.categories.map(\.id))
    for category in now.categories where oldCategories[category.id]?.title != category.title {
      edits.append((SyncKey(.category, category.id.uuidString, "title"), .string(category.title)))
    }
    for category in before.categories where !newCategories.contains(category.id) {
      edits.append((SyncKey(.category, category.id.uuidString, SyncKey.deleted), .bool(true)))
    }
    let oldTrackers = Dictionary(before.trackers.map { ($0.id, $0) }) { first, _ in first }
    let newTrackers = Set(now.trackers.map(\.id))
    for tracker in now.trackers {
      let old = oldTrackers[tracker.id]
      guard old != tracker else { continue }
      let oldFields = old.map(trackerFields)
      for (index, (field, value)) in trackerFields(tracker).enumerated() where oldFields?[index].1 != value {
        edits.append((SyncKey(.tracker, tracker.id.uuidString, field), value))
      }
    }
    for tracker in before.trackers where !newTrackers.contains(tracker.id) {
      edits.append((SyncKey(.tracker, tracker.id.uuidString, SyncKey.deleted), .bool(true)))
    }
    walkTogether(before.records, now.records) { old, new in
      if let new {
        guard old != new else { return }
        edits.append((SyncKey(.record, SyncKey.dayID(new.trackerID, new.day), "mark"), mark(new.amount)))
      } else if let old, newTrackers.contains(old.trackerID) {
        edits.append((SyncKey(.record, SyncKey.dayID(old.trackerID, old.day), "mark"), .bool(false)))
      }
    }
    walkTogether(before.daysOff, now.daysOff) { old, new in
      if let new {
        guard old == nil else { return }
        edits.append((SyncKey(.dayOff, SyncKey.dayID(new.trackerID, new.day), "off"), .bool(true)))
      } else if let old, newTrackers.contains(old.trackerID) {
        edits.append((SyncKey(.dayOff, SyncKey.dayID(old.trackerID, old.day), "off"), .bool(false)))
      }
    }
    walkTogether(before.notes, now.notes) { old, new in
      if let new {
        guard old != new else { return }
        edits.append((SyncKey(.note, SyncKey.dayID(new.trackerID, new.day), "text"), .string(new.text)))
      } else if let old, newTrackers.contains(old.trackerID) {
        edits.append((SyncKey(.note, SyncKey.dayID(old.trackerID, old.day), "text"), .null))
      }
    }
    if beforeStart != nowStart {
      edits.append((SyncKey(.settings, sharedID, "dayStart"), .string(nowStart.description)))
    }
    return edits
  }
}

extension SyncFields {
  /// The removals to send for marks, days off and notes that were made here and taken away again
  /// before a sync (their keys `stamped`, not among `edits`, unknown to the merge, absent from
  /// `current`): no other device heard of them, but their removal is later than another device's
  /// mark or note of the same day, and must win over it.
  package static func removals(
    of stamped: some Collection<SyncKey>, notIn edits: [(SyncKey, JSONValue)], merged: SyncState,
    current: StoreContents
  ) -> [(SyncKey, JSONValue)] {
    let candidates = stamped.filter { key in
      switch key.entity {
      case .record, .dayOff, .note: return merged[key] == nil
      case .category, .tracker, .settings: return false
      }
    }
    guard !candidates.isEmpty else { return [] }
    let edited = Set(edits.map(\.0))
    let trackers = Set(current.trackers.map(\.id))
    var present: Set<SyncKey> = []
    for record in current.records {
      present.insert(SyncKey(.record, SyncKey.dayID(record.trackerID, record.day), "mark"))
    }
    for dayOff in current.daysOff {
      present.insert(SyncKey(.dayOff, SyncKey.dayID(dayOff.trackerID, dayOff.day), "off"))
    }
    for note in current.notes {
      present.insert(SyncKey(.note, SyncKey.dayID(note.trackerID, note.day), "text"))
    }
    return candidates.sorted().compactMap { key in
      guard !edited.contains(key), !present.contains(key), let (tracker, _) = SyncKey.trackerDay(key.id),
        trackers.contains(tracker)
      else { return nil }
      return (key, key.entity == .note ? JSONValue.null : .bool(false))
    }
  }
}
