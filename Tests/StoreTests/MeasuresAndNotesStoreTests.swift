import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

/// A measurable habit of `target` `unit` a day.
func measured(
  _ name: String, id number: Int, unit: String = "km", target: String = "20",
  direction: MeasureDirection = .atLeast, created: String = "2026-11-01"
) throws -> Tracker {
  var tracker = habit(name, id: number, created: created)
  tracker.measure = try .measurable(unit: unit, target: Amount(parsing: target), direction: direction)
  return tracker
}

/// A habit of `count` met days a `period`.
func quota(_ name: String, id number: Int, _ count: Int, per period: Quota.Period) -> Tracker {
  var tracker = habit(name, id: number)
  tracker.kind = .habit(Schedule(quota: Quota(count, per: period)!))
  return tracker
}

func amount(_ text: String) throws -> Amount { try Amount(parsing: text) }

/// The store contract of issue 32 (docs/rules.md, "Measurable habits", "Notes", "N times a week or
/// a month"), on both implementations: measures and quotas stored with their tracker, amounts
/// with their record, notes on any day.
@Suite("Measures, quotas, amounts and notes in the store (SQLite and in memory)", .temporaryFolders)
struct MeasuresAndNotesStoreTests {
  @Test(arguments: StoreKind.allCases)
  func aMeasurableTrackerAndAQuotaHabitReadBackWithTheirGoals(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    let run = try measured("Бег", id: 10, unit: "км", target: "5.5")
    let coffee = try measured("Кофе", id: 11, unit: "чашки", target: "2", direction: .atMost)
    let gym = quota("Зал", id: 12, 3, per: .week)
    let read = quota("Читать", id: 13, 12, per: .month)
    for tracker in [run, coffee, gym, read] { try store.createTracker(tracker) }
    let stored = try store.trackers().map(\.tracker)
    #expect(stored == [run, gym, coffee, read])
    #expect(try store.contents().trackers == [run, gym, coffee, read])
  }

  @Test(arguments: StoreKind.allCases)
  func editingAGoalOrQuotaReplacesItAndBackToYesNoDropsTheAmounts(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    var run = try measured("Бег", id: 10)
    try store.createTracker(run)
    try store.setAmount(amount("12.5"), trackerID: run.id, on: day("2026-11-20"))
    run.measure = try .measurable(unit: "mi", target: amount("3"), direction: .atMost)
    try store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.trackers().map(\.tracker) == [run])
    #expect(try store.records(trackerID: run.id).map(\.amount) == [try amount("12.5")])

