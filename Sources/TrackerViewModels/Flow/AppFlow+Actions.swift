import Foundation
import TrackerLocalization
import TrackerModels

/// What each element's action, each text and each dismissal does on the screen on top.
extension AppFlow {
  func failure(_ key: TextKey) -> ActionError { ActionError(key, environment.localizer) }

  func failure(_ text: LocalizedText) -> ActionError { ActionError(text, environment.localizer) }

  /// Does what an element's action says, on the screen it belongs to.
  public func send(_ action: TrackerAction) throws(ActionError) {
    try oneState { () throws(ActionError) in try handle(action) }
  }

  /// Does what `send` does, and returns once the store work it started, and the state that work
  /// leads to, are done (`StoreAccess.settled()`): a test or a client awaits it instead of polling.
  public func sendAndSettle(_ action: TrackerAction) async throws(ActionError) {
    try send(action)
    await settled()
  }

  /// Returns once every store call the screens handed off has ended and shown its outcome, and
  /// the sync's status read with them (Settings' sync row).
  public func settled() async { await environment.settled() }

  /// Every action of the tracker, each on the screen that shows its element: one exhaustive
  /// switch, so a new action cannot be left out.
  private func handle(_ action: TrackerAction) throws(ActionError) {
    defer { publish() }
    switch action {
    case .dismissAlert: try dismissAlert()
    case .focus(let field): focusedField = field
    case .textChanged(let field, let text): setText(of: field, to: text)
    case .selectTab(let tab): try selectTab(tab)
    case .finishOnboarding:
      guard let onboarding else { throw failure(.flowOnboardingOver) }
      onboarding.startTapped()
    // Main screen
    case .addTracker: try mainScreen(for: action).addTapped()
    case .openCalendar: try mainScreen(for: action).dateTapped()
    case .openFilters: try mainScreen(for: action).filtersTapped()
    case .toggleCompletion(let id): try mainScreen(for: action).completeTapped(id)
    case .openDetail(let id): try mainScreen(for: action).cardTapped(id)
    case .openCardMenu(let id): try mainScreen(for: action).cardLongPressed(id)
    case .askToDeleteTracker(let id): try mainScreen(for: action).cardSwipedLeft(id)
    case .togglePin: try mainScreen(for: action).pinTapped()
    case .moveTracker(let up): try mainScreen(for: action).moveTapped(up: up)
    case .archiveTracker: try mainScreen(for: action).archiveTapped()
    case .toggleSection(let id): try mainScreen(for: action).sectionTapped(id)
    case .chooseStatisticsCategory(let id): try statisticsScreen(for: action).categoryChosen(id)
    case .unarchiveTracker(let id): try settingsScreen(for: action).unarchiveTapped(id)
    case .toggleDayOff: try mainScreen(for: action).dayOffTapped()
    // The card's menu, or the detail on top
    case .editTracker: try onDetailOrMenu(action, { $0.editTapped() }, { $0.editTapped() })
    case .deleteTracker: try onDetailOrMenu(action, { $0.deleteTapped() }, { $0.deleteTapped() })
    case .confirmTrackerDeletion:
      try onDetailOrMenu(action, { $0.deleteConfirmed() }, { $0.deleteConfirmed() })
    case .cancelTrackerDeletion: try onDetailOrMenu(action, { $0.deleteCancelled() }, { $0.menuDismissed() })
    case .confirmDayOff: try onDetailOrMenu(action, { $0.dayOffConfirmed() }, { $0.dayOffConfirmed() })
    case .cancelDayOff: try onDetailOrMenu(action, { $0.dayOffQuestionCancelled() }, { $0.menuDismissed() })
    // Type picker
    case .chooseKind(let choice):
      let picker = try top(for: action, TypePickerViewModel.self)
      if choice == .habit { picker.habitTapped() } else { picker.eventTapped() }
    // Tracker form
    case .clearName: try top(for: action, TrackerFormViewModel.self).clearNameTapped()
    case .openCategories: try top(for: action, TrackerFormViewModel.self).categoryTapped()
    case .openSchedule: try top(for: action, TrackerFormViewModel.self).scheduleTapped()
    case .addReminder: try top(for: action, TrackerFormViewModel.self).addReminderTapped()
    case .editReminder(let time): try top(for: action, TrackerFormViewModel.self).reminderTapped(time)
    case .removeReminder(let time): try top(for: action, TrackerFormViewModel.self).removeReminderTapped(time)
    case .chooseEmoji(let index): try top(for: action, TrackerFormViewModel.self).emojiTapped(index)
    case .chooseColor(let index): try top(for: action, TrackerFormViewModel.self).colorTapped(index)
    case .decreaseDays: try top(for: action, TrackerFormViewModel.self).daysMinusTapped()
    case .increaseDays: try top(for: action, TrackerFormViewModel.self).daysPlusTapped()
    case .cancelForm: try top(for: action, TrackerFormViewModel.self).cancelTapped()
    case .discardForm: try top(for: action, TrackerFormViewModel.self).discardTapped()
    case .keepEditing: try top(for: action, TrackerFormViewModel.self).keepEditingTapped()
    case .saveTracker: try top(for: action, TrackerFormViewModel.self).createTapped()
    // Issue 32: form
    case .chooseMeasure(let kind): try top(for: action, TrackerFormViewModel.self).measureKindTapped(kind)
    case .chooseDirection(let direction):
      try top(for: action, TrackerFormViewModel.self).directionTapped(direction)
    case .chooseTargetPeriod(let period):
      try top(for: action, TrackerFormViewModel.self).targetPeriodTapped(period)
    // Categories
    case .chooseCategory(let id): try top(for: action, CategoryListViewModel.self).categoryTapped(id)
    case .addCategory: try top(for: action, CategoryListViewModel.self).addTapped()
    case .openCategoryMenu(let id):
      _ = try top(for: action, CategoryListViewModel.self)
      categoryMenu = id
    case .editCategory(let id):
      let list = try top(for: action, CategoryListViewModel.self)
      categoryMenu = nil
      list.editTapped(id)
    case .deleteCategory(let id):
      let list = try top(for: action, CategoryListViewModel.self)
      categoryMenu = nil
      list.deleteTapped(id)
    case .confirmCategoryDeletion: try top(for: action, CategoryListViewModel.self).deleteConfirmed()
    case .cancelCategoryDeletion: try top(for: action, CategoryListViewModel.self).deleteCancelled()
    case .saveCategory: try top(for: action, CategoryFormViewModel.self).doneTapped()
    // Schedule, filters, calendar
    case .toggleWeekday(let weekday): try top(for: action, ScheduleViewModel.self).switchToggled(weekday)
    case .saveSchedule: try top(for: action, ScheduleViewModel.self).doneTapped()
    case .chooseScheduleKind(let kind): try top(for: action, ScheduleViewModel.self).kindTapped(kind)
    case .decreaseQuota: try top(for: action, ScheduleViewModel.self).quotaMinusTapped()
    case .increaseQuota: try top(for: action, ScheduleViewModel.self).quotaPlusTapped()
    case .decreaseWindowDays: try top(for: action, ScheduleViewModel.self).windowDaysMinusTapped()
    case .increaseWindowDays: try top(for: action, ScheduleViewModel.self).windowDaysPlusTapped()
    case .chooseFilter(let filter): try top(for: action, FiltersViewModel.self).filterTapped(filter)
    case .previousMonth: try top(for: action, CalendarViewModel.self).previousMonthTapped()
    case .nextMonth: try top(for: action, CalendarViewModel.self).nextMonthTapped()
    case .chooseDay(let day): try top(for: action, CalendarViewModel.self).dayTapped(day)
    // Detail
    case .goBack: try top(for: action, DetailViewModel.self).backTapped()
    case .toggleDay(let day): try top(for: action, DetailViewModel.self).dayTapped(day)
    case .toggleDayOffOn(let day): try top(for: action, DetailViewModel.self).dayLongPressed(day)
    // Settings
    case .toggleReminder: try settingsScreen(for: action).reminderToggled()
    case .openReminderTime: try settingsScreen(for: action).timeTapped()
    case .openDayStart: try settingsScreen(for: action).dayStartTapped()
    case .chooseDayStart(let start): try top(for: action, DayStartViewModel.self).hourTapped(start)
    case .allowNotifications: try top(for: action, PermissionViewModel.self).allowTapped()
    case .postponeNotifications: try top(for: action, PermissionViewModel.self).notNowTapped()
    case .saveReminderTime: try top(for: action, TimePickerViewModel.self).doneTapped()
    // Issue 32: cards, sheets, detail
    case .openNote: try onDetailOrMenu(action, { $0.noteTapped() }, { $0.noteTapped() })
    case .decreaseAmount: try top(for: action, AmountViewModel.self).minusTapped()
    case .increaseAmount: try top(for: action, AmountViewModel.self).plusTapped()
    case .saveAmount: try top(for: action, AmountViewModel.self).saveTapped()
    case .clearAmount: try top(for: action, AmountViewModel.self).clearTapped()
    case .saveNote: try top(for: action, NoteViewModel.self).saveTapped()
    case .clearNote: try top(for: action, NoteViewModel.self).clearTapped()
    }
  }

