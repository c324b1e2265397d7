import Foundation
import TrackerLocalization
import TrackerModels

/// The main screen: trackers of the selected date by category, search, filters, completion,
/// pinning, editing and deleting (seed: main screen 1–7).
@MainActor
public final class TrackersViewModel: ObservableViewModel, RegionFollowing {

  /// The state and its observers.
  public let observable: ObservableState<State>

  /// The search field's text, as a text field binds it (`TextField(…, text: $model.searchText)`): reading it tracks
  /// that field alone; writing it is the user typing (`searchChanged(_:)`).
  public var searchText: String {
    get { observable[field: \.searchText] }
    set { searchChanged(newValue) }
  }
  /// Called when the main screen sends the user elsewhere.
  public var onRoute: ((Route) -> Void)?

  /// The environment the screen reads and writes through.
  public let environment: AppEnvironment
  /// The observation of the cards of the selected day, and of the filter as stored.
  var cardsSubscription: ObservationToken?
  var filterSubscription: ObservationToken?
  /// The categories collapsed, as stored or as this screen last chose, and their observation.
  var collapsed: Set<UUID> = []
  var collapsedSubscription: ObservationToken?
  /// The trackers as last read (or brought up to date by a tap).
  var summaries: [TrackerSummary] { lastRead?.summaries ?? [] }

  /// What the screen reads for one day, in one snapshot (the value it observes): a search
  /// keystroke or a filter filters it in memory and reads nothing from the store.
  struct Read: Equatable, Sendable {
    var day: Day
    var today: Day
    var summaries: [TrackerSummary]
    var completed: Set<UUID>
    /// The trackers off on the day.
    var off: Set<UUID>
    var streaks: [UUID: Int]
    /// Records on the two days after today (a backup from across the date line): not counted
    /// before their day.
    var ahead: [UUID: Int]
    /// As stored; the screen sorts them by title in its language.
    var categories: [TrackerCategory]
    /// The histories (records with amounts, days off) of the measurable trackers and quota
    /// habits, whose cards need more than a record's presence (issue 32).
    var histories: [UUID: TrackerHistory] = [:]
  }
  var lastRead: Read?
  /// The day and today whose cards are observed.
  var observed: (day: Day, today: Day)?
  /// Counts the observations begun: a read that ends inside `observeCards` (a script's, which
  /// waits for it) may begin another one, which the first must not then replace.
  var observations = 0
  /// Whether the first read of `observed` is on its way.
  var isReading = false
  /// The state the first read of `observed` is for, until it shows.
  var waiting: State?
  /// "Today" when the screen last looked at the clock.
  var shownToday: Day

  /// The main screen on today, with the remembered filter; it follows every change of the store.
  public init(environment: AppEnvironment) {
    self.environment = environment
    let localizer = environment.localizer
    let today = environment.today
    shownToday = today
    observable = ObservableState(
      State(
        title: localizer.text(.trackersTitle),
        addAccessibilityLabel: localizer.text(.trackersAddAccessibility),
        selectedDay: today, dateText: DisplayText.shortDate(today, today: today, localizer), searchText: "",
        searchPlaceholder: localizer.text(.trackersSearchPlaceholder),
        searchClearAccessibilityLabel: localizer.text(.trackersSearchClearAccessibility), sections: [],
        placeholder: nil, filter: .all, isFilterButtonVisible: false, isFilterActive: false,
        filterButtonTitle: localizer.text(.trackersFilters), activeFilterTitle: nil, menu: nil, alert: nil))
    // The remembered filter first, so the first cards come filtered (their reads answer in the
    // order they were made).
    observeStoredFilter()
    observeCollapsed()
    observeCards(state)
    region = following(environment.region) { $0.relabel() }
    // A day start read after this screen was built (it was never read, or it changed elsewhere):
    // "today" is looked at again.
    dayStartToken = environment.dayStartCache.follow { [weak self] in self?.clockChanged() }
  }

