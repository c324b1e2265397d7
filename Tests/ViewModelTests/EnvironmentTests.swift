import Foundation
import ModelTestSupport
import Testing
import TrackerStore

@testable import TrackerViewModels

@Suite("Environment", .temporaryFolders)
struct EnvironmentTests {
  @MainActor @Test func aFixedEnvironmentStopsTheClockAndCountsIds() {
    let instant = Date(timeIntervalSince1970: 1_796_032_800)
    let environment = AppEnvironment.fixed(
      now: instant, timeZone: TimeZone(identifier: "Pacific/Kiritimati")!, language: .ru,
      store: InMemoryTrackerStore())
    #expect(environment.now() == instant)
    #expect(environment.today == day("2026-12-01"))  // UTC+14: already tomorrow
    #expect(environment.makeID().uuidString == "00000000-0000-4000-8000-000000000001")
    #expect(environment.makeID().uuidString == "00000000-0000-4000-8000-000000000002")
  }
}
