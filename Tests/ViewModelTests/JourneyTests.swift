import FlowTestSupport
import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels

@testable import TrackerViewModels

/// The whole app driven as a user drives it, from the first launch to the statistics.
@MainActor
@Suite("From first launch to statistics", .temporaryFolders)
struct JourneyTests {
  @Test(arguments: Language.allCases)
  func aNewUserCreatesCompletesAndReadsTheStatistics(language: Language) async throws {
    let world = TestWorld()
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    let ru = language == .ru

    #expect(flow.screen == .onboarding)
    try await flow.performAndSettle(.swipe(.left))
    try await flow.tapAndSettle("start")
    #expect(flow.screen == .trackers)

    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("name")
    try await flow.performAndSettle(.type(ru ? "Читать" : "Read"))
    try await flow.tapAndSettle("category")
    try await flow.tapAndSettle("add-category")
    try await flow.tapAndSettle("title")
    try await flow.performAndSettle(.type(ru ? "Учёба" : "Study"))
    try await flow.tapAndSettle("done")
    try await flow.tapAndSettle("category:" + (ru ? "Учёба" : "Study"))
    try await flow.tapAndSettle("schedule")
    for day in ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] { try await flow.tapAndSettle("day:" + day) }
    try await flow.tapAndSettle("done")
    try await flow.tapAndSettle("emoji:1")
    try await flow.tapAndSettle("color:1")
    #expect(try flow.find(.identifier("create")).isEnabled)
    try await flow.tapAndSettle("create")
    #expect(flow.screen == .trackers)

    let name = ru ? "Читать" : "Read"
    try await flow.tapAndSettle("complete:" + name)
    guard case .trackers(let main) = flow.view.base else {
      Issue.record("not on main")
      return
    }
    #expect(main.sections.map(\.title) == [ru ? "Учёба" : "Study"])
    #expect(main.sections[0].cards.map(\.dayCounter) == [ru ? "1 день" : "1 day"])

    try await flow.tapAndSettle("tab-statistics")
    guard case .statistics(let statistics) = flow.view.base else {
      Issue.record("not on statistics")
      return
    }
    #expect(statistics.cards.map(\.value) == ["1", "1", "1", "1"])
    #expect(statistics.placeholder == nil)
    #expect(
      world.analytics.events.map(\.description) == [
        "open Main", "click Main add_track", "click Main track", "close Main",
      ])
  }
}
