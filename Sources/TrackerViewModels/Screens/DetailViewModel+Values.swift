import Foundation
import TrackerLocalization
import TrackerModels

extension DetailViewModel {
  /// One day of the five-week grid.
  public struct Cell: Equatable, Sendable, Identifiable {
    /// What a day is for the tracker, told apart without color (the legend names the marks).
    public enum Mark: Equatable, Sendable {
      /// Completed.
      case done
      /// Due, past, not completed: it broke the streak.
      case missed
      /// Due today and not completed yet: it neither adds nor breaks (docs/rules.md).
      case dueToday
      /// Not a scheduled weekday of the habit.
      case notDue
      /// Before the tracker's first day.
      case beforeFirstDay
      /// After today.
      case future
      /// The tracker's day off (docs/rules.md): not due, kept from streaks.
      case dayOff
    }

    public var id: Day { day }
    public var day: Day
    /// "30".
    public var dayOfMonth: String
    public var mark: Mark
    public var isToday: Bool
    /// Whether a tap toggles the day: on or before today, and due (any day for an event), before
    /// the first day too.
    public var isEnabled: Bool
    /// Whether a long press may take this day off or cancel its day off: the tracker is shown
    /// that day (or it is already off).
    public var canToggleDayOff: Bool
    /// Whether the day has a note (issue 32): the grid marks it.
    public var hasNote: Bool = false

    /// A value with every field given.
    public init(
      day: Day, dayOfMonth: String, mark: Mark, isToday: Bool, isEnabled: Bool, canToggleDayOff: Bool = false
    ) {
      self.canToggleDayOff = canToggleDayOff
      self.day = day
      self.dayOfMonth = dayOfMonth
      self.mark = mark
      self.isToday = isToday
      self.isEnabled = isEnabled
    }
  }

  /// One of the figures under the title: current streak, best streak, total.
  public struct Figure: Equatable, Sendable, Identifiable {
    public enum ID: Hashable, Sendable { case currentStreak, bestStreak, total }
    public var id: ID
    public var label: String
    /// "🔥 3 дня", "5 дней".
    public var value: String

    /// A value with every field given.
    public init(id: ID, label: String, value: String) {
      self.id = id
      self.label = label
      self.value = value
    }
  }

  /// A mark of the legend and what it means.
  public struct LegendItem: Equatable, Sendable {
    public var mark: Cell.Mark
    public var text: String

    /// A value with every field given.
    public init(mark: Cell.Mark, text: String) {
      self.mark = mark
      self.text = text
    }
  }

  /// A week of the grid's amounts (issue 32): its Monday and its seven days' amounts, "–" for a
  /// day without one, as a line under the legend: "23 Nov: 7 · 9.5 · – · 5.5 · 8.75 · 1.5 · 8".
  public struct AmountWeek: Equatable, Sendable, Identifiable {
    public var id: Day { monday }
    public var monday: Day
    /// "23 Nov" / "23 нояб.".
    public var dateText: String
    /// Monday first, seven: "12.5", or "–" for a day without an amount.
    public var amounts: [String]

    /// A value with every field given.
    public init(monday: Day, dateText: String, amounts: [String]) {
      self.monday = monday
      self.dateText = dateText
      self.amounts = amounts
    }
  }

  /// A day of the five-week window with a note (issue 32), listed under the legend with a
  /// measurable day's amount: "3 Dec  12.5 km  ran in the rain".
  public struct DayEntry: Equatable, Sendable, Identifiable {
    public var id: Day { day }
    public var day: Day
    /// "3 Dec" / "3 дек.".
    public var dateText: String
    /// A measurable tracker's amount with its unit: "12.5 km"; nil without a record.
    public var amountText: String?
    /// The note, as written (line breaks included); nil without one.
    public var note: String?

    /// A value with every field given.
    public init(day: Day, dateText: String, amountText: String?, note: String?) {
      self.day = day
      self.dateText = dateText
      self.amountText = amountText
      self.note = note
    }
  }

  /// A measurable tracker's totals of the last 12 weeks (issue 32), drawn as bars with the weekly
  /// target as a line.
  public struct Chart: Equatable, Sendable {
    /// One week's total.
    public struct Week: Equatable, Sendable {
      /// Its Monday.
      public var monday: Day
      /// The sum of its amounts up to today, exact.
      public var total: Amount
      /// "35.5".
      public var totalText: String

