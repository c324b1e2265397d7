import Foundation
import ModelTestSupport
import Testing
import TrackerModels

/// The order the user gives trackers (issue 49; docs/rules.md, "Order"): a move puts a tracker
/// right before or after another and changes nothing else of the order.
@Suite("The order the user gives")
struct TrackerOrderTests {
  static func tracker(_ name: String, _ number: Int, order: Int = 0) -> Tracker {
    Tracker(
      id: id(number), name: name, emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: id(1),
      createdOn: day("2026-11-01"), kind: .event, order: order)
  }

  /// `trackers` with the changed orders applied.
  static func applying(_ changed: [UUID: Int], to trackers: [Tracker]) -> [Tracker] {
    trackers.map { tracker in
      var moved = tracker
      if let order = changed[tracker.id] { moved.order = order }
      return moved
    }
  }

  @Test func trackersNeverMovedShowByNameAndANewOneGoesAmongThem() {
    let trackers = [Self.tracker("Swim", 3), Self.tracker("Read", 2), Self.tracker("run", 4)]
    #expect(TrackerOrder.sorted(trackers, .root).map(\.name) == ["Read", "run", "Swim"])
    #expect(TrackerOrder.orderOfNew(among: trackers.map(\.order)) == 0)
    #expect(
      TrackerOrder.orderOfNew(among: [0, 3 * TrackerOrder.step, TrackerOrder.step]) == 4 * TrackerOrder.step)
    #expect(TrackerOrder.orderOfNew(among: [Int]()) == 0)
  }

  @Test func aMoveChangesOnlyTheMovedOneUnlessNoNumberIsLeftBetweenItsNeighbours() throws {
    let trackers = [Self.tracker("A", 1), Self.tracker("B", 2), Self.tracker("C", 3)]
    let step = TrackerOrder.step
    // First: before every other, a step before the first.
    #expect(try TrackerOrder.moving(id(3), to: .before(id(1)), among: trackers) == [id(3): -step])
    // Between A and B, both 0: no number between them, so every tracker is numbered again.
    let first = try TrackerOrder.moving(id(3), to: .after(id(1)), among: trackers)
    #expect(first == [id(1): step, id(3): 2 * step, id(2): 3 * step])
    let numbered = Self.applying(first, to: trackers)
    // B between A and C: half way, B alone changes.
    let second = try TrackerOrder.moving(id(2), to: .before(id(3)), among: numbered)
    #expect(second == [id(2): step + step / 2])
    // Already there: nothing changes.
    #expect(
      try TrackerOrder.moving(id(2), to: .after(id(1)), among: Self.applying(second, to: numbered)) == [:])
    #expect(try TrackerOrder.moving(id(2), to: .before(id(2)), among: numbered) == [:])
    #expect(throws: StoreError.trackerNotFound(id(9))) {
      try TrackerOrder.moving(id(2), to: .before(id(9)), among: numbered)
    }
  }

  /// 60 random runs of 40 moves each among 2 to 12 trackers with random names and starting
  /// numbers (ties too): after each, the order is the one before with the tracker taken out and
  /// put right before (or after) the other, literally, and only the moved tracker changed unless
  /// the order was numbered again.
  @Test(arguments: 0..<60)
  func anyMoveIsTheOrderBeforeWithOneTrackerTakenOutAndPutBack(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let count = 2 + random.next(upTo: 11)
    var trackers = (0..<count).map { number in
      Self.tracker(
        String(UnicodeScalar(UInt8(65 + random.next(upTo: 4)))), number + 1,
        order: random.next(upTo: 3) == 0 ? 0 : (random.next(upTo: 5) - 2) * TrackerOrder.step)
    }
    for _ in 0..<40 {
      let before = TrackerOrder.sorted(trackers, .root).map(\.id)
      let moved = before[random.next(upTo: count)]
      let other = before[random.next(upTo: count)]
      let isBefore = random.next(upTo: 2) == 0
      let changed = try TrackerOrder.moving(
        moved, to: isBefore ? .before(other) : .after(other), among: trackers)
      trackers = Self.applying(changed, to: trackers)
      let after = TrackerOrder.sorted(trackers, .root).map(\.id)
      var expected = before
      if moved != other {
        expected.removeAll { $0 == moved }
        let index = expected.firstIndex(of: other)! + (isBefore ? 0 : 1)
        expected.insert(moved, at: index)
      }
      #expect(after == expected, "seed \(seed)")
      let renumbered = changed.count == count || changed.values.allSatisfy { $0 % TrackerOrder.step == 0 }
      #expect(changed.count <= 1 || renumbered, "seed \(seed): \(changed)")
    }
  }
}
