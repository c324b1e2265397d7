import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerTerminal

/// The renderer says where each element is drawn (issue 23, item 9): on every screen of both apps,
/// in both languages and at the narrowest, both device and a wide width, every element a user can
/// act on has its place in the drawn lines, and the focus shows on its label there.
@MainActor
@Suite("Where elements are drawn", .temporaryFolders)
struct ElementAnchorTests {
  static let widths = [ScreenRenderer.minimumWidth, Device.se.width, Device.x.width, 100]

  func check(_ elements: [Element], _ lines: [StyledLine], _ name: String) {
    var locator = ElementLocator(elements: elements, lines: lines)
    for element in elements {
      #expect(locator.isAnchored(element.identifier), "\(name): #\(element.identifier) is not anchored")
      guard let place = locator.locate(element.identifier) else {
        Issue.record("\(name): #\(element.identifier) is not found")
        continue
      }
      #expect(!place.characters.isEmpty, "\(name): #\(element.identifier)")
    }
  }

  @Test(arguments: ScreenScenario.all.map(\.name), Language.allCases)
  func everyElementOfEveryTrackerScreenIsAnchored(scenario name: String, language: Language) async throws {
    let scenario = try #require(ScreenScenario.named(name))
    let environment = AppEnvironment.fixed(
      now: Date(timeIntervalSince1970: 1_796_032_800), timeZone: TimeZone(identifier: "Europe/Moscow")!,
      language: language, store: InMemoryTrackerStore())
    let flow = try await scenario.run(environment: environment)
    for width in Self.widths {
      check(flow.elements, ScreenRenderer(width: width).lines(for: flow.view), "\(name) \(language) \(width)")
    }
  }

  @Test(arguments: TodoScenario.all.map(\.name), Language.allCases)
  func everyElementOfEveryToDoScreenIsAnchored(scenario name: String, language: Language) async throws {
    let scenario = try #require(TodoScenario.named(name))
    let flow = try await scenario.run(language: language)
    for width in Self.widths {
      check(flow.elements, ScreenRenderer(width: width).lines(for: flow.view), "\(name) \(language) \(width)")
    }
  }

  @Test func aCardsLabelIsFoundWhereItsCardIsDrawnNotWhereTheSameWordsStandElsewhere() async throws {
    // A tracker named like a category: its card, not the section title, takes the focus.
    let store = InMemoryTrackerStore()
    let home = TrackerCategory(id: UUID(), title: "Run")
    try store.createCategory(home)
    try store.createTracker(
      Tracker(
        id: UUID(), name: "Run", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: home.id, createdOn: Day(year: 2026, month: 11, day: 1)!, kind: .event))
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let flow = await AppFlow.launch(
      environment: .fixed(
        now: Date(timeIntervalSince1970: 1_796_032_800), timeZone: TimeZone(identifier: "Europe/Moscow")!,
        language: .en, store: store))
    await flow.settled()
    let lines = ScreenRenderer(width: 47).lines(for: flow.view)
    var locator = ElementLocator(elements: flow.elements, lines: lines)
    let located = locator.locate(.card("Run"))
    let place = try #require(located)
    #expect(lines[place.row].text.hasPrefix("│"))
    let section = try #require(lines.firstIndex { $0.text.trimmingCharacters(in: .whitespaces) == "Run" })
    #expect(place.row != section)
  }
}
