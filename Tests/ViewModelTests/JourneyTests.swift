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
  func aNewUserCreatesCompletesAndReadsTheStatistics(language: Language) throws {
    let world = TestWorld()
    let flow = AppFlow(environment: world.environment(language))
    let ru = language == .ru

    #expect(flow.screen == .onboarding)
    try flow.perform(.swipe(.left))
    try flow.tap("start")
    #expect(flow.screen == .trackers)

    try flow.tap("add")
    try flow.tap("habit")
    try flow.tap("name")
    try flow.perform(.type(ru ? "Читать" : "Read"))
    try flow.tap("category")
    try flow.tap("add-category")
    try flow.tap("title")
    try flow.perform(.type(ru ? "Учёба" : "Study"))
    try flow.tap("done")
    try flow.tap("category:" + (ru ? "Учёба" : "Study"))
    try flow.tap("schedule")
    for day in ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] { try flow.tap("day:" + day) }
    try flow.tap("done")
    try flow.tap("emoji:1")
    try flow.tap("color:1")
    #expect(try flow.find(.identifier("create")).isEnabled)
    try flow.tap("create")
    #expect(flow.screen == .trackers)

    let name = ru ? "Читать" : "Read"
    try flow.tap("complete:" + name)
    guard case .trackers(let main) = flow.view.base else {
      Issue.record("not on main")
      return
    }
    #expect(main.sections.map(\.title) == [ru ? "Учёба" : "Study"])
    #expect(main.sections[0].cards.map(\.dayCounter) == [ru ? "1 день" : "1 day"])

    try flow.tap("tab-statistics")
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
