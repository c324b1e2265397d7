import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerArchiveCodec
import TrackerModels
import TrackerStore
import TrackerSync

/// Windows and period targets in a backup (archive version 4) and through a shared folder.
@Suite("Windows and period targets in backups and sync", .temporaryFolders)
struct PaceArchiveSyncTests {
  static let today = day("2026-11-30")

  static func contents() throws -> StoreContents {
    let gym = windowHabit("Gym", id: 10, 3, in: 7)
    let steps = try periodTarget("Steps", id: 11, per: .week)
    let drinks = try periodTarget(
      "Drinks", id: 12, unit: "glasses", target: "10", per: .month, direction: .atMost)
    return StoreContents(
      categories: [home], trackers: [gym, steps, drinks],
      records: [
        TrackerRecord(trackerID: gym.id, day: day("2026-11-20")),
        TrackerRecord(trackerID: steps.id, day: day("2026-11-20"), amount: try amount("8000")),
      ])
  }

  @Test func aBackupOfWindowsAndPeriodTargetsIsVersionFourAndComesBackWhole() throws {
    let contents = try Self.contents()
    let text = TrackerArchive.export(contents)
    #expect(text.contains("\"version\": 4"))
    #expect(text.contains("\"window\": {\"times\": 3, \"in\": 7}"))
    #expect(
      text.contains(
        "\"measure\": {\"unit\": \"steps\", \"target\": \"50000\", \"direction\": \"at-least\", \"per\": \"week\"}"
      ))
    let decoded = try TrackerArchive.decode(text, today: Self.today, existing: .empty).get()
    #expect(Set(decoded.trackers) == Set(contents.trackers))
    #expect(decoded.records == contents.records)
    // Without them the file stays version 3, as an older Tracker reads it.
    var plain = contents
    plain.trackers = [quota("Swim", id: 13, 3, per: .week)]
    plain.records = []
    #expect(TrackerArchive.version(for: plain) == 3)
  }

  @Test func aWindowOrAPeriodThatCannotBeIsListedWithItsPath() {
    func archive(_ tracker: String) -> String {
      """
      {"format": "tracker", "version": 4,
       "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Sport"}],
       "trackers": [{"id": "00000000-0000-4000-8000-000000000010", "name": "Run", "emoji": "🙂",
                     "color": "#FD4C49", "category": "00000000-0000-4000-8000-000000000001",
                     "pinned": false, "created": "2026-11-01", \(tracker)}],
       "records": []}
      """
    }
    let everyDay = #""schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#
    let cases: [(String, String)] = [
      (
        everyDay + #", "window": {"times": 7, "in": 7}"#,
        "trackers[0].window: times: 7, in: 7; a window is 2 to 31 days and asks fewer times than its days"
      ),
      (
        #""schedule": ["mon"], "window": {"times": 1, "in": 2}"#,
        "trackers[0].window: a habit of N times in Y days is shown every day: its schedule lists all seven days, and it has no quota"
      ),
      (
        everyDay + #", "measure": {"unit": "km", "target": "5", "direction": "at-least", "per": "year"}"#,
        "trackers[0].measure.per: \"year\" is not a target's period; use \"week\" or \"month\""
      ),
      (
        everyDay
          + #", "window": {"times": 1, "in": 2}, "measure": {"unit": "km", "target": "5", "direction": "at-least"}"#,
        "trackers[0].measure: N times in Y days counts ticks: a measurable tracker takes no window"
      ),
      (
        #""schedule": null, "measure": {"unit": "km", "target": "5", "direction": "at-least", "per": "week"}"#,
        "trackers[0].measure: an irregular event has no target of a week or a month"
      ),
    ]
    for (tracker, expected) in cases {
      switch TrackerArchive.decode(archive(tracker), today: Self.today, existing: .empty) {
      case .success: Issue.record("accepted: \(tracker)")
      case .failure(let failure): #expect(failure.problems.map(\.description) == [expected])
      }
    }
  }

  @Test func windowsAndPeriodTargetsMadeOnOneDeviceArriveOnTheOther() throws {
    let pair = try SyncTests.Pair()
    try pair.a.insert(try Self.contents())
    try pair.exchange()
    #expect(Set(try pair.b.trackers().map(\.tracker)) == Set(try Self.contents().trackers))
    // B changes the window, A the target's period: both arrive.
    var gym = try #require(try pair.b.trackers().first { $0.tracker.id == id(10) }?.tracker)
    gym.kind = .habit(Schedule(window: TimesInDays(2, in: 10)!))
    try pair.b.updateTracker(gym, addingRecordsOn: [], removingRecordsOn: [])
    let steps = try periodTarget("Steps", id: 11, per: .month)
    try pair.a.updateTracker(steps, addingRecordsOn: [], removingRecordsOn: [])
    try pair.exchange()
    try pair.b.sync(folder: pair.folder, now: fixedNow)
    let (left, right) = try pair.exports()
    #expect(left == right)
    #expect(try pair.a.trackers().first { $0.tracker.id == id(10) }?.tracker.window == TimesInDays(2, in: 10))
    #expect(try pair.b.trackers().first { $0.tracker.id == id(11) }?.tracker.measure.goal?.period == .month)
  }

  /// A window made on one device and a measure on the other, each valid alone: the later edit
  /// stays, the other is made plain, and both devices agree.
  @Test func aWindowAndAMeasureFromTwoDevicesAreMadeToGoTogether() throws {
    #expect(
      SyncFields.reconciled(
        kind: .habit(Schedule(window: TimesInDays(1, in: 2)!)),
        measure: try .measurable(unit: "km", target: amount("5"), direction: .atLeast), kindIsLater: true)
        == (.habit(Schedule(window: TimesInDays(1, in: 2)!)), .yesNo))
    let weekly = try TrackerMeasure.measurable(
      unit: "km", target: amount("20"), direction: .atLeast, period: .week)
    #expect(
      SyncFields.reconciled(
        kind: .habit(Schedule(quota: Quota(3, per: .week)!)), measure: weekly, kindIsLater: false)
        == (.habit(.everyDay), weekly))
    #expect(
      SyncFields.reconciled(kind: .event, measure: weekly, kindIsLater: false)
        == (.event, try .measurable(unit: "km", target: amount("20"), direction: .atLeast)))
    let pair = try SyncTests.Pair()
    try pair.a.createCategory(home)
    let run = habit("Run", id: 10)
    try pair.a.createTracker(run)
    try pair.exchange()
    var windowed = run
    windowed.kind = .habit(Schedule(window: TimesInDays(1, in: 2)!))
    try pair.a.updateTracker(windowed, addingRecordsOn: [], removingRecordsOn: [])
    var measured = run
    measured.measure = try .measurable(unit: "km", target: amount("5"), direction: .atLeast)
    pair.b.editClock = { fixedNow.addingTimeInterval(60) }
    try pair.b.updateTracker(measured, addingRecordsOn: [], removingRecordsOn: [])
    try pair.exchange(at: fixedNow.addingTimeInterval(120))
    try pair.b.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(120))
    let onA = try #require(try pair.a.trackers().first?.tracker)
    let onB = try #require(try pair.b.trackers().first?.tracker)
    #expect(onA == onB)
    #expect(onA.measure == measured.measure && onA.kind == .habit(.everyDay))
  }
}
