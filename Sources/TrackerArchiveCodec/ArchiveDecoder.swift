import Foundation
import TrackerModels

/// Reads an archive's JSON into store contents, collecting every problem with its path.
package struct ArchiveDecoder {
  package let today: Day
  package let existing: StoreContents
  package internal(set) var problems: [ImportProblem] = []
  /// Ids the file declares, valid items or not: a reference to an item that has problems of its
  /// own is not reported again as dangling.
  var declaredCategories: Set<UUID> = []
  var declaredTrackers: Set<UUID> = []
  /// The categories and trackers of the file that the store has already, the very same: they are
  /// not added again (an archive imported into the store it came from adds nothing).
  package internal(set) var alreadyThere: (categories: Set<UUID>, trackers: Set<UUID>) = ([], [])

  static let categoryKeys = ["id", "title"]
  static let trackerKeys = [
    "id", "name", "emoji", "color", "category", "schedule", "pinned", "created", "measure", "quota",
    "window", "reminders", "archived", "order",
  ]
  static let recordKeys = ["tracker", "date", "amount"]
  static let dayOffKeys = ["tracker", "date"]
  static let noteKeys = ["tracker", "date", "text"]

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
  var members: [(String, JSONValue)] = []
  /// Set once the header and the categories and trackers were decoded.
  var sections: (categories: [TrackerCategory], trackers: [Tracker])?
  /// Whether the header said this is not a Tracker archive (then nothing else is checked).
  var isForeign = false
  /// Records read before the trackers they may refer to (a hand-written file): decoded at the end.
  var earlyRecords: [(JSONValue, Int)] = []
  var recordState = RecordState()

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

  static let rootKeys = [
    "format", "version", "reminder", "dayStart", "categories", "trackers", "daysOff", "notes", "records",
  ]
  /// The day start hour, when the file has a valid one (version 2).
  package private(set) var dayStart: DayStart?
  /// The daily reminder's setting, when the file has a valid one.
  package private(set) var reminder: ReminderSettings?
  /// Unknown top-level keys already reported when the sections were decoded.
  var reportedRootKeys: Set<String> = []

  /// Checks the header (format, version) and decodes the categories and trackers read so far.
  mutating func decodeSections() {
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
          "import.unsupportedVersion", "version %@ is not supported; this app reads versions 1, 2, 3 and 4",
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

}

/// The problems found in one part of a value (a tracker's `measure` or `quota`), each with its
/// path below the part's: an error, so the part reads as a `Result`.
package struct PartProblems: Error {
  package var problems: [ArchiveDecoder.PartProblem]

  package init(_ problems: [ArchiveDecoder.PartProblem]) { self.problems = problems }

  /// One problem at `path`.
  package init(_ path: String, _ reason: StoreMessage) { problems = [(path, reason)] }
}
