import Foundation
import TrackerModels

/// Reads an archive's JSON into store contents, collecting every problem with its path.
package struct ArchiveDecoder {
  package let today: Day
  package let existing: StoreContents
  package private(set) var problems: [ImportProblem] = []

  private static let categoryKeys = ["id", "title"]
  private static let trackerKeys = [
    "id", "name", "emoji", "color", "category", "schedule", "pinned", "created", "measure", "quota",
  ]
  private static let recordKeys = ["tracker", "date", "amount"]
  private static let dayOffKeys = ["tracker", "date"]
  private static let noteKeys = ["tracker", "date", "text"]

  package init(today: Day, existing: StoreContents) {
    self.today = today
    self.existing = existing
  }

  /// The whole archive at once (the records held in `root`).
  package mutating func decode(_ root: JSONValue) -> StoreContents? {
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
  package mutating func member(_ key: String, _ value: JSONValue) { members.append((key, value)) }

  /// Call when the records array begins: what was read so far is decoded now, so each record is
  /// checked as soon as it is read and none is kept as JSON.
  package mutating func recordsBegin() {
    let keys = Set(members.map(\.0))
    guard ["format", "version", "categories", "trackers"].allSatisfy(keys.contains) else { return }
    decodeSections()
  }

  /// One element of the records array.
  package mutating func record(_ value: JSONValue, at index: Int) {
    guard sections != nil else {
      earlyRecords.append((value, index))
      return
    }
    guard !isForeign else { return }
    decodeRecord(value, at: index)
  }

  /// One element of the records array of the plain shape `{"tracker": "…", "date": "…"}`, or
  /// with `"amount": "…"` after them, as the strings' bytes: accepted at once when they parse and
  /// the record is fine (an amount written as plain digits, on a measurable tracker of the file or
  /// the store); false has it decoded the general way (which also reports what is wrong).
  package mutating func plainRecord(_ strings: JSONParser.PlainStrings, at index: Int) -> Bool {
    guard sections != nil, !isForeign,
      let id = UUID(canonicalBytes: UnsafeBufferPointer(rebasing: strings.first)),
      let day = Day(isoBytes: UnsafeBufferPointer(rebasing: strings.second)),
      day <= Day.latestInBackup(today: today),
      day >= .earliestStored
    else { return false }
    var amount: Amount?
    if let text = strings.third {
      if id != recordState.lastMeasurable?.id {
        recordState.lastMeasurable = (id, recordState.measurable[id] == true)
      }
      guard recordState.lastMeasurable?.isMeasurable == true,
        let given = Amount(plainUTF8: UnsafeBufferPointer(rebasing: text))
      else { return false }
      amount = given
    }
    if id != recordState.lastKnown?.id {
      guard recordState.known.contains(id) else { return false }
      let slot = recordState.slots[id] ?? recordState.slots.count
      recordState.slots[id] = slot
      recordState.lastKnown = (id, slot)
    }
    recordState.result.append(TrackerRecord(trackerID: id, day: day, amount: amount))
    recordState.positions.append(index)
    recordState.trackerSlots.append(recordState.lastKnown?.slot ?? 0)
    return true
  }

  /// The contents, once the whole document was read; nil when anything is wrong.
  package mutating func finish() -> StoreContents? {
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
    let notes = root["notes"] == nil ? [] : decodeNotes(array(root, "notes"), trackers: sections.trackers)
    return StoreContents(
      categories: sections.categories, trackers: sections.trackers, records: records, daysOff: daysOff,
      notes: notes)
  }

  private static let rootKeys = [
    "format", "version", "reminder", "dayStart", "categories", "trackers", "daysOff", "notes", "records",
  ]
  /// The day start hour, when the file has a valid one (version 2).
  package private(set) var dayStart: DayStart?
  /// The daily reminder's setting, when the file has a valid one.
  package private(set) var reminder: ReminderSettings?
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
          "import.unsupportedVersion", "version %@ is not supported; this app reads versions 1, 2 and 3",
          .text(other)))
    case let other?:
      problem(
        "version",
        StoreMessage(
          "import.versionNotANumber", "expected the number 1, 2 or 3, found %@", .message(other.kindName)))
    case nil: problem("version", Self.missing)
    }
    isForeign = !problems.isEmpty  // not our format: field checks would only add noise
    if !isForeign, let value = root["reminder"] { reminder = decodeReminder(value) }
    let categories = isForeign ? [] : decodeCategories(array(root, "categories"))
    let trackers = isForeign ? [] : decodeTrackers(array(root, "trackers"))
    sections = (categories.map(\.1), trackers.map(\.1))
    recordState = RecordState(
      known: declaredTrackers.union(existing.trackers.map(\.id)), firstProblem: problems.count)
    // Whether each tracker's records may carry an amount: the file's tracker, else the store's.
    for tracker in existing.trackers { recordState.measurable[tracker.id] = tracker.measure != .yesNo }
    for (_, tracker) in trackers { recordState.measurable[tracker.id] = tracker.measure != .yesNo }
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
    var recorded = Set<TrackerDayOff>()
    for record in [existing.records, records].joined() where named.contains(record.trackerID) {
      recorded.insert(TrackerDayOff(trackerID: record.trackerID, day: record.day))
    }
    var seen: [TrackerDayOff: Int] = [:]
    var result: [TrackerDayOff] = []
    for (index, value) in values.enumerated() {
      let item = { "daysOff[\(index)]" }
      guard object(value, item, allowed: Self.dayOffKeys) else { continue }
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
      if recorded.contains(dayOff) {
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
          Self.differences(Self.canonical(value), TrackerArchive.members(of: tracker)).isEmpty
        else { return nil }
        return tracker.id
      })
    let existingIDs = Set(stored.keys).subtracting(alreadyThere.trackers)
    // Indexed once: checking each name against a list would make an import quadratic.
    // A tracker of the file with the id of one of the store's is the same one (already there) or
    // reported as differing: its own stored name is no clash.
    let fileIDs = Set(values.compactMap { Self.storedItem($0, in: stored)?.id })
    let existingNames = NameIndex(existing.trackers.filter { !fileIDs.contains($0.id) }.map(\.name))
    for (index, value) in values.enumerated() {
      let path = "trackers[\(index)]"
      let item = { path }
      guard object(value, item, allowed: Self.trackerKeys) else { continue }
      let id = uuid(value, "id", item)
      if let id {
        declaredTrackers.insert(id)
        if let tracker = stored[id], !alreadyThere.trackers.contains(id) {
          differs(
            path, id: id, fields: Self.differences(Self.canonical(value), TrackerArchive.members(of: tracker))
          )
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
      let measure = self.measure(value, path)
      let quota = self.quota(value, path, kind: kind)
      if let id, let name, let emoji, let color, let category, let kind, let pinned, let created,
        let measure, let quota
      {
        result.append(
          (
            path,
            Tracker(
              id: id, name: name, emoji: emoji, color: color, categoryID: category, isPinned: pinned,
              createdOn: created, kind: quota.map { .habit(Schedule(quota: $0)) } ?? kind, measure: measure)
          ))
      }
    }
    return result
  }

  /// What the records decoded so far left behind.
  private struct RecordState {
    package var known: Set<UUID> = []
    package var result: [TrackerRecord] = []
    /// The index in the file of each accepted record.
    package var positions: [Int] = []
    /// Records come grouped by tracker: lookups mostly repeat.
    package var lastKnown: (id: UUID, slot: Int)?
    package var slots: [UUID: Int] = [:]
    package var trackerSlots: [Int] = []
    package var firstProblem = 0
    /// Whether each known tracker is measurable (its records may carry an amount); a tracker of
    /// the file with problems of its own is not listed, and its records' amounts are not judged.
    package var measurable: [UUID: Bool] = [:]
    /// Records come grouped by tracker: whether the last one's tracker is measurable.
    package var lastMeasurable: (id: UUID, isMeasurable: Bool)?
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
    var amount: Amount?
    if let given = value["amount"], given != .null {
      // On a yes/no tracker any amount is wrong, whatever it says.
      if let tracker, recordState.measurable[tracker] == false {
        problem(
          item() + ".amount",
          StoreMessage(
            "import.amountOnYesNo",
            "the tracker %@ is yes/no (it has no measure); only a measurable tracker's record carries an amount",
            .text(tracker.uuidString)))
        return
      }
      amount = self.amount(given, item() + ".amount")
      guard amount != nil else { return }
    }
    guard let tracker, let day else { return }
    recordState.result.append(TrackerRecord(trackerID: tracker, day: day, amount: amount))
    recordState.positions.append(index)
    recordState.trackerSlots.append(recordState.lastKnown?.slot ?? 0)
  }

  /// The accepted records; duplicates are reported and every record problem put in file order.
  private mutating func finishRecords() -> [TrackerRecord] {
    let state = recordState
    recordState = RecordState()
    reportDuplicates(state.result, slots: state.trackerSlots, positions: state.positions)
    reportOtherAmounts(state.result, positions: state.positions)
    let firstProblem = min(state.firstProblem, problems.count)
    let recordProblems = problems[firstProblem...].enumerated().sorted { a, b in
      (Self.recordIndex(a.element.path), a.offset) < (Self.recordIndex(b.element.path), b.offset)
    }.map(\.element)
    problems.replaceSubrange(firstProblem..., with: recordProblems)
    return state.result
  }

  /// Reports every record on a day the store has a record of the same tracker with another amount
  /// (or none where the file has one, or the other way round): an import never changes what is
  /// there. Only the store's measurable trackers can differ so.
  private mutating func reportOtherAmounts(_ records: [TrackerRecord], positions: [Int]) {
    let measurable = Set(existing.trackers.filter { $0.measure != .yesNo }.map(\.id))
    guard !measurable.isEmpty else { return }
    var stored: [TrackerDayOff: Amount?] = [:]
    for record in existing.records where measurable.contains(record.trackerID) {
      stored[TrackerDayOff(trackerID: record.trackerID, day: record.day)] = .some(record.amount)
    }
    for (index, record) in records.enumerated() where measurable.contains(record.trackerID) {
      guard let storedAmount = stored[TrackerDayOff(trackerID: record.trackerID, day: record.day)],
        storedAmount != record.amount
      else { continue }
      problem(
        "records[\(positions[index])].amount",
        StoreMessage(
          "import.amountDiffersFromStore",
          "the store has %@ for this tracker on %@, %@ here; an import never changes what is there",
          TrackerArchive.amountArgument(storedAmount), .day(record.day),
          TrackerArchive.amountArgument(record.amount)))
    }
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
    for (previous, current) in zip(order, order.dropFirst())
    where records[previous].trackerID == records[current].trackerID
      && records[previous].day == records[current].day
    {
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
  package private(set) var alreadyThere: (categories: Set<UUID>, trackers: Set<UUID>) = ([], [])

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
        "\(key): \(JSONWriter.line(stored)) in the store, \(JSONWriter.line(given)) here"
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
    package var empty: StoreMessage {
      self == .category
        ? StoreMessage("import.category.empty", "empty; a category needs a name")
        : StoreMessage("import.tracker.empty", "empty; a tracker needs a name")
    }

    /// "\"Run\" is already used by the tracker \"run\" in the store".
    package func inStore(_ name: String, clash: String) -> StoreMessage {
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

  // MARK: Measures, quotas, amounts and notes (version 3)

  /// A problem found in a part of a value: the path after the value's own, and the message.
  package typealias PartProblem = (path: String, reason: StoreMessage)

  /// `measure`: absent or null for a yes/no tracker, else `{"unit": "km", "target": "20",
  /// "direction": "at-least"}`; nil (with its problems reported) when it is not valid.
  private mutating func measure(_ tracker: JSONValue, _ path: String) -> TrackerMeasure? {
    switch Self.parseMeasure(tracker["measure"]) {
    case .success(let measure): return measure
    case .failure(let found):
      for part in found.problems { problem(path + ".measure" + part.path, part.reason) }
      return nil
    }
  }

  /// The measure of a `measure` member (nil: absent), or every problem with it.
  package static func parseMeasure(_ value: JSONValue?) -> Result<TrackerMeasure, PartProblems> {
    guard let value, value != .null else { return .success(.yesNo) }
    guard case .object(let pairs) = value else {
      return .failure(
        PartProblems([
          (
            "",
            StoreMessage(
              "import.measureKind", "expected an object with unit, target and direction, or null, found %@",
              .message(value.kindName))
          )
        ]))
    }
    var found: [PartProblem] = pairs.filter { !["unit", "target", "direction"].contains($0.0) }.map {
      ("." + $0.0, StoreMessage("import.unknownField", "unknown field"))
    }
    var unit: String?
    switch value["unit"] {
    case .string(let text)?:
      switch MeasureGoal.validatedUnit(text) {
      case .success(let valid): unit = valid
      case .failure(let error): found.append((".unit", unitMessage(error)))
      }
    case let other?: found.append((".unit", expected(string, found: other)))
    case nil: found.append((".unit", missing))
    }
    var target: Amount?
    switch value["target"] {
    case let given?:
      switch parseAmount(given) {
      case .success(let amount) where amount.isPositive: target = amount
      case .success:
        found.append(
          (".target", StoreMessage("import.targetNotPositive", "0 is no target; a target is more than zero")))
      case .failure(let part): found += part.problems.map { (".target" + $0.path, $0.reason) }
      }
    case nil: found.append((".target", missing))
    }
    var direction: MeasureDirection?
    switch value["direction"] {
    case .string(let text)?:
      direction = MeasureDirection(rawValue: text)
      if direction == nil {
        found.append(
          (
            ".direction",
            StoreMessage(
              "import.notADirection", "%@ is not a direction; use \"at-least\" or \"at-most\"",
              .text(JSONWriter.quoted(text)))
          ))
      }
    case let other?: found.append((".direction", expected(string, found: other)))
    case nil: found.append((".direction", missing))
    }
    guard found.isEmpty, let unit, let target, let direction,
      let goal = try? MeasureGoal(unit: unit, target: target, direction: direction)
    else { return .failure(PartProblems(found)) }
    return .success(.measurable(goal))
  }

  /// `quota`: absent or null for none, else `{"times": 3, "per": "week"}` on a habit whose
  /// schedule lists all seven days (a quota habit is shown every day); `.some(nil)` for none,
  /// nil (with its problems reported) when it is not valid.
  private mutating func quota(_ tracker: JSONValue, _ path: String, kind: TrackerKind?) -> Quota?? {
    guard let value = tracker["quota"], value != .null else { return .some(nil) }
    switch Self.parseQuota(value) {
    case .failure(let found):
      for part in found.problems { problem(path + ".quota" + part.path, part.reason) }
      return nil
    case .success(let quota):
      switch kind {
      case .event?:
        problem(
          path + ".quota",
          StoreMessage(
            "import.quotaOnEvent",
            "an irregular event has no quota; a quota habit's schedule lists all seven days"))
        return nil
      case .habit(let schedule)? where schedule.days != .everyDay:
        problem(
          path + ".quota",
          StoreMessage(
            "import.quotaWithWeekdays",
            "a quota habit is done on any days of its period: its schedule lists all seven days, not some"))
        return nil
      case .habit?, nil:
        return .some(quota)
      }
    }
  }

  /// The quota of a non-null `quota` member, or every problem with it.
  package static func parseQuota(_ value: JSONValue) -> Result<Quota, PartProblems> {
    guard case .object(let pairs) = value else {
      return .failure(
        PartProblems([
          (
            "",
            StoreMessage(
              "import.quotaKind", "expected an object with times and per, or null, found %@",
              .message(value.kindName))
          )
        ]))
    }
    var found: [PartProblem] = pairs.filter { !["times", "per"].contains($0.0) }.map {
      ("." + $0.0, StoreMessage("import.unknownField", "unknown field"))
    }
    var period: Quota.Period?
    switch value["per"] {
    case .string(let text)?:
      period = Quota.Period(rawValue: text)
      if period == nil {
        found.append(
          (
            ".per",
            StoreMessage(
              "import.notAPeriod", "%@ is not a period; use \"week\" or \"month\"",
              .text(JSONWriter.quoted(text)))
          ))
      }
    case let other?: found.append((".per", expected(string, found: other)))
    case nil: found.append((".per", missing))
    }
    var times: Int?
    switch value["times"] {
    case .number(let text)?:
      times = Int(text)
      if times == nil {
        found.append(
          (".times", StoreMessage("import.timesNotWhole", "%@ is not a whole number of times", .text(text))))
      }
    case let other?:
      found.append(
        (".times", StoreMessage("import.timesKind", "expected a number, found %@", .message(other.kindName))))
    case nil: found.append((".times", missing))
    }
    if let times, let period, Quota(times, per: period) == nil {
      let range = period.allowedCounts
      found.append(
        (
          ".times",
          period == .week
            ? StoreMessage(
              "import.timesAWeek",
              "%@ times a week; a quota asks %@ to %@ times a week (7 is a habit on every day)",
              .text(String(times)), .text(String(range.lowerBound)), .text(String(range.upperBound)))
            : StoreMessage(
              "import.timesAMonth", "%@ times a month; a quota asks %@ to %@ times a month",
              .text(String(times)),
              .text(String(range.lowerBound)), .text(String(range.upperBound)))
        ))
    }
    guard found.isEmpty, let times, let period, let quota = Quota(times, per: period) else {
      return .failure(PartProblems(found))
    }
    return .success(quota)
  }

  /// A record's amount, reported at `path` when it is not one.
  private mutating func amount(_ value: JSONValue, _ path: String) -> Amount? {
    switch Self.parseAmount(value) {
    case .success(let amount): return amount
    case .failure(let part):
      for found in part.problems { problem(path + found.path, found.reason) }
      return nil
    }
  }

  /// An amount or target: an exact decimal, as a string ("12.5", the way export writes it) or a
  /// number (read from its text, never through a floating-point value), up to three decimals.
  package static func parseAmount(_ value: JSONValue) -> Result<Amount, PartProblems> {
    let text: String
    switch value {
    case .string(let given), .number(let given): text = given
    case .null, .bool, .array, .object:
      return .failure(
        PartProblems(
          "",
          StoreMessage(
            "import.amountKind", "expected a decimal such as \"12.5\", found %@", .message(value.kindName))))
    }
    let shown = StoreMessage.Argument.text(JSONWriter.quoted(text))
    let reason: StoreMessage
    do throws(AmountParseError) {
      return .success(try Amount(parsing: text))
    } catch {
      switch error {
      case .empty, .notANumber:
        reason = StoreMessage("import.notAnAmount", "%@ is not a decimal such as \"12.5\"", shown)
      case .negative:
        reason = StoreMessage("import.negativeAmount", "%@ is below zero; amounts are never negative", shown)
      case .tooManyDecimals:
        reason = StoreMessage("import.amountDecimals", "%@ has more than three decimals", shown)
      case .tooLarge:
        reason = StoreMessage("import.amountTooLarge", "%@ is more than 999999999.999", shown)
      }
    }
    return .failure(PartProblems("", reason))
  }

  /// What is wrong with a unit.
  private static func unitMessage(_ error: MeasureError) -> StoreMessage {
    switch error {
    case .emptyUnit: return StoreMessage("import.unit.empty", "empty; a measurable tracker needs a unit")
    case .unitTooLong(let count):
      return StoreMessage("import.unit.tooLong", "%@ characters; the limit is 12", .text(String(count)))
    case .forbiddenCharacterInUnit(let scalar):
      return StoreMessage(
        "import.forbiddenCharacter", "contains the control or bidirectional character U+%@",
        .text(String(scalar.value, radix: 16, uppercase: true)))
    case .targetNotPositive:
      return StoreMessage("import.targetNotPositive", "0 is no target; a target is more than zero")
    }
  }

  /// `value` (a tracker of the file) with its `measure` and `quota` written as export writes them
  /// when they are valid, so a file that writes the same goal another way ("20.0", keys in another
  /// order) is the same tracker as the store's.
  package static func canonical(_ value: JSONValue) -> JSONValue {
    guard case .object(var pairs) = value else { return value }
    for index in pairs.indices {
      switch pairs[index].0 {
      case "measure":
        if case .success(let measure) = parseMeasure(pairs[index].1) {
          pairs[index].1 = measure.goal.map(TrackerArchive.encode) ?? .null
        }
      case "quota":
        if pairs[index].1 != .null, case .success(let quota) = parseQuota(pairs[index].1) {
          pairs[index].1 = TrackerArchive.encode(quota)
        }
      default: break
      }
    }
    return .object(pairs)
  }

  /// `[{"tracker": "…", "date": "…", "text": "…"}]`: each of a tracker of the file or the store,
  /// once per tracker and day, its text a valid note. A note the store has on that day with
  /// another text is a problem: an import never changes what is there.
  private mutating func decodeNotes(_ values: [JSONValue], trackers: [Tracker]) -> [TrackerNote] {
    guard !values.isEmpty else { return [] }
    let known = Set(trackers.map(\.id)).union(existing.trackers.map(\.id))
    var stored: [TrackerDayOff: String] = [:]
    for note in existing.notes { stored[TrackerDayOff(trackerID: note.trackerID, day: note.day)] = note.text }
    var seen: [TrackerDayOff: Int] = [:]
    var result: [TrackerNote] = []
    for (index, value) in values.enumerated() {
      let item = { "notes[\(index)]" }
      guard object(value, item, allowed: Self.noteKeys) else { continue }
      var tracker: UUID?
      if let id = uuid(value, "tracker", item) {
        if known.contains(id) {
          tracker = id
        } else if !declaredTrackers.contains(id) {
          problem(
            item() + ".tracker",
            StoreMessage(
              "import.noSuchTracker", "no tracker with id %@ in the file or the store", .text(id.uuidString)))
        }
      }
      var day = date(value, "date", item)
      if let noteDay = day, noteDay > Day.latestStored {
        problem(
          item() + ".date",
          StoreMessage(
            "import.noteTooLate", "%@ is after %@, the latest day the app keeps", .day(noteDay),
            .day(Day.latestStored)))
        day = nil
      }
      var text: String?
      if let raw = string(value, "text", item) {
        switch TrackerNote.validatedText(raw) {
        case .success(let valid): text = valid
        case .failure(.empty):
          problem(item() + ".text", StoreMessage("import.note.empty", "empty; a note has some text"))
        case .failure(.tooLong(let count)):
          problem(
            item() + ".text",
            StoreMessage("import.note.tooLong", "%@ characters; the limit is 500", .text(String(count))))
        case .failure(.forbiddenCharacter(let scalar)):
          problem(
            item() + ".text",
            StoreMessage(
              "import.note.forbiddenCharacter",
              "contains the control or bidirectional character U+%@ (line breaks are the only control characters a note may hold)",
              .text(String(scalar.value, radix: 16, uppercase: true))))
        }
      }
      guard let tracker, let day, let text else { continue }
      let key = TrackerDayOff(trackerID: tracker, day: day)
      if let first = seen[key] {
        problem(
          item(),
          StoreMessage(
            "import.duplicateNote", "duplicate of notes[%@]: one note per tracker and day",
            .text(String(first))))
        continue
      }
      seen[key] = index
      if let storedText = stored[key], storedText != text {
        problem(
          item() + ".text",
          StoreMessage(
            "import.noteDiffersFromStore",
            "the store has another note for this tracker on %@ (%@); an import never changes what is there",
            .day(day), .text(JSONWriter.quoted(storedText))))
        continue
      }
      result.append(TrackerNote(trackerID: tracker, day: day, text: text))
    }
    return result
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

/// The problems found in one part of a value (a tracker's `measure` or `quota`), each with its
/// path below the part's: an error, so the part reads as a `Result`.
package struct PartProblems: Error {
  package var problems: [ArchiveDecoder.PartProblem]

  package init(_ problems: [ArchiveDecoder.PartProblem]) { self.problems = problems }

  /// One problem at `path`.
  package init(_ path: String, _ reason: StoreMessage) { problems = [(path, reason)] }
}
