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
}
