import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TodoModels
@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerViewModels

/// Seed 003's algorithms 2–10, one test each, in both languages, driven as a client drives the
/// app: through `TodoFlow`'s elements, reading what it publishes (algorithm 1, the first launch,
/// is `TodoTests.algorithm1_…`).
@MainActor
@Suite("To do list: the seed's algorithms", .temporaryFolders)
struct TodoAlgorithmTests {
  /// The words each language shows on the forms.
  struct Words: Sendable, CustomTestStringConvertible {
    let language: Language
    let newTitle: String
    let editTitle: String
    let save: String
    let done: String
    let completed: String
    let titlePlaceholder: String
    let textPlaceholder: String
    var testDescription: String { language.rawValue }
  }

  nonisolated static let languages = [
    Words(
      language: .en, newTitle: "New task", editTitle: "Edit task", save: "Save", done: "Done",
      completed: "Done",
      titlePlaceholder: "Title", textPlaceholder: "Task text"),
    Words(
      language: .ru, newTitle: "Новая задача", editTitle: "Редактирование задачи", save: "Сохранить",
      done: "Готово", completed: "Выполнено", titlePlaceholder: "Заголовок", textPlaceholder: "Текст задачи"),
  ]

  /// The app on `store` (nothing to load: the store has tasks, or the loader is never asked), the
  /// views it published, and a clock a second later at every look.
  final class Session {
    let store: InMemoryTodoStore
    let flow: TodoFlow
    var published: [TodoFlow.View] = []
    var token: BindingToken?

    @MainActor
    init(_ tasks: [TodoTask], _ language: Language) {
      store = InMemoryTodoStore(tasks)
      let ids = SequentialIDs()
      let ticks = SequentialIDs()
      flow = TodoFlow(
        environment: TodoEnvironment(
          now: { Date(timeIntervalSince1970: 1_796_034_600 + Double(ticks.count())) }, language: language,
          store: store, loader: StubLoader(), makeID: { ids.make() }))
      token = flow.observe { [unowned self] in self.published.append($0) }
    }

    @MainActor
    func element(_ id: String) -> Element? { flow.elements.first { $0.id == id } }
    /// The last view published: what a client shows.
    var shown: TodoFlow.View? { published.last }
  }

  nonisolated static let stored = [task(1, "Call mum", title: "Phone"), task(2, "Buy bread", minute: 1)]

  @Test(arguments: languages)
  func algorithm2_tappingATaskOpensItsEditScreenWithItsFields(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("todo:Phone")
    let form = try #require(session.shown?.form)
    #expect(session.shown?.screen == .todoEdit)
    #expect(form.screenTitle == words.editTitle && form.saveTitle == words.save)
    #expect(form.title == "Phone" && form.text == "Call mum")
    #expect(session.element("completed")?.label == words.completed)
  }

  @Test(arguments: languages)
  func algorithm3_theTitleFieldChangesTheTasksTitle(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("todo:Phone")
    try await session.flow.tapAndSettle("title")
    try await session.flow.performAndSettle(.clear)
    #expect(session.element("title")?.label == words.titlePlaceholder)
    try await session.flow.performAndSettle(.type("Звонок"))
    #expect(session.shown?.form?.title == "Звонок")
    try await session.flow.tapAndSettle("save")
    #expect(session.shown?.list.rows.first { $0.id == id(1) }?.title == "Звонок")
    #expect(try session.store.tasks().first { $0.id == id(1) }?.title == "Звонок")
  }

  @Test(arguments: languages)
  func algorithm4_theTextFieldChangesTheTasksText(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("todo:Phone")
    // The title, the form's first field, has the focus when it opens: tapping the text focuses it.
    #expect(session.shown?.focusedField == .title)
    try await session.flow.tapAndSettle("text")
    try await session.flow.performAndSettle(.type("\ntonight"))
    #expect(session.shown?.form?.text == "Call mum\ntonight")
    try await session.flow.tapAndSettle("save")
    #expect(session.shown?.list.rows.first { $0.id == id(1) }?.text == "Call mum\ntonight")
    #expect(try session.store.tasks().first { $0.id == id(1) }?.text == "Call mum\ntonight")
  }

  @Test(arguments: languages)
  func algorithm5_theSwitchChangesWhetherTheTaskIsDone(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("todo:Buy bread")
    #expect(session.element("completed")?.isChecked == false)
    try await session.flow.tapAndSettle("completed")
    #expect(session.element("completed")?.isChecked == true && session.shown?.form?.isCompleted == true)
    try await session.flow.tapAndSettle("save")
    #expect(session.element("todo:Buy bread")?.isChecked == true)
    try await session.flow.tapAndSettle("todo:Buy bread")
    try await session.flow.tapAndSettle("completed")
    try await session.flow.tapAndSettle("save")
    #expect(session.element("todo:Buy bread")?.isChecked == false)
    #expect(try session.store.tasks().first { $0.id == id(2) }?.isDone == false)
  }

