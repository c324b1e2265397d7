import Foundation
import Testing
import TextSnapshots
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// A loader that never answers (the list stays "Loading tasks…") or answers at once.
struct FixedTodoLoader: TodoLoader {
  let answer: Result<[LoadedTodo], TodoLoadError>?
  func load(_ completion: @escaping @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void) {
    if let answer { completion(answer) }
  }
}

/// The to-do app's screens (seed 003) in every state, en/ru × se/x plain, and styled (light only).
struct TodoSnapshotCase: CustomTestStringConvertible, Sendable {
  let scenario: String
  let language: Language
  let device: Device
  let styled: Bool

  var name: String { "\(scenario).\(language.rawValue).\(device.rawValue).\(styled ? "light" : "plain")" }
  var testDescription: String { name }

  static let scenarios = [
    "todos-loading", "todos-error", "todos-empty", "todos-list", "todo-form", "todo-edit",
  ]
  static let all: [TodoSnapshotCase] = scenarios.flatMap { scenario in
    Language.allCases.flatMap { language in
      Device.allCases.map {
        TodoSnapshotCase(scenario: scenario, language: language, device: $0, styled: false)
      }
    } + [TodoSnapshotCase(scenario: scenario, language: .ru, device: .x, styled: true)]
  }

  static let tasks = [
    TodoTask(
      id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, title: "", text: "Memorize a poem",
      isDone: true,
      created: Date(timeIntervalSince1970: 1_796_000_000), remoteID: 2),
    TodoTask(
      id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, title: "Shopping",
      text: "Bread, milk, apples, a birthday card for grandma and something nice for the cat", isDone: false,
      created: Date(timeIntervalSince1970: 1_796_001_000)),
  ]

  @MainActor
  func render() async throws -> String {
    let answer: Result<[LoadedTodo], TodoLoadError>?
    var stored: [TodoTask] = []
    switch scenario {
    case "todos-loading": answer = nil
    case "todos-error": answer = .failure(.offline)
    case "todos-empty": answer = .success([])
    default:
      answer = nil
      stored = Self.tasks
    }
    let flow = TodoFlow(
      environment: TodoEnvironment(
        now: { Date(timeIntervalSince1970: 1_796_034_600) }, language: language,
        store: InMemoryTodoStore(stored),
        loader: FixedTodoLoader(answer: answer),
        makeID: { UUID(uuidString: "00000000-0000-4000-8000-000000000099")! }))
    if answer != nil { for _ in 0..<100 where flow.isLoading { await Task.yield() } }
    if scenario == "todo-form" {
      try flow.perform(.tap(.identifier("add")))
      try flow.perform(
        .type(language == .ru ? "Полить цветы\nв гостиной" : "Water the plants\nin the living room"))
    }
    if scenario == "todo-edit" { try flow.perform(.tap(.identifier("todo:Shopping"))) }
    return ScreenRenderer(device: device).render(flow.view, format: styled ? .markup(.light) : .plain)
  }
}

let todoHarness = SnapshotHarness(
  directory: snapshotRoot.appendingPathComponent("Todo"), mode: environmentMode)

@MainActor
@Suite("To-do screens")
struct TodoSnapshotTests {
  @Test(arguments: TodoSnapshotCase.all)
  func screen(_ snapshot: TodoSnapshotCase) async throws {
    if let failure = todoHarness.check(try await snapshot.render(), named: snapshot.name) {
      Issue.record(Comment(rawValue: failure.message))
    }
  }
}
