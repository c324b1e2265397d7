import TrackerLocalization

/// A flow a user drives through its elements — the tracker's `AppFlow` and the to-do app's
/// `TodoFlow`: one way to find an element, tap, long-press, swipe, type into the focused field
/// and dismiss, whatever the app.
@MainActor
protocol ElementDriven: AnyObject {
  /// What the user can act on now.
  var elements: [Element] { get }
  /// The language of the flow's messages.
  var flowLanguage: Language { get }
  /// The focused text field.
  var focusedField: InputField? { get }
  /// Does what an element's action says.
  func act(_ action: ElementAction) throws(FlowError)
  func currentText(of field: InputField) -> String
  func setText(of field: InputField, to text: String)
  /// A swipe that names no element (onboarding pages).
  func swipe(_ direction: UserAction.Direction) throws(FlowError)
  /// Closes the topmost menu, question, sheet or screen.
  func dismissTop() throws(FlowError)
}

extension ElementDriven {
  /// An error whose message is `key` in the flow's language, listing what is on screen.
  func flowFailure(_ key: TextKey) -> FlowError { flowFailure(message: Localizer(flowLanguage).text(key)) }

  /// An error whose message is a text with arguments in the flow's language, listing what is on
  /// screen.
  func flowFailure(_ text: LocalizedText) -> FlowError {
    flowFailure(message: Localizer(flowLanguage).text(text))
  }

  private func flowFailure(message: String) -> FlowError {
    FlowError(message: message, elements: elements, language: flowLanguage)
  }

  /// The element `target` names, if exactly one matches.
  func findElement(_ target: UserAction.Target) throws(FlowError) -> Element {
    let all = elements
    let matches: [Element]
    switch target {
    case .identifier(let identifier):
      // As listed (a line break written `\n`), or exactly.
      matches = all.filter { $0.identifier == identifier || $0.scriptIdentifier == identifier }
    case .label(let label): matches = all.filter { $0.label == label }
    }
    let localizer = Localizer(flowLanguage)
    guard !matches.isEmpty else {
      throw FlowError(
        message: localizer.text(.flowNoMatch(target.description)), elements: all,
        language: flowLanguage)
    }
    guard matches.count == 1 else {
      throw FlowError(
        message: localizer.text(.flowSeveralMatch(count: matches.count, target: target.description)),
        elements: matches, language: flowLanguage)
    }
    return matches[0]
  }

  /// Performs `action` as the user would, or explains why it cannot be done.
  func performOnElements(_ action: UserAction) throws(FlowError) {
    let localizer = Localizer(flowLanguage)
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
      try dismissTop()
    }
  }
}
