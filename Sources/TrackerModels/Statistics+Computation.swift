import Foundation

extension Statistics {
  /// Computes every figure as of `today` in one pass over the records sorted by day.
  ///
  /// Cost: O(records + days off + trackers log trackers). Records after `today`, duplicates and
  /// records of trackers not in `trackers` are ignored. `records` should already be sorted by day
  /// (the store returns them so); otherwise a sorted copy is made first. A day off is not due
  /// (docs/rules.md): it neither adds to nor breaks a streak, and a habit off on a day is not
  /// counted among that day's due habits.
  ///
  /// Measurable trackers and quota habits count their met days (docs/rules.md): when any is among
  /// `trackers`, every figure is read day by day (`init(histories:today:)`) instead.
  public init(trackers: [Tracker], records: [TrackerRecord], daysOff: [TrackerDayOff] = [], today: Day) {
    guard trackers.allSatisfy(\.isTickedOnWeekdays) else {
      self.init(histories: TrackerHistory.of(trackers, records: records, daysOff: daysOff), today: today)
      return
    }
    var pass = StatisticsPass(trackers: trackers, daysOff: daysOff)
    if records.isSortedByDay {
      pass.consume(records, today: today)
    } else {
      pass.consume(records.sorted { $0.day < $1.day }, today: today)
    }
    self = pass.finish(today: today, trackers: trackers)
  }
}

extension TrackerStatistics {
  /// The figures of one tracker from its record days and days off (in any order) as of `today`.
  /// A measurable tracker's days count as records without an amount (each its target); for its
  /// amounts, use `TrackerHistory.figures(today:)`.
  public init(tracker: Tracker, recordDays: [Day], daysOff: [Day] = [], today: Day) {
    guard tracker.isTickedOnWeekdays else {
      let records = recordDays.map { TrackerRecord(trackerID: tracker.id, day: $0) }
      self = TrackerHistory(tracker: tracker, ownRecords: records, daysOff: daysOff).figures(today: today)
      return
    }
    let days = recordDays.isSortedStrictly ? recordDays : Array(Set(recordDays)).sorted()
    // The streak rule's walk over one tracker's days: no records to build, nothing to hash.
    let gaps = DueGaps(mask: tracker.kind.dueDays.rawValue, daysOff: daysOff)
    let todayNumber = today.daysSinceEpoch
    var run = 0
    var best = 0
    var completed = 0
    var last = Int.min
    for day in days {
      let number = day.daysSinceEpoch
      guard number <= todayNumber else { break }
      if last != Int.min, gaps.hasDueDay(strictlyBetween: last, and: number) { run = 0 }
      run += 1
      best = max(best, run)
      completed += 1
      last = number
    }
    // Today itself, while not done, neither adds nor resets: only the days in between count.
    let isBroken = last == Int.min || gaps.hasDueDay(strictlyBetween: last, and: todayNumber)
    self.init(
      trackerID: tracker.id, completed: completed, currentStreak: isBroken ? 0 : run, bestStreak: best)
  }
}

/// The due days of one tracker, less its days off: what breaks a streak between two records.
struct DueGaps {
  let mask: UInt8
  /// The tracker's days off on its due weekdays, ascending without repeats.
  private let offs: [Int]

  init(mask: UInt8, daysOff: [Day]) {
    self.mask = mask
    offs = Set(daysOff.map(\.daysSinceEpoch).filter { mask & (1 << weekdayIndex($0)) != 0 }).sorted()
  }

  init(mask: UInt8, dayNumbersOff: [Int]) {
    self.mask = mask
    offs = Set(dayNumbersOff.filter { mask & (1 << weekdayIndex($0)) != 0 }).sorted()
  }

  /// Whether a due day that is not a day off lies strictly between `start` and `end`.
  func hasDueDay(strictlyBetween start: Int, and end: Int) -> Bool {
    guard !offs.isEmpty else { return TrackerModels.hasDueDay(strictlyBetween: start, and: end, mask: mask) }
    let due = dueDayCount(strictlyBetween: start, and: end, mask: mask)
    guard due > 0 else { return false }
    return due > countInOpenRange(start, end, in: offs)
  }
}

extension Array where Element == Day {
  /// Ascending without repeats.
  var isSortedStrictly: Bool {
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

  private let gaps: [DueGaps]
  /// The trackers off on each day, by position, for the due habits of a day.
  private let offByDay: [Int: [Int]]

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

  init(trackers: [Tracker], daysOff: [TrackerDayOff]) {
    indexByID = TrackerIndex(trackers.map(\.id))
    dueMask = trackers.map { $0.kind.dueDays.rawValue }
    var offDays = [[Int]](repeating: [], count: trackers.count)
    var offByDay: [Int: [Int]] = [:]
    for dayOff in daysOff {
      guard let index = indexByID.position(of: dayOff.trackerID) else { continue }
      offDays[index].append(dayOff.day.daysSinceEpoch)
      offByDay[dayOff.day.daysSinceEpoch, default: []].append(index)
    }
    let masks = dueMask
    gaps = trackers.indices.map { DueGaps(mask: masks[$0], dayNumbersOff: offDays[$0]) }
    self.offByDay = offByDay.mapValues { Array(Set($0)) }
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
      if lastDay[index] != Int.min, gaps[index].hasDueDay(strictlyBetween: lastDay[index], and: day) {
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
      let isBroken = last == Int.min || gaps[index].hasDueDay(strictlyBetween: last, and: todayNumber)
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
    let weekday = weekdayIndex(currentDay)
    // A habit off that day is not due (it has no record that day: the two exclude each other).
    let off = (offByDay[currentDay] ?? []).filter { isActive[$0] && dueMask[$0] & (1 << weekday) != 0 }.count
    let due = activeByWeekday[weekday] - off
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

/// How many days strictly between `start` and `end` fall on a weekday of `mask`.
func dueDayCount(strictlyBetween start: Int, and end: Int, mask: UInt8) -> Int {
  let gap = end - start - 1
  guard gap > 0 else { return 0 }
  let weeks = gap / 7
  var count = weeks * mask.nonzeroBitCount
  let rest = gap - weeks * 7
  if rest > 0 {
    for offset in 1...rest where mask & (1 << weekdayIndex(start + offset)) != 0 { count += 1 }
  }
  return count
}

/// How many of the ascending `values` lie strictly between `low` and `high`.
func countInOpenRange(_ low: Int, _ high: Int, in values: [Int]) -> Int {
  guard high - low > 1 else { return 0 }
  return firstIndex(notBelow: high, in: values) - firstIndex(notBelow: low + 1, in: values)
}

/// The position of the first of the ascending `values` that is at least `limit`.
func firstIndex(notBelow limit: Int, in values: [Int]) -> Int {
  var low = 0
  var high = values.count
  while low < high {
    let middle = (low + high) / 2
    if values[middle] < limit { low = middle + 1 } else { high = middle }
  }
  return low
}
