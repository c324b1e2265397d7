import Foundation
import Testing
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// An instant on a wall clock: the day the app believes it is, and where.
struct Moment: CustomTestStringConvertible, Sendable {
  let instant: Date
  let timeZone: TimeZone
  let label: String

  /// `hour`:`minute` local time on `iso` in `zone` (a local time that does not exist, in a
  /// spring-forward gap, is the instant an hour later, as clocks show it).
  init(_ iso: String, _ hour: Int = 12, _ minute: Int = 0, in zone: String = "UTC") {
    let timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? .current
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = iso.split(separator: "-").compactMap { Int($0) }
    let components = DateComponents(
      year: parts[0], month: parts[1], day: parts[2], hour: hour, minute: minute)
    self.instant = calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    self.timeZone = timeZone
    self.label = "\(iso) \(hour):\(minute) \(zone)"
  }

  var testDescription: String { label }

  /// Five weeks of consecutive days at noon (every weekday five times, a month end and a
  /// month start), then the awkward ones: year ends, 29 February, and the daylight-saving nights
  /// of New York and Europe just after the change, and a minute before midnight.
  static let sweep: [Moment] =
    (0..<35).map { Moment(testDay("2026-11-16").adding(days: $0).iso) } + awkward

  /// The days a calendar makes hard, without the five weeks.
  static let awkward: [Moment] = [
    Moment("2026-12-31", 23, 59, in: "America/New_York"), Moment("2027-01-01", 0, 1, in: "Europe/Berlin"),
    Moment("2028-02-29"), Moment("2028-03-01", 0, 30, in: "Europe/Moscow"), Moment("2027-02-28"),
    Moment("2026-03-08", 3, 30, in: "America/New_York"), Moment("2026-11-01", 1, 30, in: "America/New_York"),
    Moment("2026-03-29", 3, 30, in: "Europe/Berlin"), Moment("2026-10-25", 2, 30, in: "Europe/Berlin"),
  ]
}

/// A day written in a test, known to be valid.
private func testDay(_ text: String) -> Day {
  do { return try Day(iso: text) } catch { return Day(daysSinceEpoch: 0) }
}

/// The tour and every screen scenario reach their screen on any day, in both languages: they
/// choose what they tap from what the day shows (issue: the tour failed four days in seven).
@MainActor
@Suite("Every scenario on any day")
struct AnyDayTests {
  @Test(arguments: Moment.sweep)
  func everyScenarioReachesItsScreenOnAnyDay(moment: Moment) async throws {
    for language in Language.allCases {
      for scenario in ScreenScenario.all {
        let environment = AppEnvironment.fixed(
          now: moment.instant, timeZone: moment.timeZone, language: language, store: InMemoryTrackerStore())
        let flow: AppFlow
        do {
          flow = try await scenario.run(environment: environment)
        } catch {
          Issue.record("\(scenario.name) (\(language)) on \(moment.label): \(error)")
          continue
        }
        #expect(flow.screen == scenario.screen, "\(scenario.name) (\(language)) on \(moment.label)")
        // Only the scenarios of a refused save end on an alert.
        #expect(
          (flow.view.alert != nil) == scenario.refusesChanges,
          "\(scenario.name) (\(language)) on \(moment.label)")
        let text = ScreenRenderer(width: 40).render(flow.view)
        #expect(!text.isEmpty)
      }
    }
  }

  @Test(arguments: Moment.sweep)
  func theDemoMainScreenShowsADoneHabitAStreakAndOneToDoOnAnyDay(moment: Moment) async throws {
    let environment = AppEnvironment.fixed(
      now: moment.instant, timeZone: moment.timeZone, language: .en, store: InMemoryTrackerStore())
    let flow = try await #require(ScreenScenario.named("trackers-filled")).run(environment: environment)
    guard case .trackers(let state) = flow.view.base else {
      Issue.record("not the main screen on \(moment.label)")
      return
    }
    let cards = state.sections.flatMap(\.cards)
    #expect(cards.contains { $0.name == "Morning exercise" && $0.isCompleted }, "\(moment.label)")
    #expect(cards.contains { $0.name == "Water the plants" && !$0.isCompleted }, "\(moment.label)")
    #expect(cards.filter { $0.streakText != nil }.count == 2, "\(moment.label)")
  }
}
