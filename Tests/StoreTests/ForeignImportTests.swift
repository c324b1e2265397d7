import Foundation
import ModelTestSupport
import Testing
import TrackerModels

@testable import TrackerArchiveCodec
@testable import TrackerImports
@testable import TrackerSQLite
@testable import TrackerStore

/// The fixtures of Tools/fixtures/make-import-fixtures.py.
let importFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/Imports")

private let today = day("2026-11-30")
private let english = ForeignTitles(loop: "Loop", loopArchive: "Loop · archive", habitBull: "HabitBull")

private func fixture(_ name: String) throws -> Data {
  try Data(contentsOf: importFixtures.appendingPathComponent(name))
}

/// The fixture read as a Loop backup or a HabitBull CSV (failing the test when it is neither).
private func foreign(_ name: String) throws -> OtherTrackerFile {
  let read = try #require(OtherTrackerFile.read(try fixture(name), today: today))
  return try read.get()
}

/// The fixture imported into an empty store, with the summary.
private func imported(_ name: String, into kind: StoreKind = .memory) throws -> (
  any TrackerDataStore, ForeignImportSummary
) {
  let store = try kind.makeStore()
  let summary = try store.importForeign(try foreign(name), titles: english, today: today)
  return (store, summary)
}

private func tracker(_ store: any TrackerDataStore, _ name: String) throws -> Tracker {
  try #require(try store.trackers().map(\.tracker).first { $0.name == name }, "no tracker \(name)")
}

private func days(_ store: any TrackerDataStore, _ name: String) throws -> [String] {
  try store.recordDays(trackerID: try tracker(store, name).id).map(\.iso)
}

/// The tracker's records as "day amount" ("2026-11-30 12.5"; "2026-11-30" for a record without).
private func amounts(_ store: any TrackerDataStore, _ name: String) throws -> [String] {
  try store.records(trackerID: try tracker(store, name).id).map { record in
    record.day.iso + (record.amount.map { " \($0)" } ?? "")
  }
}

/// The tracker's notes as "day: text".
private func notes(_ store: any TrackerDataStore, _ name: String) throws -> [String] {
  try store.notes(trackerID: try tracker(store, name).id).map { "\($0.day.iso): \($0.text)" }
}

/// A measurable tracker's measure, failing the test on a unit or target it refuses.
private func measure(_ unit: String, _ target: String, _ direction: MeasureDirection) throws -> TrackerMeasure
{
  try .measurable(unit: unit, target: try Amount(parsing: target), direction: direction)
}

