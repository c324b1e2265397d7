import Foundation
import ModelTestSupport
import Testing
import TrackerModels
import TrackerStore

/// A store with a clock refuses a completion after today on every path that writes one, whoever
/// calls it (docs/rules.md, "Completion"); today follows the stored day start hour. 2026-11-30 is
/// a Monday; the clock stands at 01:30 on Tuesday 1 December in Moscow.
@Suite("Completions after today", .temporaryFolders)
struct FutureCompletionTests {
  static let clock = StoreClock(
    now: { ISO8601DateFormatter().date(from: "2026-11-30T22:30:00Z")! },
    timeZone: TimeZone(identifier: "Europe/Moscow")!)

  func store(_ kind: StoreKind, dayStart: DayStart = .midnight) throws -> any TrackerDataStore {
    let store = try kind.makeStore(clock: Self.clock)
    try store.saveSettings(StoreSettings(isOnboardingDone: true, dayStart: dayStart))
    try store.createCategory(home)
    try store.createTracker(habit("Run", id: 10, days: .everyDay, created: "2026-11-01"))
    return store
  }

  @Test(arguments: StoreKind.allCases)
  func toggleRecordRefusesADayAfterToday(kind: StoreKind) throws {
    let store = try store(kind)
    #expect(throws: StoreError.dayInFuture(day("2026-12-31"))) {
      try store.toggleRecord(trackerID: id(10), on: day("2026-12-31"))
    }
    #expect(throws: StoreError.dayInFuture(day("2026-12-02"))) {
      try store.toggleRecord(trackerID: id(10), on: day("2026-12-02"))
    }
    #expect(try store.toggleRecord(trackerID: id(10), on: day("2026-12-01")))
    #expect(try store.recordDays(trackerID: id(10)) == [day("2026-12-01")])
  }

  @Test(arguments: StoreKind.allCases)
  func theEditScreensMoreDaysCannotReachAheadEither(kind: StoreKind) throws {
    let store = try store(kind)
    let run = habit("Run", id: 10, days: .everyDay, created: "2026-11-01")
    #expect(throws: StoreError.dayInFuture(day("2026-12-05"))) {
      try store.updateTracker(
        run, addingRecordsOn: [day("2026-11-30"), day("2026-12-05")], removingRecordsOn: [])
    }
    #expect(try store.recordDays(trackerID: id(10)) == [])
  }

  @Test(arguments: StoreKind.allCases)
  func beforeTheDayStartHourTheCalendarDateIsStillAhead(kind: StoreKind) throws {
    let store = try store(kind, dayStart: DayStart(hour: 3)!)
    // 01:30 with the day starting at 03:00: today is Monday 30.
    #expect(throws: StoreError.dayInFuture(day("2026-12-01"))) {
      try store.toggleRecord(trackerID: id(10), on: day("2026-12-01"))
    }
    #expect(try store.toggleRecord(trackerID: id(10), on: day("2026-11-30")))
  }

  @Test(arguments: StoreKind.allCases)
  func removingAFutureRecordAndTakingAFutureDayOffStayAllowed(kind: StoreKind) throws {
    // A backup from across the date line may hold tomorrow's record: it can be removed. Days off
    // ahead are a planned vacation.
    let store = try store(kind)
    try store.insert(
      StoreContents(
        categories: [], trackers: [],
        records: [TrackerRecord(trackerID: id(10), day: day("2026-12-02"))]))
    #expect(try !store.toggleRecord(trackerID: id(10), on: day("2026-12-02")))
    #expect(try store.setDaysOff(true, trackerID: id(10), on: [day("2026-12-10")]) == [day("2026-12-10")])
  }

  @Test(arguments: StoreKind.allCases)
  func aStoreWithoutAClockLeavesTheRuleToItsCaller(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Run", id: 10, days: .everyDay, created: "2026-11-01"))
    #expect(try store.toggleRecord(trackerID: id(10), on: day("2026-12-31")))
  }
}
