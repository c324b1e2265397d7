import ModelTestSupport
import Testing
import TrackerModels

@testable import TrackerStore

/// `SortedDays`, the in-memory store's days of a tracker: whatever is done to it, it holds what a
/// set would hold, in order, each day once.
@Suite("A tracker's days in order")
struct SortedDaysTests {
  @Test(arguments: 0..<20)
  func randomChangesLeaveWhatASetWouldHoldInOrder(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var days: SortedDays = []
    var expected: Set<Day> = []
    func someDay() -> Day { Day(daysSinceEpoch: 20_000 + Int(random.next(upTo: 40))) }
    for _ in 0..<300 {
      switch random.next(upTo: 5) {
      case 0:
        let day = someDay()
        #expect(days.insert(day).inserted == expected.insert(day).inserted)
      case 1:
        let day = someDay()
        #expect(days.remove(day) == expected.remove(day))
      case 2:
        let more = (0..<Int(random.next(upTo: 6))).map { _ in someDay() }
        days.formUnion(more)
        expected.formUnion(more)
      case 3:
        let gone = (0..<Int(random.next(upTo: 6))).map { _ in someDay() }
        days.subtract(gone)
        expected.subtract(gone)
      default:
        let day = someDay()
        #expect(days.contains(day) == expected.contains(day))
      }
      #expect(days.days == expected.sorted(), "seed \(seed)")
      #expect(days.count == expected.count && days.min() == expected.min())
    }
  }

  @Test func aLiteralIsSortedAndHoldsEachDayOnce() {
    let (a, b) = (Day(daysSinceEpoch: 20_001), Day(daysSinceEpoch: 20_000))
    let days: SortedDays = [a, b, a]
    #expect(days.days == [b, a])
    #expect(Array(days) == [b, a])
    #expect(SortedDays().isEmpty && SortedDays().min() == nil)
  }
}
