import Foundation
import TrackerModels

extension ArchiveDecoder {
  // MARK: Sections

  /// `{"on": true, "time": "20:00"}`.
  mutating func decodeReminder(_ value: JSONValue) -> ReminderSettings? {
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
  mutating func decodeDayStart(_ value: JSONValue) -> DayStart? {
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
  mutating func decodeDaysOff(
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

  mutating func decodeCategories(_ values: [JSONValue]) -> [(String, TrackerCategory)] {
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

  mutating func decodeTrackers(_ values: [JSONValue]) -> [(String, Tracker)] {
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
      let window = self.window(value, path, kind: kind)
      let reminders = self.reminders(value, path)
      // Archived and order (version 3, issue 49): false and 0 when left out.
      var isArchived: Bool? = false
      switch value["archived"] {
      case .bool(let flag)?: isArchived = flag
      case let other?:
        problem(path + ".archived", Self.expected(Self.bool, found: other))
        isArchived = nil
      case nil: break
      }
      var order: Int? = 0
      switch value["order"] {
      case .number(let text)? where Int(text).map(String.init) == text: order = Int(text)
      case let other?:
        problem(path + ".order", Self.expected(Self.integer, found: other))
        order = nil
      case nil: break
      }
      if let id, let name, let emoji, let color, let category, let kind, let pinned, let created,
        let measure, let quota, let window, let reminders, let isArchived, let order
      {
        let paced =
          quota.map { .habit(Schedule(quota: $0)) } ?? window.map { .habit(Schedule(window: $0)) } ?? kind
        // A window on a measurable tracker, a week's or a month's target with a quota, a window or
        // on an event: the file's tracker cannot be (issue 49).
        if let conflict = Tracker.paceConflict(kind: paced, measure: measure) {
          problem(path + ".measure", Self.paceMessage(conflict))
          continue
        }
        result.append(
          (
            path,
            Tracker(
              id: id, name: name, emoji: emoji, color: color, categoryID: category, isPinned: pinned,
              createdOn: created, kind: paced, measure: measure,
              reminders: reminders, isArchived: isArchived, order: order)
          ))
      }
    }
    return result
  }

  /// What the records decoded so far left behind.
  struct RecordState {
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

  mutating func decodeRecord(_ value: JSONValue, at index: Int) {
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
  mutating func finishRecords() -> [TrackerRecord] {
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
  mutating func reportOtherAmounts(_ records: [TrackerRecord], positions: [Int]) {
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
  static func recordIndex(_ path: String) -> Int {
    Int(path.dropFirst("records[".count).prefix { $0.isNumber }) ?? 0
  }

  /// Reports every record that repeats an earlier one (same tracker, same date). Sorting beats
  /// hashing every record here: the input is usually sorted already.
  mutating func reportDuplicates(_ records: [TrackerRecord], slots: [Int], positions: [Int]) {
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
}