  /// The main screen, when it is what the user sees (no onboarding, sheet or other tab over it).
  /// Runs `onDetail` when the detail is on top (its Edit, Delete and questions), else `onMenu` on
  /// the main screen, whose card menu offers the same.
  private func onDetailOrMenu(
    _ action: TrackerAction, _ onDetail: (DetailViewModel) -> Void, _ onMenu: (TrackersViewModel) -> Void
  ) throws(ActionError) {
    if let detail = layers.last?.screen.model(DetailViewModel.self) {
      onDetail(detail)
    } else {
      onMenu(try mainScreen(for: action))
    }
  }

  private func mainScreen(for action: TrackerAction) throws(ActionError) -> TrackersViewModel {
    guard let trackers, onboarding == nil, layers.isEmpty, tab == .trackers else { throw unavailable(action) }
    return trackers
  }

  /// The statistics tab, when it is what the user sees.
  private func statisticsScreen(for action: TrackerAction) throws(ActionError) -> StatisticsViewModel {
    guard let statistics, onboarding == nil, layers.isEmpty, tab == .statistics else {
      throw unavailable(action)
    }
    return statistics
  }

  /// The settings tab, when it is what the user sees.
  private func settingsScreen(for action: TrackerAction) throws(ActionError) -> SettingsViewModel {
    guard let settings, onboarding == nil, layers.isEmpty, tab == .settings else { throw unavailable(action) }
    return settings
  }

