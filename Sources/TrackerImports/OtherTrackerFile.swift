import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite

/// Where a file `import` reads that is not Tracker's own archive comes from.
public enum ImportSource: Hashable, Sendable {
  /// A Loop Habit Tracker backup, with its `PRAGMA user_version`.
  case loop(version: Int)
  /// A HabitBull CSV export.
  case habitBull
}

/// The titles of the categories an import makes, in the user's language: the store knows no
/// language, the command line does.
public struct ForeignTitles: Hashable, Sendable {
  /// Loop's habits ("Loop", "Из Loop").
  public var loop: String
  /// Loop's archived habits ("Loop · archive", "Из Loop · архив").
  public var loopArchive: String
  /// HabitBull's habits that have no category of their own.
  public var habitBull: String
  /// The unit of a measurable tracker whose file gives none ("times", "раз").
  public var unit: String

  /// Titles with every part given; `unit` must be 1–12 characters (else "×" is used).
  public init(loop: String, loopArchive: String, habitBull: String, unit: String = "times") {
    self.loop = loop
    self.loopArchive = loopArchive
    self.habitBull = habitBull
    self.unit = unit
  }
}

/// A measurable habit's goal as another tracker's file has it, its unit not yet checked.
package struct ForeignGoal: Hashable, Sendable {
  /// The unit as the file has it ("" for none).
  package var unit: String
  /// The target of a day, or of the whole `period`; more than zero.
  package var target: Amount
  /// At least or at most.
  package var direction: MeasureDirection
  /// Nil for a day's target; a week or a month for a target of the period's sum (issue 49).
  package var period: Quota.Period? = nil
}

/// A habit read from another tracker's file, before it meets the store.
package struct ForeignHabit: Hashable, Sendable {
  /// Which category it goes into.
  package enum Category: Hashable, Sendable {
    case loop, loopArchive
    /// HabitBull's own category ("" when it has none).
    case named(String)
  }

  /// Its id: the same habit gives the same id on every import.
  package var id: UUID
  /// Its name as the file has it.
  package var name: String
  package var category: Category
  package var kind: TrackerKind
  package var color: TrackerColor
  /// The days it was done, within the dates the app keeps (repeats allowed, any order, until
  /// `settle()`).
  package var records: [Day]
  /// The days it was skipped, within the dates the app keeps.
  package var daysOff: [Day]
  /// A measurable habit's goal; nil for a yes/no one.
  package var goal: ForeignGoal? = nil
  /// A measurable habit's amounts by record day (a record day without one counts as the target).
  package var amounts: [Day: Amount] = [:]
  /// Its notes by day, each already a valid note's text (`OtherTrackerFile.noteText`).
  package var notes: [Day: String] = [:]
  /// Its reminders (Loop's one, issue 48).
  package var reminders: [HabitReminder] = []

  /// Sorts its days and drops repeats, in place: a reader calls it once it has read them all, so
  /// the import takes the habit's days as they are (for millions of check-marks, no second copy).
  package mutating func settle() {
    records = Day.ascendingOnce(records)
    daysOff = Day.ascendingOnce(daysOff)
  }
}

