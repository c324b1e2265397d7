import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerImports
@testable import TrackerStore

private let today = day("2026-11-30")
private let titles = ForeignTitles(loop: "Loop", loopArchive: "Loop · archive", habitBull: "HabitBull")

/// What a habit of a generated backup is, for the direct reading.
private enum Shape {
  /// Yes/no, every day.
  case daily
  /// Numerical, a target a day (thousandths), at most when `atMost`.
  case measurable(target: Int, atMost: Bool)
  /// Numerical, a target of the week's sum (thousandths), at most when `atMost` (issue 49).
  case weekly(target: Int, atMost: Bool)
  /// Numerical, a target of the calendar month's sum, Loop's `freq_den` 30 or 31.
  case monthly(target: Int, atMost: Bool, days: Int)
  /// Yes/no, `times` in `days` days: read by Loop's own code (`LoopOracle`), not by ours.
  case window(times: Int, days: Int)
}

/// One habit of a generated backup with its rows.
private struct GeneratedHabit {
  var row: LoopBackupBuilder.Habit
  var shape: Shape
}

/// A habit read straight from the backup's rows, by the rules of docs/rules.md as they read
/// (independently of the importer and of `TrackerHistory`): its records with their amounts, days
/// off, notes, met days and streaks.
private struct DirectReading {
  var records: [Day: Int?] = [:]  // day → amount in thousandths (nil: a tick)
  var daysOff: Set<Day> = []
  var notes: [Day: String] = [:]
  var metDays: [Day] = []
  var current = 0
  var best = 0
  /// The streaks by Loop's rule for skips: a skipped day adds 1 to the length.
  var loopCurrent = 0
  var loopBest = 0
  /// Days off since the current streak last reset.
  var daysOffInCurrent = 0

  init(_ habit: GeneratedHabit, rows: [LoopBackupBuilder.Repetition]) {
    // Rows in the order written, as SQLite hands them over: of two amounts of a day, the later.
    for row in rows {
      if let note = row.notes, let text = Self.note(note) { notes[row.day] = text }
      switch habit.shape {
      case .daily, .window:
        if row.value == nil || row.value == 2 {
          records[row.day] = .some(nil)
        } else if row.value == 3 {
          daysOff.insert(row.day)
        }
      case .measurable, .weekly, .monthly:
        guard let value = row.value else { continue }
        if value == 3 {
          daysOff.insert(row.day)
        } else if value >= 0 {
          records[row.day] = .some(value)
        }
      }
    }
    daysOff.subtract(records.keys)
    let first = (Array(records.keys) + Array(daysOff) + Array(notes.keys)).min() ?? today
    if case .window(let times, let days) = habit.shape {
      readByLoop(times: times, in: days)
      return
    }
    var day = first
    while day <= today {
      let isOff = daysOff.contains(day)
      if isMet(day, habit.shape) {
        metDays.append(day)
        current += 1
        loopCurrent += 1
      } else if isOff {
        loopCurrent += 1
        daysOffInCurrent += 1
      } else if day != today {
        current = 0
        loopCurrent = 0
        daysOffInCurrent = 0
      }
      best = max(best, current)
      loopBest = max(loopBest, loopCurrent)
      day = day.adding(days: 1)
    }
  }

