import Foundation
import TrackerModels

/// Reads an archive's JSON into store contents, collecting every problem with its path.
struct ArchiveDecoder {
  let today: Day
  let existing: StoreContents
  private(set) var problems: [ImportProblem] = []

  private static let categoryKeys = ["id", "title"]
  private static let trackerKeys = [
    "id", "name", "emoji", "color", "category", "schedule", "pinned", "created",
  ]
  private static let recordKeys = ["tracker", "date"]

  init(today: Day, existing: StoreContents) {
    self.today = today
    self.existing = existing
  }

  /// The whole archive at once (the records held in `root`).
  mutating func decode(_ root: JSONValue) -> StoreContents? {
    guard case .object(let pairs) = root else {
      member("", root)
      return finish()
    }
    for (key, value) in pairs { member(key, value) }
    return finish()
  }

  // MARK: Streaming

  /// The top level's members as read; the records array is streamed, not kept.
  private var members: [(String, JSONValue)] = []
  /// Set once the header and the categories and trackers were decoded.
  private var sections: (categories: [TrackerCategory], trackers: [Tracker])?
  /// Whether the header said this is not a Tracker archive (then nothing else is checked).
  private var isForeign = false
  /// Records read before the trackers they may refer to (a hand-written file): decoded at the end.
  private var earlyRecords: [(JSONValue, Int)] = []
  private var recordState = RecordState()

  /// A member of the top-level object, as it is read ("" for a top level that is no object).
  mutating func member(_ key: String, _ value: JSONValue) { members.append((key, value)) }

  /// Call when the records array begins: what was read so far is decoded now, so each record is
  /// checked as soon as it is read and none is kept as JSON.
  mutating func recordsBegin() {
    let keys = Set(members.map(\.0))
    guard ["format", "version", "categories", "trackers"].allSatisfy(keys.contains) else { return }
    decodeSections()
  }

  /// One element of the records array.
  mutating func record(_ value: JSONValue, at index: Int) {
    guard sections != nil else {
      earlyRecords.append((value, index))
      return
    }
    guard !isForeign else { return }
    decodeRecord(value, at: index)
  }

  /// One element of the records array of the plain shape `{"tracker": "…", "date": "…"}`, as the
  /// two strings' bytes: accepted at once when both parse and the record is fine; false has it
  /// decoded the general way (which also reports what is wrong).
  mutating func plainRecord(
    tracker: UnsafeBufferPointer<UInt8>.SubSequence, date: UnsafeBufferPointer<UInt8>.SubSequence,
    at index: Int
  ) -> Bool {
    guard sections != nil, !isForeign, let id = UUID(canonicalBytes: UnsafeBufferPointer(rebasing: tracker)),
      let day = Day(isoBytes: UnsafeBufferPointer(rebasing: date)), day <= Day.latestInBackup(today: today),
      day >= .earliestStored
    else { return false }
    if id != recordState.lastKnown?.id {
      guard recordState.known.contains(id) else { return false }
      let slot = recordState.slots[id] ?? recordState.slots.count
      recordState.slots[id] = slot
      recordState.lastKnown = (id, slot)
    }
    recordState.result.append(TrackerRecord(trackerID: id, day: day))
    recordState.positions.append(index)
    recordState.trackerSlots.append(recordState.lastKnown?.slot ?? 0)
    return true
  }

  /// The contents, once the whole document was read; nil when anything is wrong.
  mutating func finish() -> StoreContents? {
    if members.count == 1, members[0].0 == "" {
      problem(
        "$",
        StoreMessage(
          "import.notAnArchive",
          "expected an object with format, version, categories, trackers and records, found %@",
          .message(members[0].1.kindName)))
      return nil
    }
    if sections == nil {
      decodeSections()
      if !isForeign {
        for (value, index) in earlyRecords { decodeRecord(value, at: index) }
        earlyRecords = []
        // Records held whole (an archive decoded from a parsed tree), or what is wrong with them.
        for (index, value) in array(JSONValue.object(members), "records").enumerated() {
          decodeRecord(value, at: index)
        }
      }
    } else {
      // Members after the records: unknown keys to report, and the reminder, whose place among
      // the keys never matters (a hand-edited file may put it last).
      checkKeys(.object(members), "$", allowed: Self.rootKeys, reported: reportedRootKeys)
      if !isForeign, !reportedRootKeys.contains("reminder"), let value = JSONValue.object(members)["reminder"]
      {
        reminder = decodeReminder(value)
      }
    }
    guard !isForeign, let sections else { return nil }
    let records = finishRecords()
    let root = JSONValue.object(members)
    if let value = root["dayStart"] { dayStart = decodeDayStart(value) }
    let daysOff =
      root["daysOff"] == nil
      ? [] : decodeDaysOff(array(root, "daysOff"), trackers: sections.trackers, records: records)
    return StoreContents(
      categories: sections.categories, trackers: sections.trackers, records: records, daysOff: daysOff)
  }

