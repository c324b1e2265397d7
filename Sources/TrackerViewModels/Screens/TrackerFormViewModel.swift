import Foundation
import TrackerLocalization
import TrackerModels

/// Creating a habit or an irregular event, and editing either (seed: creation 1–8, main screen 6ii).
@MainActor
public final class TrackerFormViewModel {
  /// What the form is for.
  public enum Mode: Equatable, Sendable {
    case newHabit
    case newEvent
    /// Editing an existing tracker, with its record count for the day counter.
    case edit(TrackerSummary)
  }

  /// One emoji of the 6×3 picker.
  public struct EmojiItem: Equatable, Sendable {
    public var emoji: String
    /// Selected emoji get a background.
    public var isSelected: Bool
  }

  /// One color of the 6×3 picker.
  public struct ColorItem: Equatable, Sendable {
    public var color: TrackerColor
    /// The selected color gets a border.
    public var isSelected: Bool
  }

  /// The edit form's "N days" with − and +.
  public struct DayCounter: Equatable, Sendable {
    public var text: String
    public var count: Int
    public var isMinusEnabled: Bool
    public var minusAccessibilityLabel: String
    public var plusAccessibilityLabel: String
  }

  /// What the form shows.
  public struct State: Equatable, Sendable {
    public var title: String
    public var name: String
    public var namePlaceholder: String
    /// The ✕ in the field, from one character on (seed: creation 2i).
    public var isClearVisible: Bool
    public var clearAccessibilityLabel: String
    /// "38 character limit" and the like, while the name is refused.
    public var nameError: String?
    public var categoryTitle: String
    /// The chosen category, under the row's title.
    public var categoryValue: String?
    /// Whether the form has the schedule row (habits only).
    public var hasSchedule: Bool
    public var scheduleTitle: String
    /// The chosen days ("Пн, Ср" or "Every day"), under the row's title.
    public var scheduleValue: String?
    public var emojiTitle: String
    public var emojis: [EmojiItem]
    public var colorTitle: String
    public var colors: [ColorItem]
    /// Edit only: the day counter.
    public var dayCounter: DayCounter?
    public var cancelTitle: String
    /// "Create", or "Save" when editing.
    public var createTitle: String
    /// Whether everything is filled and valid (seed: creation 8).
    public var isCreateEnabled: Bool
  }

  /// Where the form sends the user.
  public enum Route: Equatable, Sendable {
    /// The category list, with the form's category checked.
    case categories(checked: UUID?)
    /// The schedule, with the form's days switched on.
    case schedule(WeekdaySet)
    /// Saved or cancelled: close the form.
    case close
  }

  /// The state now.
  public private(set) var state: State {
    didSet { if state != oldValue { observers.notify(state) } }
  }
  /// Called when the form sends the user elsewhere.
  public var onRoute: ((Route) -> Void)?

  private let environment: AppEnvironment
  private let mode: Mode
  private let observers = StateObservers<State>()
  private var subscription: ObservationToken?
  private var categoryID: UUID?
  private var days: WeekdaySet
  private var emoji: String?
  private var color: TrackerColor?
  private var dayCount: Int
  /// The id a new tracker will have (taken once, so ids stay predictable in tests).
  private lazy var newTrackerID = environment.makeID()

  /// The form for `mode`.
  public init(environment: AppEnvironment, mode: Mode) {
    self.environment = environment
    self.mode = mode
    let localizer = environment.localizer
    var name = ""
    switch mode {
    case .newHabit, .newEvent:
      days = []
      dayCount = 0
    case .edit(let summary):
      name = summary.tracker.name
      categoryID = summary.tracker.categoryID
      days = summary.tracker.kind.isHabit ? summary.tracker.kind.dueDays : []
      emoji = summary.tracker.emoji
      color = summary.tracker.color
      dayCount = summary.recordCount
    }
    let titleKey: TextKey
    switch mode {
    case .newHabit: titleKey = .formTitleNewHabit
    case .newEvent: titleKey = .formTitleNewEvent
    case .edit(let summary):
      titleKey = summary.tracker.kind.isHabit ? .formTitleEditHabit : .formTitleEditEvent
    }
    var isEditing = false
    if case .edit = mode { isEditing = true }
    state = State(
      title: localizer.text(titleKey), name: name, namePlaceholder: localizer.text(.formNamePlaceholder),
      isClearVisible: false, clearAccessibilityLabel: localizer.text(.formNameClearAccessibility),
      nameError: nil,
      categoryTitle: localizer.text(.formCategory), categoryValue: nil, hasSchedule: mode.isHabit,
      scheduleTitle: localizer.text(.formSchedule), scheduleValue: nil,
      emojiTitle: localizer.text(.formEmoji),
      emojis: [], colorTitle: localizer.text(.formColor), colors: [], dayCounter: nil,
      cancelTitle: localizer.text(.formCancel),
      createTitle: localizer.text(isEditing ? .formSave : .formCreate),
      isCreateEnabled: false)
    refresh(&state)
    // A category renamed or deleted from the category list shows here at once.
    subscription = StoreSubscription.observe(environment.store) { [weak self] change in
      guard !change.categoryIDs.isEmpty || !change.trackerIDs.isEmpty else { return }
      self?.refresh()
    }
  }

  /// Calls `handler` with the state now and after each change.
  public func observe(_ handler: @escaping (State) -> Void) -> BindingToken { observers.add(state, handler) }

  /// Call when the user changed the name field's text.
  public func nameChanged(_ text: String) {
    var next = state
    next.name = text
    refresh(&next)
    state = next
  }

  /// Call when the user tapped the ✕ in the name field.
  public func clearNameTapped() { nameChanged("") }

