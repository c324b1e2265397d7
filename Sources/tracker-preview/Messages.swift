import TrackerArchiveCodec
import TrackerAutomation
import TrackerImports
import TrackerLocalization
import TrackerModels
import TrackerRecovery
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

  static func text(_ key: TextKey) -> String { Localizer(language).text(key) }

  static func text(_ message: LocalizedText) -> String { Localizer(language).text(message) }

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
  static func placeholder(_ word: String) -> String {
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
        if failure.kind == .busy, let holder = failure.holder {
          // Who holds the file in the run's language, as the app's alert names it (the store's
          // English words for it are left out of SQLite's, quoted after).
          let detail = failure.detail.replacingOccurrences(
            of: " — the write lock is held by \(holder)", with: "")
          return localizer.text(.alertReasonBusyHolder(holder)) + " (\(detail))"
        }
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
    case .busy(let path, let holder, let isReading):
      guard let holder else { return text(.cliOpenBusy(path)) }
      return text(
        isReading
          ? .cliOpenBusyReading(path: path, holder: holder) : .cliOpenBusyBy(path: path, holder: holder))
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

  static func recoveredContents(_ recovery: StoreRecovery) -> String {
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

  static func part(_ part: StoreDamage.DamagedPart) -> String {
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

}