  /// A window habit as Loop's own code reads it (`LoopOracle`): check-marks YES_MANUAL, skips
  /// SKIP (a stored 1, Loop's own fill, is left out as the importer leaves it out), then every
  /// day Loop computes YES_MANUAL or YES_AUTO up to today is met. Loop's streaks, cut at today,
  /// count a skipped day in their length (the documented difference), so `current` and `best`
  /// take each streak's skipped days out of it: what our rule must give.
  private mutating func readByLoop(times: Int, in days: Int) {
    let entries =
      records.keys.map { LoopOracle.Entry($0.daysSinceEpoch, LoopOracle.yesManual) }
      + daysOff.map { LoopOracle.Entry($0.daysSinceEpoch, LoopOracle.skip) }
    let computed = LoopOracle.computed(entries, numerator: times, denominator: days)
    let end = today.daysSinceEpoch
    metDays = computed.filter {
      ($0.value == LoopOracle.yesManual || $0.value == LoopOracle.yesAuto) && $0.timestamp <= end
    }.map { Day(daysSinceEpoch: $0.timestamp) }.sorted()
    let from = computed.map(\.timestamp).min() ?? end
    let skips = Set(daysOff.map(\.daysSinceEpoch))
    for streak in LoopOracle.streaks(computed, from: from, to: end) {
      let length = streak.end - streak.begin + 1
      let own = length - (streak.begin...streak.end).filter { skips.contains($0) }.count
      best = max(best, own)
      loopBest = max(loopBest, length)
      if streak.end >= end - 1 {
        current = own
        loopCurrent = length
        daysOffInCurrent = length - own
      }
    }
  }

  private func isMet(_ day: Day, _ shape: Shape) -> Bool {
    let target: Int
    let atMost: Bool
    switch shape {
    case .daily, .window: return records[day] != nil
    case .measurable(let total, let most): (target, atMost) = (total, most)
    case .weekly(let total, let most):
      let monday = day.adding(days: 1 - day.weekday.rawValue)
      return isPeriodMet(day, monday...monday.adding(days: 6), target: total, atMost: most)
    case .monthly(let total, let most, _):
      let start = Day(year: day.year, month: day.month, day: 1) ?? day
      let end =
        Day(year: day.year, month: day.month, day: Day.length(ofMonth: day.month, year: day.year)) ?? day
      return isPeriodMet(day, start...end, target: total, atMost: most)
    }
    if !atMost { return records[day].map { ($0 ?? target) >= target } ?? false }
    // At most: judged once the day has ended; nothing entered is 0, on a day not off.
    guard day < today else { return false }
    if let amount = records[day] { return (amount ?? target) <= target }
    return !daysOff.contains(day)
  }

  /// A period target's day (docs/rules.md, "Period targets"): not off, and its period's (a
  /// Monday-to-Sunday week or a calendar month) amounts up to today reach the target scaled by the
  /// period's days off, rounded up to a thousandth; at most, the period has ended with its sum
  /// within it. The first day bounds the period.
  private func isPeriodMet(_ day: Day, _ period: ClosedRange<Day>, target: Int, atMost: Bool) -> Bool {
    guard !daysOff.contains(day) else { return false }
    let first = (Array(records.keys) + Array(daysOff) + Array(notes.keys)).min() ?? today
    let length = period.lowerBound.days(to: period.upperBound) + 1
    var sum = 0
    var off = 0
    for offset in 0..<length {
      let date = period.lowerBound.adding(days: offset)
      guard date >= first else { continue }
      if date <= today, let amount = records[date] { sum += amount ?? target }
      if daysOff.contains(date) { off += 1 }
    }
    let asked = (target * (length - off) + length - 1) / length
    if atMost { return period.upperBound < today && sum <= asked }
    return asked > 0 && sum >= asked
  }

  /// A note's text as the app keeps it: control characters but line breaks as spaces, trimmed,
  /// at most 500 characters (499 and "…"); nil when empty.
  static func note(_ raw: String) -> String? {
    let spaced = String(
      String.UnicodeScalarView(
        raw.unicodeScalars.map { $0 != "\n" && ($0.value < 0x20 || $0.value == 0x7F) ? " " : $0 }))
    let text = spaced.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    guard text.count > 500 else { return text }
    return String(text.prefix(499)).trimmingCharacters(in: .whitespacesAndNewlines) + "…"
  }
}

/// `number` as 8 hexadecimal digits.
private func hex8(_ number: Int) -> String {
  let digits = String(number, radix: 16)
  return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}

