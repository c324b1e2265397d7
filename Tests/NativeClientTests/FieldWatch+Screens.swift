import Foundation
import Observation
import Testing
import TrackerModels
import TrackerViewModels

// The fields a SwiftUI view of each screen reads, each observed on its own as the view's body
// would read it: one line per field of each screen's `State` (`FieldWatch.checkCoverage` fails
// the walk when a State has a field not listed here).
extension FieldWatch {

  func watchFields(of model: TrackersViewModel) {
    let owner = ObjectIdentifier(model)
    watch("Trackers.title", owner) { model.title }
    watch("Trackers.addAccessibilityLabel", owner) { model.addAccessibilityLabel }
    watch("Trackers.selectedDay", owner) { model.selectedDay }
    watch("Trackers.dateText", owner) { model.dateText }
    watch("Trackers.searchText", owner) { model.searchText }
    watch("Trackers.searchPlaceholder", owner) { model.searchPlaceholder }
    watch("Trackers.searchClearAccessibilityLabel", owner) { model.searchClearAccessibilityLabel }
    watch("Trackers.sections", owner) { model.sections }
    watch("Trackers.placeholder", owner) { model.placeholder }
    watch("Trackers.filter", owner) { model.filter }
    watch("Trackers.isFilterButtonVisible", owner) { model.isFilterButtonVisible }
    watch("Trackers.isFilterActive", owner) { model.isFilterActive }
    watch("Trackers.filterButtonTitle", owner) { model.filterButtonTitle }
    watch("Trackers.activeFilterTitle", owner) { model.activeFilterTitle }
    watch("Trackers.menu", owner) { model.menu }
    watch("Trackers.alert", owner) { model.alert }
    checkCoverage("Trackers", of: model.state)
  }

  func watchFields(of model: StatisticsViewModel) {
    let owner = ObjectIdentifier(model)
    watch("Statistics.title", owner) { model.title }
    watch("Statistics.cards", owner) { model.cards }
    watch("Statistics.placeholder", owner) { model.placeholder }
    watch("Statistics.scopes", owner) { model.scopes }
    watch("Statistics.alert", owner) { model.alert }
    checkCoverage("Statistics", of: model.state)
  }

  func watchFields(of model: SettingsViewModel) {
    let owner = ObjectIdentifier(model)
    watch("Settings.title", owner) { model.title }
    watch("Settings.reminderTitle", owner) { model.reminderTitle }
    watch("Settings.isReminderOn", owner) { model.isReminderOn }
    watch("Settings.timeTitle", owner) { model.timeTitle }
    watch("Settings.timeText", owner) { model.timeText }
    watch("Settings.deniedNote", owner) { model.deniedNote }
    watch("Settings.dayStartTitle", owner) { model.dayStartTitle }
    watch("Settings.syncTitle", owner) { model.syncTitle }
    watch("Settings.syncHint", owner) { model.syncHint }
    watch("Settings.syncWarnings", owner) { model.syncWarnings }
    watch("Settings.isRead", owner) { model.isRead }
    watch("Settings.alert", owner) { model.alert }
    watch("Settings.archivedTitle", owner) { model.archivedTitle }
    watch("Settings.archived", owner) { model.archived }
    checkCoverage("Settings", of: model.state)
  }

  func watchFields(of model: DetailViewModel) {
    let owner = ObjectIdentifier(model)
    watch("Detail.trackerID", owner) { model.trackerID }
    watch("Detail.backTitle", owner) { model.backTitle }
    watch("Detail.emoji", owner) { model.emoji }
    watch("Detail.name", owner) { model.name }
    watch("Detail.color", owner) { model.color }
    watch("Detail.categoryTitle", owner) { model.categoryTitle }
    watch("Detail.scheduleText", owner) { model.scheduleText }
    watch("Detail.figures", owner) { model.figures }
    watch("Detail.weekdayTitles", owner) { model.weekdayTitles }
    watch("Detail.weeks", owner) { model.weeks }
    watch("Detail.legend", owner) { model.legend }
    watch("Detail.editTitle", owner) { model.editTitle }
    watch("Detail.deleteTitle", owner) { model.deleteTitle }
    watch("Detail.deleteQuestion", owner) { model.deleteQuestion }
    watch("Detail.deleteTrackerName", owner) { model.deleteTrackerName }
    watch("Detail.confirmTitle", owner) { model.confirmTitle }
    watch("Detail.cancelTitle", owner) { model.cancelTitle }
    watch("Detail.dayOffQuestion", owner) { model.dayOffQuestion }
    watch("Detail.alert", owner) { model.alert }
    watch("Detail.noteTitle", owner) { model.noteTitle }
    watch("Detail.noteLegend", owner) { model.noteLegend }
    watch("Detail.entriesTitle", owner) { model.entriesTitle }
    watch("Detail.entries", owner) { model.entries }
    watch("Detail.amountsTitle", owner) { model.amountsTitle }
    watch("Detail.amountWeeks", owner) { model.amountWeeks }
    watch("Detail.chart", owner) { model.chart }
    checkCoverage("Detail", of: model.state)
  }

