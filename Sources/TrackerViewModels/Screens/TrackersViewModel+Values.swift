import Foundation
import TrackerLocalization
import TrackerModels

extension TrackersViewModel {
  /// One tracker's card.
  public struct Card: Equatable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var emoji: String
    public var color: TrackerColor
    /// "5 дней": every record of the tracker, all time.
    public var dayCounter: String
    /// Whether the tracker is done on the selected date (the button shows ✓).
    public var isCompleted: Bool
    /// Whether the selected date is the tracker's day off (the button shows "–"; tapping it
    /// completes the day instead).
    public var isDayOff: Bool
    /// False on future dates (seed: a future date cannot be completed).
    public var isCompleteEnabled: Bool
    public var isPinned: Bool
    /// What the icon-only button says to screen readers.
    public var completeAccessibilityLabel: String
    /// The current streak as of today (docs/rules.md), whatever date is selected.
    public var currentStreak: Int
    /// "🔥 5" for a current streak of 1 or more, else nil (seed 004).
    public var streakText: String?
    /// A measurable tracker's amount on the selected date against its target: "12.5 / 20 km",
    /// "– / 20 km" with nothing entered; nil for a yes/no tracker (issue 32).
    public var amountText: String?
    /// A quota habit's progress in the selected date's period: "2 of 3 this week"; nil without a
    /// quota (issue 32).
    public var quotaText: String?
    /// A quota habit whose period holds what it asks (issue 49): its button shows ✓ on any day of
    /// the period, and a tap still adds the day (`isCompleted` is the day's own record).
    public var isPeriodMet = false
    /// Whether the button opens the amount sheet (a measurable tracker) rather than ticking the day.
    public var isMeasurable: Bool
    /// What a screen reader offers on the card (`actionChosen(_:onCard:)` does each).
    public var actions: [HabitAction] = []

