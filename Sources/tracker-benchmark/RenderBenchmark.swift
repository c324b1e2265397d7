import Foundation
import TrackerAutomation
import TrackerModels
import TrackerStore
import TrackerTerminal
import TrackerTextRenderer
import TrackerViewModels

/// The main screen with 1,000 trackers: drawn at 47 columns (iPhone X), and used from the
/// keyboard in the interactive mode.
enum RenderBenchmark {
  @MainActor
  static func run(today: Day) throws {
    let (flow, environment) = try flowWithAThousandTrackers(today: today)
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
    let stateTime = Measurement.median(runs: 9) {
      let model = TrackersViewModel(environment: environment)
      // Its read, off the main actor, until its continuation ran (as the terminal settles).
      let deadline = Date().addingTimeInterval(60)
      while environment.access.callsInFlight > 0, Date() < deadline {
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.002))
      }
      _ = model.state
    }
    print(
      "  building that screen's state from the store, median of 9: \(Measurement.milliseconds(stateTime)) ms")
    interactive(flow, store: "in memory")
    // The same on a data file, as `tracker-preview app` runs.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = CountedStore(
      try SQLiteTrackerStore(path: folder.appendingPathComponent("tracker.sqlite").path, now: Date()))
    let (fileFlow, _) = try flowWithAThousandTrackers(today: today, store: file)
    interactive(fileFlow, store: "SQLite file")
    search(fileFlow, counting: file)
    // Issue 32: half the trackers measurable (30 days of amounts) or quota habits.
    try compareMixed(today: today)
  }

  /// Issue 32: Enter on a yes/no card's + on a data file of 1,000 trackers, all yes/no against
  /// half of them measurable (30 days of amounts) or quota habits; `rounds` rounds alternating
  /// the two files, each a median of 51 presses, and the median of the rounds.
  /// `TRACKER_BENCHMARK_ONLY=yes-no` or `mixed` presses Enter on that file alone, `presses` times
  /// (for a profiler).
  @MainActor
  static func compareMixed(today: Day, rounds: Int = 5) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ProcessInfo.processInfo.environment
    let only = environment["TRACKER_BENCHMARK_ONLY"]
    var flows: [(name: String, flow: AppFlow)] = []
    for (name, measured) in [("yes/no", false), ("mixed", true)] {
      if let only, only != (measured ? "mixed" : "yes-no") { continue }
      let store = try SQLiteTrackerStore(
        path: folder.appendingPathComponent("\(measured ? "mixed" : "yes-no").sqlite").path, now: Date())
      flows.append((name, try flowWithAThousandTrackers(today: today, store: store, measured: measured).0))
    }
    if only != nil {
      let presses = Int(environment["TRACKER_BENCHMARK_PRESSES"] ?? "") ?? 21
      for (name, flow) in flows {
        let session = focusedOnComplete(flow)
        var writer = FrameWriter()
        let time = Measurement.median(runs: presses) {
          _ = session.handle(.enter)
          flow.settle()
          _ = writer.update(to: session.frame())
          session.frameDrawn()
        }
        print(
          "Enter on a card's + (\(name) file), median of \(presses): \(Measurement.milliseconds(time)) ms")
      }
      return
    }
    print(
      "\nInteractive mode on a data file of 1,000 trackers: all yes/no against half of them measurable"
        + " (30 days of amounts) or quota habits; Enter on a yes/no card's +, \(rounds) rounds alternating"
        + " the two files, each the median of 51 presses (target: mixed ≤ 1.2× yes/no)")
    var figures: [String: [(key: UInt64, flow: UInt64, draw: UInt64)]] = [:]
    let sessions = flows.map { ($0.name, $0.flow, focusedOnComplete($0.flow)) }
    for round in 1...rounds {
      var line = "  round \(round):"
      for (name, flow, session) in sessions {
        let figure = enterFigures(flow, session: session)
        figures[name, default: []].append(figure)
        line +=
          " \(name) \(Measurement.milliseconds(figure.key)) ms (flow \(Measurement.milliseconds(figure.flow)),"
          + " drawing \(Measurement.milliseconds(figure.draw)));"
      }
      print(line)
    }
    typealias Figure = (key: UInt64, flow: UInt64, draw: UInt64)
    func median(_ name: String, _ pick: (Figure) -> UInt64) -> UInt64 {
      Measurement.median((figures[name] ?? []).map(pick))
    }
    let (yesNo, mixed) = (median("yes/no", \.key), median("mixed", \.key))
    print(
      "  median of the rounds: yes/no \(Measurement.milliseconds(yesNo)) ms (the flow's work"
        + " \(Measurement.milliseconds(median("yes/no", \.flow))) ms, drawing"
        + " \(Measurement.milliseconds(median("yes/no", \.draw))) ms), mixed \(Measurement.milliseconds(mixed)) ms"
        + " (the flow's work \(Measurement.milliseconds(median("mixed", \.flow))) ms, drawing"
        + " \(Measurement.milliseconds(median("mixed", \.draw))) ms): "
        + String(format: "%.2f", Double(mixed) / Double(max(yesNo, 1))) + "×")
    if let flow = flows.last?.flow {
      let (save, draw) = amountSave(flow)
      print(
        "  an amount saved on a measurable card's sheet (mixed file), median of 21: the flow's work"
          + " \(Measurement.milliseconds(save)) ms, drawing the screen after it \(Measurement.milliseconds(draw)) ms"
      )
    }
  }

  /// Issue 32: an amount saved on a measurable card's sheet (the file with half its trackers
  /// measurable): the card's "+" opens the sheet, "+" on the sheet adds a unit, Save writes it —
  /// the flow's work of Save, which reads the card's history and composes every card again, and
  /// drawing the screen after it; each the median of `runs`.
  @MainActor
  static func amountSave(_ flow: AppFlow, runs: Int = 21) -> (save: UInt64, draw: UInt64) {
    var name = ""
    if case .trackers(let main) = flow.view.base {
      name = main.sections.flatMap(\.cards).first { $0.isMeasurable }?.name ?? ""
    }
    let cache = RenderCache()
    var saves: [UInt64] = []
    var draws: [UInt64] = []
    for _ in 0..<runs {
      try? flow.perform(.tap(.identifier("complete:" + name)))
      flow.settle()  // the sheet reads the card's amount
      try? flow.perform(.tap(.identifier("amount-plus")))
      saves.append(
        Measurement.duration {
          try? flow.perform(.tap(.identifier("save")))
          flow.settle()  // until the sheet closed and the card shows the amount
        })
      draws.append(Measurement.duration { _ = flow.lines(ScreenRenderer(width: 100, cache: cache)) })
    }
    if case .trackers(let main) = flow.view.base, flow.view.presented.isEmpty {
      let card = main.sections.flatMap(\.cards).first { $0.name == name }
      print("  (the card after \(runs) saves: \(card?.amountText ?? "none"))")
    } else {
      print("  (the amount sheet did not close)")
    }
    return (Measurement.median(saves), Measurement.median(draws))
  }

  /// A session on a 100 × 40 terminal with the focus on the first card's "+".
  @MainActor
  static func focusedOnComplete(_ flow: AppFlow) -> InteractiveSession {
    let session = InteractiveSession(app: flow, format: .ansi(.dark), columns: 100, rows: 40)
    flow.settle(within: 60)  // the first read of 1,000 cards
    func isComplete(_ id: ElementID?) -> Bool { if case .complete = id { true } else { false } }
    while !isComplete(session.focusedID) {
      _ = session.handle(.tab)
      _ = session.frame()
      session.frameDrawn()
    }
    return session
  }

  /// Enter on the focused "+" of `session`: key press to finished redraw, the flow's work alone
  /// and drawing the whole screen (cards kept), each the median of 51.
  @MainActor
  static func enterFigures(_ flow: AppFlow, session: InteractiveSession) -> (
    key: UInt64, flow: UInt64, draw: UInt64
  ) {
    var writer = FrameWriter()
    _ = writer.update(to: session.frame())
    let key = Measurement.median(runs: 51) {
      _ = session.handle(.enter)
      flow.settle()
      _ = writer.update(to: session.frame())
      session.frameDrawn()
    }
    let target = UserAction.tap(.identifier(session.focusedIdentifier ?? ""))
    let work = Measurement.median(runs: 51) {
      try? flow.perform(target)
      flow.settle()
    }
    let cache = RenderCache()
    let draw = Measurement.median(runs: 51) { _ = flow.lines(ScreenRenderer(width: 100, cache: cache)) }
    return (key, work, draw)
  }

  /// A search keystroke on the SQLite file, key to finished redraw: the main screen filters the
  /// 1,000 cards it last read, in memory; the counted store shows it reads nothing.
  @MainActor
  static func search(_ flow: AppFlow, counting store: CountedStore) {
    let session = InteractiveSession(app: flow, format: .ansi(.dark), columns: 100, rows: 40)
    flow.settle(within: 60)  // the first read of 1,000 cards
    var writer = FrameWriter()
    func press(_ key: Key) {
      _ = session.handle(key)
      flow.settle()
      _ = writer.update(to: session.frame())
      session.frameDrawn()
    }
    press(.character("/"))
    let readsBefore = store.reads
    // "1" narrows the 1,000 cards to those whose number holds a 1; Backspace brings all back.
    var typing: [UInt64] = []
    var erasing: [UInt64] = []
    for _ in 0..<51 {
      typing.append(Measurement.duration { press(.character("1")) })
      erasing.append(Measurement.duration { press(.backspace) })
    }
    let reads = store.reads - readsBefore
    press(.character("1"))
    var shown = 0
    if case .trackers(let main) = flow.view.base { shown = main.sections.flatMap(\.cards).count }
    press(.backspace)
    // The same keystrokes without the terminal: the flow's work, and drawing the narrowed screen.
    let cache = RenderCache()
    var flowTyping: [UInt64] = []
    var flowErasing: [UInt64] = []
    var drawing: [UInt64] = []
    for _ in 0..<51 {
      flowTyping.append(Measurement.duration { try? flow.perform(.type("1")) })
      drawing.append(Measurement.duration { _ = flow.lines(ScreenRenderer(width: 100, cache: cache)) })
      flowErasing.append(Measurement.duration { try? flow.perform(.deleteBackward) })
    }
    let all = store.reads - readsBefore
    print(
      "\nSearch on the main screen, 1,000 trackers (SQLite file, counted), key press to finished redraw,"
        + " median of 51 (target < 16 ms):\n  typing \"1\" \(Measurement.milliseconds(Measurement.median(typing))) ms,"
        + " (\(shown) cards left), Backspace \(Measurement.milliseconds(Measurement.median(erasing))) ms;"
        + " store reads for those 102 keystrokes: \(reads)"
        + "\n  of which the flow's work \(Measurement.milliseconds(Measurement.median(flowTyping))) ms (\"1\") and"
        + " \(Measurement.milliseconds(Measurement.median(flowErasing))) ms (Backspace), drawing the narrowed"
        + " screen \(Measurement.milliseconds(Measurement.median(drawing))) ms; store reads in all \(all)")
  }

  /// Key press to finished redraw in the interactive mode (a 100 × 40 terminal, colors on): the
  /// key handled, the frame drawn, the changed rows worked out.
  @MainActor
  static func interactive(_ flow: AppFlow, store: String) {
    let session = InteractiveSession(app: flow, format: .ansi(.dark), columns: 100, rows: 40)
    flow.settle(within: 60)  // the first read of 1,000 cards
    var writer = FrameWriter()
    var sent = 0
    func press(_ key: Key) {
      _ = session.handle(key)
      flow.settle()
      sent += writer.update(to: session.frame()).utf8.count
      session.frameDrawn()
    }
    press(.tab)
    sent = 0
    let tabTime = Measurement.median(runs: 51) { press(.tab) }
    let tabBytes = sent / 51
    // Tab to a card's "+", then Enter: a write to the store, the main screen and statistics again.
    func isComplete(_ id: ElementID?) -> Bool { if case .complete = id { true } else { false } }
    while !isComplete(session.focusedID) { press(.tab) }
    sent = 0
    let tapTime = Measurement.median(runs: 51) { press(.enter) }
    let target = UserAction.tap(.identifier(session.focusedIdentifier ?? ""))
    let flowTime = Measurement.median(runs: 51) { try? flow.perform(target) }
    let cache = RenderCache()
    let drawTime = Measurement.median(runs: 51) {
      _ = flow.lines(ScreenRenderer(width: 100, cache: cache))
    }
    print(
      "\nInteractive mode, 1,000 trackers (\(store)), 100 × 40 terminal, key press to finished redraw, median of 51"
        + " (target < 16 ms):\n  Tab (the focus moves) \(Measurement.milliseconds(tabTime)) ms, \(tabBytes) bytes sent"
        + "\n  Enter on a card's + (completing it) \(Measurement.milliseconds(tapTime)) ms, of which the flow's"
        + " work (store, main screen, statistics) \(Measurement.milliseconds(flowTime)) ms and drawing the"
        + " whole screen (cards kept) \(Measurement.milliseconds(drawTime)) ms")
  }

  /// A main screen of 1,000 trackers in 10 categories, every one due today, in memory.
  @MainActor
  static func flowWithAThousandTrackers(
    today: Day, store: any TrackerDataStore = InMemoryTrackerStore(), measured: Bool = false
  )
    throws
    -> (AppFlow, AppEnvironment)
  {
    var categories: [TrackerCategory] = []
    for number in 0..<10 {
      let category = TrackerCategory(id: UUID(), title: "Категория \(number + 1)")
      try store.createCategory(category)
      categories.append(category)
    }
    var marks: [TrackerMarks] = []
    for number in 0..<1_000 {
      var tracker = Tracker(
        id: UUID(), name: "Привычка номер \(number + 1) с длинным именем",
        emoji: TrackerEmoji.all[number % 18],
        color: TrackerColor.palette[number % 18], categoryID: categories[number % 10].id,
        isPinned: number % 50 == 0,
        createdOn: today.adding(days: -30), kind: .habit(.everyDay))
      // With `measured`, every odd tracker is measurable (an amount on each of 30 days) and one
      // in eight a quota habit of 3 a week; the first card stays yes/no.
      let isMeasured = measured && number % 2 == 1
      if isMeasured {
        tracker.measure = .measurable(
          try MeasureGoal(unit: "km", target: Amount(thousandths: 5_000) ?? .zero, direction: .atLeast))
      } else if measured, number % 8 == 2, let quota = Quota(3, per: .week) {
        tracker.kind = .habit(Schedule(quota: quota))
      }
      try store.createTracker(tracker)
      if isMeasured {
        var amounts: [Day: Amount] = [:]
        for offset in 1...30 {
          amounts[today.adding(days: -offset)] = Amount(thousandths: (number * 37 + offset * 101) % 9_000)
        }
        marks.append(TrackerMarks(trackerID: tracker.id, records: amounts.keys.sorted(), amounts: amounts))
      }
    }
    // One transaction for every amount, as an import takes them.
    if !marks.isEmpty { try store.insert(StoreAdditions(marks: marks)) }
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let environment = AppEnvironment(
      now: { today.start(in: TimeZone(identifier: "UTC") ?? .current).addingTimeInterval(43_200) },
      timeZone: TimeZone(identifier: "UTC") ?? .current, language: .ru, store: store,
      analytics: SilentAnalytics(),
      makeID: { UUID() })
    let launched = Launched()
    AppFlow.launch(environment: environment) { launched.flow = $0 }
    turnRunLoop(within: 60) { launched.flow == nil }  // the settings, off the main actor as in the app
    let flow = try launched.flow.orThrow("the app did not launch within 60 s")
    flow.settle(within: 60)  // the first read, off the main actor as in the app
    return (flow, environment)
  }
}

