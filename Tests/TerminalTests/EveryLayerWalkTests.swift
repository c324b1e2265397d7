import FailingStores
import Foundation
import TestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

@testable import TodoModels
@testable import TodoStore
@testable import TodoViewModels
@testable import TrackerTerminal

/// Issue 30's walk: every screen and layer of both apps, found by pressing what a user can press
/// (Enter, `m`, ← on what swipes, typing then Esc) from the first screen, not from a list, so a
/// new sheet, menu or question is walked too. On each, at 80×24 and 40×24 in both languages,
/// Tab alone reaches every element; the focused one is drawn (in reverse video) in the window;
/// and the bottom line names it as the app says it (`Element.spoken`), whole at 80 columns,
/// with its context: no two elements of a layer are named alike, no name is a bare symbol or
/// number, and a disabled element says why. The alerts are walked the same way over stores told
/// to fail just before a key (`everyAlertGetsTheFocusIsInViewIsNamedAndIsShownWhole`).
@MainActor
@Suite("Every layer of both apps: focus, in view, named", .temporaryFolders)
struct EveryLayerWalkTests {
  enum Start: CaseIterable, Sendable {
    /// The demo data on the main screen, on Monday 30 November 2026.
    case demo
    /// A new store: the onboarding.
    case new
    /// The to-do list with its stored tasks.
    case todo
    /// The to-do app's first launch offline: nothing stored, the starting tasks not loaded;
    /// "Try again" loads them.
    case todoFirst
    /// The demo data, the settings unreadable at launch: the main screen opens with an alert.
    case unreadable
    /// The to-do list, its tasks unreadable at launch.
    case todoUnreadable
    /// Issue 32's measured run and three-a-week swim alone (the paced demo's Sport), so the first
    /// card's button is a measurable one: the amount and note sheets.
    case paced

    /// The starts the walk of healthy layers begins at.
    static let healthy: [Start] = [.demo, .new, .todo, .paced]
  }

  /// One step from the start: a focus moved with Tab alone to an element, a key, or the store
  /// told to fail (the next key meets the failure).
  enum Step: Equatable, CustomStringConvertible {
    case focus(String)
    case key(Key)
    case fail(Failing)

    var description: String {
      switch self {
      case .focus(let identifier): "→#\(identifier)"
      case .key(let key): "\(key)"
      case .fail(let failing): "fail(\(failing))"
      }
    }
  }

  static let sizes = [(80, 24), (40, 24)]

  /// A session and the store under it, which fails when told to.
  struct Run {
    let session: InteractiveSession
    let store: FailsOnDemand
    /// Waits for what a key set going off the main actor: a write queued behind another
    /// program, the starting tasks of the to-do app's first launch.
    let settle: () async throws -> Void
  }

  /// A new session from `start` (the to-do app's first launch still loading).
  func session(_ start: Start, _ language: Language, columns: Int, rows: Int) async throws
    -> InteractiveSession
  {
    try await starting(start, language, columns: columns, rows: rows).session
  }

  /// A new session from `start` with its store, once what it loads at launch is in.
  func run(_ start: Start, _ language: Language, columns: Int, rows: Int) async throws -> Run {
    let run = try await starting(start, language, columns: columns, rows: rows)
    try await run.settle()
    return run
  }

