import Foundation

/// What a store keeps about one tracker so the statistics need none of its records: kept up to
/// date by every write that touches the tracker.
public struct TrackerStreakSummary: Hashable, Sendable {
  /// The tracker.
  public var tracker: Tracker
  /// Its number of records, all time.
  public var recordCount: Int
  /// Its earliest and latest record, if any.
  public var firstRecord: Day?
  public var lastRecord: Day?
  /// The streak rule's walk over all its records: the highest count reached, and the count at
  /// its latest record.
  public var bestStreak: Int
  public var runAtLastRecord: Int

  /// A summary with every field given.
  public init(
    tracker: Tracker, recordCount: Int, firstRecord: Day?, lastRecord: Day?, bestStreak: Int,
    runAtLastRecord: Int
  ) {
    self.tracker = tracker
    self.recordCount = recordCount
    self.firstRecord = firstRecord
    self.lastRecord = lastRecord
    self.bestStreak = bestStreak
    self.runAtLastRecord = runAtLastRecord
  }

  /// The summary of `tracker` with `recordDays` (ascending, no repeats) and its days off (any
  /// order): the walk runs up to the latest record, so only days off before it matter here.
  public init(tracker: Tracker, recordDays: [Day], daysOff: [Day] = []) {
    let walk = recordDays.last.map {
      TrackerStatistics(tracker: tracker, recordDays: recordDays, daysOff: daysOff, today: $0)
    }
    self.init(
      tracker: tracker, recordCount: recordDays.count, firstRecord: recordDays.first,
      lastRecord: recordDays.last, bestStreak: walk?.bestStreak ?? 0,
      runAtLastRecord: walk?.currentStreak ?? 0)
  }
}

/// What a store keeps about one day with records: how many, and how many of them are of habits
/// due that day.
public struct DaySummary: Hashable, Sendable {
  public var day: Day
  public var records: Int
  public var doneDueHabits: Int

  /// A summary with every field given.
  public init(day: Day, records: Int, doneDueHabits: Int) {
    self.day = day
    self.records = records
    self.doneDueHabits = doneDueHabits
  }
}

extension Statistics {
  /// The statistics as of `today` from summaries: per tracker, the rule's walk as stored; per day,
  /// its records and done due habits. Equal to `init(trackers:records:today:)` on the same data.
  /// Only a tracker with records after `today` (written on a device whose day had begun) needs
  /// its records, from `records`. Days off (few: vacations) are read whole: they decide whether
  /// the days since a tracker's latest record break its streak, and which habits a day expects.
  ///
  /// Cost: O(trackers + days with records + days off), independent of the number of records.
  ///
  /// Summaries hold no amounts and no periods: a measurable tracker's or a quota habit's records
  /// (with their amounts, from `records`) are read and its figures computed day by day
  /// (`DayByDayPart`); every other tracker keeps the summaries' path.
  public init(
    summaries: [TrackerStreakSummary], days: [DaySummary], daysOff: [TrackerDayOff] = [], today: Day,
    records: (Tracker) throws(StoreError) -> [TrackerRecord]
  ) throws(StoreError) {
    var histories: [TrackerHistory] = []
    var offsByTracker: [UUID: [Day]] = [:]
    for dayOff in daysOff { offsByTracker[dayOff.trackerID, default: []].append(dayOff.day) }
    for summary in summaries where !summary.tracker.isTickedOnWeekdays {
      let tracker = summary.tracker
      histories.append(
        TrackerHistory(
          tracker: tracker, ownRecords: try records(tracker), daysOff: offsByTracker[tracker.id] ?? []))
    }
    try self.init(
      summaries: summaries, days: days, daysOff: daysOff, today: today,
      dayByDay: DayByDayPart(histories: histories, today: today),
      recordDays: { (tracker) throws(StoreError) in try records(tracker).map(\.day) })
  }

