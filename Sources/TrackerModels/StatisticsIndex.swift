import Foundation

/// The statistics kept up to date change by change, so a tap costs one tracker's work instead of
/// a pass over every record (docs/rules.md, "Statistics" and "Streaks").
///
/// What it keeps: per tracker its record days, first day and figures as of today; per day the
/// number of records and of due habits done; per weekday the first days of the habits due on it,
/// so the number of habits due on any day is a binary search. Costs: a record toggled or a
/// tracker changed, O(that tracker's records); `statistics`, O(days with records + trackers);
/// a new today, O(all records) — once a day. `Statistics(trackers:records:today:)` stays the
/// reference: a test compares both after thousands of random edits.
public struct StatisticsIndex: Sendable {
  private struct Entry: Sendable {
    var tracker: Tracker
    /// Every record day, ascending, today's future ones included.
    var days: [Int]
    var figures: TrackerStatistics

    var isHabit: Bool { tracker.kind.isHabit }
    var mask: UInt8 { tracker.kind.dueDays.rawValue }
    var firstDay: Int { min(tracker.createdOn.daysSinceEpoch, days.first ?? Int.max) }
  }

  private var entries: [UUID: Entry] = [:]
  /// The trackers in the order they were given, then added.
  private var order: [UUID] = []
  private var today: Int
  /// Records per day, of every tracker.
  private var recordsOnDay: [Int: Int] = [:]
  /// Per day, how many habits due on it are done on it.
  private var doneDueOnDay: [Int: Int] = [:]
  /// Per weekday (Monday 0), the sorted first days of the habits due on it.
  private var firstDaysByWeekday = [[Int]](repeating: [], count: 7)

  /// The index of `trackers` and `records` as of `today`; records of unknown trackers and
  /// repeated records are ignored, as `Statistics` ignores them.
  public init(trackers: [Tracker], records: [TrackerRecord], today: Day) {
    self.today = today.daysSinceEpoch
    var daysByTracker: [UUID: [Int]] = [:]
    let known = Set(trackers.map(\.id))
    for record in records where known.contains(record.trackerID) {
      daysByTracker[record.trackerID, default: []].append(record.day.daysSinceEpoch)
    }
    for tracker in trackers where entries[tracker.id] == nil {
      var days = daysByTracker[tracker.id] ?? []
      days.sort()
      days = days.uniqued()
      order.append(tracker.id)
      add(Entry(tracker: tracker, days: days, figures: Self.emptyFigures(tracker.id)))
    }
  }

  /// The four figures and every tracker's, as of today.
  public var statistics: Statistics {
    var completed = 0
    var best = 0
    var perTracker: [TrackerStatistics] = []
    perTracker.reserveCapacity(order.count)
    for id in order {
      guard let figures = entries[id]?.figures else { continue }
      perTracker.append(figures)
      completed += figures.completed
      best = max(best, figures.bestStreak)
    }
    var distinctDays = 0
    for (day, count) in recordsOnDay where day <= today && count > 0 { distinctDays += 1 }
    var perfect = 0
    for (day, done) in doneDueOnDay where day <= today && done > 0 {
      if done == dueHabits(on: day) { perfect += 1 }
    }
    return Statistics(
      bestPeriod: best, perfectDays: perfect, completed: completed,
      average: distinctDays == 0 ? 0 : Double(completed) / Double(distinctDays), trackers: perTracker)
  }

  /// Adds `tracker`, or replaces the one with its id (a new name, schedule or kind: its whole
  /// history counts under the new schedule); its records stay.
  public mutating func setTracker(_ tracker: Tracker) {
    if let old = remove(tracker.id) {
      add(Entry(tracker: tracker, days: old.days, figures: old.figures))
    } else {
      order.append(tracker.id)
      add(Entry(tracker: tracker, days: [], figures: Self.emptyFigures(tracker.id)))
    }
  }

  /// Removes a tracker with its records.
  public mutating func removeTracker(id: UUID) {
    guard remove(id) != nil else { return }
    order.removeAll { $0 == id }
  }

