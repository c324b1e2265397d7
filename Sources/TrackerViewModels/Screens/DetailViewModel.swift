import Foundation
import TrackerLocalization
import TrackerModels

/// A tracker's detail (seed 004, step 3): what it is, its streaks and a calendar of the last five
/// weeks in which a due day is ticked or unticked with a tap. Opened by tapping a card's body.
@MainActor
public final class DetailViewModel: PresentedScreen {

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
  var pendingRoute: Route?

  package let environment: AppEnvironment
  /// The day whose week is the grid's last row (the main screen's selected date).
  let selectedDay: Day
  var summary: TrackerSummary?
  var subscription: ObservationToken?

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
    observeTracker()
    region = following(environment.region) { model in
      model.state = Self.labelled(model.state, model.environment.localizer)
      // A new language with the same today: what was last read, worded again (no read).
      if let read = model.lastRead, read.today == model.environment.today {
        model.show(read)
      } else {
        model.observeTracker()
      }
    }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// `state` with the texts that do not come from the store in `localizer`'s language.
  static func labelled(_ state: State, _ localizer: Localizer) -> State {
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
    state.noteTitle = localizer.text(.menuNote)
    state.noteLegend = localizer.text(.detailLegendNote)
    state.dayOffQuestion = state.dayOffQuestion.map { DayOffQuestion(day: $0.day, localizer) }
    state.alert = state.alert?.relabelled(localizer)
    return state
  }

  /// Call when the day may have changed (the grid's today and the streaks move).
  public func clockChanged() {
    guard lastRead?.today != environment.today else { return }
    observeTracker()
  }

  /// Call when the user tapped a day of the grid: its record is toggled when the day is enabled.
  public func dayTapped(_ day: Day) {
    guard let cell = state.weeks.joined().first(where: { $0.day == day }), cell.isEnabled else { return }
    let id = state.trackerID
    // A yes/no day shows whether it has a record: the tap makes it what the cell offers, whatever
    // got there first. A measurable day's mark says whether its amount met the target, so its
    // record is toggled.
    guard summary?.tracker.measure == .yesNo else {
      return attemptSoon(environment) {
        try HabitCommand(trackerID: id, day: day, action: .toggleDone).run(on: $0)
      }
    }
    let isDone = cell.mark != .done
    attemptSoon(environment) {
      try HabitCommand(trackerID: id, day: day, action: .setDone(isDone)).run(on: $0)
    }
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
    attemptSoon(environment) {
      try HabitCommand(trackerID: id, day: day, action: .setDayOff(isOff)).run(on: $0)
    }
  }

  /// Call when the user answered "Take it off" to the question of a done day.
  public func dayOffConfirmed() {
    guard let question = state.dayOffQuestion else { return }
    let id = state.trackerID
    state.dayOffQuestion = nil
    attemptSoon(environment) {
      try HabitCommand(trackerID: id, day: question.day, action: .setDayOff(true)).run(on: $0)
    }
  }

  /// Call when the user cancelled the question of a done day: nothing changes.
  public func dayOffQuestionCancelled() { state.dayOffQuestion = nil }

  public func backTapped() { route(.close) }

