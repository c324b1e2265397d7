import Foundation
import TrackerLocalization
import TrackerModels

extension TrackerFormViewModel {
  /// What the form is for.
  public enum Mode: Equatable, Sendable {
    case newHabit
    case newEvent
    /// Editing an existing tracker, with its record count for the day counter.
    case edit(TrackerSummary)
  }

  /// One emoji of the 6×3 picker.
  public struct EmojiItem: Equatable, Sendable, Identifiable {
    public var emoji: String
    /// Selected emoji get a background.
    public var isSelected: Bool

    /// The emoji identifies the item (the 18 are distinct).
    public var id: String { emoji }

    /// A value with every field given.
    public init(emoji: String, isSelected: Bool) {
      self.emoji = emoji
      self.isSelected = isSelected
    }
  }

  /// One color of the 6×3 picker.
  public struct ColorItem: Equatable, Sendable, Identifiable {
    public var color: TrackerColor
    /// The selected color gets a border.
    public var isSelected: Bool

    /// The color identifies the item (the 18 are distinct).
    public var id: TrackerColor { color }

    /// A value with every field given.
    public init(color: TrackerColor, isSelected: Bool) {
      self.color = color
      self.isSelected = isSelected
    }
  }

  /// The edit form's "N days" with − and +.
  public struct DayCounter: Equatable, Sendable {
    public var text: String
    public var count: Int
    public var isMinusEnabled: Bool
    public var minusAccessibilityLabel: String
    public var plusAccessibilityLabel: String

    /// A value with every field given.
    public init(
      text: String, count: Int, isMinusEnabled: Bool, minusAccessibilityLabel: String,
      plusAccessibilityLabel: String
    ) {
      self.text = text
      self.count = count
      self.isMinusEnabled = isMinusEnabled
      self.minusAccessibilityLabel = minusAccessibilityLabel
      self.plusAccessibilityLabel = plusAccessibilityLabel
    }
  }

  /// The form's Reminders row (issue 48): the tracker's reminders, each with its ✕, and "+" to add
  /// one. Times are chosen on the time picker of Settings; a reminder's days and "only if not done
  /// yet" are kept as they are (the command line sets them).
  public struct ReminderSection: Equatable, Sendable {
    /// "Reminders".
    public var title: String
    public var rows: [ReminderRow]
    /// "Add a reminder": the "+" button's accessibility label.
    public var addTitle: String
    /// Whether another can be added (below `HabitReminder.limit`).
    public var isAddEnabled: Bool

    /// A value with every field given.
    public init(
      title: String = "", rows: [ReminderRow] = [], addTitle: String = "", isAddEnabled: Bool = true
    ) {
      self.title = title
      self.rows = rows
      self.addTitle = addTitle
      self.isAddEnabled = isAddEnabled
    }
  }

  /// One reminder of the form's Reminders row.
  public struct ReminderRow: Equatable, Sendable, Identifiable {
    public var time: ReminderTime
    /// "07:30".
    public var text: String
    /// How it speaks when that is not the default ("Mon, Fri · even when done"); nil for the
    /// habit's own days, only if not done yet.
    public var details: String?
    /// "Remove the reminder at 07:30": the ✕ button's accessibility label.
    public var removeAccessibilityLabel: String

    /// The time identifies the row (one reminder per time).
    public var id: ReminderTime { time }

    /// A value with every field given.
    public init(time: ReminderTime, text: String, details: String?, removeAccessibilityLabel: String) {
      self.time = time
      self.text = text
      self.details = details
      self.removeAccessibilityLabel = removeAccessibilityLabel
    }
  }

  /// What the form shows.
  public struct State: ScreenState, SaveShowing {
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
    /// The chosen days ("Пн, Ср" or "Every day") or quota ("3 times a week"), under the row's title.
    public var scheduleValue: String?
    /// Yes/No or Measurable, with a measurable tracker's fields (issue 32).
    public var measure: MeasureFields
    /// The tracker's reminders (issue 48).
    public var reminders = ReminderSection()
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
    /// Whether its save is on its way (the store has not answered yet): the form takes no second
    /// save and no Cancel meanwhile, and a client shows its save button disabled.
    public var isSaving: Bool = false
    /// Whether anything was entered or changed since the form opened: a field of its own, so a
    /// view that reads it re-renders only when it turns (not at every keystroke).
    public package(set) var hasChanges = false
    public var alert: AlertState?
    /// The form refuses a swipe down while it holds changes (its Cancel asks whether to discard
    /// them) and while its save is on its way.
    public var isDismissDisabled: Bool { hasChanges || isSaving }
    /// Set when the user leaves a form with changes (Esc, a swipe down): the action sheet asks
    /// whether to throw them away.
    public var discardQuestion: DiscardQuestion?

    /// The question before a form with changes closes.
    public struct DiscardQuestion: Equatable, Sendable {
      /// "Discard your changes?"
      public var text: String
      /// "Discard": the form closes, nothing saved.
      public var discardTitle: String
      /// "Keep editing": the question goes, the form stays as it was.
      public var keepEditingTitle: String

      /// A value with every field given.
      public init(text: String, discardTitle: String, keepEditingTitle: String) {
        self.text = text
        self.discardTitle = discardTitle
        self.keepEditingTitle = keepEditingTitle
      }
    }

    /// A value with every field given.
    public init(
      title: String, name: String, namePlaceholder: String, isClearVisible: Bool,
      clearAccessibilityLabel: String, nameError: String? = nil, categoryTitle: String,
      categoryValue: String? = nil, hasSchedule: Bool, scheduleTitle: String, scheduleValue: String? = nil,
      emojiTitle: String, emojis: [EmojiItem], colorTitle: String, colors: [ColorItem],
      dayCounter: DayCounter? = nil, cancelTitle: String, createTitle: String, isCreateEnabled: Bool,
      alert: AlertState? = nil, measure: MeasureFields = MeasureFields(),
      reminders: ReminderSection = ReminderSection()
    ) {
      self.title = title
      self.name = name
      self.namePlaceholder = namePlaceholder
      self.isClearVisible = isClearVisible
      self.clearAccessibilityLabel = clearAccessibilityLabel
      self.nameError = nameError
      self.categoryTitle = categoryTitle
      self.categoryValue = categoryValue
      self.hasSchedule = hasSchedule
      self.scheduleTitle = scheduleTitle
      self.scheduleValue = scheduleValue
      self.measure = measure
      self.reminders = reminders
      self.emojiTitle = emojiTitle
      self.emojis = emojis
      self.colorTitle = colorTitle
      self.colors = colors
      self.dayCounter = dayCounter
      self.cancelTitle = cancelTitle
      self.createTitle = createTitle
      self.isCreateEnabled = isCreateEnabled
      self.alert = alert
    }
  }

  /// Where the form sends the user.
  public enum Route: Equatable, Sendable {
    /// The category list, with the form's category checked.
    case categories(checked: UUID?)
    /// The schedule, showing the form's choice (its days, or N a week or a month).
    case schedule(ScheduleChoice)
    /// The time picker for a reminder: showing `time`, for the reminder at `replacing` (nil: a new
    /// one). Its Done calls `reminderTimeChosen(_:replacing:)`.
    case reminderTime(ReminderTime, replacing: ReminderTime?)
    /// Saved or cancelled: close the form.
    case close
  }
}
