import Foundation
import TrackerLocalization
import TrackerModels

/// A tracker's detail (seed 004, step 3): what it is, its streaks and a calendar of the last five
/// weeks in which a due day is ticked or unticked with a tap. Opened by tapping a card's body.
@MainActor
public final class DetailViewModel: ObservableViewModel, RegionFollowing {
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

  /// What the detail shows.
  public struct State: Equatable, Sendable, AlertShowing {
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
  }

  public let observable: ObservableState<State>
  /// Where the screen asks to go. A route decided before this is set (the tracker was already
  /// gone when the screen was made) is delivered as soon as it is set.
  public var onRoute: ((Route) -> Void)? {
    didSet {
      guard let onRoute, let pending = pendingRoute else { return }
      pendingRoute = nil
      onRoute(pending)
    }
  }
  /// A route decided while no one listened yet.
  private var pendingRoute: Route?

  private let environment: AppEnvironment
  /// The day whose week is the grid's last row (the main screen's selected date).
  private let selectedDay: Day
  private var summary: TrackerSummary?
  private var subscription: ObservationToken?

  /// The detail of tracker `trackerID`, its grid ending with the week of `selectedDay`.
  public init(environment: AppEnvironment, trackerID: UUID, selectedDay: Day) {
    self.environment = environment
    self.selectedDay = selectedDay
    observable = ObservableState(
      Self.labelled(
        State(
          trackerID: trackerID, backTitle: "", emoji: "", name: "", color: .palette[0], categoryTitle: "",
          scheduleText: "", figures: [], weekdayTitles: [], weeks: [], legend: [], editTitle: "",
          deleteTitle: "", confirmTitle: "", cancelTitle: ""),
        environment.localizer))
    reload()
    subscription = StoreSubscription.observe(environment.store) { [weak self] change in
      guard let self else { return }
      guard
        change.isEverything || change.trackerIDs.contains(trackerID) || change.recordDays[trackerID] != nil
          || !change.categoryIDs.isEmpty
      else { return }
      self.reload()
    }
    region = following(environment.region) { model in
      model.state = Self.labelled(model.state, model.environment.localizer)
      // A new language with the same today: what was last read, worded again (no read).
      if let read = model.lastRead, read.today == model.environment.today {
        model.show(read)
      } else {
        model.reload()
      }
    }
  }

  /// Follows the environment's language and time zone.
  var region: RegionFollower?

  /// `state` with the texts that do not come from the store in `localizer`'s language.
  private static func labelled(_ state: State, _ localizer: Localizer) -> State {
    var state = state
    state.backTitle = localizer.text(.detailBack)
    state.weekdayTitles = (1...7).map(localizer.weekdayShortName(iso:))
    state.legend = [
      LegendItem(mark: .done, text: localizer.text(.detailLegendDone)),
      LegendItem(mark: .missed, text: localizer.text(.detailLegendMissed)),
      LegendItem(mark: .notDue, text: localizer.text(.detailLegendNotDue)),
      LegendItem(mark: .dueToday, text: localizer.text(.detailLegendToday)),
      LegendItem(mark: .beforeFirstDay, text: localizer.text(.detailLegendBeforeFirstDay)),
      LegendItem(mark: .future, text: localizer.text(.detailLegendFuture)),
      LegendItem(mark: .dayOff, text: localizer.text(.detailLegendDayOff)),
    ]
    state.editTitle = localizer.text(.menuEdit)
    state.deleteTitle = localizer.text(.menuDelete)
    if state.deleteQuestion != nil {
      state.deleteQuestion = localizer.text(.trackersDeleteQuestion)
      state.deleteTrackerName = localizer.text(.trackersDeleteTrackerName(state.name))
    }
    state.confirmTitle = localizer.text(.menuDelete)
    state.cancelTitle = localizer.text(.menuCancel)
    state.dayOffQuestion = state.dayOffQuestion.map { DayOffQuestion(day: $0.day, localizer) }
    state.alert = state.alert?.relabelled(localizer)
    return state
  }

  /// Call when the day may have changed (the grid's today and the streaks move).
  public func clockChanged() { reload() }

  /// Call when the user tapped a day of the grid: its record is toggled when the day is enabled.
  public func dayTapped(_ day: Day) {
    guard state.weeks.joined().first(where: { $0.day == day })?.isEnabled == true else { return }
    let id = state.trackerID
    attemptSoon(environment) { try $0.toggleRecord(trackerID: id, on: day) }
  }

  /// Call when the user tapped Back.
  /// Call when the user long-pressed a cell: the day becomes the tracker's day off, or stops being
  /// one (a future day too: a planned vacation).
  public func dayLongPressed(_ day: Day) {
    guard let cell = state.weeks.joined().first(where: { $0.day == day }), cell.canToggleDayOff else {
      return
    }
    let id = state.trackerID
    // A done day asks first: its record would go.
    if cell.mark == .done {
      state.dayOffQuestion = DayOffQuestion(day: day, environment.localizer)
      return
    }
    let isOff = cell.mark != .dayOff
    attemptSoon(environment) { _ = try $0.setDaysOff(isOff, trackerID: id, on: [day]) }
  }

  /// Call when the user answered "Take it off" to the question of a done day.
  public func dayOffConfirmed() {
    guard let question = state.dayOffQuestion else { return }
    let id = state.trackerID
    state.dayOffQuestion = nil
    attemptSoon(environment) { _ = try $0.setDaysOff(true, trackerID: id, on: [question.day]) }
  }

  /// Call when the user cancelled the question of a done day: nothing changes.
  public func dayOffQuestionCancelled() { state.dayOffQuestion = nil }

  public func backTapped() { route(.close) }

