import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerModels
import TrackerPreviewSupport

@testable import TrackerViewModels

/// Each element carries what acting on it does, decided where it is built; identifiers stay the
/// accessibility identifiers of docs/command-line.md.
@MainActor
@Suite("Typed element actions", .temporaryFolders)
struct ElementActionTests {
  let demo = DemoData(today: day("2026-11-30"))

  @Test func theMainScreensElementsCarryTheirActions() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    let byID = Dictionary(uniqueKeysWithValues: flow.elements.map { ($0.id, $0) })
    #expect(byID["add"]?.action == .tracker(.addTracker))
    #expect(byID["date"]?.action == .tracker(.openCalendar))
    #expect(byID["search"]?.action == .tracker(.focus(.search)))
    #expect(byID["filters"]?.action == .tracker(.openFilters))
    #expect(byID["tab-statistics"]?.action == .tracker(.selectTab(.statistics)))
    #expect(byID["complete:Зарядка"]?.action == .tracker(.toggleCompletion(trackerID: demo.trackers[3].id)))
    #expect(byID["card:Зарядка"]?.action == .tracker(.openDetail(trackerID: demo.trackers[3].id)))
    #expect(byID["card:Зарядка"]?.longPressAction == .tracker(.openCardMenu(trackerID: demo.trackers[3].id)))
  }

  @Test func theFormsPickersSayWhichIndexTheyChooseNotAStringToParse() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    let emoji = try flow.find(.identifier("emoji:3"))
    #expect(emoji.label == "🌺" && emoji.action == .tracker(.chooseEmoji(index: 2)))
    #expect(try flow.find(.identifier("color:18")).action == .tracker(.chooseColor(index: 17)))
    #expect(try flow.find(.identifier("create")).action == .tracker(.saveTracker))
    try await flow.tapAndSettle("schedule")
    #expect(try flow.find(.identifier("day:sun")).action == .tracker(.toggleWeekday(.sunday)))
  }

  @Test func sendingAnActionDoesWhatTappingItsElementDoes() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.sendAndSettle(.addTracker)
    try await flow.sendAndSettle(.chooseKind(.event))
    try await flow.sendAndSettle(.chooseEmoji(index: 2))
    guard case .trackerForm(let form)? = flow.view.presented.last else {
      Issue.record("no form")
      return
    }
    #expect(form.emojis.filter(\.isSelected).map(\.emoji) == ["🌺"])
    #expect(form.hasSchedule == false)
  }

  @Test func anActionOfAnotherScreenIsRefusedAndATapOnWhatIsNotThereListsWhatIsOnScreen() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    #expect(throws: ActionError.self) { try flow.send(.chooseEmoji(index: 0)) }
    try await flow.sendAndSettle(.openFilters)
    do {
      try await flow.sendAndSettle(.addTracker)
      Issue.record("no error")
    } catch {
      #expect(error.message == "addTracker cannot be done on filters")
      #expect(error.language == .en)
    }
    do {
      try await flow.tapAndSettle("add")
      Issue.record("no error")
    } catch {
      #expect(error.elements.map(\.id).first == "filter:all")
    }
  }

  @Test func theMainScreenReportsOpenAndCloseAsItAppearsAndDisappears() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.tapAndSettle("tab-statistics")
    try await flow.tapAndSettle("tab-trackers")
    try await flow.tapAndSettle("add")
    try await flow.performAndSettle(.dismiss)
    flow.appClosed()
    #expect(
      world.analytics.events.map(\.description) == [
        "open Main", "close Main", "open Main", "click Main add_track", "close Main",
      ])
  }

  @Test func onboardingReportsNothingUntilTheMainScreenAppears() async throws {
    let world = TestWorld()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    #expect(world.analytics.events.isEmpty)
    try await flow.tapAndSettle("start")
    #expect(world.analytics.events.map(\.description) == ["open Main"])
  }
}
