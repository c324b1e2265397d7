import Foundation
import TrackerLocalization
import TrackerModels

/// What each element's action, each text and each dismissal does on the screen on top.
extension AppFlow {
  func failure(_ key: TextKey, _ arguments: FormatArgument...) -> FlowError {
    FlowError(
      message: environment.localizer.text(key, arguments: arguments), elements: elements,
      language: environment.language)
  }

  /// Does what an element's action says, on the screen it belongs to.
  public func send(_ action: ElementAction) throws(FlowError) {
    try oneState { () throws(FlowError) in try handle(action) }
  }

  private func handle(_ action: ElementAction) throws(FlowError) {
    defer { publish() }
    switch action {
    case .dismissAlert: try dismissAlert()
    case .focus(let field): focusedField = field
    case .selectTab(let tab): try selectTab(tab)
    case .finishOnboarding:
      guard let onboarding else { throw failure(.flowOnboardingOver) }
      onboarding.startTapped()
    default:
      if let top = layers.last {
        try send(action, to: top.screen)
      } else {
        try sendToMain(action)
      }
    }
  }

  private func sendToMain(_ action: ElementAction) throws(FlowError) {
    if tab == .settings, let settings, onboarding == nil {
      switch action {
      case .toggleReminder: return settings.reminderToggled()
      case .openReminderTime: return settings.timeTapped()
      case .openDayStart: return settings.dayStartTapped()
      default: throw unavailable(action)
      }
    }
    guard let trackers, onboarding == nil, tab == .trackers else { throw unavailable(action) }
    switch action {
    case .addTracker: trackers.addTapped()
    case .openCalendar: trackers.dateTapped()
    case .openFilters: trackers.filtersTapped()
    case .toggleCompletion(let id): trackers.completeTapped(id)
    case .openDetail(let id): trackers.cardTapped(id)
    case .openCardMenu(let id): trackers.cardLongPressed(id)
    case .askToDeleteTracker(let id): trackers.cardSwipedLeft(id)
    case .togglePin: trackers.pinTapped()
    case .toggleDayOff: trackers.dayOffTapped()
    case .editTracker: trackers.editTapped()
    case .deleteTracker: trackers.deleteTapped()
    case .confirmTrackerDeletion: trackers.deleteConfirmed()
    case .cancelTrackerDeletion: trackers.menuDismissed()
    default: throw unavailable(action)
    }
  }

  private func send(_ action: ElementAction, to screen: Presented) throws(FlowError) {
    switch (screen, action) {
    case (.typePicker(let model), .chooseKind(let choice)):
      if choice == .habit { model.habitTapped() } else { model.eventTapped() }
    case (.trackerForm(let model), _):
      switch action {
      case .clearName: model.clearNameTapped()
      case .openCategories: model.categoryTapped()
      case .openSchedule: model.scheduleTapped()
      case .chooseEmoji(let index): model.emojiTapped(index)
      case .chooseColor(let index): model.colorTapped(index)
      case .decreaseDays: model.daysMinusTapped()
      case .increaseDays: model.daysPlusTapped()
      case .cancelForm: model.cancelTapped()
      case .saveTracker: model.createTapped()
      default: throw unavailable(action)
      }
    case (.categories(let model), _):
      switch action {
      case .chooseCategory(let id): model.categoryTapped(id)
      case .addCategory: model.addTapped()
      case .openCategoryMenu(let id): categoryMenu = id
      case .editCategory(let id):
        categoryMenu = nil
        model.editTapped(id)
      case .deleteCategory(let id):
        categoryMenu = nil
        model.deleteTapped(id)
      case .confirmCategoryDeletion: model.deleteConfirmed()
      case .cancelCategoryDeletion: model.deleteCancelled()
      default: throw unavailable(action)
      }
    case (.categoryForm(let model), .saveCategory): model.doneTapped()
    case (.schedule(let model), .toggleWeekday(let weekday)): model.switchToggled(weekday)
    case (.schedule(let model), .saveSchedule): model.doneTapped()
    case (.filters(let model), .chooseFilter(let filter)): model.filterTapped(filter)
    case (.calendar(let model), .previousMonth): model.previousMonthTapped()
    case (.calendar(let model), .nextMonth): model.nextMonthTapped()
    case (.calendar(let model), .chooseDay(let day)): model.dayTapped(day)
    case (.permission(let model), .allowNotifications): model.allowTapped()
    case (.permission(let model), .postponeNotifications): model.notNowTapped()
    case (.timePicker(let model), .saveReminderTime): model.doneTapped()
    case (.dayStart(let model), .chooseDayStart(let start)): model.hourTapped(start)
    case (.detail(let model), _):
      switch action {
      case .goBack: model.backTapped()
      case .toggleDay(let day): model.dayTapped(day)
      case .toggleDayOffOn(let day): model.dayLongPressed(day)
      case .editTracker: model.editTapped()
      case .deleteTracker: model.deleteTapped()
      case .confirmTrackerDeletion: model.deleteConfirmed()
      case .cancelTrackerDeletion: model.deleteCancelled()
      default: throw unavailable(action)
      }
    default: throw unavailable(action)
    }
  }

  private func unavailable(_ action: ElementAction) -> FlowError {
    failure(.flowUnavailable, .text("\(action)"), .text(screen.rawValue))
  }

  /// OK on the alert the user sees: the topmost screen's, else the launch's.
  private func dismissAlert() throws(FlowError) {
    for layer in layers.reversed() {
      switch layer.screen {
      case .trackerForm(let model) where model.state.alert != nil: return model.alertDismissed()
      case .categories(let model) where model.state.alert != nil: return model.alertDismissed()
      case .categoryForm(let model) where model.state.alert != nil: return model.alertDismissed()
      case .detail(let model) where model.state.alert != nil: return model.alertDismissed()
      default: continue
      }
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

  func dismissTop() throws(FlowError) {
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
    guard let top = layers.last else { throw failure(.flowNothingToDismiss) }
    // A permission sheet swiped away is "Not now".
    if case .permission(let model) = top.screen { return model.notNowTapped() }
    pop()
  }

  func selectTab(_ tab: Tab) throws(FlowError) {
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

  func currentText(of field: InputField) -> String {
    switch (field, layers.last?.screen) {
    case (.search, nil): return trackers?.state.searchText ?? ""
    case (.name, .trackerForm(let model)?): return model.state.name
    case (.title, .categoryForm(let model)?): return model.state.text
    case (.time, .timePicker(let model)?): return model.state.text
    default: return ""
    }
  }

  func setText(of field: InputField, to text: String) {
    switch (field, layers.last?.screen) {
    case (.search, nil): trackers?.searchChanged(text)
    case (.name, .trackerForm(let model)?): model.nameChanged(text)
    case (.title, .categoryForm(let model)?): model.textChanged(text)
    case (.time, .timePicker(let model)?): model.textChanged(text)
    default: break
    }
  }
}

extension AppFlow: ElementDriven {
  var flowLanguage: Language { environment.language }

  /// A swipe on the onboarding's pages.
  func swipe(_ direction: UserAction.Direction) throws(FlowError) {
    guard let onboarding, layers.isEmpty else { throw failure(.flowNothingToSwipe) }
    if direction == .left { onboarding.swipedLeft() } else { onboarding.swipedRight() }
  }
}
