import Foundation
import TrackerLocalization
import TrackerModels

/// Choosing a category for a tracker; adding, editing and deleting categories (seed: creation 3,
/// category edit/delete 1).
@MainActor
public final class CategoryListViewModel {
  /// One category's row.
  public struct Row: Equatable, Sendable {
    public var id: UUID
    public var title: String
    /// The blue checkmark: the category last chosen.
    public var isChecked: Bool
  }

  /// The question asked before a category is deleted.
  public struct DeleteConfirmation: Equatable, Sendable {
    public var categoryID: UUID
    /// "Is this category definitely not needed?"
    public var question: String
    /// "3 trackers will be deleted with it", when it has trackers.
    public var detail: String?
    public var confirmTitle: String
    public var cancelTitle: String
  }

  /// What the category list shows.
  public struct State: Equatable, Sendable {
    public var title: String
    public var rows: [Row]
    /// The placeholder text when there are no categories.
    public var placeholder: String?
    public var addTitle: String
    /// What the checkmark says to screen readers.
    public var checkedAccessibilityLabel: String
    /// The delete question, while it is asked.
    public var deleteConfirmation: DeleteConfirmation?
  }

  /// Where the list sends the user.
  public enum Route: Equatable, Sendable {
    /// A category was chosen: back to the form.
    case chosen(UUID)
    /// The new-category form.
    case newCategory
    /// The edit-category form.
    case editCategory(UUID)
  }

  /// The state now.
  public private(set) var state: State {
    didSet { if state != oldValue { observers.notify(state) } }
  }
  /// Called when the list sends the user elsewhere.
  public var onRoute: ((Route) -> Void)?

  private let environment: AppEnvironment
  private let observers = StateObservers<State>()
  private var subscription: ObservationToken?
  private var checkedID: UUID?

  /// The list with `checked` marked (the form's category, else the last one chosen).
  public init(environment: AppEnvironment, checked: UUID?) {
    self.environment = environment
    checkedID = checked ?? (try? environment.store.settings())?.lastChosenCategoryID
    let localizer = environment.localizer
    state = State(
      title: localizer.text(.categoriesTitle), rows: [], placeholder: nil,
      addTitle: localizer.text(.categoriesAdd),
      checkedAccessibilityLabel: localizer.text(.categoriesSelectedAccessibility),
      deleteConfirmation: nil)
    reload()
    subscription = StoreSubscription.observe(environment.store) { [weak self] change in
      guard !change.categoryIDs.isEmpty || change.settingsChanged else { return }
      self?.reload()
    }
  }

  /// Calls `handler` with the state now and after each change.
  public func observe(_ handler: @escaping (State) -> Void) -> BindingToken { observers.add(state, handler) }

  /// Call when the user tapped a category: it is chosen, remembered, and the form gets it.
  public func categoryTapped(_ id: UUID) {
    remember(id)
    onRoute?(.chosen(id))
  }

  /// Call when a category was just created: it comes back checked (seed: creation 3c).
  public func categoryCreated(_ id: UUID) {
    remember(id)
  }

  /// Call when the user tapped "Add category".
  public func addTapped() { onRoute?(.newCategory) }

  /// Call when the user chose Edit in a category's menu.
  public func editTapped(_ id: UUID) { onRoute?(.editCategory(id)) }

  /// Call when the user chose Delete in a category's menu: the question is asked.
  public func deleteTapped(_ id: UUID) {
    let localizer = environment.localizer
    let count = ((try? environment.store.trackers()) ?? []).filter { $0.tracker.categoryID == id }.count
    state.deleteConfirmation = DeleteConfirmation(
      categoryID: id, question: localizer.text(.categoriesDeleteQuestion),
      detail: count > 0 ? localizer.plural(.categoryDeleteTrackers, count: count) : nil,
      confirmTitle: localizer.text(.menuDelete), cancelTitle: localizer.text(.menuCancel))
  }

  /// Call when the user confirmed the deletion: the category and its trackers go.
  public func deleteConfirmed() {
    guard let id = state.deleteConfirmation?.categoryID else { return }
    state.deleteConfirmation = nil
    try? environment.write { try $0.deleteCategory(id: id) }
    if checkedID == id { checkedID = nil }
    reload()
  }

  /// Call when the user cancelled the deletion.
  public func deleteCancelled() { state.deleteConfirmation = nil }

  private func remember(_ id: UUID) {
    checkedID = id
    if var settings = try? environment.store.settings(), settings.lastChosenCategoryID != id {
      settings.lastChosenCategoryID = id
      try? environment.write { try $0.saveSettings(settings) }
    }
    reload()
  }

  private func reload() {
    let localizer = environment.localizer
    let collation = Collation(environment.language)
    let categories = ((try? environment.store.categories()) ?? []).sorted {
      collation.areInOrder($0.title, $1.title)
    }
    var next = state
    next.rows = categories.map { Row(id: $0.id, title: $0.title, isChecked: $0.id == checkedID) }
    next.placeholder = categories.isEmpty ? localizer.text(.categoriesPlaceholder) : nil
    state = next
  }
}
