import Foundation
import Testing
import TextSnapshots
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// One reference: a scenario in a language, on a device, in an output.
struct SnapshotCase: CustomTestStringConvertible, Sendable {
  let scenario: ScreenScenario
  let language: Language
  let device: Device
  /// nil for plain output; a theme for styled markup.
  let theme: Theme?

  /// `screen-state.language.device.theme`, e.g. `trackers-filled.ru.se.plain`.
  var name: String {
    "\(scenario.name).\(language.rawValue).\(device.rawValue).\(theme?.rawValue ?? "plain")"
  }

  var testDescription: String { name }

  /// Every scenario in both languages on both devices, plain.
  static let plain: [SnapshotCase] = ScreenScenario.all.flatMap { scenario in
    Language.allCases.flatMap { language in
      Device.allCases.map { SnapshotCase(scenario: scenario, language: language, device: $0, theme: nil) }
    }
  }

  /// Every scenario in Russian on the iPhone X, in the light and the dark theme, as styled markup.
  static let themed: [SnapshotCase] = ScreenScenario.all.flatMap { scenario in
    Theme.allCases.map { SnapshotCase(scenario: scenario, language: .ru, device: .x, theme: $0) }
  }

  /// Renders the case: a fixed world on 2026-11-30 at noon in Moscow.
  @MainActor
  func render() async throws -> String {
    let environment = AppEnvironment.fixed(
      now: Date(timeIntervalSince1970: 1_796_032_800), timeZone: TimeZone(identifier: "Europe/Moscow")!,
      language: language, store: InMemoryTrackerStore())
    let flow = try await scenario.run(environment: environment)
    #expect(flow.screen == scenario.screen, "\(name) ends on \(flow.screen), not \(scenario.screen)")
    return ScreenRenderer(device: device).render(flow.view, format: theme.map { .markup($0) } ?? .plain)
  }
}

let snapshotRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
  "__Snapshots__")
let environmentMode = SnapshotMode.from(environment: ProcessInfo.processInfo.environment)
let screensHarness = SnapshotHarness(
  directory: snapshotRoot.appendingPathComponent("Screens"), mode: environmentMode)
let themesHarness = SnapshotHarness(
  directory: snapshotRoot.appendingPathComponent("Themes"), mode: environmentMode)

@MainActor
@Suite("Screens")
struct ScreenSnapshotTests {
  @Test(arguments: SnapshotCase.plain)
  func plain(_ snapshot: SnapshotCase) async throws {
    if let failure = await screensHarness.check(try await snapshot.render(), named: snapshot.name) {
      Issue.record(Comment(rawValue: failure.message))
    }
  }

  @Test(arguments: SnapshotCase.themed)
  func themed(_ snapshot: SnapshotCase) async throws {
    if let failure = await themesHarness.check(try await snapshot.render(), named: snapshot.name) {
      Issue.record(Comment(rawValue: failure.message))
    }
  }

  @Test func namesAreUniqueAndEveryReferenceIsUsed() {
    let plain = SnapshotCase.plain.map(\.name)
    let themed = SnapshotCase.themed.map(\.name)
    #expect(SnapshotHarness.duplicates(in: plain + themed).isEmpty)
    #expect(screensHarness.unusedReferences(expected: Set(plain)) == [])
    #expect(themesHarness.unusedReferences(expected: Set(themed)) == [])
  }

  @Test func everyScreenHasAScenario() {
    #expect(Set(ScreenScenario.all.map(\.screen)) == Set(ScreenName.allCases))
  }
}