  /// The view model of the screen on top, when it is a `Model`.
  private func top<Model>(for action: TrackerAction, _ type: Model.Type) throws(ActionError) -> Model {
    guard let model = layers.last?.screen.model(type) else { throw unavailable(action) }
    return model
  }

  private func unavailable(_ action: TrackerAction) -> ActionError {
    failure(.flowUnavailable(action: "\(action)", screen: screen.rawValue))
  }

  /// OK on the alert the user sees: the topmost screen's, else the launch's.
  private func dismissAlert() throws(ActionError) {
    if let top = layers.last(where: { $0.screen.model.state.alert != nil }) {
      return top.screen.model.dismissShownAlert()
    }
    if let onboarding, onboarding.state.alert != nil { return onboarding.alertDismissed() }
    if tab == .statistics, let statistics, statistics.state.alert != nil {
      return statistics.alertDismissed()
    }
    if tab == .trackers, let trackers, trackers.state.alert != nil { return trackers.alertDismissed() }
    if tab == .settings, let settings, settings.state.alert != nil { return settings.alertDismissed() }
    guard launchAlert != nil else { throw failure(.flowNoAlert) }
    launchAlert = nil
  }

  package func dismissTop() throws(ActionError) {
    if view.alert != nil { return try dismissAlert() }
    if let trackers, layers.isEmpty, trackers.state.menu != nil {
      trackers.menuDismissed()
      return
    }
    if categoryMenu != nil {
      categoryMenu = nil
      return
    }
    if case .categories(let model)? = layers.last?.screen, model.state.deleteConfirmation != nil {
      model.deleteCancelled()
      return
    }
    if case .detail(let model)? = layers.last?.screen, model.state.dayOffQuestion != nil {
      model.dayOffQuestionCancelled()
      return
    }
    // A form with changes asks before it closes.
    if case .trackerForm(let form)? = layers.last?.screen { return form.dismissRequested() }
    guard let top = layers.last else { throw failure(.flowNothingToDismiss) }
    // A sheet whose save is on its way closes with it, or stays with the reason it could not.
    if view.presented.last?.isSaving == true { return }
    // A permission sheet swiped away is "Not now".
    if case .permission(let model) = top.screen { return model.notNowTapped() }
    pop()
  }

