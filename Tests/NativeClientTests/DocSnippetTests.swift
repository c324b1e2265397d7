import Foundation
import TestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// docs/native-client.md is true line by line: its Swift snippets are the code of DocSnippets.swift,
/// which this target compiles, and that code does what the page says.
@MainActor
@Suite("The native client page's snippets", .temporaryFolders)
struct DocSnippetTests {
  /// A Swift snippet: the heading it stands under, its import lines and the rest.
  struct Snippet: Equatable, CustomStringConvertible {
    var section: String
    var imports: [String]
    var lines: [String]

    var description: String { "\"\(section)\":\n" + lines.joined(separator: "\n") }
  }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let page = folder.appendingPathComponent("../../docs/native-client.md").standardized

  /// `lines` without the indentation they all share.
  static func dedented(_ lines: [String]) -> [String] {
    let indent =
      lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map {
      $0.count >= indent ? String($0.dropFirst(indent)) : $0.trimmingCharacters(in: .whitespaces)
    }
  }

  /// The page's ```swift blocks, in order.
  static func pageSnippets() throws -> [Snippet] {
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    var result: [Snippet] = []
    var section = ""
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("#") {
        section = String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
      }
      if line.trimmingCharacters(in: .whitespaces) == "```swift" {
        var end = index + 1
        while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
        var body = dedented(Array(lines[index + 1..<end]))
        let imports = body.filter { $0.hasPrefix("import ") }
        body.removeAll { $0.hasPrefix("import ") }
        while body.first?.isEmpty == true { body.removeFirst() }
        result.append(Snippet(section: section, imports: imports, lines: body))
        index = end
      }
      index += 1
    }
    return result
  }

  /// The marked regions of DocSnippets.swift, in order.
  static func compiledSnippets() throws -> [Snippet] {
    let file = folder.appendingPathComponent("DocSnippets.swift")
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    let marker = "// docs/native-client.md, \""
    var result: [Snippet] = []
    var index = 0
    while index < lines.count {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      if line.hasPrefix(marker), line.hasSuffix("\": begin") {
        let section = String(line.dropFirst(marker.count).dropLast("\": begin".count))
        var end = index + 1
        while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasSuffix("\": end") {
          end += 1
        }
        result.append(Snippet(section: section, imports: [], lines: dedented(Array(lines[index + 1..<end]))))
        index = end
      }
      index += 1
    }
    return result
  }

  @Test func everySnippetOfThePageIsCompiledHereAsWritten() throws {
    let page = try Self.pageSnippets()
    let compiled = try Self.compiledSnippets()
    #expect(page.count == 10)
    #expect(page.count == compiled.count)
    for (written, built) in zip(page, compiled) {
      #expect(written.section == built.section)
      let common = min(written.lines.count, built.lines.count)
      let line = (0..<common).first { written.lines[$0] != built.lines[$0] } ?? common
      #expect(
        written.lines == built.lines,
        "docs/native-client.md, \"\(written.section)\", line \(line + 1) of the snippet differs from DocSnippets.swift"
      )
    }
    // What the snippets import: the libraries a client links, and Apple's frameworks.
    let allowed: Set = [
      "import TrackerViewModels", "import TrackerModels", "import TrackerStore", "import TrackerLocalization",
      "import UIKit", "import SwiftUI", "import WidgetKit", "import UserNotifications",
      "import AppIntents", "import TrackerSync",
    ]
    #expect(Set(page.flatMap(\.imports)).isSubset(of: allowed))
  }

  @Test(arguments: Language.allCases)
  func theUIKitControllerShowsTheTitleAndTheStoresAlert(language: Language) async throws {
    let store = UnreadableStore(InMemoryTrackerStore())
    store.failsReads = true
    let environment = clientEnvironment(store, language)
    let controller = TrackersViewController(environment: environment)
    controller.viewDidLoad()
    await environment.access.settled()  // the read that fails
    #expect(controller.title == (language == .en ? "Trackers" : "Трекеры"))
    let alert = try #require(controller.presentedViewController as? UIAlertController)
    #expect(alert.title == (language == .en ? "Couldn't read your data" : "Не удалось прочитать данные"))
    #expect(alert.actions.map(\.title) == [language == .en ? "OK" : "Ок"])
  }

  @Test(arguments: Language.allCases)
  func theSwiftUIViewReadsTheFieldsAndItsAlertBindingIsTheOK(language: Language) async throws {
    let store = UnreadableStore(InMemoryTrackerStore())
    store.failsReads = true
    let environment = clientEnvironment(store, language)
    let model = StatisticsViewModel(environment: environment)
    await environment.access.settled()  // the read that fails
    let view = StatisticsView(statistics: model)
    let drawn = try #require(view.body as? Modified)
    #expect(drawn.title == (language == .en ? "Statistics" : "Статистика"))
    let alert = try #require(drawn.alert)
    #expect(alert.title == (language == .en ? "Couldn't read your data" : "Не удалось прочитать данные"))
    #expect(alert.isPresented.wrappedValue)
    let buttons = try #require(alert.actions?.parts.first as? ForEach).rows.compactMap { $0 as? Button }
    #expect(buttons.map(\.title) == [language == .en ? "OK" : "Ок"])
    alert.isPresented.wrappedValue = false
    #expect(model.alert == nil && !model.isShowingAlert)
  }

  @Test(arguments: Language.allCases)
  func theFormsTextFieldBindsToTheViewModelAndTypingIsItsIntent(language: Language) async throws {
    let environment = clientEnvironment(InMemoryTrackerStore(), language)
    let form = CategoryFormViewModel(environment: environment)
    await environment.access.settled()  // the titles taken
    let view = CategoryFormView(form: form)
    let drawn = try #require(view.body as? Modified)
    let parts = try #require(drawn.content as? VStack).content.parts
    let field = try #require(parts.first as? TextField)
    #expect(try #require(parts.last as? Button).isDisabled)
    field.text.wrappedValue = "Sport"
    #expect(form.text == "Sport" && form.state.text == "Sport" && form.isDoneEnabled)
    let redrawn = try #require(view.body as? Modified)
    let again = try #require(redrawn.content as? VStack).content.parts
    #expect(try #require(again.last as? Button).isDisabled == false)
  }

  @Test func theEnvironmentSpeaksThePreferredLanguageElseEnglish() throws {
    let folder = TemporaryFolder().url
    let environment = try makeEnvironment(path: folder.appendingPathComponent("tracker.sqlite").path)
    #expect(environment.language == Language(preferring: Locale.preferredLanguages))
    let saving = SavingPromptController(environment: environment)
    saving.bind()
    #expect(saving.navigationItem.prompt == nil)
  }

  @Test func aTappedElementSendsItsTrackerAction() async throws {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let client = FlowClient(flow: await AppFlow.launch(environment: clientEnvironment(store, .en)))
    try client.tapped(try client.flow.find(.identifier("add")))
    #expect(client.flow.screen == .typePicker)
  }

  /// The page's widget provider reads what the app's feed wrote and asks again at the next day
  /// start; before the app wrote anything, in a quarter of an hour.
  @Test func theWidgetsProviderReadsTheFeedAndRollsOverAtTheDayStart() async throws {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    try store.createTracker(
      Tracker(
        id: UUID(), name: "Read", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: home.id, createdOn: Day(year: 2026, month: 11, day: 1)!, kind: .habit(.everyDay)))
    let folder = TemporaryFolder().url
    let provider = HabitsProvider(folder: folder, family: .medium)
    var timelines: [Timeline<HabitsEntry>] = []
    provider.getTimeline(in: TimelineProviderContext()) { timelines.append($0) }
    #expect(timelines.first?.entries.isEmpty == true)
    guard case .after(let retry)? = timelines.first?.policy else {
      Issue.record("no retry: \(String(describing: timelines.first?.policy))")
      return
    }
    #expect(retry > Date() && retry <= Date().addingTimeInterval(900))
    let environment = clientEnvironment(store, .en)
    let feed = WidgetFeed(environment: environment, folder: folder)
    await feed.settled()  // the feed's read, and its file written
    provider.getTimeline(in: TimelineProviderContext()) { timelines.append($0) }
    let entry = try #require(timelines.last?.entries.first)
    #expect(entry.snapshot.rows.map(\.name) == ["Read"])
    #expect(timelines.last?.policy == .after(entry.snapshot.validUntil))
    withExtendedLifetime(feed) {}
  }

  @Test(arguments: Language.allCases)
  @MainActor
  func theRootOpensALinkAndSaysWhyOneIsRefused(language: Language) async throws {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let environment = clientEnvironment(store, language)
    let root = LinkedRoot(
      flow: await AppFlow.launch(environment: environment), localizer: environment.localizer)
    let drawn = try #require(root.body as? Modified)
    let open = try #require(drawn.openURL)
    open(URL(string: "tracker://statistics")!)
    #expect(root.flow.tab == .statistics && root.refusal == nil)
    open(URL(string: "tracker://weather")!)
    #expect(root.refusal?.isEmpty == false)
  }
}
