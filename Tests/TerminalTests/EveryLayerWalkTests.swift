import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

@testable import TrackerTerminal

/// Issue 30's walk: every screen and layer of both apps, found by pressing what a user can press
/// (Enter, `m`, ← on what swipes, typing then Esc) from the first screen, not from a list, so a
/// new sheet, menu or question is walked too. On each, at 80×24 and 40×24 in both languages,
/// Tab alone reaches every element; the focused one is drawn (in reverse video) in the window;
/// and the bottom line names it as the app says it (`Element.spoken`), whole at 80 columns,
/// with its context: no two elements of a layer are named alike, no name is a bare symbol or
/// number, and a disabled element says why. Alerts are not reached: no key makes a healthy store
/// fail (AlertLayoutTests and the snapshots cover them).
@MainActor
@Suite("Every layer of both apps: focus, in view, named")
struct EveryLayerWalkTests {
  enum Start: CaseIterable, Sendable {
    /// The demo data on the main screen, on Monday 30 November 2026.
    case demo
    /// A new store: the onboarding.
    case new
    /// The to-do list with its stored tasks.
    case todo
  }

  /// One step from the start: a focus moved with Tab alone to an element, or a key.
  enum Step: Equatable, CustomStringConvertible {
    case focus(String)
    case key(Key)

    var description: String {
      switch self {
      case .focus(let identifier): "→#\(identifier)"
      case .key(let key): "\(key)"
      }
    }
  }

  static let sizes = [(80, 24), (40, 24)]

  func session(_ start: Start, _ language: Language, columns: Int, rows: Int) throws -> InteractiveSession {
    let now = try Day(iso: "2026-11-30").start(in: .moscow).addingTimeInterval(12 * 3600)
    let app: any DrivenApp
    switch start {
    case .demo:
      let environment = AppEnvironment.fixed(
        now: now, timeZone: .moscow, language: language, store: InMemoryTrackerStore())
      app = try ScreenScenario("demo", screen: .trackers).run(environment: environment)
    case .new:
      app = AppFlow(
        environment: .fixed(now: now, timeZone: .moscow, language: language, store: InMemoryTrackerStore()))
    case .todo:
      app = TodoFlow(
        environment: .fixed(
          now: TodoScenario.now, language: language, store: InMemoryTodoStore(TodoScenario.storedTasks),
          loader: CannedTodoLoader(nil)))
    }
    return InteractiveSession(app: app, format: .plain, columns: columns, rows: rows)
  }

  /// Replays `path` on a new session; nil when a step cannot be made (its element is gone).
  func replay(
    _ path: [Step], _ start: Start, _ language: Language, columns: Int = 80, rows: Int = 24
  ) throws -> InteractiveSession? {
    let session = try session(start, language, columns: columns, rows: rows)
    for step in path {
      switch step {
      case .key(let key): _ = session.handle(key)
      case .focus(let identifier):
        for _ in 0...session.app.elements.count where session.focusedIdentifier != identifier {
          _ = session.handle(.tab)
        }
        guard session.focusedIdentifier == identifier else { return nil }
      }
    }
    return session
  }

  /// What tells one layer from another: its screen and the kinds of its elements (every card's
  /// menu is one layer, the form of a habit another than that of an event).
  static func signature(_ session: InteractiveSession) -> String {
    let kinds = Set(session.app.elements.map { kind($0.id) })
    return session.app.screenName + " " + kinds.sorted().joined(separator: ",")
  }

  /// `card:Run` → `card`, `hour:06` → `hour`.
  static func kind(_ identifier: String) -> String {
    String(identifier.prefix { $0 != ":" })
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

  /// Every layer reachable from `start`, each with a path to it, found in at most `limit` layers.
  func layers(_ start: Start, _ language: Language, limit: Int = 60) throws -> [(String, [Step])] {
    let first = try session(start, language, columns: 80, rows: 24)
    var found: [(String, [Step])] = [(Self.signature(first), [])]
    var known: Set<String> = [found[0].0]
    var next = 0
    while next < found.count, found.count < limit {
      let path = found[next].1
      next += 1
      guard path.count < 16, let layer = try replay(path, start, language) else { continue }
      // One of each kind of element (and of each enabled state): the next day does what the first did.
      var seen: Set<String> = []
      let picks = layer.app.elements.filter {
        seen.insert(Self.kind($0.id) + ($0.isEnabled ? "" : "-")).inserted
      }
      for element in picks where element.isEnabled {
        for steps in Self.tries(element) {
          guard let after = try replay(path + steps, start, language) else { continue }
          let signature = Self.signature(after)
          if known.insert(signature).inserted { found.append((signature, path + steps)) }
        }
      }
    }
    return found
  }

  @Test(arguments: [Language.en, .ru])
  func everyElementOfEveryLayerGetsTheFocusIsInViewAndIsNamed(language: Language) throws {
    var walked: [String] = []
    for start in Start.allCases {
      for (signature, path) in try layers(start, language) {
        walked.append(signature)
        for (columns, rows) in Self.sizes {
          let session = try #require(try replay(path, start, language, columns: columns, rows: rows))
          check(session, "\(start) \(columns)×\(rows) \(signature) via \(path)")
        }
      }
    }
    // The walk found the layers a user meets: menus, questions, every sheet, both forms.
    let screens = Set(walked.map { String($0.prefix { $0 != " " }) })
    #expect(
      screens.isSuperset(of: [
        "onboarding", "trackers", "type-picker", "tracker-form", "categories", "category-form", "schedule",
        "filters", "calendar", "statistics", "detail", "settings", "permission", "time-picker", "day-start",
        "todos", "todo-form", "todo-edit",
      ]), "\(screens.sorted())")
    #expect(walked.contains { $0.hasPrefix("trackers ") && $0.contains("pin") }, "the card's menu")
    #expect(walked.contains { $0.hasPrefix("trackers cancel,confirm") }, "the delete question")
    #expect(walked.contains { $0.hasPrefix("tracker-form discard") }, "the discard question")
    #expect(walked.contains { $0.hasPrefix("categories delete,edit") }, "the category's menu")
    #expect(walked.contains { $0.hasPrefix("todos cancel,confirm") }, "the task's delete question")
    #expect(walked.count >= 25, "\(walked.joined(separator: "\n"))")
  }

  /// Tab walks every element of the layer on top; each, focused, is drawn in the window and named
  /// in the bottom line with its context.
  func check(_ session: InteractiveSession, _ place: String) {
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
        "\(place) #\(focused.identifier) not in view:\n\(Self.text(frame))")
      #expect(name.contains { $0.isLetter }, "\(place) #\(focused.identifier) is named “\(name)” alone")
      if !focused.isEnabled {
        #expect(
          focused.unavailableReason != nil, "\(place) #\(focused.identifier) is disabled without a reason")
      }
      let status = frame.last ?? ""
      let shown = status.hasPrefix("▸ ") ? String(status.dropFirst(2)).components(separatedBy: " · ")[0] : ""
      // At 80 columns every name is whole, unless what the user typed is longer than the line.
      if session.columns >= 80, TerminalWidth.of(name) <= session.columns - 2 {
        #expect(
          shown == name, "\(place) #\(focused.identifier): the bottom line says “\(status)”, not “\(name)”")
      } else {
        #expect(
          shown == name || (shown.hasSuffix("…") && name.hasPrefix(String(shown.dropLast()))),
          "\(place) #\(focused.identifier): the bottom line says “\(status)”, not “\(name)”")
      }
      _ = session.handle(.tab)
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
