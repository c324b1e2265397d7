import Foundation
import Testing
import TextSnapshots
import TodoStore
import TodoViewModels
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// The to-do app's screens (seed 003) in every state, en/ru × se/x plain, and styled (light only).
struct TodoSnapshotCase: CustomTestStringConvertible, Sendable {
  let scenario: String
  let language: Language
  let device: Device
  let styled: Bool

  var name: String { "\(scenario).\(language.rawValue).\(device.rawValue).\(styled ? "light" : "plain")" }
  var testDescription: String { name }

  static let scenarios = TodoScenario.all.map(\.name)
  static let all: [TodoSnapshotCase] = scenarios.flatMap { scenario in
    Language.allCases.flatMap { language in
      Device.allCases.map {
        TodoSnapshotCase(scenario: scenario, language: language, device: $0, styled: false)
      }
    } + [TodoSnapshotCase(scenario: scenario, language: .ru, device: .x, styled: true)]
  }

  @MainActor
  func render() async throws -> String {
    let scenario = try #require(TodoScenario.named(self.scenario))
    let flow = try await scenario.run(language: language)
    #expect(flow.screen == scenario.screen)
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
    if let failure = await todoHarness.check(try await snapshot.render(), named: snapshot.name) {
      Issue.record(Comment(rawValue: failure.message))
    }
  }
}