  private static let rootKeys = [
    "format", "version", "reminder", "dayStart", "categories", "trackers", "daysOff", "records",
  ]
  /// The day start hour, when the file has a valid one (version 2).
  private(set) var dayStart: DayStart?
  /// The daily reminder's setting, when the file has a valid one.
  private(set) var reminder: ReminderSettings?
  /// Unknown top-level keys already reported when the sections were decoded.
  private var reportedRootKeys: Set<String> = []

  /// Checks the header (format, version) and decodes the categories and trackers read so far.
  private mutating func decodeSections() {
    let root = JSONValue.object(members)
    checkKeys(root, "$", allowed: Self.rootKeys)
    reportedRootKeys = Set(members.map(\.0))
    switch root["format"] {
    case .string(TrackerArchive.format)?: break
    case .string(let other)?:
      problem(
        "format",
        StoreMessage("import.wrongFormat", "expected \"tracker\", found %@", .text(JSONWriter.quoted(other))))
    case let other?:
      problem(
        "format",
        StoreMessage("import.wrongFormat", "expected \"tracker\", found %@", .message(other.kindName)))
    case nil:
      problem(
        "format",
        StoreMessage("import.missingFormat", "missing; a Tracker export has \"format\": \"tracker\""))
    }
    switch root["version"] {
    case .number(let number)? where TrackerArchive.readableVersions.map(String.init).contains(number): break
    case .number(let other)?:
      problem(
        "version",
        StoreMessage(
          "import.unsupportedVersion", "version %@ is not supported; this app reads versions 1 and 2",
          .text(other)))
    case let other?:
      problem(
        "version",
        StoreMessage(
          "import.versionNotANumber", "expected the number 1 or 2, found %@", .message(other.kindName)))
    case nil: problem("version", Self.missing)
    }
    isForeign = !problems.isEmpty  // not our format: field checks would only add noise
    if !isForeign, let value = root["reminder"] { reminder = decodeReminder(value) }
    let categories = isForeign ? [] : decodeCategories(array(root, "categories"))
    let trackers = isForeign ? [] : decodeTrackers(array(root, "trackers"))
    sections = (categories.map(\.1), trackers.map(\.1))
    recordState = RecordState(
      known: declaredTrackers.union(existing.trackers.map(\.id)), firstProblem: problems.count)
  }

  // MARK: Sections

  /// `{"on": true, "time": "20:00"}`.
  private mutating func decodeReminder(_ value: JSONValue) -> ReminderSettings? {
    guard case .object = value else {
      problem("reminder", Self.expected(Self.object, found: value))
      return nil
    }
    checkKeys(value, "reminder", allowed: ["on", "time"])
    var isOn: Bool?
    switch value["on"] {
    case .bool(let flag)?: isOn = flag
    case let other?: problem("reminder.on", Self.expected(Self.bool, found: other))
    case nil: problem("reminder.on", Self.missing)
    }
    var time: ReminderTime?
    switch value["time"] {
    case .string(let text)?:
      time = ReminderTime(text)
      if time == nil {
        problem(
          "reminder.time",
          StoreMessage(
            "import.notATime", "%@ is not a time (HH:MM, 00:00 to 23:59)", .text(JSONWriter.quoted(text))))
      }
    case let other?: problem("reminder.time", Self.expected(Self.string, found: other))
    case nil: problem("reminder.time", Self.missing)
    }
    guard let isOn, let time else { return nil }
    return ReminderSettings(isOn: isOn, time: time)
  }

  /// `"03:00"`: a whole hour from 00:00 to 12:00.
  private mutating func decodeDayStart(_ value: JSONValue) -> DayStart? {
    guard case .string(let text) = value else {
      problem("dayStart", Self.expected(Self.string, found: value))
      return nil
    }
    guard let start = DayStart(text), text.count == 5 else {
      problem(
        "dayStart",
        StoreMessage(
          "import.notADayStart", "%@ is not a day start (a whole hour from 00:00 to 12:00)",
          .text(JSONWriter.quoted(text))))
      return nil
    }
    return start
  }

