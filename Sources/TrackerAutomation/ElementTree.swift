import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// The elements of the topmost layer of a view, with the identifiers of docs/command-line.md and what
/// acting on each does.
enum ElementTree {
  static func elements(of view: AppView, localizer: Localizer) -> [Element] {
    if let alert = view.alert {
      return alert.buttons.map { Element(identifier: .ok, label: $0.title, action: .tracker(.dismissAlert)) }
    }
    if let top = view.presented.last {
      return elements(of: top, categoryMenu: view.categoryMenu, localizer: localizer)
    }
    switch view.base {
    case .onboarding(let state):
      return [Element(identifier: .start, label: state.buttonTitle, action: .tracker(.finishOnboarding))]
    case .statistics(let state):
      return state.scopes.map { scope in
        Element(
          identifier: .scope(scope.id == nil ? nil : scope.title), label: scope.title,
          kind: .row, isChecked: scope.isChosen, action: .tracker(.chooseStatisticsCategory(scope.id)),
          isCurrentChoice: scope.isChosen)
      } + tabs(view.tabBar)
    case .settings(let state):
      // Nothing to act on until the stored settings are read.
      guard state.isRead else { return tabs(view.tabBar) }
      var result = [
        Element(
          identifier: .reminder, label: state.reminderTitle, kind: .toggle(isOn: state.isReminderOn),
          isChecked: state.isReminderOn,
          action: .tracker(.toggleReminder))
      ]
      if state.isReminderOn {
        result.append(
          Element(identifier: .reminderTime, label: state.timeText, action: .tracker(.openReminderTime)))
      }
      result.append(
        Element(
          identifier: .dayStart, label: state.dayStartTitle, kind: .row, action: .tracker(.openDayStart)))
      // The sync row only tells: a sync is made with `tracker-preview sync`, or by the app itself.
      result.append(Element(identifier: .sync, label: state.syncTitle, kind: .row, action: nil))
      result += state.archived.map { row in
        Element(
          identifier: .unarchive(row.name), label: row.restoreTitle,
          action: .tracker(.unarchiveTracker(row.id)))
      }
      return result + tabs(view.tabBar)
    case .trackers(let state):
      return trackers(state) + (state.menu == nil ? tabs(view.tabBar) : [])
    }
  }

  /// A day of the detail's grid as it is said: its weekday, day and month, and its mark from the
  /// legend ("Tue 24 Nov, done" / "Вт 24 нояб., выполнено").
  private static func spoken(
    _ cell: DetailViewModel.Cell, _ state: DetailViewModel.State, _ localizer: Localizer
  )
    -> String
  {
    let parts = cell.day.components
    let weekday = localizer.weekdayShortName(iso: cell.day.weekday.rawValue)
    let mark = state.legend.first { $0.mark == cell.mark }?.text
    return "\(weekday) \(localizer.dayAndMonth(day: parts.day, month: parts.month))"
      + (mark.map { ", " + $0 } ?? "")
  }

  /// The action sheet before a done day is taken off.
  /// A sheet of one text field (its placeholder while empty) and Done: the category form, the
  /// reminder's time.
  private static func fieldAndDone(
    _ field: InputField, text: String, placeholder: String, doneTitle: String, isDoneEnabled: Bool,
    save: TrackerAction
  ) -> [Element] {
    [
      Element(
        identifier: .field(field), label: text.isEmpty ? placeholder : text, kind: .textField,
        action: .tracker(.focus(field))),
      Element(identifier: .done, label: doneTitle, isEnabled: isDoneEnabled, action: .tracker(save)),
    ]
  }

  private static func dayOffQuestion(_ question: DayOffQuestion) -> [Element] {
    [
      Element(identifier: .confirm, label: question.confirmTitle, action: .tracker(.confirmDayOff)),
      Element(identifier: .cancel, label: question.cancelTitle, action: .tracker(.cancelDayOff)),
    ]
  }