/// A quota habit's kind.
private func quota(_ count: Int, _ period: Quota.Period) throws -> TrackerKind {
  .habit(Schedule(quota: try #require(Quota(count, per: period))))
}

private func category(_ store: any TrackerDataStore, of name: String) throws -> String? {
  let id = try tracker(store, name).categoryID
  return try store.categories().first { $0.id == id }?.title
}

@Suite("Import from Loop Habit Tracker and HabitBull (docs/data-format.md)", .temporaryFolders)
struct ForeignImportTests {
  // MARK: Recognition

  @Test func aLoopBackupAndAHabitBullCSVAreKnownByTheirContentAnythingElseIsNot() throws {
    #expect(try foreign("loop-v12.db").source == .loop(version: 12))
    #expect(try foreign("loop-v24.db").source == .loop(version: 24))
    #expect(try foreign("loop-v25.db").source == .loop(version: 25))
    #expect(try foreign("habitbull-iso.csv").source == .habitBull)
    #expect(try foreign("habitbull-us.csv").source == .habitBull)
    // Neither: left to the archive's reader, which refuses them as it always did.
    #expect(OtherTrackerFile.read(try fixture("neither.csv"), today: today) == nil)
    #expect(OtherTrackerFile.read(Data(#"{"format": "tracker"}"#.utf8), today: today) == nil)
    #expect(OtherTrackerFile.read(Data(), today: today) == nil)
  }

  @Test func anotherProgramsDatabaseAndALaterLoopVersionAreRefusedWithTheirReason() throws {
    let other = try #require(OtherTrackerFile.read(try fixture("other-program.db"), today: today))
    #expect(
      other.failureDescription
        == "$: a SQLite database, but neither a Loop Habit Tracker backup (tables Habits and Repetitions) nor a Tracker export"
    )
    let later = try #require(OtherTrackerFile.read(try fixture("loop-v26.db"), today: today))
    #expect(
      later.failureDescription
        == "$: a Loop Habit Tracker backup of version 26; this app reads versions 12 to 25")
    // Cut short: still SQLite's header, no longer a database.
    let cut = try #require(OtherTrackerFile.read(try fixture("loop-v25.db").prefix(100), today: today))
    #expect(cut.failureDescription?.hasPrefix("$: the Loop Habit Tracker backup could not be read: ") == true)
  }

  @Test func aHabitBullCSVWithBadRowsIsRefusedWithEveryProblemByLine() throws {
    let read = try #require(OtherTrackerFile.read(try fixture("habitbull-bad.csv"), today: today))
    #expect(
      read.failureDescription == """
        line 2: CalendarDate "31/12/2026" is not a date in the form yyyy-MM-dd or M/d/yyyy
        line 3: 4 fields; a HabitBull row has 6
        line 4: HabitName is empty; every row names its habit
        """)
  }

  @Test func aCSVWhoseHeaderDiffersFromHabitBullsByCaseOrSpacesIsRefusedAsSuch() throws {
    let header =
      "HabitName,HabitDescription,habitcategory,CalendarDate,Value,CommentText \nRunning,,,2026-11-28,1,\n"
    let read = try #require(OtherTrackerFile.read(Data(header.utf8), today: today))
    #expect(
      read.failureDescription
        == "line 1: a CSV file, but its header is not HabitBull's: \"habitcategory\" where HabitBull has \"HabitCategory\""
    )
  }

  @Test func habitBullRowsOfTheSameHabitAndDayAreMergedAndCounted() throws {
    let csv = """
      HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
      Running,,,2026-11-28,1,
      Running,,,11/28/2026,0,
      Running,,,2026-11-29,1,

      """
    let file = try #require(OtherTrackerFile.read(Data(csv.utf8), today: today)).get()
    #expect(file.adaptations.mergedRows == 1)
    #expect(file.habits.map(\.records) == [[day("2026-11-28"), day("2026-11-29")]])
  }

  @Test func aLoopBackupInWriteAheadLogModeReadsAsWell() throws {
    var bytes = try fixture("loop-v25.db")
    bytes[18] = 2
    bytes[19] = 2
    let read = try #require(OtherTrackerFile.read(bytes, today: today))
    #expect(try read.get().habits.count == 3)
  }

  // MARK: The mapping

  @Test func version12EveryRowIsARecordAndFrequenciesBecomeWeekdaysOrQuotas() throws {
    let (store, summary) = try imported("loop-v12.db")
    #expect(summary.source == .loop(version: 12))
    #expect(summary.added.categories.map(\.title) == ["Loop", "Loop · archive"])
    #expect(summary.added.trackers.count == 7 && summary.added.contents.records.count == 13)
    #expect(summary.added.contents.daysOff.isEmpty)
    #expect(try days(store, "Drink water") == ["2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30"])
    #expect(try tracker(store, "Drink water").kind == .habit(.everyDay))
    // Loop's "3 times a week" and "2 times a week": windows, as Loop counts them (issue 49).
    #expect(try tracker(store, "Gym").kind == .habit(Schedule(window: try #require(TimesInDays(3, in: 7)))))
    // Its reminder at 7:00 on Loop's days 84 (bits from Saturday: Monday, Wednesday, Friday).
    #expect(
      try tracker(store, "Gym").reminders
        == [
          HabitReminder(
            time: try #require(ReminderTime(hour: 7, minute: 0)), days: [.monday, .wednesday, .friday])
        ])
    #expect(try tracker(store, "Read").kind == .habit(Schedule(window: try #require(TimesInDays(2, in: 7)))))
    #expect(try category(store, of: "Бег по утрам") == "Loop · archive")
    #expect(try category(store, of: "Gym") == "Loop")
    // A habit Loop archived is archived here too; the others are not.
    #expect(try tracker(store, "Бег по утрам").isArchived)
    #expect(try !tracker(store, "Gym").isArchived)
    // A habit never checked starts today.
    #expect(try tracker(store, "Never done").createdOn == today)
    #expect(try days(store, "Never done") == [])
    // Otherwise its first check-mark is its first day.
    #expect(try tracker(store, "Бег по утрам").createdOn == day("2025-01-15"))
    var expected = ForeignAdaptations()
    expected.frequenciesAsWindows = 2
    expected.shortenedNames = 1
    expected.renamedDuplicates = 1
    expected.remindersKept = 1
    expected.checkMarksLeftOut = 2  // one before 1900, one five days after today
    #expect(summary.adaptations == expected)
  }

  @Test func namesAreTrimmedCutTo38CharactersAndNumberedWhenTaken() throws {
    let (store, _) = try imported("loop-v12.db")
    let names = Set(try store.trackers().map(\.tracker.name))
    #expect(names.contains("Drink water"))
    #expect(names.contains("drink WATER 2"))
    #expect(names.contains("Practise the piano scales every singl…"))
    #expect("Practise the piano scales every singl…".count == NameRules.maximumLength)
    #expect(names.contains("Бег по утрам"))
  }

  @Test func aNameTakenInTheStoreIsNumberedAndALongOneKeepsRoomForItsNumber() throws {
    let store = InMemoryTrackerStore()
    try store.createCategory(TrackerCategory(id: id(1), title: "Home"))
    try store.createTracker(
      Tracker(
        id: id(2), name: "GYM", emoji: TrackerEmoji.all[1], color: TrackerColor.palette[1], categoryID: id(1),
        createdOn: today, kind: .event))
    try store.createTracker(
      Tracker(
        id: id(3), name: "Practise the piano scales every singl…", emoji: TrackerEmoji.all[1],
        color: TrackerColor.palette[1], categoryID: id(1), createdOn: today, kind: .event))
    let summary = try store.importForeign(try foreign("loop-v12.db"), titles: english, today: today)
    let names = Set(try store.trackers().map(\.tracker.name))
    #expect(names.contains("Gym 2"))
    #expect(names.contains("Practise the piano scales every sin… 2"))
    #expect("Practise the piano scales every sin… 2".count == 38)
    #expect(summary.adaptations.renamedDuplicates == 3)
  }

  @Test func version17ValuesTellRecordsFromSkips() throws {
    let (store, summary) = try imported("loop-v17.db")
    #expect(try days(store, "Meditate") == ["2026-11-27", "2026-11-29", "2026-11-30"])
    // Five a week: a window of 5 in 7 days, shown every day, so its Saturday skip stays too.
    #expect(try tracker(store, "Floss").kind == .habit(Schedule(window: try #require(TimesInDays(5, in: 7)))))
    #expect(try days(store, "Floss") == ["2026-11-24"])
    let meditate = try tracker(store, "Meditate").id
    let floss = try tracker(store, "Floss").id
    #expect(
      Set(summary.added.contents.daysOff)
        == [
          TrackerDayOff(trackerID: meditate, day: day("2026-11-28")),
          TrackerDayOff(trackerID: floss, day: day("2026-11-25")),
          TrackerDayOff(trackerID: floss, day: day("2026-11-28")),
        ])
    #expect(summary.adaptations.checkMarksLeftOut == 0)
    #expect(summary.added.contents.records.count == 5)
  }

  @Test func version22NumericalHabitsAreMeasurableWithEveryAmountUnitTargetAndDirection() throws {
    let (store, summary) = try imported("loop-v22.db")
    #expect(try tracker(store, "Push-ups").measure == measure("times", "20", .atLeast))
    #expect(try tracker(store, "Push-ups").kind == .habit(.everyDay))
    // Every amount is kept, met or not; a skip on a numerical habit is a day off, never 0.003.
    #expect(try amounts(store, "Push-ups") == ["2026-11-28 5", "2026-11-29 20", "2026-11-30 25"])
    #expect(try store.daysOff(trackerID: try tracker(store, "Push-ups").id) == [day("2026-11-27")])
    #expect(try tracker(store, "Coffee").measure == measure("cups", "2", .atMost))
    #expect(try amounts(store, "Coffee") == ["2026-11-28 0", "2026-11-29 3", "2026-11-30 1"])
    // 30 km a week: a target of the week's sum (issue 49).
    #expect(try tracker(store, "Kilometres").kind == .habit(.everyDay))
    #expect(
      try tracker(store, "Kilometres").measure
        == .measurable(unit: "km", target: try Amount(parsing: "30"), direction: .atLeast, period: .week))
    #expect(try amounts(store, "Kilometres") == ["2026-11-28 0", "2026-11-30 12.5"])
    #expect(try days(store, "Journal") == ["2026-11-28", "2026-11-30"])
    #expect(try tracker(store, "Journal").measure == .yesNo)
    #expect(try category(store, of: "Journal 2") == "Loop · archive")
    #expect(summary.added.contents.daysOff.count == 2)
    var expected = ForeignAdaptations()
    expected.periodTargets = 1
    expected.atMostHabits = 1
    expected.renamedDuplicates = 1
    expected.remindersKept = 1
    #expect(summary.adaptations == expected)
  }

  @Test func version25IdsComeFromTheHabitsUUIDAndNotesBecomeNotes() throws {
    let (store, summary) = try imported("loop-v25.db")
    #expect(try tracker(store, "Water the plants").id.uuidString == "0B9E8F7C-6D5A-4B3C-2D1E-0F9A8B7C6D5E")
    #expect(
      try tracker(store, "Call mum").kind == .habit(Schedule(window: try #require(TimesInDays(1, in: 7)))))
    #expect(try days(store, "Call mum") == ["2026-11-29"])
    #expect(try days(store, "Spanish") == ["2023-03-01", "2023-03-02", "2023-03-03"])
    #expect(summary.added.contents.daysOff.count == 2)
    // An empty note is no note; a note stays on its day, a record's or not.
    #expect(try notes(store, "Water the plants") == ["2026-11-25: Used the rain water"])
    #expect(try notes(store, "Call mum") == ["2026-11-29: Long call"])
    #expect(summary.added.notes.count == 2)
    // Loop's reminder at 20:00 every day: the habit's own reminder (issue 48), while not done.
    #expect(summary.adaptations.remindersKept == 1 && summary.adaptations.reminders == 0)
    #expect(
      try tracker(store, "Water the plants").reminders
        == [HabitReminder(time: try #require(ReminderTime(hour: 20, minute: 0)))])
  }

  @Test func colorsAreTheNearestOfOursWhateverTheVersionSpellsThem() throws {
    // Loop's light blue: an ARGB integer before 14, index 7 of 13, index 10 of 20.
    let argb = LoopBackup.color(Int(Int32(bitPattern: 0xFF03_9BE5)), version: 12)
    #expect(LoopBackup.color(7, version: 17) == argb)
    #expect(LoopBackup.color(10, version: 22) == argb)
    #expect(TrackerColor.palette.contains(argb))
    // Each of our colors is its own nearest; an index Loop does not have gets our first.
    for color in TrackerColor.palette { #expect(OtherTrackerFile.nearestColor(color.rgb) == color) }
    #expect(LoopBackup.color(20, version: 22) == TrackerColor.palette[0])
    #expect(LoopBackup.color(0, version: 22) == TrackerColor.palette[0])  // red
    for row in try store(imported: "loop-v22.db") { #expect(TrackerEmoji.all[0] == row.emoji) }
  }

  private func store(imported name: String) throws -> [Tracker] {
    try imported(name).0.trackers().map(\.tracker)
  }

  @Test func reminderDaysRunFromSaturday() {
    #expect(LoopBackup.weekdays(0b000_0001) == .saturday)
    #expect(LoopBackup.weekdays(0b100_0000) == .friday)
    #expect(LoopBackup.weekdays(0b000_0100) == .monday)
    #expect(LoopBackup.weekdays(0) == nil)
  }

  @Test func habitBullRowsBecomeEveryDayHabitsInTheirOwnCategories() throws {
    let (store, summary) = try imported("habitbull-iso.csv")
    #expect(summary.source == .habitBull)
    #expect(Set(summary.added.categories.map(\.title)) == ["Sport", "Reading", "HabitBull"])
    #expect(try days(store, "Running") == ["2026-11-28", "2026-11-30"])
    // Amounts other than 0 and 1: measurable, at least its most common amount (of equals, the
    // smallest), every amount kept.
    #expect(try amounts(store, "Pages read") == ["2026-11-29 25", "2026-11-30 0.5"])
    #expect(try tracker(store, "Pages read").measure == measure("times", "0.5", .atLeast))
    #expect(try tracker(store, "Running").measure == .yesNo)
    #expect(try notes(store, "Running") == ["2026-11-30: Tired, but done"])
    #expect(try notes(store, "No sugar, \"really\"") == ["2026-11-27: two\nlines"])
    #expect(try days(store, "No sugar, \"really\"") == ["2026-11-27"])
    #expect(try category(store, of: "No sugar, \"really\"") == "HabitBull")
    #expect(try tracker(store, "Running").kind == .habit(.everyDay))
    #expect(summary.added.notes.count == 2)
    #expect(summary.adaptations.targetsFromAmounts == 1)
    #expect(summary.adaptations.defaultUnits == 1)
    #expect(summary.adaptations.mergedRows == 0)
    #expect(summary.adaptations.checkMarksLeftOut == 1)
    // The other date format; the same habit is the same tracker, and a category already there
    // (by title, ignoring case) is used.
    let us = try store.importForeign(try foreign("habitbull-us.csv"), titles: english, today: today)
    #expect(us.trackersAlreadyThere == 1 && us.recordsAlreadyThere == 2)
    #expect(try days(store, "Поливать растения") == ["2025-12-31", "2026-01-05"])
    #expect(us.added.categories.map(\.title) == ["Дом"])
  }

  @Test func categoriesOfTheStoreAreUsedByTitle() throws {
    let store = InMemoryTrackerStore()
    try store.createCategory(TrackerCategory(id: id(1), title: "LOOP"))
    let summary = try store.importForeign(try foreign("loop-v25.db"), titles: english, today: today)
    #expect(summary.added.categories.map(\.title) == ["Loop · archive"])
    #expect(try tracker(store, "Water the plants").categoryID == id(1))
  }

  @Test(arguments: StoreKind.allCases)
  func aSecondImportOfTheSameBackupAddsNothing(kind: StoreKind) throws {
    for name in [
      "loop-v12.db", "loop-v17.db", "loop-v22.db", "loop-v24.db", "loop-v25.db", "habitbull-iso.csv",
    ] {
      let (store, first) = try imported(name, into: kind)
      let before = try store.contents()
      let again = try store.importForeign(try foreign(name), titles: english, today: today)
      #expect(again.added.categories.isEmpty && again.added.trackers.isEmpty, "\(name)")
      #expect(again.added.contents.records.isEmpty, "\(name)")
      #expect(again.addedNothing, "\(name)")
      #expect(again.daysOffAlreadyThere == first.added.contents.daysOff.count, "\(name)")
      #expect(again.trackersAlreadyThere == first.added.trackers.count, "\(name)")
      #expect(again.recordsAlreadyThere == first.added.contents.records.count, "\(name)")
      #expect(again.notesAlreadyThere == first.added.notes.count, "\(name)")
      #expect(again.added.notes.isEmpty, "\(name)")
      #expect(try store.contents() == before, "\(name)")
    }
  }

  @Test func theSameIdTwiceInADamagedFileIsOneTrackerWithEachDayOnce() throws {
    let shared = id(7)
    let days = [day("2026-11-27"), day("2026-11-28")]
    let file = OtherTrackerFile(
      source: .loop(version: 25),
      habits: [
        ForeignHabit(
          id: shared, name: "Twice", category: .loop, kind: .habit(.everyDay), color: TrackerColor.palette[0],
          records: days, daysOff: [day("2026-11-29")]),
        ForeignHabit(
          id: shared, name: "Twice", category: .loop, kind: .habit(.everyDay), color: TrackerColor.palette[0],
          records: [days[1], day("2026-11-29")], daysOff: [day("2026-11-26")]),
      ], adaptations: ForeignAdaptations())
    let store = InMemoryTrackerStore()
    let summary = try store.importForeign(file, titles: english, today: today)
    #expect(summary.added.trackers.count == 1)
    #expect(try store.recordDays(trackerID: shared).map(\.iso) == ["2026-11-27", "2026-11-28", "2026-11-29"])
    #expect(summary.added.contents.daysOff == [TrackerDayOff(trackerID: shared, day: day("2026-11-26"))])
  }

  @Test func theSameBackupInRussianGoesIntoRussianCategories() throws {
    let store = InMemoryTrackerStore()
    let russian = ForeignTitles(loop: "Из Loop", loopArchive: "Из Loop · архив", habitBull: "Из HabitBull")
    let summary = try store.importForeign(try foreign("loop-v12.db"), titles: russian, today: today)
    #expect(summary.added.categories.map(\.title) == ["Из Loop", "Из Loop · архив"])
  }

  @Test func idsBeforeVersion24AreTheSameOnEveryRead() throws {
    let first = try foreign("loop-v22.db").habits.map(\.id)
    let second = try foreign("loop-v22.db").habits.map(\.id)
    #expect(first == second && Set(first).count == first.count)
    // A name-based UUID of RFC 9562 (version 5): the example of its appendix.
    let dns = try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))
    #expect(
      UUID(name: "www.example.com", namespace: dns).uuidString == "2ED6657D-E927-568B-95E1-2665A8AEA6A2")
  }

  // MARK: Statistics

  @Test(arguments: StoreKind.allCases)
  func statisticsAndStreaksOfAnImportedHistoryMatchADirectComputation(kind: StoreKind) throws {
    let (store, _) = try imported("loop-history.db", into: kind)
    // The check-marks straight from the file: value 2 is done, 3 a skip (a day off wherever it
    // falls: on a day a habit is not due it changes nothing).
    let database = try Database.readOnlyCopy(of: try fixture("loop-history.db"))
    defer { database.close() }
    let uuids = Dictionary(
      uniqueKeysWithValues: try database.prepare("SELECT id, uuid FROM Habits").rows {
        ($0.int(0), $0.text(1))
      })
    let rows = try database.prepare("SELECT habit, timestamp, value FROM Repetitions WHERE value IN (2, 3)")
      .rows {
        row -> (TrackerRecord, isDone: Bool) in
        let hex = Array(uuids[row.int(0)] ?? "")
        let text = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
        let mark = TrackerRecord(
          trackerID: UUID(uuidString: text) ?? UUID(), day: Day(daysSinceEpoch: row.int(1) / 86_400_000))
        return (mark, row.int(2) == 2)
      }
    let marks = rows.filter(\.isDone).map(\.0)
    let skips = rows.filter { !$0.isDone }.map { TrackerDayOff(trackerID: $0.0.trackerID, day: $0.0.day) }
    #expect(!skips.isEmpty)
    let byTracker = Dictionary(grouping: rows.map(\.0), by: \.trackerID)
    func direct(_ number: Int, _ kind: TrackerKind) throws -> Tracker {
      let trackerID = try #require(UUID(uuidString: "A0000000-0000-4000-8000-00000000000\(number)"))
      let first = try #require(byTracker[trackerID]?.map(\.day).min())
      return Tracker(
        id: trackerID, name: "\(number)", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: id(1), createdOn: first, kind: kind)
    }
    // Loop's "3 a week" and "2 a week" are windows of 3 and 2 in 7 days (issue 49).
    func window(_ times: Int) throws -> TrackerKind {
      .habit(Schedule(window: try #require(TimesInDays(times, in: 7))))
    }
    let trackers = [
      try direct(1, .habit(.everyDay)), try direct(2, try window(3)), try direct(3, try window(2)),
      try direct(4, try window(2)),
    ]
    let expected = Statistics(trackers: trackers, records: marks, daysOff: skips, today: today)
    let stored = try store.trackers().map(\.tracker)
    let computed = Statistics(
      trackers: stored, records: try store.allRecords(), daysOff: try store.contents().daysOff, today: today)
    let summarised = try store.statistics(asOf: today)
    for actual in [computed, summarised] {
      #expect(actual.bestPeriod == expected.bestPeriod)
      #expect(actual.perfectDays == expected.perfectDays)
      #expect(actual.completed == expected.completed)
      #expect(actual.average == expected.average)
      #expect(
        Set(
          actual.trackers.map {
            [$0.trackerID.uuidString, "\($0.completed)", "\($0.currentStreak)", "\($0.bestStreak)"]
          })
          == Set(
            expected.trackers.map {
              [$0.trackerID.uuidString, "\($0.completed)", "\($0.currentStreak)", "\($0.bestStreak)"]
            }))
    }
    #expect(expected.bestPeriod > 1 && expected.perfectDays > 0)
    // The daily habit walked straight from its check-marks, without the statistics code: a done
    // day adds 1, a skip changes nothing, any other day resets, today only while undone excepted.
    let daily = try #require(UUID(uuidString: "A0000000-0000-4000-8000-000000000001"))
    let done = Set(marks.filter { $0.trackerID == daily }.map(\.day))
    let off = Set(skips.filter { $0.trackerID == daily }.map(\.day))
    var walk = (current: 0, best: 0)
    let firstDay = try #require(done.union(off).min())
    for number in firstDay.daysSinceEpoch...today.daysSinceEpoch {
      let date = Day(daysSinceEpoch: number)
      if done.contains(date) {
        walk.current += 1
        walk.best = max(walk.best, walk.current)
      } else if !off.contains(date), date != today {
        walk.current = 0
      }
    }
    let imported = try #require(summarised.trackers.first { $0.trackerID == daily })
    #expect(imported.currentStreak == walk.current && imported.bestStreak == walk.best)
    #expect(imported.completed == done.count)
    #expect(try store.daysOff(trackerID: daily).count == off.count)
    #expect(walk.best > 3)
  }
}

extension Result where Failure == ImportFailure {
  /// The failure's problems, a line each; nil for a success.
  fileprivate var failureDescription: String? {
    if case .failure(let failure) = self { return failure.description }
    return nil
  }
}
