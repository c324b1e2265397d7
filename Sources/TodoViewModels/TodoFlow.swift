import Foundation
import Observation
import TodoModels
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// The to-do app (seed 003): the list, and the new or edit form over it. Like `AppFlow` it exposes
/// everything on screen as one value (`view`), does its typed actions (`send`) and publishes every
/// change through `observe`; its elements and `perform` are TrackerAutomation's.
///
/// It is `Observable`: its navigation — the form open over the list (`sheet`, for
/// `sheet(item: $flow.sheet)`) and the focused field — is tracked like any view model's fields.
@MainActor
@Observable
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

  @ObservationIgnored
  public let environment: TodoEnvironment
  /// The list, always there under the form.
  @ObservationIgnored
  public let list: TodoListViewModel
  /// The form open over the list, if any (the navigation, tracked).
  public private(set) var form: TodoFormViewModel?
  @ObservationIgnored
  private var listBinding: BindingToken?
  @ObservationIgnored
  private var formBinding: BindingToken?
  /// The field that has the keyboard (tracked).
  public internal(set) var focusedField: InputField?
  /// The view its observers see, published once per action or hand-over.
  @ObservationIgnored
  private let published: FlowPublisher<View>
  @ObservationIgnored
  private var shownLanguage: Language
  @ObservationIgnored
  private var regionBinding: BindingToken?

  /// The form over the list, as `sheet(item: $flow.sheet)` presents it. Setting it to nil is the
  /// user swiping it away, and it closes, as SwiftUI already closed it: a client refuses the swipe
  /// up front while the form's save is on its way (`form.isDismissDisabled`, for
  /// `interactiveDismissDisabled`); a save let through anyway still lands. Setting a form does
  /// nothing (forms open by the user's actions).
  public var sheet: TodoFormViewModel? {
    get { form }
    set {
      guard newValue == nil, form != nil else { return }
      closeForm()
    }
  }

  /// The app as launched: the list, loading the starting tasks when none is stored.
  public init(environment: TodoEnvironment) {
    self.environment = environment
    shownLanguage = environment.language
    list = TodoListViewModel(environment: environment)
    published = FlowPublisher(View(list: list.state, form: nil, focusedField: nil))
    // What the store hands over in one turn is one new view, however many screens it changes.
    published.start(making: { [unowned self] in view }, handOversOf: environment.access)
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
    published.oneState {
      list.followRegion()
      form?.followRegion()
      publish()
    }
  }

  /// Calls `handler` with the view now and after each change, until the token goes.
  public func observe(_ handler: @escaping (View) -> Void) -> BindingToken {
    published.observers.observe(handler)
  }

  public var view: View { View(list: list.state, form: form?.state, focusedField: focusedField) }
  public var screen: Screen { view.screen }
  /// Whether the starting tasks are on their way (scripts wait for them).
  public var isLoading: Bool { list.isLoading }

  /// Does what `send` does, and returns once the store work it started, and the state that work
  /// leads to, are done: a test or a client awaits it instead of polling.
  public func sendAndSettle(_ action: TodoAction) async throws(ActionError) {
    try send(action)
    await settled()
  }

  /// Returns once every store call the screens handed off has ended and shown its outcome.
  public func settled() async { await environment.settled() }

  /// Does what an element's action says, on the list or the form over it: one exhaustive switch
  /// over the to-do list's actions.
  public func send(_ action: TodoAction) throws(ActionError) {
    try oneAction { () throws(ActionError) in try handle(action) }
  }

  private func handle(_ action: TodoAction) throws(ActionError) {
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

  private func route(_ route: TodoListViewModel.Route) {
    let mode: TodoFormViewModel.Mode
    switch route {
    case .newTask: mode = .new
    case .edit(let task): mode = .edit(task)
    }
    let model = TodoFormViewModel(environment: environment, mode: mode)
    // A form closes itself only while it is the one open: its save may end after Esc closed it
    // and another form opened.
    model.onClose = { [weak self, weak model] in
      guard let self, let model, self.form === model else { return }
      self.closeForm()
    }
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

  package func publish() { published.publish() }

  /// Handles one action (`send`, `perform`): the screens it touches may change many times, the
  /// flow publishes once, at the end.
  package func oneState<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
    try published.oneState(body)
  }

  /// One user action: `oneState`, and the view published at its end even when only the flow's
  /// own state changed (the focused field), which no screen reports.
  package func oneAction<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
    try oneState { () throws(Failure) in
      defer { publish() }
      try body()
    }
  }
}

extension TodoFlow {
  private func unavailable(_ action: String) -> ActionError {
    ActionError(.flowUnavailable(action: action, screen: screen.rawValue), environment.localizer)
  }

  package func currentText(of field: InputField) -> String {
    switch field {
    case .title: return form?.state.title ?? ""
    case .text: return form?.state.text ?? ""
    case .search, .name, .time, .unit, .target, .amount, .noteText: return ""  // the tracker's fields
    }
  }

  package func setText(of field: InputField, to text: String) {
    switch field {
    case .title: form?.titleChanged(text)
    case .text: form?.textChanged(text)
    case .search, .name, .time, .unit, .target, .amount, .noteText: break  // the tracker's fields
    }
  }

  /// Closes the alert, the form or the question on top.
  package func dismissTop() throws(ActionError) {
    if view.alert != nil { return try send(.dismissAlert) }
    if let form {
      // A form whose save is on its way closes with it, or stays with the reason it could not.
      if form.state.isSaving { return }
      return closeForm()
    }
    if list.state.deleteQuestion != nil { return list.deleteCancelled() }
    throw ActionError(.flowNothingToDismiss, environment.localizer)
  }
}
