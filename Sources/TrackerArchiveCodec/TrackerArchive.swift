import Foundation
import TrackerModels

/// The export and import format of docs/data-format.md: JSON, UTF-8, `"format": "tracker"`,
/// version 3 (measures, quotas, amounts and notes) or 2 (versions 1, without days off and the day
/// start, and 2 are still read).
public enum TrackerArchive {
  /// The value of `format`.
  public static let format = "tracker"
  /// The newest version this code writes: for contents with a measure, a quota, an amount or a
  /// note (`version(for:)`).
  public static let version = 4
  /// The versions this code reads.
  public static let readableVersions = [1, 2, 3, 4]

  /// The lowest version that carries `contents`: 3 when a tracker is measurable, has a quota or
  /// reminders, a record has an amount, or a note is there; else 2, so a store without any of them exports the
  /// same bytes as before version 3 (and an older Tracker still reads it).
  public static func version(for contents: StoreContents) -> Int {
    // Version 4 (issue 49): a window ("N times in Y days") or a target of a week or a month, which
    // a reader of version 3 would take for a habit of every day or a daily target.
    if contents.trackers.contains(where: { $0.window != nil || $0.measure.goal?.period != nil }) { return 4 }
    let needsThree =
      !contents.notes.isEmpty
      || contents.trackers.contains {
        $0.measure != .yesNo || $0.quota != nil || !$0.reminders.isEmpty || $0.isArchived || $0.order != 0
      }
      || contents.records.contains { $0.amount != nil }
    return needsThree ? 3 : 2
  }

  /// The file for `contents` (and the daily reminder's setting, when given), in a stable order:
  /// categories by title, trackers by name, days off, notes and records by tracker (in that order)
  /// then date. The same contents always give the same bytes. Written as `version(for:)` says:
  /// `measure`, `quota`, `amount` and `notes` appear only in version 3.
  public static func export(
    _ contents: StoreContents, reminder: ReminderSettings? = nil, dayStart: DayStart? = nil
  ) -> String {
    // The store's order (total: by lowercased text, then text, then id), then the root collation,
    // so "Ёлка" sits with "Е" in every export whatever the user's language.
    let categories = Collation.root.sorted(StoreRules.sorted(contents.categories), by: \.title)
    let trackers = Collation.root.sorted(
      StoreRules.sorted(
        contents.trackers.map { TrackerSummary(tracker: $0, recordCount: 0, earliestRecord: nil) }
      )
      .map(\.tracker), by: \.name)
    let position = Dictionary(uniqueKeysWithValues: trackers.enumerated().map { ($1.id, $0) })
    // Records are most of a large file: each is written straight as its line, with its tracker's
    // quoted id made once per tracker, the same bytes `JSONWriter` would write for the object.
    let quotedIDs = trackers.map { JSONWriter.quoted($0.id.uuidString) }
    let records = contents.records
      .compactMap { record in
        position[record.trackerID].map { (position: $0, day: record.day, amount: record.amount) }
      }
      .sorted { ($0.position, $0.day) < ($1.position, $1.day) }
    let written = version(for: contents)
    var members: [(String, JSONValue)] = [("format", .string(format)), ("version", .int(written))]
    if let reminder {
      members.append(
        ("reminder", .object([("on", .bool(reminder.isOn)), ("time", .string(reminder.time.description))])))
    }
    if let dayStart { members.append(("dayStart", .string(dayStart.description))) }
    let daysOff = contents.daysOff
      .compactMap { dayOff in position[dayOff.trackerID].map { (position: $0, day: dayOff.day) } }
      .sorted { ($0.position, $0.day) < ($1.position, $1.day) }
      .map {
        JSONValue.object([
          ("tracker", .string(trackers[$0.position].id.uuidString)), ("date", .string($0.day.iso)),
        ])
      }
    let notes = contents.notes
      .compactMap { note in position[note.trackerID].map { (position: $0, note: note) } }
      .sorted { ($0.position, $0.note.day) < ($1.position, $1.note.day) }
      .map {
        JSONValue.object([
          ("tracker", .string(trackers[$0.position].id.uuidString)), ("date", .string($0.note.day.iso)),
          ("text", .string($0.note.text)),
        ])
      }
    let head = JSONValue.object(
      members + [
        (
          "categories",
          .array(
            categories.map { .object([("id", .string($0.id.uuidString)), ("title", .string($0.title))]) })
        ),
        ("trackers", .array(trackers.map(encode))),
        ("daysOff", .array(daysOff)),
      ] + (written >= 3 ? [("notes", .array(notes))] : []) + [("records", .array([]))])
    var text = JSONWriter.write(head, elementsOnOneLine: true)
    guard !records.isEmpty, text.hasSuffix("\"records\": []\n}\n") else { return text }
    text.removeLast("[]\n}\n".count)
    text.reserveCapacity(text.utf8.count + records.count * 72)
    text += "[\n"
    for (index, record) in records.enumerated() {
      text += "    {\"tracker\": " + quotedIDs[record.position] + ", \"date\": \"" + record.day.iso + "\""
      if let amount = record.amount { text += ", \"amount\": \"" + amount.description + "\"" }
      text += "}"
      text += index == records.count - 1 ? "\n" : ",\n"
    }
    text += "  ]\n}\n"
    return text
  }