  private var dayStartToken: ObservationToken?

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// The language or time zone changed: every text again, the cards in the new language's order,
  /// and a screen that showed today on the new today — one new state.
  func relabel() {
    let localizer = environment.localizer
    var next = state
    next.title = localizer.text(.trackersTitle)
    next.addAccessibilityLabel = localizer.text(.trackersAddAccessibility)
    next.searchPlaceholder = localizer.text(.trackersSearchPlaceholder)
    next.searchClearAccessibilityLabel = localizer.text(.trackersSearchClearAccessibility)
    next.filterButtonTitle = localizer.text(.trackersFilters)
    let today = environment.today
    if next.selectedDay == shownToday { next.selectedDay = today }
    shownToday = today
    next.dateText = DisplayText.shortDate(next.selectedDay, today: today, localizer)
    if let menu = next.menu {
      next.menu = self.menu(of: menu.trackerID, isPinned: menu.isPinned, isDayOff: menu.isDayOff, in: next)
      next.menu?.deleteQuestion = menu.deleteQuestion == nil ? nil : localizer.text(.trackersDeleteQuestion)
      next.menu?.deleteTrackerName = menu.deleteQuestion == nil ? nil : trackerName(menu.trackerID, localizer)
      next.menu?.dayOffQuestion = menu.dayOffQuestion.map { DayOffQuestion(day: $0.day, localizer) }
    }
    next.alert = next.alert?.relabelled(localizer)
    // A new language, or a time zone with the same today: what was last read, sorted and worded
    // again (no read). Another day, or a screen whose last read failed, reads.
    show(next)
  }

  /// The filter as stored, as far as this screen knows: what it last read, or last saved itself.
  var storedFilter: TrackerFilter?

  /// This screen's saves of the filter on their way: meanwhile a filter read before them is not
  /// news, and is kept for when the last of them fails.
  var filterSaves = SavesUnderWay<TrackerFilter?>()

