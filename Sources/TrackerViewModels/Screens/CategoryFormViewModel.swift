import Foundation
import TrackerLocalization
import TrackerModels

/// New and edit category: one field and Done (seed: creation 3a–c, category edit/delete 1i).
@MainActor
public final class CategoryFormViewModel: PresentedScreen {
  /// What the category form shows.
  public struct State: ScreenState, SaveShowing {
    public var title: String
    public var text: String
    public var placeholder: String
    /// "38 character limit", "already exists", … while the title is refused.
    public var error: String?
    public var doneTitle: String
    public var isDoneEnabled: Bool
    /// A failed save or read, over the form.
    /// Whether its save is on its way (the store has not answered yet): the form takes no second
    /// save and no Cancel meanwhile, and a client shows its save button disabled.
    public var isSaving: Bool = false
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

  package let environment: AppEnvironment
  private let editedID: UUID?
  /// The title as stored, when renaming: it passes as it is while left unchanged
  /// (`NameRules.validateTyped`).
  private let originalTitle: String?
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
    originalTitle = editing?.title
    let localizer = environment.localizer
    observable = ObservableState(
      State(
        title: localizer.text(editing == nil ? .categoryFormTitleNew : .categoryFormTitleEdit),
        text: editing?.title ?? "", placeholder: localizer.text(.categoryFormPlaceholder), error: nil,
        doneTitle: localizer.text(.categoryFormDone), isDoneEnabled: false, alert: nil))
    subscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in try store.categories() },
      onChange: { [weak self] read in self?.categoriesRead(read) })
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
  package var region: RegionFollower?

  /// Call when the user changed the text of the field.
  public func textChanged(_ text: String) {
    var next = state
    next.text = text
    validate(&next)
    state = next
  }

  /// Call when the user pressed Done (only possible while enabled).
  public func doneTapped() {
    guard state.isDoneEnabled, !state.isSaving else { return }
    let title = state.text
    let id = editedID ?? environment.makeID()
    let isNew = editedID == nil
    if isNew { savingID = id }
    environment.access.write(.givingUpAfterWait) { (store) throws(StoreError) in
      if isNew {
        try store.createCategory(TrackerCategory(id: id, title: title))
      } else {
        try store.renameCategory(id: id, to: title)
      }
    } then: { [weak self] result in
      guard let self else { return }
      var next = self.state
      next.isSaving = false
      switch result {
      case .success:
        self.state = next
        self.onDone?(id)
      case .failure(let error):
        if case .invalidCategoryTitle(let reason) = error {
          // Someone else took the title meanwhile: say so under the field instead of closing.
          next.error = DisplayText.nameError(reason, isCategory: true, self.environment.localizer)
          next.isDoneEnabled = false
        } else {
          next.alert = .storeFailure(error, .save, self.environment.localizer)
        }
        self.state = next
      }
    }
    // The outcome comes on a later turn: until then the save is on its way.
    state.isSaving = true
  }

  /// The categories as stored now: the titles the field must differ from (all but this one's).
  private func categoriesRead(_ read: Result<[TrackerCategory], StoreError>) {
    var next = state
    switch read {
    case .success(let categories):
      let ownIDs = Set([editedID, savingID].compactMap { $0 })
      otherTitles = categories.filter { !ownIDs.contains($0.id) }.map(\.title)
    case .failure(let error):
      next.alert = .storeFailure(error, .read, environment.localizer)
    }
    validate(&next)
    state = next
  }

  private func validate(_ state: inout State) {
    guard let otherTitles else {
      // Without the other titles uniqueness cannot be checked: Done waits for a good read.
      state.isDoneEnabled = false
      return
    }
    switch NameRules.validateTyped(state.text, against: otherTitles, original: originalTitle) {
    case .success:
      state.error = nil
      state.isDoneEnabled = true
    case .failure(let reason):
      state.error = DisplayText.nameError(reason, isCategory: true, environment.localizer)
      state.isDoneEnabled = false
    }
  }
}