  /// The contents of an import file, after checking every field, every reference and every
  /// uniqueness rule, within the file and against `existing` (the store's current contents).
  /// Records after `today` are refused. Every problem found is reported, not only the first.
  public static func decode(_ text: String, today: Day, existing: StoreContents) -> Result<
    StoreContents, ImportFailure
  > {
    decodeArchive(text, today: today, existing: existing).map(\.contents)
  }

  /// `decode`, with the daily reminder's setting and the day start when the file has them, and
  /// the ids of the categories and trackers of the file the store has already, the very same.
  public static func decodeArchive(_ text: String, today: Day, existing: StoreContents) -> Result<
    (
      contents: StoreContents, reminder: ReminderSettings?, dayStart: DayStart?,
      alreadyThere: (categories: Set<UUID>, trackers: Set<UUID>)
    ), ImportFailure
  > {
    // The records are decoded as they are parsed: a 700,000-record archive is never held as a
    // tree of JSON values.
    var decoder = ArchiveDecoder(today: today, existing: existing)
    do {
      try JSONParser.parseObject(
        text, streaming: "records", member: { decoder.member($0, $1) },
        arrayStarts: { decoder.recordsBegin() },
        element: { decoder.record($0, at: $1) }, pairKeys: ("tracker", "date", third: "amount"),
        pair: { decoder.plainRecord($0, at: $1) })
    } catch {
      return .failure(ImportFailure(problems: [ImportProblem(path: "$", reason: error.reason)]))
    }
    let contents = decoder.finish()
    guard decoder.problems.isEmpty, let contents else {
      return .failure(ImportFailure(problems: decoder.problems))
    }
    return .success((contents, decoder.reminder, decoder.dayStart, decoder.alreadyThere))
  }

  /// A tracker as the archive writes it: without `measure` and `quota` when it has neither (a
  /// yes/no tracker on weekdays or an event, as every tracker of version 2 is).
  private static func encode(_ tracker: Tracker) -> JSONValue {
    .object(members(of: tracker).filter { !(optionalKeys.contains($0.0) && $0.1 == .null) })
  }

  /// The members a tracker leaves out when they are null.
  package static let optionalKeys = ["measure", "quota", "window", "reminders", "archived", "order"]

  /// A tracker's members as the archive writes them, in order, `measure`, `quota` and `reminders`
  /// null when it has none (what a file that leaves them out means).
  package static func members(of tracker: Tracker) -> [(String, JSONValue)] {
    let schedule: JSONValue
    switch tracker.kind {
    case .habit(let days): schedule = .array(days.days.days.map { .string($0.code) })
    case .event: schedule = .null
    }
    return [
      ("id", .string(tracker.id.uuidString)),
      ("name", .string(tracker.name)),
      ("emoji", .string(tracker.emoji)),
      ("color", .string(tracker.color.hex)),
      ("category", .string(tracker.categoryID.uuidString)),
      ("schedule", schedule),
      ("pinned", .bool(tracker.isPinned)),
      ("created", .string(tracker.createdOn.iso)),
      ("measure", tracker.measure.goal.map(encode) ?? .null),
      ("quota", tracker.quota.map(encode) ?? .null),
      ("window", tracker.window.map(encode) ?? .null),
      ("reminders", tracker.reminders.isEmpty ? .null : encode(tracker.reminders)),
      ("archived", tracker.isArchived ? .bool(true) : .null),
      ("order", tracker.order == 0 ? .null : .int(tracker.order)),
    ]
  }

  /// `{"unit": "km", "target": "20", "direction": "at-least"}`: the target as an exact decimal
  /// string, never a floating-point number.
  package static func encode(_ goal: MeasureGoal) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("unit", .string(goal.unit)), ("target", .string(goal.target.description)),
      ("direction", .string(goal.direction.rawValue)),
    ]
    // Version 4: a target of a week or a month says so; a day's target says nothing.
    if let period = goal.period { members.append(("per", .string(period.rawValue))) }
    return .object(members)
  }

  /// `{"times": 2, "in": 10}`: N times in Y days (version 4).
  package static func encode(_ window: TimesInDays) -> JSONValue {
    .object([("times", .int(window.count)), ("in", .int(window.days))])
  }

  /// An amount in a message: "12.5", or "no amount" for a record without one.
  package static func amountArgument(_ amount: Amount?) -> StoreMessage.Argument {
    amount.map { .text($0.description) } ?? .message(StoreMessage("import.noAmount", "no amount"))
  }

  /// `{"times": 3, "per": "week"}`.
  package static func encode(_ quota: Quota) -> JSONValue {
    .object([("times", .int(quota.count)), ("per", .string(quota.period.rawValue))])
  }
}

