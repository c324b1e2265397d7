import TrackerArchiveCodec
import TrackerAutomation
import TrackerImports
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

extension Messages {
  // MARK: Data

  static func warning(_ message: CustomStringConvertible) -> String {
    text(.cliWarning(message.description)) + "\n"
  }
  static func error(_ message: String) -> String { text(.cliError(message)) + "\n" }
  /// The line a command says while its write waits for another program's hold on `path` to end.
  static func waiting(for path: String, holder: String?) -> String {
    let path = TerminalSafe.text(path)
    return (holder.map { text(.cliWaitingBy(holder: $0, path: path)) } ?? text(.cliWaiting(path: path)))
      + "\n"
  }
  static func unreadableData(_ error: Error) -> String { text(.cliUnreadableData(describe(error))) }
  static func notExported(_ error: Error) -> String { text(.cliNotExported(describe(error))) }
  static var isAFolder: String { text(.cliIsAFolder) }
  static func noSuchFolder(_ folder: String) -> String { text(.cliNoSuchFolder(folder)) }
  static func notSaved(_ error: Error) -> String { text(.cliNotSaved(describe(error))) }
  static var standardOutput: String { text(.cliStandardOutput) }
  static var noPipeReader: String { text(.cliNoPipeReader) }
  static var notARegularFile: String { text(.cliNotARegularFile) }
  static func unwritable(_ path: String, _ reason: String) -> String {
    text(.cliUnwritable(path, reason))
  }
  static func unreadableFile(_ file: String) -> String { text(.cliUnreadableFile(file)) }
  static func inputIsAFolder(_ file: String) -> String { text(.cliInputIsAFolder(file)) }
  static func unreadableScript(_ file: String) -> String { text(.cliUnreadableScript(file)) }
  static func tooLarge(_ file: String, limit: Int) -> String {
    text(.cliTooLarge(file, limit / (1024 * 1024)))
  }
  static func onboardingNotMarked(_ error: Error) -> String {
    text(.cliOnboardingNotMarked(describe(error)))
  }
  static func notImported(_ file: String) -> String { text(.cliNotImported(file)) }
  static var notUTF8: String { text(.cliNotUTF8) }
  /// A file that is not an archive (it does not begin with `{`), nor another tracker's file.
  static var importUnknownKind: String { text(.cliImportUnknownKind(header: HabitBullCSV.header)) }
  /// The counts that are not zero, as a sentence lists them: "2 trackers, 5 records and 1 day off"
  /// ("2 трекера, 5 записей и 1 выходной"); nil when every count is zero.
  static func countList(_ parts: [(PluralKey, Int)]) -> String? {
    let localizer = Localizer(language)
    let named = parts.filter { $0.1 > 0 }.map { localizer.plural($0.0, count: $0.1) }
    guard let last = named.last else { return nil }
    guard named.count > 1 else { return last }
    return text(.listAnd(named.dropLast().joined(separator: ", "), last))
  }

  /// "Nothing new: everything in this file is already in the data file (…)."
  static func nothingNew(trackers: Int, records: Int, daysOff: Int, notes: Int = 0) -> String {
    countList([(.trackers, trackers), (.records, records), (.daysOff, daysOff), (.importNotes, notes)]).map {
      text(.cliImportedNothingNew($0))
    } ?? text(.cliImportedNothingAtAll)
  }

  /// The settings an import changed, a line each ("Restored from the file: the day starts at
  /// 03:00 (it was 00:00)."); nothing for a setting the file left as it was.
  static func restoredSettings(before: StoreSettings, after: StoreSettings) -> String {
    func reminder(_ setting: ReminderSettings) -> String {
      setting.isOn ? text(.cliImportedReminderOn(setting.time.description)) : text(.cliImportedReminderOff)
    }
    var lines = ""
    if before.dayStart != after.dayStart {
      lines +=
        text(.cliImportedRestoredDayStart(after.dayStart.description, before.dayStart.description)) + "\n"
    }
    // Said as a user sees it: an off reminder's time is not a change worth a line.
    let (was, now) = (reminder(before.reminder), reminder(after.reminder))
    if was != now { lines += text(.cliImportedRestoredReminder(now, was)) + "\n" }
    return lines
  }

