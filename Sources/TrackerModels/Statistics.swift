import Foundation

/// The statistics screen's four figures and the per-tracker figures behind them (docs/rules.md).
public struct Statistics: Hashable, Sendable {
  /// The highest best streak of any tracker (Лучший период).
  public var bestPeriod: Int
  /// Days on which at least one habit was due and every due habit was done (Идеальные дни).
  public var perfectDays: Int
  /// The number of records on or before today (Трекеров завершено).
  public var completed: Int
  /// Records per distinct day with a record, unrounded; 0 without records (Среднее значение).
  public var average: Double
  /// One entry per tracker, in the order the trackers were given.
  public var trackers: [TrackerStatistics]

  /// Statistics with every figure given.
  public init(
    bestPeriod: Int, perfectDays: Int, completed: Int, average: Double,
    trackers: [TrackerStatistics]
  ) {
    self.bestPeriod = bestPeriod
    self.perfectDays = perfectDays
    self.completed = completed
    self.average = average
    self.trackers = trackers
  }

  /// The average as displayed: rounded half away from zero to one decimal.
  public var averageToOneDecimal: Double {
    (average * 10).rounded(.toNearestOrAwayFromZero) / 10
  }

  /// Whether all four figures are zero, so the screen shows its placeholder.
  public var isEmpty: Bool {
    bestPeriod == 0 && perfectDays == 0 && completed == 0 && average == 0
  }
}

/// One tracker's completions and streaks as of today.
public struct TrackerStatistics: Hashable, Sendable {
  /// The tracker these figures belong to.
  public var trackerID: UUID
  /// Its records on or before today.
  public var completed: Int
  /// The streak still running today.
  public var currentStreak: Int
  /// The highest streak ever reached.
  public var bestStreak: Int

  /// Figures with every value given.
  public init(trackerID: UUID, completed: Int, currentStreak: Int, bestStreak: Int) {
    self.trackerID = trackerID
    self.completed = completed
    self.currentStreak = currentStreak
    self.bestStreak = bestStreak
  }
}
