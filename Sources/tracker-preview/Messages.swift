import TrackerArchiveCodec
import TrackerAutomation
import TrackerImports
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// Every error, warning and report the tool prints, in one place and in the run's language (the
/// texts are in `Resources/*.lproj`; the help texts are in `CommandLineSpec`). `Tool.run` sets the
/// language for the whole run; wording changes in the `.strings` files and nowhere else.
enum Messages {
  /// The language of the run in progress.
  @TaskLocal static var language = Language.en

  /// Values quoted in messages are cut to this many characters: a 10 MB name helps nobody.
  static let quotedLength = 80

  private static func text(_ key: TextKey) -> String { Localizer(language).text(key) }

  private static func text(_ message: LocalizedText) -> String { Localizer(language).text(message) }

  /// The text of `key` in the run's language (for the help texts of `CommandLineSpec`).
  static func localized(_ key: TextKey) -> String { Localizer(language).text(key) }

  /// A text with its arguments in the run's language.
  static func localized(_ message: LocalizedText) -> String { Localizer(language).text(message) }

  /// `usage` with the words of its placeholders in the run's language: "[options] <command>" is
  /// "[параметры] <команда>" in Russian; option names, commands and values (`--all`, `en|ru`, `-`)
  /// stay as they are typed.
  static func placeholders(in usage: String) -> String {
    var result = ""
    var word = ""
    func flush() {
      result += placeholder(word)
      word = ""
    }
    var depth = 0
    for character in usage {
      if depth > 0, character.isLetter || character == "-" || character == ":" {
        word.append(character)
        continue
      }
      flush()
      if character == "<" || character == "[" { depth += 1 }
      if character == ">" || character == "]" { depth = max(0, depth - 1) }
      result.append(character)
    }
    flush()
    return result
  }

  /// One word of a placeholder in the run's language (the words the strings files translate;
  /// any other as it is).
  private static func placeholder(_ word: String) -> String {
    let keys: [String: TextKey] = [
      "options": .helpPlaceholderOptions, "command": .helpPlaceholderCommand,
      "subcommand": .helpPlaceholderCommand, "name": .helpPlaceholderName, "screen": .helpPlaceholderScreen,
      "script": .helpPlaceholderScript, "file": .helpPlaceholderFile, "path": .helpPlaceholderPath,
      "text": .helpPlaceholderText,
      "YYYY-MM-DD": .helpPlaceholderDate, "HH:MM": .helpPlaceholderTime, "TZ": .helpPlaceholderTimeZone,
    ]
    return keys[word].map { text($0) } ?? word
  }

  /// `value` cut to a readable length, with "…" when something was cut.
  static func quoted(_ value: String, limit: Int = quotedLength) -> String {
    value.count > limit ? String(value.prefix(limit - 1)) + "…" : value
  }

  // MARK: Errors of the layers below

  /// `error` in the run's language: a store's refusal in plain words (with the system's own
  /// detail), a file that cannot be opened, an import's problems; anything else as it describes
  /// itself.
  static func describe(_ error: Error) -> String {
    let localizer = Localizer(language)
    switch error {
    case let error as StoreError:
      if case .storage(let failure) = error {
        // Tracker's own finding in the user's words; SQLite's or the system's quoted as it is.
        return error.reason(localizer) + " (\(failure.damage.map(damage) ?? failure.detail))"
      }
      return error.reason(localizer)
    case let error as StoreOpenError:
      return openError(error)
    case let error as ImportFailure:
      return error.problems.map(importProblem).joined(separator: "; ")
    default:
      return "\(error)"
    }
  }

  /// A message of the store in the run's language (the store itself knows only the English).
  static func store(_ message: StoreMessage) -> String {
    guard let key = TextKey(rawValue: message.key) else { return message.description }
    let arguments = message.arguments.map { argument -> FormatArgument in
      switch argument {
      case .text(let text): return .text(text)
      case .day(let day): return .text(DateText.long(day))
      case .message(let inner): return .text(store(inner))
      }
    }
    return Localizer(language).text(key, arguments: arguments)
  }