  @Test(arguments: languages)
  func algorithm6_saveIsEnabledOnlyWithATextAndSavingUpdatesTheListAtOnce(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("todo:Phone")
    #expect(session.element("save")?.isEnabled == true)
    try await session.flow.tapAndSettle("text")
    try await session.flow.performAndSettle(.clear)
    #expect(session.element("save")?.isEnabled == false && session.shown?.form?.isSaveEnabled == false)
    await #expect(throws: FlowError.self) { try await session.flow.tapAndSettle("save") }
    try await session.flow.performAndSettle(.type("  \n "))
    #expect(session.element("save")?.isEnabled == false)
    try await session.flow.performAndSettle(.clear)
    try await session.flow.performAndSettle(.type("Call dad"))
    #expect(session.element("save")?.isEnabled == true)
    let before = session.published.count
    try await session.flow.tapAndSettle("save")
    // Published at once, no waiting: the list on screen is the store's.
    #expect(session.published.count > before)
    #expect(session.shown?.screen == .todos)
    #expect(session.shown?.list.rows.map(\.text).contains("Call dad") == true)
  }

  @Test(arguments: languages)
  func algorithm7_plusOpensAnEmptyNewTaskForm(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("add")
    let form = try #require(session.shown?.form)
    #expect(session.shown?.screen == .todoForm)
    #expect(form.screenTitle == words.newTitle && form.saveTitle == words.done)
    #expect(form.title.isEmpty && form.text.isEmpty && form.completedTitle == nil)
    #expect(session.element("completed") == nil)
    #expect(session.element("title")?.label == words.titlePlaceholder)
    #expect(session.element("text")?.label == words.textPlaceholder)
  }

  @Test(arguments: languages)
  func algorithm8_theTitleFieldSetsTheNewTasksTitle(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("add")
    try await session.flow.tapAndSettle("title")
    try await session.flow.performAndSettle(.type("Дом"))
    #expect(session.shown?.form?.title == "Дом")
    try await session.flow.tapAndSettle("text")
    try await session.flow.performAndSettle(.type("Полить цветы"))
    try await session.flow.tapAndSettle("done")
    #expect(session.shown?.list.rows.first?.title == "Дом")
  }

  @Test(arguments: languages)
  func algorithm9_theTextFieldSetsTheNewTasksText(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("add")
    try await session.flow.tapAndSettle("text")
    try await session.flow.performAndSettle(.type("Water the plants\nin the living room"))
    #expect(session.shown?.form?.text == "Water the plants\nin the living room")
    try await session.flow.tapAndSettle("done")
    #expect(session.shown?.list.rows.first?.text == "Water the plants\nin the living room")
    #expect(session.shown?.list.rows.first?.title == nil)
  }

  @Test(arguments: languages)
  func algorithm10_doneIsEnabledOnlyWithATextAndAddsTheTaskOnTopAtOnce(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    try await session.flow.tapAndSettle("add")
    #expect(session.element("done")?.isEnabled == false)
    try await session.flow.tapAndSettle("title")
    try await session.flow.performAndSettle(.type("Only a title"))
    #expect(session.element("done")?.isEnabled == false)  // a title alone is not enough
    try await session.flow.tapAndSettle("text")
    try await session.flow.performAndSettle(.type("   "))
    #expect(session.element("done")?.isEnabled == false)
    try await session.flow.performAndSettle(.type("and a text"))
    #expect(session.element("done")?.isEnabled == true)
    try await session.flow.tapAndSettle("done")
    #expect(session.shown?.screen == .todos)
    #expect(session.shown?.list.rows.map(\.text) == ["and a text", "Buy bread", "Call mum"])
    #expect(try session.store.tasks().count == 3)
  }

  /// One action is one new view for an observer, as in the tracker (`FlowPublisher`): opening the
  /// form does not publish it first without its focused field, and typing a letter, focusing a
  /// field or cancelling the form publishes once each.
  @Test(arguments: languages)
  func eachActionPublishesOneView(_ words: Words) async throws {
    let session = Session(Self.stored, words.language)
    await session.flow.settled()
    let actions: [UserAction] = [
      .tap(.identifier("add")), .type("a"), .tap(.identifier("text")), .type("b"),
      .tap(.identifier("cancel")),
    ]
    for action in actions {
      let before = session.published.count
      try session.flow.perform(action)
      #expect(session.published.count == before + 1, "\(action)")
      #expect(session.shown == session.flow.view, "\(action)")
      await session.flow.settled()
    }
    #expect(session.published.dropLast(actions.count).last?.screen == .todos)
    #expect(session.published.suffix(actions.count).first?.focusedField == .title)
  }
}
