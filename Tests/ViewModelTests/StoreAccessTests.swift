import Foundation
import ModelTestSupport
import Observation
import TestSupport
import Testing
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// `StoreAccess`, the view models' one way to a store (docs/architecture.md, "Data access"), on its own: calls
/// off the main actor, writes in the order they were made, observation of values coalesced per
/// burst, continuations once each.
@MainActor
@Suite("Store access")
struct StoreAccessTests {
  /// An access to `store`: every outcome comes on a later turn of the main actor.
  func access(_ store: InMemoryTrackerStore) -> StoreAccess<any TrackerDataStore, StoreChange> {
    AppEnvironment.fixed(
      now: Date(timeIntervalSince1970: 1_796_288_400), timeZone: TimeZone(identifier: "UTC")!, language: .en,
      store: store
    ).access
  }

  nonisolated static let home = TrackerCategory(id: id(1), title: "Home")

  /// Observes how many categories the store holds, again after the commits that touch them,
  /// counting the fetches and recording what is delivered (-1: a failed read).
  func observeCategoryCount(
    _ access: StoreAccess<any TrackerDataStore, StoreChange>, fetches: Counter, delivered: Recorded<Int>,
    applying: (@MainActor (Int, StoreChange) -> Int?)? = nil
  ) -> ObservationToken {
    access.observe(
      fetch: { (store) throws(StoreError) in
        fetches.add()
        return try store.categories().count
      },
      applying: applying,
      onChange: { delivered.values.append((try? $0.get()) ?? -1) })
  }

