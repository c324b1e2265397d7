import TrackerLocalization
import TrackerViewModels

/// A flow a user drives through its elements — the tracker's `AppFlow` and the to-do app's
/// `TodoFlow`: one way to find an element, tap, long-press, swipe, type into the focused field
/// and dismiss, whatever the app. Its messages are in the app's `language`.
@MainActor
protocol ElementDriven: DrivenApp {
  /// Does what an element's action says.
  func act(_ action: ElementAction) throws(FlowError)
  func currentText(of field: InputField) -> String
  func setText(of field: InputField, to text: String)
  /// A swipe that names no element (onboarding pages).
  func swipe(_ direction: UserAction.Direction) throws(FlowError)
  /// Closes the topmost menu, question, sheet or screen.
  func dismissTop() throws(ActionError)
  /// The elements with their labels only, not yet named as spoken (`elements` names them): what
  /// finding an element by identifier or label needs, made without the speech.
  var unspokenElements: [Element] { get }
}

extension ElementDriven {
  /// An error whose message is `key` in the flow's language, listing what is on screen.
  func flowFailure(_ key: TextKey) -> FlowError { flowFailure(message: Localizer(language).text(key)) }

  /// An error whose message is a text with arguments in the flow's language, listing what is on
  /// screen.
  func flowFailure(_ text: LocalizedText) -> FlowError {
    flowFailure(message: Localizer(language).text(text))
  }

  private func flowFailure(message: String) -> FlowError {
    FlowError(message: message, elements: elements, language: language)
  }

  /// An action of the other app, which none of this app's screens offers.
  func unavailable(_ action: some Any) -> FlowError {
    flowFailure(.flowUnavailable(action: "\(action)", screen: screenName))
  }

  /// The text field the app has focused.
  var focusedField: InputField? { shown.focusedField }

  /// What `body` does, its refusal told as a `FlowError` that lists what is on screen.
  func refused(_ body: () throws(ActionError) -> Void) throws(FlowError) {
    do {
      try body()
    } catch {
      throw FlowError(message: error.message, elements: elements, language: error.language)
    }
  }

  /// The element `target` names, if exactly one matches; `spoken` names it as `elements` do (an
  /// action only needs what it does). Matching looks at identifiers and labels, which speech
  /// leaves as they are, so the elements are named only for an answer or an error that shows them.
  func findElement(_ target: UserAction.Target, spoken: Bool = false) throws(FlowError) -> Element {
    func matching(_ all: [Element]) -> [Element] {
      switch target {
      case .identifier(let identifier):
        // As listed (a line break written `\n`), or exactly.
        return all.filter { $0.id == identifier || $0.scriptIdentifier == identifier }
      case .element(let id): return all.filter { $0.identifier == id }
      case .label(let label): return all.filter { $0.label == label }
      }
    }
    let matches = matching(unspokenElements)
    if matches.count == 1, !spoken { return matches[0] }
    let all = elements
    let named = matching(all)
    let localizer = Localizer(language)
    guard !named.isEmpty else {
      throw FlowError(
        message: localizer.text(.flowNoMatch(target.description)), elements: all,
        language: language)
    }
    guard named.count == 1 else {
      throw FlowError(
        message: localizer.text(.flowSeveralMatch(count: named.count, target: target.description)),
        elements: named, language: language)
    }
    return named[0]
  }

  /// Performs `action` as the user would, or explains why it cannot be done.
  func performOnElements(_ action: UserAction) throws(FlowError) {
    let localizer = Localizer(language)
    switch action {
    case .tap(let target):
      let element = try findElement(target)
      guard element.isEnabled else { throw flowFailure(.flowDisabled(element.description(localizer))) }
      // A tap on an element without an action does nothing, as on the phone.
      if let elementAction = element.action { try act(elementAction) }
    case .longPress(let target):
      let element = try findElement(target)
      guard let elementAction = element.longPressAction else {
        throw flowFailure(.flowNoMenu(element.description(localizer)))
      }
      try act(elementAction)
    case .type(let text):
      guard let field = focusedField else { throw flowFailure(.flowNoFieldFocused) }
      setText(of: field, to: currentText(of: field) + text)
    case .clear:
      guard let field = focusedField else { throw flowFailure(.flowNoFieldFocused) }
      setText(of: field, to: "")
    case .deleteBackward:
      guard let field = focusedField else { throw flowFailure(.flowNoFieldFocused) }
      setText(of: field, to: String(currentText(of: field).dropLast()))
    case .swipe(let direction, let target?):
      let element = try findElement(target)
      guard direction == .left, let swipeAction = element.swipeLeftAction else {
        throw flowFailure(
          .flowSwipeDoesNothing(element: element.description(localizer), direction: direction.rawValue))
      }
      try act(swipeAction)
    case .swipe(let direction, nil):
      try swipe(direction)
    case .dismiss:
      try refused { () throws(ActionError) in try dismissTop() }
    }
  }
}
