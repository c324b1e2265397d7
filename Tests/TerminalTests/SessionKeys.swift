import Testing
import TrackerAutomation
import TrackerTerminal

/// Key sequences the focus tests press on an in-process session.
@MainActor
extension InteractiveSession {
  /// Presses Tab until `identifier` has the focus.
  func tab(to identifier: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for _ in 0..<200 where focusedIdentifier != identifier { _ = handle(.tab) }
    try #require(focusedIdentifier == identifier, sourceLocation: sourceLocation)
  }

  /// Presses Tab until `identifier` has the focus, then Enter.
  func open(_ identifier: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try tab(to: identifier, sourceLocation: sourceLocation)
    _ = handle(.enter)
  }

  /// From the main screen, the new-habit form; with `keys`, its name field left (Esc) so that keys
  /// are keys again.
  func openNewHabitForm(keys: Bool = true) throws {
    try open("add")
    _ = handle(.enter)  // a habit
    try #require(app.screenName == "tracker-form")
    if keys { _ = handle(.escape) }
  }

  /// Presses each key in turn; the focus after each.
  func press(_ keys: [Key]) -> [String?] {
    keys.map { key in
      _ = handle(key)
      return focusedIdentifier
    }
  }
}

extension ElementID {
  /// Whether it is a tracker's card.
  var isCard: Bool { if case .card = self { true } else { false } }
  /// Whether it is a card's + / ✓ button.
  var isComplete: Bool { if case .complete = self { true } else { false } }
}