  /// The statistics as of `today` from summaries and, for the trackers they cannot serve
  /// (measurable trackers, quota habits), `dayByDay`: a store may keep that part until one of its
  /// trackers changes or today moves, so a tap on a yes/no habit reads no measured record.
  /// `recordDays` reads the days of a summarised tracker with records after `today`.
  public init(
    summaries: [TrackerStreakSummary], days: [DaySummary], daysOff: [TrackerDayOff] = [], today: Day,
    dayByDay: DayByDayPart, recordDays: (Tracker) throws(StoreError) -> [Day]
  ) throws(StoreError) {
    let todayNumber = today.daysSinceEpoch
    var offsByTracker: [UUID: [Day]] = [:]
    for dayOff in daysOff { offsByTracker[dayOff.trackerID, default: []].append(dayOff.day) }
    // Per day, the habits off that day that the day would otherwise expect.
    var offDueByDay: [Int: Int] = [:]
    var perTracker: [TrackerStatistics] = []
    perTracker.reserveCapacity(summaries.count)
    var firstDaysByWeekday = [[Int]](repeating: [], count: 7)
    for summary in summaries {
      let tracker = summary.tracker
      guard tracker.isTickedOnWeekdays else {
        perTracker.append(
          dayByDay.figures[tracker.id]
            ?? TrackerStatistics(trackerID: tracker.id, completed: 0, currentStreak: 0, bestStreak: 0))
        continue
      }
      let figures: TrackerStatistics
      var firstRecord = summary.firstRecord
      let offs = offsByTracker[tracker.id] ?? []
      if let last = summary.lastRecord, last.daysSinceEpoch > todayNumber {
        let counted = try recordDays(tracker).filter { $0 <= today }
        firstRecord = counted.first
        figures = TrackerStatistics(tracker: tracker, recordDays: counted, daysOff: offs, today: today)
      } else if let last = summary.lastRecord {
        let gaps = DueGaps(mask: tracker.kind.dueDays.rawValue, daysOff: offs)
        let isBroken = gaps.hasDueDay(strictlyBetween: last.daysSinceEpoch, and: todayNumber)
        figures = TrackerStatistics(
          trackerID: tracker.id, completed: summary.recordCount,
          currentStreak: isBroken ? 0 : summary.runAtLastRecord, bestStreak: summary.bestStreak)
      } else {
        figures = TrackerStatistics(trackerID: tracker.id, completed: 0, currentStreak: 0, bestStreak: 0)
      }
      perTracker.append(figures)
      guard tracker.kind.isHabit else { continue }
      let firstDay = tracker.firstDay(earliestRecord: firstRecord).daysSinceEpoch
      let mask = tracker.kind.dueDays.rawValue
      for weekday in 0..<7 where mask & (1 << weekday) != 0 {
        firstDaysByWeekday[weekday].append(firstDay)
      }
      for off in Set(offs.map(\.daysSinceEpoch))
      where off >= firstDay && off <= todayNumber && mask & (1 << weekdayIndex(off)) != 0 {
        offDueByDay[off, default: 0] += 1
      }
    }
    for weekday in 0..<7 { firstDaysByWeekday[weekday].sort() }
    /// The summarised habits due on day `number`, less those off.
    func due(_ number: Int) -> Int {
      countNotAfter(number, in: firstDaysByWeekday[weekdayIndex(number)]) - (offDueByDay[number] ?? 0)
    }
    var completed = dayByDay.figures.values.reduce(0) { $0 + $1.completed }
    var distinctDays = 0
    var perfect = 0
    var seen = Set<Int>()
    for day in days where day.day.daysSinceEpoch <= todayNumber {
      let number = day.day.daysSinceEpoch
      // The day summaries count every tracker's records: the day-by-day trackers' are theirs.
      let records = day.records - (dayByDay.recordsByDay[number] ?? 0)
      let doneDue = day.doneDueHabits - (dayByDay.doneDueByDay[number] ?? 0)
      completed += records
      if records > 0 || dayByDay.metByDay[number] != nil { distinctDays += 1 }
      seen.insert(number)
      let expected = dayByDay.expectedByDay[number] ?? 0
      let dueHere = due(number)
      if dueHere + expected > 0, doneDue == dueHere, dayByDay.unmetByDay[number] == nil { perfect += 1 }
    }
    for number in dayByDay.metByDay.keys where !seen.contains(number) { distinctDays += 1 }
    // Days with no record at all can still be perfect: every expected habit an at-most one, met.
    for (number, expected) in dayByDay.expectedByDay where !seen.contains(number) && number <= todayNumber {
      if expected > 0, due(number) == 0, dayByDay.unmetByDay[number] == nil { perfect += 1 }
    }
    self.init(
      bestPeriod: perTracker.map(\.bestStreak).max() ?? 0, perfectDays: perfect, completed: completed,
      average: distinctDays == 0 ? 0 : Double(completed) / Double(distinctDays), trackers: perTracker)
  }
}

