import Foundation
import TrackerArchiveCodec
import TrackerModels

/// What a sync entry is about (docs/sync.md, "What travels").
public enum SyncEntity: String, CaseIterable, Hashable, Comparable, Sendable {
  case category
  case tracker
  /// A tracker's mark on a day, keyed by tracker and day: `true`, an amount, or `false`.
  case record
  /// A tracker's day off, keyed by tracker and day.
  case dayOff = "day-off"
  /// A tracker's note on a day, keyed by tracker and day.
  case note
  /// The settings every device shares (the day start); id `shared`.
  case settings

  public static func < (lhs: SyncEntity, rhs: SyncEntity) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// One field of one entity: what an entry sets and what the merge keeps one value of.
public struct SyncKey: Hashable, Comparable, Sendable {
  public var entity: SyncEntity
  /// A category's or tracker's id; `<tracker id>/<yyyy-mm-dd>` for a record, day off or note;
  /// `shared` for the settings.
  public var id: String
  public var field: String

  public init(_ entity: SyncEntity, _ id: String, _ field: String) {
    self.entity = entity
    self.id = id
    self.field = field
  }

  public static func < (lhs: SyncKey, rhs: SyncKey) -> Bool {
    (lhs.entity, lhs.id, lhs.field) < (rhs.entity, rhs.id, rhs.field)
  }

  /// The id of a tracker's day: `<tracker id>/<yyyy-mm-dd>`.
  package static func dayID(_ trackerID: UUID, _ day: Day) -> String { trackerID.uuidString + "/" + day.iso }

  /// The tracker and day of a day's id, or nil.
  package static func trackerDay(_ id: String) -> (tracker: UUID, day: Day)? {
    // `<36 characters of id>/<10 of date>`, read by bytes.
    let bytes = Array(id.utf8)
    guard bytes.count == 47, bytes[36] == UInt8(ascii: "/"),
      let tracker = UUID(canonicalBytes: bytes[0..<36]),
      let day = Day(isoBytes: bytes[37...])
    else { return nil }
    return (tracker, day)
  }

  /// The field that marks an entity deleted (`true`), kept until every device has read past it.
  package static let deleted = "deleted"
}

/// A field's value and the stamp that set it: one entry of a log, and the merge's state.
public struct SyncValue: Hashable, Sendable {
  public var value: JSONValue
  public var stamp: SyncStamp

  public init(_ value: JSONValue, _ stamp: SyncStamp) {
    self.value = value
    self.stamp = stamp
  }
}

/// The merge's whole state: per field, the value of the highest stamp seen. Merging is
/// commutative, associative and idempotent: any order and any repetition of entries gives the same
/// state (docs/sync.md, "Merge").
public struct SyncState: Hashable, Sendable {
  public private(set) var fields: [SyncKey: SyncValue]

  public init(fields: [SyncKey: SyncValue] = [:]) { self.fields = fields }

  /// Keeps `value` for `key` when its stamp is higher than the one kept; returns whether it won.
  @discardableResult
  public mutating func merge(_ key: SyncKey, _ value: SyncValue) -> Bool {
    if let kept = fields[key], kept.stamp >= value.stamp { return false }
    fields[key] = value
    return true
  }

  public subscript(key: SyncKey) -> SyncValue? { fields[key] }
}