/// A backup of `version` with a few habits of every shape the version can hold and random rows
/// over the last `span` days: check-marks, skips, unknowns, amounts, repeats of a day before
/// version 22 (no unique index yet), notes from version 25.
private func generatedBackup(
  version: Int, random: inout StatisticsSummaryTests.Generator
) -> (LoopBackupBuilder, [GeneratedHabit]) {
  var builder = LoopBackupBuilder(version: version)
  var habits: [GeneratedHabit] = []
  let span = Int.random(in: 20...160, using: &random)
  let noteTexts = [
    "", "   ", "sick", "ran in the rain\nwet", "tab\there", String(repeating: "й", count: 600),
    "  trimmed  ", String(repeating: "ab ", count: 200),
  ]
  for number in 1...Int.random(in: 3...7, using: &random) {
    var row = LoopBackupBuilder.Habit(
      id: number, name: "Habit \(number)",
      uuid: [version, number, Int.random(in: 0..<1 << 30, using: &random), 7].map(hex8).joined())
    let shape: Shape
    switch Int.random(in: 0..<(version >= 18 ? 5 : 2), using: &random) {
    case 0:
      let (times, days) = [(3, 7), (2, 30), (2, 10), (1, 31), (1, 2), (6, 7)][
        Int.random(in: 0..<6, using: &random)]
      shape = .window(times: times, days: days)
    case 1: shape = .daily
    case 2, 3:
      let target = Int.random(in: 1...30_000, using: &random)
      shape = .measurable(target: target, atMost: Bool.random(using: &random))
    default:
      let target = Int.random(in: 1...200_000, using: &random)
      let atMost = Bool.random(using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: shape = .weekly(target: target, atMost: atMost)
      case 1: shape = .monthly(target: target, atMost: atMost, days: 30)
      default: shape = .monthly(target: target, atMost: atMost, days: 31)
      }
    }
    switch shape {
    case .daily: row.frequency = (1, 1)
    case .window(let times, let days): row.frequency = (times, days)
    case .measurable(let target, let atMost), .weekly(let target, let atMost),
      .monthly(let target, let atMost, _):
      row.type = 1
      row.targetType = atMost ? 1 : 0
      // Loop's double, sometimes a hair off the thousandth it means.
      let noise = Bool.random(using: &random) ? "0000001" : ""
      row.targetValue = "\(target / 1000).\(String(format: "%03d", target % 1000))\(noise)"
      row.unit = ["km", "", "pages", "glasses of water"][Int.random(in: 0..<4, using: &random)]
      if case .weekly = shape { row.frequency = (1, 7) }
      if case .monthly(_, _, let days) = shape { row.frequency = (1, days) }
    }
    builder.habits.append(row)
    habits.append(GeneratedHabit(row: row, shape: shape))
    for back in stride(from: span, through: 0, by: -1) where Int.random(in: 0..<10, using: &random) < 7 {
      let date = today.adding(days: -back)
      let value: Int?
      if version < 16 {
        value = nil
      } else if row.type == 1 {
        let target = Int(Double(row.targetValue).map { $0 * 1000 } ?? 1000)
        value =
          [3, -1, 0, Int.random(in: 0...(2 * target + 1), using: &random)][
            Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0..<3, using: &random) : 3]
      } else {
        value = [2, 2, 2, 3, 1, 0, -1][Int.random(in: 0..<7, using: &random)]
      }
      let note =
        version >= 25 && Int.random(in: 0..<5, using: &random) == 0
        ? noteTexts[Int.random(in: 0..<noteTexts.count, using: &random)] : nil
      builder.repetitions.append(
        LoopBackupBuilder.Repetition(habit: number, day: date, value: value, notes: note))
      if version < 22, Int.random(in: 0..<15, using: &random) == 0 {
        // A second row of the same day, as Loop before version 22 could leave.
        let again: Int? = version < 16 ? nil : (row.type == 1 ? Int.random(in: 0...9_000, using: &random) : 3)
        builder.repetitions.append(LoopBackupBuilder.Repetition(habit: number, day: date, value: again))
      }
    }
  }
  return (builder, habits)
}

@Suite(
  "Loop backups of versions 12 to 25 against a direct reading of their rows and Loop's own code",
  .temporaryFolders)
