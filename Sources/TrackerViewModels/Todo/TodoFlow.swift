import Foundation
import TrackerLocalization
import TrackerModels

/// The to-do app (seed 003): the list, and the new or edit form over it. Like `AppFlow` it exposes
/// everything on screen as one value (`view`), the elements a user can act on, `perform`, and
/// publishes every change through `observe`.
@MainActor
public final class TodoFlow {
  /// The stable names of the to-do screens.
  public enum Screen: String, CaseIterable, Sendable {
    case todos
    case todoForm = "todo-form"
    case todoEdit = "todo-edit"
  }

  /// Everything on screen.
  public struct View: Equatable, Sendable {
    public var list: TodoListViewModel.State
    /// The form over the list, if one is open.
    public var form: TodoFormViewModel.State?
    public var focusedField: InputField?

    /// A view with every part given.
    public init(list: TodoListViewModel.State, form: TodoFormViewModel.State?, focusedField: InputField?) {
      self.list = list
      self.form = form
      self.focusedField = focusedField
    }

    /// The screen on top.
    public var screen: Screen {
      guard let form else { return .todos }
      return form.completedTitle == nil ? .todoForm : .todoEdit
    }

    /// The alert the user sees.
    public var alert: AlertState? { form?.alert ?? list.alert }
  }

  public let environment: TodoEnvironment
  let list: TodoListViewModel
  private var form: TodoFormViewModel?
  private var listBinding: BindingToken?
  private var formBinding: BindingToken?
  var focusedField: InputField?
  private let observers: ObservableState<View>
  private var shownLanguage: Language
  private var regionBinding: BindingToken?
  /// Set while the screens follow a new language: the flow publishes once, after them.
  private var isFollowing = false

  /// The app as launched: the list, loading the starting tasks when none is stored.
  public init(environment: TodoEnvironment) {
    self.environment = environment
    shownLanguage = environment.language
    list = TodoListViewModel(environment: environment)
    observers = ObservableState(View(list: list.state, form: nil, focusedField: nil))
    list.onRoute = { [weak self] route in self?.route(route) }
    listBinding = list.observe { [weak self] _ in self?.publish() }
    regionBinding = environment.region.leading.observe { [weak self] _ in self?.followLanguage() }
  }

  /// Call when the user chose another language for the app: the list and the form over it show
  /// their texts in `language`, in one new view. (The to-do screens show no day or time, so the
  /// time zone does not matter to them.)
  public func environmentChanged(language: Language) {
    environment.region.change(language: language, timeZone: environment.region.timeZone)
  }

  private func followLanguage() {
    guard environment.language != shownLanguage else { return }
    shownLanguage = environment.language
    isFollowing = true
    list.followRegion()
    form?.followRegion()
    isFollowing = false
    publish()
  }

  /// Calls `handler` with the view now and after each change, until the token goes.
  public func observe(_ handler: @escaping (View) -> Void) -> BindingToken { observers.observe(handler) }

  public var view: View { View(list: list.state, form: form?.state, focusedField: focusedField) }
  public var screen: Screen { view.screen }
  /// Whether the starting tasks are on their way (scripts wait for them).
  public var isLoading: Bool { list.isLoading }

  /// Performs `action` as the user would, or explains why it cannot be done.
  public func perform(_ action: UserAction) throws(FlowError) {
    defer { publish() }
    try performOnElements(action)
  }

  /// The element `target` names, if exactly one matches.
  public func find(_ target: UserAction.Target) throws(FlowError) -> Element { try findElement(target) }

  /// Does what an element's action says, on the list or the form over it: one exhaustive switch
  /// over the to-do list's actions.
  public func send(_ action: TodoAction) throws(FlowError) {
    defer { publish() }
    switch action {
    case .dismissAlert:
      if let form, form.state.alert != nil { form.alertDismissed() } else { list.alertDismissed() }
    case .focus(let field): focusedField = field
    case .textChanged(let field, let text): setText(of: field, to: text)
    case .addTask:
      guard form == nil else { throw unavailable("\(action)") }
      list.addTapped()
    case .openTask(let id):
      guard form == nil else { throw unavailable("\(action)") }
      list.rowTapped(id)
    case .askToDeleteTask(let id):
      guard form == nil else { throw unavailable("\(action)") }
      list.rowSwipedLeft(id)
    case .confirmTaskDeletion: list.deleteConfirmed()
    case .cancelTaskDeletion: list.deleteCancelled()
    case .retryLoading: list.retryTapped()
    case .toggleTaskDone: form?.completedToggled()
    case .saveTask: form?.saveTapped()
    case .cancelTaskForm: form?.cancelTapped()
    }
  }

