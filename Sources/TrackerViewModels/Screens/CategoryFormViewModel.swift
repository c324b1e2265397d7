import Foundation
import TrackerLocalization
import TrackerModels

/// New and edit category: one field and Done (seed: creation 3a–c, category edit/delete 1i).
@MainActor
public final class CategoryFormViewModel {
  /// What the category form shows.
  public struct State: Equatable, Sendable {
    public var title: String
    public var text: String
    public var placeholder: String
    /// "38 character limit", "already exists", … while the title is refused.
    public var error: String?
    public var doneTitle: String
    public var isDoneEnabled: Bool
  }

  /// The state now.
  public private(set) var state: State {
    didSet { if state != oldValue { observers.notify(state) } }
  }
  /// Called with the category's id once it is saved.
  public var onDone: ((UUID) -> Void)?

  private let environment: AppEnvironment
  private let editedID: UUID?
  private let observers = StateObservers<State>()

  /// A form for a new category, or for renaming `editing`.
  public init(environment: AppEnvironment, editing: TrackerCategory? = nil) {
    self.environment = environment
    editedID = editing?.id
    let localizer = environment.localizer
    state = State(
      title: localizer.text(editing == nil ? .categoryFormTitleNew : .categoryFormTitleEdit),
      text: editing?.title ?? "", placeholder: localizer.text(.categoryFormPlaceholder), error: nil,
      doneTitle: localizer.text(.categoryFormDone), isDoneEnabled: false)
    validate(&state)
  }

  /// Calls `handler` with the state now and after each change.
  public func observe(_ handler: @escaping (State) -> Void) -> BindingToken { observers.add(state, handler) }

  /// Call when the user changed the text of the field.
  public func textChanged(_ text: String) {
    var next = state
    next.text = text
    validate(&next)
    state = next
  }

  /// Call when the user pressed Done (only possible while enabled).
  public func doneTapped() {
    guard state.isDoneEnabled else { return }
    do {
      if let editedID {
        try environment.write { try $0.renameCategory(id: editedID, to: state.text) }
        onDone?(editedID)
      } else {
        let id = environment.makeID()
        try environment.write { try $0.createCategory(TrackerCategory(id: id, title: state.text)) }
        onDone?(id)
      }
    } catch {
      // Someone else took the title meanwhile: show why instead of closing.
      var next = state
      if case .invalidCategoryTitle(let reason) = error {
        next.error = DisplayText.nameError(reason, isCategory: true, environment.localizer)
      }
      next.isDoneEnabled = false
      state = next
    }
  }

  private func validate(_ state: inout State) {
    let others = ((try? environment.store.categories()) ?? []).filter { $0.id != editedID }.map(\.title)
    switch NameRules.validate(state.text, against: others) {
    case .success:
      state.error = nil
      state.isDoneEnabled = true
    case .failure(let reason):
      state.error = DisplayText.nameError(reason, isCategory: true, environment.localizer)
      state.isDoneEnabled = false
    }
  }
}
