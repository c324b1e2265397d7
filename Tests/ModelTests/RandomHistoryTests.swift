import Foundation
import ModelTestSupport
import Testing
import TrackerModels

/// Seeded random histories: the one-pass computation must agree with a literal, day-by-day reading
/// of docs/rules.md, and the invariants between the figures must hold.
@Suite("Random histories")
struct RandomHistoryTests {
  @Test(arguments: 0..<300)
  func onePassAgreesWithTheDayByDayDefinition(seed: Int) {
    let history = RandomHistory(seed: UInt64(seed))
    let computed = Statistics(
      trackers: history.trackers, records: history.records, daysOff: history.daysOff, today: history.today)
    let reference = ReferenceStatistics(
      trackers: history.trackers, records: history.records, daysOff: history.daysOff, today: history.today)
    #expect(computed.trackers == reference.trackers)
    #expect(computed.perfectDays == reference.perfectDays)
    #expect(computed.bestPeriod == reference.bestPeriod)
    #expect(computed.completed == reference.completed)
    #expect(computed.average == reference.average)
  }

  @Test(arguments: 0..<300)
  func invariantsHold(seed: Int) {
    let history = RandomHistory(seed: UInt64(seed) + 10_000)
    let statistics = Statistics(
      trackers: history.trackers, records: history.records, daysOff: history.daysOff, today: history.today)
    let counted = history.records.filter { $0.day <= history.today }
    let daysWithRecords = Set(counted.map(\.day)).count
    for figures in statistics.trackers { #expect(figures.bestStreak >= figures.currentStreak) }
    #expect(statistics.perfectDays <= daysWithRecords)
    #expect(statistics.completed == statistics.trackers.map(\.completed).reduce(0, +))
    #expect(statistics.completed == counted.count)
    #expect(statistics.bestPeriod == (statistics.trackers.map(\.bestStreak).max() ?? 0))
    #expect(statistics.isEmpty == counted.isEmpty)
  }
}

/// A small random history around 2028-02-29 (a leap day, month and year ends within reach):
/// 1–6 trackers, habits and events, created at random, some records before creation and some after
/// today, no duplicate (tracker, day) pairs; in half the histories days off (vacations of a few
/// days, on days without a record, some before the first day, on unscheduled days or after today).
private struct RandomHistory {
  var trackers: [Tracker] = []
  var records: [TrackerRecord] = []
  var daysOff: [TrackerDayOff] = []
  let today: Day

  init(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let origin = day("2028-01-01")
    today = origin.adding(days: Int.random(in: 30...90, using: &random))
    for number in 0..<Int.random(in: 1...6, using: &random) {
      let created = origin.adding(days: Int.random(in: 0...80, using: &random))
      let kind: TrackerKind =
        Bool.random(using: &random)
        ? .event : .habit(Schedule(WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &random)))!)
      let tracker = Tracker(
        id: id(number + 1), name: "T\(number)", emoji: TrackerEmoji.all[0],
        color: TrackerColor.palette[0], categoryID: homeCategory.id, createdOn: created, kind: kind)
      trackers.append(tracker)
      let density = Double.random(in: 0.2...0.95, using: &random)
      for offset in -10...100 where Double.random(in: 0...1, using: &random) < density {
        let recordDay = created.adding(days: offset)
        records.append(TrackerRecord(trackerID: tracker.id, day: recordDay))
      }
      guard seed % 2 == 0 else { continue }
      let recorded = Set(records.filter { $0.trackerID == tracker.id }.map(\.day))
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        let start = created.adding(days: Int.random(in: -5...100, using: &random))
        for length in 0..<Int.random(in: 1...6, using: &random)
        where !recorded.contains(start.adding(days: length)) {
          daysOff.append(TrackerDayOff(trackerID: tracker.id, day: start.adding(days: length)))
        }
      }
    }
    daysOff = Array(Set(daysOff)).shuffled(using: &random)
    records.shuffle(using: &random)
  }
}

/// docs/rules.md read literally: walk every day, visit every tracker. Slow on purpose.
private struct ReferenceStatistics {
  var trackers: [TrackerStatistics] = []
  var perfectDays = 0
  var bestPeriod = 0
  var completed = 0
  var average = 0.0

  init(trackers: [Tracker], records: [TrackerRecord], daysOff: [TrackerDayOff], today: Day) {
    let counted = records.filter { $0.day <= today }
    var daysOf: [UUID: Set<Day>] = [:]
    for record in counted { daysOf[record.trackerID, default: []].insert(record.day) }
    var offOf: [UUID: Set<Day>] = [:]
    for dayOff in daysOff { offOf[dayOff.trackerID, default: []].insert(dayOff.day) }
    var firstDays: [UUID: Day] = [:]
    for tracker in trackers {
      let days = daysOf[tracker.id] ?? []
      let first = tracker.firstDay(earliestRecord: days.min())
      firstDays[tracker.id] = first
      var count = 0
      var best = 0
      var walk = first
      while walk <= today {
        if days.contains(walk) {
          count += 1
        } else if offOf[tracker.id]?.contains(walk) == true {
          // A day off neither adds nor resets.
        } else if tracker.isDue(on: walk), walk != today {
          count = 0
        }
        best = max(best, count)
        walk = walk.adding(days: 1)
      }
      self.trackers.append(
        TrackerStatistics(
          trackerID: tracker.id, completed: days.count, currentStreak: count, bestStreak: best))
    }
    bestPeriod = self.trackers.map(\.bestStreak).max() ?? 0
    completed = self.trackers.map(\.completed).reduce(0, +)
    let distinct = Set(counted.map(\.day)).count
    average = distinct == 0 ? 0 : Double(completed) / Double(distinct)
    guard let start = firstDays.values.min() else { return }
    var walk = start
    while walk <= today {
      let due = trackers.filter {
        $0.kind.isHabit && $0.isVisible(on: walk, firstDay: firstDays[$0.id]!)
          && offOf[$0.id]?.contains(walk) != true
      }
      if !due.isEmpty, due.allSatisfy({ daysOf[$0.id]?.contains(walk) == true }) { perfectDays += 1 }
      walk = walk.adding(days: 1)
    }
  }
}

/// SplitMix64, so each seed gives the same history on every machine.
/// A seeded SplitMix64: the same seed, the same history.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x1234_5678 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
