import TrackerModels
import TrackerViewModels

/// Which element it is: a typed value, made where the element is built from what it stands for
/// (a tracker's name, a day, an hour), never from a text on screen. Its one text form (`text`) is
/// the accessibility identifier of docs/scripting.md that scripts write (`#card:Бег`); nothing
/// takes that text apart to learn what an element is.
public enum ElementID: Hashable, Sendable, CustomStringConvertible {
  // On many screens
  /// OK on an alert.
  case ok
  /// The button that confirms a question (delete, take a day off), and the one that cancels it
  /// or closes a form without saving.
  case confirm, cancel
  /// The button that saves a sheet (category, schedule, reminder time, new task) and the to-do
  /// edit screen's.
  case done, save
  /// "+": a new tracker, a new task.
  case add
  /// A menu's or the detail's Edit and Delete.
  case edit, delete
  /// A text field.
  case field(InputField)
  /// The button that empties a text field (✕).
  case clear(InputField)
  /// A tab of the tab bar.
  case tab(AppFlow.Tab)

  // Onboarding
  case start

  // Main screen and the card's menu
  /// The date over the cards (the calendar).
  case date
  case filters
  /// A tracker's card, by the tracker's name.
  case card(String)
  /// A card's + / ✓ button, by the tracker's name.
  case complete(String)
  case pin, unpin
  /// A card's menu's "Move up", "Move down" and "Archive" (issue 49).
  case moveUp, moveDown, archive
  /// A category's header on the main screen, by its title: a tap collapses or opens it.
  case section(String)

  // Statistics
  /// A choice of the category picker: a category by its title, or all (nil) (issue 49).
  case scope(String?)
  /// An archived tracker's "Bring back" in Settings, by the tracker's name.
  case unarchive(String)
  /// "Take a day off", and cancelling it on a day off.
  case dayOff, cancelDayOff

  // Type picker and tracker form
  case habit, event
  /// The form's Category and Schedule rows.
  case categoryRow, scheduleRow
  /// The day counter's − and + (editing a habit).
  case daysMinus, daysPlus
  /// The form's Reminders row: "+" to add a reminder, a reminder's time (to change it), its ✕.
  case addReminder
  case formReminder(ReminderTime)
  case removeReminder(ReminderTime)
  /// An emoji or a color of the form's grid, by its place, from 1.
  case emoji(Int)
  case color(Int)
  case create
  /// The question before a form with changes closes.
  case discard, keepEditing
  // Issue 32: form
  /// Yes/No or Measurable on the tracker form.
  case measure(TrackerFormViewModel.MeasureKind)
  /// At least or at most, for a measurable tracker.
  case direction(MeasureDirection)
  /// A day, a week or a month: what a measurable habit's target is for (issue 49).
  case targetPeriod(TrackerFormViewModel.TargetPeriod)

  // Categories
  /// A category of the list, by its title.
  case category(String)
  case addCategory

  // Schedule, filters, calendar, detail
  /// A weekday of the schedule.
  case weekday(Weekday)
  // Issue 32: form
  /// The schedule's kind: the days of the week, N a week or N a month.
  case scheduleKind(ScheduleViewModel.Kind)
  /// − and + on the schedule's N.
  case quotaMinus, quotaPlus
  /// − and + on Y of N times in Y days (issue 49).
  case windowDaysMinus, windowDaysPlus
  case filter(TrackerFilter)
  case previousMonth, nextMonth
  /// A day of the calendar or of the detail's grid.
  case day(Day)
  case back

  // Settings
  /// The reminder switch, its time and the day start row.
  case reminder, reminderTime, dayStart
  /// The sync row: the folder and the last sync, or how to turn sync on (issue 33).
  case sync
  /// An hour of the day start sheet, 0…12.
  case hour(Int)
  /// The permission explanation's buttons.
  case allow, notNow

  // The to-do list
  /// The form's Completed switch.
  case completed
  /// Loading the starting tasks again.
  case retry
  /// A task of the list, by its title, else its text.
  case todo(String)

  // Issue 32: cards, sheets, detail
  /// "Note for this day" in a card's menu and on the detail.
  case note
  /// The amount sheet's − and +.
  case amountMinus, amountPlus
  /// Clear on the amount and note sheets: the day's amount or note goes.
  case clearEntry

  /// The accessibility identifier scripts write: `add`, `card:Бег`, `emoji:5`, `day:2026-11-30`,
  /// `day:mon`, `hour:03`, ….
  public var text: String {
    switch self {
    case .ok: return "ok"
    case .confirm: return "confirm"
    case .cancel: return "cancel"
    case .done: return "done"
    case .save: return "save"
    case .add: return "add"
    case .edit: return "edit"
    case .delete: return "delete"
    case .field(let field): return field.rawValue
    case .clear(let field): return "clear-" + field.rawValue
    case .tab(let tab): return "tab-" + Self.name(of: tab)
    case .start: return "start"
    case .date: return "date"
    case .filters: return "filters"
    case .card(let name): return "card:" + name
    case .complete(let name): return "complete:" + name
    case .pin: return "pin"
    case .unpin: return "unpin"
    case .moveUp: return "move-up"
    case .moveDown: return "move-down"
    case .archive: return "archive"
    case .section(let title): return "section:" + title
    case .scope(let title): return "scope:" + (title ?? "all")
    case .unarchive(let name): return "unarchive:" + name
    case .dayOff: return "day-off"
    case .cancelDayOff: return "cancel-day-off"
    case .habit: return "habit"
    case .event: return "event"
    case .categoryRow: return "category"
    case .scheduleRow: return "schedule"
    case .daysMinus: return "days-minus"
    case .daysPlus: return "days-plus"
    case .addReminder: return "add-reminder"
    case .formReminder(let time): return "reminder:" + time.description
    case .removeReminder(let time): return "remove-reminder:" + time.description
    case .emoji(let place): return "emoji:\(place)"
    case .color(let place): return "color:\(place)"
    case .create: return "create"
    case .discard: return "discard"
    case .keepEditing: return "keep-editing"
    case .measure(let kind): return "measure:" + kind.rawValue
    case .direction(let direction): return "direction:" + direction.rawValue
    case .targetPeriod(let period): return "target-period:" + period.rawValue
    case .category(let title): return "category:" + title
    case .addCategory: return "add-category"
    case .weekday(let weekday): return "day:" + weekday.code
    case .scheduleKind(let kind): return "schedule:" + kind.rawValue
    case .quotaMinus: return "quota-minus"
    case .quotaPlus: return "quota-plus"
    case .windowDaysMinus: return "window-days-minus"
    case .windowDaysPlus: return "window-days-plus"
    case .filter(let filter): return "filter:" + filter.rawValue
    case .previousMonth: return "prev-month"
    case .nextMonth: return "next-month"
    case .day(let day): return "day:" + day.iso
    case .back: return "back"
    case .reminder: return "reminder"
    case .reminderTime: return "reminder-time"
    case .dayStart: return "day-start"
    case .sync: return "sync"
    case .hour(let hour): return "hour:" + (hour < 10 ? "0" : "") + String(hour)
    case .allow: return "allow"
    case .notNow: return "not-now"
    case .completed: return "completed"
    case .retry: return "retry"
    case .todo(let name): return "todo:" + name
    case .note: return "note"
    case .amountMinus: return "amount-minus"
    case .amountPlus: return "amount-plus"
    case .clearEntry: return "clear"
    }
  }

  public var description: String { text }

  private static func name(of tab: AppFlow.Tab) -> String {
    switch tab {
    case .trackers: return "trackers"
    case .statistics: return "statistics"
    case .settings: return "settings"
    }
  }
}
