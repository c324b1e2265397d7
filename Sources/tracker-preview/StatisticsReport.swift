import TrackerLocalization
import TrackerModels

/// The statistics as the `stats` command prints them.
struct StatisticsReport {
  let statistics: Statistics
  let trackers: [Tracker]

  /// The four figures (number, then label, as on the screen) and one line per tracker.
  func text(_ localizer: Localizer) -> String {
    var lines = [localizer.text(.statisticsTitle), ""]
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
        lines.append(String(repeating: " ", count: width - number.count) + number + "  " + localizer.text(label))
      }
    }
    if !trackers.isEmpty {
      lines += ["", localizer.text(.statisticsPerTracker)]
      for (tracker, figures) in zip(trackers, statistics.trackers) {
        lines.append(
          "\(tracker.emoji) \(tracker.name): \(localizer.plural(.days, count: figures.completed)); "
            + "\(localizer.text(.statisticsStreakCurrent)) \(localizer.plural(.days, count: figures.currentStreak)), "
            + "\(localizer.text(.statisticsStreakBest)) \(localizer.plural(.days, count: figures.bestStreak))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The JSON of DESIGN.md §9, keys in the documented order; the average rounded to one decimal,
  /// as the screen shows it.
  func json() -> String {
    let perTracker = zip(trackers, statistics.trackers).map { tracker, figures in
      "    {\"id\": \(JSONText.string(tracker.id.uuidString)), \"name\": \(JSONText.string(tracker.name)), "
        + "\"completed\": \(figures.completed), \"currentStreak\": \(figures.currentStreak), "
        + "\"bestStreak\": \(figures.bestStreak)}"
    }
    return """
      {
        "bestPeriod": \(statistics.bestPeriod),
        "perfectDays": \(statistics.perfectDays),
        "completed": \(statistics.completed),
        "average": \(JSONText.number(statistics.averageToOneDecimal)),
        "trackers": [\(perTracker.isEmpty ? "" : "\n" + perTracker.joined(separator: ",\n") + "\n  ")]
      }

      """
  }
}

/// JSON literals written by hand, so key order is the documented one.
enum JSONText {
  /// A JSON string literal, escaping quotes, backslashes and control characters.
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A JSON number: integers without a fraction ("2.0" stays "2.0" so the type reads as Double).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    return String(value)
  }
}
