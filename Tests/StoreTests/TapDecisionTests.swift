import Foundation
import ModelTestSupport
import SyncSimulation
import TestSupport
import Testing
import TrackerModels

@testable import TrackerArchiveCodec
@testable import TrackerStore
@testable import TrackerSync

/// A tap decides "is it done?" inside its write (issue 46, point 9).
@Suite("A tap's decision inside its write", .temporaryFolders)
struct TapDecisionTests {
  /// Cron's `done` in another process holds its write while the tap waits for the file: the tap,
  /// shown "Mark as done", leaves the day done.
  @Test func aDoneFromAnotherProcessWhileTheTapWaitsSurvivesTheTap() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let app = try SQLiteTrackerStore(path: path, now: fixedNow)
    try app.createCategory(home)
    let read = habit("Read", id: 10)
    try app.createTracker(read)
    let cron = try RunningHelper(["done-held", path, read.id.uuidString, "2026-11-29"])
    #expect(cron.nextLine() == "held")
    let tapped = DispatchSemaphore(value: 0)
    let result = Box<Result<Bool, StoreError>>()
    Thread.detachNewThread {
      result.value = Result { () throws(StoreError) in
        try app.setCompleted(true, trackerID: read.id, on: day("2026-11-29"))
      }
      tapped.signal()
    }
    // The tap waits for the file while cron holds it; then cron commits.
    usleep(200_000)
    try cron.send("go")
    #expect(cron.nextLine() == "committed")
    cron.wait()
    tapped.wait()
    #expect(try result.value?.get() == false)
    #expect(try app.recordDays(trackerID: read.id) == [day("2026-11-29")])
  }

  /// Another connection to the file (as cron's `done` in another process) marks the day done and
  /// holds the write lock while the tap waits for it: the tap, shown "Mark as done", leaves it
  /// done (it read "not done" first, then toggled it off).
  @Test func aDoneFromCronWhileTheTapWaitsForTheFileSurvivesTheTap() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let app = try SQLiteTrackerStore(path: path, now: fixedNow)
    try app.createCategory(home)
    let read = habit("Read", id: 10)
    try app.createTracker(read)
    let cron = try SQLiteTrackerStore(path: path, now: fixedNow)
    let holding = DispatchSemaphore(value: 0)
    cron.inWrite = {
      holding.signal()
      usleep(300_000)
    }
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? cron.toggleRecord(trackerID: read.id, on: day("2026-11-29"))
      done.signal()
    }
    holding.wait()
    let changed = try app.setCompleted(true, trackerID: read.id, on: day("2026-11-29"))
    done.wait()
    #expect(!changed)
    #expect(try app.recordDays(trackerID: read.id) == [day("2026-11-29")])
    // And the other way round: "Mark as not done" leaves it not done.
    #expect(try app.setCompleted(false, trackerID: read.id, on: day("2026-11-29")))
    #expect(try !app.setCompleted(false, trackerID: read.id, on: day("2026-11-29")))
    #expect(try app.recordDays(trackerID: read.id).isEmpty)
  }
}