  /// Observes the categories collapsed as stored (another window, the next launch).
  func observeCollapsed() {
    collapsedSubscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in try store.settings().collapsedCategoryIDs },
      onChange: { [weak self] result in
        guard let self, case .success(let stored) = result else { return }
        // While this screen's own saves are on their way, a read between them holds what the
        // first left, and would open the second category again for a moment: kept for when the
        // last save fails.
        guard collapsedSaves.mayShow(stored), stored != self.collapsed else { return }
        self.collapsed = stored
        self.show(self.state)
      })
  }

  /// Call when the user tapped a category's header: the category collapses to its header and the
  /// day's progress ("3 of 5 done"), or opens again; it stays so (issue 49).
  public func sectionTapped(_ id: UUID) {
    let isCollapsed = !collapsed.contains(id)
    collapsedSaves.began(over: collapsed)
    if isCollapsed { collapsed.insert(id) } else { collapsed.remove(id) }
    let chosen = collapsed
    show(state)
    saving(environment.access, environment.localizer) { (store) throws(StoreError) in
      _ = try store.updateSettings { settings in
        if isCollapsed {
          settings.collapsedCategoryIDs.insert(id)
        } else {
          settings.collapsedCategoryIDs.remove(id)
        }
      }
    } then: { [weak self] _ in
      self?.collapsedSaves.saved(chosen)
    } failed: { [weak self] in
      // What is stored, when it was read while the saves were on the way (changed elsewhere);
      // else the screen keeps the user's choice, and the alert says it was not saved.
      guard let self, let stored = collapsedSaves.failed()?.read, stored != collapsed else { return }
      collapsed = stored
      show(state)
    }
  }

  /// This screen's saves of the collapsed categories on their way, and what was read meanwhile.
  private var collapsedSaves = SavesUnderWay<Set<UUID>>()

  /// Observes the filter as stored: a filter chosen elsewhere (another screen, another process)
  /// shows here too; this screen's own choice coming back is no news.
  func observeStoredFilter() {
    filterSubscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in try store.settings().filter },
      onChange: { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let filter):
          guard self.filterSaves.mayShow(filter) else { return }
          self.follow(storedFilter: filter)
        case .failure(let error):
          self.state.alert = .storeFailure(error, .read, self.environment.localizer)
        }
      })
  }

  /// A tap's commit brought to what was read, with no read: the marks it carries (what the
  /// tapped trackers' records and days off now are) make each tapped card's count, streak and
  /// done anew. Nil when the commit does not say enough — more than records changed, a tracker
  /// not known, its first day moved so that it shows on other days — and the day is read again.
  static func applying(_ change: StoreChange, to read: Read) -> Read? {
    guard !change.isEverything, change.trackerIDs.isEmpty, change.categoryIDs.isEmpty, change.hasAllMarks
    else { return nil }
    var read = read
    let (day, today) = (read.day, read.today)
    for (id, marks) in change.marks where change.recordDays[id] != nil {
      guard let index = read.summaries.firstIndex(where: { $0.tracker.id == id }) else { return nil }
      let before = read.summaries[index]
      var summary = before
      let isDone: Bool
      let isOff: Bool
      if let old = read.histories[id] {
        // A measurable or quota card: its history anew, its card composed from it.
        let history = TrackerHistory(
          tracker: old.tracker, records: marks.trackerRecords,
          daysOff: marks.daysOff.map { TrackerDayOff(trackerID: id, day: $0) })
        summary.recordCount = history.records.count
        summary.earliestRecord = history.records.keys.min()
        read.histories[id] = history
        read.streaks[id] = history.figures(today: today).currentStreak
        isDone = history.records[day] != nil
        isOff = history.daysOff.contains(day)
      } else {
        let days = marks.records
        summary.recordCount = days.count
        summary.earliestRecord = days.first
        read.streaks[id] =
          TrackerStatistics(
            tracker: summary.tracker, recordDays: days.filter { $0 <= today }, daysOff: marks.daysOff,
            today: today
          )
          .currentStreak
        read.ahead[id] = days.count { $0 > today }
        isDone = days.contains(day)
        isOff = marks.daysOff.contains(day)
      }
      guard summary.isVisible(on: day) == before.isVisible(on: day) else { return nil }
      read.summaries[index] = summary
      if isDone { read.completed.insert(id) } else { read.completed.remove(id) }
      if isOff { read.off.insert(id) } else { read.off.remove(id) }
    }
    return read
  }

  /// Call when the main screen appears (analytics' `open`): at launch, after onboarding, and when
  /// the user comes back to its tab.
  public func screenOpened() { environment.analytics.report(AnalyticsEvent(kind: .open)) }

  /// Call when the main screen disappears (analytics' `close`): another tab, or the app closing.
  public func screenClosed() { environment.analytics.report(AnalyticsEvent(kind: .close)) }

  /// Call when the day may have changed: at midnight, when the app comes back to the foreground,
  /// when the time zone changes. "Today" is read again; a screen that showed today moves to the
  /// new today, and which dates count as future is decided anew.
  public func clockChanged() {
    let today = environment.today
    guard today != shownToday else { return }
    var next = state
    if next.selectedDay == shownToday {
      next.selectedDay = today
      next.dateText = DisplayText.shortDate(today, today: today, environment.localizer)
    }
    shownToday = today
    show(next)
  }

  /// Call when the user tapped "+".
  public func addTapped() {
    environment.analytics.report(AnalyticsEvent(kind: .click, item: .addTrack))
    onRoute?(.typePicker)
  }

  /// Call when the user tapped the date.
  public func dateTapped() { onRoute?(.calendar(selected: state.selectedDay)) }

  /// Call when the user picked a day in the calendar. "Trackers for today" returns to All;
  /// Completed and Not completed stay.
  public func daySelected(_ day: Day) {
    var next = state
    next.selectedDay = day
    next.dateText = DisplayText.shortDate(day, today: environment.today, environment.localizer)
    let leavesToday = next.filter == .today && day != environment.today
    if leavesToday { next.filter = .all }
    show(next)
    if leavesToday { saveFilter(.all) }
  }

  /// Call when the user changed the search field's text.
  public func searchChanged(_ text: String) {
    var next = state
    next.searchText = text
    // The same day as the last read: only what is in memory is filtered.
    show(next)
  }

  /// Call when the user tapped "Filters".
  public func filtersTapped() {
    environment.analytics.report(AnalyticsEvent(kind: .click, item: .filter))
    onRoute?(.filters(current: state.filter))
  }

  /// Call when the user chose a filter in the sheet. "Trackers for today" also moves to today.
  public func filterChosen(_ filter: TrackerFilter) {
    var next = state
    next.filter = filter
    if filter == .today {
      next.selectedDay = environment.today
      next.dateText = DisplayText.shortDate(next.selectedDay, today: environment.today, environment.localizer)
    }
    show(next)
    saveFilter(filter)
  }

  /// Call when the user tapped a card's + / ✓ button; ignored on future dates. A measurable
  /// card's button opens the amount sheet of the selected date instead.
  public func completeTapped(_ id: UUID) {
    environment.analytics.report(AnalyticsEvent(kind: .click, item: .track))
    let day = state.selectedDay
    guard day <= environment.today else { return }
    if summaries.first(where: { $0.tracker.id == id })?.tracker.measure.goal != nil {
      onRoute?(.amount(id, day: day))
      return
    }
    // What the card shows decides: "Mark as done" marks it done, whatever got there first.
    let isDone = !(state.sections.lazy.flatMap(\.cards).first { $0.id == id }?.isCompleted ?? false)
    attemptSoon(environment) {
      try HabitCommand(trackerID: id, day: day, action: .setDone(isDone)).run(on: $0)
    }
  }

  /// Call when the user tapped a card's body: its detail opens.
  public func cardTapped(_ id: UUID) {
    onRoute?(.detail(id, selectedDay: state.selectedDay))
  }

  /// Call when the user long-pressed a card: its context menu.
  public func cardLongPressed(_ id: UUID) {
    guard let summary = summaries.first(where: { $0.tracker.id == id }) else { return }
    let isOff = lastRead?.off.contains(id) ?? false
    // One change: the menu appears whole.
    state.menu = menu(of: id, isPinned: summary.tracker.isPinned, isDayOff: isOff, in: state)
  }

  /// The menu of the card `id`, in the language of now, its moves judged by `state`'s sections.
  func menu(of id: UUID, isPinned: Bool, isDayOff: Bool, in state: State) -> Menu {
    let localizer = environment.localizer
    var menu = Menu(
      trackerID: id, pinTitle: localizer.text(isPinned ? .menuUnpin : .menuPin),
      isPinned: isPinned, editTitle: localizer.text(.menuEdit),
      deleteTitle: localizer.text(.menuDelete),
      deleteQuestion: nil, confirmTitle: localizer.text(.menuDelete),
      cancelTitle: localizer.text(.menuCancel),
      dayOffTitle: localizer.text(isDayOff ? .menuCancelDayOff : .menuDayOff), isDayOff: isDayOff)
    menu.noteTitle = localizer.text(.menuNote)
    menu.moveUpTitle = localizer.text(.menuMoveUp)
    menu.moveDownTitle = localizer.text(.menuMoveDown)
    menu.archiveTitle = localizer.text(.menuArchive)
    let neighbours = Self.neighbours(of: id, in: state)
    (menu.canMoveUp, menu.canMoveDown) = (neighbours.previous != nil, neighbours.next != nil)
    return menu
  }

  /// The cards before and after card `id` in its section, as shown.
  static func neighbours(of id: UUID, in state: State) -> (previous: UUID?, next: UUID?) {
    for section in state.sections {
      guard let index = section.cards.firstIndex(where: { $0.id == id }) else { continue }
      return (
        index > 0 ? section.cards[index - 1].id : nil,
        index < section.cards.count - 1 ? section.cards[index + 1].id : nil
      )
    }
    return (nil, nil)
  }

  /// Call when the user chose "Move up" or "Move down": the card passes the one before or after
  /// it in its section, and stays there (issue 49; the order travels with sync).
  public func moveTapped(up: Bool) {
    guard let menu = state.menu else { return }
    let neighbours = Self.neighbours(of: menu.trackerID, in: state)
    guard let other = up ? neighbours.previous : neighbours.next else { return }
    oneState {
      state.menu = nil
      attemptSoon(environment) {
        try $0.moveTracker(menu.trackerID, to: up ? .before(other) : .after(other))
      }
    }
  }

  /// Call when the user chose "Archive": the tracker leaves the main screen, its reminders and
  /// the statistics' figures, its history kept; Settings' Archived list brings it back.
  public func archiveTapped() {
    guard let menu = state.menu else { return }
    oneState {
      state.menu = nil
      attemptSoon(environment) { try $0.setArchived(true, trackerID: menu.trackerID) }
    }
  }

  /// Call when the user chose "Note for this day": the note sheet of the selected date, any day
  /// (a future one too).
  public func noteTapped() {
    guard let menu = state.menu else { return }
    state.menu = nil
    onRoute?(.note(menu.trackerID, day: state.selectedDay))
  }

  /// Call when the user chose "Take a day off" or "Cancel the day off": the selected date (a
  /// future one too: a planned vacation) becomes the tracker's day off, or stops being one. On a
  /// done day the action sheet asks first: the record would go (docs/rules.md).
  public func dayOffTapped() {
    guard let menu = state.menu else { return }
    let day = state.selectedDay
    let isDone = state.sections.flatMap(\.cards).first { $0.id == menu.trackerID }?.isCompleted ?? false
    if !menu.isDayOff, isDone {
      state.menu?.dayOffQuestion = DayOffQuestion(day: day, environment.localizer)
      return
    }
    oneState {
      state.menu = nil
      attemptSoon(environment) {
        try HabitCommand(trackerID: menu.trackerID, day: day, action: .setDayOff(!menu.isDayOff)).run(on: $0)
      }
    }
  }

  /// What the card's button says to screen readers.
  static func completeLabel(isDone: Bool, isOff: Bool, isMeasurable: Bool = false, _ localizer: Localizer)
    -> String
  {
    if isMeasurable { return localizer.text(.trackersAmountAccessibility) }
    if isOff { return localizer.text(.trackersDayOffAccessibility) }
    return localizer.text(isDone ? .trackersUncompleteAccessibility : .trackersCompleteAccessibility)
  }

  /// Call when the user swiped a card to the left: the same delete question as the menu's Delete.
  public func cardSwipedLeft(_ id: UUID) {
    cardLongPressed(id)
    deleteTapped()
  }

  /// Call when the user answered "Take it off" to the question of a done day: its record goes and
  /// the day is off.
  public func dayOffConfirmed() {
    guard let menu = state.menu, let question = menu.dayOffQuestion else { return }
    oneState {
      state.menu = nil
      attemptSoon(environment) {
        try HabitCommand(trackerID: menu.trackerID, day: question.day, action: .setDayOff(true)).run(on: $0)
      }
    }
  }

  /// Call when the user dismissed the context menu or the delete question.
  public func menuDismissed() { state.menu = nil }

  /// Call when the user chose Pin or Unpin.
  public func pinTapped() {
    guard let menu = state.menu else { return }
    oneState {
      state.menu = nil
      attemptSoon(environment) { try $0.setPinned(!menu.isPinned, trackerID: menu.trackerID) }
    }
  }

  /// Call when the user chose Edit.
  public func editTapped() {
    guard let menu = state.menu, let summary = summaries.first(where: { $0.tracker.id == menu.trackerID })
    else { return }
    environment.analytics.report(AnalyticsEvent(kind: .click, item: .edit))
    state.menu = nil
    onRoute?(.editTracker(summary))
  }

  /// Call when the user chose Delete: the action sheet asks first.
  public func deleteTapped() {
    guard state.menu != nil else { return }
    environment.analytics.report(AnalyticsEvent(kind: .click, item: .delete))
    guard var menu = state.menu else { return }
    menu.deleteQuestion = environment.localizer.text(.trackersDeleteQuestion)
    menu.deleteTrackerName = trackerName(menu.trackerID, environment.localizer)
    state.menu = menu  // one change: the question and its tracker appear together
  }

  /// The name of the tracker `id`, quoted as the language quotes it, for the delete question.
  func trackerName(_ id: UUID, _ localizer: Localizer) -> String? {
    summaries.first { $0.tracker.id == id }.map {
      localizer.text(.trackersDeleteTrackerName($0.tracker.name))
    }
  }

  /// Call when the user confirmed the deletion: the tracker and all its records go.
  public func deleteConfirmed() {
    guard let menu = state.menu, menu.deleteQuestion != nil else { return }
    oneState {
      state.menu = nil
      attemptSoon(environment) { try $0.deleteTracker(id: menu.trackerID) }
    }
  }

}
