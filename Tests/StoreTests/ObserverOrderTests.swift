import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

/// The store's subscribers hear its commits in the order they were made, also when one of them
/// writes while it is told (a client's own observer may): every subscriber hears the commit
/// being told before the one written meanwhile (2026-12-07: a later subscriber heard them the
/// other way round, and kept marks a day short).
@Suite("Subscribers hear commits in order", .temporaryFolders)
struct ObserverOrderTests {
  @Test(arguments: StoreKind.allCases)
  func aSubscriberThatWritesWhileToldIsHeardAfterWhatItHeard(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(habit("Run", id: 10))
    let (first, second) = (day("2026-11-29"), day("2026-11-30"))
    let failures = Heard<String>()
    // The first subscriber marks the second day when it hears of the first.
    let writer = store.observe { change in
      guard change.recordDays[id(10)] == [first] else { return }
      do {
        try store.setCompleted(true, trackerID: id(10), on: second)
      } catch {
        failures.add("\(error)")
      }
    }
    let heard = Heard<(days: Set<Day>, marks: [Day])>()
    let listener = store.observe { change in
      guard let days = change.recordDays[id(10)] else { return }
      heard.add((days, change.marks[id(10)]?.records ?? []))
    }
    try store.setCompleted(true, trackerID: id(10), on: first)
    #expect(failures.all.isEmpty)
    #expect(heard.all.map(\.days) == [[first], [second]], "\(kind)")
    #expect(heard.all.last?.marks == [first, second], "the last marks heard are the store's")
    #expect(try store.recordDays(trackerID: id(10)) == [first, second])
    withExtendedLifetime((writer, listener)) {}
  }
}
