import Foundation
import TrackerLocalization
import TrackerModels

/// Creating a habit or an irregular event, and editing either (seed: creation 1–8, main screen 6ii).
@MainActor
public final class TrackerFormViewModel: PresentedScreen {

  /// The state and its observers.
  public let observable: ObservableState<State>

  /// The name field's text, as a text field binds it (`TextField(…, text: $model.name)`): reading it tracks
  /// that field alone; writing it is the user typing (`nameChanged(_:)`).
  public var name: String {
    get { observable[field: \.name] }
    set { nameChanged(newValue) }
  }
  /// The unit field's text, as a text field binds it; writing it is the user typing (`unitChanged(_:)`).
  public var unit: String {
    get { observable[field: \.measure.unit] }
    set { unitChanged(newValue) }
  }
  /// The target field's text, as a text field binds it; writing it is the user typing
  /// (`targetChanged(_:)`).
  public var target: String {
    get { observable[field: \.measure.target] }
    set { targetChanged(newValue) }
  }
  /// Called when the form sends the user elsewhere.
  public var onRoute: ((Route) -> Void)?

  package let environment: AppEnvironment
  let mode: Mode
  var subscription: ObservationToken?
  var categoryID: UUID?
  var schedule: ScheduleChoice
  var emoji: String?
  var color: TrackerColor?
  /// The day counter's net change since the form opened (docs/rules.md, "More or fewer days").
  var dayChange = 0
  var measureKind: MeasureKind
  var direction: MeasureDirection
  /// What a measurable habit's target is for: a day, a week or a month (issue 49).
  var targetPeriod = TargetPeriod.day
  /// The tracker's reminders as the form has them (issue 48).
  var reminders: [HabitReminder] = []
  /// Editing: the tracker's records and days off as stored, read with the names (nil until read),
  /// so the counter counts met days as the card does.
  var storedHistory: (records: [TrackerRecord], daysOff: [Day])?
  /// The other trackers' names and every category, read when the form opens and after each store
  /// change, so typing answers from memory; nil until a read succeeds.
  var otherNames: [String]?
  var categories: [TrackerCategory]?
  /// A category chosen that the last read of `categories` did not have yet (`categoryChosen`).
  var awaitedCategoryID: UUID? {
    didSet { if awaitedCategoryID == nil { awaitedWatch = nil } }
  }
  /// While a category is awaited: the commits that touch it (`watchAwaited`).
  var awaitedWatch: ObservationToken?
  /// The id a new tracker will have (taken once, so ids stay predictable in tests).
  lazy var newTrackerID = environment.makeID()
  /// Whether the store was read once since the form opened.
  var hasReadOnce = false
  /// The id of the tracker this form is saving: the store tells the form of its own write while
  /// it writes, and its own name must not then read as taken.
  var savingID: UUID?

