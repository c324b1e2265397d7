import Foundation
import ModelTestSupport
import Testing
import TrackerModels

/// Seeded random histories of measurable trackers, quota habits, days off and notes: every rule of
/// issue 32 must agree with a literal, day-by-day reading of docs/rules.md written plainly below
/// (`Reading`). A failing case names its seed.
@Suite("Random measured histories")
struct RandomMeasuredHistoryTests {
  @Test(arguments: 0..<300)
  func theFiguresAgreeWithTheDayByDayReading(seed: Int) {
    let history = MeasuredHistory(seed: UInt64(seed))
    let computed = history.statistics
    let readings = history.readings
    let seedNote: Comment = "seed \(seed)"
    #expect(computed.trackers == readings.map(\.figures), seedNote)
    #expect(computed.perfectDays == history.referencePerfectDays, seedNote)
    #expect(computed.completed == readings.map(\.metDays.count).reduce(0, +), seedNote)
    #expect(computed.average == history.referenceAverage, seedNote)
    #expect(computed.bestPeriod == (readings.map(\.figures.bestStreak).max() ?? 0), seedNote)
    for (tracker, reading) in zip(history.trackers, readings) where tracker.measure == .yesNo {
      let ownDays = history.records.filter { $0.trackerID == tracker.id }.map(\.day)
      let offs = history.daysOff.filter { $0.trackerID == tracker.id }.map(\.day)
      let figures = TrackerStatistics(
        tracker: tracker, recordDays: ownDays, daysOff: offs, today: history.today)
      #expect(figures == reading.figures, seedNote)
    }
  }

  /// The store's path — summaries for yes/no weekday habits and events, the day-by-day part for
  /// measurable trackers and quota habits, the day summaries counting every tracker's records —
  /// gives exactly the full computation, on any mix.
  @Test(arguments: 0..<300)
  func theSummariesPathAgreesWithTheFullComputation(seed: Int) throws {
    let history = MeasuredHistory(seed: UInt64(seed) + 40_000)
    let today = history.today
    let summaries = history.trackers.map { tracker in
      TrackerStreakSummary(
        tracker: tracker,
        recordDays: history.records.filter { $0.trackerID == tracker.id }.map(\.day).sorted(),
        daysOff: history.daysOff.filter { $0.trackerID == tracker.id }.map(\.day))
    }
    let byID = Dictionary(uniqueKeysWithValues: history.trackers.map { ($0.id, $0) })
    var days: [Day: DaySummary] = [:]
    for record in history.records {
      var summary = days[record.day] ?? DaySummary(day: record.day, records: 0, doneDueHabits: 0)
      summary.records += 1
      if let tracker = byID[record.trackerID], tracker.kind.isHabit, tracker.isDue(on: record.day) {
        summary.doneDueHabits += 1
      }
      days[record.day] = summary
    }
    let fromSummaries = try Statistics(
      summaries: summaries, days: days.values.sorted { $0.day < $1.day }, daysOff: history.daysOff,
      today: today
    ) { tracker in history.records.filter { $0.trackerID == tracker.id }.sorted { $0.day < $1.day } }
    #expect(fromSummaries == history.statistics, "seed \(seed)")
  }

