import Foundation
import TrackerModels
import TrackerStore
import TrackerViewModels

/// Issue 49's scale: 1,000 habits in 20 categories with a year of records each, half of them
/// archived, on a SQLite file. The statistics of every tracker (the store's kept summaries), of
/// the unarchived ones and of one category (computed from their records), the main screen's read
/// with a category collapsed, a move (one tracker's number, and the first move, which numbers all)
/// and an archive.
enum GroupsBenchmark {
  @MainActor
  static func run(today: Day) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("groups-benchmark-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try SQLiteTrackerStore(
      path: folder.appendingPathComponent("tracker.sqlite").path, now: Date())
    let categories = (0..<20).map { TrackerCategory(id: UUID(), title: "Group \($0 + 1)") }
    var trackers: [Tracker] = []
    var marks: [TrackerMarks] = []
    for number in 0..<1_000 {
      let tracker = Tracker(
        id: UUID(), name: "Habit \(number + 1)", emoji: TrackerEmoji.all[number % 18],
        color: TrackerColor.palette[number % 18], categoryID: categories[number % 20].id,
        createdOn: today.adding(days: -365), kind: .habit(.everyDay))
      trackers.append(tracker)
      // About two days in three done, in a pattern of its own.
      let days = (1...365).map { today.adding(days: -$0) }.filter {
        ($0.daysSinceEpoch * 7 + number) % 3 != 0
      }
      marks.append(TrackerMarks(trackerID: tracker.id, records: days.sorted()))
    }
    try store.insert(StoreAdditions(categories: categories, trackers: trackers, marks: marks))
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let records = marks.map(\.records.count).reduce(0, +)
    print("Groups: 1,000 habits in 20 categories, \(records) records")
    var figures = try store.statistics(asOf: today)
    let all = try Measurement.median(runs: 9) { figures = try store.statistics(asOf: today) }
    let archiveTime = try Measurement.median(runs: 1) {
      for (index, tracker) in trackers.enumerated() where index % 40 >= 20 {  // half of each category
        try store.setArchived(true, trackerID: tracker.id)
      }
    }
    func counted(_ category: UUID?) throws -> Statistics {
      try store.read { (reader) throws(StoreError) in try reader.statistics(asOf: today, category: category) }
    }
    var unarchived = try counted(nil)
    let unarchivedTime = try Measurement.median(runs: 5) { unarchived = try counted(nil) }
    var group = try counted(categories[0].id)
    let groupTime = try Measurement.median(runs: 9) { group = try counted(categories[0].id) }
    print(
      "  statistics of all 1,000 (the kept summaries), median of 9: \(Measurement.milliseconds(all)) ms; "
        + "of the 500 unarchived, median of 5: \(Measurement.milliseconds(unarchivedTime)) ms; "
        + "of one category (25 unarchived), median of 9: \(Measurement.milliseconds(groupTime)) ms")
    print(
      "  completed: all \(figures.completed), unarchived \(unarchived.completed), "
        + "one category \(group.completed); archiving 500 one by one: "
        + "\(Measurement.milliseconds(archiveTime)) ms")
    try store.updateSettings { $0.collapsedCategoryIDs = [categories[1].id] }
    let environment = AppEnvironment(
      now: { today.start(in: TimeZone(identifier: "UTC") ?? .current).addingTimeInterval(43_200) },
      timeZone: TimeZone(identifier: "UTC") ?? .current, language: .en, store: store,
      analytics: SilentAnalytics(), makeID: { UUID() })
    var sections = 0
    let screenTime = Measurement.median(runs: 9) {
      let screen = TrackersViewModel(environment: environment)
      environment.settle()
      sections = screen.state.sections.count
    }
    print(
      "  the main screen's read and sections (500 shown, one category collapsed), median of 9: "
        + "\(Measurement.milliseconds(screenTime)) ms, \(sections) sections")
    let firstMove = try Measurement.median(runs: 1) {
      try store.moveTracker(trackers[2].id, to: .before(trackers[0].id))
    }
    var flip = false
    let move = try Measurement.median(runs: 9) {
      flip.toggle()
      try store.moveTracker(trackers[4].id, to: flip ? .before(trackers[2].id) : .after(trackers[6].id))
    }
    print(
      "  moves: the first (every tracker numbered) \(Measurement.milliseconds(firstMove)) ms; "
        + "then one tracker's number, median of 9: \(Measurement.milliseconds(move)) ms")
  }
}
