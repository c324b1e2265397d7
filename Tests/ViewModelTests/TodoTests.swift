import FlowTestSupport
import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TodoModels
@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerViewModels

/// A loader that answers what it is told and counts the calls.
final class StubLoader: TodoLoader, @unchecked Sendable {
  private let lock = NSLock()
  private var answers: [Result<[LoadedTodo], TodoLoadError>]
  private(set) var calls = 0

  init(_ answers: Result<[LoadedTodo], TodoLoadError>...) { self.answers = answers }

  func load(_ completion: @escaping @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void) {
    lock.lock()
    calls += 1
    let answer = answers.isEmpty ? .failure(.offline) : answers.removeFirst()
    lock.unlock()
    completion(answer)
  }
}

/// Seed 003's screens: the list, loading once, the new and the edit forms (algorithms 1–10).
@MainActor
@Suite("To do list", .temporaryFolders)
struct TodoTests {
  static let loaded = [
    LoadedTodo(remoteID: 1, text: "Do something nice for someone you care about", isDone: false),
    LoadedTodo(remoteID: 2, text: "Memorize a poem", isDone: true),
  ]

  func environment(_ store: any TodoDataStore, _ loader: any TodoLoader, _ language: Language = .en)
    -> TodoEnvironment
  {
    let ids = SequentialIDs()
    // Each action's store calls end before it returns; the loader still answers later
    // (`NoWaitTests` has the app's main actor, which waits for no store call).
    return TodoEnvironment(
      now: { Date(timeIntervalSince1970: 1_796_034_600) }, language: language, store: store, loader: loader,
      makeID: { ids.make() })
  }

  /// Lets the loader's answer reach the main actor.
  func settle(_ model: TodoListViewModel) async {
    // The first read first: it starts the load when it finds nothing.
    await model.settled()
    #expect(await until { !model.isLoading }, "the loader's answer never reached the main actor")
    await model.settled()
  }

