import Foundation
import Testing
import TodoStore
import TodoViewModels
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// The to-do app has a light mode only (seed 003, technical requirement 4).
@MainActor
@Suite("To-do theme")
struct TodoThemeTests {
  func listView() async -> TodoFlow.View {
    let flow = TodoFlow(
      environment: .fixed(
        now: TodoScenario.now, language: .ru, store: InMemoryTodoStore(TodoScenario.storedTasks(in: .ru)),
        loader: CannedTodoLoader(nil)))
    await flow.settled()
    return flow.view
  }

  @Test func aDarkThemeAskedForDrawsTheLightOne() async {
    let renderer = ScreenRenderer(device: .x)
    let view = await listView()
    #expect(renderer.render(view, format: .markup(.dark)) == renderer.render(view, format: .markup(.light)))
    #expect(renderer.render(view, format: .ansi(.dark)) == renderer.render(view, format: .ansi(.light)))
    // The light theme's dark text, and the done row's green background.
    #expect(renderer.render(view, format: .markup(.dark)).contains("{bold #1A1B22}Покупки"))
    #expect(renderer.render(view, format: .markup(.dark)).contains("{#1A1B22 on #33CF69}✓ {/}"))
  }

  @Test func anUnknownBackgroundKeepsTheTerminalsOwnColors() async {
    let renderer = ScreenRenderer(device: .x)
    let view = await listView()
    #expect(renderer.render(view, format: .ansi(nil)) != renderer.render(view, format: .ansi(.light)))
    #expect(OutputFormat.ansi(nil).lightOnly == .ansi(nil) && OutputFormat.plain.lightOnly == .plain)
  }
}
