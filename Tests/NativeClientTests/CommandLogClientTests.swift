import Foundation
import TestSupport
import Testing
import TrackerModels
import TrackerStore
import TrackerSync
import TrackerViewModels

/// The App Intent of docs/native-client.md ("Commands from anywhere") as a widget runs it: its
/// command goes through the command log, and the app applies it once.
@Suite("A widget's intent through the command log", .temporaryFolders)
struct CommandLogClientTests {
  @Test func theIntentHandsItsCommandToTheAppWhichAppliesItOnce() async throws {
    let container = try #require(
      FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: MarkDoneIntent.group))
    try? FileManager.default.removeItem(at: container)
    defer { try? FileManager.default.removeItem(at: container) }
    let store = try SQLiteTrackerStore(
      path: TemporaryFolder().url.appendingPathComponent("t.sqlite").path, now: Date())
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    let read = Tracker(
      id: UUID(), name: "Read", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: home.id,
      createdOn: Day(year: 2026, month: 11, day: 1)!, kind: .habit(.everyDay))
    try store.createTracker(read)
    let day = Day(year: 2026, month: 11, day: 30)!
    // Tapped twice before the app came back: done once, as the button offered.
    _ = try await MarkDoneIntent(trackerID: read.id, day: day).perform()
    _ = try await MarkDoneIntent(trackerID: read.id, day: day).perform()
    #expect(try store.completedTrackerIDs(on: day).isEmpty)
    #expect(try mergeCommands(into: store, container: container) == [])
    #expect(try store.completedTrackerIDs(on: day) == [read.id])
    #expect(try store.records(trackerID: read.id).count == 1)
    // A habit deleted before the app merges: the command is refused once, with its reason.
    _ = try await MarkDoneIntent(trackerID: UUID(), day: day).perform()
    let refused = try mergeCommands(into: store, container: container)
    #expect(refused.count == 1)
    #expect(try mergeCommands(into: store, container: container) == [])
  }
}