  @Test func algorithm1_theFirstLaunchLoadsTheStartingTasksOnceAndShowsThem() async throws {
    let store = InMemoryTodoStore()
    let loader = StubLoader(.success(Self.loaded))
    let model = TodoListViewModel(environment: environment(store, loader, .ru))
    var loadingTexts: [String?] = []
    let token = model.observe { loadingTexts.append($0.loadingText) }
    #expect(model.state.title == "Список дел")
    await settle(model)
    // Nothing before the first read; then the loading, saying so while it lasted; then the tasks.
    #expect(loadingTexts.first == .some(nil) && loadingTexts.dropFirst().first == "Загружаем задачи…")
    #expect(loadingTexts.last == .some(nil))
    token.cancel()
    #expect(model.state.loadingText == nil && model.state.loadFailure == nil)
    #expect(
      model.state.rows.map(\.text) == ["Do something nice for someone you care about", "Memorize a poem"])
    #expect(model.state.rows.map(\.isDone) == [false, true] && model.state.rows[0].title == nil)
    // Tasks are stored now: a second launch does not load again.
    let again = TodoListViewModel(environment: environment(store, loader))
    await again.settled()
    #expect(!again.isLoading && again.state.rows.count == 2 && loader.calls == 1)
  }

  @Test(arguments: [
    (TodoLoadError.offline, "No connection to the internet."),
    (.refused("127.0.0.1:8080"), "The server 127.0.0.1:8080 refused the connection."),
    (.timedOut, "The server did not answer in time."),
    (.tooManyRequests(30), "The server did not send its tasks within 30 requests."),
    (.status(503), "The server answered with error 503."),
    (.malformed("$.total: missing"), "The server sent something that is not a list of tasks."),
    (.noNetworkLibrary, "The network library libcurl.so.4 could not be loaded."),
    (
      .other("Number of redirects hit maximum amount"),
      "The request to the server failed (Number of redirects hit maximum amount)."
    ),
  ])
  func aFailedLoadSaysWhyOffersTryAgainAndTheUserCanStillAddTasks(error: TodoLoadError, reason: String)
    async throws
  {
    let store = InMemoryTodoStore()
    let loader = StubLoader(.failure(error), .success(Self.loaded))
    // One environment, as in the app: the form's settling awaits the list's read of its save.
    let env = environment(store, loader)
    let model = TodoListViewModel(environment: env)
    await model.settled()
    await settle(model)
    #expect(
      model.state.loadFailure
        == .init(title: "Couldn't load tasks", reason: reason, retryTitle: "Try again"))
    #expect(model.state.placeholder == "No tasks yet")
    // Adding works meanwhile.
    let form = TodoFormViewModel(environment: env, mode: .new)
    await form.settled()
    form.textChanged("Water the plants")
    await form.settled()
    form.saveTapped()
    await form.settled()
    #expect(model.state.rows.map(\.text) == ["Water the plants"])
    // Try again: the store has a task now, so the loaded ones stay out.
    model.retryTapped()
    await model.settled()
    await settle(model)
    #expect(model.state.rows.map(\.text) == ["Water the plants"] && model.state.loadFailure == nil)
  }

  @Test func theNewTaskFormWorksOnTheViewModelsAloneWithoutAFlow() async throws {
    let store = InMemoryTodoStore([task(1, "Old task")])
    let env = environment(store, StubLoader())
    let list = TodoListViewModel(environment: env)
    await list.settled()
    var routes: [TodoListViewModel.Route] = []
    list.onRoute = { routes.append($0) }
    list.addTapped()
    await list.settled()
    #expect(routes == [.newTask])
    let form = TodoFormViewModel(environment: env, mode: .new)
    await form.settled()
    var closed = false
    form.onClose = { closed = true }
    #expect(
      form.state.screenTitle == "New task" && form.state.saveTitle == "Done" && !form.state.isSaveEnabled)
    #expect(form.state.completedTitle == nil)
    form.titleChanged("Shop")
    await form.settled()
    #expect(!form.state.isSaveEnabled)  // a title alone is not enough
    form.textChanged("   ")
    await form.settled()
    #expect(!form.state.isSaveEnabled && form.state.error == nil)
    form.textChanged("Bread, milk")
    await form.settled()
    #expect(form.state.isSaveEnabled)
    form.saveTapped()
    await form.settled()
    #expect(closed)
    #expect(list.state.rows.first == .init(id: id(101), title: "Shop", text: "Bread, milk", isDone: false))
  }

  @Test func editingOnTheViewModelsAloneAndCancelLeavesTheTaskAsItWas() async throws {
    let store = InMemoryTodoStore([task(1, "Call mum", title: "Phone")])
    let env = environment(store, StubLoader(), .ru)
    let list = TodoListViewModel(environment: env)
    await list.settled()
    var routes: [TodoListViewModel.Route] = []
    list.onRoute = { routes.append($0) }
    list.rowTapped(id(1))
    await list.settled()
    guard case .edit(let original) = routes.first else {
      Issue.record("no edit route")
      return
    }
    let cancelled = TodoFormViewModel(environment: env, mode: .edit(original))
    await cancelled.settled()
    cancelled.textChanged("Something else")
    await cancelled.settled()
    cancelled.cancelTapped()
    await cancelled.settled()
    #expect(try store.tasks() == [original])
    let form = TodoFormViewModel(environment: env, mode: .edit(original))
    await form.settled()
    #expect(form.state.screenTitle == "Редактирование задачи" && form.state.saveTitle == "Сохранить")
    #expect(form.state.completedTitle == "Выполнено" && !form.state.isCompleted && form.state.isSaveEnabled)
    form.textChanged("")
    await form.settled()
    #expect(!form.state.isSaveEnabled)
    form.textChanged("Call mum tonight")
    await form.settled()
    form.titleChanged("Звонок")
    await form.settled()
    form.completedToggled()
    await form.settled()
    form.saveTapped()
    await form.settled()
    #expect(list.state.rows == [.init(id: id(1), title: "Звонок", text: "Call mum tonight", isDone: true)])
  }

  @Test func tooLongFieldsSayTheLimit() async {
    let form = TodoFormViewModel(environment: environment(InMemoryTodoStore(), StubLoader(), .ru), mode: .new)
    await form.settled()
    form.textChanged(String(repeating: "a", count: 2_001))
    await form.settled()
    #expect(form.state.error == "Ограничение 2000 символов" && !form.state.isSaveEnabled)
    form.textChanged("ok")
    await form.settled()
    form.titleChanged(String(repeating: "b", count: 101))
    await form.settled()
    #expect(form.state.error == "Ограничение 100 символов" && !form.state.isSaveEnabled)
  }

  @Test func swipingARowLeftAsksAndDeletes() async throws {
    let store = InMemoryTodoStore([task(1, "Keep"), task(2, "Drop", minute: 1)])
    let list = TodoListViewModel(environment: environment(store, StubLoader()))
    await list.settled()
    list.rowSwipedLeft(id(2))
    await list.settled()
    #expect(list.state.deleteQuestion?.question == "Delete this task?")
    list.deleteCancelled()
    await list.settled()
    #expect(list.state.rows.count == 2)
    list.rowSwipedLeft(id(2))
    await list.settled()
    list.deleteConfirmed()
    await list.settled()
    #expect(list.state.rows.map(\.text) == ["Keep"] && list.state.deleteQuestion == nil)
  }

  @Test(arguments: [
    (
      Language.en, "Delete this task?",
      ["“Pay rent”", "“Line one”", "“" + String(repeating: "a", count: 59) + "…”"]
    ),
    (.ru, "Удалить задачу?", ["«Pay rent»", "«Line one»", "«" + String(repeating: "a", count: 59) + "…»"]),
  ])
  func theDeleteQuestionNamesTheTask(language: Language, question: String, names: [String]) async throws {
    let store = InMemoryTodoStore([
      task(1, "Monthly", title: "Pay rent"), task(2, "Line one\nLine two", minute: 1),
      task(3, String(repeating: "a", count: 200), minute: 2),
    ])
    let list = TodoListViewModel(environment: environment(store, StubLoader(), language))
    await list.settled()
    var asked: [String] = []
    for number in 1...3 {
      list.rowSwipedLeft(id(number))
      await list.settled()
      #expect(list.state.deleteQuestion?.question == question)
      asked.append(list.state.deleteQuestion?.taskName ?? "")
      list.deleteCancelled()
      await list.settled()
    }
    // Its title; else its text's first line; a long one cut with "…".
    #expect(asked == names)
  }

  /// Every reason of a failed load in Russian. What the system's network library said in its
  /// own words (libcurl's are English only) comes inside a sentence in the app's language.
  @Test(arguments: [
    (TodoLoadError.refused("127.0.0.1:8080"), "Сервер 127.0.0.1:8080 отказал в подключении."),
    (.tooManyRequests(30), "Сервер не прислал задачи и за 30 запросов."),
    (.noNetworkLibrary, "Не удалось загрузить сетевую библиотеку libcurl.so.4."),
    (.other("SSL connect error"), "Запрос к серверу не удался (SSL connect error)."),
  ])
  func aFailedLoadSaysWhyInRussian(error: TodoLoadError, reason: String) async throws {
    let model = TodoListViewModel(
      environment: environment(InMemoryTodoStore(), StubLoader(.failure(error)), .ru))
    await model.settled()
    await settle(model)
    #expect(model.state.loadFailure?.reason == reason)
  }

  @Test func aChangeMadeElsewhereShowsInTheList() async throws {
    let store = InMemoryTodoStore([task(1, "One")])
    let list = TodoListViewModel(environment: environment(store, StubLoader()))
    await list.settled()
    try store.createTask(task(2, "Two", minute: 5))  // not through a screen: delivered on the next turn
    #expect(await until { list.state.rows.count == 2 })
    #expect(list.state.rows.map(\.text) == ["Two", "One"])
  }
}

