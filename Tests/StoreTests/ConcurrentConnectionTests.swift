import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

/// Two connections to one data file, as two processes have: a change of one setting by one never
/// undoes a change of another by the other (`updateSettings`), and several reads of one
/// (`read`) see one state of the file whatever the other commits meanwhile.
@Suite("Two connections to one file", .temporaryFolders)
struct ConcurrentConnectionTests {
  /// Two stores on one new file.
  func twoConnections() throws -> (SQLiteTrackerStore, SQLiteTrackerStore, path: String) {
    let path = TemporaryFolder().path("tracker.sqlite")
    let first = try SQLiteTrackerStore(path: path, now: fixedNow)
    return (first, try SQLiteTrackerStore(path: path, now: fixedNow), path)
  }

  @Test func aFilterChangedFromSettingsReadBeforeKeepsAReminderChangedElsewhere() throws {
    let (screen, other, _) = try twoConnections()
    let before = try screen.settings()
    let reminder = ReminderSettings(isOn: true, time: ReminderTime(hour: 7, minute: 30)!)
    try other.updateSettings { $0.reminder = reminder }
    let saved = try screen.updateSettings { $0.filter = before.filter == .all ? .completed : .all }
    #expect(saved.reminder == reminder)
    #expect(saved.filter == .completed)
    #expect(try other.settings() == saved)
    #expect(try screen.settings() == saved)
  }

  @Test(arguments: StoreKind.allCases)
  func anUpdateReturnsWhatItSavedAndTellsObserversOnlyOfAChange(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let log = ChangeLog<StoreChange>()
    let token = store.observe { log.add($0) }
    let saved = try store.updateSettings { $0.dayStart = DayStart(hour: 5)! }
    #expect(saved == StoreSettings(dayStart: DayStart(hour: 5)!))
    #expect(try store.settings() == saved)
    #expect(try store.updateSettings { $0.dayStart = DayStart(hour: 5)! } == saved)  // no change
    #expect(log.all == [StoreChange(settingsChanged: true)])
    withExtendedLifetime(token) {}
  }

