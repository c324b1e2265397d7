import Foundation
import TrackerLocalization
import TrackerModels

extension TrackersViewModel {
  /// Remembers `filter`, already on screen; when remembering fails, an alert says the choice will
  /// not last (the screen still shows what the user asked for).
  func saveFilter(_ filter: TrackerFilter) {
    filterSaves.began(over: storedFilter)
    storedFilter = filter
    saving(environment.access, environment.localizer, .givingUpAfterWait) { (store) throws(StoreError) in
      try store.updateSettings { $0.filter = filter }
    } then: { [weak self] _ in
      self?.filterSaves.saved(filter)
    } failed: { [weak self] in
      // Once no other save of the filter is on its way, stored as the saves left it: another
      // process's later change of the data does not take the user's choice off the screen, a
      // change of the filter elsewhere does — read while the saves were on their way, it is
      // shown now.
      guard let self, let failed = filterSaves.failed() else { return }
      storedFilter = failed.stored
      if let read = failed.read, let read { follow(storedFilter: read) }
    }
  }

  /// The filter as stored, read: a filter chosen elsewhere (another screen, another process)
  /// shows here too; the one this screen knows is stored changes nothing.
  func follow(storedFilter filter: TrackerFilter) {
    guard filter != storedFilter else { return }
    storedFilter = filter
    guard filter != state.filter else { return }
    var next = state
    next.filter = filter
    // "Trackers for today" chosen elsewhere moves to today, as choosing it here does.
    let today = environment.today
    if filter == .today, next.selectedDay != today {
      next.selectedDay = today
      next.dateText = DisplayText.shortDate(today, today: today, environment.localizer)
    }
    show(next)
  }

  /// Shows `next`: filtered and composed from what was read when its day is the one observed
  /// and read, as it is while the first read of its day is on its way (the cards follow), else
  /// with its day observed anew — back on the day before while another day's read is on its way
  /// too, so that read cannot land under this day's date. A screen whose last read failed reads
  /// again.
  func show(_ next: State) {
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
  func observeCards(_ next: State) {
    let (day, today) = (next.selectedDay, environment.today)
    observed = (day, today)
    observations += 1
    let this = observations
    isReading = true
    waiting = next
    let subscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in try Self.read(store, day: day, today: today) },
      applying: { read, change in Self.applying(change, to: read) },
      onChange: { [weak self] result in self?.cardsRead(result) })
    // Its read failed at once (a script waits for it) and took the screen back to the day
    // before, observed anew: that observation stays, this one ends here.
    guard observations == this else { return }
    cardsSubscription = subscription
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

