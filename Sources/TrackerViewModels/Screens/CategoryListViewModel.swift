import Foundation
import TrackerLocalization
import TrackerModels

/// Choosing a category for a tracker; adding, editing and deleting categories (seed: creation 3,
/// category edit/delete 1).
@MainActor
public final class CategoryListViewModel: PresentedScreen {
  /// One category's row.
  public struct Row: Equatable, Sendable, Identifiable {
    public var id: UUID
    public var title: String
    /// The blue checkmark: the category last chosen.
    public var isChecked: Bool

    /// A value with every field given.
    public init(id: UUID, title: String, isChecked: Bool) {
      self.id = id
      self.title = title
      self.isChecked = isChecked
    }
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

    /// A value with every field given.
    public init(
      categoryID: UUID, question: String, detail: String? = nil, confirmTitle: String, cancelTitle: String
    ) {
      self.categoryID = categoryID
      self.question = question
      self.detail = detail
      self.confirmTitle = confirmTitle
      self.cancelTitle = cancelTitle
    }
  }

  /// What the category list shows.
  public struct State: ScreenState, AlertShowing {
    public var title: String
    public var rows: [Row]
    /// The placeholder text when there are no categories.
    public var placeholder: String?
    public var addTitle: String
    /// What the checkmark says to screen readers.
    public var checkedAccessibilityLabel: String
    /// The delete question, while it is asked.
    public var deleteConfirmation: DeleteConfirmation?
    /// A failed save or read, over the list.
    public var alert: AlertState?

    /// A value with every field given.
    public init(
      title: String, rows: [Row], placeholder: String? = nil, addTitle: String,
      checkedAccessibilityLabel: String, deleteConfirmation: DeleteConfirmation? = nil,
      alert: AlertState? = nil
    ) {
      self.title = title
      self.rows = rows
      self.placeholder = placeholder
      self.addTitle = addTitle
      self.checkedAccessibilityLabel = checkedAccessibilityLabel
      self.deleteConfirmation = deleteConfirmation
      self.alert = alert
    }
  }

  /// Where the list sends the user.
  public enum Route: Equatable, Sendable {
    /// A category was chosen: back to the form.
    case chosen(UUID)
    /// The new-category form.
    case newCategory
    /// The edit-category form, for the category as the list shows it.
    case editCategory(TrackerCategory)
  }

  /// The state and its observers.
  public let observable: ObservableState<State>
  /// Called when the list sends the user elsewhere.
  public var onRoute: ((Route) -> Void)?

  package let environment: AppEnvironment
  private var subscription: ObservationToken?
  private var checkedID: UUID?

