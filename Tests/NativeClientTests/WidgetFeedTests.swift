import Foundation
import Observation
import TestSupport
import Testing
import TrackerModels
import TrackerStore
import TrackerSync
import TrackerViewModels

/// The app keeps its widgets' snapshots in a shared folder (issue 48): every habit of today,
/// whatever filter the main screen remembers, rewritten after each change — a widget reads a file,
/// never the data file.
@MainActor
@Suite("The widgets' feed", .temporaryFolders)
struct WidgetFeedTests {
  @Test func theSnapshotsFollowTheStoreAndIgnoreTheFilter() async throws {
    let store = InMemoryTrackerStore()
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    var ids: [UUID] = []
    for name in ["Read", "Run"] {
      let tracker = Tracker(
        id: UUID(), name: name, emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: home.id,
        createdOn: Day(year: 2026, month: 11, day: 1)!, kind: .habit(.everyDay))
      try store.createTracker(tracker)
      ids.append(tracker.id)
    }
    // The main screen was left on "Completed": the widget still lists every habit.
    try store.saveSettings(StoreSettings(isOnboardingDone: true, filter: .completed))
    let environment = clientEnvironment(store, .en)
    let folder = TemporaryFolder().url.appendingPathComponent("group")
    let feed = WidgetFeed(environment: environment, folder: folder)
    func snapshot(_ family: WidgetSnapshot.Family) throws -> WidgetSnapshot? {
      guard let data = FileManager.default.contents(atPath: feed.file(of: family).path) else { return nil }
      return try WidgetSnapshot.decode(data)
    }
    await feed.settled()
    let first = try #require(try snapshot(.large))
    #expect(first.rows.map(\.name) == ["Read", "Run"] && first.doneCount == 0 && first.dueCount == 2)
    #expect(first.rows.map(\.link) == ids.map { DeepLink.habit(.id($0)).text })
    #expect(try snapshot(.small)?.rows.map(\.name) == ["Read"])
    #expect(try snapshot(.accessory)?.rows.isEmpty == true)
    // Thursday 3 December 2026 in Moscow: valid until Friday's day start, midnight there.
    #expect(first.validUntil == Date(timeIntervalSince1970: 1_796_331_600))

    // Done elsewhere (another window, a widget's intent, another process): the files follow.
    let written = feed.writes
    _ = try store.toggleRecord(trackerID: ids[1], on: environment.today)
    #expect(await until { feed.writes > written && (try? snapshot(.large))??.doneCount == 1 })
    let after = try #require(try snapshot(.medium))
    #expect(after.rows.map(\.isDone) == [false, true])
    #expect(after.rows[1].accessibilityValue == "done, current streak 1 day")
    #expect(feed.failure == nil && feed.writes >= 8)
  }

  /// A widget's "Done" goes through the command log: once the app merges it, the widget's own
  /// snapshot says it is done — what the widget shows comes back to it.
  @Test func aCommandMergedFromTheLogIsInTheNextSnapshot() async throws {
    let folder = TemporaryFolder().url
    let store = try SQLiteTrackerStore(
      path: folder.appendingPathComponent("tracker.sqlite").path, now: Date())
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    let read = Tracker(
      id: UUID(), name: "Read", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: home.id,
      createdOn: Day(year: 2026, month: 11, day: 1)!, kind: .habit(.everyDay))
    try store.createTracker(read)
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let environment = clientEnvironment(store, .en)
    let container = folder.appendingPathComponent("group")
    let feed = WidgetFeed(environment: environment, folder: container)
    func small() -> WidgetSnapshot? {
      FileManager.default.contents(atPath: feed.file(of: .small).path).flatMap {
        try? WidgetSnapshot.decode($0)
      }
    }
    await feed.settled()
    #expect(small()?.rows.first?.isDone == false)
    // The widget's extension: the row's Done button, its command written to the log.
    let row = try #require(small()?.rows.first)
    let done = try #require(row.actions.first { $0.kind == .done })
    let command = try #require(done.kind.command(trackerID: row.id, day: environment.today))
    try CommandLog(container: container.path).append([command])
    // The app, when the log changes.
    let written = feed.writes
    let merged = try CommandLog(container: container.path).merge(into: store)
    #expect(merged.applied.applied.count == 1)
    #expect(await until { feed.writes > written && small()?.rows.first?.isDone == true })
  }