  /// Call when the user tapped Edit.
  public func editTapped() {
    guard let summary else { return }
    environment.analytics.report(AnalyticsEvent(kind: .click, item: .edit))
    onRoute?(.edit(summary))
  }

  /// Call when the user tapped Delete: the question, as the card menu asks it.
  public func deleteTapped() {
    environment.analytics.report(AnalyticsEvent(kind: .click, item: .delete))
    var next = state
    next.deleteQuestion = environment.localizer.text(.trackersDeleteQuestion)
    next.deleteTrackerName = environment.localizer.text(.trackersDeleteTrackerName(state.name))
    state = next  // one change: the question and its tracker appear together
  }

  /// Call when the user dismissed the question.
  public func deleteCancelled() {
    var next = state
    next.deleteQuestion = nil
    next.deleteTrackerName = nil
    state = next
  }

  /// Call when the user confirmed: the tracker and its records go, and so does the detail.
  public func deleteConfirmed() {
    guard state.deleteQuestion != nil else { return }
    var next = state
    next.deleteQuestion = nil
    next.deleteTrackerName = nil
    state = next
    let id = state.trackerID
    attempt(.save, environment.localizer) { () throws(StoreError) in
      try environment.write { try $0.deleteTracker(id: id) }
    }
  }

  /// Asks for `route`, or keeps it until someone listens.
  private func route(_ route: Route) {
    if let onRoute {
      onRoute(route)
    } else {
      pendingRoute = route
    }
  }

  /// Reads the tracker, its category and its records; closes when the tracker is gone.
  private func reload() {
    let localizer = environment.localizer
    let id = state.trackerID
    let store = environment.store
    guard
      let read = attempt(
        .read, localizer,
        { () throws(StoreError) -> (TrackerSummary, String, [Day], [Day])? in
          // One snapshot: the tracker, its category and its days as they were together.
          try store.read { (store) throws(StoreError) in
            guard let summary = try store.trackers().first(where: { $0.tracker.id == id }) else { return nil }
            let title = try store.categories().first { $0.id == summary.tracker.categoryID }?.title ?? ""
            return (summary, title, try store.recordDays(trackerID: id), try store.daysOff(trackerID: id))
          }
        })
    else { return }
    guard let (summary, categoryTitle, recordDays, daysOff) = read else {
      self.summary = nil
      route(.close)
      return
    }
    self.summary = summary
    let shown = Read(
      summary: summary, categoryTitle: categoryTitle, recordDays: recordDays, daysOff: daysOff,
      today: environment.today)
    lastRead = shown
    show(shown)
  }

  /// What the screen last read, and the today it was read for.
  private struct Read {
    var summary: TrackerSummary
    var categoryTitle: String
    var recordDays: [Day]
    var daysOff: [Day]
    var today: Day
  }
  private var lastRead: Read?

  /// The detail of what was read, in the environment's language.
  private func show(_ read: Read) {
    state = Self.state(
      state, summary: read.summary, categoryTitle: read.categoryTitle, recordDays: read.recordDays,
      daysOff: read.daysOff, today: read.today, selectedDay: selectedDay, localizer: environment.localizer)
  }

  /// The detail of `summary` with `recordDays` as of `today`: figures by the streak rule, and the
  /// grid of the five weeks ending with `selectedDay`'s.
  static func state(
    _ base: State, summary: TrackerSummary, categoryTitle: String, recordDays: [Day], daysOff: [Day] = [],
    today: Day,
    selectedDay: Day,
    localizer: Localizer
  ) -> State {
    var state = base
    let tracker = summary.tracker
    state.emoji = tracker.emoji
    state.name = tracker.name
    state.color = tracker.color
    state.categoryTitle = categoryTitle
    state.scheduleText =
      tracker.kind.isHabit
      ? DisplayText.schedule(tracker.kind.dueDays, localizer) : localizer.text(.detailIrregularEvent)
    // The streak rule ignores records after today, first days included.
    let counted = recordDays.filter { $0 <= today }
    let figures = TrackerStatistics(tracker: tracker, recordDays: counted, daysOff: daysOff, today: today)
    let firstDay = tracker.firstDay(earliestRecord: counted.min())
    state.figures = [
      Figure(
        id: .currentStreak, label: localizer.text(.detailCurrentStreak),
        // The flame marks a streak that is going, as on the card (🔥 from 1 on): none next to 0.
        value: (figures.currentStreak > 0 ? "🔥 " : "") + localizer.plural(.days, count: figures.currentStreak)
      ),
      Figure(
        id: .bestStreak, label: localizer.text(.detailBestStreak),
        value: localizer.plural(.days, count: figures.bestStreak)),
      Figure(
        id: .total, label: localizer.text(.detailTotalCompleted),
        value: localizer.plural(.days, count: figures.completed)),
    ]
    let done = Set(recordDays)
    let off = Set(daysOff)
    let monday = selectedDay.adding(days: -(selectedDay.weekday.rawValue - 1))
    let start = monday.adding(days: -28)
    state.weeks = (0..<5).map { week in
      (0..<7).map { offset in
        let day = start.adding(days: week * 7 + offset)
        let isDue = tracker.isDue(on: day)
        let mark: Cell.Mark
        if off.contains(day) {
          mark = .dayOff
        } else if day > today {
          mark = .future
        } else if done.contains(day) {
          mark = .done
        } else if day < firstDay {
          mark = .beforeFirstDay
        } else if !isDue {
          mark = .notDue
        } else {
          mark = day == today ? .dueToday : .missed
        }
        return Cell(
          day: day, dayOfMonth: String(day.components.day), mark: mark, isToday: day == today,
          isEnabled: tracker.canBeTicked(on: day, today: today),
          canToggleDayOff: off.contains(day) || tracker.isVisible(on: day, firstDay: firstDay))
      }
    }
    return state
  }
}
