import Foundation
import TodoModels
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// A new task (screen `todo-form`: title, text, Done) or a task edited (screen `todo-edit`: the
/// same two fields, a "done" switch, Save). Done / Save are enabled only for a text that is not
/// blank and within the limits (seed 003, algorithms 3–6 and 8–10).
@MainActor
public final class TodoFormViewModel: ObservableViewModel, RegionFollowing {
  /// New or edited.
  public enum Mode: Equatable, Sendable {
    case new
    case edit(TodoTask)
  }

  /// What the form shows.
  public struct State: Equatable, Sendable, SaveShowing {
    public var screenTitle: String
    public var title: String
    public var titlePlaceholder: String
    public var text: String
    public var textPlaceholder: String
    /// Why the title or the text cannot be saved, when it cannot.
    public var error: String?
    /// The "done" switch's label and state; nil for a new task.
    public var completedTitle: String?
    public var isCompleted: Bool
    public var cancelTitle: String
    /// "Done" for a new task, "Save" for an edited one.
    public var saveTitle: String
    public var isSaveEnabled: Bool
    /// Whether its save is on its way (the store has not answered yet): the form takes no second
    /// save and no Cancel meanwhile, and a client shows its save button disabled.
    public var isSaving: Bool = false
    /// Whether the form refuses a swipe down (SwiftUI's `interactiveDismissDisabled`): while its
    /// save is on its way.
    public var isDismissDisabled: Bool { isSaving }
    public var alert: AlertState?

    /// A value with every field given.
    public init(
      screenTitle: String, title: String, titlePlaceholder: String, text: String, textPlaceholder: String,
      error: String? = nil, completedTitle: String?, isCompleted: Bool, cancelTitle: String,
      saveTitle: String,
      isSaveEnabled: Bool, alert: AlertState? = nil
    ) {
      self.screenTitle = screenTitle
      self.title = title
      self.titlePlaceholder = titlePlaceholder
      self.text = text
      self.textPlaceholder = textPlaceholder
      self.error = error
      self.completedTitle = completedTitle
      self.isCompleted = isCompleted
      self.cancelTitle = cancelTitle
      self.saveTitle = saveTitle
      self.isSaveEnabled = isSaveEnabled
      self.alert = alert
    }
  }

  public let observable: ObservableState<State>

  /// The task's title field, as a text field binds it (`TextField(…, text: $model.title)`): reading it tracks
  /// that field alone; writing it is the user typing (`titleChanged(_:)`).
  public var title: String {
    get { observable[field: \.title] }
    set { titleChanged(newValue) }
  }

  /// The task's text field, as a text field binds it (`TextField(…, text: $model.text)`): reading it tracks
  /// that field alone; writing it is the user typing (`textChanged(_:)`).
  public var text: String {
    get { observable[field: \.text] }
    set { textChanged(newValue) }
  }
  /// Called when the form is done: saved or cancelled.
  public var onClose: (() -> Void)?
  public let mode: Mode
  package let environment: TodoEnvironment

  public init(environment: TodoEnvironment, mode: Mode) {
    self.environment = environment
    self.mode = mode
    let localizer = environment.localizer
    var editing: TodoTask?
    if case .edit(let task) = mode { editing = task }
    observable = ObservableState(
      State(
        screenTitle: localizer.text(editing == nil ? .todoNewTitle : .todoEditTitle),
        title: editing?.title ?? "",
        titlePlaceholder: localizer.text(.todoTitlePlaceholder), text: editing?.text ?? "",
        textPlaceholder: localizer.text(.todoTextPlaceholder),
        completedTitle: editing == nil ? nil : localizer.text(.todoCompleted),
        isCompleted: editing?.isDone ?? false,
        cancelTitle: localizer.text(.formCancel),
        saveTitle: localizer.text(editing == nil ? .todoDone : .formSave), isSaveEnabled: editing != nil))
    region = following(environment.region) { $0.relabel() }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// Every text that is not typed in the new language.
  private func relabel() {
    let localizer = environment.localizer
    var isNew = true
    if case .edit = mode { isNew = false }
    var next = state
    next.screenTitle = localizer.text(isNew ? .todoNewTitle : .todoEditTitle)
    next.titlePlaceholder = localizer.text(.todoTitlePlaceholder)
    next.textPlaceholder = localizer.text(.todoTextPlaceholder)
    if next.completedTitle != nil { next.completedTitle = localizer.text(.todoCompleted) }
    next.cancelTitle = localizer.text(.formCancel)
    next.saveTitle = localizer.text(isNew ? .todoDone : .formSave)
    if next.error != nil { validate(&next) }
    next.alert = next.alert?.relabelled(localizer)
    state = next
  }

  /// Call when the title field changed (algorithms 3 and 8).
  public func titleChanged(_ title: String) {
    var next = state
    next.title = title
    validate(&next)
    state = next
  }

  /// Call when the text changed (algorithms 4 and 9).
  public func textChanged(_ text: String) {
    var next = state
    next.text = text
    validate(&next)
    state = next
  }

  /// Call when the "done" switch flipped (algorithm 5).
  public func completedToggled() {
    guard state.completedTitle != nil else { return }
    state.isCompleted.toggle()
  }

  /// Call when the user tapped Done or Save (algorithms 6 and 10): stored, and the list follows.
  public func saveTapped() {
    guard state.isSaveEnabled else { return }
    let localizer = environment.localizer
    let task: TodoTask
    switch mode {
    case .new:
      task = TodoTask(
        id: environment.makeID(), title: state.title, text: state.text, isDone: false,
        created: environment.now())
    case .edit(let old):
      task = TodoTask(
        id: old.id, title: state.title, text: state.text, isDone: state.isCompleted, created: old.created,
        remoteID: old.remoteID)
    }
    let isNew = mode == .new
    savingOnce(environment.access, localizer) { (store) throws(StoreError) in
      if isNew { try store.createTask(task) } else { try store.updateTask(task) }
    } then: { [weak self] in
      self?.onClose?()
    }
  }

  /// Call when the user tapped Cancel: nothing changes (while a save is on its way, the form
  /// waits for it instead).
  public func cancelTapped() {
    guard !state.isSaving else { return }
    onClose?()
  }

  private func validate(_ state: inout State) {
    let localizer = environment.localizer
    let title = TodoRules.validatedTitle(state.title)
    let text = TodoRules.validatedText(state.text)
    var problem: TodoFieldError?
    if case .failure(let error) = title { problem = error }
    if problem == nil, case .failure(let error) = text, error != .emptyText { problem = error }
    state.error = problem.map { DisplayText.todoFieldError($0, localizer) }
    if case .success = title, case .success = text {
      state.isSaveEnabled = true
    } else {
      state.isSaveEnabled = false
    }
  }
}

/// A form is identified by itself: `sheet(item: $flow.sheet)` presents it.
extension TodoFormViewModel: Identifiable {}
