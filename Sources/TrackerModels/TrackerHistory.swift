import Foundation

/// One tracker with its records (and their amounts) and days off: what the rules of docs/rules.md
/// need to judge its days. Every rule over one tracker that measures and quotas change is a method
/// here, read day by day ("correct first"); the statistics keep their one-pass fast path for yes/no
/// weekday habits and events, and route every other tracker through these.
///
/// All methods take `today` (T): records after T are ignored, first day included.
public struct TrackerHistory: Equatable, Sendable {
  /// The tracker.
  public let tracker: Tracker
  /// Its records by day (of two on one day, the first given wins).
  public let records: [Day: TrackerRecord]
  /// Its days off.
  public let daysOff: Set<Day>
  /// Its record days, ascending.
  private let recordDays: [Day]

  /// The history of `tracker` from `records` and `daysOff`; those of other trackers are ignored.
  public init(tracker: Tracker, records: [TrackerRecord], daysOff: [TrackerDayOff] = []) {
    self.init(
      tracker: tracker, ownRecords: records.filter { $0.trackerID == tracker.id },
      daysOff: daysOff.filter { $0.trackerID == tracker.id }.map(\.day))
  }

  /// The history of `tracker` from records already known to be its own, and its days off.
  init(tracker: Tracker, ownRecords: [TrackerRecord], daysOff: [Day]) {
    self.tracker = tracker
    // One hash a record, the first of a day kept; records already in day order (a store's, an
    // archive's) need no sort.
    records = Dictionary(ownRecords.lazy.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
    self.daysOff = Set(daysOff)
    let days = ownRecords.map(\.day)
    recordDays = days.isSortedStrictly ? days : records.keys.sorted()
  }

  /// The histories of `trackers`, in their order, each with its own records and days off.
  public static func of(
    _ trackers: [Tracker], records: [TrackerRecord], daysOff: [TrackerDayOff] = []
  ) -> [TrackerHistory] {
    var recordsOf: [UUID: [TrackerRecord]] = [:]
    for record in records { recordsOf[record.trackerID, default: []].append(record) }
    var offOf: [UUID: [Day]] = [:]
    for dayOff in daysOff { offOf[dayOff.trackerID, default: []].append(dayOff.day) }
    return trackers.map {
      TrackerHistory(tracker: $0, ownRecords: recordsOf[$0.id] ?? [], daysOff: offOf[$0.id] ?? [])
    }
  }

  /// A habit to quit's days clean on `day` (issue 49): the days since its last slip (a day whose
  /// amount is more than 0) up to `day`, or, with none, since `firstDay`, that day counted. A slip
  /// on `day` itself is 0 days clean; a day off counts as a day clean (nothing slipped).
  public func daysClean(on day: Day, firstDay: Day) -> Int {
    var lastSlip: Day?
    for recordDay in recordDays where recordDay <= day {
      if let amount = records[recordDay]?.amount, amount.isPositive { lastSlip = recordDay }
    }
    guard let lastSlip else { return max(0, day.daysSinceEpoch - firstDay.daysSinceEpoch + 1) }
    return day.daysSinceEpoch - lastSlip.daysSinceEpoch
  }

  /// The first day as of `today`: the earlier of creation and the earliest record on or before it.
  public func firstDay(today: Day) -> Day {
    guard let earliest = recordDays.first, earliest <= today else { return tracker.createdOn }
    return min(tracker.createdOn, earliest)
  }

  /// Whether `day` is **met** as of `today` (docs/rules.md): never after today. Yes/no: it has a
  /// record. At least: its amount (the target for a record without one) is at least the target.
  /// At most: it has ended (before today) and its amount, 0 without a record, is at most the
  /// target; a day without a record is judged only when it is due, on or after the first day and
  /// not a day off (so an at-most habit's today neither adds nor resets).
  public func isMet(on day: Day, today: Day) -> Bool {
    isMet(on: day, today: today, firstDay: firstDay(today: today))
  }

  private func isMet(on day: Day, today: Day, firstDay: Day) -> Bool {
    guard day <= today else { return false }
    let record = records[day]
    guard let goal = tracker.measure.goal else { return record != nil }
    switch goal.direction {
    case .atLeast:
      return record.map { goal.isMet(by: $0.amount ?? goal.target) } ?? false
    case .atMost:
      guard day < today else { return false }
      if let record { return goal.isMet(by: record.amount ?? goal.target) }
      return day >= firstDay && tracker.isDue(on: day) && !daysOff.contains(day)
    }
  }

  /// Whether the reminder and the filters expect the tracker done on `day` (docs/rules.md, "Daily
  /// reminder"): a habit on or after its first day, not off that day; a weekday habit on its
  /// weekdays, a quota habit on every day of a period not met before `day`. An at-most habit is
  /// not expected on today or later (its day is judged once it has ended). Events never are.
  public func isExpected(on day: Day, today: Day) -> Bool {
    guard tracker.kind.isHabit, day >= firstDay(today: today), tracker.isDue(on: day),
      !daysOff.contains(day)
    else { return false }
    if tracker.measure.goal?.direction == .atMost, day >= today { return false }
    guard let quota = tracker.quota else { return true }
    let period = quota.days(containing: day)
    let before = progress(of: quota, over: period.lowerBound...day, today: today)
    let whole = progress(of: quota, over: period, today: today)
    return before.met - (isMet(on: day, today: today) ? 1 : 0) < whole.required
  }

  /// A quota habit's progress in the period `day` falls in, as of `today` ("2 of 3 this week"):
  /// its met days in the period up to today and the days off that lower N. Nil without a quota.
  public func periodProgress(containing day: Day, today: Day) -> QuotaProgress? {
    guard let quota = tracker.quota else { return nil }
    return progress(of: quota, over: quota.days(containing: day), today: today)
  }

  private func progress(of quota: Quota, over days: ClosedRange<Day>, today: Day) -> QuotaProgress {
    let first = firstDay(today: today)
    var met = 0
    var off = 0
    var day = max(days.lowerBound, first)
    while day <= days.upperBound {
      if isMet(on: day, today: today, firstDay: first) { met += 1 }
      if daysOff.contains(day) { off += 1 }
      day = day.adding(days: 1)
    }
    return QuotaProgress(
      quota: quota, period: quota.days(containing: days.lowerBound), met: met, daysOff: off)
  }

  /// The tracker's figures as of `today`: its met days (what "Trackers completed" counts), and its
  /// current and best streak by the streak rule of its kind (docs/rules.md, "Streaks").
  public func figures(today: Day) -> TrackerStatistics {
    let walk = walk(today: today)
    return TrackerStatistics(
      trackerID: tracker.id, completed: walk.metDays.count, currentStreak: walk.current, bestStreak: walk.best
    )
  }

  /// The card's "N days": its met days. All time for a yes/no or at-least tracker (records after
  /// today too, as a card always counted); up to yesterday for an at-most one, whose days are
  /// judged once they have ended.
  public func cardDayCount(today: Day) -> Int {
    guard let goal = tracker.measure.goal else { return records.count }
    switch goal.direction {
    case .atLeast: return records.values.filter { goal.isMet(by: $0.amount ?? goal.target) }.count
    case .atMost: return walk(today: today).metDays.count
    }
  }

  /// The streak walk from the first day to `today`. Weekday habits and events: a met day adds 1; a
  /// due day, not met and not off, resets to 0, except today; other days change nothing. Quota
  /// habits: a met day adds 1, other days nothing, and the last day of a past period that was not
  /// met resets to 0 (the current period never resets).
  func walk(today: Day) -> StreakWalk {
    let first = firstDay(today: today)
    let quota = tracker.quota
    var result = StreakWalk()
    var count = 0
    var metInPeriod = 0
    var offInPeriod = 0
    var day = first
    while day <= today {
      let isOff = daysOff.contains(day)
      if isMet(on: day, today: today, firstDay: first) {
        count += 1
        metInPeriod += 1
        result.metDays.append(day)
      } else if quota == nil, !isOff, day != today, tracker.isDue(on: day) {
        count = 0
      }
      if isOff { offInPeriod += 1 }
      result.best = max(result.best, count)
      if let quota, quota.endsPeriod(day) {
        let period = quota.days(containing: day)
        let length = period.lowerBound.days(to: period.upperBound) + 1
        let asked = QuotaProgress.required(quota.count, periodLength: length, daysOff: offInPeriod)
        if day < today, metInPeriod < asked { count = 0 }
        metInPeriod = 0
        offInPeriod = 0
      }
      day = day.adding(days: 1)
    }
    result.current = count
    return result
  }
}

/// The result of one streak walk.
struct StreakWalk {
  var current = 0
  var best = 0
  /// The met days on or before today, ascending.
  var metDays: [Day] = []
}

/// A quota habit's progress in one period (docs/rules.md, "N times a week or a month"): the card
/// shows `met` of `required` ("2 of 3 this week").
public struct QuotaProgress: Hashable, Sendable {
  /// The quota.
  public var quota: Quota
  /// The period's days, whole (Monday to Sunday, or the month).
  public var period: ClosedRange<Day>
  /// Met days in the period, on or after the first day and on or before today.
  public var met: Int
  /// Days off in the period on or after the first day, planned ones after today included.
  public var daysOff: Int

  /// A progress with every field given.
  public init(quota: Quota, period: ClosedRange<Day>, met: Int, daysOff: Int) {
    self.quota = quota
    self.period = period
    self.met = met
    self.daysOff = daysOff
  }

  /// N scaled by the share of the period's days that are not off, rounded up (issue 49): 2 a
  /// month with 9 days off of 31 asks 2 × 22/31 = 1.4, so 2; 3 a week with 4 days off asks
  /// 3 × 3/7 = 1.3, so 2; a period wholly off asks for nothing. Never more than N.
  public var required: Int {
    Self.required(
      quota.count, periodLength: period.lowerBound.days(to: period.upperBound) + 1, daysOff: daysOff)
  }

  /// The rule of `required`, for `count` over a period of `periodLength` days with `daysOff` off.
  public static func required(_ count: Int, periodLength: Int, daysOff: Int) -> Int {
    let left = max(0, periodLength - daysOff)
    return (count * left + periodLength - 1) / periodLength
  }

  /// Whether the period holds the met days it asks for.
  public var isMet: Bool { met >= required }
}