  func watchFields(of model: TrackerFormViewModel) {
    let owner = ObjectIdentifier(model)
    watch("TrackerForm.title", owner) { model.title }
    watch("TrackerForm.name", owner) { model.name }
    watch("TrackerForm.namePlaceholder", owner) { model.namePlaceholder }
    watch("TrackerForm.isClearVisible", owner) { model.isClearVisible }
    watch("TrackerForm.clearAccessibilityLabel", owner) { model.clearAccessibilityLabel }
    watch("TrackerForm.nameError", owner) { model.nameError }
    watch("TrackerForm.categoryTitle", owner) { model.categoryTitle }
    watch("TrackerForm.categoryValue", owner) { model.categoryValue }
    watch("TrackerForm.hasSchedule", owner) { model.hasSchedule }
    watch("TrackerForm.scheduleTitle", owner) { model.scheduleTitle }
    watch("TrackerForm.scheduleValue", owner) { model.scheduleValue }
    watch("TrackerForm.measure", owner) { model.measure }
    watch("TrackerForm.reminders", owner) { model.reminders }
    watch("TrackerForm.emojiTitle", owner) { model.emojiTitle }
    watch("TrackerForm.emojis", owner) { model.emojis }
    watch("TrackerForm.colorTitle", owner) { model.colorTitle }
    watch("TrackerForm.colors", owner) { model.colors }
    watch("TrackerForm.dayCounter", owner) { model.dayCounter }
    watch("TrackerForm.cancelTitle", owner) { model.cancelTitle }
    watch("TrackerForm.createTitle", owner) { model.createTitle }
    watch("TrackerForm.isCreateEnabled", owner) { model.isCreateEnabled }
    watch("TrackerForm.isSaving", owner) { model.isSaving }
    watch("TrackerForm.alert", owner) { model.alert }
    watch("TrackerForm.discardQuestion", owner) { model.discardQuestion }
    watch("TrackerForm.hasChanges", owner) { model.hasChanges }
    checkCoverage("TrackerForm", of: model.state)
  }

  func watchFields(of model: AmountViewModel) {
    let owner = ObjectIdentifier(model)
    watch("Amount.trackerID", owner) { model.trackerID }
    watch("Amount.day", owner) { model.day }
    watch("Amount.title", owner) { model.title }
    watch("Amount.dateText", owner) { model.dateText }
    watch("Amount.goalText", owner) { model.goalText }
    watch("Amount.isTextSelected", owner) { model.isTextSelected }
    watch("Amount.unit", owner) { model.unit }
    watch("Amount.text", owner) { model.text }
    watch("Amount.placeholder", owner) { model.placeholder }
    watch("Amount.error", owner) { model.error }
    watch("Amount.minusAccessibilityLabel", owner) { model.minusAccessibilityLabel }
    watch("Amount.plusAccessibilityLabel", owner) { model.plusAccessibilityLabel }
    watch("Amount.isMinusEnabled", owner) { model.isMinusEnabled }
    watch("Amount.isPlusEnabled", owner) { model.isPlusEnabled }
    watch("Amount.saveTitle", owner) { model.saveTitle }
    watch("Amount.isSaveEnabled", owner) { model.isSaveEnabled }
    watch("Amount.clearTitle", owner) { model.clearTitle }
    watch("Amount.isClearEnabled", owner) { model.isClearEnabled }
    watch("Amount.isSaving", owner) { model.isSaving }
    watch("Amount.alert", owner) { model.alert }
    checkCoverage("Amount", of: model.state)
  }

