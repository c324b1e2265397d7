import Foundation
import TrackerArchiveCodec
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerViewModels

/// `list`: the trackers shown on a day, in the main screen's order, done or not.
@MainActor
enum ListCommand {
  static func run(_ invocation: Invocation, _ given: Settings, _ context: ToolContext) async -> Outcome {
    var outcome = Outcome()
    guard let (store, settings, screen) = await mainScreen(invocation, given, context, &outcome) else {
      return outcome
    }
    screen.daySelected(settings.date)
    await screen.environment.access.settled()
    let streaks: [UUID: Int]
    let counts: [UUID: Int]
    let day: DayDetails
    do {
      let summaries = try store.trackers()
      let statistics = try store.statistics(asOf: settings.today)
      streaks = Dictionary(uniqueKeysWithValues: statistics.trackers.map { ($0.trackerID, $0.currentStreak) })
      // Records up to today, as the card counts them (a backup may carry a day not yet come).
      let completed = Dictionary(
        uniqueKeysWithValues: statistics.trackers.map { ($0.trackerID, $0.completed) })
      counts = Dictionary(
        uniqueKeysWithValues: summaries.map { ($0.tracker.id, completed[$0.tracker.id] ?? 0) })
      day = try DayDetails.read(
        store, trackers: summaries.map(\.tracker), on: settings.date, today: settings.today)
    } catch {
      return .failure(Messages.unreadableData(error))
    }

    if let alert = screen.state.alert {
      return .failure(TerminalSafe.text(Messages.alertShown(alert.title, alert.message)))
    }
    let sections = screen.state.sections
    if invocation.options.json {
      outcome.standardOutput = JSONWriter.write(
        .object([
          ("date", .string(settings.date.iso)),
          (
            "sections",
            .array(
              sections.map { section in
                .object([
                  ("title", .string(section.title)),
                  (
                    "trackers",
                    .array(
                      section.cards.map { card in
                        cardJSON(
                          card, day: day, completed: counts[card.id] ?? 0, streak: streaks[card.id] ?? 0)

                      })
                  ),
                ])
              })
          ),
        ]))
      return outcome
    }
    let localizer = Localizer(settings.language)
    // The date as every message writes it (the screen's own "11/30/26" is not what --date reads).
    var lines = [screen.state.title + " · " + DateText.long(settings.date, settings.language)]
    if sections.isEmpty, let placeholder = screen.state.placeholder { lines.append(placeholder.text) }
    for section in sections {
      lines.append("")
      lines.append(TerminalSafe.text(section.title))
      for card in section.cards {
        let streak = streaks[card.id] ?? 0
        let parts =
          day.progress(card.id, settings.language).map(TerminalSafe.text) + [
            card.dayCounter,
            localizer.text(.statisticsStreakCurrent) + " " + localizer.plural(.days, count: streak),
          ]
        lines.append(
          "  [\(day.mark(card))] \(TerminalSafe.text(card.emoji)) \(TerminalSafe.text(card.name)): "
            + parts.joined(separator: "; ") + (day.notes[card.id] == nil ? "" : " ✎"))
      }

    }
    outcome.standardOutput = lines.joined(separator: "\n") + "\n"
    return outcome
  }
}

extension ListCommand {
  /// The data file (or the demo) and the main screen itself on it, read-only, on today, with
  /// every tracker of the day (no remembered filter), its reads done: what `list` and `widget`
  /// show.
  static func mainScreen(
    _ invocation: Invocation, _ given: Settings, _ context: ToolContext, _ outcome: inout Outcome
  ) async -> (store: any TrackerDataStore, settings: Settings, screen: TrackersViewModel)? {
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, readOnly: true, outcome: &outcome)
    else {
      return nil
    }
    let readOnly = ReadOnlyStore(store) {
      $0.isOnboardingDone = true
      $0.filter = .all
      // `list` lists every tracker of the day, whatever the screen has collapsed.
      $0.collapsedCategoryIDs = []
    }
    let environment = await settings.appEnvironment(store: readOnly)
    // "Today" counts from the stored day start: read before the screen asks for it.
    await environment.dayStartRead()
    let screen = TrackersViewModel(environment: environment)
    await screen.environment.access.settled()
    return (store, settings, screen)
  }

  /// One card of `list --json`: the main screen's fields, then the day's details.
  static func cardJSON(_ card: TrackersViewModel.Card, day: DayDetails, completed: Int, streak: Int)
    -> JSONValue
  {
    let fields: [(String, JSONValue)] = [
      ("id", .string(card.id.uuidString)), ("name", .string(card.name)),
      ("emoji", .string(card.emoji)), ("done", .bool(day.isDone(card) || card.isPeriodMet)),
      ("dayOff", .bool(card.isDayOff)), ("completed", .int(completed)), ("currentStreak", .int(streak)),
    ]
    return .object(fields + day.json(card.id))
  }
}