  /// `records[3].date: …` in the run's language.
  static func importProblem(_ problem: ImportProblem) -> String {
    problem.path + ": " + store(problem.reason)
  }

  static func openError(_ error: StoreOpenError) -> String {
    switch error {
    case .cannotCreateFolder(let path, let reason):
      return text(.cliOpenCannotCreateFolder(path, refusal(reason)))
    case .cannotOpen(let path, let reason): return text(.cliOpenCannotOpen(path, reason))
    case .cannotMoveAside(let path, let reason):
      return text(.cliOpenCannotMoveAside(path, refusal(reason)))
    case .newerSchema(let path, let version, let known):
      return text(.cliOpenNewerSchema(path, String(version), String(known)))
    case .notATrackerStore(let path): return text(.cliOpenNotATrackerStore(path))
    case .otherAppsFile(let path, let owner):
      return text(owner == .todo ? .cliOpenTodoFile(path) : .cliOpenTrackerFile(path))
    case .notAStoreFile(let path, let kind):
      return text(.cliOpenNotAStoreFile(path, file(kind)))
    case .broken(let path, let reason): return text(.cliOpenBroken(path, damage(reason)))
    case .busy(let path, let holder):
      return holder.map { text(.cliOpenBusyBy(path: path, holder: $0)) } ?? text(.cliOpenBusy(path))
    case .noRoom(let path): return text(.cliOpenNoRoom(path))
    }
  }

  /// The warning of a broken file set aside and salvaged: where it is, what the new store holds,
  /// how many entries were left out, and whether an interrupted salvage was finished.
  static func recovered(_ recovery: StoreRecovery) -> String {
    var message = recoveredContents(recovery)
    if recovery.leftOut > 0, recovery.salvageFailure == nil {
      message += text(.cliRecoveredLeftOut(recovery.leftOut))
    }
    return recovery.wasResumed ? text(.cliRecoveredResumed(message)) : message
  }

  /// The title of the category a salvaged tracker whose category was lost goes into.
  static var recoveredCategoryTitle: String { text(.cliRecoveredCategory) }

  private static func recoveredContents(_ recovery: StoreRecovery) -> String {
    if let failure = recovery.salvageFailure {
      return text(
        .cliRecoveredNotSavedYet(
          recovery.originalPath, damage(recovery.reason), recovery.movedTo, describe(failure)))
    }
    let saved = recovery.saved
    if recovery.savedTasks > 0 {
      return text(
        .cliRecoveredTasks(
          recovery.originalPath, damage(recovery.reason), recovery.movedTo, recovery.savedTasks))
    }
    guard saved != .empty else {
      return text(.cliRecovered(recovery.originalPath, damage(recovery.reason), recovery.movedTo))
    }
    let localizer = Localizer(language)
    let daysOff =
      saved.daysOff.isEmpty
      ? "" : text(.cliRecoveredDaysOff(localizer.plural(.daysOff, count: saved.daysOff.count)))
    return text(
      .cliRecoveredSaved(
        recovery.originalPath, damage(recovery.reason), recovery.movedTo,
        localizer.plural(.records, count: saved.records.count),
        localizer.plural(.trackers, count: saved.trackers.count),
        localizer.plural(.categories, count: saved.categories.count))) + daysOff
  }

  /// What a file that is not a Tracker data file is: "a text file".
  static func file(_ kind: ForeignFile) -> String {
    switch kind {
    case .text: return text(.cliFileText)
    case .image: return text(.cliFileImage)
    case .pdf: return text(.cliFilePDF)
    case .archive: return text(.cliFileArchive)
    case .damagedDatabase: return text(.cliFileDamagedDatabase)
    case .binary: return text(.cliFileBinary)
    case .folder: return text(.cliFileFolder)
    case .pipe: return text(.cliFilePipe)
    case .special: return text(.cliFileSpecial)
    case .danglingLink: return text(.cliFileDanglingLink)
    }
  }