  /// Call when the user tapped the Category row.
  public func categoryTapped() { onRoute?(.categories(checked: categoryID)) }

  /// Call when the category list returned a choice (or when the form's category was deleted).
  public func categoryChosen(_ id: UUID?) {
    categoryID = id
    refresh()
  }

  /// Call when the user tapped the Schedule row.
  public func scheduleTapped() { onRoute?(.schedule(days)) }

  /// Call when the schedule screen returned its days.
  public func scheduleChosen(_ chosen: WeekdaySet) {
    days = chosen
    refresh()
  }

  /// Call when the user tapped emoji number `index` (0-based) of the picker.
  public func emojiTapped(_ index: Int) {
    guard TrackerEmoji.all.indices.contains(index) else { return }
    emoji = TrackerEmoji.all[index]
    refresh()
  }

  /// Call when the user tapped color number `index` (0-based) of the picker.
  public func colorTapped(_ index: Int) {
    guard TrackerColor.palette.indices.contains(index) else { return }
    color = TrackerColor.palette[index]
    refresh()
  }

  /// Call when the user tapped − on the day counter (never below zero).
  public func daysMinusTapped() {
    guard dayCount > 0 else { return }
    dayCount -= 1
    refresh()
  }

  /// Call when the user tapped + on the day counter.
  public func daysPlusTapped() {
    dayCount += 1
    refresh()
  }

  /// Call when the user tapped Cancel: nothing is saved (seed: creation 7).
  public func cancelTapped() { onRoute?(.close) }

  /// Call when the user tapped Create or Save (only possible while enabled).
  public func createTapped() {
    guard state.isCreateEnabled, let tracker = draft() else { return }
    do {
      switch mode {
      case .newHabit, .newEvent:
        try environment.write { try $0.createTracker(tracker) }
      case .edit(let summary):
        // The counter's net change applies on Save only (DESIGN.md §3).
        let recorded = Set((try? environment.store.recordDays(trackerID: tracker.id)) ?? [])
        let change = dayCount - summary.recordCount
        let today = environment.today
        let added =
          change > 0
          ? TrackedDaysEdit.daysToAdd(count: change, kind: tracker.kind, recordedDays: recorded, today: today)
          : []
        let removed = change < 0 ? TrackedDaysEdit.daysToRemove(count: -change, recordedDays: recorded) : []
        try environment.write {
          try $0.updateTracker(tracker, addingRecordsOn: added, removingRecordsOn: removed)
        }
      }
      onRoute?(.close)
    } catch {
      var next = state
      if case .invalidTrackerName(let reason) = error {
        next.nameError = DisplayText.nameError(reason, isCategory: false, environment.localizer)
      }
      next.isCreateEnabled = false
      state = next
    }
  }

  /// The tracker the form describes, when everything is filled.
  private func draft(name: String? = nil) -> Tracker? {
    guard let categoryID, let emoji, let color else { return nil }
    let kind: TrackerKind
    if mode.isHabit {
      guard let schedule = Schedule(days) else { return nil }
      kind = .habit(schedule)
    } else {
      kind = .event
    }
    switch mode {
    case .newHabit, .newEvent:
      return Tracker(
        id: newTrackerID, name: NameRules.trimmed(name ?? state.name), emoji: emoji, color: color,
        categoryID: categoryID, isPinned: false, createdOn: environment.today, kind: kind)
    case .edit(let summary):
      var tracker = summary.tracker
      tracker.name = NameRules.trimmed(name ?? state.name)
      tracker.emoji = emoji
      tracker.color = color
      tracker.categoryID = categoryID
      tracker.kind = kind
      return tracker
    }
  }

  private func refresh() {
    var next = state
    refresh(&next)
    state = next
  }

  /// Recomputes everything derived from the form's fields into `state`.
  private func refresh(_ state: inout State) {
    let localizer = environment.localizer
    let store = environment.store
    var editedID: UUID?
    if case .edit(let summary) = mode { editedID = summary.tracker.id }
    let others = ((try? store.trackers()) ?? []).filter { $0.tracker.id != editedID }.map(\.tracker.name)
    let validation = NameRules.validate(state.name, against: others)
    switch validation {
    case .success: state.nameError = nil
    case .failure(let reason): state.nameError = DisplayText.nameError(reason, isCategory: false, localizer)
    }
    state.isClearVisible = !state.name.isEmpty
    if let categoryID, let category = ((try? store.categories()) ?? []).first(where: { $0.id == categoryID })
    {
      state.categoryValue = category.title
    } else {
      categoryID = nil
      state.categoryValue = nil
    }
    state.scheduleValue = days.isEmpty ? nil : DisplayText.schedule(days, localizer)
    state.emojis = TrackerEmoji.all.map { EmojiItem(emoji: $0, isSelected: $0 == emoji) }
    state.colors = TrackerColor.palette.map { ColorItem(color: $0, isSelected: $0 == color) }
    if case .edit = mode {
      state.dayCounter = DayCounter(
        text: localizer.plural(.days, count: dayCount), count: dayCount, isMinusEnabled: dayCount > 0,
        minusAccessibilityLabel: localizer.text(.formDaysMinusAccessibility),
        plusAccessibilityLabel: localizer.text(.formDaysPlusAccessibility))
    }
    var isValid = false
    if case .success = validation { isValid = true }
    state.isCreateEnabled = isValid && draft(name: state.name) != nil
  }
}

extension TrackerFormViewModel.Mode {
  /// Whether the form describes a habit (and so has a schedule).
  var isHabit: Bool {
    switch self {
    case .newHabit: return true
    case .newEvent: return false
    case .edit(let summary): return summary.tracker.kind.isHabit
    }
  }
}