  @Test(arguments: 0..<300)
  func eachDayIsJudgedAsTheDayByDayReadingJudgesIt(seed: Int) {
    let history = MeasuredHistory(seed: UInt64(seed) + 5_000)
    let histories = history.histories
    let readings = history.readings
    let today = history.today
    let seedNote: Comment = "seed \(seed)"
    for (computed, reading) in zip(histories, readings) {
      #expect(computed.cardDayCount(today: today) == reading.cardDayCount, seedNote)
      var date = history.origin.adding(days: -12)
      while date <= today.adding(days: 3) {
        #expect(computed.isMet(on: date, today: today) == reading.isMet(date), "\(seedNote) \(date)")
        #expect(
          TrackerFilter.completed.includes(computed, on: date, today: today) == reading.isMet(date), seedNote)
        #expect(
          computed.isExpected(on: date, today: today) == reading.isExpected(date), "\(seedNote) \(date)")
        if let progress = computed.periodProgress(containing: date, today: today) {
          let days = reading.periodDays(date)
          #expect(progress.period == days.first!...days.last!, seedNote)
          #expect(progress.met == reading.metDays(in: days), "\(seedNote) \(date)")
          #expect(progress.daysOff == reading.daysOff(in: days), "\(seedNote) \(date)")
        } else {
          #expect(computed.tracker.quota == nil, seedNote)
        }
        date = date.adding(days: 1)
      }
    }
    for offset in [-3, -1, 0, 0, 2] {
      let date = today.adding(days: offset)
      let expected = readings.filter { $0.isExpected(date) }
      #expect(
        ReminderSettings.progress(on: date, histories: histories, today: today)
          == .init(done: expected.filter { $0.isMet(date) }.count, due: expected.count), seedNote)
    }
  }

  @Test(arguments: 0..<300)
  func moreTrackedDaysAreTheMostRecentDaysThatCanBeMet(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) + 90_000)
    let history = MeasuredHistory(seed: UInt64(seed) + 20_000)
    let histories = history.histories
    let seedNote: Comment = "seed \(seed)"
    for (computed, reading) in zip(histories, history.readings) {
      let count = Int.random(in: 0...6, using: &random)
      let added = TrackedDaysEdit.recordsToAdd(count: count, history: computed, today: history.today)
      #expect(added.map(\.day) == reading.daysToGain(count), seedNote)
      #expect(added.allSatisfy { $0.amount == computed.tracker.measure.goal?.target }, seedNote)
      // Written over the day's record, they make exactly `count` more met days.
      let replaced = Set(added.map(\.day))
      let kept = history.records.filter {
        !($0.trackerID == computed.tracker.id && replaced.contains($0.day))
      }
      let after = Reading(
        tracker: computed.tracker, records: kept + added, daysOff: history.daysOff, today: history.today)
      #expect(after.metDays.count == reading.metDays.count + count, seedNote)
    }
  }

  @Test(arguments: 0..<200)
  func yesNoWeekdayTrackersGiveTheSameFiguresOnBothPaths(seed: Int) {
    let history = MeasuredHistory(seed: UInt64(seed) + 40_000, yesNoOnWeekdaysOnly: true)
    let onePass = history.statistics
    let histories = history.histories
    let dayByDay = Statistics(histories: histories, today: history.today)
    #expect(onePass == dayByDay, "seed \(seed)")
    for computed in histories {
      let recorded = Set(computed.records.keys)
      let offs = computed.daysOff
      #expect(
        TrackedDaysEdit.recordsToAdd(count: 4, history: computed, today: history.today).map(\.day)
          == TrackedDaysEdit.daysToAdd(
            count: 4, kind: computed.tracker.kind, recordedDays: recorded, daysOff: offs, today: history.today
          ),
        "seed \(seed)")
    }
  }

  @Test(arguments: 0..<100)
  func notesAreValidatedAndKeptOnePerDay(seed: Int) {
    let history = MeasuredHistory(seed: UInt64(seed) + 60_000)
    for note in history.notes {
      #expect(TrackerNote.validatedText(note.text) == .success(note.text), "seed \(seed)")
    }
    #expect(
      Set(history.notes.map { "\($0.trackerID)\($0.day)" }).count == history.notes.count, "seed \(seed)")
  }
}

/// A small random history around 2028-02-29 (a leap day, month and year ends within reach): 1–5
/// trackers, events, weekday habits and quota habits (a week or a month), yes/no, at least or at
/// most with random targets and amounts (some records without an amount, some exactly on the
/// target), records before creation and after today; in half of them days off; notes on days with
/// a record, a day off or nothing.
private struct MeasuredHistory {
  let origin = day("2028-01-01")
  var trackers: [Tracker] = []
  var records: [TrackerRecord] = []
  var daysOff: [TrackerDayOff] = []
  var notes: [TrackerNote] = []
  let today: Day