  private func starting(_ start: Start, _ language: Language, columns: Int, rows: Int) async throws -> Run {
    let now = try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(12 * 3600)
    let store: FailsOnDemand
    let app: any DrivenApp
    let settle: () async throws -> Void
    switch start {
    case .demo, .new, .unreadable, .paced:
      let base = InMemoryTrackerStore()
      let failing = FailingStore(base)
      func environment(_ store: any TrackerDataStore) -> AppEnvironment {
        .fixed(now: now, timeZone: .moscow, language: language, store: store)
      }
      let demo = ScreenScenario("demo", screen: .trackers)
      if start == .paced {
        var contents = DemoData(
          today: try Day(iso: "2026-11-30"), language: language == .ru ? .russian : .english
        )
        .pacedContents
        let sport = try #require(contents.categories.last)
        contents.categories = [sport]
        contents.trackers = contents.trackers.filter { $0.categoryID == sport.id }
        let kept = Set(contents.trackers.map(\.id))
        contents.records = contents.records.filter { kept.contains($0.trackerID) }
        contents.daysOff = []
        try base.insert(contents)
        try base.saveSettings(StoreSettings(isOnboardingDone: true))
      }
      if start == .unreadable {
        _ = try await demo.run(environment: environment(base))
        failing.fail(.nextRead(FailingStore.ioError))
      }
      let flow =
        start == .demo
        ? try await demo.run(environment: environment(failing))
        : await AppFlow.launch(environment: environment(failing))
      (store, app) = (failing, flow)
      settle = {
        await flow.settled()
        if await !until({ !flow.environment.writer.state.isSaving }) {
          Issue.record("\(start): a queued write never ended")
        }
      }
    case .todo, .todoUnreadable, .todoFirst:
      let failing = FailingTodoStore(
        InMemoryTodoStore(start == .todoFirst ? [] : TodoScenario.storedTasks(in: language)))
      if start == .todoUnreadable { failing.fail(.nextRead(FailingStore.ioError)) }
      let loader: any TodoLoader = start == .todoFirst ? OfflineFirstLoader() : CannedTodoLoader(nil)
      let flow = TodoFlow(
        environment: .fixed(
          now: TodoScenario.now, language: language, store: failing, loader: loader))
      (store, app) = (failing, flow)
      // Only the first launch's loader answers; the others' never does.
      let loads = start == .todoFirst
      settle = {
        await flow.settled()
        if loads, await !flow.loaded(within: 600) { Issue.record("\(start): the load never ended") }
        if await !until({ !flow.environment.writer.state.isSaving }) {
          Issue.record("\(start): a queued write never ended")
        }
      }
    }
    let session = InteractiveSession(app: app, format: .plain, columns: columns, rows: rows)
    return Run(session: session, store: store, settle: settle)
  }

  /// Replays `path` on a new session; nil when a step cannot be made (its element is gone).
  func replay(
    _ path: [Step], _ start: Start, _ language: Language, columns: Int = 80, rows: Int = 24
  ) async throws -> Run? {
    let run = try await run(start, language, columns: columns, rows: rows)
    let session = run.session
    for step in path {
      switch step {
      case .key(let key):
        _ = await session.press(key)
        try await run.settle()
      case .fail(let failing): run.store.fail(failing)
      case .focus(let identifier):
        // Tab until the element has the focus, or the focus is back where it was.
        let first = session.focusedIdentifier
        while session.focusedIdentifier != identifier {
          _ = await session.press(.tab)
          guard session.focusedIdentifier != first else { return nil }
        }
      }
    }
    return run
  }

  /// What tells one layer from another: its screen and the kinds of its elements (every card's
  /// menu is one layer, the form of a habit another than that of an event).
  /// With `fine`, a disabled kind is told apart too (a new category's form from an edited one's).
  static func signature(_ session: InteractiveSession, fine: Bool = false) -> String {
    let kinds = Set(session.app.elements.map { kind($0.id) + (fine && !$0.isEnabled ? "-" : "") })
    return session.app.screenName + " " + kinds.sorted().joined(separator: ",")
  }

  /// `card:Run` → `card`, `hour:06` → `hour`.
  static func kind(_ identifier: String) -> String {
    String(identifier.prefix { $0 != ":" })
  }

  /// One of each kind of element (and of each enabled state, and with `checked` of each checked
  /// state: another category than the chosen one saves the choice): the next day does what the
  /// first did.
  static func picks(_ elements: [Element], checked: Bool = false) -> [Element] {
    var seen: Set<String> = []
    return elements.filter {
      let state = ($0.isEnabled ? "" : "-") + (checked && $0.isChecked == true ? "+" : "")
      return seen.insert(kind($0.id) + state).inserted
    }
  }

  /// `path` and what a user does then to fill the form it ends on in: a letter typed in each text
  /// field, the first of each grid (emoji, color) chosen, and on each row (category, schedule)
  /// the first choice of the sheet it opens, then its Done.
  func filling(_ path: [Step], _ start: Start, _ language: Language) async throws -> [Step] {
    guard let form = try await replay(path, start, language)?.session else { return path }
    var steps = path
    var grids: Set<String> = []
    for element in form.app.elements {
      if element.kind == .textField {
        steps += [.focus(element.id), .key(.character("Z")), .key(.escape)]
      } else if let grid = element.grid, grids.insert(grid).inserted, element.isChecked != true {
        steps += [.focus(element.id), .key(.enter)]
      } else if element.kind == .row {
        let opened = steps + [.focus(element.id), .key(.enter)]
        guard let sheet = try await replay(opened, start, language)?.session,
          let choice = sheet.app.elements.first(where: { $0.isEnabled && $0.id.contains(":") })
        else { continue }
        var chosen = opened + [.focus(choice.id), .key(.enter)]
        if sheet.app.elements.contains(where: { $0.id == "done" }) {
          chosen += [.focus("done"), .key(.enter)]
        }
        if try await replay(chosen, start, language)?.session.app.screenName == form.app.screenName {
          steps = chosen
        }
      }
    }
    return steps
  }