  /// Why the system refused a folder or a move, in the run's language (other refusals in the
  /// system's words).
  static func refusal(_ refusal: FileSystemRefusal) -> String {
    switch refusal {
    case .permissionDenied: return text(.cliRefusalPermission)
    case .readOnlyFileSystem: return text(.cliRefusalReadOnly)
    case .diskFull: return text(.cliRefusalDiskFull)
    case .notAFolder: return text(.cliRefusalNotAFolder)
    case .missing: return text(.cliRefusalMissing)
    case .link: return text(.cliRefusalLink)
    case .cannotMakeFolder: return text(.cliRefusalCannotMakeFolder)
    case .other(let words): return words
    }
  }

  /// Why a data file is broken, in the run's language; SQLite's own words are quoted as they are.
  static func damage(_ damage: StoreDamage) -> String {
    switch damage {
    case .notADatabase: return text(.cliDamageNotADatabase)
    case .damagedLogHeader: return text(.cliDamageLogHeader)
    case .lostLogCommits(let count): return text(.cliDamageLostCommits(count))
    case .logCutShort(let missing): return text(.cliDamageLogCutShort(missing))
    case .integrityCheckFailed(let first, let more):
      return more > 0
        ? text(.cliDamageIntegrityMore(quoted(first, limit: 160), more))
        : text(.cliDamageIntegrity(quoted(first, limit: 160)))
    case .missingPart(let detail): return text(.cliDamageMissingPart(quoted(detail, limit: 160)))
    case .sealMismatch(let part): return text(.cliDamageSeal(self.part(part)))
    case .invalidValue(let part): return text(.cliDamageValue(self.part(part)))
    case .dayOutOfRange(let value): return text(.cliDamageDay(String(value)))
    case .summaryMismatch(.daySummary): return text(.cliDamageDaySummaries)
    case .summaryMismatch(let part): return text(.cliDamageSummary(self.part(part)))
    case .reportedBySQLite(let detail): return text(.cliDamageSQLite(quoted(detail, limit: 160)))
    }
  }

  private static func part(_ part: StoreDamage.DamagedPart) -> String {
    switch part {
    case .category: return text(.cliPartCategory)
    case .tracker: return text(.cliPartTracker)
    case .trackerSummary: return text(.cliPartTrackerSummary)
    case .setting: return text(.cliPartSetting)
    case .daySummary: return text(.cliPartDaySummary)
    case .task: return text(.cliPartTask)
    case .note: return text(.cliPartNote)

    }
  }

  // MARK: Command line

  /// Bad usage: the error, the usage line, and where to read more.
  static func usage(_ message: String, usage: String, help: String) -> String {
    error(message) + text(.cliUsageLine(usage)) + "\n  " + text(.cliUsageHelp(help)) + "\n"
  }