func task(_ number: Int, _ text: String, title: String = "", done: Bool = false, minute: Int = 0) -> TodoTask
{
  TodoTask(
    id: id(number), title: title, text: text, isDone: done,
    created: Date(timeIntervalSince1970: 1_796_030_000 + Double(minute) * 60))
}

/// The to-do app as a client drives it: through `TodoFlow.observe` and its elements.
@MainActor
@Suite("To do list through its flow", .temporaryFolders)
struct TodoFlowTests {
  func flow(_ store: any TodoDataStore, _ loader: any TodoLoader, _ language: Language = .en) -> TodoFlow {
    let ids = SequentialIDs()
    // A clock a second later at every look: a task made after the load is newer than it.
    let ticks = SequentialIDs()
    return TodoFlow(
      environment: TodoEnvironment(
        now: { Date(timeIntervalSince1970: 1_796_034_600 + Double(ticks.count())) }, language: language,
        store: store,
        loader: loader, makeID: { ids.make() }))
  }

  @Test func aWholeSessionInRussian() async throws {
    let store = InMemoryTodoStore()
    let flow = flow(store, StubLoader(.success(TodoTests.loaded)), .ru)
    var screens: [TodoFlow.Screen] = []
    var loading: [Bool] = []
    let token = flow.observe { view in
      screens.append(view.screen)
      loading.append(view.list.loadingText != nil)
    }
    #expect(await flow.loaded(within: 60))
    // Nothing before the first read, then the loading, and the tasks once it ends.
    #expect(loading.prefix(2) == [false, true] && loading.last == false)
    #expect(flow.elements.map(\.id).contains("todo:Memorize a poem"))
    try await flow.tapAndSettle("add")
    #expect(flow.screen == .todoForm)
    #expect(flow.elements.first { $0.id == "done" }?.isEnabled == false)
    #expect(flow.view.focusedField == .title)  // the first field of the form has the focus
    try await flow.performAndSettle(.type("Дом"))
    try await flow.tapAndSettle("text")
    try await flow.performAndSettle(.type("Полить цветы"))
    try await flow.tapAndSettle("done")
    #expect(flow.screen == .todos && flow.view.list.rows.first?.title == "Дом")
    try await flow.tapAndSettle("todo:Дом")
    #expect(flow.screen == .todoEdit)
    try await flow.tapAndSettle("completed")
    try await flow.tapAndSettle("save")
    #expect(flow.view.list.rows.first?.isDone == true)
    try await flow.performAndSettle(.swipe(.left, .identifier("todo:Memorize a poem")))
    #expect(flow.view.list.deleteQuestion?.question == "Удалить задачу?")
    try await flow.tapAndSettle("confirm")
    #expect(
      try store.tasks().map(\.text) == ["Полить цветы", "Do something nice for someone you care about"])
    #expect(screens.contains(.todoForm) && screens.contains(.todoEdit) && screens.last == .todos)
    withExtendedLifetime(token) {}
  }

  @Test func withoutANetworkTheErrorShowsTryAgainAndTasksCanStillBeAdded() async throws {
    let store = InMemoryTodoStore()
    let flow = flow(store, StubLoader(.failure(.offline), .success(TodoTests.loaded)))
    #expect(await flow.loaded(within: 60))
    #expect(flow.elements.map(\.id) == ["add", "retry"])
    #expect(flow.view.list.loadFailure?.reason == "No connection to the internet.")
    try await flow.tapAndSettle("retry")
    #expect(await flow.loaded(within: 60))
    #expect(flow.view.list.rows.count == 2 && flow.view.list.loadFailure == nil)
  }

  @Test func dismissingTheFormKeepsTheTaskAsItWasAndDisabledSaveIsRefused() async throws {
    let store = InMemoryTodoStore([task(1, "Keep me")])
    let flow = flow(store, StubLoader())
    await flow.settled()
    try await flow.tapAndSettle("todo:Keep me")
    try await flow.tapAndSettle("text")
    try await flow.performAndSettle(.clear)
    #expect(flow.elements.first { $0.id == "save" }?.isEnabled == false)
    await #expect(throws: FlowError.self) { try await flow.tapAndSettle("save") }
    try await flow.performAndSettle(.dismiss)
    #expect(flow.screen == .todos)
    #expect(try store.tasks().map(\.text) == ["Keep me"])
  }
}