  /// "Already in the data file, left as they were: …", or nil when nothing was.
  static func alreadyThere(trackers: Int, records: Int, daysOff: Int, notes: Int = 0) -> String? {
    countList([(.trackers, trackers), (.records, records), (.daysOff, daysOff), (.importNotes, notes)]).map {
      text(.cliImportedAlreadyThere($0))
    }
  }

  /// What the import of a Tracker archive did: what came in, and what was there already (the
  /// same backup imported again adds nothing and says so). A count of zero is never said; notes
  /// (version 3) count like the rest, so a backup that brings only a note says it came in.
  static func imported(_ summary: ImportSummary) -> String {
    let added = summary.added
    guard !summary.addedNothing,
      let what = countList([
        (.categories, added.categories.count), (.trackers, added.trackers.count),
        (.records, added.records.count), (.daysOff, added.daysOff.count), (.importNotes, added.notes.count),
      ])
    else {
      return nothingNew(
        trackers: summary.trackersAlreadyThere, records: summary.recordsAlreadyThere,
        daysOff: summary.daysOffAlreadyThere, notes: summary.notesAlreadyThere) + "\n"
    }
    var message = text(.cliImported(what)) + "\n"
    if summary.trackersAlreadyThere > 0 || summary.daysOffAlreadyThere > 0 || summary.notesAlreadyThere > 0,
      let there = alreadyThere(
        trackers: summary.trackersAlreadyThere, records: summary.recordsAlreadyThere,
        daysOff: summary.daysOffAlreadyThere, notes: summary.notesAlreadyThere)
    {
      message += there + "\n"
    } else if summary.recordsAlreadyThere > 0 {
      message += recordsAlreadyThere(summary.recordsAlreadyThere)
    }
    return message
  }
  /// The titles of the categories an import from Loop or HabitBull makes, and the unit it gives
  /// a measurable tracker without one, in the run's language.
  static var importTitles: ForeignTitles {
    ForeignTitles(
      loop: text(.importCategoryLoop), loopArchive: text(.importCategoryLoopArchive),
      habitBull: text(.importCategoryHabitBull), unit: text(.importUnit))
  }
  /// What an import from Loop or HabitBull did: what came in, what was there already, what was
  /// kept as it was (measures and quotas), and what was adapted or left out, each counted (a line
  /// for each that happened).
  static func imported(_ summary: ForeignImportSummary) -> String {
    let localizer = Localizer(language)
    let added = summary.added
    let daysOff = localizer.plural(.daysOff, count: added.daysOffCount)
    var lines: [String] = []
    let what = countList([
      (.categories, added.categories.count), (.trackers, added.trackers.count),
      (.records, added.recordCount), (.daysOff, added.daysOffCount), (.importNotes, added.notes.count),
    ])
    if summary.addedNothing || what == nil {
      lines.append(
        nothingNew(
          trackers: summary.trackersAlreadyThere, records: summary.recordsAlreadyThere,
          daysOff: summary.daysOffAlreadyThere, notes: summary.notesAlreadyThere))
    } else if let what {
      switch summary.source {
      case .loop(let version): lines.append(text(.cliImportedLoop(String(version), what)))
      case .habitBull: lines.append(text(.cliImportedHabitBull(what)))
      }
      if summary.trackersAlreadyThere > 0,
        let there = alreadyThere(
          trackers: summary.trackersAlreadyThere, records: summary.recordsAlreadyThere,
          daysOff: summary.daysOffAlreadyThere, notes: summary.notesAlreadyThere)
      {
        lines.append(there)
      }
    }
    let counts = summary.adaptations
    let trackerCount = { (count: Int) in localizer.plural(.trackers, count: count) }
    let measurable = added.trackers.filter { $0.measure != .yesNo }.count
    let amounts = added.marks.reduce(0) { $0 + $1.amounts.count }
    let kept: [(LocalizedText, Int)] = [
      (
        .cliKeptMeasurable(trackerCount(measurable), localizer.plural(.importAmounts, count: amounts)),
        measurable
      ),
      (.cliKeptWindows(trackerCount(counts.frequenciesAsWindows)), counts.frequenciesAsWindows),
      (.cliKeptPeriodTargets(trackerCount(counts.periodTargets)), counts.periodTargets),
      (.cliKeptReminders(trackerCount(counts.remindersKept)), counts.remindersKept),
    ]
    if !summary.addedNothing, kept.contains(where: { $0.1 > 0 }) {
      lines.append(text(.cliKept))
      for (message, count) in kept where count > 0 { lines.append(text(message)) }
    }
    var skips = 0
    if case .loop = summary.source { skips = added.daysOffCount }
    let adapted: [(LocalizedText, Int)] = [
      (.cliAdaptedScaled(trackerCount(counts.scaledFrequencies)), counts.scaledFrequencies),
      (.cliAdaptedAtMost(trackerCount(counts.atMostHabits)), counts.atMostHabits),
      (.cliAdaptedTargetsOutOfRange(trackerCount(counts.targetsOutOfRange)), counts.targetsOutOfRange),
      (
        .cliAdaptedDefaultUnits(text(.importUnit), trackerCount(counts.defaultUnits)), counts.defaultUnits
      ),
      (.cliAdaptedShortenedUnits(trackerCount(counts.shortenedUnits)), counts.shortenedUnits),
      (.cliAdaptedTargetsFromAmounts(trackerCount(counts.targetsFromAmounts)), counts.targetsFromAmounts),
      (.cliAdaptedNotesCut(localizer.plural(.importNotes, count: counts.notesCut)), counts.notesCut),
      (.cliAdaptedMergedRows(localizer.plural(.importRows, count: counts.mergedRows)), counts.mergedRows),
      (.cliAdaptedSharedUUID(trackerCount(counts.habitsSharingUUID)), counts.habitsSharingUUID),
      (.cliAdaptedShortened(trackerCount(counts.shortenedNames)), counts.shortenedNames),
      (.cliAdaptedRenamed(trackerCount(counts.renamedDuplicates)), counts.renamedDuplicates),
      (.cliAdaptedSkips(daysOff), skips),
    ]
    // What was adapted is said with what it adapted; what was left out on every run, nothing new
    // or not: a skip dropped on the second import is as gone as one dropped on the first.
    if !summary.addedNothing, adapted.contains(where: { $0.1 > 0 }) {
      lines.append(text(.cliAdapted))
      for (message, count) in adapted where count > 0 { lines.append(text(message)) }
    }
    let checkMarks = { (count: Int) in localizer.plural(.importCheckMarks, count: count) }
    let leftOut: [(LocalizedText, Int)] = [
      (.cliLeftOutDescriptions(trackerCount(counts.descriptions)), counts.descriptions),
      (.cliLeftOutReminders(trackerCount(counts.reminders)), counts.reminders),
      (.cliLeftOutCheckMarks(checkMarks(counts.checkMarksLeftOut)), counts.checkMarksLeftOut),
      (.cliLeftOutUnreadable(checkMarks(counts.unreadableCheckMarks)), counts.unreadableCheckMarks),
      (
        .cliLeftOutSharedRowID(localizer.plural(.importRows, count: counts.habitsSharingRowID)),
        counts.habitsSharingRowID
      ),
    ]
    if leftOut.contains(where: { $0.1 > 0 }) {
      lines.append(text(.cliLeftOut))
      for (message, count) in leftOut where count > 0 { lines.append(text(message)) }
    }
    return lines.map { $0 + "\n" }.joined()
  }
  static func recordsAlreadyThere(_ count: Int) -> String {
    text(.cliAlreadyThere(Localizer(language).plural(.records, count: count))) + "\n"
  }
  /// The first `limit` of `problems`, a line each, then how many more there are.
  static func problemList(_ problems: [String], limit: Int = 50) -> String {
    var lines = problems.prefix(limit).map { $0 + "\n" }
    if problems.count > limit { lines.append(text(.cliMoreProblems(problems.count - limit)) + "\n") }
    return lines.joined()
  }
}