/// `done <name>` / `undone <name>`: idempotent marks for a day, safe to repeat from cron.

@MainActor
enum MarkCommand {
  static func run(
    _ name: String, done: Bool, _ invocation: Invocation, _ given: Settings, _ context: ToolContext
  ) -> Outcome {
    func text(_ day: Day) -> String { DateText.long(day, given.language) }
    // A date after today by any day start, or an amount that is no number, is refused before
    // the file is touched.
    guard given.date <= given.today else { return .failure(Messages.futureDay(text(given.date))) }
    if done, case .failure(let error)? = invocation.options.amount {
      return .usage(UsageError(message: error.message, command: invocation.commandName))
    }

    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, outcome: &outcome)
    else {
      return outcome
    }
    let dateText = text(settings.date)
    // Before the day start hour it is still the day before: today's date is not yet marked.
    guard settings.date <= settings.today else { return .failure(Messages.futureDay(dateText)) }
    do {
      let summaries = try store.trackers()
      let summary: TrackerSummary
      switch StoreOpening.tracker(named: name, in: summaries) {
      case .success(let found): summary = found
      case .failure(let failure): return failure
      }
      let tracker = summary.tracker
      // The detail's grid ticks the same days (docs/rules.md, "Ticking a day").
      guard tracker.canBeTicked(on: settings.date, today: settings.today) else {
        return .failure(TerminalSafe.text(Messages.notScheduled(tracker.name, dateText)))
      }
      // (An amount that is no number was refused above, before the file was opened.)
      if done, case .success(let amount)? = invocation.options.amount {
        guard let goal = tracker.measure.goal else {
          return .failure(TerminalSafe.text(Messages.amountNotMeasurable(tracker.name)))
        }
        return try measure(tracker, goal, amount: amount, on: settings, in: store, outcome)
      }

      if done, let goal = tracker.measure.goal {
        return try measure(tracker, goal, amount: nil, on: settings, in: store, outcome)
      }

      // Decided inside the write: a `done` from cron that lands first is not undone.
      let changed: Bool
      do {
        changed = try HabitCommand(trackerID: tracker.id, day: settings.date, action: .setDone(done)).run(
          on: store
        )
        .changed
      } catch {
        return .failure(Messages.notSaved(error))
      }
      outcome.standardOutput += Messages.marked(
        TerminalSafe.text(tracker.name), done: done, on: dateText, already: !changed)
      // A window habit's day stays met while a window of its other check-ins covers it (issue
      // 49): `list` shows ✓, so `undone` says why.
      if !done, let window = tracker.window {
        let history = TrackerHistory(
          tracker: tracker, records: try store.records(trackerID: tracker.id),
          daysOff: try store.daysOff(trackerID: tracker.id).map {
            TrackerDayOff(trackerID: tracker.id, day: $0)
          })
        if history.windowProgress(on: settings.date, today: settings.today)?.isFilled == true {
          let schedule = DisplayText.window(window, Localizer(settings.language))
          outcome.standardOutput += Messages.text(.cliWindowCovers(schedule)) + "\n"
        }
      }
    } catch {

      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }

  /// `done` on a measurable tracker: `amount`, or without one the target — unless the day already
  /// has a record, whose amount a repeat from cron must not overwrite (docs/command-line.md).
  private static func measure(
    _ tracker: Tracker, _ goal: MeasureGoal, amount: Amount?, on settings: Settings,
    in store: any TrackerDataStore, _ given: Outcome
  ) throws(StoreError) -> Outcome {
    var outcome = given
    let day = settings.date
    let stored = try store.records(on: day).first { $0.trackerID == tracker.id }
    let wanted = amount ?? stored.map { $0.amount ?? goal.target } ?? goal.target
    let already = stored.map { ($0.amount ?? goal.target) == wanted } ?? false
    if !already {
      do {
        try HabitCommand(trackerID: tracker.id, day: day, action: .setAmount(wanted)).run(on: store)
      } catch {
        return .failure(Messages.notSaved(error))
      }
    }
    // A period target (issue 49): the day's amount alone, then the period's sum on a line of
    // its own ("32000 / 50000 steps this week").
    var periodLine: String?
    var written = AmountText.progress(
      TrackerRecord(trackerID: tracker.id, day: day, amount: wanted), goal, settings.language)
    if goal.period != nil {
      written = AmountText.of(wanted, settings.language) + " " + goal.unit
      let history = TrackerHistory(
        tracker: tracker, records: try store.records(trackerID: tracker.id),
        daysOff: try store.daysOff(trackerID: tracker.id).map {
          TrackerDayOff(trackerID: tracker.id, day: $0)
        })
      periodLine = history.periodSum(containing: day, today: settings.today).map {
        DisplayText.periodSum($0, isCurrent: $0.period.contains(settings.today), Localizer(settings.language))
      }
    }
    outcome.standardOutput += Messages.markedAmount(
      TerminalSafe.text(tracker.name), TerminalSafe.text(written),
      on: DateText.long(day, settings.language), already: already)
    if let periodLine { outcome.standardOutput += TerminalSafe.text(periodLine) + "\n" }
    return outcome
  }
}

