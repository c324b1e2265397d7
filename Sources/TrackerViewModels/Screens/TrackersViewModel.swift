import Foundation
import TrackerLocalization
import TrackerModels

/// The main screen: trackers of the selected date by category, search, filters, completion,
/// pinning, editing and deleting (seed: main screen 1–7).
@MainActor
public final class TrackersViewModel: ObservableViewModel, RegionFollowing {
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
    /// Whether the button opens the amount sheet (a measurable tracker) rather than ticking the day.
    public var isMeasurable: Bool

    /// A value with every field given.
    public init(
      id: UUID, name: String, emoji: String, color: TrackerColor, dayCounter: String, isCompleted: Bool,
      isCompleteEnabled: Bool, isPinned: Bool, completeAccessibilityLabel: String, currentStreak: Int = 0,
      isDayOff: Bool = false, amountText: String? = nil, quotaText: String? = nil, isMeasurable: Bool = false
    ) {
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

  private let environment: AppEnvironment
  /// The observation of the cards of the selected day, and of the filter as stored.
  private var cardsSubscription: ObservationToken?
  private var filterSubscription: ObservationToken?
  /// The trackers as last read (or brought up to date by a tap).
  private var summaries: [TrackerSummary] { lastRead?.summaries ?? [] }

  /// What the screen reads for one day, in one snapshot (the value it observes): a search
  /// keystroke or a filter filters it in memory and reads nothing from the store.
  private struct Read: Equatable, Sendable {
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
  private var lastRead: Read?
  /// "Today" when the screen last looked at the clock.
  private var shownToday: Day

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
        selectedDay: today, dateText: DisplayText.shortDate(today, localizer), searchText: "",
        searchPlaceholder: localizer.text(.trackersSearchPlaceholder),
        searchClearAccessibilityLabel: localizer.text(.trackersSearchClearAccessibility), sections: [],
        placeholder: nil, filter: .all, isFilterButtonVisible: false, isFilterActive: false,
        filterButtonTitle: localizer.text(.trackersFilters), activeFilterTitle: nil, menu: nil, alert: nil))
    // The remembered filter first, so the first cards come filtered (their reads answer in the
    // order they were made).
    observeStoredFilter()
    observeCards(state)
    region = following(environment.region) { $0.relabel() }
  }

  /// Follows the environment's language and time zone.
  var region: RegionFollower?

  /// The language or time zone changed: every text again, the cards in the new language's order,
  /// and a screen that showed today on the new today — one new state.
  private func relabel() {
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
    next.dateText = DisplayText.shortDate(next.selectedDay, localizer)
    if let menu = next.menu {
      next.menu = Menu(
        trackerID: menu.trackerID, pinTitle: localizer.text(menu.isPinned ? .menuUnpin : .menuPin),
        isPinned: menu.isPinned, editTitle: localizer.text(.menuEdit),
        deleteTitle: localizer.text(.menuDelete),
        deleteQuestion: menu.deleteQuestion == nil ? nil : localizer.text(.trackersDeleteQuestion),
        confirmTitle: localizer.text(.menuDelete), cancelTitle: localizer.text(.menuCancel),
        dayOffTitle: localizer.text(menu.isDayOff ? .menuCancelDayOff : .menuDayOff), isDayOff: menu.isDayOff)
      next.menu?.deleteTrackerName = menu.deleteQuestion == nil ? nil : trackerName(menu.trackerID, localizer)
      next.menu?.dayOffQuestion = menu.dayOffQuestion.map { DayOffQuestion(day: $0.day, localizer) }
      next.menu?.noteTitle = localizer.text(.menuNote)
    }
    next.alert = next.alert?.relabelled(localizer)
    // A new language, or a time zone with the same today: what was last read, sorted and worded
    // again (no read). Another day, or a screen whose last read failed, reads.
    show(next)
  }

  /// The filter as stored, as far as this screen knows: what it last read, or last saved itself.
  private var storedFilter: TrackerFilter?

  /// How many of this screen's saves of the filter are on their way: meanwhile a filter read
  /// before them is not news.
  private var filterSaves = 0

  /// Observes the filter as stored: a filter chosen elsewhere (another screen, another process)
  /// shows here too; this screen's own choice coming back is no news.
  private func observeStoredFilter() {
    filterSubscription = environment.access.observe(
      touches: { $0.settingsChanged },
      fetch: { (store) throws(StoreError) in try store.settings().filter },
      onChange: { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let filter):
          guard self.filterSaves == 0, filter != self.storedFilter else { return }
          self.storedFilter = filter
          guard filter != self.state.filter else { return }
          var next = self.state
          next.filter = filter
          // "Trackers for today" chosen elsewhere moves to today, as choosing it here does.
          let today = self.environment.today
          if filter == .today, next.selectedDay != today {
            next.selectedDay = today
            next.dateText = DisplayText.shortDate(today, self.environment.localizer)
          }
          self.show(next)
        case .failure(let error):
          self.state.alert = .storeFailure(error, .read, self.environment.localizer)
        }
      })
  }

  /// A tap's commit brought to what was read, with no read: the marks it carries (what the
  /// tapped trackers' records and days off now are) make each tapped card's count, streak and
  /// done anew. Nil when the commit does not say enough — more than records changed, a tracker
  /// not known, its first day moved so that it shows on other days — and the day is read again.
  private static func applying(_ change: StoreChange, to read: Read) -> Read? {
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
      next.dateText = DisplayText.shortDate(today, environment.localizer)
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
    next.dateText = DisplayText.shortDate(day, environment.localizer)
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
      next.dateText = DisplayText.shortDate(next.selectedDay, environment.localizer)
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
    attemptSoon(environment) { try $0.setCompleted(isDone, trackerID: id, on: day) }
  }

  /// Call when the user tapped a card's body: its detail opens.
  public func cardTapped(_ id: UUID) {
    onRoute?(.detail(id, selectedDay: state.selectedDay))
  }

  /// Call when the user long-pressed a card: its context menu.
  public func cardLongPressed(_ id: UUID) {
    guard let summary = summaries.first(where: { $0.tracker.id == id }) else { return }
    let localizer = environment.localizer
    let isOff = lastRead?.off.contains(id) ?? false
    var menu = Menu(
      trackerID: id, pinTitle: localizer.text(summary.tracker.isPinned ? .menuUnpin : .menuPin),
      isPinned: summary.tracker.isPinned, editTitle: localizer.text(.menuEdit),
      deleteTitle: localizer.text(.menuDelete),
      deleteQuestion: nil, confirmTitle: localizer.text(.menuDelete),
      cancelTitle: localizer.text(.menuCancel),
      dayOffTitle: localizer.text(isOff ? .menuCancelDayOff : .menuDayOff), isDayOff: isOff)
    menu.noteTitle = localizer.text(.menuNote)
    state.menu = menu  // one change: the menu appears whole
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
      attemptSoon(environment) { _ = try $0.setDaysOff(!menu.isDayOff, trackerID: menu.trackerID, on: [day]) }
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
      attemptSoon(environment) { _ = try $0.setDaysOff(true, trackerID: menu.trackerID, on: [question.day]) }
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
  private func trackerName(_ id: UUID, _ localizer: Localizer) -> String? {
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

  /// Remembers `filter`, already on screen; when remembering fails, an alert says the choice will
  /// not last (the screen still shows what the user asked for).
  private func saveFilter(_ filter: TrackerFilter) {
    let before = storedFilter
    storedFilter = filter
    filterSaves += 1
    saving(environment.access, environment.localizer, .givingUpAfterWait) { (store) throws(StoreError) in
      try store.updateSettings { $0.filter = filter }
    } then: { [weak self] _ in
      self?.filterSaves -= 1
    } failed: { [weak self] in
      // Still stored as before: another process's later change of the data does not take the
      // user's choice off the screen, a change of the filter elsewhere does.
      self?.filterSaves -= 1
      self?.storedFilter = before
    }
  }

  /// Shows `next`: filtered and composed from what was read when its day is the one observed
  /// and read, as it is while the first read of its day is on its way (the cards follow), else
  /// with its day observed anew — back on the day before while another day's read is on its way
  /// too, so that read cannot land under this day's date. A screen whose last read failed reads
  /// again.
  private func show(_ next: State) {
    var next = next
    let today = environment.today
    let isObserved = observed?.day == next.selectedDay && observed?.today == today && next.alert == nil
    if isObserved, !isReading, let read = lastRead, read.day == next.selectedDay, read.today == today {
      compose(&next, from: read)
      state = next
    } else if isObserved, isReading {
      state = next
    } else {
      observeCards(next)
    }
  }

  /// Shows `next` with the cards of its day, observed from now on (`observe(fetch:)`): read now
  /// in one snapshot, again once after each burst of commits that touched trackers, records or
  /// categories (this screen's, another screen's, another process's), and brought up to date
  /// with no read by a tap that says what it marked. Until the first read comes `next` shows
  /// with the cards it had when they are of its day, with none when they are another day's (a
  /// script, which waits for every read, sees one state). When the
  /// store cannot be read, the screen keeps what it showed (date, search and cards) and an alert
  /// says why; the next commit, or another day, reads again.
  private func observeCards(_ next: State) {
    let (day, today) = (next.selectedDay, environment.today)
    observed = (day, today)
    isReading = true
    waiting = next
    cardsSubscription = environment.access.observe(
      touches: {
        $0.isEverything || !$0.trackerIDs.isEmpty || !$0.recordDays.isEmpty || !$0.categoryIDs.isEmpty
      },
      fetch: { (store) throws(StoreError) in try Self.read(store, day: day, today: today) },
      applying: { read, change in Self.applying(change, to: read) },
      onChange: { [weak self] result in self?.cardsRead(result) })
    if var waiting {
      // Not read yet: the date and the search show at once; the cards of another day do not show
      // under its date (one day's marks under the next day's date), they are withheld until the
      // day's own come, as a screen shows nothing in place of what it has not read.
      self.waiting = nil
      if lastRead.map({ $0.day != day || $0.today != today }) ?? false {
        waiting.sections = []
        waiting.placeholder = nil
      }
      state = waiting
    }
  }

  /// The day and today whose cards are observed.
  private var observed: (day: Day, today: Day)?
  /// Whether the first read of `observed` is on its way.
  private var isReading = false
  /// The state the first read of `observed` is for, until it shows.
  private var waiting: State?

  /// The observed cards came (or why they could not).
  private func cardsRead(_ result: Result<Read, StoreError>) {
    let shown = waiting ?? state
    let isFirst = waiting != nil || isReading
    waiting = nil
    isReading = false
    switch result {
    case .success(let read):
      var next = shown
      let before = lastRead
      lastRead = read
      // A tap (here, in another window, another process) changes a few cards: only those are
      // composed again when nothing else on screen can move (1,000 cards composed cost a tap
      // 5 ms).
      if let before, !isFirst, next.alert == nil, let changed = Self.changedCards(from: before, to: read),
        composeCards(changed, &next, from: before, to: read)
      {
        state = next
        return
      }
      compose(&next, from: read)
      state = next
    case .failure(let error):
      // The cards stay what is really stored; what the user typed stays in the field.
      var kept = state
      kept.searchText = shown.searchText
      kept.alert = .storeFailure(error, .read, environment.localizer)
      state = kept
    }
  }

  /// The trackers whose cards differ between two reads of the same day; nil when more than
  /// cards may have changed (another day or today, the trackers or the categories themselves).
  private static func changedCards(from old: Read, to new: Read) -> Set<UUID>? {
    guard old.day == new.day, old.today == new.today, old.categories == new.categories,
      old.summaries.count == new.summaries.count
    else { return nil }
    var changed = Set<UUID>()
    for (before, after) in zip(old.summaries, new.summaries) {
      guard before.tracker == after.tracker else { return nil }
      if before != after { changed.insert(after.tracker.id) }
    }
    changed.formUnion(old.completed.symmetricDifference(new.completed))
    changed.formUnion(old.off.symmetricDifference(new.off))
    for id in Set(old.streaks.keys).union(new.streaks.keys) where old.streaks[id] != new.streaks[id] {
      changed.insert(id)
    }
    for id in Set(old.ahead.keys).union(new.ahead.keys) where old.ahead[id] != new.ahead[id] {
      changed.insert(id)
    }
    for id in Set(old.histories.keys).union(new.histories.keys) where old.histories[id] != new.histories[id] {
      changed.insert(id)
    }
    return changed
  }

  /// Composes again the cards of `changed` in `state`, composed from `old`, now that `read`
  /// came; false when more than those cards would move (a card that shows or hides — its first
  /// day, the filter by completion — or too many changed), and the whole screen is composed.
  private func composeCards(_ changed: Set<UUID>, _ state: inout State, from old: Read, to read: Read) -> Bool
  {
    guard changed.count <= StoreChange.marksLimit else { return false }
    let query = SearchQuery(state.searchText)
    for id in changed {
      guard let before = old.summaries.first(where: { $0.tracker.id == id }),
        let after = read.summaries.first(where: { $0.tracker.id == id })
      else { return false }
      func isShown(_ summary: TrackerSummary, in read: Read) -> Bool {
        summary.isVisible(on: read.day) && query.matches(summary.tracker.name)
          && state.filter.includes(isCompleted: Self.isDone(id, in: read))
      }
      guard before.isVisible(on: old.day) == after.isVisible(on: read.day) else { return false }
      let wasShown = isShown(before, in: old)
      guard wasShown == isShown(after, in: read) else { return false }
      guard wasShown else { continue }
      let card = card(after, from: read)
      for section in state.sections.indices {
        if let index = state.sections[section].cards.firstIndex(where: { $0.id == id }) {
          state.sections[section].cards[index] = card
        }
      }
    }
    return true
  }

  /// The whole screen's read: one snapshot, so the screen never shows part of another process's
  /// change — the trackers, what the day and the next two days hold, the streaks, the categories,
  /// and the histories of measurable and quota trackers.
  private nonisolated static func read(_ store: any TrackerDataStore, day: Day, today: Day) throws(StoreError)
    -> Read
  {
    try store.read { (store) throws(StoreError) in
      let summaries = try store.trackers()
      let completed = try store.completedTrackerIDs(on: day)
      let off = try store.dayOffTrackerIDs(on: day)
      let streaks = Dictionary(
        try store.statistics(asOf: today).trackers.map { ($0.trackerID, $0.currentStreak) },
        uniquingKeysWith: { first, _ in first })
      let categories = try store.categories()
      var ahead: [UUID: Int] = [:]
      for offset in 1...2 {
        for id in try store.completedTrackerIDs(on: today.adding(days: offset)) { ahead[id, default: 0] += 1 }
      }
      var histories: [UUID: TrackerHistory] = [:]
      for summary in summaries where summary.tracker.measure != .yesNo || summary.tracker.quota != nil {
        let id = summary.tracker.id
        histories[id] = TrackerHistory(
          tracker: summary.tracker, records: try store.records(trackerID: id),
          daysOff: try store.daysOff(trackerID: id).map { TrackerDayOff(trackerID: id, day: $0) })
      }
      return Read(
        day: day, today: today, summaries: summaries, completed: completed, off: off, streaks: streaks,
        ahead: ahead, categories: categories, histories: histories)
    }
  }

  /// Whether the tracker `id` is done on the day of `read`. Done is met (docs/rules.md): a
  /// measurable day below its target is not, whatever its record.
  private static func isDone(_ id: UUID, in read: Read) -> Bool {
    read.histories[id].map { $0.isMet(on: read.day, today: read.today) } ?? read.completed.contains(id)
  }

  /// The card of `summary` on the day of `read`.
  private func card(_ summary: TrackerSummary, from read: Read) -> Card {
    let localizer = environment.localizer
    let (day, today) = (read.day, read.today)
    let tracker = summary.tracker
    let isDone = Self.isDone(tracker.id, in: read)
    let isOff = read.off.contains(tracker.id)
    let history = read.histories[tracker.id]
    let goal = tracker.measure.goal
    let count =
      goal != nil
      ? history?.cardDayCount(today: today) ?? 0 : summary.recordCount - (read.ahead[tracker.id] ?? 0)
    let quotaText = history?.periodProgress(containing: day, today: today).map {
      DisplayText.quotaProgress($0, isCurrent: $0.period.contains(today), localizer)
    }
    return Card(
      id: tracker.id, name: tracker.name, emoji: tracker.emoji, color: tracker.color,
      dayCounter: localizer.plural(.days, count: count),
      isCompleted: isDone, isCompleteEnabled: day <= today, isPinned: tracker.isPinned,
      completeAccessibilityLabel: Self.completeLabel(
        isDone: isDone, isOff: isOff, isMeasurable: goal != nil, localizer),
      currentStreak: read.streaks[tracker.id] ?? 0, isDayOff: isOff,
      amountText: goal.map { goal in
        DisplayText.amountOfTarget(history?.records[day].map { $0.amount ?? goal.target }, goal, localizer)
      },
      quotaText: quotaText, isMeasurable: goal != nil)
  }

  /// The sections, placeholder and filter button of `state` from what was read.
  private func compose(_ state: inout State, from read: Read) {
    let localizer = environment.localizer
    let day = read.day
    let collation = Collation(environment.language)
    let categories = read.categories.sorted { collation.areInOrder($0.title, $1.title) }
    let visible = read.summaries.filter { $0.isVisible(on: day) }
    let query = SearchQuery(state.searchText)
    func isDone(_ id: UUID) -> Bool { Self.isDone(id, in: read) }
    let shown = visible.filter {
      query.matches($0.tracker.name) && state.filter.includes(isCompleted: isDone($0.tracker.id))
    }
    func cards(_ group: [TrackerSummary]) -> [Card] {
      group.sorted { collation.areInOrder($0.tracker.name, $1.tracker.name) }.map { card($0, from: read) }
    }
    var sections: [Section] = []
    let pinned = shown.filter(\.tracker.isPinned)
    if !pinned.isEmpty {
      sections.append(Section(id: .pinned, title: localizer.text(.trackersPinned), cards: cards(pinned)))
    }
    for category in categories {
      let members = shown.filter { !$0.tracker.isPinned && $0.tracker.categoryID == category.id }
      if !members.isEmpty {
        sections.append(Section(id: .category(category.id), title: category.title, cards: cards(members)))
      }
    }
    state.sections = sections
    state.isFilterButtonVisible = !visible.isEmpty
    state.isFilterActive = state.filter != .all
    state.activeFilterTitle = state.isFilterActive ? FiltersViewModel.title(of: state.filter, localizer) : nil
    if visible.isEmpty {
      state.placeholder = Placeholder(kind: .noTrackers, text: localizer.text(.trackersPlaceholderEmpty))
    } else if shown.isEmpty {
      state.placeholder = Placeholder(
        kind: .nothingFound, text: localizer.text(.trackersPlaceholderNothingFound))
    } else {
      state.placeholder = nil
    }
    if let menu = state.menu, !summaries.contains(where: { $0.tracker.id == menu.trackerID }) {
      state.menu = nil
    }
  }
}