  private static func trackers(_ state: TrackersViewModel.State) -> [Element] {
    if let menu = state.menu {
      if let question = menu.dayOffQuestion { return dayOffQuestion(question) }
      if menu.deleteQuestion != nil {
        return [
          Element(identifier: .confirm, label: menu.confirmTitle, action: .tracker(.confirmTrackerDeletion)),
          Element(identifier: .cancel, label: menu.cancelTitle, action: .tracker(.cancelTrackerDeletion)),
        ]
      }
      return [
        Element(
          identifier: menu.isPinned ? .unpin : .pin, label: menu.pinTitle, action: .tracker(.togglePin)),
        Element(
          identifier: menu.isDayOff ? .cancelDayOff : .dayOff, label: menu.dayOffTitle,
          action: .tracker(.toggleDayOff)),
        Element(identifier: .note, label: menu.noteTitle, action: .tracker(.openNote)),
      ]
        + (menu.canMoveUp
          ? [Element(identifier: .moveUp, label: menu.moveUpTitle, action: .tracker(.moveTracker(up: true)))]
          : [])
        + (menu.canMoveDown
          ? [
            Element(
              identifier: .moveDown, label: menu.moveDownTitle, action: .tracker(.moveTracker(up: false)))
          ]
          : []) + [
          Element(identifier: .edit, label: menu.editTitle, action: .tracker(.editTracker)),
          Element(identifier: .archive, label: menu.archiveTitle, action: .tracker(.archiveTracker)),
          Element(identifier: .delete, label: menu.deleteTitle, action: .tracker(.deleteTracker)),
        ]
    }
    var result = [
      Element(identifier: .add, label: "+", action: .tracker(.addTracker)),
      Element(identifier: .date, label: state.dateText, action: .tracker(.openCalendar)),
      Element(
        identifier: .field(.search),
        label: state.searchText.isEmpty ? state.searchPlaceholder : state.searchText, kind: .textField,
        action: .tracker(.focus(.search))),
    ]
    for (section, card) in state.sections.flatMap({ section in
      // A category's header first (a tap collapses or opens it), then its cards.
      [(section, nil)] + section.cards.map { (section, $0) }
    }) {
      guard let card else {
        if section.isCollapsible, case .category(let id) = section.id {
          result.append(
            Element(
              identifier: .section(section.title),
              label: [section.title, section.progressText].compactMap { $0 }.joined(separator: ", "),
              kind: .row, isChecked: section.isCollapsed, action: .tracker(.toggleSection(categoryID: id))))
        }
        continue
      }
      // Tapping a card's body opens its detail; its menu opens with a long press.
      result.append(
        Element(
          identifier: .card(card.name), label: card.name, kind: .card,
          action: .tracker(.openDetail(trackerID: card.id)),
          longPressAction: .tracker(.openCardMenu(trackerID: card.id)),
          swipeLeftAction: .tracker(.askToDeleteTracker(trackerID: card.id)), subjectID: card.id.uuidString))
      result.append(
        Element(
          identifier: .complete(card.name),
          label: card.isCompleted || card.isPeriodMet ? "✓" : card.isDayOff ? "–" : "+",
          isEnabled: card.isCompleteEnabled, isChecked: card.isCompleted,
          action: .tracker(.toggleCompletion(trackerID: card.id)),
          spokenLabel: card.completeAccessibilityLabel + ": " + card.name, subjectID: card.id.uuidString))
    }
    if state.isFilterButtonVisible {
      result.append(
        Element(identifier: .filters, label: state.filterButtonTitle, action: .tracker(.openFilters)))
    }
    return result
  }

  private static func tabs(_ tabBar: AppView.TabBar?) -> [Element] {
    guard let tabBar else { return [] }
    return [
      Element(
        identifier: .tab(.trackers), label: tabBar.trackersTitle,
        kind: .tab(isSelected: tabBar.selected == .trackers), isChecked: tabBar.selected == .trackers,
        action: .tracker(.selectTab(.trackers))),
      Element(
        identifier: .tab(.statistics), label: tabBar.statisticsTitle,
        kind: .tab(isSelected: tabBar.selected == .statistics), isChecked: tabBar.selected == .statistics,
        action: .tracker(.selectTab(.statistics))),
      Element(
        identifier: .tab(.settings), label: tabBar.settingsTitle,
        kind: .tab(isSelected: tabBar.selected == .settings), isChecked: tabBar.selected == .settings,
        action: .tracker(.selectTab(.settings))),
    ]
  }

