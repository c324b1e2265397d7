import TodoViewModels
import TrackerViewModels

/// What acting on an element does, decided where the element is built: a value, so nothing is
/// parsed back from identifiers (docs/native-client.md, "The whole app at once"). Each app
/// has its own action type, so each flow handles every action of its app in one exhaustive
/// switch, and an action of one app never reaches the other's.
public enum ElementAction: Hashable, Sendable {
  /// An action of the habit tracker (`AppFlow`).
  case tracker(TrackerAction)
  /// An action of the to-do list (`TodoFlow`).
  case todo(TodoAction)
}
