import Foundation
import ModelTestSupport
import Testing
import TrackerModels

@Suite("What an import adds, grouped by tracker (issue 29, item 9)")
struct StoreAdditionsTests {
  @Test func contentsAreGroupedByTrackerSortedOnceEachAndADayDoneIsNeverAlsoOff() {
    let run = habit("Run", Weekday.allCases, id: 1)
    let read = event("Read", id: 2)
    let contents = StoreContents(
      categories: [homeCategory], trackers: [run, read],
      records: records(read, ["2026-11-20"]) + records(run, ["2026-11-25", "2026-11-23", "2026-11-25"]),
      daysOff: [
        TrackerDayOff(trackerID: run.id, day: day("2026-11-24")),
        TrackerDayOff(trackerID: run.id, day: day("2026-11-23")),
      ])
    let additions = StoreAdditions(contents)
    #expect(
      additions.marks == [
        TrackerMarks(trackerID: read.id, records: [day("2026-11-20")]),
        TrackerMarks(
          trackerID: run.id, records: [day("2026-11-23"), day("2026-11-25")], daysOff: [day("2026-11-24")]),
      ])
    #expect(additions.recordCount == 3 && additions.daysOffCount == 1)
    #expect(
      additions.contents.records == records(read, ["2026-11-20"])
        + records(run, ["2026-11-23", "2026-11-25"]))
    #expect(additions.contents.daysOff == [TrackerDayOff(trackerID: run.id, day: day("2026-11-24"))])
    #expect(!additions.isEmpty && StoreAdditions(.empty).isEmpty)
  }

  @Test func daysAlreadyAscendingAreKeptWithoutACopy() {
    let days = (0..<1_000).map { Day(daysSinceEpoch: 20_000 + $0) }
    let kept = Day.ascendingOnce(days)
    #expect(kept == days)
    let same = days.withUnsafeBufferPointer { original in
      kept.withUnsafeBufferPointer { $0.baseAddress == original.baseAddress }
    }
    #expect(same, "a settled list of a million check-marks must not be copied")
  }

  @Test(arguments: 0..<50)
  func ascendingOnceAndWithoutAgreeWithSets(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    let days = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
      Day(daysSinceEpoch: Int.random(in: 0..<30, using: &generator))
    }
    let other = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
      Day(daysSinceEpoch: Int.random(in: 0..<30, using: &generator))
    }
    let settled = Day.ascendingOnce(days)
    #expect(settled == Set(days).sorted())
    #expect(
      Day.sorted(settled, without: Day.ascendingOnce(other)) == Set(days).subtracting(other).sorted())
  }

  /// Records gathered a run of one tracker at a time give what gathering them one by one gives:
  /// random records of three trackers, in runs and interleaved, days repeated with other amounts.
  @Test(arguments: 0..<30)
  func gatheringRecordsByRunsAgreesWithOneByOne(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    let trackers = [
      habit("Run", Weekday.allCases, id: 1), event("Read", id: 2), habit("Swim", [.monday], id: 3),
    ]
    var records: [TrackerRecord] = []
    for _ in 0..<Int.random(in: 0..<60, using: &generator) {
      let tracker = trackers[Int.random(in: 0..<3, using: &generator)]
      let day = Day(daysSinceEpoch: 20_000 + Int.random(in: 0..<25, using: &generator))
      let amount =
        Bool.random(using: &generator)
        ? Amount(thousandths: Int.random(in: 0..<9_000, using: &generator)) : nil
      // Runs: the same tracker several times in a row.
      for offset in 0..<Int.random(in: 1...3, using: &generator) {
        records.append(TrackerRecord(trackerID: tracker.id, day: day.adding(days: offset), amount: amount))
      }
    }
    let daysOff = (0..<Int.random(in: 0..<8, using: &generator)).map { _ in
      TrackerDayOff(
        trackerID: trackers[Int.random(in: 0..<3, using: &generator)].id,
        day: Day(daysSinceEpoch: 20_000 + Int.random(in: 0..<30, using: &generator)))
    }
    let contents = StoreContents(
      categories: [homeCategory], trackers: trackers, records: records, daysOff: daysOff)
    // One by one, as the additions were first gathered.
    var order: [UUID] = []
    var days: [UUID: [Day]] = [:]
    var off: [UUID: [Day]] = [:]
    var amounts: [UUID: [Day: Amount]] = [:]
    for record in records {
      if days[record.trackerID] == nil, off[record.trackerID] == nil { order.append(record.trackerID) }
      days[record.trackerID, default: []].append(record.day)
      if let amount = record.amount { amounts[record.trackerID, default: [:]][record.day] = amount }
    }
    for dayOff in daysOff {
      if days[dayOff.trackerID] == nil, off[dayOff.trackerID] == nil { order.append(dayOff.trackerID) }
      off[dayOff.trackerID, default: []].append(dayOff.day)
    }
    let expected = order.map {
      TrackerMarks.settled(
        trackerID: $0, records: days[$0] ?? [], daysOff: off[$0] ?? [], amounts: amounts[$0] ?? [:])
    }
    #expect(StoreAdditions(contents).marks == expected)
  }

  /// A tracker's history keeps the first record of each day and walks its days in order, whether
  /// its records come in day order (the fast way) or shuffled with repeated days.
  @Test(arguments: 0..<30)
  func aHistoryIsTheSameFromRecordsInOrderOrShuffled(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    var tracker = habit("Run", Weekday.allCases, created: "2024-11-01", id: 1)
    tracker.measure = try .measurable(
      MeasureGoal(unit: "km", target: Amount(thousandths: 5_000) ?? .zero, direction: .atLeast))
    let today = day("2024-12-20")
    var shuffled: [TrackerRecord] = []
    for _ in 0..<Int.random(in: 0..<50, using: &generator) {
      shuffled.append(
        TrackerRecord(
          trackerID: tracker.id,
          day: Day(daysSinceEpoch: today.daysSinceEpoch - Int.random(in: 0..<40, using: &generator)),
          amount: Amount(thousandths: Int.random(in: 0..<9_000, using: &generator))))
    }
    var firstOfDay: [Day: TrackerRecord] = [:]
    for record in shuffled where firstOfDay[record.day] == nil { firstOfDay[record.day] = record }
    let inOrder = firstOfDay.values.sorted { $0.day < $1.day }
    let fromShuffled = try #require(TrackerHistory.of([tracker], records: shuffled).first)
    let fromOrdered = try #require(TrackerHistory.of([tracker], records: inOrder).first)
    #expect(fromShuffled.records == firstOfDay)
    #expect(fromOrdered.records == firstOfDay)
    #expect(fromShuffled.figures(today: today) == fromOrdered.figures(today: today))
    #expect(fromShuffled.firstDay(today: today) == fromOrdered.firstDay(today: today))
  }
}