  @Test func writesTheMainActorDidNotWaitForRunInTheOrderTheyWereMadeAndEachContinuesOnce() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let finished = Recorded<Int>()
    for number in 1...40 {
      access.write { (store) throws(StoreError) in
        try store.createCategory(TrackerCategory(id: id(number), title: "Category \(number)"))
        return number
      } then: { result in
        finished.values.append((try? result.get()) ?? -number)
      }
    }
    #expect(await until { finished.values.count == 40 })
    #expect(finished.values == Array(1...40))
    #expect(await until { !access.writer.state.isSaving })
    #expect(try store.categories().count == 40)
  }

  /// A write's commit reaches the followers, and its continuation runs, inside hand-overs: a flow
  /// that brackets them publishes once for all its screens changed in one. The commit comes
  /// first (in the same hand-over, or in one of its own just before when the store's notice of
  /// it reached the main actor first).
  @Test func aWritesCommitAndContinuationAreHandedOverInsideBrackets() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let events = Recorded<String>()
    let follower = access.observe { _ in events.values.append("commit") }
    let bracket = access.bracketHandOvers(
      began: { events.values.append("began") }, ended: { events.values.append("ended") })
    access.write { (store) throws(StoreError) in
      try store.createCategory(Self.home)
    } then: { _ in
      events.values.append("continued")
    }
    await access.settled()
    let together = ["began", "commit", "continued", "ended"]
    let apart = ["began", "commit", "ended", "began", "continued", "ended"]
    #expect(events.values == together || events.values == apart, "\(events.values)")
    bracket.cancel()
    access.write { (store) throws(StoreError) in
      try store.renameCategory(id: Self.home.id, to: "House")
    } then: { _ in
      events.values.append("continued")
    }
    await access.settled()
    // A cancelled bracket hears of no hand-over any more.
    #expect(events.values.suffix(2) == ["commit", "continued"])
    withExtendedLifetime(follower) {}
  }

  /// Another window completed a card before this screen heard of it: a tap on the card's "Mark
  /// as done" leaves it done (a toggle would have undone it), and so does a second tap.
  @Test func aTapMadeWhileTheScreenWasBehindEndsAsTheCardOffered() async throws {
    let world = try TestWorld.demo()
    let model = TrackersViewModel(environment: world.environment(.ru))
    await model.settled()
    let card = try #require(model.state.sections.flatMap(\.cards).first { !$0.isCompleted })
    let today = model.state.selectedDay
    // The other window's commit, on this thread: this screen hears of it on a later turn.
    try world.store.toggleRecord(trackerID: card.id, on: today)
    #expect(model.state.sections.flatMap(\.cards).first { $0.id == card.id }?.isCompleted == false)
    model.completeTapped(card.id)
    await model.settled()
    #expect(try world.store.completedTrackerIDs(on: today).contains(card.id))
  }

  @Test func aRefusedWriteContinuesWithItsErrorAndChangesNothing() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let outcome = Recorded<Result<Void, StoreError>>()
    access.write { (store) throws(StoreError) in
      try store.createCategory(TrackerCategory(id: id(1), title: "   "))
    } then: {
      outcome.values.append($0)
    }
    await access.settled()
    #expect(outcome.values.count == 1)
    guard case .failure(.invalidCategoryTitle)? = outcome.values.first else {
      Issue.record("not refused: \(outcome.values)")
      return
    }
    #expect(try store.categories().isEmpty)
  }

  @Test func aBurstOfCommitsFromAnotherThreadIsFetchedFarFewerTimesAndEndsOnTheLastValue() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let (fetches, delivered) = (Counter(), Recorded<Int>())
    let token = observeCategoryCount(access, fetches: fetches, delivered: delivered)
    await access.settled()
    #expect(delivered.values == [0])
    // A burst: 200 commits made on another thread while the main actor is busy elsewhere.
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      for number in 1...200 {
        try? store.createCategory(TrackerCategory(id: id(number), title: "Category \(number)"))
      }
      done.signal()
    }
    done.wait()
    #expect(await until { delivered.values.last == 200 })
    // Every commit was news, but one fetch served the whole burst.
    #expect(fetches.count <= 3, "\(fetches.count) fetches")
    #expect(delivered.values.count <= 3, "\(delivered.values)")
    #expect(delivered.values == delivered.values.sorted())
    withExtendedLifetime(token) {}
  }

  @Test func aValueThatDidNotChangeIsNotDeliveredAgain() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    try store.createCategory(Self.home)
    let delivered = Recorded<[String]>()
    let token = access.observe(
      fetch: { (store) throws(StoreError) in try store.categories().map(\.title) },
      onChange: { delivered.values.append((try? $0.get()) ?? []) })
    await access.settled()
    // Commits that do not change the titles: a settings change, a rename to the same title.
    _ = await access.write { (store) throws(StoreError) in try store.updateSettings { $0.filter = .completed }
    }
    _ = await access.write { (store) throws(StoreError) in
      try store.renameCategory(id: Self.home.id, to: "Home")
    }
    _ = await access.write { (store) throws(StoreError) in
      try store.renameCategory(id: Self.home.id, to: "House")
    }
    await access.settled()
    #expect(delivered.values == [["Home"], ["House"]])
    withExtendedLifetime(token) {}
  }

  @Test func aCancelledObservationHearsNothingMore() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let heard = Recorded<StoreChange>()
    let token = access.observe { heard.values.append($0) }
    _ = await access.write { (store) throws(StoreError) in try store.createCategory(Self.home) }
    await access.settled()
    #expect(heard.values.count == 1)
    token.cancel()
    _ = await access.write { (store) throws(StoreError) in
      try store.renameCategory(id: Self.home.id, to: "House")
    }
    await access.settled()
    #expect(heard.values.count == 1)
    #expect(access.followerCount == 0)
  }

  @Test func aCommitThatSaysWhatItChangedIsAppliedWithoutAFetch() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let (fetches, delivered) = (Counter(), Recorded<Int>())
    // Only categories are created here: each commit's ids are that many more.
    let token = observeCategoryCount(access, fetches: fetches, delivered: delivered) { count, change in
      count + change.categoryIDs.count
    }
    await access.settled()
    for number in 1...3 {
      _ = await access.write { (store) throws(StoreError) in
        try store.createCategory(TrackerCategory(id: id(number), title: "Category \(number)"))
      }
      await access.settled()
    }
    #expect(delivered.values == [0, 1, 2, 3])
    #expect(fetches.count == 1)
    withExtendedLifetime(token) {}
  }

  /// A fetch that read before a commit and answers after it: the commit must not be applied to
  /// the value before that fetch (the fetch would then take it back), but fetched again after.
  @Test func aCommitWhileAFetchIsOnItsWayIsFetchedAgainNotApplied() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let gate = Gate()
    let delivered = Recorded<Int>()
    let token = access.observe(
      fetch: { (store) throws(StoreError) in
        // The settings are read too, so a settings change is news for this value.
        _ = try store.settings()
        let count = try store.categories().count
        gate.passThrough()
        return count
      },
      // A settings change says nothing about the count: it is fetched.
      applying: { count, change in change.categoryIDs.isEmpty ? nil : count + change.categoryIDs.count },
      onChange: { delivered.values.append((try? $0.get()) ?? -1) })
    #expect(await until { delivered.values == [0] })
    gate.close()
    access.write(
      .waitingInBackground,
      { (store) throws(StoreError) in try store.updateSettings { $0.filter = .completed } }, then: { _ in })
    // The fetch after the settings change has read 0 and waits at the gate.
    #expect(await until { gate.waiting == 1 })
    // A follower subscribed after the value hears each commit after it (in the same turn).
    let heard = Recorded<StoreChange>()
    let follower = access.observe { heard.values.append($0) }
    access.write(
      .waitingInBackground, { (store) throws(StoreError) in try store.createCategory(Self.home) },
      then: { _ in })
    #expect(await until { heard.values.contains { !$0.categoryIDs.isEmpty } })
    // Not applied while the fetch is held: nothing new delivered, a fetch asked for after it.
    #expect(delivered.values == [0])
    #expect(access.callsInFlight == 2)
    gate.open()
    await access.settled()
    #expect(delivered.values.last == 1)
    #expect(delivered.values == [0, 1])
    withExtendedLifetime((token, follower)) {}
  }

  /// `settled(readsOnly:)` returns once the reads have ended, while a write is still held; the
  /// whole `settled()` waits for the write too. What a terminal drawing a change that came by
  /// itself waits for.
  @Test func theReadsSettleWhileAWriteIsStillOnItsWay() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let gate = Gate()
    gate.close()
    let written = Recorded<Bool>()
    access.write(
      .waitingInBackground,
      { (store) throws(StoreError) in
        gate.passThrough()
        try store.createCategory(Self.home)
      },
      then: { result in
        guard case .success = result else { return written.values.append(false) }
        written.values.append(true)
      })
    #expect(await until { gate.waiting == 1 })
    let read = Recorded<Int>()
    access.read(
      { (store) throws(StoreError) in try store.categories().count },
      then: { read.values.append((try? $0.get()) ?? -1) })
    #expect(access.readsInFlight == 1)
    await access.settled(readsOnly: true)
    #expect(read.values == [0])
    #expect(access.readsInFlight == 0)
    #expect(access.callsInFlight == 1)
    #expect(written.values.isEmpty)
    gate.open()
    await access.settled()
    #expect(written.values == [true])
    #expect(access.callsInFlight == 0)
  }

  @Test func aCancelledValueObservationDeliversNotEvenAFetchUnderWay() async throws {
    let store = InMemoryTrackerStore()
    let access = access(store)
    let gate = Gate()
    gate.close()
    let delivered = Recorded<Int>()
    let token = access.observe(
      fetch: { (store) throws(StoreError) in
        let count = try store.categories().count
        gate.passThrough()
        return count
      },
      onChange: { delivered.values.append((try? $0.get()) ?? -1) })
    #expect(await until { gate.waiting == 1 })
    token.cancel()
    gate.open()
    await access.settled()
    #expect(delivered.values.isEmpty)
  }

  /// Random sequences of writes through the access (some waited for, some not) and directly on
  /// the store from another thread: once everything has arrived, the observed value is what a
  /// fresh read says, whatever the interleaving.
  @Test(arguments: 1...20)
  func theObservedValueEndsAsAFreshReadAfterAnyInterleaving(seed: UInt64) async throws {
    var random = seed
    func next(_ count: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(count))
    }
    let store = InMemoryTrackerStore()
    let access = access(store)
    let shown = Recorded<[String]>()
    let token = access.observe(
      fetch: { (store) throws(StoreError) in try store.categories().map(\.title).sorted() },
      onChange: { if case .success(let titles) = $0 { shown.values.append(titles) } })
    for step in 0..<60 {
      let number = next(12) + 1
      switch next(4) {
      case 0, 1:
        // Some awaited, some not: the steps go on while those wait their turn.
        access.write(
          .waitingInBackground,
          { (store) throws(StoreError) in
            if try store.categories().contains(where: { $0.id == id(number) }) {
              try store.deleteCategory(id: id(number))
            } else {
              try store.createCategory(TrackerCategory(id: id(number), title: "C\(number) \(step)"))
            }
          }, then: { _ in })
        if next(2) == 0 { await access.settled() }
      case 2:
        DispatchQueue.global().async {
          try? store.renameCategory(id: id(number), to: "R\(number) \(step)")
        }
      default:
        try await Task.sleep(for: .milliseconds(1))
      }
    }
    #expect(await until { !access.writer.state.isSaving })
    let final = { try store.categories().map(\.title).sorted() }
    #expect(await until { (try? final()) == shown.values.last }, "seed \(seed)")
    withExtendedLifetime(token) {}
  }
}

/// Values recorded on the main actor, followed by `until`.
@MainActor
final class Recorded<Value>: Observable, Sendable {
  private let registrar = ObservationRegistrar()
  private var recorded: [Value] = []

  var values: [Value] {
    get {
      registrar.access(self, keyPath: \.values)
      return recorded
    }
    set { registrar.withMutation(of: self, keyPath: \.values) { recorded = newValue } }
  }
}

/// A count kept from any thread, followed by `until`.
final class Counter: Sendable {
  private let counted = Watched(0)

  func add() { counted.update { $0 += 1 } }

  var count: Int { counted.value }
}

/// Holds whoever passes through while closed, until it opens; says how many wait (followed by
/// `until`).
final class Gate: Sendable {
  private let isClosed = Watched(false)
  private let waitingCount = Watched(0)

  func close() { isClosed.update { $0 = true } }

  func open() { isClosed.update { $0 = false } }

  func passThrough() {
    waitingCount.update { $0 += 1 }
    // Its test opens it long before ten minutes have passed.
    _ = isClosed.wait(within: 600) { !$0 }
    waitingCount.update { $0 -= 1 }
  }

  var waiting: Int { waitingCount.value }
}