  init(seed: UInt64, yesNoOnWeekdaysOnly: Bool = false) {
    var random = SeededGenerator(seed: seed)
    today = origin.adding(days: Int.random(in: 20...100, using: &random))
    for number in 0..<Int.random(in: 1...5, using: &random) {
      let created = origin.adding(days: Int.random(in: 0...80, using: &random))
      let kinds = yesNoOnWeekdaysOnly ? 0..<2 : 0..<4
      let kind: TrackerKind
      switch Int.random(in: kinds, using: &random) {
      case 0: kind = .event
      case 1: kind = .habit(Schedule(WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &random)))!)
      case 2: kind = .habit(Schedule(quota: Quota(Int.random(in: 1...6, using: &random), per: .week)!))
      default: kind = .habit(Schedule(quota: Quota(Int.random(in: 1...30, using: &random), per: .month)!))
      }
      var measure = TrackerMeasure.yesNo
      let direction = Int.random(in: 0..<3, using: &random)
      if !yesNoOnWeekdaysOnly, direction > 0 {
        let target = Amount(thousandths: Int.random(in: 1...5_000, using: &random))!
        measure = .measurable(
          try! MeasureGoal(unit: "u", target: target, direction: direction == 1 ? .atLeast : .atMost))
      }
      let tracker = Tracker(
        id: id(number + 1), name: "T\(number)", emoji: TrackerEmoji.all[0],
        color: TrackerColor.palette[0], categoryID: homeCategory.id, createdOn: created, kind: kind,
        measure: measure)
      trackers.append(tracker)
      let density = Double.random(in: 0.2...0.95, using: &random)
      var recorded = Set<Day>()
      for offset in -10...100 where Double.random(in: 0...1, using: &random) < density {
        let recordDay = created.adding(days: offset)
        recorded.insert(recordDay)
        records.append(
          TrackerRecord(trackerID: tracker.id, day: recordDay, amount: Self.amount(for: measure, &random)))
      }
      var offs = Set<Day>()
      if seed % 2 == 0 {
        for _ in 0..<Int.random(in: 0...4, using: &random) {
          let start = created.adding(days: Int.random(in: -5...100, using: &random))
          for length in 0..<Int.random(in: 1...8, using: &random)
          where !recorded.contains(start.adding(days: length)) {
            offs.insert(start.adding(days: length))
          }
        }
      }
      daysOff += offs.map { TrackerDayOff(trackerID: tracker.id, day: $0) }
      let noted = Set(
        (0..<Int.random(in: 0...6, using: &random)).map { _ in
          created.adding(days: Int.random(in: -10...100, using: &random))
        })
      notes += noted.map { TrackerNote(trackerID: tracker.id, day: $0, text: "note \($0)\nline two") }
    }
    daysOff.shuffle(using: &random)
    records.shuffle(using: &random)
  }

  private static func amount(for measure: TrackerMeasure, _ random: inout SeededGenerator) -> Amount? {
    guard let goal = measure.goal else { return nil }
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return nil
    case 1: return goal.target
    case 2: return .zero
    default: return Amount(thousandths: Int.random(in: 0...(goal.target.thousandths * 2), using: &random))
    }
  }

  /// The statistics as the app computes them (the one pass, or day by day when measures or
  /// quotas are present).
  var statistics: Statistics {
    Statistics(trackers: trackers, records: records, daysOff: daysOff, today: today)
  }

  /// Each tracker's history, as the app reads it.
  var histories: [TrackerHistory] { TrackerHistory.of(trackers, records: records, daysOff: daysOff) }

  /// Each tracker's literal reading.
  var readings: [Reading] {
    trackers.map { Reading(tracker: $0, records: records, daysOff: daysOff, today: today) }
  }

  /// Days on or before today on which some weekday habit was due (on or after its first day,
  /// weekday scheduled, not off, not an at-most habit's today) and every one of them was met.
  var referencePerfectDays: Int {
    let habits = readings.filter { $0.tracker.kind.isHabit && $0.tracker.quota == nil }
    guard var date = habits.map(\.firstDay).min() else { return 0 }
    var perfect = 0
    while date <= today {
      let due = habits.filter { $0.isExpected(date) }
      if !due.isEmpty, due.allSatisfy({ $0.isMet(date) }) { perfect += 1 }
      date = date.adding(days: 1)
    }
    return perfect
  }

  /// Met days ÷ distinct days with a met day.
  var referenceAverage: Double {
    let met = readings.flatMap(\.metDays)
    return met.isEmpty ? 0 : Double(met.count) / Double(Set(met).count)
  }
}

/// docs/rules.md read literally for one tracker: every question answered by visiting days one by
/// one. Slow on purpose, and sharing nothing with `TrackerHistory` but the types.
private struct Reading {
  let tracker: Tracker
  let amountOf: [Day: Amount?]
  let off: Set<Day>
  let today: Day
  /// The earlier of creation and the earliest record on or before today.
  let firstDay: Day

  init(tracker: Tracker, records: [TrackerRecord], daysOff: [TrackerDayOff], today: Day) {
    self.tracker = tracker
    var amountOf: [Day: Amount?] = [:]
    for record in records where record.trackerID == tracker.id { amountOf[record.day] = .some(record.amount) }
    self.amountOf = amountOf
    off = Set(daysOff.filter { $0.trackerID == tracker.id }.map(\.day))
    self.today = today
    let earliest = amountOf.keys.filter { $0 <= today }.min()
    firstDay = min(tracker.createdOn, earliest ?? tracker.createdOn)
  }