  /// `[{"tracker": "…", "date": "…"}]`: each of a tracker of the file or the store, without a
  /// record that day, and once. A day off on a day its tracker is not shown is kept: the store
  /// reaches such days (a day off before a record that is later taken back, a schedule changed
  /// after a vacation), where the mark waits, changing nothing, until the day is shown again; an
  /// archive of every state the store can reach must import (docs/data-format.md).
  private mutating func decodeDaysOff(
    _ values: [JSONValue], trackers: [Tracker], records: [TrackerRecord]
  ) -> [TrackerDayOff] {
    var known: [UUID: Tracker] = [:]
    for tracker in existing.trackers { known[tracker.id] = tracker }
    for tracker in trackers { known[tracker.id] = tracker }
    guard !values.isEmpty else { return [] }
    // Only the records of the trackers named here matter (an archive may hold hundreds of thousands).
    let named = Set(
      values.compactMap { value -> UUID? in
        guard case .string(let text)? = value["tracker"] else { return nil }
        return UUID(uuidString: text)
      })
    var recorded = Set<TrackerRecord>()
    for record in [existing.records, records].joined() where named.contains(record.trackerID) {
      recorded.insert(record)
    }
    var seen: [TrackerDayOff: Int] = [:]
    var result: [TrackerDayOff] = []
    for (index, value) in values.enumerated() {
      let item = { "daysOff[\(index)]" }
      guard object(value, item, allowed: Self.recordKeys) else { continue }
      var tracker: Tracker?
      if let id = uuid(value, "tracker", item) {
        tracker = known[id]
        if tracker == nil, !declaredTrackers.contains(id) {
          problem(
            item() + ".tracker",
            StoreMessage(
              "import.noSuchTracker", "no tracker with id %@ in the file or the store", .text(id.uuidString)))
        }
      }
      guard let day = date(value, "date", item), let tracker else { continue }
      let dayOff = TrackerDayOff(trackerID: tracker.id, day: day)
      if let first = seen[dayOff] {
        problem(
          item(),
          StoreMessage(
            "import.duplicateDayOff", "duplicate of daysOff[%@]: the same tracker on the same date",
            .text(String(first))))
        continue
      }
      seen[dayOff] = index
      if recorded.contains(TrackerRecord(trackerID: tracker.id, day: day)) {
        problem(
          item() + ".date",
          StoreMessage(
            "import.dayOffAndRecord", "the tracker has a record on %@ too; a day is done or off, not both",
            .day(day)))
      } else if day > Day.latestStored {
        problem(
          item() + ".date",
          StoreMessage(
            "import.dayOffTooLate", "%@ is after %@, the latest day the app keeps", .day(day),
            .day(Day.latestStored)))
      } else {
        result.append(dayOff)
      }
    }
    return result
  }

  /// Ids the file declares, valid items or not: a reference to an item that has problems of its
  /// own is not reported again as dangling.
  private var declaredCategories: Set<UUID> = []
  private var declaredTrackers: Set<UUID> = []

