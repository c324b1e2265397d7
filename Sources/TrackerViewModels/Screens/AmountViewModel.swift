import Foundation
import TrackerLocalization
import TrackerModels

/// The amount sheet of a measurable tracker (screen `amount`, issue 32): one day's amount in the
/// language's decimal format, − and + by one unit (never below 0), Save and Clear. Opened by a
/// measurable card's button.
@MainActor
public final class AmountViewModel: PresentedScreen, DaySheet {
  /// What the sheet shows.
  public struct State: ScreenState, DaySheetState {
    public var trackerID: UUID
    public var day: Day
    /// The tracker's name.
    public var title: String
    /// The day, in full: "Mon 30 Nov" / "Пн 30 нояб.".
    public var dateText: String
    /// "Target: at least 20 km".
    public var goalText: String
    public var unit: String
    /// The number field's text, as typed: "12,5".
    public var text: String
    /// Whether the field's text is the amount the sheet was opened with, untouched: shown selected,
    /// so the first key typed replaces it instead of adding to it ("7" over "12,5" is "7", never
    /// "12,57"; issue 49). A client selects the field's text while this is true.
    public var isTextSelected = false
    public var placeholder: String
    /// Set while the text is not an amount (an empty field shows none).
    public var error: String?
    public var minusAccessibilityLabel: String
    public var plusAccessibilityLabel: String
    /// False at 0 and while the text is not an amount.
    public var isMinusEnabled: Bool
    public var isPlusEnabled: Bool
    public var saveTitle: String
    /// Enabled for a valid amount.
    public var isSaveEnabled: Bool
    public var clearTitle: String
    /// Enabled when the day has an amount (a record) to remove.
    public var isClearEnabled: Bool
    /// A failed save or read.
    /// Whether its save is on its way (the store has not answered yet): the form takes no second
    /// save and no Cancel meanwhile, and a client shows its save button disabled.
    public var isSaving: Bool = false
    public var alert: AlertState?

    /// A value with every field given.
    public init(
      trackerID: UUID, day: Day, title: String, dateText: String, goalText: String, unit: String,
      text: String,
      placeholder: String, error: String? = nil, minusAccessibilityLabel: String,
      plusAccessibilityLabel: String,
      isMinusEnabled: Bool, isPlusEnabled: Bool, saveTitle: String, isSaveEnabled: Bool, clearTitle: String,
      isClearEnabled: Bool, alert: AlertState? = nil
    ) {
      self.trackerID = trackerID
      self.day = day
      self.title = title
      self.dateText = dateText
      self.goalText = goalText
      self.unit = unit
      self.text = text
      self.placeholder = placeholder
      self.error = error
      self.minusAccessibilityLabel = minusAccessibilityLabel
      self.plusAccessibilityLabel = plusAccessibilityLabel
      self.isMinusEnabled = isMinusEnabled
      self.isPlusEnabled = isPlusEnabled
      self.saveTitle = saveTitle
      self.isSaveEnabled = isSaveEnabled
      self.clearTitle = clearTitle
      self.isClearEnabled = isClearEnabled
      self.alert = alert
    }
  }

  public let observable: ObservableState<State>

  /// The number field's text, as a text field binds it: writing it is the user typing.
  public var text: String {
    get { observable[field: \.text] }
    set { textChanged(newValue) }
  }
  /// Shows the tracker and its record on the sheet's day, as read.
  private func show(_ read: (tracker: Tracker, entry: TrackerRecord?)?) {
    var next = state
    if let (tracker, record) = read {
      goal = tracker.measure.goal
      next.title = tracker.name
      if let goal, let record { stored = record.amount ?? goal.target }
      next.isClearEnabled = record != nil
    }
    // What the user typed (or counted with − and +) before the read came stays: the read fills an
    // untouched field only.
    if !isTyped {
      next.text = stored.map { DisplayText.amount($0, environment.localizer) } ?? ""
      next.isTextSelected = !next.text.isEmpty
    }
    state = Self.labelled(next, goal: goal, environment.localizer)
    validate(state.text)
  }

  /// Whether the user has typed in the field or pressed − or + (a read that comes later leaves it).
  private var isTyped = false

  /// Called when the sheet closes after a save or a clear.
  public var onClose: (() -> Void)?

  package let environment: AppEnvironment
  private var goal: MeasureGoal?
  /// The amount stored when the sheet opened (the target for a record without one), nil without a record.
  private var stored: Amount?

