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
  /// its records, from `recordDays`. Days off (few: vacations) are read whole: they decide whether
  /// the days since a tracker's latest record break its streak, and which habits a day expects.
  ///
  /// Cost: O(trackers + days with records + days off), independent of the number of records.
  ///
  /// Summaries hold no amounts and no periods: with a measurable tracker or a quota habit among
  /// them, every tracker's records (with their amounts, from `records`) are read and the figures
  /// computed day by day.
  public init(
    summaries: [TrackerStreakSummary], days: [DaySummary], daysOff: [TrackerDayOff] = [], today: Day,
    records: (Tracker) throws(StoreError) -> [TrackerRecord]
  ) throws(StoreError) {
    guard summaries.allSatisfy(\.tracker.isTickedOnWeekdays) else {
      var all: [TrackerRecord] = []
      for summary in summaries { all += try records(summary.tracker) }
      self.init(trackers: summaries.map(\.tracker), records: all, daysOff: daysOff, today: today)
      return
    }

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
      let figures: TrackerStatistics
      var firstRecord = summary.firstRecord
      let offs = offsByTracker[tracker.id] ?? []
      if let last = summary.lastRecord, last.daysSinceEpoch > todayNumber {
        let counted = try records(tracker).map(\.day).filter { $0 <= today }
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
    var completed = 0
    var distinctDays = 0
    var perfect = 0
    for day in days where day.day.daysSinceEpoch <= todayNumber && day.records > 0 {
      completed += day.records
      distinctDays += 1
      let number = day.day.daysSinceEpoch
      let due =
        countNotAfter(number, in: firstDaysByWeekday[weekdayIndex(number)]) - (offDueByDay[number] ?? 0)
      if day.doneDueHabits > 0, day.doneDueHabits == due { perfect += 1 }
    }
    self.init(
      bestPeriod: perTracker.map(\.bestStreak).max() ?? 0, perfectDays: perfect, completed: completed,
      average: distinctDays == 0 ? 0 : Double(completed) / Double(distinctDays), trackers: perTracker)
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
