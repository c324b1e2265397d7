import TodoViewModels
import TrackerViewModels

/// The to-do list driven through its elements, as scripts and UI tests drive it.
extension TodoFlow {
  /// Performs `action` as the user would, or explains why it cannot be done.
  public func perform(_ action: UserAction) throws(FlowError) {
    try oneAction { () throws(FlowError) in try performOnElements(action) }
  }

  /// Does what an element's own action says, as the gesture on it would.
  public func send(_ action: ElementAction) throws(FlowError) {
    try oneAction { () throws(FlowError) in try act(action) }
  }

  /// The element `target` names, if exactly one matches.
  public func find(_ target: UserAction.Target) throws(FlowError) -> Element {
    try findElement(target, spoken: true)
  }

  /// What the user can act on now, each named as the bottom line and a screen reader say it
  /// (`spoken(_:in:)`).
  public var elements: [Element] { spoken(plainElements, in: view) }

  /// The elements of the layer on top with their labels only (`ElementDriven`).
  public var unspokenElements: [Element] { plainElements }

  /// What names any of `elements` (`unspokenElements`) as `elements` names it.
  public func namer(among elements: [Element]) -> (Element) -> Element {
    let view = self.view
    return { [self] element in spoken([element], in: view).first ?? element }
  }

  /// The elements of the layer on top with their labels only.
  fileprivate var plainElements: [Element] {
    let state = view
    if let alert = state.alert {
      return alert.buttons.map { Element(identifier: .ok, label: $0.title, action: .todo(.dismissAlert)) }
    }
    if let form = state.form {
      var result = [
        Element(
          identifier: .field(.title),
          label: form.title.isEmpty ? form.titlePlaceholder : form.title,
          kind: .textField, action: .todo(.focus(.title))),
        Element(
          identifier: .field(.text), label: form.text.isEmpty ? form.textPlaceholder : form.text,
          kind: .textField, action: .todo(.focus(.text))),
      ]
      if let completed = form.completedTitle {
        result.append(
          Element(
            identifier: .completed, label: completed, kind: .toggle(isOn: form.isCompleted),
            isChecked: form.isCompleted, action: .todo(.toggleTaskDone)))
      }
      result.append(Element(identifier: .cancel, label: form.cancelTitle, action: .todo(.cancelTaskForm)))
      result.append(
        Element(
          identifier: state.screen == .todoForm ? .done : .save, label: form.saveTitle,
          isEnabled: form.isSaveEnabled && !form.isSaving,
          action: .todo(.saveTask)))
      return result
    }
    if let question = state.list.deleteQuestion {
      return [
        Element(identifier: .confirm, label: question.confirmTitle, action: .todo(.confirmTaskDeletion)),
        Element(identifier: .cancel, label: question.cancelTitle, action: .todo(.cancelTaskDeletion)),
      ]
    }
    var result = [Element(identifier: .add, label: "+", action: .todo(.addTask))]
    if let failure = state.list.loadFailure {
      result.append(Element(identifier: .retry, label: failure.retryTitle, action: .todo(.retryLoading)))
    }
    for row in state.list.rows {
      result.append(
        Element(
          identifier: .todo(row.title ?? row.text), label: row.title ?? row.text, isChecked: row.isDone,
          action: .todo(.openTask(row.id)), swipeLeftAction: .todo(.askToDeleteTask(row.id))))
    }
    return result
  }
}

extension TodoFlow: ElementDriven {
  /// An element's action: the to-do list's own; the tracker's actions are not on its screens.
  func act(_ action: ElementAction) throws(FlowError) {
    switch action {
    case .todo(let action): try refused { () throws(ActionError) in try send(action) }
    case .tracker(let action): throw unavailable(action)
    }
  }

  func swipe(_ direction: UserAction.Direction) throws(FlowError) { throw flowFailure(.flowNothingToSwipe) }
}
