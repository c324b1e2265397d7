import Testing
import TrackerAutomation
import TrackerTerminal

/// Key sequences the focus tests press on an in-process session.
@MainActor
extension InteractiveSession {
  /// Presses Tab until `identifier` has the focus.
  func tab(to identifier: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    for _ in 0..<200 where focusedIdentifier != identifier { await press(.tab) }
    try #require(focusedIdentifier == identifier, sourceLocation: sourceLocation)
  }

  /// Presses Tab until `identifier` has the focus, then Enter.
  func open(_ identifier: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await tab(to: identifier, sourceLocation: sourceLocation)
    await press(.enter)
  }

  /// From the main screen, the new-habit form; with `keys`, its name field left (Esc) so that keys
  /// are keys again.
  func openNewHabitForm(keys: Bool = true) async throws {
    try await open("add")
    await press(.enter)  // a habit
    try #require(app.screenName == "tracker-form")
    if keys { await press(.escape) }
  }

  /// Presses each key in turn; the focus after each.
  func press(_ keys: [Key]) async -> [String?] {
    var focused: [String?] = []
    for key in keys {
      await press(key)
      focused.append(focusedIdentifier)
    }
    return focused
  }
}

extension ElementID {
  /// Whether it is a tracker's card.
  var isCard: Bool { if case .card = self { true } else { false } }
  /// Whether it is a card's + / ✓ button.
  var isComplete: Bool { if case .complete = self { true } else { false } }
}
