import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerTextRenderer
@testable import TrackerViewModels

/// What the source documents ask the screens to look like (issue 21, section 5), in styled and in
/// plain output: seed 003's green row, seed 000's emoji pad and lifted rows, docs/rules.md's grid and its legend.
@MainActor
@Suite("Screens as the source documents draw them")
struct SourceDocumentLookTests {
  /// Monday 2026-11-30, noon in Moscow.
  nonisolated static let now = Date(timeIntervalSince1970: 1_796_032_800)

  func environment(_ language: Language, _ store: InMemoryTrackerStore) -> AppEnvironment {
    AppEnvironment(
      now: { Self.now }, timeZone: TimeZone(identifier: "Europe/Moscow")!, language: language, store: store,
      analytics: SilentAnalytics(), makeID: { UUID() })
  }

  func demoFlow(_ language: Language) async throws -> AppFlow {
    let demo = DemoData(
      today: Day(year: 2026, month: 11, day: 30)!, language: language == .ru ? .russian : .english)
    let store = try InMemoryTrackerStore(
      contents: demo.contents,
      settings: StoreSettings(isOnboardingDone: true))
    let flow = await AppFlow.launch(environment: environment(language, store))
    await flow.settled()
    return flow
  }

  func todoView(_ language: Language, actions: [UserAction] = []) async throws -> TodoFlow.View {
    let flow = TodoFlow(
      environment: .fixed(
        now: TodoScenario.now, language: language,
        store: InMemoryTodoStore(TodoScenario.storedTasks(in: language)),
        loader: CannedTodoLoader(nil)))
    await flow.settled()
    for action in actions { try await flow.performAndSettle(action) }
    return flow.view
  }

  // MARK: a. Seed 003: "с зеленым задним фоном"

  @Test(arguments: Language.allCases)
  func aDoneTaskIsDrawnOnAGreenBackgroundAndKeepsItsCheckInPlainText(language: Language) async throws {
    let renderer = ScreenRenderer(device: .x)
    let view = try await todoView(language)
    let styled = renderer.render(view, format: .markup(.light)).split(separator: "\n").map(String.init)
    let row = try #require(styled.firstIndex { $0.contains("Memorize a poem") })
    // The whole inside of the row, from border to border, is on green; the text stays dark.
    #expect(styled[row].contains("{#1A1B22 on #33CF69}Memorize a poem{/}"))
    #expect(styled[row].contains("{#33CF69}│{/}{#1A1B22 on #33CF69} {/}"))
    #expect(styled[row].hasSuffix("{#1A1B22 on #33CF69}                           {/}{#33CF69}│{/}"))
    // The task that is not done has no background.
    let shopping = TodoScenarios.shoppingTitle(in: language)
    #expect(!styled.filter { $0.contains(shopping) }.joined().contains(" on #"))
    // A terminal paints the green too; plain text keeps the ✓.
    #expect(renderer.render(view, format: .ansi(.light)).contains("48;2;51;207;105"))
    #expect(renderer.render(view).contains("│ ✓ Memorize a poem"))
  }

  // MARK: b. Seed 000, creation 5–6: a pad under the emoji, a border around the color