    run.measure = .yesNo
    run.kind = .habit(Schedule(quota: Quota(2, per: .week)!))
    try store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.trackers().map(\.tracker) == [run])
    #expect(
      try store.records(trackerID: run.id) == [TrackerRecord(trackerID: run.id, day: day("2026-11-20"))])

    run.kind = .habit(.everyDay)
    try store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.trackers().map(\.tracker) == [run])
  }

  /// An import (one `insert`) of a quota habit and an at-most tracker writes the summaries the
  /// store's full check computes from the rows: they hold no periods and no amounts. They once
  /// held the quota's walk, and the next full check (an export, a new day) set the file aside as
  /// broken.
  @Test func importedQuotaAndMeasurableTrackersPassTheFullCheck() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    let swim = quota("Плавание", id: 10, 3, per: .week)
    let coffee = try measured("Кофе", id: 11, unit: "чашки", target: "2", direction: .atMost)
    // Three a week in the week of 16 November, one the week after: the quota's walk and the
    // every-day walk disagree.
    let days = ["2026-11-16", "2026-11-18", "2026-11-20", "2026-11-24"].map(day)
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow)
      try store.insert(
        StoreContents(
          categories: [home], trackers: [swim, coffee],
          records: days.map { TrackerRecord(trackerID: swim.id, day: $0) }
            + [TrackerRecord(trackerID: coffee.id, day: day("2026-11-20"), amount: try amount("3"))]))
    }
    let checked = try SQLiteTrackerStore(
      path: path, now: fixedNow, setsBrokenFileAside: false, fullCheck: true)
    #expect(try checked.records(trackerID: swim.id).map(\.day) == days)
    #expect(try checked.trackers().map(\.tracker) == [coffee, swim])
  }

  /// The edit screen's gain on a measurable tracker (docs/rules.md, "More or fewer days on the
  /// edit screen"): the tracker's new fields, the records added and removed and the amounts raised
  /// to the target are one transaction.
  /// A store of a run of 5 km a day, 2.5 on Friday 27 November and 9 on Thursday; today is Tuesday
  /// 1 December in Moscow.
  func storeWithARun(_ kind: StoreKind) throws -> (store: any TrackerDataStore, run: Tracker) {
    let store = try kind.makeStore(clock: FutureCompletionTests.clock)
    try store.createCategory(home)
    let run = try measured("Бег", id: 10, target: "5")
    try store.createTracker(run)
    try store.setAmount(amount("2.5"), trackerID: run.id, on: day("2026-11-27"))
    try store.setAmount(amount("9"), trackerID: run.id, on: day("2026-11-26"))
    return (store, run)
  }

  @Test(arguments: StoreKind.allCases)
  func anEditRaisesMissedAmountsToTheTargetInTheSameTransaction(kind: StoreKind) throws {
    let (store, stored) = try storeWithARun(kind)
    var run = stored
    try store.setDaysOff(true, trackerID: run.id, on: [day("2026-11-28")])
    run.name = "Бег трусцой"
    run.measure = try .measurable(unit: "km", target: amount("6"), direction: .atLeast)
    try store.updateTracker(
      run, addingRecordsOn: [day("2026-11-29")], removingRecordsOn: [day("2026-11-26")],
      raisingToTargetOn: [day("2026-11-27"), day("2026-11-28")])
    #expect(try store.trackers().map(\.tracker) == [run])
    // The amount that missed and the day off both become the new target; the day added counts
    // as the target without an amount.
    #expect(
      try store.records(trackerID: run.id) == [
        TrackerRecord(trackerID: run.id, day: day("2026-11-27"), amount: try amount("6")),
        TrackerRecord(trackerID: run.id, day: day("2026-11-28"), amount: try amount("6")),
        TrackerRecord(trackerID: run.id, day: day("2026-11-29")),
      ])
    #expect(try store.daysOff(trackerID: run.id) == [])
  }

  @Test(arguments: StoreKind.allCases)
  func anEditRefusedWhileRaisingAmountsLeavesNothingHalfWritten(kind: StoreKind) throws {
    let (store, run) = try storeWithARun(kind)
    let before = try store.contents()
    var renamed = run
    renamed.name = "Бег трусцой"
    // A raised day after today is refused: nothing else stays.
    #expect(throws: StoreError.dayInFuture(day("2026-12-02"))) {
      try store.updateTracker(
        renamed, addingRecordsOn: [day("2026-11-29")], removingRecordsOn: [day("2026-11-26")],
        raisingToTargetOn: [day("2026-11-27"), day("2026-12-02")])
    }
    #expect(try store.contents() == before)
    // So is a tracker saved as yes/no with days to raise: it has no target.
    var yesNo = renamed
    yesNo.measure = .yesNo
    #expect(throws: StoreError.notMeasurable(run.id)) {
      try store.updateTracker(
        yesNo, addingRecordsOn: [day("2026-11-29")], removingRecordsOn: [day("2026-11-26")],
        raisingToTargetOn: [day("2026-11-27")])
    }
    #expect(try store.contents() == before)
  }

  @Test(arguments: StoreKind.allCases)
  func anAmountIsSetChangedAndClearedAndCancelsADayOff(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    let run = try measured("Бег", id: 10)
    try store.createTracker(run)
    let monday = day("2026-11-23")
    try store.setDaysOff(true, trackerID: run.id, on: [monday])
    #expect(try store.setAmount(amount("12,5"), trackerID: run.id, on: monday))
    #expect(try store.daysOff(trackerID: run.id).isEmpty)
    #expect(!(try store.setAmount(amount("12.500"), trackerID: run.id, on: monday)))
    #expect(try store.setAmount(amount("0"), trackerID: run.id, on: monday))
    #expect(try store.records(on: monday) == [TrackerRecord(trackerID: run.id, day: monday, amount: .zero)])
    #expect(try store.completedTrackerIDs(on: monday) == [run.id])
    #expect(try store.setAmount(nil, trackerID: run.id, on: monday))
    #expect(!(try store.setAmount(nil, trackerID: run.id, on: monday)))
    #expect(try store.records(trackerID: run.id).isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func anAmountIsRefusedForAYesNoTrackerAndAfterToday(kind: StoreKind) throws {
    let clock = StoreClock(now: { fixedNow }, timeZone: TimeZone(identifier: "UTC")!)
    let store = try kind.makeStore(clock: clock)
    try store.createCategory(home)
    try store.createTracker(habit("Вода", id: 9))
    try store.createTracker(try measured("Бег", id: 10))
    #expect(throws: StoreError.notMeasurable(id(9))) {
      try store.setAmount(amount("1"), trackerID: id(9), on: day("2026-11-29"))
    }
    #expect(throws: StoreError.dayInFuture(day("2026-12-01"))) {
      try store.setAmount(amount("1"), trackerID: id(10), on: day("2026-12-01"))
    }
    #expect(throws: StoreError.trackerNotFound(id(99))) {
      try store.setAmount(amount("1"), trackerID: id(99), on: day("2026-11-29"))
    }
    #expect(try store.allRecords().isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func aDayOffTakenOnAMeasuredDayNamesTheRecordWithItsAmount(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    let run = try measured("Бег", id: 10)
    try store.createTracker(run)
    try store.setAmount(amount("7.25"), trackerID: run.id, on: day("2026-11-24"))
    let change = try store.setDaysOff(true, [TrackerDayOff(trackerID: run.id, day: day("2026-11-24"))])
    let removed = TrackerRecord(trackerID: run.id, day: day("2026-11-24"), amount: try amount("7.25"))
    #expect(change.removedRecords == [removed])
    #expect(try store.records(trackerID: run.id).isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func aNoteIsKeptOnAnyDayTrimmedAndClearedAndCountsInNothing(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Вода", id: 9, days: WeekdaySet([.monday])))
    let before = try store.statistics(asOf: day("2026-11-30"))
    // A day with nothing, a day the habit is not shown on, a future day.
    #expect(try store.setNote("  болел\r\nлежал  ", trackerID: id(9), on: day("2026-11-24")))
    #expect(try store.setNote("дождь", trackerID: id(9), on: day("2026-11-25")))
    #expect(try store.setNote("отпуск", trackerID: id(9), on: day("2027-01-04")))
    #expect(!(try store.setNote("дождь", trackerID: id(9), on: day("2026-11-25"))))
    #expect(
      try store.notes(trackerID: id(9)) == [
        TrackerNote(trackerID: id(9), day: day("2026-11-24"), text: "болел\nлежал"),
        TrackerNote(trackerID: id(9), day: day("2026-11-25"), text: "дождь"),
        TrackerNote(trackerID: id(9), day: day("2027-01-04"), text: "отпуск"),
      ])
    #expect(
      try store.notes(on: day("2026-11-25")) == [
        TrackerNote(trackerID: id(9), day: day("2026-11-25"), text: "дождь")
      ])
    #expect(try store.statistics(asOf: day("2026-11-30")) == before)
    #expect(try store.trackers().map(\.recordCount) == [0])
    #expect(try store.setNote(nil, trackerID: id(9), on: day("2026-11-25")))
    #expect(!(try store.setNote(nil, trackerID: id(9), on: day("2026-11-25"))))
    #expect(try store.notes(on: day("2026-11-25")).isEmpty)
    #expect(try store.contents().notes.map(\.day) == [day("2026-11-24"), day("2027-01-04")])
  }

  @Test(arguments: StoreKind.allCases)
  func aNoteThatBreaksARuleIsRefusedAndChangesNothing(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Вода", id: 9))
    try store.setNote("было", trackerID: id(9), on: day("2026-11-24"))
    #expect(throws: StoreError.invalidNote(.empty)) {
      try store.setNote(" \n ", trackerID: id(9), on: day("2026-11-24"))
    }
    #expect(throws: StoreError.invalidNote(.tooLong(count: 501))) {
      try store.setNote(String(repeating: "ё", count: 501), trackerID: id(9), on: day("2026-11-24"))
    }
    #expect(throws: StoreError.invalidNote(.forbiddenCharacter("\u{202E}"))) {
      try store.setNote("a\u{202E}b", trackerID: id(9), on: day("2026-11-24"))
    }
    #expect(throws: StoreError.trackerNotFound(id(99))) {
      try store.setNote("x", trackerID: id(99), on: day("2026-11-24"))
    }
    #expect(try store.notes(trackerID: id(9)).map(\.text) == ["было"])
  }

  @Test(arguments: StoreKind.allCases)
  func deletingATrackerDeletesItsNotesAndAmounts(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(try measured("Бег", id: 10))
    try store.setAmount(amount("3"), trackerID: id(10), on: day("2026-11-24"))
    try store.setNote("легко", trackerID: id(10), on: day("2026-11-24"))
    try store.deleteTracker(id: id(10))
    try store.createTracker(try measured("Бег", id: 10))
    #expect(try store.notes(trackerID: id(10)).isEmpty)
    #expect(try store.records(trackerID: id(10)).isEmpty)
    #expect(try store.contents().notes.isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func anImportBringsAmountsAndNotesAndKeepsTheStoresOwnNote(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    let run = try measured("Бег", id: 10)
    try store.createTracker(run)
    try store.setNote("своя", trackerID: run.id, on: day("2026-11-24"))
    let swim = try measured("Плавание", id: 11, unit: "м", target: "1000")
    try store.insert(
      StoreAdditions(
        trackers: [swim],
        marks: [
          TrackerMarks(
            trackerID: swim.id, records: [day("2026-11-20"), day("2026-11-21")],
            amounts: [day("2026-11-20"): try amount("750.5")]),
          TrackerMarks(
            trackerID: run.id, records: [day("2026-11-24")], amounts: [day("2026-11-24"): try amount("4")]),
        ],
        notes: [
          TrackerNote(trackerID: run.id, day: day("2026-11-24"), text: "чужая"),
          TrackerNote(trackerID: swim.id, day: day("2026-11-21"), text: "бассейн закрыт"),
        ]))
    #expect(
      try store.records(trackerID: swim.id) == [
        TrackerRecord(trackerID: swim.id, day: day("2026-11-20"), amount: try amount("750.5")),
        TrackerRecord(trackerID: swim.id, day: day("2026-11-21")),
      ])
    #expect(try store.records(trackerID: run.id).map(\.amount) == [try amount("4")])
    #expect(try store.notes(trackerID: run.id).map(\.text) == ["своя"])
    #expect(try store.notes(trackerID: swim.id).map(\.text) == ["бассейн закрыт"])
  }

  @Test(arguments: StoreKind.allCases)
  func theStatisticsCountAMeasurableTrackersMetDaysOnly(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    let run = try measured("Бег", id: 10, target: "5", created: "2026-11-23")
    try store.createTracker(run)
    for (date, value) in [
      ("2026-11-23", "5"), ("2026-11-24", "4.999"), ("2026-11-25", "6"), ("2026-11-26", "5"),
    ] {
      try store.setAmount(amount(value), trackerID: run.id, on: day(date))
    }
    let statistics = try store.statistics(asOf: day("2026-11-26"))
    #expect(
      statistics == Statistics(trackers: [run], records: try store.allRecords(), today: day("2026-11-26")))
    #expect(statistics.completed == 3)
    #expect(
      statistics.trackers == [
        TrackerStatistics(trackerID: run.id, completed: 3, currentStreak: 2, bestStreak: 2)
      ])
  }

  @Test(arguments: StoreKind.allCases)
  func changesNameTheNoteDaysApartFromTheRecordDays(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(try measured("Бег", id: 10))
    let log = ChangeLog<StoreChange>()
    let token = store.observe { log.add($0) }
    try store.setNote("ветер", trackerID: id(10), on: day("2026-11-24"))
    try store.setAmount(amount("2"), trackerID: id(10), on: day("2026-11-25"))
    token.cancel()
    #expect(
      log.all == [
        StoreChange(noteDays: [id(10): [day("2026-11-24")]]),
        StoreChange(recordDays: [id(10): [day("2026-11-25")]]),
      ])
  }
}