  /// A family whose file cannot be written keeps the failure said until it is written, whatever
  /// the other families do, and the failure changes (and is told) only when it changes
  /// (2026-12-07: the next family's success cleared it, and each pass told it anew).
  @Test func aFamilyThatCannotBeWrittenStaysSaidUntilItIs() async throws {
    let (store, read, environment, container) = try oneHabitAndAContainer()
    // The medium family's file is a folder: it cannot be written.
    try FileManager.default.createDirectory(
      at: container.appendingPathComponent("widget-medium.json"), withIntermediateDirectories: true)
    let feed = WidgetFeed(environment: environment, folder: container)
    await feed.settled()
    let failure = try #require(feed.failure)
    #expect(failure.contains("widget-medium.json: "), "\(failure)")
    #expect(!failure.contains("could not be completed"), "the system's reason: \(failure)")
    #expect(FileManager.default.fileExists(atPath: feed.file(of: .small).path))
    // A change: the other families are written again, the medium one still is not.
    let fires = Watched(0)
    func follow() {
      withObservationTracking {
        _ = feed.failure
      } onChange: {
        fires.update { $0 += 1 }
      }
    }
    follow()
    let written = feed.writes
    try store.toggleRecord(trackerID: read.id, on: environment.today)
    #expect(await until { feed.writes > written })
    await feed.settled()
    #expect(feed.failure == failure)
    #expect(fires.value == 0, "the failure did not change, and was told")
    // The folder goes: the next change writes the medium family too, and the failure goes.
    try FileManager.default.removeItem(at: container.appendingPathComponent("widget-medium.json"))
    try store.toggleRecord(trackerID: read.id, on: environment.today)
    #expect(await until { feed.failure == nil })
    #expect(fires.value == 1)
    #expect(FileManager.default.fileExists(atPath: feed.file(of: .medium).path))
    // No write, failed or not, left a file of its own behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: container.path)
    #expect(left.sorted() == WidgetSnapshot.Family.allCases.map { "widget-\($0.rawValue).json" }.sorted())
  }

  /// A family written once and then unwritable stays said when the state comes back to what it
  /// last wrote: its file may be gone meanwhile (2026-12-07: the failure went back to nil).
  @Test func aFamilyThatFailedIsWrittenAgainWhenTheStateComesBack() async throws {
    let (store, read, environment, container) = try oneHabitAndAContainer()
    let feed = WidgetFeed(environment: environment, folder: container)
    await feed.settled()
    #expect(feed.failure == nil)
    let medium = feed.file(of: .medium)
    try FileManager.default.removeItem(at: medium)
    try FileManager.default.createDirectory(at: medium, withIntermediateDirectories: true)
    try store.toggleRecord(trackerID: read.id, on: environment.today)
    #expect(await until { feed.failure?.contains("widget-medium.json: ") == true })
    // Back to the state the medium family last wrote: it is tried again, and fails again.
    try store.toggleRecord(trackerID: read.id, on: environment.today)
    let written = feed.writes
    #expect(await until { feed.writes > written })
    await feed.settled()
    #expect(feed.failure?.contains("widget-medium.json: ") == true, "\(feed.failure ?? "nil")")
  }

  /// A store with one habit done every day ("Read"), past the onboarding; its environment; and
  /// a container folder for the widgets that does not exist yet.
  func oneHabitAndAContainer() throws -> (InMemoryTrackerStore, Tracker, AppEnvironment, URL) {
    let store = InMemoryTrackerStore()
    let read = try addReadingHabit(to: store)
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    return (store, read, clientEnvironment(store, .en), TemporaryFolder().url.appendingPathComponent("group"))
  }
}