/// `note <name> <text>` / `note <name> --clear`: a tracker's note on a day (any day), idempotent
/// like `done`.
@MainActor
enum NoteCommand {
  static func run(
    _ name: String, text: String?, _ invocation: Invocation, _ given: Settings, _ context: ToolContext
  ) -> Outcome {
    // A text that breaks a rule is refused before the file is touched.
    if let text, case .failure(let reason) = TrackerNote.validatedText(text) {
      return .failure(Messages.noteInvalid(StoreError.invalidNote(reason).reason(Localizer(given.language))))
    }
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(invocation, given, context, outcome: &outcome)
    else {
      return outcome
    }
    let dateText = DateText.long(settings.date, settings.language)
    do {
      let tracker: Tracker
      switch StoreOpening.tracker(named: name, in: try store.trackers()) {
      case .success(let found): tracker = found.tracker
      case .failure(let failure): return failure
      }
      let changed: Bool
      do {
        changed = try HabitCommand(trackerID: tracker.id, day: settings.date, action: .writeNote(text))
          .run(on: store).changed
      } catch {
        return .failure(Messages.notSaved(error))
      }
      outcome.standardOutput += Messages.note(
        TerminalSafe.text(tracker.name), saved: text != nil, on: dateText, changed: changed)
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }
}

/// `skip <name>|--all` / `unskip …`: days off (a vacation, an illness) for one day or a range,
/// idempotent like `done`. In a range only the days each tracker is shown count; one day the
/// tracker is not shown is refused.
@MainActor
enum SkipCommand {
  /// The longest range taken at once: a year, so a typo never writes thousands of rows.
  static let longestRange = 366

  static func run(
    _ name: String?, off: Bool, _ invocation: Invocation, _ given: Settings, _ context: ToolContext
  ) -> Outcome {
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, outcome: &outcome)
    else {
      return outcome
    }
    func text(_ day: Day) -> String { DateText.long(day, settings.language) }
    let days: [Day]
    switch range(invocation, settings) {
    case .success(let range): days = range
    case .failure(let error): return .usage(error)
    }
    let dates = days.count == 1 ? text(days[0]) : text(days[0]) + " – " + text(days[days.count - 1])
    do {
      let summaries = try store.trackers()
      // --all: the trackers in use; an archived one keeps its history untouched (issue 49).
      var chosen = summaries.filter { !$0.tracker.isArchived }
      if let name {
        switch StoreOpening.tracker(named: name, in: summaries) {
        case .success(let found): chosen = [found]
        case .failure(let failure): return failure
        }
      }
      let collation = Collation(settings.language)
      chosen.sort { collation.areInOrder($0.tracker.name, $1.tracker.name) }
      // Days off are taken where the tracker is shown; cancelling takes whatever is there.
      let shown = chosen.map { summary in (summary, off ? days.filter { summary.isVisible(on: $0) } : days) }
      if off, name != nil, shown.allSatisfy({ $0.1.isEmpty }) {
        return .failure(TerminalSafe.text(Messages.notShownForDayOff(chosen[0].tracker.name, dates)))
      }
      if off, !invocation.options.yes,
        let refusal = try confirmRemovingRecords(shown, in: store, text: text, context)
      {
        // What opening the file said (commands applied from the command log) stays said.
        outcome.standardError += refusal.standardError
        outcome.exitCode = refusal.exitCode
        return outcome
      }
      // The whole command is one transaction: a kill or a full disk part-way leaves every tracker
      // as it was, so "nothing was saved" is true.
      let change: DaysOffChange
      do {
        change = try store.setDaysOff(
          off,
          shown.flatMap { summary, days in days.map { TrackerDayOff(trackerID: summary.tracker.id, day: $0) }
          })
      } catch {
        outcome.standardError += Messages.error(Messages.notSaved(error)) + "\n"
        outcome.exitCode = 1
        return outcome
      }
      let changed = Dictionary(grouping: change.changed, by: \.trackerID)
      let removed = Dictionary(grouping: change.removedRecords, by: \.trackerID)
      for (summary, days) in shown where !days.isEmpty {
        let name = TerminalSafe.text(summary.tracker.name)
        outcome.standardOutput += Messages.daysOff(
          name, off: off, changed: changed[summary.tracker.id]?.count ?? 0, on: dates)
        if let records = removed[summary.tracker.id] {
          outcome.standardOutput += Messages.recordsRemoved(name, on: records.map { text($0.day) })
        }
      }
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }

