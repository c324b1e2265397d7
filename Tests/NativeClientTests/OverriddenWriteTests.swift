import Foundation
import Testing
import TrackerModels
import TrackerStore

/// A client's test store that steps in on one write and passes the rest on: a
/// `ForwardingTrackerStore` implements the one call it needs, on the public API only (before, its
/// writes could not be overridden, and such a store had to write the whole protocol). Nothing of
/// it is unchecked.
final class RefusingCompletions: ForwardingTrackerStore {
  let base: any TrackerDataStore

  init(_ base: any TrackerDataStore) { self.base = base }

  static let refusal = StoreError.storage(
    StorageFailure(.readOnly, detail: "attempt to write a readonly database"))

  func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    throw Self.refusal
  }
}

@Suite("A client's store that overrides one write")
struct OverriddenWriteTests {
  @Test func oneWriteIsRefusedAndEveryOtherPassesOn() throws {
    let store = RefusingCompletions(InMemoryTrackerStore())
    let tracker = try addReadingHabit(to: store)
    let day = Day(year: 2026, month: 11, day: 2)!
    #expect(throws: RefusingCompletions.refusal) {
      try store.setCompleted(true, trackerID: tracker.id, on: day)
    }
    #expect(try store.toggleRecord(trackerID: tracker.id, on: day))
    #expect(try store.base.completedTrackerIDs(on: day) == [tracker.id])
  }
}
