import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerImports
@testable import TrackerStore

private let today = day("2026-11-30")
private let english = ForeignTitles(loop: "Loop", loopArchive: "Loop · archive", habitBull: "HabitBull")

/// The habits written as a Loop backup of `version` (check-marks from `repetitions`) and imported
/// into an empty store of `kind`, with the summary.
private func imported(
  _ habits: [LoopBackupBuilder.Habit], _ repetitions: [LoopBackupBuilder.Repetition] = [],
  version: Int = 25, titles: ForeignTitles = english, into kind: StoreKind = .memory
) throws -> (any TrackerDataStore, ForeignImportSummary) {
  let path = TemporaryFolder().path("Loop Habits Backup.db")
  try LoopBackupBuilder(version: version, habits: habits, repetitions: repetitions).write(to: path)
  let store = try kind.makeStore()
  let file = try #require(OtherTrackerFile.read(file: path, today: today)).get()
  return (store, try store.importForeign(file, titles: titles, today: today))
}

/// A yes/no habit of `times` in `days` days, with reminder days `reminder` (bit 0 Saturday).
private func habit(_ id: Int, _ times: Int, in days: Int, reminder: Int = 127) -> LoopBackupBuilder.Habit {
  LoopBackupBuilder.Habit(
    id: id, name: "\(times) in \(days)", frequency: (times, days), reminderDays: reminder)
}

/// A numerical habit of `target` (SQL text) over `days` days.
private func numerical(
  _ id: Int, _ name: String, target: String, over days: Int = 1, atMost: Bool = false, unit: String = "km"
) -> LoopBackupBuilder.Habit {
  LoopBackupBuilder.Habit(
    id: id, name: name, frequency: (1, days), type: 1, targetType: atMost ? 1 : 0, targetValue: target,
    unit: unit)
}

private func tracker(_ store: any TrackerDataStore, _ name: String) throws -> Tracker {
  try #require(try store.trackers().map(\.tracker).first { $0.name == name }, "no tracker \(name)")
}

