import Foundation
import ModelTestSupport
import Testing
import TrackerModels

/// A habit to quit (at most 0, issue 49): its days clean since its last slip.
@Suite("Days clean")
struct DaysCleanTests {
  static func smoking() throws -> Tracker {
    Tracker(
      id: id(10), name: "Smoke", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: id(1),
      createdOn: day("2026-11-01"), kind: .habit(.everyDay),
      measure: .measurable(try MeasureGoal(unit: "cigarettes", target: .zero, direction: .atMost)))
  }

  @Test func atMostZeroIsAHabitToQuitAndAtLeastZeroIsNoTarget() throws {
    #expect(try Self.smoking().measure.goal?.isQuitting == true)
    #expect(throws: MeasureError.targetNotPositive) {
      try MeasureGoal(unit: "km", target: .zero, direction: .atLeast)
    }
    #expect(
      try MeasureGoal(unit: "cups", target: Amount(parsing: "2"), direction: .atMost).isQuitting == false)
    // Nothing, or 0, entered meets it once the day is over; anything more is a slip.
    let history = TrackerHistory(
      tracker: try Self.smoking(),
      records: [
        TrackerRecord(trackerID: id(10), day: day("2026-11-10"), amount: try Amount(parsing: "3")),
        TrackerRecord(trackerID: id(10), day: day("2026-11-12"), amount: .zero),
      ])
    #expect(!history.isMet(on: day("2026-11-10"), today: day("2026-11-30")))
    #expect(history.isMet(on: day("2026-11-11"), today: day("2026-11-30")))
    #expect(history.isMet(on: day("2026-11-12"), today: day("2026-11-30")))
  }

  /// 40 random histories: the days clean on each day of November are, literally, the days since
  /// the last day on or before it with more than 0 entered, or since the first day counted.
  @Test(arguments: 0..<40)
  func theDaysCleanAreTheDaysSinceTheLastSlip(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let first = day("2026-11-01")
    var records: [TrackerRecord] = []
    for offset in 0..<30 where random.next(upTo: 4) == 0 {
      let amount =
        random.next(upTo: 3) == 0 ? Amount.zero : try Amount(parsing: String(1 + random.next(upTo: 5)))
      records.append(TrackerRecord(trackerID: id(10), day: first.adding(days: offset), amount: amount))
    }
    let history = TrackerHistory(tracker: try Self.smoking(), records: records)
    for offset in 0..<30 {
      let date = first.adding(days: offset)
      var expected = offset + 1
      for back in 0...offset {
        let earlier = date.adding(days: -back)
        if records.contains(where: { $0.day == earlier && ($0.amount ?? .zero).isPositive }) {
          expected = back
          break
        }
      }
      #expect(history.daysClean(on: date, firstDay: first) == expected, "seed \(seed), \(date.iso)")
    }
  }
}