  /// Writers on several threads of one process (two windows' writer queues, a sync): observers
  /// hear the commits in the order they were made, so a screen that applies the marks a commit
  /// says it left never ends on an earlier state. Each commit here adds one day: the marks heard
  /// must count 1, 2, 3… without a step back.
  @Test(arguments: StoreKind.allCases)
  func commitsOfConcurrentWritersAreToldInTheOrderTheyWereMade(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Run", id: 10, created: "2020-01-01"))
    let log = ChangeLog<StoreChange>()
    // A subscriber that takes a moment over each commit (as a screen's hand-off does): two
    // commits told at once on two threads would land in either order.
    let token = store.observe { change in
      usleep(UInt32.random(in: 0...200))
      log.add(change)
    }
    let (writers, each) = (4, 40)
    let failures = ChangeLog<String>()
    let finished = DispatchGroup()
    for writer in 0..<writers {
      finished.enter()
      Thread {
        defer { finished.leave() }
        for step in 0..<each {
          let marked = day("2020-01-01").adding(days: writer * each + step)
          do {
            _ = try store.toggleRecord(trackerID: id(10), on: marked)
          } catch {
            failures.add("\(error)")
          }
        }
      }.start()
    }
    finished.wait()
    #expect(failures.all.isEmpty)
    let counts = log.all.compactMap { $0.marks[id(10)]?.records.count }
    #expect(
      counts == Array(1...(writers * each)),
      "\(counts.enumerated().filter { $0.element != $0.offset + 1 }.prefix(5))")
    withExtendedLifetime(token) {}
  }

  @Test func anUpdateThatChangesNothingNeedsNoWriteLock() throws {
    let (store, _, path) = try twoConnections()
    try store.updateSettings { $0.filter = .completed }
    let holder = try RunningHelper(["hold", path, "30"])
    #expect(holder.nextLine() == "held")
    let same = try store.waitingAtMost(.milliseconds(50)) { () throws(StoreError) in
      try store.updateSettings { $0.filter = .completed }
    }
    #expect(same.filter == .completed)
    #expect(throws: StoreError.self) {
      try store.waitingAtMost(.milliseconds(50)) { () throws(StoreError) in
        try store.updateSettings { $0.filter = .all }
      }
    }
    holder.crash()
    #expect(try store.settings().filter == .completed)
  }

  /// One field, its values.
  enum Field: CaseIterable {
    case onboarding, filter, category, reminder, dayStart

    func set(_ value: Int, in settings: inout StoreSettings) {
      switch self {
      case .onboarding: settings.isOnboardingDone = value % 2 == 1
      case .filter: settings.filter = TrackerFilter.allCases[value % TrackerFilter.allCases.count]
      case .category: settings.lastChosenCategoryID = value % 3 == 0 ? nil : id(value)
      case .reminder:
        settings.reminder = ReminderSettings(
          isOn: value % 2 == 0, time: ReminderTime(hour: value % 24, minute: value % 60)!)
      case .dayStart: settings.dayStart = DayStart(hour: value % 13)!
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func interleavedUpdatesLeaveEachFieldAsItsLastWriterSetIt(seed: UInt64) throws {
    let (first, second, _) = try twoConnections()
    var random = StatisticsSummaryTests.Generator(seed: seed)
    var expected = StoreSettings()
    for _ in 0..<60 {
      let store = Bool.random(using: &random) ? first : second
      let field = Field.allCases.randomElement(using: &random)!
      let value = Int.random(in: 0..<1000, using: &random)
      // Either connection may have read the settings at any time before; it changes one field.
      if Bool.random(using: &random) { _ = try (Bool.random(using: &random) ? first : second).settings() }
      try store.updateSettings { field.set(value, in: &$0) }
      field.set(value, in: &expected)
      #expect(try first.settings() == expected)
      #expect(try second.settings() == expected)
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func concurrentUpdatesOfTwoConnectionsLeaveEachFieldAsItsLastWriterSetIt(seed: UInt64) async throws {
    let (first, second, _) = try twoConnections()
    // Each connection owns some fields and changes them in a seeded order, both at once.
    func plan(_ fields: [Field], _ seed: UInt64) -> [(Field, Int)] {
      var random = StatisticsSummaryTests.Generator(seed: seed)
      return (0..<150).map { _ in
        (fields.randomElement(using: &random)!, Int.random(in: 0..<1000, using: &random))
      }
    }
    let plans = [plan([.filter, .onboarding], seed), plan([.reminder, .dayStart, .category], seed + 100)]
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (store, steps) in zip([first, second], plans) {
        group.addTask {
          for (field, value) in steps { try store.updateSettings { field.set(value, in: &$0) } }
        }
      }
      try await group.waitForAll()
    }
    var expected = StoreSettings()
    for (field, value) in plans.joined() { field.set(value, in: &expected) }  // fields are disjoint
    #expect(try first.settings() == expected)
    #expect(try second.settings() == expected)
  }

  @Test func twoProcessesChangingTwoFieldsAtOnceKeepBoth() throws {
    let (store, _, path) = try twoConnections()
    let count = 150
    let helpers = try ["filter", "reminder"].map {
      try RunningHelper(["settings", path, $0, String(count)])
    }
    for helper in helpers { #expect(helper.nextLine() == "ready") }
    for helper in helpers { try helper.send("go") }
    for helper in helpers {
      #expect(helper.nextLine() == "done")
      helper.wait()
      #expect(helper.process.terminationStatus == 0)
    }
    let last = count - 1
    let settings = try store.settings()
    #expect(settings.filter == TrackerFilter.allCases[last % TrackerFilter.allCases.count])
    #expect(
      settings.reminder
        == ReminderSettings(isOn: true, time: ReminderTime(hour: last % 24, minute: last % 60)!))
  }

  @Test func aSnapshotSeesTheFileAsItWasWhateverAnotherConnectionCommits() throws {
    let (screen, other, _) = try twoConnections()
    try screen.createCategory(home)
    try screen.createTracker(habit("Читать", id: 10))
    let today = day("2026-11-30")
    let (trackers, completed, count) = try screen.read { (reader) throws(StoreError) in
      let trackers = try reader.trackers()
      try other.createTracker(event("Бегать", id: 11, created: "2026-11-30"))
      try other.toggleRecord(trackerID: id(10), on: today)
      try other.toggleRecord(trackerID: id(11), on: today)
      return (try reader.trackers(), try reader.completedTrackerIDs(on: today), trackers.count)
    }
    #expect(count == 1)
    #expect(trackers.map(\.tracker.name) == ["Читать"])
    #expect(trackers.first?.recordCount == 0)
    #expect(completed.isEmpty)
    // After it, the reads see the other's commits.
    #expect(try screen.completedTrackerIDs(on: today) == [id(10), id(11)])
    #expect(try screen.trackers().count == 2)
  }

  @Test(arguments: StoreKind.allCases)
  func aSnapshotReadsWhatTheSingleReadsRead(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Читать", id: 10))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-29"))
    try store.setDaysOff(true, trackerID: id(10), on: [day("2026-11-30")])
    let today = day("2026-11-30")
    let read = try store.read { (reader) throws(StoreError) in
      (
        try reader.categories(), try reader.trackers(), try reader.completedTrackerIDs(on: day("2026-11-29")),
        try reader.recordDays(trackerID: id(10)), try reader.allRecords(), try reader.statistics(asOf: today),
        try reader.dayOffTrackerIDs(on: today), try reader.daysOff(trackerID: id(10)), try reader.settings(),
        try reader.contents()
      )
    }
    #expect(read.0 == (try store.categories()))
    #expect(read.1 == (try store.trackers()))
    #expect(read.2 == (try store.completedTrackerIDs(on: day("2026-11-29"))))
    #expect(read.3 == (try store.recordDays(trackerID: id(10))))
    #expect(read.4 == (try store.allRecords()))
    #expect(read.5 == (try store.statistics(asOf: today)))
    #expect(read.6 == (try store.dayOffTrackerIDs(on: today)))
    #expect(read.7 == (try store.daysOff(trackerID: id(10))))
    #expect(read.8 == (try store.settings()))
    #expect(read.9 == (try store.contents()))
  }
}
