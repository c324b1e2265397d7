extension Statistics {
  /// Every figure as of `today`, read day by day from each tracker's history (docs/rules.md):
  /// streaks by each kind's walk; "Trackers completed" and the average count met days; the perfect
  /// days are the days on which some weekday habit is expected (`TrackerHistory.isExpected`: not
  /// an at-most habit's today) and every expected one is met. Quota habits and events take no part
  /// in the perfect days.
  ///
  /// Cost: O(trackers × days since the earliest first day). Right for any tracker; the one-pass
  /// `init(trackers:records:daysOff:today:)` serves yes/no weekday habits and events.
  public init(histories: [TrackerHistory], today: Day) {
    var perTracker: [TrackerStatistics] = []
    var daysWithMet = Set<Day>()
    for history in histories {
      let walk = history.walk(today: today)
      perTracker.append(
        TrackerStatistics(
          trackerID: history.tracker.id, completed: walk.metDays.count, currentStreak: walk.current,
          bestStreak: walk.best))
      daysWithMet.formUnion(walk.metDays)
    }
    let completed = perTracker.map(\.completed).reduce(0, +)
    let takingPart = histories.filter(\.tracker.takesPartInPerfectDays)
    var perfect = 0
    if var day = takingPart.map({ $0.firstDay(today: today) }).min() {
      while day <= today {
        let expected = takingPart.filter { $0.isExpected(on: day, today: today) }
        if !expected.isEmpty, expected.allSatisfy({ $0.isMet(on: day, today: today) }) { perfect += 1 }
        day = day.adding(days: 1)
      }
    }
    self.init(
      bestPeriod: perTracker.map(\.bestStreak).max() ?? 0, perfectDays: perfect, completed: completed,
      average: daysWithMet.isEmpty ? 0 : Double(completed) / Double(daysWithMet.count), trackers: perTracker)
  }
}
