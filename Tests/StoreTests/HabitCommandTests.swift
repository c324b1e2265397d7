import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

/// One command type for every way of acting on a habit (issue 48): each action as the store's
/// rules have it, on both stores, and a random sequence checked against a literal reading of them.
@Suite("Habit commands", .temporaryFolders)
struct HabitCommandTests {
  static let clock = StoreClock(now: { fixedNow }, timeZone: TimeZone(identifier: "UTC")!)
  let monday = day("2026-11-30")

  func store(_ kind: StoreKind) throws -> any TrackerDataStore {
    let store = try kind.makeStore(clock: Self.clock)
    try store.createCategory(home)
    try store.createTracker(habit("Вода", id: 9))
    try store.createTracker(try measured("Бег", id: 10, target: "5"))
    return store
  }

  func run(_ action: HabitCommand.Action, _ tracker: Int, _ store: any TrackerDataStore, on day: Day? = nil)
    throws(StoreError) -> HabitCommandOutcome
  {
    try HabitCommand(trackerID: id(tracker), day: day ?? monday, action: action).run(on: store)
  }

  @Test(arguments: StoreKind.allCases)
  func doneAsTheButtonOfferedNeverUndoesADoneThatGotThereFirst(kind: StoreKind) throws {
    let store = try store(kind)
    // cron's `done` first; then a widget's button, still showing "Mark as done".
    #expect(try run(.setDone(true), 9, store) == HabitCommandOutcome(changed: true, isDone: true))
    #expect(try run(.setDone(true), 9, store) == HabitCommandOutcome(changed: false, isDone: true))
    #expect(try store.completedTrackerIDs(on: monday) == [id(9)])
    #expect(try run(.toggleDone, 9, store).isDone == false)
    #expect(try store.completedTrackerIDs(on: monday).isEmpty)
    #expect(throws: StoreError.dayInFuture(day("2026-12-01"))) {
      try run(.setDone(true), 9, store, on: day("2026-12-01"))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func addingToAnAmountAddsToWhatTheDayShows(kind: StoreKind) throws {
    let store = try store(kind)
    #expect(try run(.addAmount(amount("1.5")), 10, store).amount == amount("1.5"))
    #expect(try run(.addAmount(amount("2")), 10, store).amount == amount("3.5"))
    #expect(try store.records(trackerID: id(10)).map(\.amount) == [amount("3.5")])
    // A record without an amount (ticked before the habit was measured) counts as the target.
    _ = try run(.setAmount(nil), 10, store)
    try store.insert(
      StoreAdditions(marks: [TrackerMarks(trackerID: id(10), records: [monday], amounts: [:])]))
    #expect(try run(.addAmount(amount("1")), 10, store).amount == amount("6"))
    #expect(throws: StoreError.notMeasurable(id(9))) { try run(.addAmount(amount("1")), 9, store) }
    #expect(try run(.setAmount(nil), 10, store).changed)
    #expect(try store.records(trackerID: id(10)).isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func aDayOffRemovesTheDaysRecordAndSaysSo(kind: StoreKind) throws {
    let store = try store(kind)
    _ = try run(.setDone(true), 9, store)
    let off = try run(.setDayOff(true), 9, store)
    #expect(off.changed && off.isDone == false && off.removedRecords.map(\.trackerID) == [id(9)])
    #expect(try run(.setDayOff(true), 9, store).changed == false)
    #expect(try run(.setDayOff(false), 9, store).changed)
    #expect(try run(.writeNote("  после пробежки "), 9, store).changed)
    #expect(try store.notes(trackerID: id(9)).map(\.text) == ["после пробежки"])
    #expect(try run(.writeNote(nil), 9, store).changed)
    #expect(try store.notes(trackerID: id(9)).isEmpty)
  }

  /// Random commands on both habits over three days, each checked against the rules read
  /// literally: done means a record, a day off excludes a record, amounts add up, the same again
  /// changes nothing.
  @Test(arguments: StoreKind.allCases, 0..<6)
  func randomCommandsFollowTheRules(kind: StoreKind, seed: Int) throws {
    let store = try store(kind)
    var random = SplitMix(seed: UInt64(seed))
    let days = [day("2026-11-28"), day("2026-11-29"), monday]
    var done: Set<String> = []
    var off: Set<String> = []
    var amounts: [String: Int] = [:]  // thousandths, the measured habit's
    for _ in 0..<60 {
      let tracker = random.next(upTo: 2) == 0 ? 9 : 10
      let on = days[random.next(upTo: days.count)]
      let key = "\(tracker)/\(on.iso)"
      switch random.next(upTo: 4) {
      case 0 where tracker == 9:
        let value = random.next(upTo: 2) == 0
        let outcome = try run(.setDone(value), tracker, store, on: on)
        #expect(outcome.changed == (done.contains(key) != value), "\(key)")
        if value {
          done.insert(key)
          off.remove(key)
        } else {
          done.remove(key)
        }
      case 0 where tracker == 10, 1 where tracker == 10:
        let added = 1 + random.next(upTo: 3000)
        let outcome = try run(.addAmount(Amount(thousandths: added)!), tracker, store, on: on)
        amounts[key, default: 0] += added
        #expect(outcome.amount?.thousandths == amounts[key], "\(key)")
        done.insert(key)
        off.remove(key)
      case 2:
        let value = random.next(upTo: 2) == 0
        let outcome = try run(.setDayOff(value), tracker, store, on: on)
        #expect(outcome.changed == (off.contains(key) != value), "\(key)")
        if value {
          #expect(outcome.removedRecords.isEmpty == !done.contains(key), "\(key)")
          off.insert(key)
          done.remove(key)
          amounts[key] = nil
        } else {
          off.remove(key)
        }
      default:
        continue
      }
    }
    for on in days {
      let recorded = Set(try store.completedTrackerIDs(on: on))
      for tracker in [9, 10] {
        let key = "\(tracker)/\(on.iso)"
        #expect(recorded.contains(id(tracker)) == done.contains(key), "\(key)")
      }
      let measured = try store.records(trackerID: id(10)).first { $0.day == on }
      #expect(measured?.amount?.thousandths == amounts["10/\(on.iso)"], "10/\(on.iso)")
    }
  }
}
