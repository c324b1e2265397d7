import TrackerArchiveCodec
import TrackerLocalization
import TrackerModels
import TrackerStore

/// The statistics as the `stats` command prints them.
struct StatisticsReport {
  let statistics: Statistics
  let trackers: [Tracker]
  /// The category the figures are of (`stats --category`), nil for all.
  var category: TrackerCategory? = nil

  /// The four figures (number, then label, as on the screen) and one line per tracker.
  func text(_ localizer: Localizer) -> String {
    let title = localizer.text(.statisticsTitle)
    var lines = [category.map { title + " · " + TerminalSafe.text($0.title) } ?? title, ""]
    if statistics.isEmpty {
      lines.append(localizer.text(.statisticsPlaceholder))
    } else {
      let figures: [(String, TextKey)] = [
        (localizer.integer(statistics.bestPeriod), .statisticsBestPeriod),
        (localizer.integer(statistics.perfectDays), .statisticsPerfectDays),
        (localizer.integer(statistics.completed), .statisticsCompleted),
        (localizer.decimal(statistics.average), .statisticsAverage),
      ]
      let width = figures.map(\.0.count).max() ?? 0
      for (number, label) in figures {
        lines.append(
          String(repeating: " ", count: width - number.count) + number + "  " + localizer.text(label))
      }
    }
    if !trackers.isEmpty {
      lines += ["", localizer.text(.statisticsPerTracker)]
      for (tracker, figures) in zip(trackers, statistics.trackers) {
        lines.append(
          "\(TerminalSafe.text(tracker.emoji)) \(TerminalSafe.text(tracker.name)): \(localizer.plural(.days, count: figures.completed)); "
            + "\(localizer.text(.statisticsStreakCurrent)) \(localizer.plural(.days, count: figures.currentStreak)), "
            + "\(localizer.text(.statisticsStreakBest)) \(localizer.plural(.days, count: figures.bestStreak))"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The JSON of docs/command-line.md, keys in the documented order; `average` is the exact
  /// quotient (the screens round it, the JSON does not).
  func json() -> String {
    let perTracker = zip(trackers, statistics.trackers).map { tracker, figures in
      JSONValue.object([
        ("id", .string(tracker.id.uuidString)),
        ("name", .string(tracker.name)),
        ("completed", .int(figures.completed)),
        ("currentStreak", .int(figures.currentStreak)),
        ("bestStreak", .int(figures.bestStreak)),
      ])
    }
    return JSONWriter.write(
      .object(
        (category.map { [("category", JSONValue.string($0.title))] } ?? []) + [
          ("bestPeriod", .int(statistics.bestPeriod)),
          ("perfectDays", .int(statistics.perfectDays)),
          ("completed", .int(statistics.completed)),
          ("average", .number(String(statistics.average))),
          ("trackers", .array(perTracker)),
        ]))
  }
}