  @Test(arguments: Language.allCases)
  func theChosenEmojiSitsOnAPadWhileTheChosenColorHasABorder(language: Language) async throws {
    let flow = try await demoFlow(language)
    for action: UserAction in [
      .tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("emoji:5")),
      .tap(.identifier("color:3")),
    ] {
      try await flow.performAndSettle(action)
    }
    let renderer = ScreenRenderer(device: .se)
    let plain = renderer.render(flow.view)
    // Plain text tells them apart: half blocks (a pad) for the emoji, brackets (a border) for the color.
    #expect(plain.contains("🐶  ▐❤️▌  😱"), "\(plain)")
    #expect(!plain.contains("[❤️]"))
    #expect(plain.contains("██  [██]  ██"))
    for theme in Theme.allCases {
      let styled = renderer.render(flow.view, format: .markup(theme))
      #expect(styled.contains("{#E6E8EB}▐{/}{\(theme.color(of: .text).hex) on #E6E8EB}❤️{/}{#E6E8EB}▌{/}"))
      #expect(styled.contains("[{/}{#007BFA}██{/}"), "the color keeps its border")
    }
  }

  // MARK: c. Seed 000, categories 1: the pressed row is lifted over the blurred list

  @Test(arguments: [(Language.en, "Little joys", "Edit"), (.ru, "Радостные мелочи", "Редактировать")])
  func aCategorysMenuLiftsThePressedRowAboveTheDimmedList(language: Language, title: String, edit: String)
    async throws
  {
    let flow = try await demoFlow(language)
    for action: UserAction in [
      .tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("category")),
      .longPress(.identifier("category:" + title)),
    ] {
      try await flow.performAndSettle(action)
    }
    let lines = ScreenRenderer(device: .se).lines(for: flow.view)
    let menu = try #require(lines.firstIndex { $0.text.contains(edit) })
    let rows = lines.indices.filter { lines[$0].text.contains(title) }
    // In the list, dimmed with the rest; and once more, bright, right above the menu.
    #expect(rows.count == 2)
    let inList = try #require(rows.first)
    let lifted = try #require(rows.last)
    #expect(lines[inList].spans.allSatisfy { $0.style.isDimmed })
    #expect(lifted == menu - 3 && lines[lifted].spans.allSatisfy { !$0.style.isDimmed })
    #expect(lines[menu].spans.allSatisfy { !$0.style.isDimmed })
  }

  // MARK: d. docs/rules.md, the grid: every state of the grid told apart without color, with a legend

  @Test(arguments: [
    (
      Language.en,
      ["done", "missed", "not scheduled", "due today", "before the first day", "future", "day off"]
    ),
    (
      .ru,
      ["выполнено", "пропущено", "не по расписанию", "на сегодня", "до первого дня", "в будущем", "выходной"]
    ),
  ])
  func theDetailGridTellsEveryStateApartWithItsOwnMarkAndTheLegendNamesEach(
    language: Language, names: [String]
  ) async throws {
    // Due Mon, Wed, Fri, created Wednesday 2026-11-18, done on Friday 20: the five weeks from
    // Monday 2 hold days before the first day, misses, days not due, a done day, today and the future;
    // Wednesday 25 is a day off.
    let category = TrackerCategory(id: UUID(), title: "Sport")
    let tracker = Tracker(
      id: UUID(), name: "Run", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[2],
      categoryID: category.id, createdOn: Day(year: 2026, month: 11, day: 18)!,
      kind: .habit(Schedule(WeekdaySet([.monday, .wednesday, .friday]))!))
    let store = try InMemoryTrackerStore(
      contents: StoreContents(
        categories: [category], trackers: [tracker],
        records: [TrackerRecord(trackerID: tracker.id, day: Day(year: 2026, month: 11, day: 20)!)],
        daysOff: [TrackerDayOff(trackerID: tracker.id, day: Day(year: 2026, month: 11, day: 25)!)]),
      settings: StoreSettings(isOnboardingDone: true))
    let model = DetailViewModel(
      environment: environment(language, store), trackerID: tracker.id,
      selectedDay: Day(year: 2026, month: 11, day: 30)!)
    await model.settled()
    let state = model.state
    let marks: [DetailViewModel.Cell.Mark] = [
      .done, .missed, .notDue, .dueToday, .beforeFirstDay, .future, .dayOff,
    ]
    let cells = state.weeks.joined()
    #expect(Set(cells.map(\.mark).map(String.init(describing:))) == Set(marks.map(String.init(describing:))))
    // Each state its own mark, none of them blank.
    let symbols = marks.map(ScreenRenderer.mark)
    #expect(Set(symbols).count == marks.count && !symbols.contains(" "))
    // The legend names every one of them, in the screen's language.
    #expect(state.legend.map(\.mark) == marks && state.legend.map(\.text) == names)
    for width in [32, 40, 47] {
      let lines = ScreenRenderer(width: width).detail(state).map(\.text)
      let legend = lines.filter { line in symbols.contains { line.contains($0 + " ") } }.joined(
        separator: "   ")
      for (symbol, name) in zip(symbols, names) {
        #expect(legend.contains(symbol + " " + name), "\(symbol) \(name) at \(width)")
      }
      // Every cell shows its day and its mark: "  2○", " 20✓", "  1…".
      for cell in cells {
        let text =
          (cell.dayOfMonth.count == 1 ? "  " : " ") + cell.dayOfMonth + ScreenRenderer.mark(cell.mark)
        #expect(lines.contains { $0.contains(text) }, "\(cell.day.iso) at \(width)")
      }
    }
  }

  // MARK: i. The to-do delete question next to its task, naming it

  @Test(arguments: [(Language.en, "Delete this task?", "“Shopping”"), (.ru, "Удалить задачу?", "«Покупки»")])
  func theDeleteQuestionIsDrawnUnderItsTaskAndNamesIt(language: Language, question: String, name: String)
    async throws
  {
    let shopping = TodoScenarios.shoppingTitle(in: language)
    let view = try await todoView(language, actions: [.swipe(.left, .identifier("todo:" + shopping))])
    let lines = ScreenRenderer(device: .se).lines(for: view)
    let text = lines.map(\.text)
    let task = try #require(text.firstIndex { $0.contains(shopping) && !$0.contains(name) })
    let asked = try #require(text.firstIndex { $0.contains(question) })
    let other = try #require(text.firstIndex { $0.contains("Memorize a poem") })
    // The task's title, its text on three lines, its bottom border; then the question's box.
    #expect(asked == task + 6, "\(text.joined(separator: "\n"))")
    #expect(text[asked + 1].contains(name))
    // The swiped task stays bright; the rest of the list is dimmed under the question.
    #expect(lines[task].spans.allSatisfy { !$0.style.isDimmed })
    #expect(lines[other].spans.allSatisfy { $0.style.isDimmed } && other > asked)
  }
}
