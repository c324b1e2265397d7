import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

@Suite("SQLite store: concurrency and durability", .temporaryFolders)
struct DurabilityTests {
  @Test func twoStoresOnOneFileWritingConcurrentlyLoseNothing() async throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let setup = try SQLiteTrackerStore(path: path, now: fixedNow)
    try setup.createCategory(home)
    try setup.createTracker(event("First", id: 10))
    try setup.createTracker(event("Second", id: 11))
    let first = try SQLiteTrackerStore(path: path, now: fixedNow)
    let second = try SQLiteTrackerStore(path: path, now: fixedNow)
    let writesEach = 200
    // Each store toggles its own tracker on 200 distinct days, at the same time as the other.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (store, tracker) in [(first, id(10)), (second, id(11))] {
        group.addTask {
          for offset in 0..<writesEach {
            try store.toggleRecord(trackerID: tracker, on: day("2020-01-01").adding(days: offset))
          }
        }
      }
      try await group.waitForAll()
    }
    let reader = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(try reader.allRecords().count == 2 * writesEach)
    #expect(try reader.trackers().map(\.recordCount) == [writesEach, writesEach])
  }

  @Test func aProcessKilledMidStreamKeepsEveryAcknowledgedWrite() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let process = Process()
    process.executableURL = HelperProcess.executable
    process.arguments = ["write", path, "2000-01-01", "100000"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // Read acknowledgements until enough have arrived, then kill the writer without warning.
    var acknowledged: [String] = []
    var buffer = Data()
    let reader = output.fileHandleForReading
    while acknowledged.count < 150 {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      buffer.append(chunk)
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        if line != "ready" { acknowledged.append(line) }
      }
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(acknowledged.count >= 150)

    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery == nil)
    let stored = Set(try store.allRecords().map(\.day.iso))
    #expect(Set(acknowledged).isSubset(of: stored))
    // At most the one write in flight at the kill may have landed without being acknowledged.
    #expect(stored.count - acknowledged.count <= 1)
  }
}