  /// What a user can press on `element` to open something: Enter, `m` where it has a menu, ←
  /// where it swipes, and in a text field a letter then Esc twice (a form with changes asks).
  static func tries(_ element: Element) -> [[Step]] {
    var tries: [[Step]] = [[.focus(element.id), .key(.enter)]]
    if element.longPressAction != nil { tries.append([.focus(element.id), .key(.character("m"))]) }
    if element.swipeLeftAction != nil { tries.append([.focus(element.id), .key(.left)]) }
    if element.kind == .textField {
      tries.append([.focus(element.id), .key(.character("Z")), .key(.escape), .key(.escape)])
    }
    return tries
  }

  /// A layer found by the walk: its signature and the path to it.
  typealias Found = (signature: String, path: [Step])

  /// Every layer reachable from `start`, each with a path to it, found in at most `limit` layers;
  /// with `failures`, each try is made again with the store told to fail each way first, and the
  /// alerts that come up are kept apart (nothing is walked from an alert but its OK).
  func layers(
    _ start: Start, _ language: Language, failures: [Failing] = [], limit: Int = 60
  ) async throws -> (layers: [Found], alerts: [Found]) {
    let first = try await run(start, language, columns: 80, rows: 24).session
    let fine = !failures.isEmpty
    var found: [Found] = [(Self.signature(first, fine: fine), [])]
    var alerts: [Found] = []
    var known: Set<String> = [found[0].signature]
    var next = 0
    while next < found.count, found.count < limit {
      let path = found[next].path
      next += 1
      guard path.count < 16, let layer = try await replay(path, start, language)?.session else { continue }
      for element in Self.picks(layer.app.elements) where element.isEnabled {
        for steps in Self.tries(element) {
          if let after = try await replay(path + steps, start, language)?.session {
            let signature = Self.signature(after, fine: fine)
            if known.insert(signature).inserted { found.append((signature, path + steps)) }
          }
        }
      }
      guard !failures.isEmpty else { continue }
      // Each try again with the store failing, on the layer as it is and filled in as a user
      // fills a form (a save is refused only once it can be made).
      let filled = try await filling(path, start, language)
      for prefix in filled == path ? [path] : [path, filled] {
        guard let layer = try await replay(prefix, start, language)?.session else { continue }
        for element in Self.picks(layer.app.elements, checked: true) where element.isEnabled {
          for steps in Self.tries(element) {
            for failing in failures {
              let armed = prefix + [steps[0], .fail(failing)] + steps.dropFirst()
              guard let after = try await replay(armed, start, language), after.session.app.alert != nil
              else { continue }
              let signature = Self.alertSignature(after, failing)
              if known.insert(signature).inserted { alerts.append((signature, armed)) }
            }
          }
        }
      }
    }
    return (found, alerts)
  }

  /// What tells one alert from another: the screen it is over, the store call that failed
  /// (`trackers alert setCompleted`: a mark of a day that could not be saved) and whether the
  /// write had waited for another program first.
  static func alertSignature(_ run: Run, _ failing: Failing? = nil) -> String {
    let waited = if case .everyWrite = failing { " after waiting" } else { "" }
    return run.session.app.screenName + " alert " + (run.store.failures.last ?? "?") + waited
  }

  /// Runs `walk` for each of `starts` at once, and gathers what each returned: the walks of
  /// different starts share nothing, and while one waits for its store another uses the main
  /// actor (one after another, the longest walk alone took a run's last ten seconds).
  func eachAtOnce(
    _ starts: [Start], _ walk: @escaping @Sendable @MainActor (Start) async throws -> [String]
  ) async throws -> [String] {
    // Tasks of their own rather than a task group, which the compiler's isolation checker cannot
    // check here; each is awaited to its end before the test ends, a failed one's error then
    // thrown.
    let walks = starts.map { start in Task { @MainActor in try await walk(start) } }
    var ended: [Result<[String], any Error>] = []
    for walk in walks { ended.append(await walk.result) }
    return try ended.flatMap { try $0.get() }
  }

