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
    let sortedDays = days.isSortedStrictly ? days : records.keys.sorted()
    recordDays = sortedDays
    filledByWindows = tracker.window.map { Self.filled(by: $0, checkIns: sortedDays) } ?? []
    earliestFilledByWindows = filledByWindows.min()
  }

  /// The earliest of `filledByWindows`.
  private let earliestFilledByWindows: Day?

  /// A window habit's days filled by its windows from every record (records after a `today`
  /// asked about need a fill of their own: `windowFilled(today:)`).
  private let filledByWindows: Set<Day>

  private static func filled(by window: TimesInDays, checkIns: [Day]) -> Set<Day> {
    var days = Set<Day>()
    for range in window.filledWindows(checkIns: checkIns) {
      var day = range.lowerBound
      while day <= range.upperBound {
        days.insert(day)
        day = day.adding(days: 1)
      }
    }
    return days
  }

  /// The days a window habit's windows fill as of `today` (records after it ignored).
  private func windowFilled(today: Day) -> Set<Day> {
    guard let window = tracker.window, let last = recordDays.last, last > today else {
      return filledByWindows
    }
    return Self.filled(by: window, checkIns: recordDays.filter { $0 <= today })
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

  /// The first day as of `today`: the earlier of creation and the earliest record on or before it,
  /// and for a window habit the earliest day its windows fill (Loop slides a window back past its
  /// first check-in, and counts those days: so do we).
  public func firstDay(today: Day) -> Day {
    var first = tracker.createdOn
    if let earliest = recordDays.first, earliest <= today { first = min(first, earliest) }
    if tracker.window != nil {
      let earliestFilled: Day?
      if let last = recordDays.last, last > today {
        earliestFilled = windowFilled(today: today).min()
      } else {
        earliestFilled = earliestFilledByWindows
      }
      if let earliestFilled { first = min(first, earliestFilled) }
    }
    return first
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
    isMet(
      on: day, today: today, firstDay: firstDay,
      filled: tracker.window == nil ? [] : windowFilled(today: today))
  }

  /// `isMet` with a window habit's filled days already made (`windowFilled(today:)`). A window
  /// habit (docs/rules.md, "N times in Y days"): a day with a record, or one its windows fill and
  /// not off. A period target: a due day, not off, on or after the first day, of a period whose
  /// sum meets the target (`periodSum`).
  private func isMet(on day: Day, today: Day, firstDay: Day, filled: Set<Day>) -> Bool {
    guard day <= today else { return false }
    let record = records[day]
    if tracker.window != nil { return record != nil || (filled.contains(day) && !daysOff.contains(day)) }
    guard let goal = tracker.measure.goal else { return record != nil }
    if let period = goal.period {
      guard day >= firstDay, tracker.isDue(on: day), !daysOff.contains(day) else { return false }
      return sum(of: goal, over: Quota.days(of: period, containing: day), today: today, firstDay: firstDay)
        .isMet
    }
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
    if let goal = tracker.measure.goal, goal.direction == .atMost {
      // An at-most day, or period, is judged once it has ended.
      let end = goal.period.map { Quota.days(of: $0, containing: day).upperBound } ?? day
      if end >= today { return false }
    }
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

  /// A period target's sum in the period `day` falls in, as of `today` ("32,000 of 50,000 steps
  /// this week"); nil without a period target.
  public func periodSum(containing day: Day, today: Day) -> PeriodSum? {
    guard let goal = tracker.measure.goal, let period = goal.period else { return nil }
    return sum(
      of: goal, over: Quota.days(of: period, containing: day), today: today, firstDay: firstDay(today: today))
  }

  /// The amounts of `days` on or before today and on or after the first day (a record without
  /// an amount counts the whole target: a tick says the target was met), and its days off there.
  private func sum(of goal: MeasureGoal, over days: ClosedRange<Day>, today: Day, firstDay: Day) -> PeriodSum
  {
    var total = 0
    var off = 0
    var day = max(days.lowerBound, firstDay)
    while day <= days.upperBound {
      if day <= today, let record = records[day] { total += (record.amount ?? goal.target).thousandths }
      if daysOff.contains(day) { off += 1 }
      day = day.adding(days: 1)
    }
    return PeriodSum(
      goal: goal, period: days, thousandths: total, daysOff: off, hasEnded: days.upperBound < today)
  }

  /// A window habit's check-ins in the `window.days` days up to `day` ("1/2 in 10 days"), as of
  /// `today`, and whether a filled window covers `day`; nil without a window.
  public func windowProgress(on day: Day, today: Day) -> WindowProgress? {
    guard let window = tracker.window else { return nil }
    let from = day.adding(days: 1 - window.days)
    let checkIns = recordDays.filter { $0 >= from && $0 <= min(day, today) }.count
    let isFilled = day <= today && windowFilled(today: today).contains(day)
    return WindowProgress(window: window, checkIns: checkIns, isFilled: isFilled)
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
    if tracker.window != nil { return walk(today: today).metDays.count }
    guard let goal = tracker.measure.goal else { return records.count }
    if goal.period != nil { return walk(today: today).metDays.count }
    switch goal.direction {
    case .atLeast: return records.values.filter { goal.isMet(by: $0.amount ?? goal.target) }.count
    case .atMost: return walk(today: today).metDays.count
    }
  }

  /// The streak walk from the first day to `today`. Weekday habits, window habits and events: a
  /// met day adds 1; a due day, not met and not off, resets to 0, except today; other days change
  /// nothing. Quota habits and period targets: a met day adds 1, other days nothing, and the last
  /// day of a past period that was not met resets to 0 (the current period never resets).
  func walk(today: Day) -> StreakWalk {
    let first = firstDay(today: today)
    let quota = tracker.quota
    let periodTarget = tracker.measure.goal.flatMap { goal in goal.period.map { (goal, $0) } }
    let resetsByPeriod = quota != nil || periodTarget != nil
    let filled = tracker.window == nil ? [] : windowFilled(today: today)
    var result = StreakWalk()
    var count = 0
    var metInPeriod = 0
    var offInPeriod = 0
    var day = first
    while day <= today {
      let isOff = daysOff.contains(day)
      if isMet(on: day, today: today, firstDay: first, filled: filled) {
        count += 1
        metInPeriod += 1
        result.metDays.append(day)
      } else if !resetsByPeriod, !isOff, day != today, tracker.isDue(on: day) {
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
      if let (goal, period) = periodTarget, Quota.endsPeriod(period, day) {
        // A period wholly off asks for nothing: it meets nothing and breaks nothing, as a quota's.
        let sum = sum(of: goal, over: Quota.days(of: period, containing: day), today: today, firstDay: first)
        if day < today, sum.asksSomething, !sum.isMet { count = 0 }
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

/// A period target's progress in one period (docs/rules.md, "Period targets"): the card shows
/// `sum` of `required` ("32,000 / 50,000 steps this week").
public struct PeriodSum: Hashable, Sendable {
  /// The goal, its `period` set.
  public var goal: MeasureGoal
  /// The period's days, whole.
  public var period: ClosedRange<Day>
  /// The amounts entered in the period on or after the first day, up to today, in thousandths:
  /// exact, past the largest amount one day may hold (31 of them fit many times over in an Int).
  public var thousandths: Int
  /// Days off in the period on or after the first day, planned ones after today included.
  public var daysOff: Int
  /// Whether the period ended before today.
  public var hasEnded: Bool

  /// A sum with every field given.
  public init(goal: MeasureGoal, period: ClosedRange<Day>, thousandths: Int, daysOff: Int, hasEnded: Bool) {
    self.goal = goal
    self.period = period
    self.thousandths = thousandths
    self.daysOff = daysOff
    self.hasEnded = hasEnded
  }

  /// The sum as an amount to show; one past the largest amount shows as the largest (the
  /// verdict reads `thousandths`, never this).
  public var sum: Amount { Amount(thousandths: min(thousandths, Amount.maximum.thousandths)) ?? .maximum }

  /// Whether the period asks for anything: not when it is wholly off (and an at-least target
  /// scaled to nothing).
  public var asksSomething: Bool { required.isPositive || (goal.direction == .atMost && daysOff < length) }

  private var length: Int { period.lowerBound.days(to: period.upperBound) + 1 }

  /// The target scaled by the share of the period's days that are not off, rounded up to a
  /// thousandth, as a quota's N is (a week of 50,000 steps with 2 days off asks 35,714.286).
  public var required: Amount {
    let length = period.lowerBound.days(to: period.upperBound) + 1
    let thousandths = QuotaProgress.required(goal.target.thousandths, periodLength: length, daysOff: daysOff)
    return Amount(thousandths: thousandths) ?? goal.target
  }

  /// At least: the sum has reached the target (and something is asked). At most: the period has
  /// ended with its sum within the target.
  public var isMet: Bool {
    switch goal.direction {
    case .atLeast: return required.isPositive && thousandths >= required.thousandths
    case .atMost: return hasEnded && thousandths <= required.thousandths
    }
  }
}

/// A window habit's check-ins in the Y days up to a day (docs/rules.md, "N times in Y days").
public struct WindowProgress: Hashable, Sendable {
  /// The schedule.
  public var window: TimesInDays
  /// Check-ins (records) in the Y days ending on the day, none after today.
  public var checkIns: Int
  /// Whether a filled window covers the day, today or before (so it is met, with or without its
  /// own check-in, unless it is a day off).
  public var isFilled: Bool

  /// A progress with every field given.
  public init(window: TimesInDays, checkIns: Int, isFilled: Bool) {
    self.window = window
    self.checkIns = checkIns
    self.isFilled = isFilled
  }
}