  /// The list with `checked` marked (the form's category, else the last one chosen).
  public init(environment: AppEnvironment, checked: UUID?) {
    self.environment = environment
    let localizer = environment.localizer
    observable = ObservableState(
      State(
        title: localizer.text(.categoriesTitle), rows: [], placeholder: nil,
        addTitle: localizer.text(.categoriesAdd),
        checkedAccessibilityLabel: localizer.text(.categoriesSelectedAccessibility),
        deleteConfirmation: nil, alert: nil))
    checkedID = checked
    // The categories and the last one chosen, read together (one snapshot) and again after each
    // burst of commits that touch them.
    var isFirstRead = checked == nil
    subscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in
        try store.read { (reader) throws(StoreError) in
          Listing(categories: try reader.categories(), lastChosen: try reader.settings().lastChosenCategoryID)
        }
      },
      onChange: { [weak self] read in
        guard let self else { return }
        switch read {
        case .success(let listing):
          if isFirstRead { self.checkedID = listing.lastChosen }
          isFirstRead = false
          self.lastRead = listing.categories
          self.show(listing.categories)
        case .failure(let error):
          self.state.alert = .storeFailure(error, .read, self.environment.localizer)
        }
      })
    region = following(environment.region) { $0.relabel() }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// The texts in the new language and the rows in its order.
  private func relabel() {
    let localizer = environment.localizer
    var next = state
    next.title = localizer.text(.categoriesTitle)
    next.addTitle = localizer.text(.categoriesAdd)
    next.checkedAccessibilityLabel = localizer.text(.categoriesSelectedAccessibility)
    next.alert = next.alert?.relabelled(localizer)
    state = next
    if let question = state.deleteConfirmation { deleteTapped(question.categoryID) }
    // A new language: the categories last read, sorted and worded again (no read).
    if let lastRead { show(lastRead) }
  }

  /// Call when the user tapped a category: it is chosen, remembered, and the form gets it. When
  /// it cannot be remembered, the list stays with an alert saying why.
  public func categoryTapped(_ id: UUID) {
    remember(id) { [weak self] in self?.onRoute?(.chosen(id)) }
  }

  /// Call when a category was just created: it comes back checked (seed: creation 3c).
  public func categoryCreated(_ id: UUID) {
    remember(id)
  }

  /// Call when the user tapped "Add category".
  public func addTapped() { onRoute?(.newCategory) }

  /// Call when the user chose Edit in a category's menu.
  public func editTapped(_ id: UUID) {
    guard let row = state.rows.first(where: { $0.id == id }) else { return }
    onRoute?(.editCategory(TrackerCategory(id: row.id, title: row.title)))
  }

  /// Call when the user chose Delete in a category's menu: the question is asked.
  public func deleteTapped(_ id: UUID) {
    let localizer = environment.localizer
    reading(environment.access, localizer) { (store) throws(StoreError) in
      try store.trackers().filter { $0.tracker.categoryID == id }.count
    } then: { [weak self] count in
      self?.state.deleteConfirmation = DeleteConfirmation(
        categoryID: id, question: localizer.text(.categoriesDeleteQuestion),
        detail: count > 0 ? localizer.plural(.categoriesDeleteTrackers, count: count) : nil,
        confirmTitle: localizer.text(.menuDelete), cancelTitle: localizer.text(.menuCancel))
    }
  }

  /// Call when the user confirmed the deletion: the category and its trackers go.
  public func deleteConfirmed() {
    guard let id = state.deleteConfirmation?.categoryID else { return }
    state.deleteConfirmation = nil
    saving(environment.access, environment.localizer) { (store) throws(StoreError) in
      try store.deleteCategory(id: id)
    } then: { [weak self] in
      guard let self, self.checkedID == id else { return }
      self.checkedID = nil
      if let lastRead = self.lastRead { self.show(lastRead) }
    }
  }

  /// Call when the user cancelled the deletion.
  public func deleteCancelled() { state.deleteConfirmation = nil }

  /// Checks `id` and remembers it as the last chosen category, then runs `done`; when the store
  /// refuses, an alert says why (and `done` is not run).
  private func remember(_ id: UUID, then done: @escaping @MainActor @Sendable () -> Void = {}) {
    saving(environment.access, environment.localizer, .givingUpAfterWait) { (store) throws(StoreError) in
      try store.updateSettings { $0.lastChosenCategoryID = id }
    } then: { [weak self] _ in
      guard let self else { return }
      self.checkedID = id
      if let lastRead = self.lastRead { self.show(lastRead) }
      done()
    }
  }

  /// What the list shows: the categories, and the one chosen last.
  private struct Listing: Equatable, Sendable {
    var categories: [TrackerCategory]
    var lastChosen: UUID?
  }

  /// The categories last read.
  private var lastRead: [TrackerCategory]?

  /// The rows of `categories`, sorted and worded in the environment's language.
  private func show(_ categories: [TrackerCategory]) {
    let collation = Collation(environment.language)
    var next = state
    next.rows = categories.sorted { collation.areInOrder($0.title, $1.title) }.map {
      Row(id: $0.id, title: $0.title, isChecked: $0.id == checkedID)
    }
    next.placeholder = categories.isEmpty ? environment.localizer.text(.categoriesPlaceholder) : nil
    state = next
  }
}