    /// A value with every field given.
    public init(
      id: UUID, name: String, emoji: String, color: TrackerColor, dayCounter: String, isCompleted: Bool,
      isCompleteEnabled: Bool, isPinned: Bool, completeAccessibilityLabel: String, currentStreak: Int = 0,
      isDayOff: Bool = false, amountText: String? = nil, quotaText: String? = nil, isMeasurable: Bool = false,
      actions: [HabitAction] = []
    ) {
      self.actions = actions
      self.amountText = amountText
      self.quotaText = quotaText
      self.isMeasurable = isMeasurable
      self.isDayOff = isDayOff
      self.currentStreak = currentStreak
      self.streakText = currentStreak >= 1 ? "🔥 \(currentStreak)" : nil
      self.id = id
      self.name = name
      self.emoji = emoji
      self.color = color
      self.dayCounter = dayCounter
      self.isCompleted = isCompleted
      self.isCompleteEnabled = isCompleteEnabled
      self.isPinned = isPinned
      self.completeAccessibilityLabel = completeAccessibilityLabel
    }
  }

  /// A titled group of cards: "Pinned", then the categories.
  public struct Section: Equatable, Sendable, Identifiable {
    /// What a section stands for (a category may be called "Pinned" too, so titles cannot tell).
    public enum ID: Hashable, Sendable {
      case pinned
      case category(UUID)
    }
    public var id: ID
    public var title: String
    public var cards: [Card]
    /// Whether the section is a category's, which a tap on its header collapses (issue 49).
    public var isCollapsible = false
    /// Whether it is collapsed: no cards, the header telling the day's progress instead.
    public var isCollapsed = false
    /// A collapsed section's progress on the selected day: "3 of 5 done".
    public var progressText: String?

    /// A value with every field given.
    public init(id: ID, title: String, cards: [Card]) {
      self.id = id
      self.title = title
      self.cards = cards
    }
  }

  /// The picture and text shown instead of cards.
  public struct Placeholder: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      /// Nothing is due on the date: "What are we going to track?"
      case noTrackers
      /// Search or filter found nothing: "Nothing found".
      case nothingFound
    }
    public var kind: Kind
    public var text: String

    /// A value with every field given.
    public init(kind: Kind, text: String) {
      self.kind = kind
      self.text = text
    }
  }

  /// The context menu of a card, and the delete question it can lead to.
  public struct Menu: Equatable, Sendable {
    public var trackerID: UUID
    public var pinTitle: String
    public var isPinned: Bool
    public var editTitle: String
    public var deleteTitle: String
    /// Set once Delete was chosen: the action sheet's question.
    public var deleteQuestion: String?
    /// The tracker the question is about, quoted ("“Бег”" / "«Бег»"), shown under it.
    public var deleteTrackerName: String?
    public var confirmTitle: String
    public var cancelTitle: String
    /// "Take a day off" for the selected date, or "Cancel the day off" on a day off.
    public var dayOffTitle: String
    /// Whether the selected date is already the tracker's day off.
    public var isDayOff: Bool
    /// Set once "Take a day off" was chosen on a done day: the action sheet's question.
    public var dayOffQuestion: DayOffQuestion?
    /// "Note for this day": the note sheet of the selected date (issue 32).
    public var noteTitle: String = ""
    /// "Move up" and "Move down" within the card's section, each offered only when there is a
    /// card to pass; "Archive" (issue 49).
    public var moveUpTitle: String = ""
    public var moveDownTitle: String = ""
    public var canMoveUp = false
    public var canMoveDown = false
    public var archiveTitle: String = ""

    /// A value with every field given.
    public init(
      trackerID: UUID, pinTitle: String, isPinned: Bool, editTitle: String, deleteTitle: String,
      deleteQuestion: String? = nil, confirmTitle: String, cancelTitle: String, dayOffTitle: String = "",
      isDayOff: Bool = false
    ) {
      self.dayOffTitle = dayOffTitle
      self.isDayOff = isDayOff
      self.trackerID = trackerID
      self.pinTitle = pinTitle
      self.isPinned = isPinned
      self.editTitle = editTitle
      self.deleteTitle = deleteTitle
      self.deleteQuestion = deleteQuestion
      self.confirmTitle = confirmTitle
      self.cancelTitle = cancelTitle
    }
  }

  /// What the main screen shows.
  public struct State: Equatable, Sendable, AlertShowing {
    public var title: String
    public var addAccessibilityLabel: String
    public var selectedDay: Day
    /// "30.11.26".
    public var dateText: String
    public var searchText: String
    public var searchPlaceholder: String
    /// What the search field's clear button says to screen readers.
    public var searchClearAccessibilityLabel: String
    public var sections: [Section]
    /// Nil while the cards show, and while the trackers could not be read (an alert says so).
    public var placeholder: Placeholder?
    public var filter: TrackerFilter
    /// Absent when nothing is due on the date (before search and filter).
    public var isFilterButtonVisible: Bool
    /// Whether a filter other than All is on (the button says so).
    public var isFilterActive: Bool
    public var filterButtonTitle: String
    /// The active filter's name while it is not All ("Completed"), for the button to say so.
    public var activeFilterTitle: String?
    /// The open context menu, if any.
    public var menu: Menu?
    /// A failed save or read, over the screen.
    public var alert: AlertState?

    /// A value with every field given.
    public init(
      title: String, addAccessibilityLabel: String, selectedDay: Day, dateText: String, searchText: String,
      searchPlaceholder: String, searchClearAccessibilityLabel: String, sections: [Section],
      placeholder: Placeholder? = nil, filter: TrackerFilter, isFilterButtonVisible: Bool,
      isFilterActive: Bool, filterButtonTitle: String, activeFilterTitle: String? = nil, menu: Menu? = nil,
      alert: AlertState? = nil
    ) {
      self.title = title
      self.addAccessibilityLabel = addAccessibilityLabel
      self.selectedDay = selectedDay
      self.dateText = dateText
      self.searchText = searchText
      self.searchPlaceholder = searchPlaceholder
      self.searchClearAccessibilityLabel = searchClearAccessibilityLabel
      self.sections = sections
      self.placeholder = placeholder
      self.filter = filter
      self.isFilterButtonVisible = isFilterButtonVisible
      self.isFilterActive = isFilterActive
      self.filterButtonTitle = filterButtonTitle
      self.activeFilterTitle = activeFilterTitle
      self.menu = menu
      self.alert = alert
    }
  }

  /// Where the main screen sends the user.
  public enum Route: Equatable, Sendable {
    case typePicker
    case calendar(selected: Day)
    case filters(current: TrackerFilter)
    case editTracker(TrackerSummary)
    /// A card's detail, its grid ending with the week of `selectedDay`.
    case detail(UUID, selectedDay: Day)
    /// A measurable card's button: the amount sheet of `day` (issue 32).
    case amount(UUID, day: Day)
    /// "Note for this day" in a card's menu: the note sheet of `day` (issue 32).
    case note(UUID, day: Day)
  }
}
