import Foundation
import TodoModels
import TodoStore
import TodoViewModels
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// A loader with a canned answer: at once, or never (the list stays "Loading tasks…"). For the
/// tour, the snapshots and `show`, which never reach the network.
public struct CannedTodoLoader: TodoLoader {
  /// Nil: never answers.
  public let answer: Result<[LoadedTodo], TodoLoadError>?

  /// A loader that answers `answer` at once, or never when it is nil.
  public init(_ answer: Result<[LoadedTodo], TodoLoadError>?) { self.answer = answer }

  public func load(_ completion: @escaping @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void) {
    if let answer { completion(answer) }
  }
}

/// The to-do app's named states (seed 003, `Scenario`): the snapshots and `tour --app todo` use
/// these, so each state is defined once.
public typealias TodoScenario = Scenario<TodoScenarios>

extension Scenario where App == TodoScenarios {
  /// A scenario: its name, the screen it ends on, the tasks stored (in the language the run is
  /// watched in), what the starting-task loader answers (nil: never) and the user's actions once
  /// loading is over.
  public init(
    _ name: String, screen: TodoFlow.Screen,
    tasks: @escaping @Sendable (Language) -> [TodoTask] = { _ in [] },
    loaderAnswer: Result<[LoadedTodo], TodoLoadError>? = nil,
    actions: @escaping @Sendable (ScenarioContext) -> [UserAction] = { _ in [] }
  ) {
    self.init(
      name: name, screen: screen, start: TodoScenarios.Start(tasks: tasks, loaderAnswer: loaderAnswer),
      actions: actions)
  }

  /// The scenario run in `language` on tasks in memory, at the scenarios' clock.
  @MainActor
  public func run(language: Language, loadingWithin seconds: Double = 600) async throws -> TodoFlow {
    try await run(
      environment: TodoEnvironment.fixed(
        now: TodoScenarios.now, language: language, store: InMemoryTodoStore(), loader: CannedTodoLoader(nil)),
      loadingWithin: seconds)
  }

  /// The instant the scenarios' clock stands at (2026-11-30 15:10 UTC).
  public static var now: Date { TodoScenarios.now }
  /// Two stored tasks: one loaded and done, one of the user's with a title and a long text, the
  /// user's written in `language`.
  public static func storedTasks(in language: Language) -> [TodoTask] {
    TodoScenarios.storedTasks(in: language)
  }
  /// What the network brings on a first launch.
  public static var loadedTasks: [LoadedTodo] { TodoScenarios.loadedTasks }
}

/// The to-do app's part of its scenarios: its screens, the data a run starts from, and every
/// state that matters.
public enum TodoScenarios: ScenarioApp {
  public typealias Screen = TodoFlow.Screen

  /// What a run of the to-do app starts from.
  public struct Start: Sendable {
    /// The tasks stored when the app starts, in the language of the run: what a user typed is in
    /// their language (the demo speaks the watcher's, as the tracker's does).
    public var tasks: @Sendable (Language) -> [TodoTask]
    /// What the starting-task loader answers (nil: never).
    public var loaderAnswer: Result<[LoadedTodo], TodoLoadError>?
  }

  /// Today in the environment's time zone (the to-do screens show no day; no action uses it).
  @MainActor public static func today(in environment: TodoEnvironment) -> Day {
    Day(environment.now(), in: environment.region.timeZone)
  }

  /// The tasks stored (off the main actor, where the app never calls a store itself), the loader
  /// answering as the scenario says, then the app launched.
  @MainActor
  public static func launch(_ start: Start, environment: TodoEnvironment) async throws -> TodoFlow {
    try await put(start.tasks(environment.language), into: environment.store)
    var environment = environment
    environment.loader = CannedTodoLoader(start.loaderAnswer)
    return TodoFlow(environment: environment)
  }

  private nonisolated static func put(_ tasks: [TodoTask], into store: any TodoDataStore) async throws {
    for task in tasks { try store.createTask(task) }
  }

  /// A run waits for the starting tasks when the loader answers at all.
  public static func loads(_ start: Start) -> Bool { start.loaderAnswer != nil }

  /// The instant the scenarios' clock stands at (2026-11-30 15:10 UTC).
  public static let now = Date(timeIntervalSince1970: 1_796_034_600)

  /// Two stored tasks (their ids are far from those `TodoEnvironment.fixed` counts up): one loaded
  /// and done (the server's words, English in any language), and one the user wrote in
  /// `language`, with a title and a long text.
  public static func storedTasks(in language: Language) -> [TodoTask] {
    let russian = language == .ru
    return [
      TodoTask(
        id: UUID(uuidString: "00000000-0000-4000-8000-0000000001A1")!, title: "", text: "Memorize a poem",
        isDone: true, created: Date(timeIntervalSince1970: 1_796_000_000), remoteID: 2),
      TodoTask(
        id: UUID(uuidString: "00000000-0000-4000-8000-0000000001A2")!, title: shoppingTitle(in: language),
        text: russian
          ? "Хлеб, молоко, яблоки, открытка бабушке ко дню рождения и что-нибудь приятное для кота"
          : "Bread, milk, apples, a birthday card for grandma and something nice for the cat",
        isDone: false, created: Date(timeIntervalSince1970: 1_796_001_000)),
    ]
  }

  /// The title of the user's stored task in `language`.
  public static func shoppingTitle(in language: Language) -> String {
    language == .ru ? "Покупки" : "Shopping"
  }

  /// What the network brings on a first launch (the first tasks of dummyjson.com/todos).
  public static let loadedTasks = [
    LoadedTodo(remoteID: 1, text: "Do something nice for someone you care about", isDone: false),
    LoadedTodo(remoteID: 2, text: "Memorize a poem", isDone: true),
    LoadedTodo(remoteID: 3, text: "Watch a classic movie", isDone: true),
    LoadedTodo(remoteID: 4, text: "Watch a documentary", isDone: false),
  ]

  public static let scenarios: [TodoScenario] = [
    TodoScenario("todos-loading", screen: .todos),
    TodoScenario("todos-error", screen: .todos, loaderAnswer: .failure(.offline)),
    TodoScenario("todos-empty", screen: .todos, loaderAnswer: .success([])),
    TodoScenario("todos-loaded", screen: .todos, loaderAnswer: .success(loadedTasks)),
    TodoScenario("todos-list", screen: .todos, tasks: storedTasks(in:)),
    TodoScenario("todo-form", screen: .todoForm, tasks: storedTasks(in:)) { run in
      [
        .tap(.element(.add)), .tap(.element(.field(.text))),
        .type(run.language == .ru ? "Полить цветы\nв гостиной" : "Water the plants\nin the living room"),
      ]
    },
    TodoScenario("todos-added", screen: .todos, tasks: storedTasks(in:)) { run in
      [
        .tap(.element(.add)), .tap(.element(.field(.title))), .type(run.language == .ru ? "Дом" : "Home"),
        .tap(.element(.field(.text))),
        .type(run.language == .ru ? "Полить цветы\nв гостиной" : "Water the plants\nin the living room"),
        .tap(.element(.done)),
      ]
    },
    TodoScenario("todo-edit", screen: .todoEdit, tasks: storedTasks(in:)) { run in
      [.tap(.element(.todo(shoppingTitle(in: run.language))))]
    },
    TodoScenario("todos-delete-question", screen: .todos, tasks: storedTasks(in:)) { run in
      [.swipe(.left, .element(.todo(shoppingTitle(in: run.language))))]
    },
  ]
}
