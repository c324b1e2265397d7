import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// The store access for Swift concurrency (`StoreAccess+Async`): reads and writes awaited, values
/// and commits as asynchronous sequences, in the app's mode (the main actor waits for nothing).
@MainActor
@Suite("The store access, awaited")
struct AsyncAccessTests {
  func access(_ store: InMemoryTrackerStore) -> StoreAccess<any TrackerDataStore, StoreChange> {
    AppEnvironment(
      now: { Date(timeIntervalSince1970: 1_796_288_400) }, timeZone: TimeZone(identifier: "UTC")!,
      language: .en, store: store, analytics: SilentAnalytics(), makeID: { UUID() }
    ).access
  }

  @Test func anAwaitedWriteIsCommittedWhenItReturnsAndAnAwaitedReadSeesIt() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let written = await access.write { (store) throws(StoreError) in
      try store.createCategory(TrackerCategory(id: id(1), title: "Home"))
      return "made"
    }
    #expect(try written.get() == "made")
    #expect(try store.categories().map(\.title) == ["Home"])
    let read = await access.read { (store) throws(StoreError) in try store.categories().map(\.title) }
    #expect(try read.get() == ["Home"])
    #expect(access.callsInFlight == 0)
  }

  @Test func aRefusedWriteGivesItsErrorAndWritesNothing() async throws {
    let store = InMemoryTrackerStore()
    let written = await access(store).write { (store) throws(StoreError) in
      try store.createCategory(TrackerCategory(id: id(1), title: "  "))
    }
    guard case .failure(.invalidCategoryTitle) = written else {
      Issue.record("not refused: \(written)")
      return
    }
    #expect(try store.categories().isEmpty)
  }

  /// A loop over the values sees the first read and each value that differs after a commit, and
  /// the observation ends with the loop.
  @Test func theValuesFollowTheStoreAndStopWithTheLoop() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    var seen: [[String]] = []
    for await value in access.values(fetch: { (store) throws(StoreError) in
      try store.categories().map(\.title)
    }) {
      let titles = try value.get()
      seen.append(titles)
      // Each value brings the next commit: a new category, or a settings change no title reads.
      if titles.count < 3 {
        _ = await access.write { (store) throws(StoreError) in
          _ = try store.updateSettings { $0.filter = .completed }
          try store.createCategory(TrackerCategory(id: id(10 + titles.count), title: "C\(titles.count)"))
        }
      } else {
        break
      }
    }
    #expect(seen == [[], ["C0"], ["C0", "C1"], ["C0", "C1", "C2"]])
    // The loop ended and the sequence is gone: so is the observation.
    #expect(access.followerCount == 0)
  }

  @Test func theChangesComeInTheOrderTheyWereCommitted() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    var heard: [Set<UUID>] = []
    do {
      let changes = access.changes()
      for number in 1...5 {
        _ = await access.write { (store) throws(StoreError) in
          try store.createCategory(TrackerCategory(id: id(number), title: "C\(number)"))
        }
      }
      for await change in changes {
        heard.append(change.categoryIDs)
        if heard.count == 5 { break }
      }
    }
    #expect(heard == (1...5).map { [id($0)] })
    #expect(access.followerCount == 0)
  }

  @Test func cancellingTheTaskThatLoopsEndsTheObservation() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let first = Watched(false)
    let loop = Task { @MainActor in
      for await _ in access.values(fetch: { (store) throws(StoreError) in try store.categories().count }) {
        first.update { $0 = true }
      }
    }
    #expect(await until { first.value })
    #expect(access.followerCount == 1)
    loop.cancel()
    await loop.value
    #expect(access.followerCount == 0)
  }
}