  private static func elements(
    of screen: AppView.Presented, categoryMenu: AppView.CategoryMenu?, localizer: Localizer
  ) -> [Element] {
    switch screen {
    case .typePicker(let state):
      return [
        Element(identifier: .habit, label: state.habitTitle, action: .tracker(.chooseKind(.habit))),
        Element(identifier: .event, label: state.eventTitle, action: .tracker(.chooseKind(.event))),
      ]
    case .trackerForm(let state):
      if let question = state.discardQuestion {
        return [
          Element(identifier: .discard, label: question.discardTitle, action: .tracker(.discardForm)),
          // The harmless choice is where the keyboard starts: a reflexive Enter keeps what was typed.
          Element(
            identifier: .keepEditing, label: question.keepEditingTitle, action: .tracker(.keepEditing),
            isCurrentChoice: true),
        ]
      }
      return trackerForm(state)
    case .categories(let state):
      if let menu = categoryMenu {
        return [
          Element(
            identifier: .edit, label: menu.editTitle, action: .tracker(.editCategory(menu.categoryID))),
          Element(
            identifier: .delete, label: menu.deleteTitle, action: .tracker(.deleteCategory(menu.categoryID))),
        ]
      }
      if let confirmation = state.deleteConfirmation {
        return [
          Element(
            identifier: .confirm, label: confirmation.confirmTitle,
            action: .tracker(.confirmCategoryDeletion)),
          Element(
            identifier: .cancel, label: confirmation.cancelTitle, action: .tracker(.cancelCategoryDeletion)),
        ]
      }
      return state.rows.map {
        Element(
          identifier: .category($0.title), label: $0.title, kind: .row, isChecked: $0.isChecked,
          action: .tracker(.chooseCategory($0.id)),
          longPressAction: .tracker(.openCategoryMenu($0.id)), subjectID: $0.id.uuidString,
          isCurrentChoice: $0.isChecked)
      } + [Element(identifier: .addCategory, label: state.addTitle, action: .tracker(.addCategory))]
    case .categoryForm(let state):
      return fieldAndDone(
        .title, text: state.text, placeholder: state.placeholder, doneTitle: state.doneTitle,
        isDoneEnabled: state.isDoneEnabled && !state.isSaving, save: .saveCategory)
    case .schedule(let state):
      // A list of several choices starts on the first one chosen (Monday when none is): a day, or
      // the kind of a quota.
      let first = state.rows.first { $0.isOn }?.weekday ?? state.rows.first?.weekday
      let kinds = state.kinds.map {
        Element(
          identifier: .scheduleKind($0.kind), label: $0.title, kind: .row, isChecked: $0.isChosen,
          action: .tracker(.chooseScheduleKind($0.kind)), isCurrentChoice: $0.isChosen && state.quota != nil,
          grid: "schedule-kind")
      }
      let days = state.rows.map {
        Element(
          identifier: .weekday($0.weekday), label: $0.title, kind: .toggle(isOn: $0.isOn),
          isChecked: $0.isOn,
          action: .tracker(.toggleWeekday($0.weekday)), isCurrentChoice: $0.weekday == first)
      }
      var quota: [Element] = []
      if let stepper = state.quota {
        quota = [
          Element(
            identifier: .quotaMinus, label: "−", isEnabled: stepper.isMinusEnabled,
            action: .tracker(.decreaseQuota)),
          Element(
            identifier: .quotaPlus, label: "+", isEnabled: stepper.isPlusEnabled,
            action: .tracker(.increaseQuota)),
        ]
      }
      if let days = state.windowDays {
        quota += [
          Element(
            identifier: .windowDaysMinus, label: "−", isEnabled: days.isMinusEnabled,
            action: .tracker(.decreaseWindowDays)),
          Element(
            identifier: .windowDaysPlus, label: "+", isEnabled: days.isPlusEnabled,
            action: .tracker(.increaseWindowDays)),
        ]
      }
      return kinds + days + quota + [
        Element(identifier: .done, label: state.doneTitle, action: .tracker(.saveSchedule))
      ]
    case .filters(let state):
      return state.rows.map {
        Element(
          identifier: .filter($0.filter), label: $0.title, kind: .row, isChecked: $0.isChecked,
          action: .tracker(.chooseFilter($0.filter)), isCurrentChoice: $0.isChecked)
      }
    case .calendar(let state):
      var result = [
        Element(
          identifier: .previousMonth, label: state.previousAccessibilityLabel,
          action: .tracker(.previousMonth)),
        Element(identifier: .nextMonth, label: state.nextAccessibilityLabel, action: .tracker(.nextMonth)),
      ]
      for cell in state.weeks.joined() {
        if let day = cell.day {
          result.append(
            Element(
              identifier: .day(day), label: cell.text, action: .tracker(.chooseDay(day)),
              isCurrentChoice: cell.isSelected, grid: "day"))
        }
      }
      return result
    case .dayStart(let state):
      return state.rows.map {
        Element(
          identifier: .hour($0.start.hour), label: $0.title, kind: .row,
          isChecked: $0.isChecked,
          action: .tracker(.chooseDayStart($0.start)), isCurrentChoice: $0.isChecked)
      }
    case .permission(let state):
      return [
        Element(identifier: .allow, label: state.allowTitle, action: .tracker(.allowNotifications)),
        Element(identifier: .notNow, label: state.notNowTitle, action: .tracker(.postponeNotifications)),
      ]
    case .timePicker(let state):
      return fieldAndDone(
        .time, text: state.text, placeholder: state.placeholder, doneTitle: state.doneTitle,
        isDoneEnabled: state.isDoneEnabled, save: .saveReminderTime)
    case .detail(let state):
      if let question = state.dayOffQuestion { return dayOffQuestion(question) }
      if state.deleteQuestion != nil {
        return [
          Element(
            identifier: .confirm, label: state.confirmTitle, action: .tracker(.confirmTrackerDeletion)),
          Element(identifier: .cancel, label: state.cancelTitle, action: .tracker(.cancelTrackerDeletion)),
        ]
      }
      var result = [Element(identifier: .back, label: state.backTitle, action: .tracker(.goBack))]
      for cell in state.weeks.joined() {
        result.append(
          Element(
            identifier: .day(cell.day), label: cell.dayOfMonth, isEnabled: cell.isEnabled,
            isChecked: cell.mark == .done, action: .tracker(.toggleDay(cell.day)),
            longPressAction: cell.canToggleDayOff ? .tracker(.toggleDayOffOn(cell.day)) : nil,
            spokenLabel: spoken(cell, state, localizer), grid: "day"))
      }
      result.append(Element(identifier: .note, label: state.noteTitle, action: .tracker(.openNote)))
      result.append(Element(identifier: .edit, label: state.editTitle, action: .tracker(.editTracker)))
      result.append(Element(identifier: .delete, label: state.deleteTitle, action: .tracker(.deleteTracker)))
      return result
    // Issue 32: cards, sheets, detail
    case .amount(let state):
      return [
        Element(
          identifier: .amountMinus, label: "−", isEnabled: state.isMinusEnabled,
          action: .tracker(.decreaseAmount)),
        Element(
          identifier: .field(.amount), label: state.text.isEmpty ? state.placeholder : state.text,
          kind: .textField, action: .tracker(.focus(.amount))),
        Element(
          identifier: .amountPlus, label: "+", isEnabled: state.isPlusEnabled,
          action: .tracker(.increaseAmount)),
        Element(
          identifier: .clearEntry, label: state.clearTitle,
          isEnabled: state.isClearEnabled && !state.isSaving,
          action: .tracker(.clearAmount)),
        Element(
          identifier: .save, label: state.saveTitle, isEnabled: state.isSaveEnabled && !state.isSaving,
          action: .tracker(.saveAmount)),
      ]
    case .note(let state):
      return [
        Element(
          identifier: .field(.noteText), label: state.text.isEmpty ? state.placeholder : state.text,
          kind: .textField, action: .tracker(.focus(.noteText))),
        Element(
          identifier: .clearEntry, label: state.clearTitle,
          isEnabled: state.isClearEnabled && !state.isSaving,
          action: .tracker(.clearNote)),
        Element(
          identifier: .save, label: state.saveTitle, isEnabled: state.isSaveEnabled && !state.isSaving,
          action: .tracker(.saveNote)),
      ]
    }
  }