/// The part of the statistics that the summaries cannot serve — measurable trackers and quota
/// habits, whose days are judged one by one (docs/rules.md) — computed as of one day from their
/// histories, in the form the summaries' path adds to its own. A store can keep it while none of
/// these trackers changes and today stays (`SQLiteTrackerStore` does).
public struct DayByDayPart: Sendable {
  /// The day it was computed as of.
  public let today: Day
  /// Each tracker's figures.
  var figures: [UUID: TrackerStatistics] = [:]
  /// Per day number (up to today), how many of these trackers met it.
  var metByDay: [Int: Int] = [:]
  /// Per day number, how many of their records it holds (any day: the day summaries count them).
  var recordsByDay: [Int: Int] = [:]
  /// Per day number, how many of those records are of a habit due on it by its weekdays (as the
  /// day summaries count done due habits).
  var doneDueByDay: [Int: Int] = [:]
  /// Per day number up to today, how many of the weekday habits among them expect it.
  var expectedByDay: [Int: Int] = [:]
  /// Per day number up to today, how many of those expected it and did not meet it.
  var unmetByDay: [Int: Int] = [:]

  /// Nothing: no tracker is judged day by day.
  public init(today: Day) { self.today = today }

  /// The part of `histories` (measurable trackers and quota habits) as of `today`.
  public init(histories: [TrackerHistory], today: Day) {
    self.today = today
    for history in histories {
      let tracker = history.tracker
      let walk = history.walk(today: today)
      figures[tracker.id] = TrackerStatistics(
        trackerID: tracker.id, completed: walk.metDays.count, currentStreak: walk.current,
        bestStreak: walk.best)
      for day in walk.metDays { metByDay[day.daysSinceEpoch, default: 0] += 1 }
      let mask = tracker.kind.dueDays.rawValue
      for day in history.records.keys {
        let number = day.daysSinceEpoch
        recordsByDay[number, default: 0] += 1
        if tracker.kind.isHabit, mask & (1 << weekdayIndex(number)) != 0 {
          doneDueByDay[number, default: 0] += 1
        }
      }
      guard tracker.takesPartInPerfectDays else { continue }
      var day = history.firstDay(today: today)
      while day <= today {
        if history.isExpected(on: day, today: today) {
          expectedByDay[day.daysSinceEpoch, default: 0] += 1
          if !history.isMet(on: day, today: today) { unmetByDay[day.daysSinceEpoch, default: 0] += 1 }
        }
        day = day.adding(days: 1)
      }
    }
  }
}

/// How many of the sorted `values` are at most `limit`.
private func countNotAfter(_ limit: Int, in values: [Int]) -> Int {
  var low = 0
  var high = values.count
  while low < high {
    let middle = (low + high) / 2
    if values[middle] <= limit { low = middle + 1 } else { high = middle }
  }
  return low
}
