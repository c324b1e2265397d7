import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// An app left open over midnight: "today" is read again, never kept for the life of a screen
/// (docs/native-client.md, docs/rules.md "Days").
@MainActor
@Suite("Day rollover", .temporaryFolders)
struct DayRolloverTests {
  /// A habit done every day since 2026-11-29 with records on the 29th and 30th, and one record
  /// already on the next day (made on a device whose day had begun).
  func world(clock: TestClock, timeZone: String, days: [String]) throws -> (TestWorld, AppEnvironment) {
    let world = TestWorld()
    try world.store.saveSettings(StoreSettings(isOnboardingDone: true))
    try world.store.createCategory(home)
    try world.store.createTracker(habit("Run", id: 10, created: days[0]))
    for record in days { try world.store.toggleRecord(trackerID: id(10), on: day(record)) }
    let environment = AppEnvironment(
      now: { clock.now }, timeZone: TimeZone(identifier: timeZone)!, language: .en, store: world.store,
      analytics: world.analytics, makeID: { UUID() })
    return (world, environment)
  }

  @Test func pastMidnightInKiritimatiTheMainScreenMovesToTheNewTodayAndThePublishedViewSaysSo() async throws {
    // Kiritimati is UTC+14: 23:59 on 30 November there is 09:59 UTC.
    let clock = TestClock("2026-11-30T09:59:00Z")
    let (_, environment) = try world(
      clock: clock, timeZone: "Pacific/Kiritimati", days: ["2026-11-29", "2026-11-30", "2026-12-01"])
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    let published = PublishedViews(flow)
    #expect(flow.view.main?.dateText == "30 Nov")
    #expect(flow.view.card("Run")?.isCompleted == true)

    clock.set("2026-11-30T10:00:30Z")
    flow.clockChanged()
    await flow.settled()
    #expect(published.last?.main?.selectedDay == day("2026-12-01"))
    #expect(published.last?.main?.dateText == "1 Dec")
    #expect(published.last?.card("Run")?.isCompleteEnabled == true)
    // The new date comes with the new day's cards, or with none until they are read: never with
    // the day before's.
    for view in published.views.dropFirst() {
      #expect(view.main?.selectedDay == day("2026-12-01"))
      #expect(view.card("Run") == nil || view.card("Run") == published.last?.card("Run"))
    }
    let afterTheMove = published.views.count
    #expect(afterTheMove >= 2)
    flow.clockChanged()
    await flow.settled()
    #expect(published.views.count == afterTheMove)  // the same day: nothing new to show
  }

  @Test func aFutureDateBeingBrowsedBecomesTodayAndItsButtonsEnabled() async throws {
    let clock = TestClock("2026-11-30T09:59:00Z")
    let (_, environment) = try world(clock: clock, timeZone: "Pacific/Kiritimati", days: ["2026-11-29"])
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("next-month")
    try await flow.tapAndSettle("day:2026-12-01")
    #expect(flow.view.card("Run")?.isCompleteEnabled == false)
    clock.set("2026-11-30T10:00:00Z")
    flow.clockChanged()
    await flow.settled()
    #expect(flow.view.main?.selectedDay == day("2026-12-01"))
    #expect(flow.view.card("Run")?.isCompleteEnabled == true)
    try await flow.tapAndSettle("complete:Run")
    #expect(flow.view.card("Run")?.isCompleted == true)
  }

  @Test func aPastDateBeingBrowsedStaysWhereTheUserPutIt() async throws {
    let clock = TestClock("2026-11-30T09:59:00Z")
    let (_, environment) = try world(clock: clock, timeZone: "Pacific/Kiritimati", days: ["2026-11-29"])
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("day:2026-11-29")
    clock.set("2026-11-30T10:00:00Z")
    flow.clockChanged()
    await flow.settled()
    #expect(flow.view.main?.selectedDay == day("2026-11-29"))
  }

  @Test func theStatisticsCountTheRecordsOfTheNewToday() async throws {
    let clock = TestClock("2026-11-30T09:59:00Z")
    let (_, environment) = try world(
      clock: clock, timeZone: "Pacific/Kiritimati", days: ["2026-11-29", "2026-11-30", "2026-12-01"])
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("tab-statistics")
    let published = PublishedViews(flow)
    // As of 30 November the record of 1 December does not count yet.
    #expect(published.last?.statistics?.cards.map(\.value) == ["2", "2", "2", "1"])
    clock.set("2026-11-30T10:00:00Z")
    flow.clockChanged()
    await flow.settled()
    #expect(published.last?.statistics?.cards.map(\.value) == ["3", "3", "3", "1"])
  }

  @Test func theNightDaylightSavingEndsInNewYorkIsAnOrdinaryMidnight() async throws {
    // 2026-11-01 is the first Sunday of November: clocks go back at 2:00 EDT. Midnight comes
    // first, at 04:00 UTC; a day of 25 hours follows.
    let clock = TestClock("2026-11-01T03:59:59Z")
    let (_, environment) = try world(clock: clock, timeZone: "America/New_York", days: ["2026-10-30"])
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    #expect(flow.view.main?.selectedDay == day("2026-10-31"))
    clock.set("2026-11-01T04:00:00Z")
    flow.clockChanged()
    await flow.settled()
    #expect(flow.view.main?.selectedDay == day("2026-11-01"))
    clock.set("2026-11-02T04:59:59Z")  // 23:59:59 EST, still 1 November
    flow.clockChanged()
    await flow.settled()
    #expect(flow.view.main?.selectedDay == day("2026-11-01"))
    clock.set("2026-11-02T05:00:00Z")
    try await flow.tapAndSettle("tab-statistics")  // any action looks at the clock first
    try await flow.tapAndSettle("tab-trackers")
    #expect(flow.view.main?.selectedDay == day("2026-11-02"))
  }

  @Test func anOpenCalendarMovesItsTodayMark() async throws {
    let clock = TestClock("2026-12-01T04:59:00Z")
    let (_, environment) = try world(clock: clock, timeZone: "America/New_York", days: ["2026-11-29"])
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("date")
    func today() -> Day? {
      guard case .calendar(let calendar)? = flow.view.presented.last else { return nil }
      return calendar.weeks.joined().first(where: \.isToday)?.day
    }
    #expect(today() == day("2026-11-30"))
    clock.set("2026-12-01T05:00:00Z")
    flow.clockChanged()
    await flow.settled()
    #expect(today() == nil)  // 1 December is in the next month
    try await flow.tapAndSettle("next-month")
    #expect(today() == day("2026-12-01"))
  }
}
