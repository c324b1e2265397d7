import Foundation
import TrackerModels
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// The main screen with 1,000 trackers drawn at 47 columns (iPhone X).
enum RenderBenchmark {
  @MainActor
  static func run(today: Day) throws {
    let store = InMemoryTrackerStore()
    var categories: [TrackerCategory] = []
    for number in 0..<10 {
      let category = TrackerCategory(id: UUID(), title: "Категория \(number + 1)")
      try store.createCategory(category)
      categories.append(category)
    }
    for number in 0..<1_000 {
      try store.createTracker(
        Tracker(
          id: UUID(), name: "Привычка номер \(number + 1) с длинным именем",
          emoji: TrackerEmoji.all[number % 18],
          color: TrackerColor.palette[number % 18], categoryID: categories[number % 10].id,
          isPinned: number % 50 == 0,
          createdOn: today.adding(days: -30), kind: .habit(.everyDay)))
    }
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let environment = AppEnvironment(
      now: { today.start(in: TimeZone(identifier: "UTC") ?? .current).addingTimeInterval(43_200) },
      timeZone: TimeZone(identifier: "UTC") ?? .current, language: .ru, store: store,
      analytics: SilentAnalytics(),
      makeID: { UUID() })
    let flow = AppFlow(environment: environment)
    let view = flow.view
    let renderer = ScreenRenderer(device: .x)
    var text = ""
    let renderTime = Measurement.median(runs: 9) { text = renderer.render(view) }
    let lines = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
    print(
      "\nRendering the main screen with 1,000 trackers at 47 columns (\(lines) lines), median of 9: "
        + "\(Measurement.milliseconds(renderTime)) ms (target < 20 ms)")
    var drawn: [StyledLine] = []
    let layoutTime = Measurement.median(runs: 9) { drawn = renderer.lines(for: view) }
    let encodeTime = Measurement.median(runs: 9) { _ = OutputFormat.plain.encode(drawn) }
    print(
      "  of which layout \(Measurement.milliseconds(layoutTime)) ms, encoding \(Measurement.milliseconds(encodeTime)) ms"
    )
    let stateTime = Measurement.median(runs: 9) { _ = TrackersViewModel(environment: environment).state }
    print(
      "  building that screen's state from the store, median of 9: \(Measurement.milliseconds(stateTime)) ms")
  }
}