/// The SQLite store keeps the statistics' day-by-day part between calls; it must never outlive a
/// change: its own writes, another connection's commit, another day.
@Suite("The kept day-by-day statistics follow every change", .temporaryFolders)
struct KeptDayByDayPartTests {
  func reference(_ store: any TrackerDataStore, today: Day) throws -> Statistics {
    let contents = try store.contents()
    return Statistics(
      trackers: try store.trackers().map(\.tracker), records: try store.allRecords(),
      daysOff: contents.daysOff,
      today: today)
  }

  @Test func ownWritesAnotherConnectionAndAnotherDayAreEachSeen() throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    try store.createCategory(home)
    try store.createTracker(try measured("Бег", id: 10, target: "5", created: "2026-11-20"))
    try store.createTracker(quota("Зал", id: 11, 2, per: .week))
    try store.createTracker(habit("Вода", id: 12, created: "2026-11-20"))
    let today = day("2026-11-26")
    func check(_ label: String, on date: Day = today) throws {
      #expect(try store.statistics(asOf: date) == (try reference(store, today: date)), "\(label)")
    }
    try check("empty")
    try store.setAmount(amount("6"), trackerID: id(10), on: day("2026-11-25"))
    try check("an amount")
    try store.toggleRecord(trackerID: id(12), on: day("2026-11-25"))
    try check("a yes/no tap")
    try store.toggleRecord(trackerID: id(11), on: day("2026-11-24"))
    try check("a quota habit's tap")
    try store.setDaysOff(true, trackerID: id(10), on: [day("2026-11-24")])
    try check("a day off")
    var edited = try measured("Бег", id: 10, target: "7", created: "2026-11-20")
    edited.measure = try .measurable(unit: "km", target: amount("7"), direction: .atLeast)
    try store.updateTracker(edited, addingRecordsOn: [], removingRecordsOn: [])
    try check("a new target")
    let other = try SQLiteTrackerStore(path: path, now: fixedNow)
    try other.setAmount(amount("9"), trackerID: id(10), on: day("2026-11-26"))
    try check("another connection's amount")
    try check("another day", on: day("2026-11-28"))
    #expect(try store.statistics(asOf: today).trackers.first { $0.trackerID == id(10) }?.completed == 1)
  }
}