  /// Records `trackerID` as done or not done on `day`; unknown trackers are ignored.
  public mutating func setRecord(trackerID: UUID, on day: Day, isDone: Bool) {
    guard var entry = entries[trackerID] else { return }
    let number = day.daysSinceEpoch
    let position = entry.days.insertionPoint(of: number)
    let isStored = position < entry.days.count && entry.days[position] == number
    guard isStored != isDone else { return }
    let oldFirstDay = entry.firstDay
    if isDone {
      entry.days.insert(number, at: position)
      recordsOnDay[number, default: 0] += 1
    } else {
      entry.days.remove(at: position)
      recordsOnDay[number, default: 0] -= 1
      if recordsOnDay[number] == 0 { recordsOnDay[number] = nil }
    }
    if entry.isHabit, entry.mask & (1 << weekdayIndex(number)) != 0 {
      doneDueOnDay[number, default: 0] += isDone ? 1 : -1
      if doneDueOnDay[number] == 0 { doneDueOnDay[number] = nil }
    }
    if entry.isHabit, entry.firstDay != oldFirstDay {
      moveFirstDay(mask: entry.mask, from: oldFirstDay, to: entry.firstDay)
    }
    entry.figures = Self.figures(of: entry, today: today)
    entries[trackerID] = entry
  }

  /// Moves "today" (midnight passed, or the clock was set back): every tracker's figures are
  /// computed again.
  public mutating func setToday(_ day: Day) {
    guard day.daysSinceEpoch != today else { return }
    today = day.daysSinceEpoch
    for (id, entry) in entries { entries[id]?.figures = Self.figures(of: entry, today: today) }
  }

  // MARK: Private

  private mutating func add(_ entry: Entry) {
    var entry = entry
    for day in entry.days {
      recordsOnDay[day, default: 0] += 1
      if entry.isHabit, entry.mask & (1 << weekdayIndex(day)) != 0 { doneDueOnDay[day, default: 0] += 1 }
    }
    if entry.isHabit { moveFirstDay(mask: entry.mask, from: nil, to: entry.firstDay) }
    entry.figures = Self.figures(of: entry, today: today)
    entries[entry.tracker.id] = entry
  }

  /// Takes out the tracker's contributions and returns it.
  private mutating func remove(_ id: UUID) -> Entry? {
    guard let entry = entries.removeValue(forKey: id) else { return nil }
    for day in entry.days {
      recordsOnDay[day, default: 0] -= 1
      if recordsOnDay[day] == 0 { recordsOnDay[day] = nil }
      if entry.isHabit, entry.mask & (1 << weekdayIndex(day)) != 0 {
        doneDueOnDay[day, default: 0] -= 1
        if doneDueOnDay[day] == 0 { doneDueOnDay[day] = nil }
      }
    }
    if entry.isHabit { moveFirstDay(mask: entry.mask, from: entry.firstDay, to: nil) }
    return entry
  }

  /// Replaces a habit's first day in the weekday lists (nil: absent).
  private mutating func moveFirstDay(mask: UInt8, from old: Int?, to new: Int?) {
    for weekday in 0..<7 where mask & (1 << weekday) != 0 {
      if let old {
        let position = firstDaysByWeekday[weekday].insertionPoint(of: old)
        if position < firstDaysByWeekday[weekday].count, firstDaysByWeekday[weekday][position] == old {
          firstDaysByWeekday[weekday].remove(at: position)
        }
      }
      if let new {
        firstDaysByWeekday[weekday].insert(new, at: firstDaysByWeekday[weekday].insertionPoint(of: new))
      }
    }
  }

  /// How many habits are due on `day`: those due on its weekday whose first day has come.
  private func dueHabits(on day: Int) -> Int {
    firstDaysByWeekday[weekdayIndex(day)].insertionPoint(of: day + 1)
  }

  private static func emptyFigures(_ id: UUID) -> TrackerStatistics {
    TrackerStatistics(trackerID: id, completed: 0, currentStreak: 0, bestStreak: 0)
  }

  /// One tracker's figures as of `today`: the walk of the streak rule over its records.
  private static func figures(of entry: Entry, today: Int) -> TrackerStatistics {
    let mask = entry.tracker.kind.dueDays.rawValue
    var run = 0
    var best = 0
    var completed = 0
    var last = Int.min
    for day in entry.days {
      guard day <= today else { break }
      if last != Int.min, hasDueDay(strictlyBetween: last, and: day, mask: mask) { run = 0 }
      run += 1
      best = max(best, run)
      completed += 1
      last = day
    }
    // Today itself, while not done, neither adds nor resets: only the days in between count.
    let isBroken = last == Int.min || hasDueDay(strictlyBetween: last, and: today, mask: mask)
    return TrackerStatistics(
      trackerID: entry.tracker.id, completed: completed, currentStreak: isBroken ? 0 : run, bestStreak: best)
  }
}

extension Array where Element == Int {
  /// The first index whose element is not less than `value` (the array is sorted).
  fileprivate func insertionPoint(of value: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The sorted array without repeats.
  fileprivate func uniqued() -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    for value in self where result.last != value { result.append(value) }
    return result
  }
}
