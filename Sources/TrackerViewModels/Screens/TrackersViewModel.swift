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
  private var subscription: ObservationToken?
  private var summaries: [TrackerSummary] = []

  /// What the last whole read found for one day: a search keystroke filters it in memory and
  /// reads nothing from the store.
  private struct Read: Sendable {
    var day: Day
    var today: Day
    var completed: Set<UUID>
    /// The trackers off on the day.
    var off: Set<UUID>
    var streaks: [UUID: Int]
    /// Records on the two days after today (a backup from across the date line): not counted
    /// before their day.
    var ahead: [UUID: Int]
    /// Sorted by title in the screen's language.
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
    // The cards with the remembered filter: one read.
    update(state, takingStoredFilter: true)
    subscription = environment.access.observe { [weak self] change in
      guard let self else { return }
      if change.settingsChanged, !change.isEverything { self.followStoredFilter() }
      guard
        change.isEverything || !change.trackerIDs.isEmpty || !change.recordDays.isEmpty
          || !change.categoryIDs.isEmpty
      else {
        return
      }
      self.storeChanged(change)
    }
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
    if var read = lastRead, read.day == next.selectedDay, read.today == today, state.alert == nil {
      let collation = Collation(environment.language)
      read.categories.sort { collation.areInOrder($0.title, $1.title) }
      lastRead = read
      compose(&next, from: read)
      state = next
    } else {
      update(next)
    }
  }

  /// The filter as stored, as far as this screen knows: what it last read, or last saved itself.
  private var storedFilter: TrackerFilter?

  /// A filter chosen elsewhere (another screen, another process) shows here too; this screen's
  /// own choice coming back is no news.
  private func followStoredFilter() {
    reading(environment.access, environment.localizer) { (store) throws(StoreError) in
      try store.settings().filter
    } then: { [weak self] filter in
      guard let self, filter != self.storedFilter else { return }
      self.storedFilter = filter
      guard filter != self.state.filter else { return }
      var next = self.state
      next.filter = filter
      self.update(next)
    }
  }

  /// A change of the store: when only some trackers' records changed (a tap on "+"), only their
  /// cards are read again; anything else reads the whole screen.
  private func storeChanged(_ change: StoreChange) {
    // Everything may have changed, the remembered filter too: one read and one new state for all
    // of it.
    if change.isEverything { return update(state, takingStoredFilter: true) }
    let recordsOnly = change.trackerIDs.isEmpty && change.categoryIDs.isEmpty && !change.recordDays.isEmpty
    // Completed / Not completed decide which cards show by their records: those read everything.
    if recordsOnly, state.filter == .all || state.filter == .today, state.alert == nil {
      // The commit said what the marks now are (a tap, here or in another window): nothing to
      // read back.
      guard change.hasAllMarks else { return updateCards(of: Array(change.recordDays.keys)) }
      var reads: [UUID: CardRead] = [:]
      for (id, marks) in change.marks where change.recordDays[id] != nil {
        reads[id] = CardRead(
          records: lastRead?.histories[id] != nil ? marks.trackerRecords : [], recordDays: marks.records,
          daysOff: marks.daysOff)
      }
      if !updateCards(from: reads) { reload() }
      return
    }
    reload()
  }

  /// What one card needs read again after its records changed.
  private struct CardRead: Sendable {
    /// The records with their amounts (a measurable or quota card), else none.
    var records: [TrackerRecord]
    var recordDays: [Day]
    var daysOff: [Day]
  }

  /// Reads the records of `ids` again (one snapshot) and updates their cards (done or not,
  /// "N days", the streak) as a whole reload would; reads the whole screen when that is not
  /// enough — a tracker not known, its first day moved so it shows on other days, or the store
  /// failing (the whole reload then says so).
  private func updateCards(of ids: [UUID]) {
    let withHistory = Set(ids.filter { lastRead?.histories[$0] != nil })
    let day = state.selectedDay
    environment.access.read { (store) throws(StoreError) in
      try store.read { (store) throws(StoreError) in
        var reads: [UUID: CardRead] = [:]
        for id in ids {
          let records = withHistory.contains(id) ? try store.records(trackerID: id) : []
          reads[id] = CardRead(
            records: records,
            recordDays: withHistory.contains(id)
              ? records.map(\.day) : try store.recordDays(trackerID: id).sorted(),
            daysOff: try store.daysOff(trackerID: id))
        }
        return reads
      }
    } then: { [weak self] result in
      guard let self else { return }
      guard case .success(let reads) = result, self.state.selectedDay == day, self.updateCards(from: reads)
      else {
        return self.reload()
      }
    }
  }

  /// Updates the cards of what was read; false when a whole read is needed.
  private func updateCards(from reads: [UUID: CardRead]) -> Bool {
    let localizer = environment.localizer
    let day = state.selectedDay
    let today = environment.today
    var summaries = self.summaries
    var next = state
    for (id, read) in reads {
      guard let index = summaries.firstIndex(where: { $0.tracker.id == id }) else { return false }
      // A measurable or quota card: its history read again, its card composed from it.
      if let old = lastRead?.histories[id] {
        let history = TrackerHistory(
          tracker: old.tracker, records: read.records,
          daysOff: read.daysOff.map { TrackerDayOff(trackerID: id, day: $0) })
        let before = summaries[index]
        var summary = before
        summary.recordCount = history.records.count
        summary.earliestRecord = history.records.keys.min()
        guard summary.isVisible(on: day) == before.isVisible(on: day) else { return false }
        summaries[index] = summary
        lastRead?.histories[id] = history
        lastRead?.streaks[id] = history.figures(today: today).currentStreak
        if history.records[day] != nil {
          lastRead?.completed.insert(id)
        } else {
          lastRead?.completed.remove(id)
        }
        if history.daysOff.contains(day) { lastRead?.off.insert(id) } else { lastRead?.off.remove(id) }
        // Which cards show and in which order stay (the same trackers visible, no filter by
        // completion): only this card is composed again, not every card with it.
        if let read = lastRead {
          let card = card(summary, from: read)
          for section in next.sections.indices {
            if let cardIndex = next.sections[section].cards.firstIndex(where: { $0.id == id }) {
              next.sections[section].cards[cardIndex] = card
            }
          }
        }
        continue
      }
      let (days, daysOff) = (read.recordDays, read.daysOff)
      let before = summaries[index]
      var summary = before
      summary.recordCount = days.count
      summary.earliestRecord = days.first
      guard summary.isVisible(on: day) == before.isVisible(on: day) else { return false }
      summaries[index] = summary
      let streak = TrackerStatistics(
        tracker: summary.tracker, recordDays: days.filter { $0 <= today }, daysOff: daysOff, today: today
      )
      .currentStreak
      let isDone = days.contains(day)
      let isOff = daysOff.contains(day)
      // What a search filters next time knows the change too.
      if isDone { lastRead?.completed.insert(id) } else { lastRead?.completed.remove(id) }
      if isOff { lastRead?.off.insert(id) } else { lastRead?.off.remove(id) }
      lastRead?.streaks[id] = streak
      let ahead = days.count { $0 > today }
      lastRead?.ahead[id] = ahead
      for section in next.sections.indices {
        guard let cardIndex = next.sections[section].cards.firstIndex(where: { $0.id == id }) else {
          continue
        }
        let card = next.sections[section].cards[cardIndex]
        next.sections[section].cards[cardIndex] = Card(
          id: card.id, name: card.name, emoji: card.emoji, color: card.color,
          dayCounter: localizer.plural(.days, count: summary.recordCount - ahead), isCompleted: isDone,
          isCompleteEnabled: card.isCompleteEnabled, isPinned: card.isPinned,
          completeAccessibilityLabel: Self.completeLabel(isDone: isDone, isOff: isOff, localizer),
          currentStreak: streak, isDayOff: isOff)
      }
    }
    self.summaries = summaries
    state = next
    return true
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
    update(next)
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
    update(next)
    if leavesToday { saveFilter(.all) }
  }

  /// Call when the user changed the search field's text.
  public func searchChanged(_ text: String) {
    var next = state
    next.searchText = text
    // The same day as the last read, nothing changed since: only what is in memory is filtered.
    if let read = lastRead, read.day == next.selectedDay, read.today == environment.today, next.alert == nil {
      compose(&next, from: read)
      state = next
      return
    }
    update(next)
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
    update(next)
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
    saving(environment.access, environment.localizer, .givingUpAfterWait) { (store) throws(StoreError) in
      try store.updateSettings { $0.filter = filter }
    } failed: { [weak self] in
      // Still stored as before: another process's later change of the data does not take the
      // user's choice off the screen, a change of the filter elsewhere does.
      self?.storedFilter = before
    }
  }

  private func reload() { update(state) }

  /// Shows `next` with its cards read from the store (with `takingStoredFilter`, the filter as
  /// stored too). When the read does not come within the main actor's wait, `next` shows at once
  /// with the cards it had, and the cards follow. When the store cannot be read, the screen keeps
  /// what it showed (date, search and cards) and an alert says why. A later update overtakes one
  /// still under way.
  private func update(_ next: State, takingStoredFilter: Bool = false) {
    updates += 1
    let (count, day, today) = (updates, next.selectedDay, environment.today)
    let collation = Collation(environment.language)
    let arrival = Arrival()
    environment.access.read { (store) throws(StoreError) in
      try Self.read(store, day: day, today: today, collation: collation)
    } then: { [weak self] result in
      guard let self, count == self.updates else { return }
      let isLate = arrival.isLate
      arrival.isDelivered = true
      var shown = isLate ? self.state : next
      switch result {
      case .success(let (summaries, read, filter)):
        guard shown.selectedDay == read.day else { return }
        // The stored filter shows when it was chosen elsewhere (or at launch); one this screen
        // failed to save stays on screen, as its alert said, until the user chooses again.
        if takingStoredFilter, filter != self.storedFilter {
          self.storedFilter = filter
          shown.filter = filter
        }
        self.summaries = summaries
        self.lastRead = read
        self.compose(&shown, from: read)
        self.state = shown
      case .failure(let error):
        // The cards stay what is really stored; what the user typed stays in the field.
        var kept = self.state
        kept.searchText = shown.searchText
        kept.alert = .storeFailure(error, .read, self.environment.localizer)
        self.state = kept
      }
    }
    if !arrival.isDelivered {
      arrival.isLate = true
      state = next
    }
  }

  /// How many updates were asked for: only the latest one's read shows.
  private var updates = 0

  /// Whether an update's read came within the main actor's wait.
  @MainActor
  private final class Arrival: Sendable {
    var isDelivered = false
    var isLate = false
  }

  /// The whole screen's read: one snapshot, so the screen never shows part of another process's
  /// change — the trackers, what the day and the next two days hold, the streaks, the categories
  /// sorted by `collation`, the histories of measurable and quota trackers, and the filter as
  /// stored.
  private nonisolated static func read(
    _ store: any TrackerDataStore, day: Day, today: Day, collation: Collation
  ) throws(StoreError) -> ([TrackerSummary], Read, TrackerFilter) {
    try store.read { (store) throws(StoreError) in
      let summaries = try store.trackers()
      let completed = try store.completedTrackerIDs(on: day)
      let off = try store.dayOffTrackerIDs(on: day)
      let streaks = Dictionary(
        try store.statistics(asOf: today).trackers.map { ($0.trackerID, $0.currentStreak) },
        uniquingKeysWith: { first, _ in first })
      let categories = try store.categories().sorted { collation.areInOrder($0.title, $1.title) }
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
      let read = Read(
        day: day, today: today, completed: completed, off: off, streaks: streaks, ahead: ahead,
        categories: categories, histories: histories)
      return (summaries, read, try store.settings().filter)
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
    let categories = read.categories
    let visible = summaries.filter { $0.isVisible(on: day) }
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