/// What an import added, and what it found already there.
public struct ImportSummary: Hashable, Sendable {
  /// What was added: the categories and trackers of the archive the store did not have, and the
  /// records, days off and notes it did not have.
  public var added: StoreContents
  /// Records of trackers already in the store that the store already had.
  public var recordsAlreadyThere: Int
  /// Categories, trackers and days off of the archive the store already had, the very same.
  public var categoriesAlreadyThere = 0
  public var trackersAlreadyThere = 0
  public var daysOffAlreadyThere = 0
  /// Notes of the archive the store already had, the very same text on the same tracker and day.
  public var notesAlreadyThere = 0
  /// The daily reminder's setting the file carries, for the importer to restore.
  public var reminder: ReminderSettings?
  /// The day start hour the file carries (version 2), for the importer to restore.
  public var dayStart: DayStart?

  /// A summary with every field given.
  public init(
    added: StoreContents, recordsAlreadyThere: Int, reminder: ReminderSettings? = nil,
    dayStart: DayStart? = nil
  ) {
    self.added = added
    self.recordsAlreadyThere = recordsAlreadyThere
    self.reminder = reminder
    self.dayStart = dayStart
  }

  /// Whether the import added nothing at all: everything in the file was in the store already.
  public var addedNothing: Bool { added == .empty }
}

extension TrackerDataStore {
  /// Imports an archive: all of it, or — when anything is wrong — nothing, with every problem.
  /// What the store already has, the very same (categories, trackers, records with their amounts,
  /// days off, notes), is left
  /// out and counted: an archive imported into the store it came from adds nothing. An item with
  /// the id of one in the store but other values is a problem: an import never changes what is
  /// there.
  @discardableResult
  public func importArchive(_ text: String, today: Day) throws(ImportFailure) -> ImportSummary {
    let existing = try contentsForImport()
    let decoded = try TrackerArchive.decodeArchive(text, today: today, existing: existing).get()
    var contents = decoded.contents
    contents.categories.removeAll { decoded.alreadyThere.categories.contains($0.id) }
    contents.trackers.removeAll { decoded.alreadyThere.trackers.contains($0.id) }
    var alreadyThere = 0
    var daysOffAlreadyThere = 0
    var notesAlreadyThere = 0
    let existingTrackers = Set(existing.trackers.map(\.id))
    if contents.records.contains(where: { existingTrackers.contains($0.trackerID) })
      || contents.daysOff.contains(where: { existingTrackers.contains($0.trackerID) })
      || contents.notes.contains(where: { existingTrackers.contains($0.trackerID) })
    {
      let stored = Set(existing.records)
      let before = contents.records.count
      contents.records.removeAll { stored.contains($0) }
      alreadyThere = before - contents.records.count
      let storedOff = Set(existing.daysOff)
      let daysOffBefore = contents.daysOff.count
      contents.daysOff.removeAll { storedOff.contains($0) }
      daysOffAlreadyThere = daysOffBefore - contents.daysOff.count
      // The decoder refused a note that differs from the store's: what is left is new or the same.
      let storedNotes = Set(existing.notes)
      let notesBefore = contents.notes.count
      contents.notes.removeAll { storedNotes.contains($0) }
      notesAlreadyThere = notesBefore - contents.notes.count
      // A record of the file on a day the store has off: a day is done or off, never both.
      let clashes = contents.records.filter {
        storedOff.contains(TrackerDayOff(trackerID: $0.trackerID, day: $0.day))
      }
      if !clashes.isEmpty {
        throw ImportFailure(
          problems: clashes.map { record in
            ImportProblem(
              path: "records",
              reason: StoreMessage(
                "import.recordOnStoredDayOff",
                "the tracker %@ is off on %@ in the store; a day is done or off, not both",
                .text(record.trackerID.uuidString), .day(record.day)))
          })
      }
    }
    try insertImported(StoreAdditions(contents))
    var summary = ImportSummary(
      added: contents, recordsAlreadyThere: alreadyThere, reminder: decoded.reminder,
      dayStart: decoded.dayStart)
    summary.categoriesAlreadyThere = decoded.alreadyThere.categories.count
    summary.trackersAlreadyThere = decoded.alreadyThere.trackers.count
    summary.daysOffAlreadyThere = daysOffAlreadyThere
    summary.notesAlreadyThere = notesAlreadyThere
    return summary
  }
}

extension TrackerDataStore {
  /// The store's contents, for an import to check a file against; a store that cannot be read
  /// refuses the import.
  package func contentsForImport() throws(ImportFailure) -> StoreContents {
    do {
      return try contents()
    } catch {
      throw ImportFailure(problems: [
        ImportProblem(
          path: "$",
          reason: StoreMessage("import.storeUnreadable", "the store could not be read: %@", .text("\(error)"))
        )
      ])
    }
  }

  /// Adds an import's checked contents in one transaction, or refuses the import: another process
  /// may have changed the store between the check and the write.
  package func insertImported(_ additions: StoreAdditions) throws(ImportFailure) {
    do {
      try insert(additions)
    } catch {
      throw ImportFailure(
        problems: [
          ImportProblem(
            path: "$",
            reason: StoreMessage("import.storeRefused", "the store refused the import: %@", .text("\(error)"))
          )
        ], storeError: error)
    }
  }
}