  // Issue 32: form
  /// The form's measure section: Yes/No and Measurable, then a measurable tracker's unit, target,
  /// at least and at most.
  private static func measure(_ fields: TrackerFormViewModel.MeasureFields) -> [Element] {
    var result = fields.kinds.map {
      Element(
        identifier: .measure($0.value), label: $0.title, isChecked: $0.isChosen,
        action: .tracker(.chooseMeasure($0.value)), grid: "measure")
    }
    guard fields.isMeasurable else { return result }
    result.append(
      Element(
        identifier: .field(.unit), label: fields.unit.isEmpty ? fields.unitPlaceholder : fields.unit,
        kind: .textField, action: .tracker(.focus(.unit))))
    result.append(
      Element(
        identifier: .field(.target), label: fields.target.isEmpty ? fields.targetPlaceholder : fields.target,
        kind: .textField, action: .tracker(.focus(.target))))
    result += fields.directions.map {
      Element(
        identifier: .direction($0.value), label: $0.title, isChecked: $0.isChosen,
        action: .tracker(.chooseDirection($0.value)), grid: "direction")
    }
    result += fields.targetPeriods.map {
      Element(
        identifier: .targetPeriod($0.value), label: $0.title, isChecked: $0.isChosen,
        action: .tracker(.chooseTargetPeriod($0.value)), grid: "target-period")
    }
    return result
  }