  /// A day off on a done day removes its record (a day is done or off, never both), so, as the
  /// app asks before it does, `skip` names each record it would remove and asks; nil when there
  /// is none or the answer is yes, else the refusal (exit 1, nothing changed). A script that
  /// cannot answer (standard input ends) gives `--yes`.
  private static func confirmRemovingRecords(
    _ shown: [(TrackerSummary, [Day])], in store: any TrackerDataStore, text: (Day) -> String,
    _ context: ToolContext
  ) throws(StoreError) -> Outcome? {
    var removing = ""
    var lostDays = 0
    for (summary, days) in shown where !days.isEmpty {
      let done = Set(try store.recordDays(trackerID: summary.tracker.id))
      let lost = days.filter(done.contains)
      lostDays += lost.count
      if !lost.isEmpty {
        removing += Messages.recordsWouldBeRemoved(
          TerminalSafe.text(summary.tracker.name), on: lost.map(text))
      }
    }
    guard !removing.isEmpty else { return nil }
    let answer = context.ask(
      removing + Messages.localized(lostDays == 1 ? .cliSkipQuestionOne : .cliSkipQuestion))
    if let answer, Messages.isYes(answer) { return nil }
    // Without an answer the question stays unanswered on the screen: a new line ends it.
    return Outcome(
      standardError: (answer == nil ? "\n" : "") + Messages.error(Messages.localized(.cliSkipNotConfirmed)),
      exitCode: 1)
  }

  /// The days `--date`, or `--from … --to`, name (default: today).
  private static func range(_ invocation: Invocation, _ settings: Settings) -> Result<[Day], UsageError> {
    let options = invocation.options
    guard options.from != nil || options.to != nil else { return .success([settings.date]) }
    guard let from = options.from, let to = options.to, options.date == nil else {
      return .failure(UsageError(message: Messages.dayOffRangeOrDate, command: invocation.commandName))
    }
    var bounds: [Day] = []
    for bound in [from, to] {
      switch bound {
      case .success(let day): bounds.append(day)
      case .failure(let error):
        return .failure(UsageError(message: error.message, command: invocation.commandName))
      }
    }
    guard bounds[0] <= bounds[1] else {
      return .failure(
        UsageError(
          message: Messages.dayOffRangeBackwards(DateText.long(bounds[0]), DateText.long(bounds[1])),
          command: invocation.commandName))
    }
    let count = bounds[0].days(to: bounds[1]) + 1
    guard count <= longestRange else {
      return .failure(
        UsageError(message: Messages.dayOffRangeTooLong(count), command: invocation.commandName))
    }
    return .success((0..<count).map { bounds[0].adding(days: $0) })
  }
}

/// What `list` shows of a day beyond the main screen's cards (issue 32): a measurable tracker's
/// amount against its target, a quota habit's progress in its period, the day's notes — read in
/// one snapshot.
struct DayDetails {
  /// The trackers, by id.
  var trackers: [UUID: Tracker]
  /// The day's records, by tracker.
  var records: [UUID: TrackerRecord]
  /// The day's notes, by tracker.
  var notes: [UUID: String]
  /// Each quota habit's progress in the period holding the day.
  var quotas: [UUID: QuotaProgress]
  /// Whether each measurable tracker's day is met (docs/rules.md, "Measurable habits").
  var met: [UUID: Bool]
  /// Each habit to quit's days clean on the day (issue 49).
  var clean: [UUID: Int] = [:]
  /// Each window habit's check-ins in the Y days up to the day, and whether the day is met.
  var windows: [UUID: WindowProgress] = [:]
  /// Each period target's sum in the period holding the day.
  var sums: [UUID: PeriodSum] = [:]
  /// Today, which tells "this week" from "that week".
  var today = Day(daysSinceEpoch: 0)

