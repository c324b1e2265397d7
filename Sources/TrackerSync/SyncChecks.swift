import Foundation
import TrackerArchiveCodec
import TrackerModels

/// What a sync checks of an entry before it merges it, and what a merge hides.
extension SyncFields {
  /// The fields each entity has, each with the check of its value: a value a store could hold, as
  /// the form, the importer and the archive would take it (an entry that fails is left out, never
  /// merged: a bad line must not hide a tracker or drop a note on every device).
  private static let knownFields: [SyncEntity: [String: @Sendable (JSONValue) -> Bool]] = {
    let bool: @Sendable (JSONValue) -> Bool = {
      if case .bool = $0 { return true }
      return false
    }
    let name: @Sendable (JSONValue) -> Bool = {
      guard case .string(let text) = $0,
        case .success(let valid) = NameRules.validate(text, against: [String]())
      else { return false }
      return valid == text
    }
    let id: @Sendable (JSONValue) -> Bool = {
      guard case .string(let text) = $0 else { return false }
      return UUID(canonical: text)?.uuidString == text
    }
    return [
      .category: ["title": name, SyncKey.deleted: bool],
      .tracker: [
        "name": name,
        "emoji": {
          guard case .string(let emoji) = $0 else { return false }
          return TrackerEmoji.all.contains(emoji)
        },
        "color": {
          guard case .string(let hex) = $0, let color = TrackerColor(hex: hex) else { return false }
          return TrackerColor.palette.contains(color) && color.hex == hex
        },
        "category": id,
        "kind": { decodeKind($0) != nil },
        "measure": {
          if case .success = ArchiveDecoder.parseMeasure($0) { return true }
          return false
        },
        "pinned": bool,
        "archived": bool,
        "order": {
          guard case .number(let text) = $0, let order = Int(text) else { return false }
          return String(order) == text
        },
        "created": {
          guard case .string(let text) = $0, let day = try? Day(iso: text) else { return false }
          return day.isStorable && day.iso == text
        },
        SyncKey.deleted: bool,
      ],
      .record: [
        "mark": {
          switch $0 {
          case .bool: return true
          case .string(let text):
            guard let amount = try? Amount(parsing: text) else { return false }
            return amount <= .maximum && amount.description == text
          default: return false
          }
        }
      ],
      .dayOff: ["off": bool],
      .note: [
        "text": {
          switch $0 {
          case .null: return true
          case .string(let text):
            guard case .success(let valid) = TrackerNote.validatedText(text) else { return false }
            return valid == text
          default: return false
          }
        }
      ],
      .settings: [
        "dayStart": {
          guard case .string(let text) = $0, let start = DayStart(text) else { return false }
          return start.description == text
        }
      ],
    ]
  }()

  /// Why an entry read from another device's log is not merged, or nil when it may be: a stamp
  /// more than `SyncSkip.maximumLead` ahead of `now` (milliseconds), an id that is not of its
  /// entity's form, a known field with a value of the wrong type. A field this version does not
  /// know (a newer version's) is merged when its name is a plain word: it is kept and passed on,
  /// never shown.
  package static func problem(_ key: SyncKey, _ value: SyncValue, now: UInt64) -> SyncSkipReason? {
    if value.stamp.milliseconds > now &+ SyncSkip.maximumLead { return .stampFarAhead }
    let idIsValid: Bool
    switch key.entity {
    case .category, .tracker: idIsValid = UUID(canonical: key.id)?.uuidString == key.id
    case .record, .dayOff, .note: idIsValid = trackerDay(key.id) != nil
    case .settings: idIsValid = key.id == sharedID
    }
    guard idIsValid else { return .invalidEntry }
    // No door of the store takes a completion, a note or a tracker's first day more than two
    // days after today (docs/data-format.md); a sync neither. Today is the device's own, in a
    // time zone the store does not know: one day more covers the zones ahead of UTC.
    let latest = Day.latestInBackup(today: Day(daysSinceEpoch: Int(now / 86_400_000))).adding(days: 1)
    switch key.entity {
    case .record, .note:
      if let day = trackerDay(key.id)?.day, day > latest { return .invalidEntry }
    case .tracker where key.field == "created":
      if case .string(let text) = value.value, let day = try? Day(iso: text), day > latest {
        return .invalidEntry
      }
    default: break
    }
    if let check = knownFields[key.entity]?[key.field] { return check(value.value) ? nil : .invalidEntry }
    let plain =
      (1...40).contains(key.field.utf8.count)
      && key.field.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      }
    return plain ? nil : .invalidEntry
  }

  /// A tracker's day of a key whose id is one (`SyncKey.trackerDay` with a canonical id).
  private static func trackerDay(_ id: String) -> (tracker: UUID, day: Day)? {
    guard let found = SyncKey.trackerDay(id), found.tracker.uuidString == String(id.prefix(36)),
      found.day.isStorable
    else { return nil }
    return found
  }

  /// The deletion that keeps the entry `key` stamped `stamp` out of what the store shows, or nil
  /// when it is shown (or is itself a deletion): a tracker's day under its tracker's deletion
  /// (stamped before it, or the tracker not brought back), a tracker's field while the tracker or
  /// its category stays deleted, a category's while it does.
  package static func hiding(_ key: SyncKey, _ stamp: SyncStamp, in state: SyncState) -> SyncStamp? {
    guard key.field != SyncKey.deleted else { return nil }
    switch key.entity {
    case .settings: return nil
    case .category: return deadness(.category, key.id, in: state)
    case .tracker: return trackerDeadness(key.id, in: state)
    case .record, .dayOff, .note:
      guard let (tracker, _) = SyncKey.trackerDay(key.id) else { return nil }
      let id = tracker.uuidString
      if let deletion = deletionStamp(.tracker, id, in: state), stamp <= deletion { return deletion }
      return trackerDeadness(id, in: state)
    }
  }

  /// The deletion of the tracker `id`, or of its category, that keeps it deleted; nil when alive.
  private static func trackerDeadness(_ id: String, in state: SyncState) -> SyncStamp? {
    if let deletion = deadness(.tracker, id, in: state) { return deletion }
    guard case .string(let category)? = state[SyncKey(.tracker, id, "category")]?.value else { return nil }
    if let deletion = deadness(.category, category, in: state) { return deletion }
    if let deletion = deletionStamp(.category, category, in: state),
      latestEdit(of: .tracker, id, in: state) <= deletion
    {
      return deletion
    }
    return nil
  }

  /// The deletion of a category or tracker that was not followed by an edit, or nil.
  private static func deadness(_ entity: SyncEntity, _ id: String, in state: SyncState) -> SyncStamp? {
    guard let deletion = deletionStamp(entity, id, in: state) else { return nil }
    return latestEdit(of: entity, id, in: state) > deletion ? nil : deletion
  }

  private static func deletionStamp(_ entity: SyncEntity, _ id: String, in state: SyncState) -> SyncStamp? {
    guard let deleted = state[SyncKey(entity, id, SyncKey.deleted)], deleted.value == .bool(true) else {
      return nil
    }
    return deleted.stamp
  }

  /// The latest stamp of the known fields of a category or tracker other than its deletion.
  private static func latestEdit(of entity: SyncEntity, _ id: String, in state: SyncState) -> SyncStamp {
    let fields = (knownFields[entity] ?? [:]).keys.filter { $0 != SyncKey.deleted }
    return fields.compactMap { state[SyncKey(entity, id, $0)]?.stamp }.max()
      ?? SyncStamp(clock: 0, device: "")
  }
}
