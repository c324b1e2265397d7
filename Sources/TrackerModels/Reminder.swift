import Foundation

/// A time of day for the daily reminder, hours and minutes (seed 004, step 5).
public struct ReminderTime: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let hour: Int
  public let minute: Int

  /// The time `hour`:`minute`, or nil outside 00:00…23:59.
  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  /// Parses "HH:MM" (also "H:MM"), surrounding white space ignored; nil for anything else.
  public init?(_ text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let hour = Int(parts[0]), let minute = Int(parts[1])
    else { return nil }
    self.init(hour: hour, minute: minute)
  }

  /// 20:00, the default (docs/rules.md).
  public static let evening = ReminderTime(hour: 20, minute: 0)!

  /// "08:05".
  public var description: String {
    (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
  }

  /// Minutes since midnight.
  public var minutes: Int { hour * 60 + minute }

  public static func < (lhs: ReminderTime, rhs: ReminderTime) -> Bool { lhs.minutes < rhs.minutes }
}

/// The daily reminder's setting: off by default, at 20:00.
public struct ReminderSettings: Hashable, Sendable {
  public var isOn: Bool
  public var time: ReminderTime

  /// A setting with every field given; the defaults are off at 20:00.
  public init(isOn: Bool = false, time: ReminderTime = .evening) {
    self.isOn = isOn
    self.time = time
  }

  /// The day's progress the reminder reports: how many of the habits due on a day are done.
  public struct Progress: Hashable, Sendable {
    public var done: Int
    public var due: Int

    /// A progress with every field given.
    public init(done: Int, due: Int) {
      self.done = done
      self.due = due
    }
  }

  /// The progress of `day`: habits due and shown that day (docs/rules.md, visibility) and not off
  /// that day, and how many of them have a record. Irregular events take no part, as in the
  /// perfect days.
  public static func progress(
    on day: Day, trackers: [TrackerSummary], completed: Set<UUID>, off: Set<UUID> = []
  ) -> Progress {
    let due = trackers.filter {
      $0.tracker.kind.isHabit && $0.isVisible(on: day) && !off.contains($0.tracker.id)
    }
    return Progress(done: due.filter { completed.contains($0.tracker.id) }.count, due: due.count)
  }

  /// The progress of `day` for trackers of any measure and schedule (docs/rules.md, "Daily
  /// reminder"): the habits expected that day (`TrackerHistory.isExpected`: weekday habits on
  /// their days, quota habits while their period is not met, neither on a day off nor an at-most
  /// habit's today), and how many of them are met. For yes/no weekday habits it equals
  /// `progress(on:trackers:completed:off:)`.
  public static func progress(on day: Day, histories: [TrackerHistory], today: Day) -> Progress {
    let expected = histories.filter { $0.isExpected(on: day, today: today) }
    return Progress(done: expected.filter { $0.isMet(on: day, today: today) }.count, due: expected.count)
  }

  /// Whether the reminder fires at `time` on a day with `progress`: it is on, the time has come,
  /// and some habit due that day is not done (otherwise it stays silent). Times are read within the
  /// day as `dayStart` defines it (docs/rules.md): with a start at 08:00, 07:05 is late in the day
  /// that began yesterday at 08:00, so a reminder at 21:30 still speaks then, and one at 02:00
  /// speaks at 02:00 of the next calendar day.
  public func fires(at time: ReminderTime, dayStart: DayStart = .midnight, with progress: Progress) -> Bool {
    isOn && Self.minutes(time, into: dayStart) >= Self.minutes(self.time, into: dayStart)
      && progress.done < progress.due
  }

  /// How many minutes into the day that begins at `dayStart` the wall-clock `time` falls.
  static func minutes(_ time: ReminderTime, into dayStart: DayStart) -> Int {
    let sinceMidnight = time.hour * 60 + time.minute
    return (sinceMidnight - dayStart.hour * 60 + 24 * 60) % (24 * 60)
  }
}