  @Test(arguments: [Language.en, .ru])
  func everyElementOfEveryLayerGetsTheFocusIsInViewAndIsNamed(language: Language) async throws {
    let walked = try await eachAtOnce(Start.healthy) { start in
      var walked: [String] = []
      for (signature, path) in try await layers(start, language).layers {
        walked.append(signature)
        for (columns, rows) in Self.sizes {
          let run = try #require(try await replay(path, start, language, columns: columns, rows: rows))
          await check(run.session, "\(start) \(columns)×\(rows) \(signature) via \(path)")
        }
      }
      return walked
    }
    // The walk found the layers a user meets: menus, questions, every sheet, both forms.
    let screens = Set(walked.map { String($0.prefix { $0 != " " }) })
    #expect(
      screens.isSuperset(of: [
        "onboarding", "trackers", "type-picker", "tracker-form", "categories", "category-form", "schedule",
        "filters", "calendar", "statistics", "detail", "settings", "permission", "time-picker", "day-start",
        "todos", "todo-form", "todo-edit", "amount", "note",
      ]), "\(screens.sorted())")
    #expect(walked.contains { $0.hasPrefix("trackers ") && $0.contains("pin") }, "the card's menu")
    #expect(walked.contains { $0.hasPrefix("trackers cancel,confirm") }, "the delete question")
    #expect(walked.contains { $0.hasPrefix("tracker-form discard") }, "the discard question")
    #expect(walked.contains { $0.hasPrefix("categories delete,edit") }, "the category's menu")
    #expect(walked.contains { $0.hasPrefix("todos cancel,confirm") }, "the task's delete question")
    #expect(walked.count >= 25, "\(walked.joined(separator: "\n"))")
  }

  /// A data file another program holds and keeps holding.
  static let busy = StoreError.storage(
    StorageFailure(
      .busy, detail: "SQLite error 5 (database is locked)", holder: "tracker-preview (pid 123456)"))

  /// How the walk makes the store fail before a try: the next write, the next read, or every
  /// write while another program holds the file (a tap's write then waits off the main actor and
  /// its alert comes when it gives up, over whatever is on screen by then).
  static let failings: [Failing] = [
    .nextWrite(FailingStore.readOnly), .nextRead(FailingStore.ioError), .everyWrite(busy),
  ]

  /// Every reason an alert gives, each shown whole at 40×24 on one alert of each screen and title (the busy file only
  /// on reads: a busy write waits off the main actor, walked as a failing of its own).
  static func reasons(reading: Bool) throws -> [StoreError] {
    let id = UUID(uuidString: "00000000-0000-4000-8000-000000000030")!
    let day = try Day(iso: "2026-11-30")
    var reasons: [StoreError] = [
      FailingStore.readOnly, FailingStore.diskFull, FailingStore.ioError,
      .storage(StorageFailure(.damaged, detail: "")), .storage(StorageFailure(.other, detail: "")),
      .trackerNotFound(id), .categoryNotFound(id), .taskNotFound(id), .idAlreadyExists(id),
      .invalidEmoji("?"),
      .dayOutOfRange(day), .dayInFuture(day), .notShown(trackerID: id, day: day),
    ]
    if reading {
      reasons += [
        .storage(StorageFailure(.busy, detail: "")),
        busy,
      ]
    }
    return reasons
  }

  /// Every alert of both apps, raised by keys over a store that fails on demand, as the walk
  /// above finds the layers: OK gets the focus, is in view and is named with the alert's title;
  /// the title, every reason and the button are on screen whole; OK closes the alert and leaves
  /// the focus on the screen under it. The launch alerts (settings or tasks unreadable) come up
  /// as the app starts.
  ///
  /// Decision (issue 30): the walk drives the same `InteractiveSession` as a user's terminal, in
  /// this process, over `FailingStore` and `FailingTodoStore` (Tests/Support/FailingStores) that
  /// the test tells to fail just before the key that meets the failure. No library a native
  /// client links and not the `tracker-preview` binary gains a hook for it (docs/decisions.md).
  @Test(arguments: [Language.en, .ru])
  func everyAlertGetsTheFocusIsInViewIsNamedAndIsShownWhole(language: Language) async throws {
    let walked = [Start.demo, .new, .todo, .todoFirst]
    let signatures = try await eachAtOnce(walked + [.unreadable, .todoUnreadable]) { start in
      var alerts: [Found] = []
      if walked.contains(start) {
        alerts = try await layers(start, language, failures: Self.failings).alerts
      } else {
        let run = try await run(start, language, columns: 80, rows: 24)
        #expect(run.session.app.alert != nil, "\(start): no alert at launch")
        alerts = [(Self.alertSignature(run) + " at launch", [])]
      }
      try await checkAlerts(alerts, start, language)
      return alerts.map(\.signature)
    }
    // The alerts a user can meet, as the view models raise them (`attempt`, `attemptSoon`,
    // `AppFlow.launchAlert`): each failed save and read of each screen that writes or reads. A
    // settings change is one write (`updateSettings`, no read before it), so the main screen and
    // the onboarding meet no failed read of the settings but the launch's.
    let expected: Set<String> = [
      "trackers alert setCompleted", "trackers alert setDaysOff", "trackers alert setPinned",
      "trackers alert deleteTracker", "trackers alert trackers",
      "detail alert setCompleted", "detail alert setDaysOff", "detail alert deleteTracker",
      "detail alert trackers", "tracker-form alert createTracker", "tracker-form alert updateTracker",
      "tracker-form alert trackers", "tracker-form alert settings", "categories alert deleteCategory",
      "categories alert updateSettings",
      "categories alert categories", "categories alert settings", "category-form alert createCategory",
      "category-form alert renameCategory", "settings alert updateSettings", "settings alert settings",
      "statistics alert categories", "onboarding alert updateSettings",
      "todos alert deleteTask", "todos alert insertLoaded", "todos alert tasks", "todo-form alert createTask",
      "todo-edit alert updateTask", "trackers alert updateSettings", "categories alert trackers",
      "category-form alert categories", "trackers alert settings at launch", "todos alert tasks at launch",
      // A tap's write queued behind another program (`attemptSoon`, `writeOrQueue`).
      "trackers alert setCompleted after waiting", "trackers alert setDaysOff after waiting",
      "trackers alert setPinned after waiting", "trackers alert deleteTracker after waiting",
      "detail alert setCompleted after waiting", "detail alert setDaysOff after waiting",
      "todos alert deleteTask after waiting",
    ]
    #expect(
      Set(signatures).isSuperset(of: expected),
      "missing \(expected.subtracting(signatures).sorted()) in \(signatures.sorted())")
  }

  /// Each of `alerts` (found from `start`), at both sizes: OK has the focus, is in view and is
  /// named; the alert is whole on screen; OK closes it. Then each reason a failing of its kind
  /// can give, shown whole at 40×24 on one alert of each screen.
  func checkAlerts(_ alerts: [Found], _ start: Start, _ language: Language) async throws {
    var walkedReasons: Set<String> = []
    for (signature, path) in alerts {
      for (columns, rows) in Self.sizes {
        let place = "\(start) \(columns)×\(rows) \(signature) via \(path)"
        let run = try #require(try await replay(path, start, language, columns: columns, rows: rows))
        let alert = try #require(run.session.app.alert, "\(place): no alert")
        await check(run.session, place)
        checkWhole(run.session, alert, place)
        await checkClosing(run.session, path, place)
      }
      // Whatever the reason, it is shown whole in the narrow window.
      guard let armed = path.firstIndex(where: { if case .fail = $0 { true } else { false } }),
        case .fail(let failing) = path[armed]
      else { continue }
      let reading: Bool
      switch failing {
      case .nextRead: reading = true
      case .nextWrite: reading = false
      // A write that waited gives the reason of the other program holding the file, shown above.
      default: continue
      }
      // Two alerts over the same screen with the same title (two failed saves of the main
      // screen: a tap, a pin) say each reason in the same box: the reasons are walked over one of
      // them.
      let screen = signature.components(separatedBy: " alert ").first ?? signature
      guard walkedReasons.insert("\(start) \(screen) \(reading)").inserted else { continue }
      for reason in try Self.reasons(reading: reading) {
        var other = path
        other[armed] = .fail(reading ? .nextRead(reason) : .nextWrite(reason))
        let place = "\(start) 40×24 \(signature) for \(reason)"
        let run = try #require(try await replay(other, start, language, columns: 40, rows: 24))
        let alert = try #require(run.session.app.alert, "\(place): no alert")
        checkWhole(run.session, alert, place)
      }
    }
  }

  /// The alert's title, reason and buttons are in the window whole (the bottom line aside).
  func checkWhole(_ session: InteractiveSession, _ alert: AlertState, _ place: String) {
    let frame = Array(session.frame().dropLast())
    let shown = Self.words(frame.joined(separator: " "))
    for text in [alert.title, alert.message] + alert.buttons.map(\.title) {
      #expect(
        shown.contains(Self.words(text)), "\(place): “\(text)” is not whole on screen:\n\(Self.text(frame))")
    }
  }

  /// OK closes the alert and the focus goes back to what the user pressed, when it is still there,
  /// else stays on the screen under it.
  func checkClosing(_ session: InteractiveSession, _ path: [Step], _ place: String) async {
    let pressed = path.reversed().lazy.compactMap { step -> String? in
      if case .focus(let identifier) = step { identifier } else { nil }
    }.first
    for _ in session.app.elements where session.focusedIdentifier != "ok" { _ = await session.press(.tab) }
    _ = await session.press(.enter)
    #expect(session.app.alert == nil, "\(place): OK left the alert")
    let elements = session.app.elements
    if let pressed, elements.contains(where: { $0.id == pressed }) {
      #expect(
        session.focusedIdentifier == pressed,
        "\(place): after OK the focus is on “\(session.focusedIdentifier ?? "nothing")”, not on #\(pressed)")
    } else {
      #expect(
        elements.isEmpty || elements.contains { $0.id == session.focusedIdentifier },
        "\(place): after OK the focus is on “\(session.focusedIdentifier ?? "nothing")”, not on the screen")
    }
  }

  /// `text` without styles and box lines, its words one space apart.
  static func words(_ text: String) -> String {
    let plain = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    return plain.split(whereSeparator: { $0.isWhitespace || "│╭╮╰╯─┌┐└┘├┤".contains($0) }).joined(
      separator: " ")
  }

  /// Tab walks every element of the layer on top; each, focused, is drawn in the window and named
  /// in the bottom line with its context.
  func check(_ session: InteractiveSession, _ place: String) async {
    let elements = session.app.elements
    let names = elements.map { session.spokenLabel($0, in: elements) }
    #expect(Set(names).count == names.count, "\(place): named alike: \(names)")
    var visited: [String] = []
    for _ in elements {
      guard let focused = elements.first(where: { $0.id == session.focusedIdentifier }) else {
        Issue.record("\(place): nothing has the focus")
        return
      }
      visited.append(focused.id)
      let frame = session.frame()
      let name = session.spokenLabel(focused, in: elements)
      #expect(
        frame.dropLast().contains { $0.contains("\u{1B}[7m") },
        "\(place) #\(focused.id) not in view:\n\(Self.text(frame))")
      #expect(name.contains { $0.isLetter }, "\(place) #\(focused.id) is named “\(name)” alone")
      if !focused.isEnabled {
        #expect(
          focused.unavailableReason != nil, "\(place) #\(focused.id) is disabled without a reason")
      }
      let status = frame.last ?? ""
      let shown = status.hasPrefix("▸ ") ? String(status.dropFirst(2)).components(separatedBy: " · ")[0] : ""
      // At 80 columns every name is whole, unless what the user typed is longer than the line.
      if session.columns >= 80, TerminalWidth.of(name) <= session.columns - 2 {
        #expect(
          shown == name, "\(place) #\(focused.id): the bottom line says “\(status)”, not “\(name)”")
      } else {
        #expect(
          shown == name || (shown.hasSuffix("…") && name.hasPrefix(String(shown.dropLast()))),
          "\(place) #\(focused.id): the bottom line says “\(status)”, not “\(name)”")
      }
      _ = await session.press(.tab)
    }
    #expect(
      Set(visited) == Set(elements.map(\.id)),
      "\(place): Tab missed \(Set(elements.map(\.id)).subtracting(visited).sorted())")
  }

  static func text(_ frame: [String]) -> String {
    frame.map {
      $0.replacingOccurrences(of: "\u{1B}[7m", with: "«").replacingOccurrences(of: "\u{1B}[27m", with: "»")
    }.joined(separator: "\n")
  }
}

/// The to-do app's loader on a first launch offline: the first load fails, the next ("Try
/// again") brings the starting tasks.
final class OfflineFirstLoader: TodoLoader, @unchecked Sendable {
  private let lock = NSLock()
  private var loads = 0

  func load(_ completion: @escaping @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void) {
    lock.lock()
    loads += 1
    let first = loads == 1
    lock.unlock()
    completion(first ? .failure(.offline) : .success(TodoScenario.loadedTasks))
  }
}