  /// The sheet of tracker `trackerID` on `day`, showing the stored amount.
  public init(environment: AppEnvironment, trackerID: UUID, day: Day) {
    self.environment = environment
    observable = ObservableState(
      State(
        trackerID: trackerID, day: day, title: "", dateText: "", goalText: "", unit: "", text: "",
        placeholder: "", minusAccessibilityLabel: "", plusAccessibilityLabel: "", isMinusEnabled: false,
        isPlusEnabled: false, saveTitle: "", isSaveEnabled: false, clearTitle: "", isClearEnabled: false))
    state = Self.labelled(state, goal: nil, environment.localizer)
    validate(state.text)
    readTrackerAndEntry { (store, id, day) throws(StoreError) in
      try store.records(trackerID: id).first { $0.day == day }
    } then: { [weak self] read in
      self?.show(read)
    }
    region = following(environment.region) { model in
      let localizer = model.environment.localizer
      var next = Self.labelled(model.state, goal: model.goal, localizer)
      // What was typed stays; a valid amount is written again in the new language's format.
      if let amount = try? Amount(parsing: next.text) { next.text = DisplayText.amount(amount, localizer) }
      model.state = next
      model.validate(next.text)
    }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// `state` with its texts in `localizer`'s language.
  private static func labelled(_ state: State, goal: MeasureGoal?, _ localizer: Localizer) -> State {
    var state = state
    state.dateText = DisplayText.weekdayAndDate(state.day, localizer)
    if let goal {
      let target = DisplayText.amount(goal.target, localizer)
      switch goal.direction {
      case .atLeast: state.goalText = localizer.text(.amountGoalAtLeast(target: target, unit: goal.unit))
      case .atMost: state.goalText = localizer.text(.amountGoalAtMost(target: target, unit: goal.unit))
      }
      // A period target's is the week's or the month's (issue 49): "… 50000 steps a week".
      switch goal.period {
      case nil: break
      case .week?: state.goalText += " " + localizer.text(.formTargetPeriodWeek)
      case .month?: state.goalText += " " + localizer.text(.formTargetPeriodMonth)
      }
      state.unit = goal.unit
    }
    state.placeholder = localizer.text(.amountPlaceholder)
    state.minusAccessibilityLabel = localizer.text(.amountMinusAccessibility(unit: state.unit))
    state.plusAccessibilityLabel = localizer.text(.amountPlusAccessibility(unit: state.unit))
    state.saveTitle = localizer.text(.amountSave)
    state.clearTitle = localizer.text(.amountClear)
    state.alert = state.alert?.relabelled(localizer)
    return state
  }

  /// The amount the field holds, or why it is not one.
  private func parsed(_ text: String) -> Result<Amount, AmountParseError> {
    Result { () throws(AmountParseError) in try Amount(parsing: text) }
  }

  /// Call when the field's text changed: Save is enabled for an amount; anything else but an
  /// empty field says why it is refused.
  public func textChanged(_ text: String) {
    isTyped = true
    state.isTextSelected = false
    validate(text)
  }

  /// Shows `text` with what Save, −, + and the error say of it.
  private func validate(_ text: String) {
    var next = state
    next.text = text
    switch parsed(text) {
    case .success(let amount):
      next.error = nil
      next.isSaveEnabled = goal != nil
      next.isMinusEnabled = amount.isPositive
      next.isPlusEnabled = amount.thousandths + 1000 <= Amount.maximum.thousandths
    case .failure(let error):
      next.error = DisplayText.amountError(error, environment.localizer)
      next.isSaveEnabled = false
      // An empty field counts from 0: + gives 1.
      next.isMinusEnabled = false
      next.isPlusEnabled = error == .empty
    }
    state = next
  }

  /// Call when the user tapped −: one unit less, never below 0.
  public func minusTapped() {
    guard case .success(let amount) = parsed(state.text), amount.isPositive else { return }
    let lower = Amount(thousandths: max(0, amount.thousandths - 1000)) ?? .zero
    textChanged(DisplayText.amount(lower, environment.localizer))
  }

  /// Call when the user tapped +: one unit more (from 0 in an empty field).
  public func plusTapped() {
    let amount: Amount
    switch parsed(state.text) {
    case .success(let typed): amount = typed
    case .failure(.empty): amount = .zero
    case .failure: return
    }
    guard let higher = Amount(thousandths: amount.thousandths + 1000), higher <= .maximum else { return }
    textChanged(DisplayText.amount(higher, environment.localizer))
  }

  /// Call when the user tapped Save: the day's amount is stored (a day off that day is cancelled)
  /// and the sheet closes; a failure keeps it open with an alert.
  public func saveTapped() {
    guard state.isSaveEnabled, case .success(let amount) = parsed(state.text) else { return }
    writeAndClose { (store, id, day) throws(StoreError) in
      try HabitCommand(trackerID: id, day: day, action: .setAmount(amount)).run(on: store).changed
    }
  }

  /// Call when the user tapped Clear: the day's record goes, and the sheet closes.
  public func clearTapped() {
    guard state.isClearEnabled else { return }
    writeAndClose { (store, id, day) throws(StoreError) in
      try HabitCommand(trackerID: id, day: day, action: .setAmount(nil)).run(on: store).changed
    }
  }
}
