import TrackerModels

/// Loop Habit Tracker's own code for a yes/no habit's days and streaks, transcribed line by line
/// from its Kotlin (`EntryList.recomputeFrom`, `buildIntervals`, `snapIntervalsTogether`,
/// `buildEntriesFromInterval`, `StreakList.recompute`; iSoron/uhabits, uhabits-core), on day
/// numbers instead of timestamps. The tests read our rules against it: it is written in Loop's
/// shape (lists newest first, values per day), not ours, so a slip in either shows.
public enum LoopOracle {
  /// Loop's entry values.
  public static let unknown = -1
  public static let no = 0
  public static let yesAuto = 1
  public static let yesManual = 2
  public static let skip = 3

  /// One day's value (`Entry`), `timestamp` a day number.
  public struct Entry: Equatable {
    public var timestamp: Int
    public var value: Int

    public init(_ timestamp: Int, _ value: Int) {
      self.timestamp = timestamp
      self.value = value
    }
  }

  /// `EntryList.Interval`.
  public struct Interval: Equatable {
    public var begin: Int
    public var center: Int
    public var end: Int

    public init(_ begin: Int, _ center: Int, _ end: Int) {
      self.begin = begin
      self.center = center
      self.end = end
    }
  }

  /// `recomputeFrom` for a boolean habit of frequency `numerator`/`denominator`: the computed
  /// entries, newest first, UNKNOWN ones left out. `original` in any order.
  public static func computed(_ original: [Entry], numerator: Int, denominator: Int) -> [Entry] {
    let known = original.sorted { $0.timestamp > $1.timestamp }
    var intervals = buildIntervals(numerator, denominator, known)
    snapIntervalsTogether(&intervals)
    return buildEntriesFromInterval(known, intervals).filter { $0.value != unknown }
  }

  public static func buildIntervals(_ num: Int, _ den: Int, _ entries: [Entry]) -> [Interval] {
    let filtered = entries.filter { $0.value == yesManual }
    var intervals: [Interval] = []
    guard num - 1 < filtered.count else { return intervals }
    for i in (num - 1)..<filtered.count {
      let begin = filtered[i].timestamp
      let center = filtered[i - num + 1].timestamp
      var size = den
      if den == 30 || den == 31 {
        let beginDate = Day(daysSinceEpoch: begin)
        size =
          beginDate.day == beginDate.daysInMonth
          ? beginDate.adding(days: 1).daysInMonth : beginDate.daysInMonth
      }
      if center - begin < size {
        intervals.append(Interval(begin, center, begin + size - 1))
      }
    }
    return intervals
  }

  public static func snapIntervalsTogether(_ intervals: inout [Interval]) {
    guard intervals.count > 1 else { return }
    for i in 1..<intervals.count {
      let curr = intervals[i]
      let next = intervals[i - 1]
      let gapNextToCurrent = curr.end - next.begin
      let gapCenterToEnd = curr.end - curr.center
      if gapNextToCurrent >= 0 {
        let shift = min(gapCenterToEnd, gapNextToCurrent + 1)
        intervals[i] = Interval(curr.begin - shift, curr.center, curr.end - shift)
      }
    }
  }

  public static func buildEntriesFromInterval(_ original: [Entry], _ intervals: [Interval]) -> [Entry] {
    var result: [Entry] = []
    guard let firstEntry = original.first else { return result }
    var from = firstEntry.timestamp
    var to = firstEntry.timestamp
    for e in original {
      if e.timestamp < from { from = e.timestamp }
      if e.timestamp > to { to = e.timestamp }
    }
    for interval in intervals {
      if interval.begin < from { from = interval.begin }
      if interval.end > to { to = interval.end }
    }
    var current = to
    while current >= from {
      result.append(Entry(current, unknown))
      current -= 1
    }
    for interval in intervals {
      current = interval.end
      while current >= interval.begin {
        result[to - current] = Entry(current, yesAuto)
        current -= 1
      }
    }
    for entry in original {
      let offset = to - entry.timestamp
      let value =
        result[offset].value == unknown || entry.value == skip || entry.value == yesManual
        ? entry.value : yesAuto
      result[offset] = Entry(entry.timestamp, value)
    }
    return result
  }

  /// `StreakList.recompute` for a boolean habit over `from...to`: each streak as (begin, end),
  /// newest first.
  public static func streaks(_ computed: [Entry], from: Int, to: Int) -> [(begin: Int, end: Int)] {
    let byDay = Dictionary(computed.map { ($0.timestamp, $0.value) }, uniquingKeysWith: { first, _ in first })
    var timestamps: [Int] = []
    var current = to
    while current >= from {
      if (byDay[current] ?? unknown) > 0 { timestamps.append(current) }
      current -= 1
    }
    guard var begin = timestamps.first else { return [] }
    var end = begin
    var list: [(begin: Int, end: Int)] = []
    for current in timestamps.dropFirst() {
      if current == begin - 1 {
        begin = current
      } else {
        list.append((begin, end))
        begin = current
        end = current
      }
    }
    list.append((begin, end))
    return list
  }
}
