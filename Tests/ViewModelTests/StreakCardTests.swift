import Foundation
import ModelTestSupport
import Testing
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// Seed 004, step 3: a card shows its current streak with a flame, as of today, updated live.
@MainActor
@Suite("Streaks on the cards", .temporaryFolders)
struct StreakCardTests {
  func card(_ name: String, _ model: TrackersViewModel) -> TrackersViewModel.Card? {
    model.state.sections.flatMap(\.cards).first { $0.name == name }
  }

  /// Today is Monday 2026-11-30. "Run" is due Mon, Wed, Fri and was done on the last three due
  /// days before today, across nothing but the weekend; "Walk" is an event never done.
  func world() throws -> TestWorld {
    let run = habit("Run", id: 10, days: [.monday, .wednesday, .friday], created: "2026-11-01")
    let walk = event("Walk", id: 11)
    let store = try InMemoryTrackerStore(
      contents: StoreContents(
        categories: [home], trackers: [run, walk],
        records: ["2026-11-23", "2026-11-25", "2026-11-27"].map {
          TrackerRecord(trackerID: run.id, day: day($0))
        }),
      settings: StoreSettings(isOnboardingDone: true))
    return TestWorld(store: store)
  }

  @Test func aCardShowsAFlameWithItsCurrentStreakAndNoneAtZero() async throws {
    let model = TrackersViewModel(environment: try world().environment(.ru))
    await model.settled()
    // Today is due and not done yet: it neither adds nor resets.
    #expect(card("Run", model)?.currentStreak == 3)
    #expect(card("Run", model)?.streakText == "🔥 3")
    #expect(card("Walk", model)?.currentStreak == 0)
    #expect(card("Walk", model)?.streakText == nil)
  }

  @Test func completingAndUncompletingTodayUpdatesTheFlameAtOnce() async throws {
    let model = TrackersViewModel(environment: try world().environment(.en))
    await model.settled()
    var shown: [String?] = []
    let token = model.observe {
      shown.append($0.sections.flatMap(\.cards).first { $0.name == "Run" }?.streakText)
    }
    model.completeTapped(id(10))
    await model.settled()
    #expect(card("Run", model)?.streakText == "🔥 4")
    model.completeTapped(id(10))
    await model.settled()
    #expect(card("Run", model)?.streakText == "🔥 3")
    model.completeTapped(id(11))
    await model.settled()
    #expect(card("Walk", model)?.streakText == "🔥 1")
    #expect(shown == ["🔥 3", "🔥 4", "🔥 3", "🔥 3"])
    withExtendedLifetime(token) {}
  }

  @Test func theFlameIsTheStreakAsOfTodayWhateverDateIsSelected() async throws {
    let model = TrackersViewModel(environment: try world().environment(.en))
    await model.settled()
    model.daySelected(day("2026-11-20"))  // a Friday before the streak began
    await model.settled()
    #expect(card("Run", model)?.streakText == "🔥 3")
    model.daySelected(day("2026-12-02"))  // a future Wednesday
    await model.settled()
    #expect(card("Run", model)?.streakText == "🔥 3")
  }

  @Test func aMissedDueDayBreaksTheStreakAcrossAMonthEnd() async throws {
    // Due every day; done Oct 30 and 31 and Nov 1, missed Nov 2, done Nov 3 … 29 (27 days).
    let daily = habit("Read", id: 12, created: "2026-10-30")
    var days = ["2026-10-30", "2026-10-31", "2026-11-01"].map(day)
    days += (3...29).map { day(String(format: "2026-11-%02d", $0)) }
    let store = try InMemoryTrackerStore(
      contents: StoreContents(
        categories: [home], trackers: [daily],
        records: days.map { TrackerRecord(trackerID: daily.id, day: $0) }),
      settings: StoreSettings(isOnboardingDone: true))
    let model = TrackersViewModel(environment: TestWorld(store: store).environment(.en))
    await model.settled()
    #expect(card("Read", model)?.streakText == "🔥 27")
  }
}