  static func read(
    _ store: any TrackerDataStore, trackers: [Tracker], on day: Day, today: Day
  ) throws(StoreError) -> DayDetails {
    try store.read { (reader) throws(StoreError) in
      var details = DayDetails(
        trackers: Dictionary(trackers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
        records: Dictionary(
          try reader.records(on: day).map { ($0.trackerID, $0) }, uniquingKeysWith: { first, _ in first }),
        notes: Dictionary(
          try reader.notes(on: day).map { ($0.trackerID, $0.text) }, uniquingKeysWith: { first, _ in first }),
        quotas: [:], met: [:])
      details.today = today
      for tracker in trackers where tracker.isJudgedDayByDay {
        let history = TrackerHistory(
          tracker: tracker, records: try reader.records(trackerID: tracker.id),
          daysOff: try reader.daysOff(trackerID: tracker.id).map {
            TrackerDayOff(trackerID: tracker.id, day: $0)
          })
        details.quotas[tracker.id] = history.periodProgress(containing: day, today: today)
        details.windows[tracker.id] = history.windowProgress(on: day, today: today)
        details.sums[tracker.id] = history.periodSum(containing: day, today: today)
        if tracker.measure.goal?.isQuitting == true {
          details.clean[tracker.id] = history.daysClean(on: day, firstDay: history.firstDay(today: today))
        }
        if tracker.measure != .yesNo { details.met[tracker.id] = history.isMet(on: day, today: today) }
      }
      return details
    }
  }

  /// Whether the card's day counts as done: met for a measurable tracker, a record otherwise.
  func isDone(_ card: TrackersViewModel.Card) -> Bool { met[card.id] ?? card.isCompleted }

  /// The mark `list` puts before a card: ✓ when the day is done, or a quota habit's period is met
  /// (issue 49), – on a day off.
  func mark(_ card: TrackersViewModel.Card) -> String {
    isDone(card) || card.isPeriodMet ? "✓" : card.isDayOff ? "–" : " "
  }

  /// The amount against the target and the quota's progress, as `list` writes them.
  func progress(_ id: UUID, _ language: Language) -> [String] {
    var parts: [String] = []
    if let clean = clean[id] {
      // A habit to quit: its days clean, as its card says, not "– / 0".
      parts.append(Localizer(language).plural(.daysClean, count: clean))
    } else if let sum = sums[id] {
      parts.append(DisplayText.periodSum(sum, isCurrent: sum.period.contains(today), Localizer(language)))
    } else if let goal = trackers[id]?.measure.goal {
      parts.append(AmountText.progress(records[id], goal, language))
    }
    if let quota = quotas[id] { parts.append(Messages.quotaProgress(quota, today: today)) }
    if let window = windows[id] { parts.append(DisplayText.windowProgress(window, Localizer(language))) }
    return parts
  }

  /// The JSON fields of `list --json` for tracker `id`: null where they do not apply.
  func json(_ id: UUID) -> [(String, JSONValue)] {
    let goal = trackers[id]?.measure.goal
    let amount = goal.flatMap { goal in records[id].map { $0.amount ?? goal.target } }
    return [
      ("amount", amount.map { .number($0.description) } ?? .null),
      ("target", goal.map { .number($0.target.description) } ?? .null),
      ("unit", goal.map { .string($0.unit) } ?? .null),
      ("direction", goal.map { .string($0.direction.rawValue) } ?? .null),
      (
        "quota",
        quotas[id].map { progress in
          .object([
            ("times", .int(progress.quota.count)), ("per", .string(progress.quota.period.rawValue)),
            ("met", .int(progress.met)), ("required", .int(progress.required)),
          ])
        } ?? .null
      ),
      ("note", notes[id].map { .string($0) } ?? .null),
      ("daysClean", clean[id].map { .int($0) } ?? .null),
      // Issue 49: a period target's period and sum so far, a window's schedule and check-ins.
      ("targetPer", goal?.period.map { .string($0.rawValue) } ?? .null),
      (
        "periodSum",
        sums[id].map { sum in
          .object([
            ("sum", .number(Amount.written(thousandths: sum.thousandths, decimalSeparator: "."))),
            ("required", .number(sum.required.description)),
            ("met", .bool(sum.isMet)),
          ])
        } ?? .null
      ),
      (
        "window",
        windows[id].map { window in
          .object([
            ("times", .int(window.window.count)), ("in", .int(window.window.days)),
            ("checkIns", .int(window.checkIns)), ("filled", .bool(window.isFilled)),
          ])
        } ?? .null
      ),
    ]
  }
}