  func selectTab(_ tab: Tab) throws(ActionError) {
    guard onboarding == nil, layers.isEmpty else { throw failure(.flowTabBarCovered) }
    guard tab != self.tab else { return }
    if self.tab == .trackers { trackers?.screenClosed() }
    self.tab = tab
    switch tab {
    case .trackers:
      trackers?.screenOpened()
    case .statistics:
      if statistics == nil {
        let model = StatisticsViewModel(environment: environment)
        statistics = model
        statisticsBinding = model.observe { [weak self] _ in self?.publish() }
      }
    case .settings:
      if settings == nil {
        let model = SettingsViewModel(environment: environment)
        model.onRoute = { [weak self, weak model] route in
          guard let self, let model else { return }
          self.route(route, from: model)
        }
        settings = model
        settingsBinding = model.observe { [weak self] _ in self?.publish() }
      }
    }
  }

  package func currentText(of field: InputField) -> String { textField(field)?.text ?? "" }

  package func setText(of field: InputField, to text: String) { textField(field)?.changed(text) }

  /// The field `field` of the screen on top: the text it holds and the intent typing into it is;
  /// nil when that screen has no such field.
  private func textField(_ field: InputField) -> (text: String, changed: (String) -> Void)? {
    let top = layers.last?.screen
    switch field {
    case .search: return top == nil ? trackers.map { ($0.state.searchText, $0.searchChanged) } : nil
    case .name: return top?.model(TrackerFormViewModel.self).map { ($0.state.name, $0.nameChanged) }
    case .title: return top?.model(CategoryFormViewModel.self).map { ($0.state.text, $0.textChanged) }
    case .time: return top?.model(TimePickerViewModel.self).map { ($0.state.text, $0.textChanged) }
    case .text: return nil  // the to-do form's
    // Issue 32: form
    case .unit: return top?.model(TrackerFormViewModel.self).map { ($0.state.measure.unit, $0.unitChanged) }
    case .target:
      return top?.model(TrackerFormViewModel.self).map { ($0.state.measure.target, $0.targetChanged) }
    case .amount: return top?.model(AmountViewModel.self).map { ($0.state.text, $0.textChanged) }
    case .noteText: return top?.model(NoteViewModel.self).map { ($0.state.text, $0.textChanged) }
    }
  }
}

extension AppFlow {
  /// A swipe on the onboarding's pages: to the left shows the next one.
  package func swipePages(toTheLeft: Bool) throws(ActionError) {
    guard let onboarding, layers.isEmpty else { throw failure(.flowNothingToSwipe) }
    if toTheLeft { onboarding.swipedLeft() } else { onboarding.swipedRight() }
  }
}