  static func unknownShortOption(_ letter: Character) -> String {
    text(.cliUnknownShortOption(quoted(String(letter))))
  }
  static func unknownOption(_ name: String, suggestion: String?) -> String {
    text(.cliUnknownOption(quoted(name))) + didYouMean(suggestion)
  }
  static func unknownCommand(_ name: String, suggestion: String?) -> String {
    text(.cliUnknownCommand(quoted(name))) + didYouMean(suggestion)
  }
  /// An unknown screen of `app`: the other app's screen named, or the nearest one and the list.
  static func unknownScreen(_ name: String, of app: AppChoice) -> String {
    if app.other.screens.contains(name) { return otherAppScreen(name, app.other) }
    let suggestion = Suggestion.closest(to: name, among: app.screens)
    // "… 'x'. Did you mean 'y'? Screens: …", or, with nothing near, "… 'x'. Screens: …".
    return text(.cliUnknownScreen(quoted(name))) + (suggestion == nil ? "." : didYouMean(suggestion))
      + text(.cliScreensSentence(app.screens.joined(separator: ", ")))
  }
  static func otherAppScreen(_ name: String, _ app: AppChoice) -> String {
    text(.cliOtherAppScreen(quoted(name), app.rawValue, app.rawValue))
  }
  static var expectedURL: String { text(.cliExpectedURL) }
  static var noTaskToShow: String { text(.cliNoTaskToShow) }
  static func stillLoading(after seconds: Int) -> String { text(.cliStillLoading(seconds)) }
  static func optionTwice(_ name: String) -> String { text(.cliOptionTwice(name)) }
  static func emptyPath(_ name: String) -> String { text(.cliEmptyPath(name)) }
  static func emptyFolderPath(_ name: String) -> String { text(.cliEmptyFolderPath(name)) }
  static func optionTakesNoValue(_ name: String) -> String { text(.cliOptionTakesNoValue(name)) }
  static func missingValue(_ name: String, _ value: String) -> String {
    text(.cliMissingValue(name, placeholders(in: "<\(value)>")))
  }
  static func invalidChoice(_ value: String, _ name: String, _ choices: [String]) -> String {
    text(.cliInvalidChoice(quoted(value), name, choices.map { text(.cliQuoted($0)) }.joined(separator: ", ")))
  }
  static func invalidValue(_ value: String, _ name: String, expected: String) -> String {
    text(.cliInvalidValue(quoted(value), name, expected))
  }
  static var expectedTimeZone: String { text(.cliExpectedTimeZone) }
  /// The forms a date option reads, shown on an example: ISO, the run's long date, the other
  /// language's long date.
  static var expectedDate: String {
    let example = Day(year: 2026, month: 12, day: 1) ?? .earliestStored
    let other: Language = language == .ru ? .en : .ru
    return text(.cliExpectedDate(example.iso, DateText.long(example), DateText.long(example, other)))
  }
  static var expectedDateFrom1900: String {
    text(.cliExpectedDateFrom1900(DateText.long(.earliestStored)))
  }
  static var isTheStore: String { text(.cliIsTheStore) }
  static func noDataFile(_ path: String) -> String { text(.cliNoDataFile(TerminalSafe.text(path))) }
  static func noFolder(_ folder: String, _ path: String) -> String {
    text(.cliOpenNoFolder(TerminalSafe.text(folder), TerminalSafe.text(path)))
  }
  static func expectedWidth(_ low: Int, _ high: Int) -> String {
    text(.cliExpectedWidth(low, high))
  }
  static var storeAndDemo: String { text(.cliStoreAndDemo) }
  static func unexpectedArgument(_ argument: String) -> String {
    text(.cliUnexpectedArgument(quoted(argument)))
  }
  static func missingArgument(_ what: String) -> String {
    text(.cliMissingArgument(placeholders(in: what)))
  }
  static var screenArgument: String { text(.cliArgumentScreen(CommandLineSpec.screenNames)) }
  static var nameArgument: String { text(.cliArgumentName) }
  /// `skip` and `unskip` without a name: the name, or `--all`.
  static var nameOrAllArgument: String { text(.cliArgumentNameOrAll) }

  // MARK: Data

