import Foundation
import TrackerArchiveCodec
import TrackerModels

/// A store's contents as the merge's fields, and back (docs/sync.md, "What travels").
///
/// A category has `title`; a tracker `name`, `emoji`, `color`, `category`, `kind` (its schedule or
/// quota, one field, so two devices' edits cannot combine into a schedule neither made), `measure`,
/// `pinned`, `created`, `reminders` (the whole list, one field), `archived` and `order` (each a
/// field of its own: a move and an archive on two devices both stay); either may have `deleted`. A record's one field `mark` is `true`, an
/// amount (`"12.5"`) or `false`; a day off's `off` is `true` or `false`; a note's `text` is its text
/// or null. The shared settings' `dayStart` is the day start.
package enum SyncFields {
  /// The id of the shared settings.
  package static let sharedID = "shared"

  /// Every field of `contents` and the day start, with its value.
  package static func fields(of contents: StoreContents, dayStart: DayStart) -> [SyncKey: JSONValue] {
    var fields: [SyncKey: JSONValue] = [:]
    fields.reserveCapacity(
      contents.categories.count + contents.trackers.count * 8 + contents.records.count
        + contents.daysOff.count
        + contents.notes.count + 1)
    for category in contents.categories {
      fields[SyncKey(.category, category.id.uuidString, "title")] = .string(category.title)
    }
    for tracker in contents.trackers {
      for (field, value) in trackerFields(tracker) {
        fields[SyncKey(.tracker, tracker.id.uuidString, field)] = value
      }
    }
    for record in contents.records {
      fields[SyncKey(.record, SyncKey.dayID(record.trackerID, record.day), "mark")] = mark(record.amount)
    }
    for dayOff in contents.daysOff {
      fields[SyncKey(.dayOff, SyncKey.dayID(dayOff.trackerID, dayOff.day), "off")] = .bool(true)
    }
    for note in contents.notes {
      fields[SyncKey(.note, SyncKey.dayID(note.trackerID, note.day), "text")] = .string(note.text)
    }
    fields[SyncKey(.settings, sharedID, "dayStart")] = .string(dayStart.description)
    return fields
  }

  /// A record's `mark`: its amount, or `true` without one.
  package static func mark(_ amount: Amount?) -> JSONValue {
    amount.map { .string($0.description) } ?? .bool(true)
  }

  /// The fields of a tracker, in order.
  package static func trackerFields(_ tracker: Tracker) -> [(String, JSONValue)] {
    let kind: JSONValue
    switch tracker.kind {
    case .habit(let schedule):
      if let quota = schedule.quota {
        kind = .object([("quota", TrackerArchive.encode(quota))])
      } else if let window = schedule.window {
        kind = .object([("window", TrackerArchive.encode(window))])
      } else {
        kind = .object([("days", .array(schedule.days.days.map { .string($0.code) }))])
      }
    case .event: kind = .null
    }
    return [
      ("name", .string(tracker.name)),
      ("emoji", .string(tracker.emoji)),
      ("color", .string(tracker.color.hex)),
      ("category", .string(tracker.categoryID.uuidString)),
      ("kind", kind),
      ("measure", tracker.measure.goal.map(TrackerArchive.encode) ?? .null),
      ("pinned", .bool(tracker.isPinned)),
      ("created", .string(tracker.createdOn.iso)),
      ("reminders", TrackerArchive.encode(tracker.reminders)),
      ("archived", .bool(tracker.isArchived)),
      ("order", .int(tracker.order)),
    ]
  }

  // MARK: Back to contents

  /// What a store holds after the merge `state`: every category and tracker alive, their names
  /// made unique, and the records, days off and notes of the trackers shown (docs/sync.md,
  /// "Merge"). The same state gives the same contents on every device.
  package static func materialize(_ state: SyncState) -> (contents: StoreContents, dayStart: DayStart) {
    var categoryFields: [String: [String: SyncValue]] = [:]
    var trackerFields: [String: [String: SyncValue]] = [:]
    var daysOff: [String: SyncValue] = [:]
    var notes: [(SyncKey, SyncValue)] = []
    var dayStart = DayStart.midnight
    for (key, value) in state.fields {
      switch key.entity {
      case .category: categoryFields[key.id, default: [:]][key.field] = value
      case .tracker: trackerFields[key.id, default: [:]][key.field] = value
      case .record: continue  // The second pass, below: a year's marks are not copied first.
      case .dayOff: if key.field == "off" { daysOff[key.id] = value }
      case .note: if key.field == "text" { notes.append((key, value)) }
      case .settings:
        if key.id == sharedID, key.field == "dayStart", case .string(let text) = value.value,
          let start = DayStart(text)
        {
          dayStart = start
        }
      }
    }

    // Categories alive, by id.
    var categories: [UUID: (category: TrackerCategory, deletedAt: SyncStamp?)] = [:]
    var categoryDeletions: [UUID: SyncStamp] = [:]
    for (id, fields) in categoryFields {
      guard let uuid = UUID(canonical: id) else { continue }
      let deletedAt = deletion(fields)
      if let deletedAt { categoryDeletions[uuid] = deletedAt }
      guard isAlive(fields, deletedAt: deletedAt), case .string(let title)? = fields["title"]?.value,
        case .success(let valid) = NameRules.validate(title, against: [String]())
      else { continue }
      categories[uuid] = (TrackerCategory(id: uuid, title: valid), deletedAt)
    }

    // Trackers alive, in categories alive and edited after their category's deletion. A tracker
    // whose category no device ever made (a hostile line, or a category whose log has not come
    // yet) is not hidden: it shows in the first category alive, by id, the same on every device,
    // until the category it names comes (docs/sync.md, "Odd content").
    let fallbackCategory = categories.keys.min { $0.uuidString < $1.uuidString }
    var trackers: [UUID: Tracker] = [:]
    var trackerDeletions: [UUID: SyncStamp] = [:]
    for (id, fields) in trackerFields {
      guard let uuid = UUID(canonical: id) else { continue }
      let deletedAt = deletion(fields)
      if let deletedAt { trackerDeletions[uuid] = deletedAt }
      guard isAlive(fields, deletedAt: deletedAt), var tracker = decodeTracker(uuid, fields) else { continue }
      if categoryFields[tracker.categoryID.uuidString] == nil, let fallbackCategory {
        tracker.categoryID = fallbackCategory
      }
      guard categories[tracker.categoryID] != nil else { continue }
      if let categoryDeleted = categoryDeletions[tracker.categoryID],
        latestEdit(fields) <= categoryDeleted
      {
        continue
      }
      trackers[uuid] = tracker
    }

    let namedCategories = uniquelyNamed(
      categories.values.map(\.category).sorted { $0.id.uuidString < $1.id.uuidString },
      name: \.title)
    let namedTrackers = uniquelyNamed(
      trackers.values.sorted { ($0.createdOn, $0.id.uuidString) < ($1.createdOn, $1.id.uuidString) },
      name: \.name)

    /// Whether an entry of a tracker's day is one the tracker shows: it is alive and the entry was
    /// made after the tracker's last deletion.
    func shown(_ id: String, _ stamp: SyncStamp) -> (tracker: Tracker, day: Day)? {
      guard let (trackerID, day) = SyncKey.trackerDay(id), let tracker = trackers[trackerID] else {
        return nil
      }
      if let deleted = trackerDeletions[trackerID], stamp <= deleted { return nil }
      return (tracker, day)
    }

    var records: [TrackerRecord] = []
    for (key, value) in state.fields where key.entity == .record && key.field == "mark" {
      guard let (tracker, day) = shown(key.id, value.stamp) else { continue }
      // A day off set later than the mark wins: the two exclude each other.
      if let off = daysOff[key.id], off.value == .bool(true), off.stamp > value.stamp { continue }
      let amount: Amount?
      switch value.value {
      case .bool(true): amount = nil
      case .string(let text):
        guard let parsed = try? Amount(parsing: text) else { continue }
        amount = parsed
      case .bool(false), .null, .number, .array, .object: continue
      }
      // A yes/no tracker's records carry no amount.
      records.append(
        TrackerRecord(trackerID: tracker.id, day: day, amount: tracker.measure == .yesNo ? nil : amount))
      // The day off it beat is not kept.
      daysOff.removeValue(forKey: key.id)
    }
    var offs: [TrackerDayOff] = []
    for (id, value) in daysOff where value.value == .bool(true) {
      guard let (tracker, day) = shown(id, value.stamp) else { continue }
      offs.append(TrackerDayOff(trackerID: tracker.id, day: day))
    }
    var kept: [TrackerNote] = []
    for (key, value) in notes {
      guard case .string(let text) = value.value, let (tracker, day) = shown(key.id, value.stamp),
        let valid = try? StoreRules.validatedNote(text)
      else { continue }
      kept.append(TrackerNote(trackerID: tracker.id, day: day, text: valid))
    }
    return (
      StoreContents(
        categories: StoreRules.sorted(namedCategories),
        trackers: namedTrackers.sorted { $0.id.uuidString < $1.id.uuidString },
        records: sortedByDay(records, \.trackerID, \.day), daysOff: sortedByDay(offs, \.trackerID, \.day),
        notes: sortedByDay(kept, \.trackerID, \.day)),
      dayStart
    )
  }

  /// `items` in the order of their tracker's id, then day (`StoreContents`'s order).
  package static func sortedByDay<Item>(
    _ items: [Item], _ tracker: KeyPath<Item, UUID>, _ day: KeyPath<Item, Day>
  )
    -> [Item]
  {
    items.map { (TrackerDayKey($0[keyPath: tracker], $0[keyPath: day]), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The stamp of an entity's deletion, if it has one.
  package static func deletion(_ fields: [String: SyncValue]) -> SyncStamp? {
    guard let deleted = fields[SyncKey.deleted], deleted.value == .bool(true) else { return nil }
    return deleted.stamp
  }

  /// The latest stamp of an entity's fields other than its deletion.
  package static func latestEdit(_ fields: [String: SyncValue]) -> SyncStamp {
    fields.filter { $0.key != SyncKey.deleted }.map(\.value.stamp).max()
      ?? SyncStamp(clock: 0, device: "")
  }

  /// Whether an entity is there: never deleted, or edited after its deletion.
  package static func isAlive(_ fields: [String: SyncValue], deletedAt: SyncStamp?) -> Bool {
    guard let deletedAt else { return true }
    return latestEdit(fields) > deletedAt
  }

  /// A tracker from its fields, or nil when one is missing or not valid.
  package static func decodeTracker(_ id: UUID, _ fields: [String: SyncValue]) -> Tracker? {
    guard case .string(let name)? = fields["name"]?.value,
      case .success(let validName) = NameRules.validate(name, against: [String]()),
      case .string(let emoji)? = fields["emoji"]?.value, TrackerEmoji.isSingleEmoji(emoji),
      case .string(let hex)? = fields["color"]?.value, let color = TrackerColor(hex: hex),
      case .string(let categoryText)? = fields["category"]?.value,
      let categoryID = UUID(canonical: categoryText),
      case .bool(let pinned)? = fields["pinned"]?.value,
      case .string(let createdText)? = fields["created"]?.value,
      let created = try? Day(iso: createdText), created.isStorable,
      let kindValue = fields["kind"]?.value, let decodedKind = decodeKind(kindValue),
      case .success(let decodedMeasure) = ArchiveDecoder.parseMeasure(fields["measure"]?.value)
    else { return nil }
    let (kind, measure) = reconciled(
      kind: decodedKind, measure: decodedMeasure,
      kindIsLater: (fields["kind"]?.stamp ?? SyncStamp(clock: 0, device: ""))
        > (fields["measure"]?.stamp ?? SyncStamp(clock: 0, device: "")))
    // Reminders came later than the other fields: none when a device never sent them, and none
    // when what came is not valid (a tracker is not lost over its reminders).
    let reminders: [HabitReminder]
    switch ArchiveDecoder.parseReminders(fields["reminders"]?.value) {
    case .success(let valid): reminders = valid
    case .failure: reminders = []
    }
    // Archived and order came later still: a device that never sent them left them as they were.
    var isArchived = false
    if case .bool(let archived)? = fields["archived"]?.value { isArchived = archived }
    var order = 0
    if case .number(let text)? = fields["order"]?.value, let number = Int(text) { order = number }
    return Tracker(
      id: id, name: validName, emoji: emoji, color: color, categoryID: categoryID, isPinned: pinned,
      createdOn: created, kind: kind, measure: measure, reminders: reminders, isArchived: isArchived,
      order: order)
  }

  /// `kind` and `measure` made to go together (`Tracker.paceConflict`) when two devices' edits
  /// of the one and the other, each valid alone, do not (issue 49): the field edited later stays
  /// as it is and the other is made plain — a window or a quota gives way to every day, a
  /// target of a week or a month to the day's target, a measure beside a window to a tick.
  package static func reconciled(kind: TrackerKind, measure: TrackerMeasure, kindIsLater: Bool) -> (
    TrackerKind, TrackerMeasure
  ) {
    guard let conflict = Tracker.paceConflict(kind: kind, measure: measure), let goal = measure.goal else {
      return (kind, measure)
    }
    let dailyGoal =
      (try? MeasureGoal(unit: goal.unit, target: goal.target, direction: goal.direction))
      .map(TrackerMeasure.measurable) ?? .yesNo
    switch (conflict, kindIsLater) {
    case (.windowOnMeasurable, true): return (kind, .yesNo)
    case (.windowOnMeasurable, false), (.periodTargetWithQuota, false): return (.habit(.everyDay), measure)
    case (.periodTargetWithQuota, true), (.periodTargetOnEvent, _): return (kind, dailyGoal)
    }
  }

  /// A tracker's kind from its `kind` field: null for an event, `{"days": [...]}` or
  /// `{"quota": {...}}` for a habit.
  package static func decodeKind(_ value: JSONValue) -> TrackerKind? {
    switch value {
    case .null: return .event
    case .object:
      if case .array(let codes)? = value["days"] {
        var days = WeekdaySet()
        for code in codes {
          guard case .string(let text) = code, let weekday = Weekday(code: text) else { return nil }
          days.insert(WeekdaySet(weekday))
        }
        return Schedule(days).map(TrackerKind.habit)
      }
      if let quota = value["quota"], case .success(let parsed) = ArchiveDecoder.parseQuota(quota) {
        return .habit(Schedule(quota: parsed))
      }
      if let window = value["window"], case .success(let parsed) = ArchiveDecoder.parseWindow(window) {
        return .habit(Schedule(window: parsed))
      }
      return nil
    case .bool, .number, .string, .array: return nil
    }
  }

  /// `items` with names made unique ignoring case: the first of each name (in the given order)
  /// keeps it, each later one is numbered ("Run 2", "Run 3"), shortened to fit the longest name,
  /// with a number no other item's own name takes.
  package static func uniquelyNamed<Item>(_ items: [Item], name: WritableKeyPath<Item, String>) -> [Item] {
    var taken = Set(items.map { NameRules.comparisonKey($0[keyPath: name]) })
    var claimed: Set<String> = []
    var result: [Item] = []
    result.reserveCapacity(items.count)
    for var item in items {
      let own = item[keyPath: name]
      let key = NameRules.comparisonKey(own)
      if claimed.insert(key).inserted {
        result.append(item)
        continue
      }
      var number = 2
      while true {
        let suffix = " \(number)"
        let base = String(own.prefix(NameRules.maximumLength - suffix.count))
        let candidate = NameRules.trimmed(base) + suffix
        let candidateKey = NameRules.comparisonKey(candidate)
        if !taken.contains(candidateKey) {
          taken.insert(candidateKey)
          claimed.insert(candidateKey)
          item[keyPath: name] = candidate
          break
        }
        number += 1
      }
      result.append(item)
    }
    return result
  }
}

extension SyncFields {
  /// Whether two contents hold the same, whatever order their categories and trackers are in
  /// (the store lists them by name, the merge by id; records, days off and notes are in one order).
  package static func same(_ a: StoreContents, _ b: StoreContents) -> Bool {
    a.records == b.records && a.daysOff == b.daysOff && a.notes == b.notes
      && Set(a.categories) == Set(b.categories) && Set(a.trackers) == Set(b.trackers)
  }
}

extension SyncFields {
  /// A 64-bit FNV-1a digest of everything that travels, in one order: equal contents give equal
  /// digests on every run and machine (Swift's `Hasher` is seeded per process), so a sync can tell
  /// whether the store changed since the last one without reading the merge's state.
  package static func digest(_ contents: StoreContents, dayStart: DayStart) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ value: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) {
        hash = (hash ^ ((value >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3
      }
    }
    func add(_ text: String) {
      for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      add(UInt64(text.utf8.count))
    }
    func add(_ id: UUID) {
      let (high, low) = id.orderHalves
      add(high)
      add(low)
    }
    add(dayStart.description)
    for category in contents.categories.sorted(by: { $0.id.orderHalves < $1.id.orderHalves }) {
      add(category.id)
      add(category.title)
    }
    for tracker in contents.trackers.sorted(by: { $0.id.orderHalves < $1.id.orderHalves }) {
      add(tracker.id)
      for (field, value) in trackerFields(tracker) {
        add(field)
        add(SyncValueText.encode(value))
      }
    }
    for record in contents.records {
      add(record.trackerID)
      add(UInt64(bitPattern: Int64(record.day.daysSinceEpoch)))
      add(record.amount.map { UInt64($0.thousandths) + 1 } ?? 0)
    }
    add(0xD0FF)
    for dayOff in contents.daysOff {
      add(dayOff.trackerID)
      add(UInt64(bitPattern: Int64(dayOff.day.daysSinceEpoch)))
    }
    add(0x9073)
    for note in contents.notes {
      add(note.trackerID)
      add(UInt64(bitPattern: Int64(note.day.daysSinceEpoch)))
      add(note.text)
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
