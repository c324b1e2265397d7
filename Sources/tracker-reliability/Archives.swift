import Foundation

/// Backup files for the suite to import, written as the export format (docs/data-format.md).
enum Archives {
  static let everyDay = #"["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#
  static let colors = ["#FD4C49", "#FF881E", "#007BFA", "#6E44FE", "#33CF69", "#E66DD4"]

  /// A UUID made of `group` and `number`: the same every run.
  static func id(_ group: Int, _ number: Int) -> String {
    String(format: "00000000-0000-4000-%04d-%012d", 8000 + group, number)
  }

  /// `YYYY-MM-DD` of 2026-11-30 minus `daysBack`.
  static func date(daysBack: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    // 2026-11-30 at midnight UTC; the fallback is the same instant.
    let base =
      calendar.date(from: DateComponents(year: 2026, month: 11, day: 30))
      ?? Date(timeIntervalSince1970: 1_795_996_800)
    let day = calendar.date(byAdding: .day, value: -daysBack, to: base) ?? base
    let parts = calendar.dateComponents([.year, .month, .day], from: day)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }

  /// An archive of group `group`: one category, `trackers` habits due every day named
  /// "`prefix` N", each with a record on each of its last `records` days (every `step`-th day).
  static func make(group: Int, prefix: String, trackers: Int, records: Int, step: Int = 1) -> String {
    let category = id(group, 0)
    var lines: [String] = []
    lines.append(#"{"format": "tracker", "version": 1,"#)
    lines.append(#" "categories": [{"id": "\#(category)", "title": "\#(prefix) things"}],"#)
    let trackerLines = (1...max(trackers, 1)).prefix(trackers).map { number in
      #"  {"id": "\#(id(group, number))", "name": "\#(prefix) \#(number)", "emoji": "🙂", "color": "\#(colors[number % colors.count])", "category": "\#(category)", "schedule": \#(everyDay), "pinned": \#(number == 1), "created": "2015-01-01"}"#
    }
    lines.append(#" "trackers": ["#)
    lines.append(trackerLines.joined(separator: ",\n"))
    lines.append(" ],")
    var recordLines: [String] = []
    for number in (1...max(trackers, 1)).prefix(trackers) {
      for back in stride(from: 0, to: records * step, by: step) {
        recordLines.append(
          #"  {"tracker": "\#(id(group, number))", "date": "\#(date(daysBack: back + number % 3))"}"#)
      }
    }
    lines.append(#" "records": ["#)
    lines.append(recordLines.joined(separator: ",\n"))
    lines.append(" ]}")
    return lines.joined(separator: "\n") + "\n"
  }
}