  /// Shown on that weekday: every day for an event and a quota habit.
  func scheduled(_ date: Day) -> Bool {
    switch tracker.kind {
    case .event: return true
    case .habit(let schedule): return schedule.quota != nil || schedule.days.contains(date.weekday)
    }
  }

  func isMet(_ date: Day) -> Bool {
    if date > today { return false }
    let hasRecord = amountOf[date] != nil
    switch tracker.measure {
    case .yesNo: return hasRecord
    case .measurable(let goal):
      let entered: Amount? = hasRecord ? (amountOf[date]! ?? goal.target) : nil
      switch goal.direction {
      case .atLeast: return entered.map { $0.thousandths >= goal.target.thousandths } ?? false
      case .atMost:
        if date == today { return false }
        if let entered { return entered.thousandths <= goal.target.thousandths }
        return date >= firstDay && scheduled(date) && !off.contains(date)
      }
    }
  }

  /// A period's key: the ISO week's number since the epoch's week, or year × 12 + month.
  func periodKey(_ date: Day) -> Int {
    guard let quota = tracker.quota else { return 0 }
    switch quota.period {
    case .week: return (date.daysSinceEpoch + 3) / 7
    case .month: return date.year * 12 + date.month
    }
  }

  /// The days of `date`'s period, found by walking around it.
  func periodDays(_ date: Day) -> [Day] {
    (-31...31).map { date.adding(days: $0) }.filter { periodKey($0) == periodKey(date) }
  }

  func metDays(in days: [Day]) -> Int { days.filter { $0 >= firstDay && isMet($0) }.count }
  func daysOff(in days: [Day]) -> Int { days.filter { $0 >= firstDay && off.contains($0) }.count }

  /// What a period asks for, read literally: N times the share of its days not off, rounded up
  /// (the smallest whole number of days at least that share of N).
  func askedFor(in days: [Day]) -> Int {
    let share = Double(tracker.quota!.count) * Double(days.count - daysOff(in: days)) / Double(days.count)
    return Int(share.rounded(.up))
  }

  func periodIsMet(_ date: Day) -> Bool {
    let days = periodDays(date)
    return metDays(in: days) >= askedFor(in: days)
  }

  /// The met days from the first day to today.
  var metDays: [Day] {
    var result: [Day] = []
    var date = firstDay
    while date <= today {
      if isMet(date) { result.append(date) }
      date = date.adding(days: 1)
    }
    return result
  }

  /// The streak walk of docs/rules.md.
  var figures: TrackerStatistics {
    var count = 0
    var best = 0
    var date = firstDay
    while date <= today {
      if isMet(date) {
        count += 1
      } else if tracker.quota == nil, !off.contains(date), scheduled(date), date != today {
        count = 0
      }
      best = max(best, count)
      let lastOfPeriod = periodKey(date.adding(days: 1)) != periodKey(date)
      if tracker.quota != nil, lastOfPeriod, date < today, !periodIsMet(date) { count = 0 }
      date = date.adding(days: 1)
    }
    return TrackerStatistics(
      trackerID: tracker.id, completed: metDays.count, currentStreak: count, bestStreak: best)
  }

  /// Expected by the reminder: a habit, shown, not off, not an at-most habit's today or later;
  /// a quota habit only while its period holds fewer met days (before this one) than it asks.
  func isExpected(_ date: Day) -> Bool {
    guard tracker.kind.isHabit, date >= firstDay, scheduled(date), !off.contains(date) else { return false }
    if tracker.measure.goal?.direction == .atMost, date >= today { return false }
    guard tracker.quota != nil else { return true }
    let days = periodDays(date)
    let metBefore = days.filter { $0 >= firstDay && $0 < date && isMet($0) }.count
    return metBefore < askedFor(in: days)
  }

  /// The card's count: met records all time; an at-most tracker's met days up to yesterday.
  var cardDayCount: Int {
    switch tracker.measure {
    case .yesNo: return amountOf.count
    case .measurable(let goal):
      if goal.direction == .atMost { return metDays.count }
      return amountOf.values.filter { ($0 ?? goal.target).thousandths >= goal.target.thousandths }.count
    }
  }

  /// The `count` most recent days on or before today, searching back without bound, that are
  /// scheduled, not off, not met, and for an at-most tracker before today.
  func daysToGain(_ count: Int) -> [Day] {
    var result: [Day] = []
    var date = today
    while result.count < count {
      let atMostToday = tracker.measure.goal?.direction == .atMost && date == today
      if scheduled(date), !off.contains(date), !isMet(date), !atMostToday { result.append(date) }
      date = date.adding(days: -1)
    }
    return result
  }
}
