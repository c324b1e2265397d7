import Foundation

extension Statistics {
  /// Computes every figure as of `today` in one pass over the records sorted by day.
  ///
  /// Cost: O(records + trackers log trackers). Records after `today`, duplicates and records of
  /// trackers not in `trackers` are ignored. `records` should already be sorted by day (the store
  /// returns them so); otherwise a sorted copy is made first.
  public init(trackers: [Tracker], records: [TrackerRecord], today: Day) {
    var pass = StatisticsPass(trackers: trackers)
    if records.isSortedByDay {
      pass.consume(records, today: today)
    } else {
      pass.consume(records.sorted { $0.day < $1.day }, today: today)
    }
    self = pass.finish(today: today, trackers: trackers)
  }
}

extension TrackerStatistics {
  /// The figures of one tracker from its record days (in any order) as of `today`.
  public init(tracker: Tracker, recordDays: [Day], today: Day) {
    let days = recordDays.isSortedStrictly ? recordDays : Array(Set(recordDays)).sorted()
    // The streak rule's walk over one tracker's days: no records to build, nothing to hash.
    let mask = tracker.kind.dueDays.rawValue
    let todayNumber = today.daysSinceEpoch
    var run = 0
    var best = 0
    var completed = 0
    var last = Int.min
    for day in days {
      let number = day.daysSinceEpoch
      guard number <= todayNumber else { break }
      if last != Int.min, hasDueDay(strictlyBetween: last, and: number, mask: mask) { run = 0 }
      run += 1
      best = max(best, run)
      completed += 1
      last = number
    }
    // Today itself, while not done, neither adds nor resets: only the days in between count.
    let isBroken = last == Int.min || hasDueDay(strictlyBetween: last, and: todayNumber, mask: mask)
    self.init(
      trackerID: tracker.id, completed: completed, currentStreak: isBroken ? 0 : run, bestStreak: best)
  }
}

extension Array where Element == Day {
  /// Ascending without repeats.
  fileprivate var isSortedStrictly: Bool {
    zip(self, dropFirst()).allSatisfy { $0 < $1 }
  }
}

extension Array where Element == TrackerRecord {
  fileprivate var isSortedByDay: Bool {
    var previous = Int.min
    for record in self {
      guard record.day.daysSinceEpoch >= previous else { return false }
      previous = record.day.daysSinceEpoch
    }
    return true
  }
}

/// The state of the single pass. Trackers are addressed by index; per-tracker state lives in flat
/// arrays so the loop does one id lookup per record and nothing else that hashes.
private struct StatisticsPass {
  private let indexByID: TrackerIndex
  private let dueMask: [UInt8]
  private let isHabit: [Bool]
  private let habitsByCreation: [(created: Int, index: Int)]

  private var lastDay: [Int]
  private var run: [Int]
  private var best: [Int]
  private var completed: [Int]

  // Perfect days: a habit is "active" from its first day; `activeByWeekday[w]` counts the active
  // habits due on weekday w, so the due habits of a day are known without visiting them.
  private var isActive: [Bool]
  private var activeByWeekday = [Int](repeating: 0, count: 7)
  private var creationCursor = 0
  private var currentDay = Int.min
  private var doneDueOnCurrentDay = 0

  private(set) var totalCompleted = 0
  private(set) var distinctDays = 0
  private(set) var perfectDays = 0

  init(trackers: [Tracker]) {
    indexByID = TrackerIndex(trackers.map(\.id))
    dueMask = trackers.map { $0.kind.dueDays.rawValue }
    isHabit = trackers.map { $0.kind.isHabit }
    habitsByCreation = trackers.indices
      .filter { trackers[$0].kind.isHabit }
      .map { (trackers[$0].createdOn.daysSinceEpoch, $0) }
      .sorted { $0.created < $1.created }
    lastDay = Array(repeating: Int.min, count: trackers.count)
    run = Array(repeating: 0, count: trackers.count)
    best = run
    completed = run
    isActive = Array(repeating: false, count: trackers.count)
  }

  mutating func consume(_ records: [TrackerRecord], today: Day) {
    let todayNumber = today.daysSinceEpoch
    for record in records {
      let day = record.day.daysSinceEpoch
      guard day <= todayNumber else { break }
      guard let index = indexByID.position(of: record.trackerID), lastDay[index] != day else { continue }
      if day != currentDay { startDay(day) }
      let weekdayBit = UInt8(1) << weekdayIndex(day)
      if isHabit[index] {
        activate(index)
        if dueMask[index] & weekdayBit != 0 { doneDueOnCurrentDay += 1 }
      }
      if lastDay[index] != Int.min,
        hasDueDay(strictlyBetween: lastDay[index], and: day, mask: dueMask[index])
      {
        run[index] = 0
      }
      run[index] += 1
      best[index] = max(best[index], run[index])
      completed[index] += 1
      totalCompleted += 1
      lastDay[index] = day
    }
    closeDay()
  }

  mutating func finish(today: Day, trackers: [Tracker]) -> Statistics {
    let todayNumber = today.daysSinceEpoch
    var perTracker: [TrackerStatistics] = []
    perTracker.reserveCapacity(trackers.count)
    for (index, tracker) in trackers.enumerated() {
      // Today itself, while not done, neither adds nor resets: only the days in between count.
      let last = lastDay[index]
      let isBroken =
        last == Int.min
        || hasDueDay(strictlyBetween: last, and: todayNumber, mask: dueMask[index])
      perTracker.append(
        TrackerStatistics(
          trackerID: tracker.id, completed: completed[index],
          currentStreak: isBroken ? 0 : run[index], bestStreak: best[index]))
    }
    return Statistics(
      bestPeriod: best.max() ?? 0,
      perfectDays: perfectDays,
      completed: totalCompleted,
      average: distinctDays == 0 ? 0 : Double(totalCompleted) / Double(distinctDays),
      trackers: perTracker)
  }

  private mutating func startDay(_ day: Int) {
    closeDay()
    currentDay = day
    doneDueOnCurrentDay = 0
    distinctDays += 1
    while creationCursor < habitsByCreation.count, habitsByCreation[creationCursor].created <= day {
      activate(habitsByCreation[creationCursor].index)
      creationCursor += 1
    }
  }

  private mutating func closeDay() {
    guard currentDay != Int.min else { return }
    let due = activeByWeekday[weekdayIndex(currentDay)]
    if due > 0, doneDueOnCurrentDay == due { perfectDays += 1 }
    currentDay = Int.min
  }

  private mutating func activate(_ index: Int) {
    guard !isActive[index] else { return }
    isActive[index] = true
    for weekday in 0..<7 where dueMask[index] & (1 << weekday) != 0 {
      activeByWeekday[weekday] += 1
    }
  }
}

/// Monday 0 … Sunday 6 for a day number (1970-01-01 was a Thursday).
func weekdayIndex(_ day: Int) -> Int {
  ((day + 3) % 7 + 7) % 7
}

/// Whether a day strictly between `start` and `end` falls on a weekday of `mask`.
func hasDueDay(strictlyBetween start: Int, and end: Int, mask: UInt8) -> Bool {
  let gap = end - start - 1
  guard gap > 0 else { return false }
  if gap >= 7 { return mask != 0 }
  for offset in 1...gap where mask & (1 << weekdayIndex(start + offset)) != 0 {
    return true
  }
  return false
}
