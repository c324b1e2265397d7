import FlowTestSupport
import Foundation
import TestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TodoModels
@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerViewModels

/// A to-do store that refuses: the user sees why, keeps what was typed, and nothing changes.
@MainActor
@Suite("To do list with a store that fails", .temporaryFolders)
struct TodoFailureTests {
  /// The to-do app as it runs: the main actor waits for no store call; its first reads awaited.
  func flow(_ store: any TodoDataStore, _ loader: any TodoLoader, _ language: Language) async -> TodoFlow {
    let environment = TodoEnvironment.fixed(
      now: TodoScenario.now, language: language, store: store, loader: loader)
    let flow = TodoFlow(environment: environment)
    await flow.settled()
    return flow
  }

  @Test(arguments: [(Language.en, "Couldn't save"), (.ru, "Не удалось сохранить")])
  func aRefusedSaveSaysSoKeepsTheFormAndChangesNothing(_ language: Language, _ title: String) async throws {
    let base = InMemoryTodoStore(TodoScenario.storedTasks(in: .en))
    let flow = await flow(ReadOnlyTodoStore(base), StubLoader(), language)
    var published: [TodoFlow.View] = []
    let token = flow.observe { published.append($0) }
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("text")
    try await flow.performAndSettle(.type("Water the plants"))
    try await flow.tapAndSettle("done")
    #expect(published.last?.alert?.title == title)
    #expect(flow.screen == .todoForm && flow.view.form?.text == "Water the plants")
    #expect(flow.elements.map(\.id) == ["ok"])
    try await flow.tapAndSettle("ok")
    #expect(flow.view.alert == nil && flow.screen == .todoForm)
    #expect(Set(try base.tasks()) == Set(TodoScenario.storedTasks(in: .en)))
    // Editing and deleting are refused the same way.
    try await flow.tapAndSettle("cancel")
    try await flow.performAndSettle(.swipe(.left, .identifier("todo:Shopping")))
    try await flow.tapAndSettle("confirm")
    #expect(flow.view.alert?.title == title)
    #expect(Set(try base.tasks()) == Set(TodoScenario.storedTasks(in: .en)))
    // The deleted row, gone while its deletion was on its way, is back with the alert.
    #expect(flow.view.list.rows.map(\.id).sorted() == TodoScenario.storedTasks(in: .en).map(\.id).sorted())
    withExtendedLifetime(token) {}
  }

  @Test func loadedTasksThatCannotBeStoredAreSaidSo() async throws {
    let flow = await flow(
      ReadOnlyTodoStore(InMemoryTodoStore()),
      StubLoader(.success([LoadedTodo(remoteID: 1, text: "Buy milk", isDone: false)])), .en)
    #expect(await until { !flow.isLoading })
    #expect(flow.view.alert?.title == "Couldn't save")
    #expect(flow.view.list.rows.isEmpty)
  }
}