/// What the file had that the app holds in another way, or not at all (the summary counts them).
public struct ForeignAdaptations: Hashable, Sendable {
  /// Loop habits of "X in Y days" (Y from 2 to 31, a week and a month included): habits of X
  /// times in Y days, met by Loop's own windows (issue 49), as they were.
  public var frequenciesAsWindows = 0
  /// Loop's numerical habits with a target over a week or a month: period targets, met by the
  /// week's (Monday to Sunday) or the calendar month's sum, as they were.
  public var periodTargets = 0
  /// Loop habits of "X in Y days" with Y over 31: X·7/Y a week, rounded (1–6; 7 or more is every
  /// day); numerical ones over a period other than a day, a week or a month get their daily
  /// share, rounded to thousandths. A frequency that is not a frequency (0 or less) is every day,
  /// counted here too.
  public var scaledFrequencies = 0
  /// Loop's numerical "at most" habits: here a past day with nothing entered is 0, within the
  /// target (Loop leaves such a day unjudged).
  public var atMostHabits = 0
  /// Loop targets of 0 or less, not a number, or above the largest amount: the nearest target
  /// allowed (0.001, or 999,999,999.999).
  public var targetsOutOfRange = 0
  /// Measurable trackers whose file gives no unit: the unit of the summary's language ("times").
  public var defaultUnits = 0
  /// Units longer than 12 characters, cut with "…".
  public var shortenedUnits = 0
  /// HabitBull habits with amounts other than 0 and 1 (HabitBull keeps no target): measurable,
  /// at least their most common amount a day.
  public var targetsFromAmounts = 0
  /// Notes longer than 500 characters, cut with "…".
  public var notesCut = 0
  /// HabitBull rows of a habit and day an earlier row already had, merged into it.
  public var mergedRows = 0
  /// Loop habits whose `uuid` an earlier habit of the backup has: trackers of their own.
  public var habitsSharingUUID = 0
  /// Names longer than 38 characters, cut with "…".
  public var shortenedNames = 0
  /// Names already taken (ignoring case), numbered " 2", " 3"….
  public var renamedDuplicates = 0
  /// Loop habits with a description or a question, left out.
  public var descriptions = 0
  /// Habits whose reminder cannot be carried over, left out: its time is no time of day, or it
  /// is on no day.
  public var reminders = 0
  /// Loop reminders carried over as the habit's own reminder, at its time and on its days.
  public var remindersKept = 0
  /// Check-marks dated outside the days the app keeps (before 1900-01-01, or more than two days
  /// after today), and skips on a day the tracker is not shown (off its schedule, before its
  /// first day): left out.
  public var checkMarksLeftOut = 0
  /// Loop check-marks whose timestamp or value is not an integer (NULL, a real, text, a blob):
  /// left out.
  public var unreadableCheckMarks = 0
  /// Loop habit rows whose row id an earlier row has (their check-marks cannot be told apart):
  /// left out.
  public var habitsSharingRowID = 0

  /// Nothing adapted.
  public init() {}
}

/// A Loop Habit Tracker backup or a HabitBull CSV, read and checked, not yet in any store.
public struct OtherTrackerFile: Hashable, Sendable {
  /// What the file is.
  public let source: ImportSource
  package let habits: [ForeignHabit]
  /// What reading already adapted or left out (names are counted when the file meets a store).
  package let adaptations: ForeignAdaptations

  /// The namespace of the ids of imported trackers and categories (name-based UUIDs).
  package static let namespace = UUID(uuidString: "6B1D3F0E-4C2A-5E8B-9A71-2D5C8E3F4A10") ?? UUID()

  /// Reads `bytes` when they are a Loop backup or a HabitBull CSV, recognised by their content;
  /// nil when they are neither (then they may be an archive). A file that is one of them but
  /// cannot be imported is a failure listing every problem. The bytes are only read: a Loop backup
  /// is opened from a copy in memory, read-only, and its own migrations never run.
  public static func read(_ bytes: Data, today: Day) -> Result<OtherTrackerFile, ImportFailure>? {
    if LoopBackup.isSQLite(bytes) { return LoopBackup.read(bytes, today: today) }
    if HabitBullCSV.isHabitBull(bytes) { return HabitBullCSV.read(bytes, today: today) }
    if let nearly = HabitBullCSV.nearlyHabitBull(bytes) { return .failure(ImportFailure(problems: [nearly])) }
    return nil
  }

  /// Reads the file at `path` like `read(_:today:)`, but a Loop backup from the file itself: one
  /// consistent snapshot, as SQLite reads it (a hot journal rolled back, a log's commits read, in
  /// a private copy), never writing to it or beside it, and never held in memory whole. Nil when
  /// the file is neither; a file that cannot be read is a failure.
  public static func read(file path: String, today: Day) -> Result<OtherTrackerFile, ImportFailure>? {
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      if LoopBackup.isSQLite(try handle.read(upToCount: 16) ?? Data()) {
        return LoopBackup.read(path: path, today: today)
      }
      return read(try Data(contentsOf: URL(fileURLWithPath: path)), today: today)
    } catch {
      let reason = StoreMessage("import.unreadableFile", "the file could not be read: %@", .text("\(error)"))
      return .failure(ImportFailure(problems: [ImportProblem(path: "$", reason: reason)]))
    }
  }

  /// The day `daysSinceEpoch`, when the app keeps it and it is at most two days after `today`.
  package static func storable(_ daysSinceEpoch: Int, today: Day) -> Day? {
    guard daysSinceEpoch >= Day.earliestStored.daysSinceEpoch,
      daysSinceEpoch <= Day.latestInBackup(today: today).daysSinceEpoch
    else { return nil }
    return Day(daysSinceEpoch: daysSinceEpoch)
  }

  /// The color of the palette nearest to `rgb` (a weighted distance that follows the eye more
  /// closely than plain RGB: "redmean", (2 + r̄/256)·ΔR² + 4·ΔG² + (2 + (255 − r̄)/256)·ΔB², here
  /// times 512 so it stays exact in integers; the first of equals).
  package static func nearestColor(_ rgb: UInt32) -> TrackerColor {
    let color = TrackerColor(rgb: rgb).components
    func distance(_ other: TrackerColor) -> Int {
      let (r2, g2, b2) = other.components
      let redSum = Int(color.red) + Int(r2)  // 2·r̄
      let dr = Int(color.red) - Int(r2)
      let dg = Int(color.green) - Int(g2)
      let db = Int(color.blue) - Int(b2)
      // Swift's >> binds tighter than *, so no shift here: the scale is kept instead.
      return (1024 + redSum) * (dr * dr) + 2048 * (dg * dg) + (1534 - redSum) * (db * db)
    }
    return TrackerColor.palette.min { distance($0) < distance($1) } ?? TrackerColor.palette[0]
  }
}