  func watchFields(of model: NoteViewModel) {
    let owner = ObjectIdentifier(model)
    watch("Note.trackerID", owner) { model.trackerID }
    watch("Note.day", owner) { model.day }
    watch("Note.title", owner) { model.title }
    watch("Note.subtitle", owner) { model.subtitle }
    watch("Note.text", owner) { model.text }
    watch("Note.placeholder", owner) { model.placeholder }
    watch("Note.error", owner) { model.error }
    watch("Note.saveTitle", owner) { model.saveTitle }
    watch("Note.isSaveEnabled", owner) { model.isSaveEnabled }
    watch("Note.clearTitle", owner) { model.clearTitle }
    watch("Note.isClearEnabled", owner) { model.isClearEnabled }
    watch("Note.isSaving", owner) { model.isSaving }
    watch("Note.alert", owner) { model.alert }
    checkCoverage("Note", of: model.state)
  }

  func watchFields(of model: ScheduleViewModel) {
    let owner = ObjectIdentifier(model)
    watch("Schedule.title", owner) { model.title }
    watch("Schedule.kinds", owner) { model.kinds }
    watch("Schedule.rows", owner) { model.rows }
    watch("Schedule.quota", owner) { model.quota }
    watch("Schedule.windowDays", owner) { model.windowDays }
    watch("Schedule.doneTitle", owner) { model.doneTitle }
    checkCoverage("Schedule", of: model.state)
  }

  func watchFields(of model: CategoryListViewModel) {
    let owner = ObjectIdentifier(model)
    watch("CategoryList.title", owner) { model.title }
    watch("CategoryList.rows", owner) { model.rows }
    watch("CategoryList.placeholder", owner) { model.placeholder }
    watch("CategoryList.addTitle", owner) { model.addTitle }
    watch("CategoryList.checkedAccessibilityLabel", owner) { model.checkedAccessibilityLabel }
    watch("CategoryList.deleteConfirmation", owner) { model.deleteConfirmation }
    watch("CategoryList.alert", owner) { model.alert }
    checkCoverage("CategoryList", of: model.state)
  }

  func watchFields(of model: CategoryFormViewModel) {
    let owner = ObjectIdentifier(model)
    watch("CategoryForm.title", owner) { model.title }
    watch("CategoryForm.text", owner) { model.text }
    watch("CategoryForm.placeholder", owner) { model.placeholder }
    watch("CategoryForm.error", owner) { model.error }
    watch("CategoryForm.doneTitle", owner) { model.doneTitle }
    watch("CategoryForm.isDoneEnabled", owner) { model.isDoneEnabled }
    watch("CategoryForm.isSaving", owner) { model.isSaving }
    watch("CategoryForm.alert", owner) { model.alert }
    checkCoverage("CategoryForm", of: model.state)
  }

  func watchFields(of model: TypePickerViewModel) {
    let owner = ObjectIdentifier(model)
    watch("TypePicker.title", owner) { model.title }
    watch("TypePicker.habitTitle", owner) { model.habitTitle }
    watch("TypePicker.eventTitle", owner) { model.eventTitle }
    checkCoverage("TypePicker", of: model.state)
  }

  func watchFields(of model: FiltersViewModel) {
    let owner = ObjectIdentifier(model)
    watch("Filters.title", owner) { model.title }
    watch("Filters.rows", owner) { model.rows }
    checkCoverage("Filters", of: model.state)
  }

  /// Watches every field of `screen`'s view model.
  func watchFields(of screen: AppFlow.Presented) {
    switch screen {
    case .trackerForm(let model): watchFields(of: model)
    case .amount(let model): watchFields(of: model)
    case .note(let model): watchFields(of: model)
    case .schedule(let model): watchFields(of: model)
    case .categories(let model): watchFields(of: model)
    case .categoryForm(let model): watchFields(of: model)
    case .typePicker(let model): watchFields(of: model)
    case .filters(let model): watchFields(of: model)
    case .detail(let model): watchFields(of: model)
    case .calendar, .permission, .timePicker, .dayStart: break
    }
  }
}