  private static func trackerForm(_ state: TrackerFormViewModel.State) -> [Element] {
    var result = [
      Element(
        identifier: .field(.name), label: state.name.isEmpty ? state.namePlaceholder : state.name,
        kind: .textField, action: .tracker(.focus(.name)))
    ]
    if state.isClearVisible {
      result.append(
        Element(identifier: .clear(.name), label: state.clearAccessibilityLabel, action: .tracker(.clearName))
      )
    }
    result.append(
      Element(
        identifier: .categoryRow, label: state.categoryTitle, kind: .row, action: .tracker(.openCategories)))
    if state.hasSchedule {
      result.append(
        Element(
          identifier: .scheduleRow, label: state.scheduleTitle, kind: .row, action: .tracker(.openSchedule)))
    }
    result += measure(state.measure)
    result.append(
      Element(
        identifier: .addReminder, label: state.reminders.addTitle, isEnabled: state.reminders.isAddEnabled,
        action: .tracker(.addReminder)))
    for row in state.reminders.rows {
      result.append(
        Element(
          identifier: .formReminder(row.time), label: row.text,
          kind: .row, action: .tracker(.editReminder(row.time))))
      result.append(
        Element(
          identifier: .removeReminder(row.time), label: row.removeAccessibilityLabel,
          action: .tracker(.removeReminder(row.time))))
    }
    // In screen order: the counter is drawn under the box of Category and Schedule and the measure.
    if let counter = state.dayCounter {
      result.append(
        Element(
          identifier: .daysMinus, label: "−", isEnabled: counter.isMinusEnabled,
          action: .tracker(.decreaseDays)))
      result.append(Element(identifier: .daysPlus, label: "+", action: .tracker(.increaseDays)))
    }
    for (index, item) in state.emojis.enumerated() {
      result.append(
        Element(
          identifier: .emoji(index + 1), label: item.emoji, isChecked: item.isSelected,
          action: .tracker(.chooseEmoji(index: index)), grid: "emoji"))
    }
    for (index, item) in state.colors.enumerated() {
      result.append(
        Element(
          identifier: .color(index + 1), label: item.color.hex, isChecked: item.isSelected,
          action: .tracker(.chooseColor(index: index)), grid: "color"))
    }
    result.append(Element(identifier: .cancel, label: state.cancelTitle, action: .tracker(.cancelForm)))
    result.append(
      Element(
        identifier: .create, label: state.createTitle, isEnabled: state.isCreateEnabled && !state.isSaving,
        action: .tracker(.saveTracker)
      ))
    return result
  }
}