  /// What the user can act on now, each named as the bottom line and a screen reader say it
  /// (`spoken(_:in:)`).
  public var elements: [Element] { spoken(plainElements, in: view) }

  /// The elements of the layer on top with their labels only.
  private var plainElements: [Element] {
    let state = view
    if let alert = state.alert {
      return alert.buttons.map { Element(identifier: "ok", label: $0.title, action: .todo(.dismissAlert)) }
    }
    if let form = state.form {
      var result = [
        Element(
          identifier: InputField.title.rawValue,
          label: form.title.isEmpty ? form.titlePlaceholder : form.title,
          kind: .textField, action: .todo(.focus(.title))),
        Element(
          identifier: InputField.text.rawValue, label: form.text.isEmpty ? form.textPlaceholder : form.text,
          kind: .textField, action: .todo(.focus(.text))),
      ]
      if let completed = form.completedTitle {
        result.append(
          Element(
            identifier: "completed", label: completed, kind: .toggle(isOn: form.isCompleted),
            isChecked: form.isCompleted, action: .todo(.toggleTaskDone)))
      }
      result.append(Element(identifier: "cancel", label: form.cancelTitle, action: .todo(.cancelTaskForm)))
      result.append(
        Element(
          identifier: state.screen == .todoForm ? "done" : "save", label: form.saveTitle,
          isEnabled: form.isSaveEnabled,
          action: .todo(.saveTask)))
      return result
    }
    if let question = state.list.deleteQuestion {
      return [
        Element(identifier: "confirm", label: question.confirmTitle, action: .todo(.confirmTaskDeletion)),
        Element(identifier: "cancel", label: question.cancelTitle, action: .todo(.cancelTaskDeletion)),
      ]
    }
    var result = [Element(identifier: "add", label: "+", action: .todo(.addTask))]
    if let failure = state.list.loadFailure {
      result.append(Element(identifier: "retry", label: failure.retryTitle, action: .todo(.retryLoading)))
    }
    for row in state.list.rows {
      result.append(
        Element(
          identifier: "todo:\(row.title ?? row.text)", label: row.title ?? row.text, isChecked: row.isDone,
          action: .todo(.openTask(row.id)), swipeLeftAction: .todo(.askToDeleteTask(row.id))))
    }
    return result
  }

  private func route(_ route: TodoListViewModel.Route) {
    let mode: TodoFormViewModel.Mode
    switch route {
    case .newTask: mode = .new
    case .edit(let task): mode = .edit(task)
    }
    let model = TodoFormViewModel(environment: environment, mode: mode)
    model.onClose = { [weak self] in self?.closeForm() }
    form = model
    formBinding = model.observe { [weak self] _ in self?.publish() }
    // The first field of a form takes the focus.
    focusedField = .title
    publish()
  }

  private func closeForm() {
    form = nil
    formBinding = nil
    focusedField = nil
    publish()
  }

  private func publish() {
    guard !isFollowing else { return }
    observers.value = view
  }
}

extension TodoFlow: ElementDriven {
  var flowLanguage: Language { environment.language }

  /// An element's action: the to-do list's own; the tracker's actions are not on its screens.
  func act(_ action: ElementAction) throws(FlowError) {
    switch action {
    case .todo(let action): try send(action)
    case .tracker(let action): throw unavailable("\(action)")
    }
  }

  private func unavailable(_ action: String) -> FlowError {
    flowFailure(.flowUnavailable(action: action, screen: screen.rawValue))
  }

  func currentText(of field: InputField) -> String {
    switch field {
    case .title: return form?.state.title ?? ""
    case .text: return form?.state.text ?? ""
    case .search, .name, .time: return ""  // the tracker's fields
    }
  }

  func setText(of field: InputField, to text: String) {
    switch field {
    case .title: form?.titleChanged(text)
    case .text: form?.textChanged(text)
    case .search, .name, .time: break  // the tracker's fields
    }
  }

  func swipe(_ direction: UserAction.Direction) throws(FlowError) { throw flowFailure(.flowNothingToSwipe) }

  func dismissTop() throws(FlowError) {
    if view.alert != nil { return try send(.dismissAlert) }
    if form != nil { return closeForm() }
    if list.state.deleteQuestion != nil { return list.deleteCancelled() }
    throw flowFailure(.flowNothingToDismiss)
  }
}
