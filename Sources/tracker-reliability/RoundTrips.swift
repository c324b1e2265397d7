import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// "Every export restores" (docs/data-format.md): random sequences of what a user does — done and
/// undone on any day the app lets them tick, amounts entered and cleared, notes written, changed
/// and cleared, days off one at a time and in ranges for every tracker, measurable and quota
/// trackers created, edits with more or fewer tracked days, another schedule (weekdays or a
/// quota) and another measure, pins, deletions, the day start hour and the reminder changed, time
/// passing — run on both stores in step. After each
/// sequence both stores export the same bytes, and that archive imports into an empty store of
/// either kind and exports again byte for byte; imported again into the store it came from, it
/// adds nothing.
extension Reliability {
  /// The part `roundtrip`.
  mutating func roundTrips() throws -> Report {
    var report = Report(part: "roundtrip")
    report.watch(
      "stores that disagree", "exports an empty store refused", "exports not restored byte for byte",
      "own backups not taken as nothing new", "actions refused")
    for sequence in 0..<scale.roundTrips {
      var trial = RoundTrip(
        seed: random.next(), folder: folder.appendingPathComponent("roundtrip-\(sequence)"))
      defer { trial.removeFolder() }
      do {
        try trial.play(&report)
      } catch {
        report.fail("actions refused", example: "sequence \(sequence): \(error)")
      }
      report.count("sequences")
    }
    return report
  }
}

/// One random sequence of user actions on an in-memory store and a SQLite one.
struct RoundTrip {
  var random: SplitMix64
  let folder: URL
  /// The calendar day on the wall clock and the hour it is there; "today" follows the day start.
  var calendarDay: Day
  var hour: Int
  var dayStart = DayStart.midnight
  var reminder = ReminderSettings()
  var nextNumber = 1

  init(seed: UInt64, folder: URL) {
    random = SplitMix64(seed: seed)
    self.folder = folder
    // Any day from 2026 to 2028: year ends, the leap day and every weekday come round.
    let start = Day(year: 2026, month: 1, day: 1)?.daysSinceEpoch ?? 20_454
    calendarDay = Day(daysSinceEpoch: start + Int.random(in: 0..<1000, using: &random))
    hour = Int.random(in: 0..<24, using: &random)
  }

  func removeFolder() { try? FileManager.default.removeItem(at: folder) }

  /// "Today" as the day start hour counts it: before the hour it is still the day before.
  var today: Day { hour < dayStart.hour ? calendarDay.adding(days: -1) : calendarDay }