  static func warning(_ message: CustomStringConvertible) -> String {
    text(.cliWarning(message.description)) + "\n"
  }
  static func error(_ message: String) -> String { text(.cliError(message)) + "\n" }
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
  private static func nothingNew(trackers: Int, records: Int, daysOff: Int, notes: Int = 0) -> String {
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
  private static func alreadyThere(trackers: Int, records: Int, daysOff: Int, notes: Int = 0) -> String? {
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
    let quotas = counts.frequenciesAsQuotas
    let kept: [(LocalizedText, Int)] = [
      (
        .cliKeptMeasurable(trackerCount(measurable), localizer.plural(.importAmounts, count: amounts)),
        measurable
      ),
      (.cliKeptQuotas(trackerCount(quotas)), quotas),
    ]
    if !summary.addedNothing, kept.contains(where: { $0.1 > 0 }) {
      lines.append(text(.cliKept))
      for (message, count) in kept where count > 0 { lines.append(text(message)) }
    }
    var skips = 0
    if case .loop = summary.source { skips = added.daysOffCount }
    let adapted: [(LocalizedText, Int)] = [
      (.cliAdaptedDailyShares(trackerCount(counts.targetsAsDailyShares)), counts.targetsAsDailyShares),
      (.cliAdaptedTargetQuotas(trackerCount(counts.targetsAsQuotas)), counts.targetsAsQuotas),
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

  // MARK: Marking

  static func marked(_ name: String, done: Bool, on date: String, already: Bool) -> String {
    let message: LocalizedText
    switch (done, already) {
    case (true, false): message = .cliMarkedDone(name, date)
    case (true, true): message = .cliMarkedAlreadyDone(name, date)
    case (false, false): message = .cliMarkedUndone(name, date)
    case (false, true): message = .cliMarkedAlreadyUndone(name, date)
    }
    return text(message) + "\n"
  }
  /// "Run: 12.5 / 20 km on 1 Dec 2026." (or "already …"): `done` on a measurable tracker.
  static func markedAmount(_ name: String, _ amount: String, on date: String, already: Bool) -> String {
    text(already ? .cliMarkedAlreadyAmount(name, amount, date) : .cliMarkedAmount(name, amount, date)) + "\n"
  }
  static func amountNotMeasurable(_ name: String) -> String { text(.cliAmountNotMeasurable(name)) }
  static var expectedAmount: String { text(.cliExpectedAmount) }
  static var noteTextOrClear: String { text(.cliNoteTextOrClear) }
  static var noteTextAndClear: String { text(.cliNoteTextAndClear) }
  /// What `note` did (or found already done) on `date`.
  static func note(_ name: String, saved: Bool, on date: String, changed: Bool) -> String {
    let message: LocalizedText
    switch (saved, changed) {
    case (true, true): message = .cliNoteSaved(name, date)
    case (true, false): message = .cliNoteAlreadySaved(name, date)
    case (false, true): message = .cliNoteRemoved(name, date)
    case (false, false): message = .cliNoteNothingToRemove(name, date)
    }
    return text(message) + "\n"
  }
  static func noteInvalid(_ reason: String) -> String { text(.cliNoteInvalid(reason)) }
  /// A quota's progress in `list`: "2 of 3 this week".
  static func quotaProgress(_ progress: QuotaProgress) -> String {
    let met = String(progress.met)
    let required = String(progress.required)
    switch progress.quota.period {
    case .week: return text(.cliListQuotaWeek(met, required))
    case .month: return text(.cliListQuotaMonth(met, required))
    }
  }
  static func noSuchTracker(_ name: String, suggestion: String?) -> String {

    text(.cliNoSuchTracker(quoted(name))) + didYouMean(suggestion)
  }
  static func futureDay(_ date: String) -> String { text(.cliFutureDay(date)) }
  static var nameOrAll: String { text(.cliNameOrAll) }
  static var dayOffRangeOrDate: String { text(.cliDayOffRangeOrDate) }
  static func dayOffRangeBackwards(_ from: String, _ to: String) -> String {
    text(.cliDayOffRangeBackwards(from, to))
  }
  static func dayOffRangeTooLong(_ days: Int) -> String { text(.cliDayOffRangeTooLong(String(days))) }
  static func notShownForDayOff(_ name: String, _ date: String) -> String {
    text(.cliNotShownForDayOff(name, date))
  }
  /// "Run: 3 days off, 12/01/26 – 12/07/26." and the other outcomes of `skip` and `unskip`.
  static func daysOff(_ name: String, off: Bool, changed: Int, on dates: String) -> String {
    let count = Localizer(language).plural(.daysOff, count: changed)
    switch (off, changed > 0) {
    case (true, true): return text(.cliSkipped(name, count, dates)) + "\n"
    case (true, false): return text(.cliAlreadySkipped(name, dates)) + "\n"
    case (false, true): return text(.cliUnskipped(name, count, dates)) + "\n"
    case (false, false): return text(.cliAlreadyUnskipped(name, dates)) + "\n"
    }
  }
  /// The records days taken off removed, said so a completion never disappears without a word.
  static func recordsRemoved(_ name: String, on dates: [String]) -> String {
    guard dates.count > 1 else { return text(.cliSkippedRemovedRecord(name, dates[0])) + "\n" }
    let count = Localizer(language).plural(.records, count: dates.count)
    return text(.cliSkippedRemovedRecords(name, count, dates.joined(separator: ", ")))
      + "\n"
  }
  static func notScheduled(_ name: String, _ date: String) -> String {
    text(.cliNotScheduled(name, date))
  }

  // MARK: Screens and scripts

  /// The store refused a read or a write: the alert the app shows, in one line.
  static func alertShown(_ title: String, _ message: String) -> String {
    text(.cliAlertShown(title, message))
  }
  static var noTrackerToShow: String { text(.cliNoTrackerToShow) }
  // Issue 32: cards, sheets, detail
  static var noMeasurableTrackerToShow: String { text(.cliNoMeasurableTrackerToShow) }
  static func badTime(_ value: String) -> String { text(.cliBadTime(quoted(value))) }
  /// "Tracker — 2 of 3 habits done today".
  static func reminder(done: Int, due: Int) -> String {
    text(.reminderTitle) + " — "
      + text(.reminderProgress(String(done), Localizer(language).plural(.habitsTotal, count: due)))
  }
  static func cannotShow(_ screen: String, _ reason: CustomStringConvertible) -> String {
    text(.cliCannotShow(screen, reason.description))
  }
  static func tourStuck(_ scenario: String, _ reason: CustomStringConvertible) -> String {
    text(.cliTourStuck(scenario, reason.description))
  }
  static func scriptLine(_ script: String, _ line: Int, _ text: String) -> String {
    "\(script):\(line): \(text)"
  }
  static func screenWas(_ screen: String) -> String { text(.cliScreenWas(screen)) + "\n" }
  static func wrongScreen(expected: String, actual: String) -> String {
    text(.cliWrongScreen(expected, actual))
  }
  static func missingText(_ value: String) -> String { text(.cliMissingText(quoted(value))) }
  static func unwantedText(_ value: String) -> String { text(.cliUnwantedText(quoted(value))) }
  static func elementState(_ element: Element, enabled: Bool) -> String {
    text(
      enabled
        ? .cliEnabled(element.description(Localizer(language)))
        : .cliDisabled(element.description(Localizer(language))))
  }
  static func checkedState(_ element: Element, checked: Bool) -> String {
    text(
      checked
        ? .cliChecked(element.description(Localizer(language)))
        : .cliUnchecked(element.description(Localizer(language))))
  }
  static func notCheckable(_ element: Element) -> String {
    text(.cliNotCheckable(element.description(Localizer(language))))
  }
  static var standardInputName: String { text(.cliStandardInput) }

  // MARK: Script language

  static func takesNoArgument(_ word: String) -> String { text(.cliTakesNoArgument(word)) }
  static var swipeDirection: String { text(.cliSwipeDirection) }
  static func notAScreen(_ value: String, of app: AppChoice) -> String {
    if app.other.screens.contains(value) { return otherAppScreen(value, app.other) }
    let suggestion = Suggestion.closest(to: value, among: app.screens)
    return text(.cliNotAScreen(quoted(value))) + parenthesized(suggestion)
      + text(.cliScreensList(app.screens.joined(separator: ", ")))
  }
  static func unknownCheck(_ check: String, suggestion: String?, checks: [String]) -> String {
    text(.cliUnknownCheck(quoted(check))) + parenthesized(suggestion.map { "expect \($0)" })
      + text(.cliChecksList(checks.joined(separator: ", ")))
  }
  static func unknownAction(_ word: String, suggestion: String?, actions: [String]) -> String {
    text(.cliUnknownAction(quoted(word))) + parenthesized(suggestion)
      + text(.cliActionsList(actions.joined(separator: ", ")))
  }
  static func needsIdentifier(_ word: String) -> String { text(.cliNeedsIdentifier(word)) }
  static func needsQuoted(_ word: String, orIdentifier: Bool) -> String {
    text(.cliNeedsQuoted(word)) + (orIdentifier ? text(.cliOrIdentifier) : "")
  }
  static func textAfterQuote(_ value: Substring) -> String {
    text(.cliTextAfterQuote(quoted(String(value))))
  }
  static func unknownEscape(_ character: Character) -> String {
    text(.cliUnknownEscape(String(character)))
  }
  static var unclosedQuote: String { text(.cliUnclosedQuote) }
  static func notADateExpression(_ written: String) -> String {
    text(.cliNotADateExpression(quoted(written)))
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { text(.cliDidYouMean($0)) } ?? ""
  }

  private static func parenthesized(_ suggestion: String?) -> String {
    suggestion.map { text(.cliDidYouMeanParenthesized($0)) } ?? ""
  }
}
