import TrackerLocalization

/// What a user can do to the app, as scripts and tests say it.
public enum UserAction: Equatable, Sendable {
  /// Which element an action is aimed at.
  public enum Target: Equatable, Sendable, CustomStringConvertible {
    /// The identifier's text, as a script writes it after `#` (`card:Бег`).
    case identifier(String)
    /// The element itself, as code that knows it names it (`.card("Бег")`).
    case element(ElementID)
    case label(String)

    public var description: String {
      switch self {
      case .identifier(let identifier): return "#\(identifier)"
      case .element(let id): return "#\(id.text)"
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
  /// Takes the last character off the focused field (Backspace).
  case deleteBackward
  /// Swipes the screen (onboarding pages) or, with a target, an element (a card to the left).
  case swipe(Direction, Target? = nil)
  /// Swipes the topmost sheet, modal screen or menu away without choosing.
  case dismiss
}

/// Why an action could not be done; `elements` are what is on screen, to help fix the script.
public struct FlowError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, in `language`.
  public var message: String
  /// What is on screen instead.
  public var elements: [Element]
  /// The language of the message, and of the list of elements in `description`.
  public var language: Language

  /// An error with every field given.
  public init(message: String, elements: [Element], language: Language = .en) {
    self.message = message
    self.elements = elements
    self.language = language
  }

  public var description: String {
    let localizer = Localizer(language)
    let list =
      elements.isEmpty
      ? localizer.text(.flowNothingToActOn)
      : elements.map { $0.description(localizer) }.joined(separator: ", ")
    return message + "\n" + localizer.text(.flowOnScreen(list))
  }
}