/// What an import of a Loop backup or a HabitBull CSV did.
public struct ForeignImportSummary: Hashable, Sendable {
  /// What the file was.
  public var source: ImportSource
  /// What was added: new categories and trackers, and records and days off by tracker.
  public var added: StoreAdditions
  /// Trackers of the file the store already had (an earlier import of the same habits).
  public var trackersAlreadyThere = 0
  /// Records of those trackers the store already had.
  public var recordsAlreadyThere = 0
  /// Days off of those trackers the store already had.
  public var daysOffAlreadyThere = 0
  /// Notes of those trackers on days the store already had a note for (the store's text stays).
  public var notesAlreadyThere = 0
  /// What was adapted or left out.
  public var adaptations: ForeignAdaptations

  /// Whether the import added nothing at all (the same file imported again).
  public var addedNothing: Bool { added.isEmpty }
}

extension OtherTrackerFile {
  /// The file's habits as store contents beside `existing`: trackers the store already has (the
  /// same id) get only the records and days off it lacks; new ones get names unique among all
  /// (cut to 38 characters, numbered when taken) and categories found by id or title, else new.
  public func contents(existing: StoreContents, titles: ForeignTitles, today: Day) -> ForeignImportSummary {
    var summary = ForeignImportSummary(source: source, added: .empty, adaptations: adaptations)
    let storedTrackers = Dictionary(existing.trackers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var names = NameIndex(existing.trackers.map(\.name))
    var nextNumbers: [String: Int] = [:]
    var categoryIDs: [String: UUID] = [:]
    let categoriesByID = Set(existing.categories.map(\.id))
    let categoriesByTitle = Dictionary(
      existing.categories.map { (NameRules.comparisonKey($0.title), $0.id) }, uniquingKeysWith: { a, _ in a })
    // What the store has of the trackers it shares with the file, read only when there are some.
    lazy var storedDays: Set<TrackerRecord> = {
      let shared = Set(habits.map(\.id)).intersection(storedTrackers.keys)
      return Set(
        existing.records.filter { shared.contains($0.trackerID) }.map {
          TrackerRecord(trackerID: $0.trackerID, day: $0.day)
        }
          + existing.daysOff.filter { shared.contains($0.trackerID) }.map {
            TrackerRecord(trackerID: $0.trackerID, day: $0.day)
          })
    }()
    // The days the store has a note on, of the same trackers: its own text stays.
    lazy var storedNoteDays: Set<TrackerRecord> = Set(
      existing.notes.filter { storedTrackers[$0.trackerID] != nil }.map {
        TrackerRecord(trackerID: $0.trackerID, day: $0.day)
      })
    // The first day of each of those trackers: a day off is never before it.
    lazy var storedFirstDays: [UUID: Day] = {
      var first: [UUID: Day] = [:]
      for record in existing.records where storedTrackers[record.trackerID] != nil {
        first[record.trackerID] = min(first[record.trackerID] ?? record.day, record.day)
      }
      return first
    }()
    var made: [UUID: Int] = [:]  // tracker id → index in summary.added.marks
    var notedDays: Set<TrackerRecord> = []  // (tracker, day) of the notes added: one each

    for habit in habits {
      // A reader settles its habits' days; sorted here only if one did not (then a copy).
      let records = Day.ascendingOnce(habit.records)
      // A day off is a day the tracker is shown: never on a weekday outside its schedule, nor
      // (for a tracker the store has, as it is there now) before its first day.
      let stored = storedTrackers[habit.id]
      let kind = stored?.kind ?? habit.kind
      let firstDay = stored.map { $0.firstDay(earliestRecord: storedFirstDays[$0.id]) }
      let skipped = Day.sorted(Day.ascendingOnce(habit.daysOff), without: records)
      let daysOff = skipped.filter { day in
        kind.dueDays.contains(day.weekday) && !(firstDay.map { day < $0 } ?? false)
      }
      summary.adaptations.checkMarksLeftOut += skipped.count - daysOff.count
      var notes: [TrackerNote] = []
      for (day, text) in habit.notes.sorted(by: { $0.key < $1.key }) {
        let key = TrackerRecord(trackerID: habit.id, day: day)
        if stored != nil, storedNoteDays.contains(key) {
          summary.notesAlreadyThere += 1
        } else if notedDays.insert(key).inserted {
          notes.append(TrackerNote(trackerID: habit.id, day: day, text: text))
        }
      }
      summary.added.notes += notes
      if stored != nil {
        summary.trackersAlreadyThere += 1
        let isThere = { (day: Day) in storedDays.contains(TrackerRecord(trackerID: habit.id, day: day)) }
        let newRecords = records.filter { !isThere($0) }
        let newDaysOff = daysOff.filter { !isThere($0) }
        summary.recordsAlreadyThere += records.count - newRecords.count
        summary.daysOffAlreadyThere += daysOff.count - newDaysOff.count
        add(
          TrackerMarks(trackerID: habit.id, records: newRecords, daysOff: newDaysOff, amounts: habit.amounts),
          to: &summary.added, made: &made)
        continue
      }
      if made[habit.id] != nil {
        // The same id twice in one (damaged) file: one tracker, with the days of both, each once.
        add(
          TrackerMarks(trackerID: habit.id, records: records, daysOff: daysOff, amounts: habit.amounts),
          to: &summary.added, made: &made)
        continue
      }
      let title: String
      switch habit.category {
      case .loop: title = titles.loop
      case .loopArchive: title = titles.loopArchive
      case .named(let name):
        let cleaned = Self.cut(Self.cleaned(name), to: NameRules.maximumLength)
        title = cleaned.isEmpty ? titles.habitBull : cleaned
      }
      let key = NameRules.comparisonKey(title)
      let categoryID: UUID
      if let known = categoryIDs[key] {
        categoryID = known
      } else {
        let derived = UUID(name: "category\n" + key, namespace: Self.namespace)
        if categoriesByID.contains(derived) {
          categoryID = derived
        } else if let existingID = categoriesByTitle[key] {
          categoryID = existingID
        } else {
          categoryID = derived
          summary.added.categories.append(TrackerCategory(id: derived, title: title))
        }
        categoryIDs[key] = categoryID
      }
      let name = Self.uniqueName(
        habit.name, among: &names, nextNumbers: &nextNumbers, adaptations: &summary.adaptations)
      // The earliest check-mark, skip or note, a skip on a day not due included: the habit was
      // there.
      let first = [records.first, skipped.first, notes.first?.day].compactMap { $0 }.min() ?? today
      summary.added.trackers.append(
        Tracker(
          id: habit.id, name: name, emoji: TrackerEmoji.all[0], color: habit.color, categoryID: categoryID,
          createdOn: first, kind: habit.kind,
          measure: Self.measure(habit.goal, defaultUnit: titles.unit, adaptations: &summary.adaptations),
          // A habit Loop archived stays archived: off the main screen and out of the statistics,
          // as it was there, in its own category too.
          reminders: habit.reminders, isArchived: habit.category == .loopArchive))
      made[habit.id] = summary.added.marks.count
      summary.added.marks.append(
        TrackerMarks(trackerID: habit.id, records: records, daysOff: daysOff, amounts: habit.amounts))
    }
    // Amounts of the days added only: the rest is the store's, or was never a record.
    for position in summary.added.marks.indices where !summary.added.marks[position].amounts.isEmpty {
      let recordDays = Set(summary.added.marks[position].records)
      summary.added.marks[position].amounts = summary.added.marks[position].amounts.filter {
        recordDays.contains($0.key)
      }
    }
    return summary
  }

  /// Adds `marks` to `additions`: a tracker's second entry (the same id twice in a damaged file)
  /// joins its first, each day once; marks that add nothing to a tracker the store has are left
  /// out.
  private func add(_ marks: TrackerMarks, to additions: inout StoreAdditions, made: inout [UUID: Int]) {
    if let position = made[marks.trackerID] {
      let earlier = additions.marks[position]
      additions.marks[position] = .settled(
        trackerID: marks.trackerID, records: earlier.records + marks.records,
        daysOff: earlier.daysOff + marks.daysOff,
        amounts: earlier.amounts.merging(marks.amounts) { a, _ in a })
    } else if !marks.records.isEmpty || !marks.daysOff.isEmpty {
      made[marks.trackerID] = additions.marks.count
      additions.marks.append(marks)
    }
  }

  /// A new tracker's measure from the file's goal: its unit cleaned and cut to 12 characters, or
  /// `defaultUnit` when it has none (each counted); yes/no without a goal.
  package static func measure(
    _ goal: ForeignGoal?, defaultUnit: String, adaptations: inout ForeignAdaptations
  ) -> TrackerMeasure {
    guard let goal else { return .yesNo }
    var unit = cleaned(goal.unit)
    if unit.isEmpty {
      adaptations.defaultUnits += 1
      switch MeasureGoal.validatedUnit(defaultUnit) {
      case .success(let valid): unit = valid
      case .failure: unit = "×"
      }
    } else if unit.count > MeasureGoal.maximumUnitLength {
      adaptations.shortenedUnits += 1
      unit = cut(unit, to: MeasureGoal.maximumUnitLength)
    }
    do {
      return try .measurable(unit: unit, target: goal.target, direction: goal.direction, period: goal.period)
    } catch {
      // Unreachable: the unit is 1–12 characters with none refused, and a reader makes every
      // target above zero. Should it happen, the habit still comes in, its records ticks.
      return .yesNo
    }
  }

  /// A note's text from another tracker's file: control and bidirectional characters but line
  /// breaks replaced by spaces, trimmed, and cut to 500 characters with "…" (counted); nil when
  /// nothing is left.
  package static func noteText(_ raw: String, notesCut: inout Int) -> String? {
    var scalars = String.UnicodeScalarView()
    for scalar in raw.unicodeScalars {
      scalars.append(scalar != "\n" && scalar != "\r" && NameRules.isForbidden(scalar) ? " " : scalar)
    }
    let lines = String(scalars).replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
    var text = NameRules.trimmed(lines)
    guard !text.isEmpty else { return nil }
    if text.count > TrackerNote.maximumLength {
      notesCut += 1
      text = cut(text, to: TrackerNote.maximumLength)
    }
    switch TrackerNote.validatedText(text) {
    case .success(let valid): return valid
    // Unreachable: what validation refuses was replaced, trimmed or cut above.
    case .failure: return nil
    }
  }

  /// `raw` trimmed, each control or bidirectional character replaced by a space.
  package static func cleaned(_ raw: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in raw.unicodeScalars {
      scalars.append(NameRules.isForbidden(scalar) ? " " : scalar)
    }
    return NameRules.trimmed(String(scalars))
  }

  /// `name` at most `limit` characters long: cut, with "…" in place of what was cut.
  package static func cut(_ name: String, to limit: Int) -> String {
    guard name.count > limit else { return name }
    return NameRules.trimmed(String(name.prefix(limit - 1))) + "…"
  }

  /// A name for `raw` that no tracker has (ignoring case): cleaned, cut to 38 characters, then
  /// numbered " 2", " 3"… while taken; the result is added to `names`. `nextNumbers` remembers,
  /// by base name, the number to try next (every lower one was taken, and names are only ever
  /// added), so 100,000 habits of one name cost a try each rather than a count from 1 each.
  package static func uniqueName(
    _ raw: String, among names: inout NameIndex, nextNumbers: inout [String: Int],
    adaptations: inout ForeignAdaptations
  ) -> String {
    var base = cleaned(raw)
    if base.isEmpty { base = "?" }
    if base.count > NameRules.maximumLength { adaptations.shortenedNames += 1 }
    let baseKey = NameRules.comparisonKey(base)
    var number = nextNumbers[baseKey] ?? 1
    while true {
      let suffix = number == 1 ? "" : " \(number)"
      let candidate = cut(base, to: NameRules.maximumLength - suffix.count) + suffix
      if names.name(withKey: NameRules.comparisonKey(candidate)) == nil {
        names.insert(candidate)
        if number > 1 { adaptations.renamedDuplicates += 1 }
        nextNumbers[baseKey] = number + 1
        return candidate
      }
      number += 1
    }
  }
}

extension TrackerDataStore {
  /// Imports a Loop backup or a HabitBull CSV: all of it in one transaction, or nothing. A file
  /// imported again adds nothing (its trackers keep their ids); a newer backup of the same habits
  /// adds only the days the store lacks.
  @discardableResult
  public func importForeign(_ file: OtherTrackerFile, titles: ForeignTitles, today: Day) throws(ImportFailure)
    -> ForeignImportSummary
  {
    let summary = file.contents(existing: try contentsForImport(), titles: titles, today: today)
    guard !summary.addedNothing else { return summary }
    try insertImported(summary.added)
    return summary
  }
}