struct LoopImportProofTests {
  @Test(arguments: Array(12...25))
  func metDaysDaysOffAndStreaksAgreeWithADirectReadingOfTheBackup(version: Int) throws {
    var random = StatisticsSummaryTests.Generator(seed: UInt64(version) * 7_919)
    var checked = 0
    var daysOffSeen = 0
    for attempt in 0..<6 {
      let (builder, habits) = generatedBackup(version: version, random: &random)
      let path = TemporaryFolder().path("Loop Habits Backup.db")
      try builder.write(to: path)
      let kind: StoreKind = attempt % 3 == 0 ? .sqlite : .memory
      let store = try kind.makeStore()
      let file = try #require(OtherTrackerFile.read(file: path, today: today)).get()
      _ = try store.importForeign(file, titles: titles, today: today)
      let trackers = try store.trackers().map(\.tracker)
      let contents = try store.contents()
      let statistics = [
        try store.statistics(asOf: today),
        Statistics(trackers: trackers, records: contents.records, daysOff: contents.daysOff, today: today),
      ]
      for habit in habits {
        let context = "v\(version) #\(attempt) \(habit.row.name) \(habit.shape)"
        let tracker = try #require(trackers.first { $0.name == habit.row.name }, "\(context)")
        let direct = DirectReading(habit, rows: builder.repetitions.filter { $0.habit == habit.row.id })
        // Every record with its amount, every day off and every note, whatever the shape.
        let stored = try store.records(trackerID: tracker.id)
        if case .window = habit.shape {
          #expect(Set(stored.map(\.day)) == Set(direct.records.keys), "\(context)")
        } else {
          #expect(
            Dictionary(uniqueKeysWithValues: stored.map { ($0.day, $0.amount?.thousandths) })
              == direct.records, "\(context)")
        }
        #expect(Set(try store.daysOff(trackerID: tracker.id)) == direct.daysOff, "\(context)")
        #expect(
          Dictionary(uniqueKeysWithValues: try store.notes(trackerID: tracker.id).map { ($0.day, $0.text) })
            == direct.notes, "\(context)")
        checked += 1
        daysOffSeen += direct.daysOff.count
        // Met days as the store's rules judge them, day by day (Loop's windows may fill days
        // before the first check-in: the first day follows them).
        let history = TrackerHistory(
          tracker: tracker, records: stored,
          daysOff: direct.daysOff.map { TrackerDayOff(trackerID: tracker.id, day: $0) })
        let first = min(history.firstDay(today: today), direct.metDays.first ?? today)
        let met = (first.daysSinceEpoch...today.daysSinceEpoch).map { Day(daysSinceEpoch: $0) }
          .filter { history.isMet(on: $0, today: today) }
        #expect(met == direct.metDays, "\(context)")
        // The figures the screens show: the store's kept summary and a full computation.
        for figures in statistics {
          let own = try #require(figures.trackers.first { $0.trackerID == tracker.id }, "\(context)")
          #expect(own.completed == direct.metDays.count, "\(context)")
          #expect(own.currentStreak == direct.current && own.bestStreak == direct.best, "\(context)")
        }
        // The one rule that differs: Loop counts a skipped day in a streak's length. Without
        // days off the two agree; with them Loop's current streak is longer by exactly the days
        // off it spans.
        if direct.daysOff.isEmpty {
          #expect(direct.loopCurrent == direct.current && direct.loopBest == direct.best, "\(context)")
        } else {
          #expect(direct.loopCurrent == direct.current + direct.daysOffInCurrent, "\(context)")
          #expect(direct.loopBest >= direct.best, "\(context)")
        }
      }
      // The same backup again adds nothing: no tracker, record, amount, day off or note.
      let again = try store.importForeign(
        try #require(OtherTrackerFile.read(file: path, today: today)).get(), titles: titles, today: today)
      #expect(again.addedNothing, "v\(version) #\(attempt)")
      #expect(try store.contents() == contents, "v\(version) #\(attempt)")
    }
    #expect(checked > 5)
    if version >= 16 { #expect(daysOffSeen > 0) }
  }
}