      /// A value with every field given.
      public init(monday: Day, total: Amount, totalText: String) {
        self.monday = monday
        self.total = total
        self.totalText = totalText
      }
    }
    /// "Last 12 weeks, km a week".
    public var title: String
    /// Oldest first, the current week last.
    public var weeks: [Week]
    /// The weekly target: the daily target times the days a week asks for.
    public var target: Amount
    /// "target 140 km a week".
    public var targetText: String
    /// The first week's Monday and the last's: "7 Sep", "23 Nov".
    public var firstWeekText: String
    public var lastWeekText: String

    /// A value with every field given.
    public init(
      title: String, weeks: [Week], target: Amount, targetText: String, firstWeekText: String,
      lastWeekText: String
    ) {
      self.title = title
      self.weeks = weeks
      self.target = target
      self.targetText = targetText
      self.firstWeekText = firstWeekText
      self.lastWeekText = lastWeekText
    }
  }

  /// What the detail shows.
  public struct State: ScreenState, AlertShowing {
    public var trackerID: UUID
    public var backTitle: String
    public var emoji: String
    public var name: String
    public var color: TrackerColor
    public var categoryTitle: String
    /// "Every day", "Mon, Wed", "Irregular event".
    public var scheduleText: String
    public var figures: [Figure]
    /// Monday first.
    public var weekdayTitles: [String]
    /// Five rows of seven days; the last holds the main screen's selected date.
    public var weeks: [[Cell]]
    public var legend: [LegendItem]
    public var editTitle: String
    public var deleteTitle: String
    /// Set once Delete was chosen: the action sheet's question, as the card menu asks it.
    public var deleteQuestion: String?
    /// The tracker the question is about, quoted ("“Бег”" / "«Бег»"), shown under it.
    public var deleteTrackerName: String?
    public var confirmTitle: String
    public var cancelTitle: String
    /// Set once a done day was long-pressed: the action sheet's question before it is taken off.
    public var dayOffQuestion: DayOffQuestion?
    public var alert: AlertState?
    // Issue 32: notes, amounts and the chart
    /// "Note for this day": the note sheet of the main screen's selected date.
    public var noteTitle: String = ""
    /// The legend's note mark ("note"), shown while the grid holds a note.
    public var noteLegend: String = ""
    /// "Notes".
    public var entriesTitle: String = ""
    /// The window's days with a note, ascending.
    public var entries: [DayEntry] = []
    /// "Amounts, km": a measurable tracker's amounts title; empty for a yes/no one.
    public var amountsTitle: String = ""
    /// A measurable tracker's amounts, one line a week of the grid; empty for a yes/no one.
    public var amountWeeks: [AmountWeek] = []
    /// A measurable tracker's 12-week chart; nil for a yes/no one.
    public var chart: Chart?

    /// A value with every field given.
    public init(
      trackerID: UUID, backTitle: String, emoji: String, name: String, color: TrackerColor,
      categoryTitle: String,
      scheduleText: String, figures: [Figure], weekdayTitles: [String], weeks: [[Cell]], legend: [LegendItem],
      editTitle: String, deleteTitle: String, deleteQuestion: String? = nil, confirmTitle: String,
      cancelTitle: String, alert: AlertState? = nil
    ) {
      self.trackerID = trackerID
      self.backTitle = backTitle
      self.emoji = emoji
      self.name = name
      self.color = color
      self.categoryTitle = categoryTitle
      self.scheduleText = scheduleText
      self.figures = figures
      self.weekdayTitles = weekdayTitles
      self.weeks = weeks
      self.legend = legend
      self.editTitle = editTitle
      self.deleteTitle = deleteTitle
      self.deleteQuestion = deleteQuestion
      self.confirmTitle = confirmTitle
      self.cancelTitle = cancelTitle
      self.alert = alert
    }
  }

  /// Where the detail asks the flow to go.
  public enum Route: Equatable, Sendable {
    /// Edit: the tracker form for this tracker.
    case edit(TrackerSummary)
    /// Back, or the tracker is gone (deleted here or elsewhere).
    case close
    /// "Note for this day": the note sheet of `day` (issue 32).
    case note(Day)
  }
}