extension DrivenApp {
  /// Turns the main run loop (the benchmark's main thread is not in a task, so its queued main
  /// actor work runs) until no store call is on its way, for at most `seconds`: the terminal's
  /// `settle`, measured the way the benchmark measures, without a task around it.
  fileprivate func settle(within seconds: TimeInterval = 0.1) {
    turnRunLoop(within: seconds) { hasCallsInFlight }
  }
}

extension AppEnvironment {
  /// Turns the main run loop until no store call made through this environment is on its way,
  /// for at most `seconds`: a screen's read, measured from the main thread as the app makes it.
  @MainActor
  func settle(within seconds: TimeInterval = 60) {
    turnRunLoop(within: seconds) { access.callsInFlight > 0 }
  }
}

/// The flow `AppFlow.launch` gave, once it did.
@MainActor
private final class Launched: Sendable {
  var flow: AppFlow?
}

/// Turns the main run loop, 2 ms at a time, while `busy` holds, for at most `seconds`.
@MainActor
private func turnRunLoop(within seconds: TimeInterval, while busy: () -> Bool) {
  let deadline = Date().addingTimeInterval(seconds)
  while busy(), Date() < deadline {
    _ = RunLoop.main.run(mode: .default, before: min(deadline, Date().addingTimeInterval(0.002)))
  }
}
