import Foundation
import ModelTestSupport
import Testing
import TrackerModels
import TrackerStore

/// One suite, both implementations: they must behave identically.
@Suite("Store behaviour (SQLite and in memory)", .temporaryFolders)
struct SharedStoreTests {
  @Test(arguments: StoreKind.allCases)
  func categoriesAreListedByTitle(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(joys)
    try store.createCategory(home)
    try store.createCategory(TrackerCategory(id: id(3), title: "  Аптека  "))
    #expect(try store.categories().map(\.title) == ["Аптека", "Домашний уют", "Радостные мелочи"])
  }

  @Test(arguments: StoreKind.allCases)
  func categoryTitlesFollowTheNameRules(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    #expect(throws: StoreError.invalidCategoryTitle(.duplicate(existing: "Домашний уют"))) {
      try store.createCategory(TrackerCategory(id: id(3), title: "домашний УЮТ"))
    }
    #expect(throws: StoreError.invalidCategoryTitle(.empty)) {
      try store.createCategory(TrackerCategory(id: id(4), title: "  "))
    }
    #expect(throws: StoreError.invalidCategoryTitle(.tooLong(count: 39))) {
      try store.createCategory(TrackerCategory(id: id(5), title: String(repeating: "a", count: 39)))
    }
    #expect(throws: StoreError.idAlreadyExists(home.id)) { try store.createCategory(home) }
    #expect(try store.categories() == [home])
  }

  @Test(arguments: StoreKind.allCases)
  func renamingACategoryChecksTheOthersOnly(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createCategory(joys)
    try store.renameCategory(id: home.id, to: "ДОМАШНИЙ уют")
    #expect(throws: StoreError.invalidCategoryTitle(.duplicate(existing: "Радостные мелочи"))) {
      try store.renameCategory(id: home.id, to: "радостные мелочи")
    }
    #expect(throws: StoreError.categoryNotFound(id(9))) { try store.renameCategory(id: id(9), to: "Other") }
    #expect(try store.categories().map(\.title) == ["ДОМАШНИЙ уют", "Радостные мелочи"])
  }

  @Test(arguments: StoreKind.allCases)
  func deletingACategoryDeletesItsTrackersAndTheirRecords(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createCategory(joys)
    try store.createTracker(habit("Поливать растения", id: 10))
    try store.createTracker(event("Кошка", id: 11, category: joys))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-29"))
    try store.toggleRecord(trackerID: id(11), on: day("2026-11-29"))
    try store.saveSettings(
      StoreSettings(isOnboardingDone: true, filter: .completed, lastChosenCategoryID: home.id))
    try store.deleteCategory(id: home.id)
    #expect(try store.categories() == [joys])
    #expect(try store.trackers().map(\.tracker.name) == ["Кошка"])
    #expect(try store.allRecords() == [TrackerRecord(trackerID: id(11), day: day("2026-11-29"))])
    #expect(try store.recordDays(trackerID: id(10)).isEmpty)
    #expect(
      try store.settings()
        == StoreSettings(isOnboardingDone: true, filter: .completed, lastChosenCategoryID: nil))
    #expect(throws: StoreError.categoryNotFound(home.id)) { try store.deleteCategory(id: home.id) }
  }

  @Test(arguments: StoreKind.allCases)
  func trackersAreListedByNameWithTheirRecordSummaries(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Читать", id: 10))
    try store.createTracker(event("Бегать", id: 11))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-20"))
    try store.toggleRecord(trackerID: id(10), on: day("2026-10-05"))
    let trackers = try store.trackers()
    #expect(trackers.map(\.tracker.name) == ["Бегать", "Читать"])
    #expect(
      trackers[0] == TrackerSummary(tracker: event("Бегать", id: 11), recordCount: 0, earliestRecord: nil))
    #expect(
      trackers[1]
        == TrackerSummary(tracker: habit("Читать", id: 10), recordCount: 2, earliestRecord: day("2026-10-05"))
    )
    #expect(trackers[1].firstDay == day("2026-10-05"))
  }

  @Test(arguments: StoreKind.allCases)
  func trackerNamesFollowTheNameRules(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("  Читать ", id: 10))
    #expect(try store.trackers().map(\.tracker.name) == ["Читать"])
    #expect(throws: StoreError.invalidTrackerName(.duplicate(existing: "Читать"))) {
      try store.createTracker(habit("ЧИТАТЬ", id: 11))
    }
    #expect(throws: StoreError.invalidTrackerName(.forbiddenCharacter("\u{202E}"))) {
      try store.createTracker(habit("Read\u{202E}", id: 12))
    }
    var twoEmoji = habit("Run", id: 13)
    twoEmoji.emoji = "🙂🙂"
    #expect(throws: StoreError.invalidEmoji("🙂🙂")) { try store.createTracker(twoEmoji) }
    #expect(throws: StoreError.categoryNotFound(joys.id)) {
      try store.createTracker(habit("Run", id: 14, category: joys))
    }
    #expect(throws: StoreError.idAlreadyExists(id(10))) { try store.createTracker(habit("Other", id: 10)) }
    #expect(try store.trackers().count == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func updatingATrackerAppliesTheEditAndItsRecordChangesTogether(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createCategory(joys)
    try store.createTracker(habit("Читать", id: 10))
    try store.createTracker(habit("Бегать", id: 11))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-20"))
    var edited = habit("Читать книги", id: 10, category: joys, days: [.monday])
    edited.isPinned = true
    try store.updateTracker(
      edited, addingRecordsOn: [day("2026-11-23"), day("2026-11-16")], removingRecordsOn: [day("2026-11-20")])
    #expect(
      try store.trackers().first { $0.tracker.id == id(10) }
        == TrackerSummary(tracker: edited, recordCount: 2, earliestRecord: day("2026-11-16")))
    // Keeping its own name (in another case) is fine; taking another tracker's is not.
    edited.name = "ЧИТАТЬ КНИГИ"
    try store.updateTracker(edited, addingRecordsOn: [], removingRecordsOn: [])
    edited.name = "бегать"
    #expect(throws: StoreError.invalidTrackerName(.duplicate(existing: "Бегать"))) {
      try store.updateTracker(edited, addingRecordsOn: [day("2026-11-01")], removingRecordsOn: [])
    }
    #expect(try store.recordDays(trackerID: id(10)) == [day("2026-11-16"), day("2026-11-23")])
    #expect(throws: StoreError.trackerNotFound(id(99))) {
      try store.updateTracker(habit("Ghost", id: 99), addingRecordsOn: [], removingRecordsOn: [])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func pinningAndDeletingTrackers(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Читать", id: 10))
    try store.createTracker(habit("Бегать", id: 11))
    try store.setPinned(true, trackerID: id(10))
    #expect(try store.trackers().map(\.tracker.isPinned) == [false, true])
    try store.setPinned(false, trackerID: id(10))
    #expect(try store.trackers().map(\.tracker.isPinned) == [false, false])
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-20"))
    try store.deleteTracker(id: id(10))
    #expect(try store.trackers().map(\.tracker.name) == ["Бегать"])
    #expect(try store.allRecords().isEmpty)
    #expect(throws: StoreError.trackerNotFound(id(10))) { try store.deleteTracker(id: id(10)) }
    #expect(throws: StoreError.trackerNotFound(id(10))) { try store.setPinned(true, trackerID: id(10)) }
  }

  @Test(arguments: StoreKind.allCases)
  func togglingARecordAddsThenRemovesIt(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Читать", id: 10))
    try store.createTracker(event("Бегать", id: 11))
    #expect(try store.toggleRecord(trackerID: id(10), on: day("2026-11-30")) == true)
    #expect(try store.toggleRecord(trackerID: id(11), on: day("2026-11-30")) == true)
    #expect(try store.toggleRecord(trackerID: id(11), on: day("2026-11-29")) == true)
    #expect(try store.completedTrackerIDs(on: day("2026-11-30")) == [id(10), id(11)])
    #expect(try store.toggleRecord(trackerID: id(10), on: day("2026-11-30")) == false)
    #expect(try store.completedTrackerIDs(on: day("2026-11-30")) == [id(11)])
    #expect(try store.trackers().map(\.recordCount) == [2, 0])
    #expect(
      try store.allRecords() == [
        TrackerRecord(trackerID: id(11), day: day("2026-11-29")),
        TrackerRecord(trackerID: id(11), day: day("2026-11-30")),
      ])
    #expect(throws: StoreError.trackerNotFound(id(99))) {
      try store.toggleRecord(trackerID: id(99), on: day("2026-11-30"))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func allRecordsComeSortedByDay(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("A", id: 10))
    try store.createTracker(habit("B", id: 11))
    for (tracker, iso) in [(11, "2026-11-03"), (10, "2026-11-05"), (10, "2026-11-01"), (11, "2026-11-02")] {
      try store.toggleRecord(trackerID: id(tracker), on: day(iso))
    }
    #expect(
      try store.allRecords().map(\.day.iso) == ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-05"])
  }

  @Test(arguments: StoreKind.allCases)
  func trackersVisibleOnADay(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Mondays", id: 10, days: [.monday], created: "2026-11-20"))
    try store.createTracker(event("Event", id: 11, created: "2026-11-25"))
    #expect(try store.trackers(visibleOn: day("2026-11-30")).map(\.tracker.name) == ["Event", "Mondays"])
    #expect(try store.trackers(visibleOn: day("2026-11-24")).map(\.tracker.name).isEmpty)
    try store.toggleRecord(trackerID: id(11), on: day("2026-11-22"))
    #expect(try store.trackers(visibleOn: day("2026-11-24")).map(\.tracker.name) == ["Event"])
  }

  @Test(arguments: StoreKind.allCases)
  func settingsStartAsAFirstLaunchAndAreKept(kind: StoreKind) throws {
    let store = try kind.makeStore()
    #expect(
      try store.settings() == StoreSettings(isOnboardingDone: false, filter: .all, lastChosenCategoryID: nil))
    try store.createCategory(home)
    let chosen = StoreSettings(isOnboardingDone: true, filter: .notCompleted, lastChosenCategoryID: home.id)
    try store.saveSettings(chosen)
    #expect(try store.settings() == chosen)
    #expect(
      try store.settings().reminder == ReminderSettings(isOn: false, time: ReminderTime(hour: 20, minute: 0)!)
    )
    var reminded = chosen
    reminded.reminder = ReminderSettings(isOn: true, time: ReminderTime("07:05")!)
    try store.saveSettings(reminded)
    #expect(try store.settings() == reminded)
  }

  @Test(arguments: StoreKind.allCases)
  func observersHearWhatEachCommitChanged(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let log = ChangeLog<StoreChange>()
    let token = store.observe { log.add($0) }
    try store.createCategory(home)
    try store.createTracker(habit("Читать", id: 10))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    try store.saveSettings(StoreSettings(isOnboardingDone: true))  // no change: no notification
    #expect(throws: StoreError.self) { try store.createTracker(habit("читать", id: 11)) }  // refused: none
    try store.deleteCategory(id: home.id)
    #expect(
      log.all == [
        StoreChange(categoryIDs: [home.id]),
        StoreChange(trackerIDs: [id(10)]),
        StoreChange(recordDays: [id(10): [day("2026-11-30")]]),
        StoreChange(settingsChanged: true),
        StoreChange(categoryIDs: [home.id], trackerIDs: [id(10)]),
      ])
    token.cancel()
    try store.createCategory(joys)
    #expect(log.all.count == 5)
  }

  /// A change of a few trackers' marks says what they now are, as the store then reads them; a
  /// change of more than `StoreChange.marksLimit` trackers says none (screens read them).
  @Test(arguments: StoreKind.allCases)
  func aChangeOfAFewTrackersMarksSaysWhatTheyNowAre(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let log = ChangeLog<StoreChange>()
    let token = store.observe { log.add($0) }
    try store.createCategory(home)
    let many = (10..<20).map { habit("Т\($0)", id: $0) }
    for tracker in many { try store.createTracker(tracker) }
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-29"))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
    _ = try store.setDaysOff(true, trackerID: id(10), on: [day("2026-11-27")])
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-29"))
    _ = try store.setDaysOff(true, many.map { TrackerDayOff(trackerID: $0.id, day: day("2026-11-28")) })
    let changes = log.all.suffix(5)
    #expect(changes.count == 5)
    for (index, change) in changes.enumerated() {
      guard index < 4 else {
        #expect(change.recordDays.count == 10 && change.marks.isEmpty && !change.hasAllMarks)
        continue
      }
      #expect(change.hasAllMarks, "change \(index)")
    }
    let last = try #require(changes.dropLast().last?.marks[id(10)])
    #expect(last.trackerRecords == (try store.records(trackerID: id(10))))
    #expect(last.records == [day("2026-11-30")] && last.daysOff == [day("2026-11-27")])
    withExtendedLifetime(token) {}
  }

  @Test(arguments: StoreKind.allCases)
  func insertingContentsIsAllOrNothing(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Читать", id: 10))
    let before = try store.contents()
    let clash = StoreContents(
      categories: [joys],
      trackers: [event("Кошка", id: 11, category: joys), habit("Other", id: 10, category: joys)],
      records: [TrackerRecord(trackerID: id(11), day: day("2026-11-30"))])
    #expect(throws: StoreError.idAlreadyExists(id(10))) { try store.insert(clash) }
    #expect(try store.contents() == before)
    let good = StoreContents(
      categories: [joys], trackers: [event("Кошка", id: 11, category: joys)],
      records: [TrackerRecord(trackerID: id(11), day: day("2026-11-30"))])
    try store.insert(good)
    #expect(
      try store.contents()
        == StoreContents(
          categories: [home, joys],
          trackers: [event("Кошка", id: 11, category: joys), habit("Читать", id: 10)],
          records: good.records))
    #expect(try store.trackers().first?.recordCount == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func aLargeInsertKeepsEveryRecordAndItsSummaries(kind: StoreKind) throws {
    // 12,006 records: enough for the batched statements, their remainder and the index rebuild.
    let store = try kind.makeStore()
    try store.createCategory(home)
    let trackers = (0..<4).map { habit("Tracker \($0)", id: 20 + $0) }
    let first = day("2000-01-01")
    var records: [TrackerRecord] = []
    for (index, tracker) in trackers.enumerated() {
      for offset in 0..<(3_000 + index) {
        records.append(TrackerRecord(trackerID: tracker.id, day: first.adding(days: offset)))
      }
    }
    try store.insert(StoreContents(categories: [], trackers: trackers, records: records))
    #expect(try store.allRecords().count == 12_006)
    #expect(try store.trackers().map(\.recordCount) == [3_000, 3_001, 3_002, 3_003])
    #expect(try store.trackers().allSatisfy { $0.earliestRecord == first })
    #expect(try store.completedTrackerIDs(on: first.adding(days: 3_001)) == [id(22), id(23)])
  }
}
