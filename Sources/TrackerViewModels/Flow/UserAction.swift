/// What a user can do to the app, as scripts and tests say it.
public enum UserAction: Equatable, Sendable {
  /// Which element an action is aimed at.
  public enum Target: Equatable, Sendable, CustomStringConvertible {
    case identifier(String)
    case label(String)

    public var description: String {
      switch self {
      case .identifier(let identifier): return "#\(identifier)"
      case .label(let label): return "\"\(label)\""
      }
    }
  }

  /// The direction of a swipe.
  public enum Direction: String, Equatable, Sendable {
    case left, right
  }

  case tap(Target)
  case longPress(Target)
  /// Types into the focused field (tapping a field focuses it).
  case type(String)
  /// Empties the focused field.
  case clear
  /// Swipes the screen (onboarding pages) or, with a target, an element (a card to the left).
  case swipe(Direction, Target? = nil)
  /// Swipes the topmost sheet, modal screen or menu away without choosing.
  case dismiss
}

/// Why an action could not be done; `elements` are what is on screen, to help fix the script.
public struct FlowError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public var elements: [Element]

  public init(message: String, elements: [Element]) {
    self.message = message
    self.elements = elements
  }

  public var description: String {
    message + "\nOn screen: "
      + (elements.isEmpty ? "nothing to act on" : elements.map(\.description).joined(separator: ", "))
  }
}