  private mutating func decodeCategories(_ values: [JSONValue]) -> [(String, TrackerCategory)] {
    var result: [(String, TrackerCategory)] = []
    var ids: [UUID: String] = [:]
    var titles: [String: String] = [:]
    let stored = Dictionary(existing.categories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // A category the store has already, the very same: the file is a backup of this store (or of
    // one it was restored from), and that category adds nothing.
    alreadyThere.categories = Set(
      values.compactMap { value in
        guard let category = Self.storedItem(value, in: stored),
          case .string(category.title)? = value["title"]
        else { return nil }
        return category.id
      })
    let existingIDs = Set(stored.keys).subtracting(alreadyThere.categories)
    let existingTitles = NameIndex(
      existing.categories.filter { !alreadyThere.categories.contains($0.id) }.map(\.title))
    for (index, value) in values.enumerated() {
      let path = "categories[\(index)]"
      let item = { path }
      guard object(value, item, allowed: Self.categoryKeys) else { continue }
      let id = uuid(value, "id", item)
      if let id {
        declaredCategories.insert(id)
        if let category = stored[id], !alreadyThere.categories.contains(id) {
          differs(path, id: id, fields: Self.differences(value, [("title", .string(category.title))]))
        } else {
          checkUnique(id, at: path, existing: existingIDs, seen: &ids)
        }
      }
      let title = name(value, "title", item, others: &titles, existing: existingTitles, noun: .category)
      if let id, let title { result.append((path, TrackerCategory(id: id, title: title))) }
    }
    return result
  }

  private mutating func decodeTrackers(_ values: [JSONValue]) -> [(String, Tracker)] {
    var result: [(String, Tracker)] = []
    var ids: [UUID: String] = [:]
    var names: [String: String] = [:]
    let knownCategories = declaredCategories.union(existing.categories.map(\.id))
    let stored = Dictionary(existing.trackers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // A tracker the store already has, field for field: it adds nothing (its records may).
    alreadyThere.trackers = Set(
      values.compactMap { value in
        guard let tracker = Self.storedItem(value, in: stored),
          Self.differences(value, TrackerArchive.members(of: tracker)).isEmpty
        else { return nil }
        return tracker.id
      })
    let existingIDs = Set(stored.keys).subtracting(alreadyThere.trackers)
    // Indexed once: checking each name against a list would make an import quadratic.
    let existingNames = NameIndex(
      existing.trackers.filter { !alreadyThere.trackers.contains($0.id) }.map(\.name))
    for (index, value) in values.enumerated() {
      let path = "trackers[\(index)]"
      let item = { path }
      guard object(value, item, allowed: Self.trackerKeys) else { continue }
      let id = uuid(value, "id", item)
      if let id {
        declaredTrackers.insert(id)
        if let tracker = stored[id], !alreadyThere.trackers.contains(id) {
          differs(path, id: id, fields: Self.differences(value, TrackerArchive.members(of: tracker)))
        } else {
          checkUnique(id, at: path, existing: existingIDs, seen: &ids)
        }
      }
      let name = name(value, "name", item, others: &names, existing: existingNames, noun: .tracker)
      var emoji: String?
      // Only the picker's emoji and colors: any other would be drawn in a way the app cannot
      // choose, and its form would show nothing selected.
      if let text = string(value, "emoji", item) {
        if TrackerEmoji.isValid(text) {
          emoji = text
        } else if TrackerEmoji.isSingleEmoji(text) {
          problem(
            path + ".emoji",
            StoreMessage(
              "import.emojiNotInPicker", "%@ is not one of the 18 emoji of the app",
              .text(JSONWriter.quoted(text))))
        } else {
          problem(
            path + ".emoji",
            StoreMessage("import.notAnEmoji", "%@ is not exactly one emoji", .text(JSONWriter.quoted(text))))
        }
      }
      var color: TrackerColor?
      if let text = string(value, "color", item) {
        if let parsed = TrackerColor(hex: text) {
          if TrackerColor.palette.contains(parsed) {
            color = parsed
          } else {
            problem(
              path + ".color",
              StoreMessage(
                "import.colorNotInPalette", "%@ is not one of the 18 colors of the app",
                .text(JSONWriter.quoted(text))))
          }
        } else {
          problem(
            path + ".color",
            StoreMessage(
              "import.notAColor", "%@ is not a color in the form #RRGGBB", .text(JSONWriter.quoted(text))))
        }
      }
      var category: UUID?
      if let categoryID = uuid(value, "category", item) {
        if knownCategories.contains(categoryID) {
          category = categoryID
        } else {
          problem(
            path + ".category",
            StoreMessage(
              "import.noSuchCategory", "no category with id %@ in the file or the store",
              .text(categoryID.uuidString)))
        }
      }
      let kind = schedule(value, path + ".schedule")
      var pinned: Bool?
      switch value["pinned"] {
      case .bool(let flag)?: pinned = flag
      case let other?: problem(path + ".pinned", Self.expected(Self.bool, found: other))
      case nil: problem(path + ".pinned", Self.missing)
      }
      var created = date(value, "created", item)
      if let day = created, day > Day.latestInBackup(today: today) {
        problem(
          item() + ".created",
          StoreMessage(
            "import.createdAfterToday", "%@ is more than two days after today (%@)", .day(day),
            .day(today)))
        created = nil
      }
      if let id, let name, let emoji, let color, let category, let kind, let pinned, let created {
        result.append(
          (
            path,
            Tracker(
              id: id, name: name, emoji: emoji, color: color, categoryID: category, isPinned: pinned,
              createdOn: created, kind: kind)
          ))
      }
    }
    return result
  }

  /// What the records decoded so far left behind.
  private struct RecordState {
    var known: Set<UUID> = []
    var result: [TrackerRecord] = []
    /// The index in the file of each accepted record.
    var positions: [Int] = []
    /// Records come grouped by tracker: lookups mostly repeat.
    var lastKnown: (id: UUID, slot: Int)?
    var slots: [UUID: Int] = [:]
    var trackerSlots: [Int] = []
    var firstProblem = 0
  }

  private mutating func decodeRecord(_ value: JSONValue, at index: Int) {
    let item = { "records[\(index)]" }
    guard object(value, item, allowed: Self.recordKeys) else { return }
    var tracker: UUID?
    if let id = uuid(value, "tracker", item) {
      if id == recordState.lastKnown?.id || recordState.known.contains(id) {
        tracker = id
        if id != recordState.lastKnown?.id {
          let slot = recordState.slots[id] ?? recordState.slots.count
          recordState.slots[id] = slot
          recordState.lastKnown = (id, slot)
        }
      } else {
        problem(
          item() + ".tracker",
          StoreMessage(
            "import.noSuchTracker", "no tracker with id %@ in the file or the store", .text(id.uuidString)))
      }
    }
    var day = date(value, "date", item)
    // Up to two days ahead: a backup made at the same instant across the date line.
    if let recordDay = day, recordDay > Day.latestInBackup(today: today) {
      problem(
        item() + ".date",
        StoreMessage(
          "import.afterToday", "%@ is after today (%@); a day cannot be completed in advance",
          .day(recordDay), .day(today)))
      day = nil
    }
    guard let tracker, let day else { return }
    recordState.result.append(TrackerRecord(trackerID: tracker, day: day))
    recordState.positions.append(index)
    recordState.trackerSlots.append(recordState.lastKnown?.slot ?? 0)
  }

  /// The accepted records; duplicates are reported and every record problem put in file order.
  private mutating func finishRecords() -> [TrackerRecord] {
    let state = recordState
    recordState = RecordState()
    reportDuplicates(state.result, slots: state.trackerSlots, positions: state.positions)
    let firstProblem = min(state.firstProblem, problems.count)
    let recordProblems = problems[firstProblem...].enumerated().sorted { a, b in
      (Self.recordIndex(a.element.path), a.offset) < (Self.recordIndex(b.element.path), b.offset)
    }.map(\.element)
    problems.replaceSubrange(firstProblem..., with: recordProblems)
    return state.result
  }

  /// N of a path `records[N]…`.
  private static func recordIndex(_ path: String) -> Int {
    Int(path.dropFirst("records[".count).prefix { $0.isNumber }) ?? 0
  }

  /// Reports every record that repeats an earlier one (same tracker, same date). Sorting beats
  /// hashing every record here: the input is usually sorted already.
  private mutating func reportDuplicates(_ records: [TrackerRecord], slots: [Int], positions: [Int]) {
    let order = records.indices.sorted { a, b in
      (slots[a], records[a].day.daysSinceEpoch, positions[a]) < (
        slots[b], records[b].day.daysSinceEpoch, positions[b]
      )
    }
    var duplicates: [(index: Int, first: Int)] = []
    for (previous, current) in zip(order, order.dropFirst()) where records[previous] == records[current] {
      // Chains of three or more all point at the first of the run.
      let first =
        duplicates.last.flatMap { $0.index == positions[previous] ? $0.first : nil } ?? positions[previous]
      duplicates.append((positions[current], first))
    }
    for duplicate in duplicates.sorted(by: { $0.index < $1.index }) {
      problem(
        "records[\(duplicate.index)]",
        StoreMessage(
          "import.duplicateRecord", "duplicate of records[%@]: the same tracker on the same date",
          .text(String(duplicate.first))))
    }
  }

  // MARK: Fields

  /// Reports an id already in the store, or already used earlier in the file.
  /// The categories and trackers of the file that the store has already, the very same: they are
  /// not added again (an archive imported into the store it came from adds nothing).
  private(set) var alreadyThere: (categories: Set<UUID>, trackers: Set<UUID>) = ([], [])

  /// The stored item whose id `value` carries, if any.
  private static func storedItem<Item>(_ value: JSONValue, in stored: [UUID: Item]) -> Item? {
    guard case .string(let text)? = value["id"], let id = UUID(uuidString: text) else { return nil }
    return stored[id]
  }

  /// The members of `value` that differ from the store's `members`, with both sides as written.
  private static func differences(_ value: JSONValue, _ members: [(String, JSONValue)]) -> [String] {
    members.compactMap { key, stored in
      let given = value[key] ?? .null
      guard given != stored else { return nil }
      return
        "\(key): \(JSONWriter.write(stored).trimmingCharacters(in: .whitespacesAndNewlines)) in the store, "
        + "\(JSONWriter.write(given).trimmingCharacters(in: .whitespacesAndNewlines)) here"
    }
  }

  /// An item of the file with the id of one in the store that is not the same.
  private mutating func differs(_ path: String, id: UUID, fields: [String]) {
    problem(
      path + ".id",
      StoreMessage(
        "import.differsFromStore",
        "%@ is already in the store, with other values (%@); an import adds only what is new and never changes what is there: rename or delete one of them first",
        .text(id.uuidString), .text(fields.joined(separator: "; "))))
  }

  private mutating func checkUnique(
    _ id: UUID, at path: String, existing: Set<UUID>, seen: inout [UUID: String]
  ) {
    if existing.contains(id) {
      problem(
        path + ".id",
        StoreMessage("import.alreadyInStore", "%@ is already in the store", .text(id.uuidString)))
    } else if let first = seen[id] {
      problem(
        path + ".id",
        StoreMessage("import.usedTwice", "%@ is used twice (also by %@)", .text(id.uuidString), .text(first)))
    }
    seen[id] = seen[id] ?? path
  }

  /// What a name belongs to, in messages.
  private enum Noun {
    case category, tracker

    /// "empty; a tracker needs a name".
    var empty: StoreMessage {
      self == .category
        ? StoreMessage("import.category.empty", "empty; a category needs a name")
        : StoreMessage("import.tracker.empty", "empty; a tracker needs a name")
    }

    /// "\"Run\" is already used by the tracker \"run\" in the store".
    func inStore(_ name: String, clash: String) -> StoreMessage {
      self == .category
        ? StoreMessage(
          "import.category.inStore", "%@ is already used by the category %@ in the store", .text(name),
          .text(clash))
        : StoreMessage(
          "import.tracker.inStore", "%@ is already used by the tracker %@ in the store", .text(name),
          .text(clash))
    }
  }

  private mutating func problem(_ path: String, _ reason: StoreMessage) {
    problems.append(ImportProblem(path: path, reason: reason))
  }

  private static let missing = StoreMessage("import.missing", "missing")
  private static let object = StoreMessage("import.kind.object", "an object")
  private static let array = StoreMessage("import.kind.array", "an array")
  private static let string = StoreMessage("import.kind.string", "a string")
  private static let bool = StoreMessage("import.kind.bool", "true or false")

  /// "expected a string, found an array".
  private static func expected(_ wanted: StoreMessage, found value: JSONValue) -> StoreMessage {
    StoreMessage("import.expected", "expected %@, found %@", .message(wanted), .message(value.kindName))
  }

  private mutating func checkKeys(
    _ value: JSONValue, _ path: String, allowed: [String], reported: Set<String> = []
  ) {
    guard case .object(let pairs) = value else { return }
    for (key, _) in pairs where !allowed.contains(key) && !reported.contains(key) {
      problem(path == "$" ? key : "\(path).\(key)", StoreMessage("import.unknownField", "unknown field"))
    }
  }

  private mutating func object(_ value: JSONValue, _ item: () -> String, allowed: [String]) -> Bool {
    guard case .object(let pairs) = value else {
      problem(item(), Self.expected(Self.object, found: value))
      return false
    }
    if pairs.contains(where: { !allowed.contains($0.0) }) { checkKeys(value, item(), allowed: allowed) }
    return true
  }

  private mutating func array(_ root: JSONValue, _ key: String) -> [JSONValue] {
    switch root[key] {
    case .array(let values)?: return values
    case let other?: problem(key, Self.expected(Self.array, found: other))
    case nil: problem(key, Self.missing)
    }
    return []
  }

  // Field readers take the item's path as a closure: paths are only spelled out for problems,
  // which keeps a 700,000-record import from building 700,000 strings it never shows.

  private mutating func string(_ object: JSONValue, _ key: String, _ item: () -> String) -> String? {
    switch object[key] {
    case .string(let text)?: return text
    case let other?: problem(item() + "." + key, Self.expected(Self.string, found: other))
    case nil: problem(item() + "." + key, Self.missing)
    }
    return nil
  }

  private mutating func uuid(_ object: JSONValue, _ key: String, _ item: () -> String) -> UUID? {
    guard let text = string(object, key, item) else { return nil }
    guard let id = UUID(canonical: text) else {
      problem(
        item() + "." + key,
        StoreMessage("import.notAUUID", "%@ is not a UUID", .text(JSONWriter.quoted(text))))
      return nil
    }
    return id
  }

  private mutating func date(_ object: JSONValue, _ key: String, _ item: () -> String) -> Day? {
    guard let text = string(object, key, item) else { return nil }
    let path = item() + "." + key
    do {
      let day = try Day(iso: text)
      guard day >= .earliestStored else {
        problem(
          path,
          StoreMessage(
            "import.beforeEarliest", "%@ is before %@, the earliest day the app keeps",
            .text(JSONWriter.quoted(text)), .day(.earliestStored)))
        return nil
      }
      return day
    } catch {
      switch error {
      case .notISODate:
        problem(
          path,
          StoreMessage(
            "import.notADate", "%@ is not a date in the form YYYY-MM-DD", .text(JSONWriter.quoted(text))))
      case .noSuchDay:
        problem(
          path,
          StoreMessage("import.noSuchDay", "%@ is not a day of the calendar", .text(JSONWriter.quoted(text))))
      }
    }
    return nil
  }

  private mutating func name(
    _ object: JSONValue, _ key: String, _ item: () -> String, others: inout [String: String],
    existing: NameIndex,
    noun: Noun
  ) -> String? {
    guard let raw = string(object, key, item) else { return nil }
    let path = item() + "." + key
    switch NameRules.validate(raw, against: existing) {
    case .failure(.empty):
      problem(path, noun.empty)
    case .failure(.tooLong(let count)):
      problem(path, StoreMessage("import.tooLong", "%@ characters; the limit is 38", .text(String(count))))
    case .failure(.forbiddenCharacter(let scalar)):
      problem(
        path,
        StoreMessage(
          "import.forbiddenCharacter", "contains the control or bidirectional character U+%@",
          .text(String(scalar.value, radix: 16, uppercase: true))))
    case .failure(.duplicate(let clash)):
      problem(
        path,
        noun.inStore(JSONWriter.quoted(NameRules.trimmed(raw)), clash: JSONWriter.quoted(clash)))
    case .success(let name):
      let key = NameRules.comparisonKey(name)
      if let first = others[key] {
        problem(
          path,
          StoreMessage(
            "import.nameUsedTwice", "%@ is already used by %@ (names are unique, ignoring case)",
            .text(JSONWriter.quoted(name)), .text(first)))
        return nil
      }
      others[key] = path
      return name
    }
    return nil
  }

  private mutating func schedule(_ object: JSONValue, _ path: String) -> TrackerKind? {
    switch object["schedule"] {
    case .null?:
      return .event
    case .array(let values)?:
      var days = WeekdaySet()
      var valid = true
      for (index, value) in values.enumerated() {
        guard case .string(let code) = value, let weekday = Weekday(code: code) else {
          let shown = {
            if case .string(let text) = value {
              return StoreMessage.Argument.text(JSONWriter.quoted(text))
            } else {
              return StoreMessage.Argument.message(value.kindName)
            }
          }()
          problem(
            "\(path)[\(index)]",
            StoreMessage(
              "import.notAWeekday", "%@ is not a weekday; use mon, tue, wed, thu, fri, sat or sun", shown))
          valid = false
          continue
        }
        if days.contains(weekday) {
          problem(
            "\(path)[\(index)]",
            StoreMessage("import.weekdayTwice", "%@ is listed twice", .text(JSONWriter.quoted(code))))
          valid = false
        }
        days.insert(WeekdaySet(weekday))
      }
      guard valid else { return nil }
      guard let schedule = Schedule(days) else {
        problem(
          path,
          StoreMessage(
            "import.noWeekdays", "empty; a habit needs at least one weekday (null makes an irregular event)"))
        return nil
      }
      return .habit(schedule)
    case let other?:
      problem(
        path,
        StoreMessage(
          "import.scheduleKind", "expected an array of weekdays or null, found %@", .message(other.kindName)))
    case nil:
      problem(path, StoreMessage("import.missingSchedule", "missing (null for an irregular event)"))
    }
    return nil
  }
}