  /// The observed cards came (or why they could not).
  func cardsRead(_ result: Result<Read, StoreError>) {
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
      if let read = lastRead, let failed = observed, failed.day != read.day {
        // Another day's read failed: back on the day whose cards are known, with them, and that
        // day observed again, so that a later read of the failed day (after the next commit)
        // never lands under this day's date.
        kept.selectedDay = read.day
        kept.dateText = DisplayText.shortDate(read.day, today: environment.today, environment.localizer)
        compose(&kept, from: read)
        return observeCards(kept)
      }
      state = kept
    }
  }

  /// The trackers whose cards differ between two reads of the same day; nil when more than
  /// cards may have changed (another day or today, the trackers or the categories themselves).
  static func changedCards(from old: Read, to new: Read) -> Set<UUID>? {
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
  func composeCards(_ changed: Set<UUID>, _ state: inout State, from old: Read, to read: Read) -> Bool {
    guard changed.count <= StoreChange.marksLimit else { return false }
    let query = SearchQuery(state.searchText)
    for id in changed {
      guard let before = old.summaries.first(where: { $0.tracker.id == id }),
        let after = read.summaries.first(where: { $0.tracker.id == id })
      else { return false }
      // A card that moves (another place, another name, archived) is the whole screen's change.
      guard before.tracker.order == after.tracker.order, before.tracker.name == after.tracker.name,
        before.tracker.isArchived == after.tracker.isArchived
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
  nonisolated static func read(_ store: any TrackerDataStore, day: Day, today: Day) throws(StoreError)
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
      for summary in summaries where summary.tracker.isJudgedDayByDay {
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
  static func isDone(_ id: UUID, in read: Read) -> Bool {
    read.histories[id].map { $0.isMet(on: read.day, today: read.today) } ?? read.completed.contains(id)
  }

  /// The card of `summary` on the day of `read`.
  func card(_ summary: TrackerSummary, from read: Read) -> Card {
    let localizer = environment.localizer
    let (day, today) = (read.day, read.today)
    let tracker = summary.tracker
    let history = read.histories[tracker.id]
    // A window habit's card is done by its own check-in; a day its windows fill is met and shows
    // ✓ (`isPeriodMet`) while a tap still checks in (docs/rules.md, "N times in Y days").
    let isMet = Self.isDone(tracker.id, in: read)
    let isDone = tracker.window == nil ? isMet : history?.records[day] != nil
    let isOff = read.off.contains(tracker.id)
    let goal = tracker.measure.goal
    let count =
      goal != nil || tracker.window != nil
      ? history?.cardDayCount(today: today) ?? 0 : summary.recordCount - (read.ahead[tracker.id] ?? 0)
    let period = history?.periodProgress(containing: day, today: today)
    let sum = history?.periodSum(containing: day, today: today)
    let window = history?.windowProgress(on: day, today: today)
    let quotaText =
      period.map { DisplayText.quotaProgress($0, isCurrent: $0.period.contains(today), localizer) }
      ?? window.map { DisplayText.windowProgress($0, localizer) }
    var card = Card(
      id: tracker.id, name: tracker.name, emoji: tracker.emoji, color: tracker.color,
      dayCounter: localizer.plural(.days, count: count),
      isCompleted: isDone, isCompleteEnabled: day <= today, isPinned: tracker.isPinned,
      completeAccessibilityLabel: Self.completeLabel(
        isDone: isDone, isOff: isOff, isMeasurable: goal != nil, localizer),
      currentStreak: read.streaks[tracker.id] ?? 0, isDayOff: isOff,
      amountText: goal.map { goal in
        // A habit to quit (at most 0) counts its days clean instead: nothing to enter on one.
        if goal.isQuitting, let history {
          return localizer.plural(.daysClean, count: history.daysClean(on: day, firstDay: summary.firstDay))
        }
        // A period target: the period's sum so far against its target.
        if let sum { return DisplayText.periodSum(sum, isCurrent: sum.period.contains(today), localizer) }
        // An at-most day that ended with nothing entered is met as 0 (docs/rules.md): said so.
        if goal.direction == .atMost, let history, history.records[day] == nil,
          history.isMet(on: day, today: today)
        {
          return localizer.text(.cardAmountNoneMet)
        }
        return DisplayText.amountOfTarget(
          history?.records[day].map { $0.amount ?? goal.target }, goal, localizer)
      },
      quotaText: quotaText, isMeasurable: goal != nil,
      actions: HabitAction.of(
        isDone: isDone, isDayOff: isOff, isMeasurable: goal != nil, canComplete: day <= today, localizer))
    card.isPeriodMet = (period?.isMet == true && (period?.met ?? 0) > 0) || (isMet && !isDone)
    return card
  }

  /// The sections, placeholder and filter button of `state` from what was read.
  func compose(_ state: inout State, from read: Read) {
    let localizer = environment.localizer
    let day = read.day
    let collation = Collation(environment.language)
    let categories = read.categories.sorted { collation.areInOrder($0.title, $1.title) }
    // An archived tracker is off the main screen (issue 49), its history kept.
    let visible = read.summaries.filter { !$0.tracker.isArchived && $0.isVisible(on: day) }
    let query = SearchQuery(state.searchText)
    func isDone(_ id: UUID) -> Bool { Self.isDone(id, in: read) }
    let shown = visible.filter {
      query.matches($0.tracker.name) && state.filter.includes(isCompleted: isDone($0.tracker.id))
    }
    // In the order the user gave, trackers never moved by name (`TrackerOrder`).
    func cards(_ group: [TrackerSummary]) -> [Card] {
      group.sorted { TrackerOrder.areInOrder($0.tracker, $1.tracker, collation) }.map { card($0, from: read) }
    }
    var sections: [Section] = []
    let pinned = shown.filter(\.tracker.isPinned)
    if !pinned.isEmpty {
      sections.append(Section(id: .pinned, title: localizer.text(.trackersPinned), cards: cards(pinned)))
    }
    for category in categories {
      let members = shown.filter { !$0.tracker.isPinned && $0.tracker.categoryID == category.id }
      guard !members.isEmpty else { continue }
      let isCollapsed = collapsed.contains(category.id)
      var section = Section(
        id: .category(category.id), title: category.title, cards: isCollapsed ? [] : cards(members))
      section.isCollapsible = true
      section.isCollapsed = isCollapsed
      if isCollapsed {
        // The day's progress of every tracker of the category due that day (shown, not off),
        // whatever the search and the filter.
        let due = visible.filter {
          !$0.tracker.isPinned && $0.tracker.categoryID == category.id && !read.off.contains($0.tracker.id)
        }
        section.progressText = localizer.text(
          .trackersSectionProgress(done: due.count { isDone($0.tracker.id) }, count: due.count))
      }
      sections.append(section)
    }
    state.sections = sections
    state.isFilterButtonVisible = !visible.isEmpty
    state.isFilterActive = state.filter != .all
    state.activeFilterTitle = state.isFilterActive ? FiltersViewModel.title(of: state.filter, localizer) : nil
    if visible.isEmpty {
      // Nothing shown because everything that would be is archived: said so, with where it is.
      let allArchived = read.summaries.contains { $0.tracker.isArchived && $0.isVisible(on: day) }
      state.placeholder = Placeholder(
        kind: .noTrackers,
        text: localizer.text(allArchived ? .trackersPlaceholderAllArchived : .trackersPlaceholderEmpty))
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