private func quota(_ count: Int, _ period: Quota.Period) throws -> TrackerKind {
  .habit(Schedule(quota: try #require(Quota(count, per: period))))
}

private func goal(
  _ unit: String, _ target: String, _ direction: MeasureDirection = .atLeast, per period: Quota.Period? = nil
) throws -> TrackerMeasure {
  try .measurable(unit: unit, target: try Amount(parsing: target), direction: direction, period: period)
}

/// A window habit's kind: `count` times in `days` days.
private func window(_ count: Int, _ days: Int) throws -> TrackerKind {
  .habit(Schedule(window: try #require(TimesInDays(count, in: days))))
}

@Suite("Import keeps measures, quotas and notes (issue 32)", .temporaryFolders)
struct MeasuresAndNotesImportTests {
  // MARK: Loop's frequencies

  /// Issue 49: every "X in Y days" up to a month is a window of X in Y days, counted as Loop
  /// counts it, whatever its reminder days; nothing is adapted.
  @Test func everyXInYDaysUpToAMonthIsAWindowAsLoopCountsIt() throws {
    let mondayWednesday = 0b000_0100 | 0b001_0000
    let (store, summary) = try imported([
      habit(1, 1, in: 1), habit(2, 2, in: 7, reminder: mondayWednesday), habit(3, 3, in: 7),
      habit(4, 7, in: 7), habit(5, 2, in: 30), habit(6, 10, in: 31), habit(7, 6, in: 7, reminder: 0b011_1111),
      habit(8, 2, in: 10), habit(9, 4, in: 5), habit(10, 1, in: 14), habit(11, 13, in: 14),
      habit(12, 1, in: 2),
    ])
    #expect(try tracker(store, "1 in 1").kind == .habit(.everyDay))
    #expect(try tracker(store, "2 in 7").kind == window(2, 7))
    #expect(try tracker(store, "3 in 7").kind == window(3, 7))
    #expect(try tracker(store, "7 in 7").kind == .habit(.everyDay))
    #expect(try tracker(store, "2 in 30").kind == window(2, 30))
    #expect(try tracker(store, "10 in 31").kind == window(10, 31))
    #expect(try tracker(store, "6 in 7").kind == window(6, 7))
    #expect(try tracker(store, "2 in 10").kind == window(2, 10))
    #expect(try tracker(store, "4 in 5").kind == window(4, 5))
    #expect(try tracker(store, "1 in 14").kind == window(1, 14))
    #expect(try tracker(store, "13 in 14").kind == window(13, 14))
    #expect(try tracker(store, "1 in 2").kind == window(1, 2))
    #expect(summary.adaptations.frequenciesAsWindows == 10)
    #expect(summary.adaptations.scaledFrequencies == 0)
  }

  @Test func xInYDaysOverAMonthIsScaledToAWeekRoundedAndCounted() throws {
    let (store, summary) = try imported([
      habit(1, 1, in: 100), habit(2, 20, in: 40), habit(3, 39, in: 40), habit(4, 3, in: 2),
      habit(5, 0, in: 7),
    ])
    #expect(try tracker(store, "1 in 100").kind == quota(1, .week))  // 0.07: at least once
    #expect(try tracker(store, "20 in 40").kind == quota(4, .week))  // 3.5, rounded half up
    #expect(try tracker(store, "39 in 40").kind == .habit(.everyDay))  // 6.8: 7, every day
    #expect(try tracker(store, "3 in 2").kind == .habit(.everyDay))  // more than every day
    #expect(try tracker(store, "0 in 7").kind == .habit(.everyDay))  // no frequency at all
    #expect(summary.adaptations.scaledFrequencies == 4)
    #expect(summary.adaptations.frequenciesAsWindows == 0)
  }

  // MARK: Numerical habits

  @Test func aDailyTargetKeepsItsUnitDirectionAndThousandthsRoundedFromLoopsDouble() throws {
    let (store, summary) = try imported([
      numerical(1, "Run", target: "12.345", unit: "km"),
      numerical(2, "Coffee", target: "2.0004999", atMost: true, unit: "cups"),
      numerical(3, "Tea", target: "0.99951", unit: "  cups  "),
    ])
    #expect(try tracker(store, "Run").measure == goal("km", "12.345"))
    #expect(try tracker(store, "Coffee").measure == goal("cups", "2", .atMost))
    #expect(try tracker(store, "Tea").measure == goal("cups", "1"))
    #expect(summary.adaptations.atMostHabits == 1)
    #expect(summary.adaptations.targetsOutOfRange == 0)
  }

  /// Issue 49: a target over a week or a month is that period's target, met by its sum.
  @Test func aTargetOverAWeekOrAMonthIsAPeriodTargetOfTheSameSum() throws {
    let (store, summary) = try imported([
      numerical(1, "70 a week", target: "70", over: 7), numerical(2, "100 a week", target: "100", over: 7),
      numerical(3, "90 a month", target: "90", over: 30),
      numerical(4, "100 a month", target: "100", over: 31),
      numerical(5, "14 a week at most", target: "14", over: 7, atMost: true),
    ])
    #expect(try tracker(store, "70 a week").kind == .habit(.everyDay))
    #expect(try tracker(store, "70 a week").measure == goal("km", "70", per: .week))
    #expect(try tracker(store, "100 a week").measure == goal("km", "100", per: .week))
    #expect(try tracker(store, "90 a month").measure == goal("km", "90", per: .month))
    #expect(try tracker(store, "100 a month").measure == goal("km", "100", per: .month))
    #expect(try tracker(store, "14 a week at most").measure == goal("km", "14", .atMost, per: .week))
    #expect(summary.adaptations.periodTargets == 5)
    #expect(summary.adaptations.scaledFrequencies == 0)
  }

  /// Loop's reminder is the habit's own (issue 48): at its time and on its days, while the habit
  /// is not done, except an "at most" habit's, which Loop shows whatever it holds; one on no day
  /// or at no time of day is left out and counted.
  @Test func aLoopReminderIsTheHabitsOwnReminder() throws {
    var read = habit(1, 1, in: 1)
    read.reminder = (21, 45)
    read.reminderDays = 0b000_0101  // Saturday and Monday
    var coffee = numerical(2, "Coffee", target: "2", atMost: true, unit: "cups")
    coffee.reminder = (9, 0)
    var never = habit(3, 1, in: 2)
    never.reminder = (8, 0)
    never.reminderDays = 0
    var late = habit(4, 1, in: 3)
    late.reminder = (25, 0)
    let (store, summary) = try imported([read, coffee, never, late])
    #expect(
      try tracker(store, "1 in 1").reminders
        == [
          HabitReminder(time: try #require(ReminderTime(hour: 21, minute: 45)), days: [.saturday, .monday])
        ])
    #expect(
      try tracker(store, "Coffee").reminders
        == [HabitReminder(time: try #require(ReminderTime(hour: 9, minute: 0)), onlyIfNotDone: false)])
    #expect(try tracker(store, "1 in 2").reminders.isEmpty && tracker(store, "1 in 3").reminders.isEmpty)
    #expect(summary.adaptations.remindersKept == 2 && summary.adaptations.reminders == 2)
  }

  /// Loop's "at most 0" (a week without cigarettes) stays a habit to quit, not 0.001 (issue 49).
  @Test func anAtMostTargetOfZeroStaysAHabitToQuit() throws {
    let (store, summary) = try imported([
      numerical(1, "No smoking", target: "0", over: 7, atMost: true, unit: "cigarettes"),
      numerical(2, "No sugar", target: "0", atMost: true, unit: "g"),
    ])
    #expect(try tracker(store, "No smoking").measure == goal("cigarettes", "0", .atMost, per: .week))
    #expect(try tracker(store, "No sugar").measure == goal("g", "0", .atMost))
    #expect(summary.adaptations.targetsOutOfRange == 0)
  }

  @Test func aTargetOverAnotherPeriodIsItsDailyShareRoundedAndCounted() throws {
    let (store, summary) = try imported([numerical(1, "10 a fortnight", target: "10", over: 14)])
    #expect(try tracker(store, "10 a fortnight").kind == .habit(.everyDay))
    #expect(try tracker(store, "10 a fortnight").measure == goal("km", "0.714"))
    #expect(summary.adaptations.scaledFrequencies == 1)
  }

  @Test func aTargetOfZeroOrTooLargeIsTheNearestAllowedAndCounted() throws {
    let (store, summary) = try imported([
      numerical(1, "Zero", target: "0"), numerical(2, "Negative", target: "-5"),
      numerical(3, "Huge", target: "1e15"),
    ])
    #expect(try tracker(store, "Zero").measure == goal("km", "0.001"))
    #expect(try tracker(store, "Negative").measure == goal("km", "0.001"))
    #expect(try tracker(store, "Huge").measure.goal?.target == Amount.maximum)
    #expect(summary.adaptations.targetsOutOfRange == 3)
  }

  @Test(arguments: [("en", "times"), ("ru", "раз")])
  func aHabitWithoutAUnitGetsTheLanguagesAndALongUnitIsCut(language: String, unit: String) throws {
    let titles = ForeignTitles(
      loop: "Loop", loopArchive: "Loop · archive", habitBull: "HabitBull", unit: unit)
    let (store, summary) = try imported(
      [
        numerical(1, "Push-ups", target: "20", unit: " "),
        numerical(2, "Water", target: "8", unit: "glasses of water"),
      ], titles: titles)
    #expect(try tracker(store, "Push-ups").measure == goal(unit, "20"))
    #expect(try tracker(store, "Water").measure == goal("glasses of…", "8"))
    #expect(summary.adaptations.defaultUnits == 1)
    #expect(summary.adaptations.shortenedUnits == 1)
  }

  @Test func everyAmountIsKeptExactlyAndASkipIsADayOffNeverAnAmount() throws {
    let (store, summary) = try imported(
      [numerical(1, "Run", target: "5")],
      [
        .init(habit: 1, day: day("2026-11-26"), value: 0), .init(habit: 1, day: day("2026-11-27"), value: 3),
        .init(habit: 1, day: day("2026-11-28"), value: 12_345),
        .init(habit: 1, day: day("2026-11-29"), value: -1),
        .init(habit: 1, day: day("2026-11-30"), value: 4),
      ])
    let run = try tracker(store, "Run")
    #expect(
      try store.records(trackerID: run.id) == [
        TrackerRecord(trackerID: run.id, day: day("2026-11-26"), amount: Amount(thousandths: 0)),
        TrackerRecord(trackerID: run.id, day: day("2026-11-28"), amount: Amount(thousandths: 12_345)),
        TrackerRecord(trackerID: run.id, day: day("2026-11-30"), amount: Amount(thousandths: 4)),
      ])
    #expect(try store.daysOff(trackerID: run.id) == [day("2026-11-27")])
    #expect(summary.added.marks.first?.amounts.count == 3)
    // The first day is the first entry, 0 included.
    #expect(run.createdOn == day("2026-11-26"))
  }

  // MARK: Notes

  @Test func notesComeInOnAnyDayCutTo500CharactersAndAnEmptyOneIsNothing() throws {
    let long = String(repeating: "я", count: 620)
    let (store, summary) = try imported(
      [LoopBackupBuilder.Habit(id: 1, name: "Read")],
      [
        .init(habit: 1, day: day("2026-11-25"), value: 2, notes: "  chapter 3\r\nand 4  "),
        .init(habit: 1, day: day("2026-11-26"), value: 3, notes: "sick"),
        .init(habit: 1, day: day("2026-11-27"), value: -1, notes: "no time\u{7}, really"),
        .init(habit: 1, day: day("2026-11-28"), value: 0, notes: long),
        .init(habit: 1, day: day("2026-11-29"), value: 2, notes: " \n "),
        .init(habit: 1, day: day("2026-11-30"), value: 2, notes: ""),
      ])
    let read = try tracker(store, "Read")
    let notes = try store.notes(trackerID: read.id)
    #expect(
      notes.map(\.day.iso) == ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"])
    #expect(notes.map(\.text).prefix(3) == ["chapter 3\nand 4", "sick", "no time , really"])
    #expect(notes.last?.text == String(repeating: "я", count: 499) + "…")
    #expect(notes.last?.text.count == TrackerNote.maximumLength)
    #expect(summary.adaptations.notesCut == 1)
    #expect(summary.added.notes.count == 4)
  }

  @Test func aNoteBeforeTheFirstCheckMarkMovesTheFirstDayBack() throws {
    let (store, _) = try imported(
      [LoopBackupBuilder.Habit(id: 1, name: "Read")],
      [
        .init(habit: 1, day: day("2026-11-20"), value: -1, notes: "started the book"),
        .init(habit: 1, day: day("2026-11-28"), value: 2),
      ])
    #expect(try tracker(store, "Read").createdOn == day("2026-11-20"))
  }

  // MARK: A second import

  @Test(arguments: StoreKind.allCases)
  func aSecondImportKeepsTheStoresOwnAmountsAndNotesAndAddsOnlyWhatIsNew(kind: StoreKind) throws {
    let habits = [numerical(1, "Run", target: "5")]
    let first: [LoopBackupBuilder.Repetition] = [
      .init(habit: 1, day: day("2026-11-28"), value: 6_000, notes: "from Loop")
    ]
    let (store, _) = try imported(habits, first, into: kind)
    let run = try tracker(store, "Run")
    try store.setAmount(try Amount(parsing: "7"), trackerID: run.id, on: day("2026-11-28"))
    try store.setNote("my own", trackerID: run.id, on: day("2026-11-28"))
    // A newer backup: the same day with another amount and note, and a new day.
    let path = TemporaryFolder().path("newer.db")
    try LoopBackupBuilder(
      version: 25, habits: habits,
      repetitions: first + [.init(habit: 1, day: day("2026-11-29"), value: 8_000, notes: "new")]
    ).write(to: path)
    let file = try #require(OtherTrackerFile.read(file: path, today: today)).get()
    let summary = try store.importForeign(file, titles: english, today: today)
    #expect(summary.recordsAlreadyThere == 1 && summary.notesAlreadyThere == 1)
    #expect(
      try store.records(trackerID: run.id) == [
        TrackerRecord(trackerID: run.id, day: day("2026-11-28"), amount: try Amount(parsing: "7")),
        TrackerRecord(trackerID: run.id, day: day("2026-11-29"), amount: try Amount(parsing: "8")),
      ])
    #expect(try store.notes(trackerID: run.id).map(\.text) == ["my own", "new"])
    let again = try store.importForeign(file, titles: english, today: today)
    #expect(again.addedNothing && again.notesAlreadyThere == 2)
  }

  // MARK: HabitBull

  @Test func habitBullAmountsMakeAMeasurableTrackerOfItsMostCommonAmountAndCommentsBecomeNotes() throws {
    let csv = """
      HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
      Pages,,Reading,2026-11-25,20,
      Pages,,Reading,2026-11-26,12.5,slow day
      Pages,,Reading,2026-11-27,20,
      Pages,,Reading,2026-11-28,0,"sick, ""really"" today"
      Pages,,Reading,2026-11-29,7,first
      Pages,,Reading,2026-11-29,9,second
      Pages,,Reading,2026-11-29,9,second
      Walk,,,2026-11-29,1,
      Walk,,,2026-11-30,0,

      """
    let file = try #require(OtherTrackerFile.read(Data(csv.utf8), today: today)).get()
    let store = InMemoryTrackerStore()
    let summary = try store.importForeign(file, titles: english, today: today)
    let pages = try tracker(store, "Pages")
    #expect(pages.measure == (try goal("times", "20")))
    // Rows of one day merged: the largest amount, each comment once.
    #expect(
      try store.records(trackerID: pages.id).map { "\($0.day.iso) \($0.amount?.description ?? "-")" } == [
        "2026-11-25 20", "2026-11-26 12.5", "2026-11-27 20", "2026-11-29 9",
      ])
    #expect(
      try store.notes(trackerID: pages.id).map(\.text) == [
        "slow day", "sick, \"really\" today", "first\nsecond",
      ])
    #expect(try tracker(store, "Walk").measure == .yesNo)
    #expect(summary.adaptations.mergedRows == 2)
    #expect(summary.adaptations.targetsFromAmounts == 1)
    #expect(summary.adaptations.defaultUnits == 1)
  }
}