  /// The form for `mode`.
  public init(environment: AppEnvironment, mode: Mode) {
    self.environment = environment
    self.mode = mode
    let localizer = environment.localizer
    var name = ""
    var measure = MeasureFields()
    switch mode {
    case .newHabit, .newEvent:
      schedule = .weekdays([])
      measureKind = .yesNo
      direction = .atLeast
    case .edit(let summary):
      let tracker = summary.tracker
      name = tracker.name
      categoryID = tracker.categoryID
      switch tracker.kind {
      case .habit(let stored): schedule = ScheduleChoice(stored)
      case .event: schedule = .weekdays([])
      }
      emoji = tracker.emoji
      color = tracker.color
      reminders = tracker.reminders
      switch tracker.measure {
      case .yesNo:
        measureKind = .yesNo
        direction = .atLeast
      case .measurable(let goal):
        measureKind = .amount
        direction = goal.direction
        targetPeriod = TargetPeriod(goal.period)
        measure.unit = goal.unit
        measure.target = goal.target.written(decimalSeparator: localizer.decimalSeparator)
      }
    }
    observable = ObservableState(
      Self.labelled(
        State(
          title: "", name: name, namePlaceholder: "", isClearVisible: false, clearAccessibilityLabel: "",
          nameError: nil, categoryTitle: "", categoryValue: nil, hasSchedule: mode.isHabit, scheduleTitle: "",
          scheduleValue: nil, emojiTitle: "", emojis: [], colorTitle: "", colors: [], dayCounter: nil,
          cancelTitle: "", createTitle: "", isCreateEnabled: false, alert: nil, measure: measure),
        mode: mode, localizer))
    // The other trackers' names, the categories and the edited tracker's days, read together
    // now and again after each burst of commits that touch them (a category renamed or deleted
    // from the category list shows here at once).
    let editedID: UUID? = if case .edit(let summary) = mode { summary.tracker.id } else { nil }
    subscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in
        try store.read { (reader) throws(StoreError) in
          var stored = Stored(
            names: try reader.trackers().map { Stored.Name(id: $0.tracker.id, name: $0.tracker.name) },
            categories: try reader.categories(), records: [], daysOff: [])
          if let editedID {
            stored.records = try reader.records(trackerID: editedID)
            stored.daysOff = try reader.daysOff(trackerID: editedID)
          }
          return stored
        }
      },
      onChange: { [weak self] read in self?.storeRead(read) })
    openedDraft = currentDraft
    region = following(environment.region) { model in
      var next = Self.labelled(model.state, mode: model.mode, model.environment.localizer)
      model.refresh(&next)
      model.state = next
    }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// `state` with the texts that are not typed or read in `localizer`'s language.
  static func labelled(_ state: State, mode: Mode, _ localizer: Localizer) -> State {
    let titleKey: TextKey
    var isEditing = false
    switch mode {
    case .newHabit: titleKey = .formTitleNewHabit
    case .newEvent: titleKey = .formTitleNewEvent
    case .edit(let summary):
      titleKey = summary.tracker.kind.isHabit ? .formTitleEditHabit : .formTitleEditEvent
      isEditing = true
    }
    var state = state
    state.title = localizer.text(titleKey)
    state.namePlaceholder = localizer.text(.formNamePlaceholder)
    state.clearAccessibilityLabel = localizer.text(.formNameClearAccessibility)
    state.categoryTitle = localizer.text(.formCategory)
    state.scheduleTitle = localizer.text(.formSchedule)
    state.emojiTitle = localizer.text(.formEmoji)
    state.colorTitle = localizer.text(.formColor)
    state.measure.title = localizer.text(.formMeasure)
    state.measure.unitTitle = localizer.text(.formUnit)
    state.measure.unitPlaceholder = localizer.text(.formUnitPlaceholder)
    state.measure.targetTitle = localizer.text(.formTarget)
    state.measure.targetPlaceholder = localizer.text(.formTargetPlaceholder)
    state.reminders.title = localizer.text(.formReminders)
    state.reminders.addTitle = localizer.text(.formRemindersAdd)
    state.cancelTitle = localizer.text(.formCancel)
    state.createTitle = localizer.text(isEditing ? .formSave : .formCreate)
    state.alert = state.alert?.relabelled(localizer)
    if state.discardQuestion != nil { state.discardQuestion = discardQuestion(localizer) }
    return state
  }

  static func discardQuestion(_ localizer: Localizer) -> State.DiscardQuestion {
    State.DiscardQuestion(
      text: localizer.text(.formDiscardQuestion), discardTitle: localizer.text(.formDiscard),
      keepEditingTitle: localizer.text(.formKeepEditing))
  }

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
    // One just made from the form's list comes back before the form's read of the categories
    // has it (in the app, that read follows the commit): kept until a read comes.
    awaitedCategoryID = id.flatMap { id in categories?.contains { $0.id == id } == false ? id : nil }
    if let awaitedCategoryID { watchAwaited(awaitedCategoryID) }
    refresh()
  }

  /// Call when the user tapped the Schedule row.
  public func scheduleTapped() { onRoute?(.schedule(schedule)) }

  /// Call when the schedule screen returned its days.
  public func scheduleChosen(_ chosen: WeekdaySet) { scheduleChosen(.weekdays(chosen)) }

  /// Call when the schedule screen returned its choice: days, or N a week or a month.
  public func scheduleChosen(_ chosen: ScheduleChoice) {
    schedule = chosen
    refresh()
  }

  // Issue 32: form
  /// Call when the user chose Yes/No or Measurable; the unit and target typed stay for a switch back.
  public func measureKindTapped(_ kind: MeasureKind) {
    measureKind = kind
    refresh()
  }

  /// Call when the user changed the unit field's text.
  public func unitChanged(_ text: String) {
    var next = state
    next.measure.unit = text
    refresh(&next)
    state = next
  }

  /// Call when the user changed the target field's text.
  public func targetChanged(_ text: String) {
    var next = state
    next.measure.target = text
    refresh(&next)
    state = next
  }

  /// Call when the user chose what the target is for: a day, a week or a month.
  public func targetPeriodTapped(_ chosen: TargetPeriod) {
    targetPeriod = chosen
    refresh()
  }

  /// Call when the user chose at least or at most.
  public func directionTapped(_ chosen: MeasureDirection) {
    direction = chosen
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
    guard state.dayCounter?.isMinusEnabled == true else { return }
    dayChange -= 1
    refresh()
  }

  /// Call when the user tapped + on the day counter.
  public func daysPlusTapped() {
    guard state.dayCounter != nil else { return }
    dayChange += 1
    refresh()
  }

  /// The form as it opened; set at the end of `init`.
  var openedDraft: Draft?

  /// Whether anything was entered or changed since the form opened (`State.hasChanges`, tracked
  /// on its own).
  public var hasChanges: Bool { observable[field: \.hasChanges] }

  /// Call when the user tapped Create or Save (only possible while enabled). The form closes
  /// once the store has the tracker; otherwise it stays, with the reason under the name (a name
  /// taken meanwhile) or in an alert (the store refused).
  public func createTapped() {
    guard state.isCreateEnabled, !state.isSaving, let tracker = draft() else { return }
    let localizer = environment.localizer
    let isNew: Bool
    switch mode {
    case .newHabit, .newEvent: isNew = true
    case .edit: isNew = false
    }
    let (dayChange, today) = (dayChange, environment.today)
    savingID = tracker.id
    // A failure to read the stored days comes back as the write's value: it is a read's, and
    // nothing was written.
    environment.access.write(.givingUpAfterWait) { (store) throws(StoreError) -> StoreError? in
      if isNew {
        try store.createTracker(tracker)
        return nil
      }
      var added: [Day] = []
      var removed: [Day] = []
      // Days whose amount missed and that the gain makes met: their amount becomes the target.
      var raised: [Day] = []
      if dayChange != 0 {
        // The counter's net change applies on Save only (docs/rules.md), from the records as
        // stored, judged by the tracker as saved.
        let history: TrackerHistory
        do throws(StoreError) {
          history = try store.read { (reader) throws(StoreError) in
            Self.history(
              of: tracker,
              (try reader.records(trackerID: tracker.id), try reader.daysOff(trackerID: tracker.id)))
          }
        } catch {
          return error
        }
        if dayChange > 0 {
          // Days off are passed over: a gain never fills a vacation (docs/rules.md).
          for record in TrackedDaysEdit.recordsToAdd(count: dayChange, history: history, today: today) {
            if history.records[record.day] == nil {
              added.append(record.day)
            } else {
              raised.append(record.day)
            }
          }
        } else {
          removed = Array(Self.removableDays(history).prefix(-dayChange))
        }
      }
      // One transaction: a record added without an amount counts as the target; one whose
      // amount missed gets it.
      try store.updateTracker(
        tracker, addingRecordsOn: added, removingRecordsOn: removed, raisingToTargetOn: raised)
      return nil
    } then: { [weak self] result in
      guard let self else { return }
      var next = self.state
      next.isSaving = false
      switch result {
      case .success(let readFailure?): next.alert = .storeFailure(readFailure, .read, localizer)
      case .success(nil):
        self.state = next
        self.onRoute?(.close)
        return
      case .failure(let error):
        if case .invalidTrackerName(let reason) = error {
          next.nameError = DisplayText.nameError(reason, isCategory: false, localizer)
          next.isCreateEnabled = false
        } else {
          next.alert = .storeFailure(error, .save, localizer)
        }
      }
      self.state = next
    }
    // The outcome comes on a later turn: until then the save is on its way.
    state.isSaving = true
  }

  /// The tracker the form describes, when everything is filled.
  func draft(name: String? = nil, measure fields: MeasureFields? = nil) -> Tracker? {
    guard let categoryID, let emoji, let color, let measure = measure(fields ?? state.measure) else {
      return nil
    }
    let kind: TrackerKind
    if mode.isHabit {
      guard let schedule = schedule.schedule else { return nil }
      kind = .habit(schedule)
    } else {
      kind = .event
    }
    // A schedule and a measure that cannot go together make no tracker (issue 49).
    guard Tracker.paceConflict(kind: kind, measure: measure) == nil else { return nil }
    switch mode {
    case .newHabit, .newEvent:
      return Tracker(
        id: newTrackerID, name: NameRules.trimmed(name ?? state.name), emoji: emoji, color: color,
        categoryID: categoryID, isPinned: false, createdOn: environment.today, kind: kind, measure: measure,
        reminders: reminders)
    case .edit(let summary):
      var tracker = summary.tracker
      tracker.name = NameRules.trimmed(name ?? state.name)
      tracker.emoji = emoji
      tracker.color = color
      tracker.categoryID = categoryID
      tracker.kind = kind
      tracker.measure = measure
      tracker.reminders = reminders
      return tracker
    }
  }

  /// The measure `fields` describe, or nil while a measurable tracker's fields are not valid.
  func measure(_ fields: MeasureFields) -> TrackerMeasure? {
    switch measureKind {
    case .yesNo: return .yesNo
    case .amount:
      guard let target = try? Amount(parsing: fields.target) else { return nil }
      return try? TrackerMeasure.measurable(
        unit: fields.unit, target: target, direction: direction,
        period: mode.isHabit ? targetPeriod.period : nil)
    }
  }

  /// What the form needs of the store, read together: every tracker's name, the categories, and
  /// the edited tracker's records and days off.
  struct Stored: Equatable, Sendable {
    struct Name: Equatable, Sendable {
      var id: UUID
      var name: String
    }
    var names: [Name]
    var categories: [TrackerCategory]
    var records: [TrackerRecord]
    var daysOff: [Day]
  }

  /// Takes what was read: the names the field must differ from (all but this tracker's), the
  /// categories and the stored days; when the store cannot be read, the form keeps what it knew
  /// and an alert says why.
  func storeRead(_ read: Result<Stored, StoreError>) {
    switch read {
    case .success(let stored):
      var ownIDs: Set<UUID> = savingID.map { [$0] } ?? []
      if case .edit(let summary) = mode { ownIDs.insert(summary.tracker.id) }
      otherNames = stored.names.filter { !ownIDs.contains($0.id) }.map(\.name)
      categories = stored.categories
      // A read with the chosen category has it at last. One without it may have begun before
      // the category was made (a commit elsewhere set it off) and come after the choice: the
      // choice waits on (`watchAwaited` hears of a deletion).
      if let awaited = awaitedCategoryID, stored.categories.contains(where: { $0.id == awaited }) {
        awaitedCategoryID = nil
      }
      if case .edit = mode { storedHistory = (stored.records, stored.daysOff) }
      // A new tracker's form opens on the only category there is (issue 49): chosen as the form
      // opened, so it is no change of the user's.
      if !hasReadOnce, !mode.isEditing, categoryID == nil, stored.categories.count == 1 {
        categoryID = stored.categories[0].id
        openedDraft?.categoryID = categoryID
      }
      hasReadOnce = true
    case .failure(let error):
      state.alert = .storeFailure(error, .read, environment.localizer)
    }
    refresh()
  }

  /// Follows the commits while `id` is awaited: the choice comes after the commit that made the
  /// category, so a later one that touches it (or another program's) may have deleted it, and the
  /// categories are read again to see. Without it, the row asks for a category again; with it,
  /// the form's own read brings it. (The form's read of a list that ends as it was before the
  /// category came is no change, and is not handed over.)
  private func watchAwaited(_ id: UUID) {
    awaitedWatch = environment.access.observe { [weak self] change in
      guard change.isEverything || change.categoryIDs.contains(id) else { return }
      self?.checkAwaited(id)
    }
    // And once now: deleted before the watch began (elsewhere, after the list the user chose
    // from was read), no later commit would tell of it.
    checkAwaited(id)
  }

  /// Reads the categories and ends the wait for `id` when it is not there (deleted): asked after
  /// the choice, which comes after the commit that made the category, the read has it otherwise.
  private func checkAwaited(_ id: UUID) {
    environment.access.read { (store) throws(StoreError) in
      try store.categories()
    } then: { [weak self] read in
      guard let self, awaitedCategoryID == id, case .success(let categories) = read,
        !categories.contains(where: { $0.id == id })
      else { return }
      awaitedCategoryID = nil
      refresh()
    }
  }

  func refresh() {
    var next = state
    refresh(&next)
    state = next
  }

  /// Recomputes everything derived from the form's fields into `state`.
  /// The edited tracker's name as stored: it passes as it is while left unchanged
  /// (`NameRules.validateTyped`).
  private var originalName: String? {
    guard case .edit(let summary) = mode else { return nil }
    return summary.tracker.name
  }

  /// The edited tracker's unit as stored, passing as it is while left unchanged
  /// (`MeasureGoal.validatedTypedUnit`).
  var originalUnit: String? {
    guard case .edit(let summary) = mode else { return nil }
    return summary.tracker.measure.goal?.unit
  }

  func refresh(_ state: inout State) {
    state.hasChanges = openedDraft.map { $0 != draft(of: state) } ?? false
    let localizer = environment.localizer
    let validation = NameRules.validateTyped(
      state.name, against: otherNames ?? [], original: originalName)
    switch validation {
    case .success: state.nameError = nil
    case .failure(let reason): state.nameError = DisplayText.nameError(reason, isCategory: false, localizer)
    }
    state.isClearVisible = !state.name.isEmpty
    if let categories {
      if let categoryID, let category = categories.first(where: { $0.id == categoryID }) {
        state.categoryValue = category.title
      } else if categoryID != nil, categoryID == awaitedCategoryID {
        // Chosen, not read yet: its title shows when the read comes.
        state.categoryValue = nil
      } else {
        // The form's category was deleted (here or elsewhere): the row asks for one again.
        categoryID = nil
        state.categoryValue = nil
      }
    }
    switch schedule {
    case .weekdays(let days): state.scheduleValue = days.isEmpty ? nil : DisplayText.schedule(days, localizer)
    case .quota(let quota): state.scheduleValue = DisplayText.quota(quota.count, per: quota.period, localizer)
    case .window(let window): state.scheduleValue = DisplayText.window(window, localizer)
    }
    refreshMeasure(&state.measure)
    state.reminders.rows = reminders.map { reminder in
      ReminderRow(
        time: reminder.time, text: reminder.time.description,
        details: DisplayText.reminderDetails(reminder, localizer),
        removeAccessibilityLabel: localizer.text(.formReminderRemoveAccessibility(reminder.time.description)))
    }
    state.reminders.isAddEnabled = reminders.count < HabitReminder.limit
    state.emojis = TrackerEmoji.all.map { EmojiItem(emoji: $0, isSelected: $0 == emoji) }
    state.colors = TrackerColor.palette.map { ColorItem(color: $0, isSelected: $0 == color) }
    if case .edit(let summary) = mode {
      // Met days of the tracker as the form describes it (as stored while its fields are not
      // valid), as its card counts them; the records alone until they were read.
      let tracker = draft(name: state.name, measure: state.measure) ?? summary.tracker
      // A window habit's or a period target's day is met by its window or its period, so one day
      // more is not one met day more: no counter for them (issue 49), and no change pending.
      let judgedByPeriod = tracker.window != nil || tracker.measure.goal?.period != nil
      if judgedByPeriod { dayChange = 0 }
      var opened = summary.recordCount
      var removable = summary.recordCount
      if let storedHistory {
        let history = Self.history(of: tracker, storedHistory)
        opened = history.cardDayCount(today: environment.today)
        removable = Self.removableDays(history).count
      }
      // A loss goes no further than the records that can go (the measure may have changed since).
      let count = max(0, opened + max(dayChange, -removable))
      state.dayCounter =
        judgedByPeriod
        ? nil
        : DayCounter(
          text: localizer.plural(.days, count: count), count: count,
          isMinusEnabled: count > 0 && dayChange > -removable,
          minusAccessibilityLabel: localizer.text(.formDaysMinusAccessibility),
          plusAccessibilityLabel: localizer.text(.formDaysPlusAccessibility))
    }
    var isValid = false
    if case .success = validation { isValid = true }
    // Until the other names and the categories were read, uniqueness cannot be checked.
    let isKnown = otherNames != nil && categories != nil
    // A unit refused as typed (an invisible character) still makes a goal the store would keep.
    let isUnitValid = !state.measure.isMeasurable || state.measure.unitError == nil
    state.isCreateEnabled =
      isKnown && isValid && isUnitValid && draft(name: state.name, measure: state.measure) != nil
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

  /// Whether the form edits a tracker that exists.
  var isEditing: Bool {
    if case .edit = self { return true }
    return false
  }
}