  /// Call when the user tapped "Note for this day": the note sheet of the main screen's selected
  /// date (the day the grid ends with), any day.
  public func noteTapped() { route(.note(selectedDay)) }

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
    saving(environment.access, environment.localizer, .givingUpAfterWait) { (store) throws(StoreError) in
      try store.deleteTracker(id: id)
    }
  }

  /// Asks for `route`, or keeps it until someone listens.
  func route(_ route: Route) {
    if let onRoute {
      onRoute(route)
    } else {
      pendingRoute = route
    }
  }

  /// Reads the tracker, its category, its records (with amounts), days off and notes; closes when
  /// the tracker is gone.
  /// Observes the tracker's detail as of today (`observe(fetch:)`): read now, and again once after
  /// each burst of commits that touched the tracker, its records, notes or days off, or the
  /// categories. A tracker gone (deleted here or elsewhere) closes the screen; when the store
  /// cannot be read, the screen keeps what it showed and an alert says why.
  func observeTracker() {
    let id = state.trackerID
    let today = environment.today
    subscription = environment.access.observe(
      fetch: { (store) throws(StoreError) -> Read? in
        // One snapshot: the tracker, its category and its days as they were together.
        try store.read { (store) throws(StoreError) in
          guard let summary = try store.trackers().first(where: { $0.tracker.id == id }) else { return nil }
          let title = try store.categories().first { $0.id == summary.tracker.categoryID }?.title ?? ""
          return Read(
            summary: summary, categoryTitle: title, records: try store.records(trackerID: id),
            daysOff: try store.daysOff(trackerID: id), notes: try store.notes(trackerID: id), today: today)
        }
      },
      onChange: { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let read?):
          self.summary = read.summary
          self.lastRead = read
          self.show(read)
        case .success(nil):
          self.summary = nil
          self.route(.close)
        case .failure(let error):
          self.state.alert = .storeFailure(error, .read, self.environment.localizer)
        }
      })
  }

  /// What the screen last read, and the today it was read for.
  struct Read: Equatable, Sendable {
    var summary: TrackerSummary
    var categoryTitle: String
    var records: [TrackerRecord]
    var daysOff: [Day]
    var notes: [TrackerNote]
    var today: Day
  }
  var lastRead: Read?

  /// The detail of what was read, in the environment's language.
  func show(_ read: Read) {
    state = Self.state(
      state, summary: read.summary, categoryTitle: read.categoryTitle, records: read.records,
      daysOff: read.daysOff, notes: read.notes, today: read.today, selectedDay: selectedDay,
      localizer: environment.localizer)
  }

  /// The detail of `summary` with `records` as of `today`: figures by the streak rule, the grid of
  /// the five weeks ending with `selectedDay`'s, its days' amounts and notes, and a measurable
  /// tracker's chart.
  static func state(
    _ base: State, summary: TrackerSummary, categoryTitle: String, records: [TrackerRecord],
    daysOff: [Day] = [], notes: [TrackerNote] = [], today: Day, selectedDay: Day, localizer: Localizer
  ) -> State {
    var state = base
    let tracker = summary.tracker
    let recordDays = records.map(\.day)
    state.emoji = tracker.emoji
    state.name = tracker.name
    state.color = tracker.color
    state.categoryTitle = categoryTitle
    switch (tracker.kind.isHabit, tracker.quota) {
    case (true, nil) where tracker.window != nil:
      state.scheduleText = tracker.window.map { DisplayText.window($0, localizer) } ?? ""
    case (true, let quota?):
      state.scheduleText = localizer.plural(
        quota.period == .week ? .scheduleQuotaWeek : .scheduleQuotaMonth, count: quota.count)
    case (true, nil): state.scheduleText = DisplayText.schedule(tracker.kind.dueDays, localizer)
    case (false, _): state.scheduleText = localizer.text(.detailIrregularEvent)
    }
    // The streak rule ignores records after today, first days included.
    let counted = recordDays.filter { $0 <= today }
    // Measurable trackers and quota habits by their own rules (docs/rules.md); yes/no weekday
    // habits and events as before.
    let history =
      tracker.isJudgedDayByDay
      ? TrackerHistory(
        tracker: tracker, records: records,
        daysOff: daysOff.map { TrackerDayOff(trackerID: tracker.id, day: $0) })
      : nil
    let figures =
      history?.figures(today: today)
      ?? TrackerStatistics(tracker: tracker, recordDays: counted, daysOff: daysOff, today: today)
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
    let noted = Dictionary(notes.map { ($0.day, $0.text) }, uniquingKeysWith: { first, _ in first })
    let monday = selectedDay.adding(days: -(selectedDay.weekday.rawValue - 1))
    let start = monday.adding(days: -28)
    // A quota habit's day left untouched is not "not scheduled": any day may count (issue 49).
    if let index = state.legend.firstIndex(where: { $0.mark == .notDue }) {
      state.legend[index].text = localizer.text(
        !tracker.isJudgedByItsPeriod ? .detailLegendNotDue : .detailLegendQuotaUntouched)
    }
    state.weeks = (0..<5).map { week in
      (0..<7).map { offset in
        let day = start.adding(days: week * 7 + offset)
        // A quota habit's day without a met day is not missed: the period asks for N days, not this one.
        let isDue = tracker.isDue(on: day) && !tracker.isJudgedByItsPeriod
        let isDone = history.map { $0.isMet(on: day, today: today) } ?? done.contains(day)
        let mark: Cell.Mark
        if off.contains(day) {
          mark = .dayOff
        } else if day > today {
          mark = .future
        } else if isDone {
          mark = .done
        } else if day < firstDay {
          mark = .beforeFirstDay
        } else if !isDue {
          mark = .notDue
        } else {
          mark = day == today ? .dueToday : .missed
        }
        var cell = Cell(
          day: day, dayOfMonth: String(day.components.day), mark: mark, isToday: day == today,
          isEnabled: tracker.canBeTicked(on: day, today: today),
          canToggleDayOff: off.contains(day) || tracker.isVisible(on: day, firstDay: firstDay))
        cell.hasNote = noted[day] != nil
        return cell
      }
    }
    // Issue 32: the window's amounts and notes, and a measurable tracker's chart.
    let window = start...start.adding(days: 34)
    let goal = tracker.measure.goal
    let amounts = Dictionary(
      records.compactMap { record in goal.map { (record.day, record.amount ?? $0.target) } },
      uniquingKeysWith: { first, _ in first })
    func date(_ day: Day) -> String {
      localizer.dayAndMonth(day: day.components.day, month: day.components.month)
    }
    state.entries = noted.keys.filter { window.contains($0) }.sorted().map { day in
      DayEntry(
        day: day, dateText: date(day),
        amountText: amounts[day].map { DisplayText.amount($0, localizer) + " " + (goal?.unit ?? "") },
        note: noted[day])
    }
    state.entriesTitle = localizer.text(.detailNotes)
    state.amountsTitle = goal.map { localizer.text(.detailAmounts(unit: $0.unit)) } ?? ""
    state.amountWeeks =
      goal == nil
      ? []
      : (0..<5).map { week in
        let monday = start.adding(days: week * 7)
        return AmountWeek(
          monday: monday, dateText: date(monday),
          amounts: (0..<7).map { offset in
            let day = monday.adding(days: offset)
            // An at-most day that ended with nothing entered is met as 0: it shows 0, not "–".
            let metAsZero =
              goal?.direction == .atMost && amounts[day] == nil
              && history?.isMet(on: day, today: today) == true
            return amounts[day].map { DisplayText.amount($0, localizer) } ?? (metAsZero ? "0" : "–")
          })
      }
    state.chart = goal.map { chart(goal: $0, tracker: tracker, amounts: amounts, today: today, localizer) }
    return state
  }

  /// The last 12 weeks' totals, the current week last, against the weekly target: the daily target
  /// times the days a week asks for — the scheduled weekdays, N for N a week, every day for an
  /// event, N × 7 / 30 for N a month (docs/decisions.md).
  static func chart(
    goal: MeasureGoal, tracker: Tracker, amounts: [Day: Amount], today: Day, _ localizer: Localizer
  ) -> Chart {
    let thisMonday = today.adding(days: 1 - today.weekday.rawValue)
    let weeks = (0..<12).map { index -> Chart.Week in
      let monday = thisMonday.adding(days: (index - 11) * 7)
      let total = Amount.sum(
        (0..<7).compactMap { offset -> Amount? in
          let day = monday.adding(days: offset)
          return day <= today ? amounts[day] : nil
        })
      return Chart.Week(monday: monday, total: total, totalText: DisplayText.amount(total, localizer))
    }
    // The target's share of a week as a fraction (times a week, over a divisor): a period
    // target's week is its target and a month's 7/30 of it; a quota's N a week or N × 7/30 a
    // month times the daily target. Multiplied before dividing, rounded to the nearest thousandth.
    let (times, divisor): (Int, Int)
    switch (tracker.kind.isHabit, tracker.quota?.period ?? goal.period) {
    case (_, .week?): (times, divisor) = (tracker.quota?.count ?? 1, 1)
    case (_, .month?): (times, divisor) = ((tracker.quota?.count ?? 1) * 7, 30)
    case (true, nil): (times, divisor) = (tracker.kind.dueDays.days.count, 1)
    case (false, nil): (times, divisor) = (7, 1)
    }
    let weekly = (goal.target.thousandths * times * 2 + divisor) / (2 * divisor)
    let target = Amount(thousandths: min(weekly, Amount.maximum.thousandths)) ?? goal.target
    func date(_ day: Day) -> String {
      localizer.dayAndMonth(day: day.components.day, month: day.components.month)
    }
    return Chart(
      title: localizer.text(.detailChartTitle(unit: goal.unit)), weeks: weeks, target: target,
      targetText: localizer.text(
        .detailChartTarget(target: DisplayText.amount(target, localizer), unit: goal.unit)),
      firstWeekText: date(weeks[0].monday), lastWeekText: date(weeks[11].monday))
  }
}
