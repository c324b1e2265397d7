import Foundation
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// Each habit's reminders at scale (issue 48): 1,000 habits with 3 reminders each and a year of
/// records on a SQLite file. What a client does after every change — read the habits' histories
/// and plan the next week's notifications (`ReminderNotification.upcoming`) — and what `remind`
/// does at one minute.
enum ReminderBenchmark {
  static func run(today: Day) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reminder-benchmark-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try SQLiteTrackerStore(
      path: folder.appendingPathComponent("tracker.sqlite").path, now: Date())
    let category = TrackerCategory(id: UUID(), title: "All")
    let times = [(7, 30), (13, 0), (21, 0)].compactMap { ReminderTime(hour: $0.0, minute: $0.1) }
    var trackers: [Tracker] = []
    var records: [TrackerRecord] = []
    for number in 0..<1000 {
      let tracker = Tracker(
        id: UUID(), name: "Habit \(number)", emoji: TrackerEmoji.all[number % 18],
        color: TrackerColor.palette[number % 18], categoryID: category.id,
        createdOn: today.adding(days: -365),
        kind: .habit(.everyDay), reminders: times.map { HabitReminder(time: $0) })
      trackers.append(tracker)
      for offset in stride(from: 1, through: 365, by: 1 + number % 3) {
        records.append(TrackerRecord(trackerID: tracker.id, day: today.adding(days: -offset)))
      }
    }
    try store.insert(StoreContents(categories: [category], trackers: trackers, records: records))
    let localizer = Localizer(.en)
    let timeZone = TimeZone(identifier: "Europe/Moscow") ?? .current
    let noon = DayStart.midnight.start(of: today, in: timeZone).addingTimeInterval(12 * 3600)
    var histories: [TrackerHistory] = []
    let readTime = try Measurement.median(runs: 5) {
      let contents = try store.contents()
      histories = TrackerHistory.of(contents.trackers, records: contents.records, daysOff: contents.daysOff)
    }
    // Everything that speaks in the week, counted once; then what a client asks for: the 64 earliest.
    let speaking = ReminderNotification.upcoming(
      after: noon, days: 7, dayStart: .midnight, timeZone: timeZone, histories: histories, limit: .max,
      localizer
    ).count
    var planned = 0
    let planTime = Measurement.median(runs: 9) {
      planned =
        ReminderNotification.upcoming(
          after: noon, days: 7, dayStart: .midnight, timeZone: timeZone, histories: histories, localizer
        ).count
    }
    var due = 0
    let dueTime = Measurement.median(runs: 9) {
      due = ReminderNotification.due(at: times[2], on: today, histories: histories, localizer).count
    }
    print(
      "Reminders of 1,000 habits × 3 (SQLite, a year of records), median: the histories read "
        + "\(Measurement.milliseconds(readTime)) ms; the next week planned \(Measurement.milliseconds(planTime)) ms "
        + "(the \(planned) earliest of \(speaking) that speak); the reminders due at one minute "
        + "\(Measurement.milliseconds(dueTime)) ms (\(due))")
  }
}
