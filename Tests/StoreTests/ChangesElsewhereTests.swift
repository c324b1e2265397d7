import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TodoModels
import TodoStore
import TrackerModels
import TrackerStore

/// A long-running client (the interactive terminal) hears of other processes' commits when it
/// asks: SQLite's `data_version` moves when another connection commits, not for one's own.
@Suite("Changes made elsewhere", .temporaryFolders)
struct ChangesElsewhereTests {
  @Test func anotherConnectionsCommitIsNoticedOnceAndOnesOwnNever() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let mine = try SQLiteTrackerStore(path: path, now: fixedNow)
    let log = ChangeLog<StoreChange>()
    let token = mine.observe { log.add($0) }
    try mine.createCategory(home)
    try mine.createTracker(habit("Бег", id: 10))
    let ownWrites = log.all.count
    try mine.noticeChangesElsewhere()
    #expect(log.all.count == ownWrites)  // its own commits are not news

    let theirs = try SQLiteTrackerStore(path: path, now: fixedNow)
    _ = try theirs.toggleRecord(trackerID: id(10), on: day("2026-11-30"))
    try mine.noticeChangesElsewhere()
    #expect(log.all.count == ownWrites + 1 && log.all.last?.isEverything == true)
    #expect(try mine.completedTrackerIDs(on: day("2026-11-30")) == [id(10)])
    try mine.noticeChangesElsewhere()
    #expect(log.all.count == ownWrites + 1)
    withExtendedLifetime(token) {}
  }

  @Test func theToDoStoreNoticesToo() throws {
    let folder = TemporaryFolder()
    let path = folder.path("todo.sqlite")
    let mine = try SQLiteTodoStore(path: path, now: fixedNow)
    let log = ChangeLog<TodoChange>()
    let token = mine.observe { log.add($0) }
    let theirs = try SQLiteTodoStore(path: path, now: fixedNow)
    let task = TodoTask(id: id(1), title: "", text: "Milk", isDone: false, created: fixedNow)
    try theirs.createTask(task)
    try mine.noticeChangesElsewhere()
    #expect(log.all.map(\.taskIDs) == [[id(1)]])
    withExtendedLifetime(token) {}
  }
}
