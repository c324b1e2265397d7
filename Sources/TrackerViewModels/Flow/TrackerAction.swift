import Foundation
import TrackerModels

/// What acting on an element of the habit tracker does (`AppFlow.send`).
public enum TrackerAction: Hashable, Sendable {
  // Anywhere
  /// OK on the alert over the screen.
  case dismissAlert
  /// Puts the text cursor into a field.
  case focus(InputField)
  /// The user typed: `field` holds `text` now (a field not on screen ignores it).
  case textChanged(InputField, String)
  /// A tab of the tab bar.
  case selectTab(AppFlow.Tab)

  // Onboarding
  /// The onboarding's button: onboarding is done for good.
  case finishOnboarding

  // Main screen
  /// "+": the type picker.
  case addTracker
  /// The date: the calendar.
  case openCalendar
  /// "Filters": the filter sheet.
  case openFilters
  /// A card's + / ✓ button.
  case toggleCompletion(trackerID: UUID)
  /// A tap on a card's body: its detail.
  case openDetail(trackerID: UUID)
  /// A long press on a card: its context menu.
  case openCardMenu(trackerID: UUID)
  /// A card swiped to the left: the delete question, as the menu's Delete asks it.
  case askToDeleteTracker(trackerID: UUID)
  /// Pin or Unpin in a card's menu.
  case togglePin
  /// "Move up" or "Move down" in a card's menu (issue 49).
  case moveTracker(up: Bool)
  /// "Archive" in a card's menu.
  case archiveTracker
  /// A tap on a category's header: it collapses or opens (issue 49).
  case toggleSection(categoryID: UUID)

  // Statistics
  /// A category of the statistics' picker, or all (nil) (issue 49).
  case chooseStatisticsCategory(UUID?)
  /// "Bring back" on an archived tracker of Settings' Archived list.
  case unarchiveTracker(UUID)
  /// "Take a day off" or "Cancel the day off" in a card's menu, for the selected date.
  case toggleDayOff
  /// Edit in a card's menu.
  case editTracker
  /// Delete in a card's menu: the delete question.
  case deleteTracker
  /// Delete in the action sheet: the tracker goes.
  case confirmTrackerDeletion
  /// Cancel in the action sheet.
  case cancelTrackerDeletion
  /// "Take it off" when a done day is taken off (the card's menu or the detail's grid).
  case confirmDayOff
  /// Cancel in that question.
  case cancelDayOff

  // Type picker
  /// "Habit" or "Irregular event".
  case chooseKind(TypePickerViewModel.Choice)

  // Tracker form
  /// The ✕ in the name field.
  case clearName
  /// The Category row.
  case openCategories
  /// The Schedule row.
  case openSchedule
  /// The Reminders row's "+": the time picker for a new reminder.
  case addReminder
  /// A reminder's time on the form: the time picker, to change it.
  case editReminder(ReminderTime)
  /// A reminder's ✕ on the form.
  case removeReminder(ReminderTime)
  /// Emoji number `index` (0-based) of the picker.
  case chooseEmoji(index: Int)
  /// Color number `index` (0-based) of the picker.
  case chooseColor(index: Int)
  /// − on the edit form's day counter.
  case decreaseDays
  /// + on the edit form's day counter.
  case increaseDays
  /// Cancel: the form closes, nothing saved.
  case cancelForm
  /// Discard, when a form with changes is left: it closes, nothing saved.
  case discardForm
  /// Keep editing, in that question: the form stays.
  case keepEditing
  /// Create, or Save when editing.
  case saveTracker
  // Issue 32: form
  /// Yes/No or Measurable.
  case chooseMeasure(TrackerFormViewModel.MeasureKind)
  /// At least or at most.
  case chooseDirection(MeasureDirection)
  /// What a measurable habit's target is for: a day, a week or a month (issue 49).
  case chooseTargetPeriod(TrackerFormViewModel.TargetPeriod)

  // Categories
  /// A category's row: it is chosen.
  case chooseCategory(UUID)
  /// "Add category".
  case addCategory
  /// A long press on a category's row: its menu.
  case openCategoryMenu(UUID)
  /// Edit in a category's menu.
  case editCategory(UUID)
  /// Delete in a category's menu: the delete question.
  case deleteCategory(UUID)
  /// Delete in the category's action sheet.
  case confirmCategoryDeletion
  /// Cancel in the category's action sheet.
  case cancelCategoryDeletion
  /// Done on the category form.
  case saveCategory

  // Schedule
  /// A weekday's switch.
  case toggleWeekday(Weekday)
  /// Done on the schedule.
  case saveSchedule
  // Issue 32: form
  /// The days of the week, or N a week or a month.
  case chooseScheduleKind(ScheduleViewModel.Kind)
  /// − on N.
  case decreaseQuota
  /// + on N.
  case increaseQuota
  /// − on Y of N times in Y days.
  case decreaseWindowDays
  /// + on Y of N times in Y days.
  case increaseWindowDays

  // Filters
  /// A filter's row.
  case chooseFilter(TrackerFilter)

  // Calendar
  /// The previous-month arrow.
  case previousMonth
  /// The next-month arrow.
  case nextMonth
  /// A day of the month grid.
  case chooseDay(Day)

  // Detail
  /// Back: the detail closes.
  case goBack
  /// A day of the five-week grid: its record is toggled.
  case toggleDay(Day)
  /// A long press on a day of the five-week grid: its day off is taken or cancelled.
  case toggleDayOffOn(Day)

  // Settings
  /// The daily reminder's switch.
  case toggleReminder
  /// The reminder's time: the time sheet.
  case openReminderTime
  /// "Day starts at": the day start sheet.
  case openDayStart
  /// An hour of the day start sheet.
  case chooseDayStart(DayStart)
  /// Allow on the explanation: the system's question.
  case allowNotifications
  /// "Not now" on the explanation.
  case postponeNotifications
  /// Done on the time sheet.
  case saveReminderTime

  // Issue 32: cards, sheets, detail
  /// "Note for this day" in a card's menu or on the detail: the note sheet of the selected date.
  case openNote
  /// − on the amount sheet: one unit less.
  case decreaseAmount
  /// + on the amount sheet: one unit more.
  case increaseAmount
  /// Save on the amount sheet.
  case saveAmount
  /// Clear on the amount sheet: the day's record goes.
  case clearAmount
  /// Save on the note sheet.
  case saveNote
  /// Clear on the note sheet: the day's note goes.
  case clearNote
}

/// The text fields of the app, named by their identifiers (docs/command-line.md).
public enum InputField: String, Hashable, Sendable {
  /// The main screen's search field.
  case search
  /// The tracker form's name field.
  case name
  /// The category form's title field.
  case title
  /// The time sheet's HH:MM field.
  case time
  /// The to-do form's text (its title is `title`).
  case text
  // Issue 32: form
  /// The tracker form's unit field (a measurable tracker).
  case unit
  /// The tracker form's daily target field (a measurable tracker).
  case target
  /// The amount sheet's number field (issue 32).
  case amount
  /// The note sheet's multi-line text (issue 32).
  case noteText = "note-text"
}