  mutating func play(_ report: inout Reliability.Report) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let stores: [any TrackerDataStore] = [
      InMemoryTrackerStore(),
      try SQLiteTrackerStore(path: folder.appendingPathComponent("source.sqlite").path, now: Date()),
    ]
    for _ in 0..<Int.random(in: 5...40, using: &random) {
      try act(on: stores)
    }
    let exports = try stores.map(Self.export)
    guard exports[0] == exports[1] else {
      report.fail("stores that disagree", example: Self.difference(exports[0], exports[1]))
      return
    }
    let archive = exports[0]
    // How many carried measures, quotas, amounts or notes: the version-3 part was exercised.
    if archive.contains("\n  \"version\": 3,\n") { report.count("archives of version 3") }
    if archive.contains("\n  \"version\": 4,\n") { report.count("archives of version 4") }
    let targets: [any TrackerDataStore] = [
      InMemoryTrackerStore(),
      try SQLiteTrackerStore(path: folder.appendingPathComponent("target.sqlite").path, now: Date()),
    ]
    for target in targets {
      do {
        try Self.restore(archive, into: target, today: today)
      } catch {
        report.fail("exports an empty store refused", example: "\(error)\n\(archive)")
        continue
      }
      let again = try Self.export(target)
      if again != archive {
        report.fail("exports not restored byte for byte", example: Self.difference(archive, again))
      }
    }
    // The backup taken back into the store it came from: nothing new, nothing changed.
    for store in stores {
      let summary: ImportSummary
      do {
        summary = try store.importArchive(archive, today: today)
      } catch {
        report.fail("own backups not taken as nothing new", example: "\(error)")
        continue
      }
      let exported = try Self.export(store)
      if summary.added != .empty || exported != archive {
        report.fail("own backups not taken as nothing new", example: "\(summary.added)")
      }
    }
  }

  /// The archive `export` writes for `store`, with its reminder and day start.
  static func export(_ store: any TrackerDataStore) throws -> String {
    let (settings, contents) = try store.read { (store) throws(StoreError) in
      (try store.settings(), try store.contents())
    }
    return TrackerArchive.export(contents, reminder: settings.reminder, dayStart: settings.dayStart)
  }

  /// What `import` does on an empty store: the archive, then its reminder and day start.
  static func restore(_ archive: String, into store: any TrackerDataStore, today: Day) throws {
    let summary = try store.importArchive(archive, today: today)
    try store.updateSettings { settings in
      settings.isOnboardingDone = true
      if let reminder = summary.reminder { settings.reminder = reminder }
      if let dayStart = summary.dayStart { settings.dayStart = dayStart }
    }
  }

  /// The first line where two archives differ, for whoever investigates.
  static func difference(_ one: String, _ other: String) -> String {
    let (left, right) = (one.split(separator: "\n"), other.split(separator: "\n"))
    for (index, pair) in zip(left, right).enumerated() where pair.0 != pair.1 {
      return "line \(index + 1): \(pair.0) ≠ \(pair.1)"
    }
    return "\(left.count) lines ≠ \(right.count) lines"
  }

  // MARK: Actions

  static let names = ["Бег", "Ёлка", "елка", "Read books", "read", "Água", "Zebra", "Йога", "Éclair", "yoga"]

  /// One random action, the same on every store; each is one the app or the command line offers.
  mutating func act(on stores: [any TrackerDataStore]) throws {
    let trackers = try stores[0].trackers()
    let categories = try stores[0].categories()
    let roll = Int.random(in: 0..<100, using: &random)
    func each(_ body: (any TrackerDataStore) throws -> Void) throws {
      for store in stores { try body(store) }
    }
    if !trackers.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
      try measureOrNote(trackers.map(\.tracker), each: each)
      return
    }
    if categories.isEmpty || roll < 4 {
      let category = TrackerCategory(id: nextID(), title: "Category \(nextNumber)")
      try each { try $0.createCategory(category) }
    } else if trackers.isEmpty || roll < 14 {
      // Created today: a habit on some weekdays or an irregular event.
      let taken = Set(trackers.map { NameRules.comparisonKey($0.tracker.name) })
      guard
        let name = (Self.names + ["Habit \(nextNumber)"]).filter({
          !taken.contains(NameRules.comparisonKey($0))
        })
        .randomElement(using: &random)
      else { return }
      let tracker = Tracker(
        id: nextID(), name: name,
        emoji: TrackerEmoji.all.randomElement(using: &random) ?? TrackerEmoji.all[0],
        color: TrackerColor.palette.randomElement(using: &random) ?? TrackerColor.palette[0],
        categoryID: categories[Int.random(in: 0..<categories.count, using: &random)].id, createdOn: today,
        kind: Int.random(in: 0..<4, using: &random) == 0 ? .event : .habit(randomSchedule()),
        measure: randomMeasure()
      ).fitted()
      try each { try $0.createTracker(tracker) }
    } else if roll < 40 {
      // done / undone, on any day the grid and the command line let a user tick.
      let tracker = trackers[Int.random(in: 0..<trackers.count, using: &random)].tracker
      let day = today.adding(days: -Int.random(in: 0...45, using: &random))
      guard tracker.canBeTicked(on: day, today: today) else { return }
      try each { try $0.toggleRecord(trackerID: tracker.id, on: day) }
    } else if roll < 55 {
      // skip / unskip one tracker, one day or a range, where it is shown (ahead of today too).
      let summary = trackers[Int.random(in: 0..<trackers.count, using: &random)]
      let start = today.adding(days: Int.random(in: -40...20, using: &random))
      let days = (0..<Int.random(in: 1...7, using: &random)).map { start.adding(days: $0) }
      let isOff = Int.random(in: 0..<3, using: &random) > 0
      let chosen = isOff ? days.filter { summary.isVisible(on: $0) } : days
      guard !chosen.isEmpty else { return }
      try each { try $0.setDaysOff(isOff, trackerID: summary.tracker.id, on: chosen) }
    } else if roll < 60 {
      // skip --all / unskip --all over a range: one transaction for every tracker.
      let start = today.adding(days: Int.random(in: -30...20, using: &random))
      let days = (0..<Int.random(in: 1...14, using: &random)).map { start.adding(days: $0) }
      let isOff = Bool.random(using: &random)
      let marks = trackers.flatMap { summary in
        (isOff ? days.filter { summary.isVisible(on: $0) } : days).map {
          TrackerDayOff(trackerID: summary.tracker.id, day: $0)
        }
      }
      try each { try $0.setDaysOff(isOff, marks) }
    } else if roll < 72 {
      // The edit screen: maybe another schedule, and more or fewer tracked days, saved at once.
      let summary = trackers[Int.random(in: 0..<trackers.count, using: &random)]
      var tracker = summary.tracker
      if case .habit = tracker.kind, Bool.random(using: &random) { tracker.kind = .habit(randomSchedule()) }
      if Int.random(in: 0..<4, using: &random) == 0 { tracker.measure = randomMeasure() }
      tracker = tracker.fitted()
      let recorded = Set(try stores[0].recordDays(trackerID: tracker.id))
      let daysOff = Set(try stores[0].daysOff(trackerID: tracker.id))
      let change = Int.random(in: -3...3, using: &random)
      let added =
        change > 0
        ? TrackedDaysEdit.daysToAdd(
          count: change, kind: tracker.kind, recordedDays: recorded, daysOff: daysOff, today: today) : []
      let removed = change < 0 ? TrackedDaysEdit.daysToRemove(count: -change, recordedDays: recorded) : []
      try each { try $0.updateTracker(tracker, addingRecordsOn: added, removingRecordsOn: removed) }
    } else if roll < 76 {
      let summary = trackers[Int.random(in: 0..<trackers.count, using: &random)]
      try each { try $0.setPinned(!summary.tracker.isPinned, trackerID: summary.tracker.id) }
    } else if roll < 80 {
      let id = trackers[Int.random(in: 0..<trackers.count, using: &random)].tracker.id
      try each { try $0.deleteTracker(id: id) }
    } else if roll < 82 {
      let id = categories[Int.random(in: 0..<categories.count, using: &random)].id
      try each { try $0.deleteCategory(id: id) }
    } else if roll < 88 {
      // The settings: the day start hour (today may step back a day) or the reminder.
      if Bool.random(using: &random) {
        dayStart = DayStart(hour: Int.random(in: 0...12, using: &random)) ?? .midnight
      } else {
        reminder = ReminderSettings(
          isOn: Bool.random(using: &random),
          time: ReminderTime(
            hour: Int.random(in: 0..<24, using: &random), minute: Int.random(in: 0..<60, using: &random))
            ?? .evening)
      }
      let (start, time) = (dayStart, reminder)
      try each { store in
        try store.updateSettings { settings in
          settings.dayStart = start
          settings.reminder = time
        }
      }
    } else {
      // Time passes: a few hours, or days.
      let hours = hour + Int.random(in: 1...80, using: &random)
      calendarDay = calendarDay.adding(days: hours / 24)
      hour = hours % 24
    }
  }

  mutating func randomSchedule() -> Schedule {
    switch Int.random(in: 0..<7, using: &random) {
    case 2:
      // N times in Y days (issue 49).
      let days = Int.random(in: TimesInDays.allowedDays, using: &random)
      return TimesInDays(Int.random(in: 1..<days, using: &random), in: days).map(Schedule.init(window:))
        ?? .everyDay
    case 0:
      return Quota(Int.random(in: 1...6, using: &random), per: .week).map(Schedule.init(quota:)) ?? .everyDay
    case 1:
      return Quota(Int.random(in: 1...30, using: &random), per: .month).map(Schedule.init(quota:))
        ?? .everyDay
    default: return Schedule(WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &random))) ?? .everyDay
    }
  }

  /// Yes/no (half the time), or measurable with a unit, a target of any size down to a thousandth
  /// and either direction.
  mutating func randomMeasure() -> TrackerMeasure {
    guard Bool.random(using: &random) else { return .yesNo }
    let unit = Self.units.randomElement(using: &random) ?? "km"
    let target = Amount(thousandths: Int.random(in: 1...50_000, using: &random)) ?? .maximum
    let direction: MeasureDirection = Bool.random(using: &random) ? .atLeast : .atMost
    // A target of a week or a month now and then (issue 49).
    let period: Quota.Period? = [nil, nil, .week, .month].randomElement(using: &random) ?? nil
    return (try? TrackerMeasure.measurable(unit: unit, target: target, direction: direction, period: period))
      ?? .yesNo
  }

  static let units = ["km", "стр.", "min", "чашки", "Ω", "pages \"big\""]
  static let notes = [
    "sick", "ran in the rain", "line one\nline two", "CR LF\r\nread as one", "  trimmed  ",
    "«кавычки» \"quotes\"",
    "emoji 🏃‍♀️ and ё", String(repeating: "я", count: 500),
  ]

  /// An amount entered or cleared (`done --amount`, the amount sheet) on a measurable tracker's
  /// day that can be ticked, or a note written, changed or cleared on any day of any tracker.
  mutating func measureOrNote(
    _ trackers: [Tracker], each: ((any TrackerDataStore) throws -> Void) throws -> Void
  ) throws {
    let tracker = trackers[Int.random(in: 0..<trackers.count, using: &random)]
    if tracker.measure != .yesNo, Bool.random(using: &random) {
      let day = today.adding(days: -Int.random(in: 0...45, using: &random))
      guard tracker.canBeTicked(on: day, today: today) else { return }
      // Any amount, a thousandth to the largest; zero (an at-most day's best) and none too.
      let amount: Amount? =
        switch Int.random(in: 0..<6, using: &random) {
        case 0: nil
        case 1: .zero
        case 2: .maximum
        default: Amount(thousandths: Int.random(in: 1...100_000, using: &random))
        }
      try each { try $0.setAmount(amount, trackerID: tracker.id, on: day) }
    } else {
      let day = today.adding(days: Int.random(in: -45...20, using: &random))
      let text = Int.random(in: 0..<4, using: &random) == 0 ? nil : Self.notes.randomElement(using: &random)
      try each { try $0.setNote(text, trackerID: tracker.id, on: day) }
    }
  }

  mutating func nextID() -> UUID {
    defer { nextNumber += 1 }
    return UUID(uuidString: String(format: "5EED0000-0000-4000-8000-%012d", nextNumber)) ?? UUID()
  }
}

extension Tracker {
  /// This tracker with its schedule and measure made to go together as a person's edit would
  /// leave them (`Tracker.paceConflict`): a window's measure a tick, a period target's quota or
  /// window every day, an event's target a day's.
  fileprivate func fitted() -> Tracker {
    var result = self
    switch paceConflict {
    case nil: break
    case .windowOnMeasurable?: result.measure = .yesNo
    case .periodTargetWithQuota?: result.kind = .habit(.everyDay)
    case .periodTargetOnEvent?:
      if let goal = measure.goal,
        let daily = try? TrackerMeasure.measurable(
          unit: goal.unit, target: goal.target, direction: goal.direction)
      {
        result.measure = daily
      }
    }
    return result
  }
}
