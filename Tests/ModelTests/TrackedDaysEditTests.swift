import ModelTestSupport
import Testing
import TrackerModels

@Suite("Edit: more or fewer tracked days")
struct TrackedDaysEditTests {
  // 2026-11-30 is a Monday.
  @Test func gainAddsTheMostRecentDueDaysWithoutRecordsUpToToday() {
    let kind = TrackerKind.habit(Schedule(WeekdaySet([.monday, .wednesday, .friday]))!)
    let added = TrackedDaysEdit.daysToAdd(
      count: 3, kind: kind, recordedDays: [day("2026-11-27")], today: day("2026-11-30"))
    #expect(added == [day("2026-11-30"), day("2026-11-25"), day("2026-11-23")])
  }

  @Test func gainForAnEventUsesAnyDay() {
    let added = TrackedDaysEdit.daysToAdd(
      count: 2, kind: .event, recordedDays: [day("2026-11-30")], today: day("2026-11-30"))
    #expect(added == [day("2026-11-29"), day("2026-11-28")])
  }

  @Test func gainSearchesBackBeyondTheCreationDay() {
    let kind = TrackerKind.habit(Schedule(WeekdaySet([.sunday]))!)
    let added = TrackedDaysEdit.daysToAdd(count: 10, kind: kind, recordedDays: [], today: day("2026-11-30"))
    #expect(added.count == 10)
    #expect(added.last == day("2026-09-27"))
    #expect(added.allSatisfy { $0.weekday == .sunday })
  }

  @Test func lossRemovesTheMostRecentRecords() {
    let recorded: Set = [day("2026-11-01"), day("2026-11-20"), day("2026-11-10")]
    #expect(
      TrackedDaysEdit.daysToRemove(count: 2, recordedDays: recorded) == [
        day("2026-11-20"), day("2026-11-10"),
      ])
    #expect(TrackedDaysEdit.daysToRemove(count: 5, recordedDays: recorded).count == 3)
    #expect(TrackedDaysEdit.daysToRemove(count: -1, recordedDays: recorded).isEmpty)
  }
}
