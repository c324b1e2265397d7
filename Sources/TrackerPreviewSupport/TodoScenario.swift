import Foundation
import TodoModels
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

/// A named state of the to-do app (seed 003) reached the way a user reaches it: the tasks stored,
/// what the network answers, then the user's actions. The snapshots and `tour --app todo` use
/// these, so each state is defined once.
public struct TodoScenario: Sendable {
  public var name: String
  /// The screen the scenario ends on.
  public var screen: TodoFlow.Screen
  /// The tasks stored when the app starts.
  public var tasks: [TodoTask]
  /// What the starting-task loader answers (nil: never).
  public var loaderAnswer: Result<[LoadedTodo], TodoLoadError>?
  /// The user's actions, in the run's language, once loading is over.
  public var actions: @Sendable (Language) -> [UserAction]

  /// A scenario: its name, the screen it ends on, its data and its actions.
  public init(
    _ name: String, screen: TodoFlow.Screen, tasks: [TodoTask] = [],
    loaderAnswer: Result<[LoadedTodo], TodoLoadError>? = nil,
    actions: @escaping @Sendable (Language) -> [UserAction] = { _ in [] }
  ) {
    self.name = name
    self.screen = screen
    self.tasks = tasks
    self.loaderAnswer = loaderAnswer
    self.actions = actions
  }

  /// The loader of the scenario.
  public var loader: CannedTodoLoader { CannedTodoLoader(loaderAnswer) }

  /// Performs the actions on `flow` (whose loading is over).
  @MainActor
  public func run(on flow: TodoFlow) async throws(FlowError) {
    await flow.settled()
    for action in actions(flow.environment.language) {
      try flow.perform(action)
      await flow.settled()
    }
  }

  /// The instant the scenarios' clock stands at (2026-11-30 15:10 UTC).
  public static let now = Date(timeIntervalSince1970: 1_796_034_600)

  /// Two stored tasks (their ids are far from those `TodoEnvironment.fixed` counts up): one loaded and done, one of the user's with a title and a long text.
  public static let storedTasks = [
    TodoTask(
      id: UUID(uuidString: "00000000-0000-4000-8000-0000000001A1")!, title: "", text: "Memorize a poem",
      isDone: true, created: Date(timeIntervalSince1970: 1_796_000_000), remoteID: 2),
    TodoTask(
      id: UUID(uuidString: "00000000-0000-4000-8000-0000000001A2")!, title: "Shopping",
      text: "Bread, milk, apples, a birthday card for grandma and something nice for the cat", isDone: false,
      created: Date(timeIntervalSince1970: 1_796_001_000)),
  ]

  /// What the network brings on a first launch (the first tasks of dummyjson.com/todos).
  public static let loadedTasks = [
    LoadedTodo(remoteID: 1, text: "Do something nice for someone you care about", isDone: false),
    LoadedTodo(remoteID: 2, text: "Memorize a poem", isDone: true),
    LoadedTodo(remoteID: 3, text: "Watch a classic movie", isDone: true),
    LoadedTodo(remoteID: 4, text: "Watch a documentary", isDone: false),
  ]

  /// Every state that matters, in the order a new user meets them.
  public static let all: [TodoScenario] = [
    TodoScenario("todos-loading", screen: .todos),
    TodoScenario("todos-error", screen: .todos, loaderAnswer: .failure(.offline)),
    TodoScenario("todos-empty", screen: .todos, loaderAnswer: .success([])),
    TodoScenario("todos-loaded", screen: .todos, loaderAnswer: .success(loadedTasks)),
    TodoScenario("todos-list", screen: .todos, tasks: storedTasks),
    TodoScenario("todo-form", screen: .todoForm, tasks: storedTasks) { language in
      [
        .tap(.element(.add)), .tap(.element(.field(.text))),
        .type(language == .ru ? "Полить цветы\nв гостиной" : "Water the plants\nin the living room"),
      ]
    },
    TodoScenario("todos-added", screen: .todos, tasks: storedTasks) { language in
      [
        .tap(.element(.add)), .tap(.element(.field(.title))), .type(language == .ru ? "Дом" : "Home"),
        .tap(.element(.field(.text))),
        .type(language == .ru ? "Полить цветы\nв гостиной" : "Water the plants\nin the living room"),
        .tap(.element(.done)),
      ]
    },
    TodoScenario("todo-edit", screen: .todoEdit, tasks: storedTasks) { _ in
      [.tap(.element(.todo("Shopping")))]
    },
    TodoScenario("todos-delete-question", screen: .todos, tasks: storedTasks) { _ in
      [.swipe(.left, .element(.todo("Shopping")))]
    },
  ]

  /// The scenario called `name`.
  public static func named(_ name: String) -> TodoScenario? { all.first { $0.name == name } }
}
