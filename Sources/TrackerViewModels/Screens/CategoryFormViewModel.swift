import Foundation
import TrackerLocalization
import TrackerModels

/// New and edit category: one field and Done (seed: creation 3a–c, category edit/delete 1i).
@MainActor
public final class CategoryFormViewModel: ObservableViewModel, RegionFollowing {
  /// What the category form shows.
  public struct State: Equatable, Sendable, AlertShowing {
    public var title: String
    public var text: String
    public var placeholder: String
    /// "38 character limit", "already exists", … while the title is refused.
    public var error: String?
    public var doneTitle: String
    public var isDoneEnabled: Bool
    /// A failed save or read, over the form.
    public var alert: AlertState?

    /// A value with every field given.
    public init(
      title: String, text: String, placeholder: String, error: String? = nil, doneTitle: String,
      isDoneEnabled: Bool, alert: AlertState? = nil
    ) {
      self.title = title
      self.text = text
      self.placeholder = placeholder
      self.error = error
      self.doneTitle = doneTitle
      self.isDoneEnabled = isDoneEnabled
      self.alert = alert
    }
  }

  /// The state and its observers.
  public let observable: ObservableState<State>

  /// The title field's text, as a text field binds it (`TextField(…, text: $model.text)`): reading it tracks
  /// that field alone; writing it is the user typing (`textChanged(_:)`).
  public var text: String {
    get { observable[field: \.text] }
    set { textChanged(newValue) }
  }
  /// Called with the category's id once it is saved.
  public var onDone: ((UUID) -> Void)?

  private let environment: AppEnvironment
  private let editedID: UUID?
  /// The id of the category this form is saving: the store tells the form of its own write while
  /// it writes, and its own title must not then read as taken.
  private var savingID: UUID?
  /// The other categories' titles, read when the form opens and after each store change: the
  /// uniqueness check needs them on every keystroke.
  private var otherTitles: [String]?
  private var subscription: ObservationToken?

  /// A form for a new category, or for renaming `editing`.
  public init(environment: AppEnvironment, editing: TrackerCategory? = nil) {
    self.environment = environment
    editedID = editing?.id
    let localizer = environment.localizer
    observable = ObservableState(
      State(
        title: localizer.text(editing == nil ? .categoryFormTitleNew : .categoryFormTitleEdit),
        text: editing?.title ?? "", placeholder: localizer.text(.categoryFormPlaceholder), error: nil,
        doneTitle: localizer.text(.categoryFormDone), isDoneEnabled: false, alert: nil))
    readOtherTitles()
    subscription = StoreSubscription.observe(environment.store) { [weak self] change in
      guard change.isEverything || !change.categoryIDs.isEmpty else { return }
      self?.readOtherTitles()
    }
    region = following(environment.region) { model in
      let localizer = model.environment.localizer
      var next = model.state
      next.title = localizer.text(model.editedID == nil ? .categoryFormTitleNew : .categoryFormTitleEdit)
      next.placeholder = localizer.text(.categoryFormPlaceholder)
      next.doneTitle = localizer.text(.categoryFormDone)
      next.alert = next.alert?.relabelled(localizer)
      model.validate(&next)
      model.state = next
    }
  }

  /// Follows the environment's language and time zone.
  var region: RegionFollower?

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
    let title = state.text
    do {
      if let editedID {
        try environment.write { try $0.renameCategory(id: editedID, to: title) }
        onDone?(editedID)
      } else {
        let id = environment.makeID()
        savingID = id
        try environment.write { try $0.createCategory(TrackerCategory(id: id, title: title)) }
        onDone?(id)
      }
    } catch {
      var next = state
      if case .invalidCategoryTitle(let reason) = error {
        // Someone else took the title meanwhile: say so under the field instead of closing.
        next.error = DisplayText.nameError(reason, isCategory: true, environment.localizer)
        next.isDoneEnabled = false
      } else {
        next.alert = .storeFailure(error, .save, environment.localizer)
      }
      state = next
    }
  }

  private func readOtherTitles() {
    let ownIDs = Set([editedID, savingID].compactMap { $0 })
    let store = environment.store
    let read = attempt(.read, environment.localizer) { () throws(StoreError) in
      try store.categories().filter { !ownIDs.contains($0.id) }.map(\.title)
    }
    if let read { otherTitles = read }
    var next = state
    validate(&next)
    state = next
  }

  private func validate(_ state: inout State) {
    guard let otherTitles else {
      // Without the other titles uniqueness cannot be checked: Done waits for a good read.
      state.isDoneEnabled = false
      return
    }
    switch NameRules.validate(state.text, against: otherTitles) {
    case .success:
      state.error = nil
      state.isDoneEnabled = true
    case .failure(let reason):
      state.error = DisplayText.nameError(reason, isCategory: true, environment.localizer)
      state.isDoneEnabled = false
    }
  }
}
