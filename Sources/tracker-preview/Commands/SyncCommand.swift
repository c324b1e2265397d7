import Foundation
import TrackerArchiveCodec
import TrackerLocalization
import TrackerModels
import TrackerStore

/// `sync [--folder DIR]`: sends this device's changes into the shared folder and merges every
/// other device's (docs/sync.md). The first sync names the folder; the data file remembers it.
@MainActor
enum SyncCommand {
  static func run(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext) -> Outcome {
    if invocation.options.demo { return .failure(Messages.localized(.cliSyncDemo)) }
    var outcome = Outcome()
    // A data file that is not there yet is made: a new device joining a folder receives the data.
    // A sync that fails takes away the file it made (with its side files): nothing was changed.
    let path = StoreOpening.trackerPath(invocation, context)
    let made = !FileManager.default.fileExists(atPath: path) && !SQLiteTrackerStore.salvageIsPending(at: path)
    guard let opened = StoreOpening.open(invocation, settings, context, createsFile: true, outcome: &outcome)
    else {
      return outcome
    }
    guard let store = opened as? SQLiteTrackerStore else { return .failure(Messages.localized(.cliSyncDemo)) }
    // For the reliability suite: `TRACKER_SYNC_KILL_AT=<step>` kills this process (SIGKILL) when
    // the sync reaches that step (docs/reliability.md), as a power cut there would.
    if let step = context.environment["TRACKER_SYNC_KILL_AT"].flatMap(SQLiteTrackerStore.SyncStep.init) {
      store.syncStep = { reached throws(SyncError) in
        if reached == step { kill(getpid(), SIGKILL) }
      }
    }
    let report: SyncReport
    do {
      report = try store.sync(folder: invocation.options.folder, now: Date())
    } catch {
      if made {
        for suffix in ["", "-wal", "-shm", ".verified"] { unlink(path + suffix) }
      }
      // What opening said (a broken file set aside and salvaged) is said before why the sync
      // failed.
      outcome.standardError += Outcome.failure(Messages.syncError(error)).standardError
      outcome.exitCode = 1
      return outcome
    }
    outcome.standardOutput += invocation.options.json ? json(report) : text(report)
    return outcome
  }

  /// The report as lines: the folder joined, what came in and went out, then what to know.
  static func text(_ report: SyncReport) -> String {
    let localizer = Localizer(Messages.language)
    var lines: [String] = []
    if report.joined { lines.append(localizer.text(.cliSyncJoined(TerminalSafe.text(report.folder)))) }
    let incoming =
      report.changesIn == 0
      ? localizer.text(.cliSyncNothingIn)
      : localizer.text(
        .cliSyncIn(
          localizer.plural(.syncChanges, count: report.changesIn),
          localizer.plural(.syncDevices, count: report.devicesIn)))
    let outgoing =
      report.changesOut == 0
      ? localizer.text(.cliSyncNothingOut)
      : localizer.text(.cliSyncOut(localizer.plural(.syncChanges, count: report.changesOut)))
    lines.append(localizer.text(.cliSyncSummary(TerminalSafe.text(report.folder), incoming, outgoing)))
    if let previous = report.previousDevice {
      lines.append(localizer.text(.cliSyncCopied(shortName(report.device), shortName(previous))))
    } else if report.republished {
      lines.append(localizer.text(.cliSyncRepublished))
    }
    for log in report.unread {
      let sequence = String(log.sequence)
      switch log.reason {
      case .stillCopying: lines.append(localizer.text(.cliSyncWaiting(shortName(log.device), sequence)))
      case .newerVersion: lines.append(localizer.text(.cliSyncUnreadable(shortName(log.device), sequence)))
      default:
        lines.append(
          localizer.text(.cliSyncCannotRead(shortName(log.device), sequence, reason(log.reason, localizer))))
      }
    }
    for skip in report.skipped {
      let path = TerminalSafe.text(skip.path)
      lines.append(
        skip.lines == 0
          ? localizer.text(.cliSyncSkippedFile(path, reason(skip.reason, localizer)))
          : localizer.text(
            .cliSyncSkippedLines(
              localizer.plural(.syncLines, count: skip.lines), path, reason(skip.reason, localizer))))
    }
    for dropped in report.dropped {
      let changes = localizer.plural(.syncChanges, count: dropped.count)
      lines.append(
        dropped.device == report.device
          ? localizer.text(.cliSyncDroppedHere(changes))
          : localizer.text(.cliSyncDropped(changes, shortName(dropped.device))))
    }
    for clock in report.clocksAhead {
      lines.append(
        localizer.text(
          .cliSyncClockAhead(shortName(clock.device), localizer.plural(.syncHours, count: clock.hours))))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Why something was left aside, in a few words.
  static func reason(_ reason: SyncSkipReason, _ localizer: Localizer) -> String {
    switch reason {
    case .stillCopying: return localizer.text(.cliSyncReasonStillCopying)
    case .newerVersion: return localizer.text(.cliSyncReasonNewerVersion)
    case .notALog: return localizer.text(.cliSyncReasonNotALog)
    case .notAFile: return localizer.text(.cliSyncReasonNotAFile)
    case .notAFolder: return localizer.text(.cliSyncReasonNotAFolder)
    case .link: return localizer.text(.cliSyncReasonLink)
    case .refused(let refusal): return Messages.refusal(refusal)
    case .lineTooLong: return localizer.text(.cliSyncReasonLineTooLong)
    case .malformedEntry: return localizer.text(.cliSyncReasonMalformedEntry)
    case .invalidEntry: return localizer.text(.cliSyncReasonInvalidEntry)
    case .stampFarAhead: return localizer.text(.cliSyncReasonStampFarAhead)
    }
  }

  /// A reason as `--json` names it.
  static func code(_ reason: SyncSkipReason) -> String {
    switch reason {
    case .stillCopying: return "still-copying"
    case .newerVersion: return "newer-version"
    case .notALog: return "not-a-log"
    case .notAFile: return "not-a-file"
    case .notAFolder: return "not-a-folder"
    case .link: return "link"
    case .refused: return "refused"
    case .lineTooLong: return "line-too-long"
    case .malformedEntry: return "malformed-entry"
    case .invalidEntry: return "invalid-entry"
    case .stampFarAhead: return "stamp-far-ahead"
    }
  }

  /// The report as JSON: `{"folder", "device", "joined", "in", "devices", "out", "waiting",
  /// "unreadable", "clocksAhead", "skipped", "dropped", "previousDevice", "republished"}`. A log
  /// in `unreadable` and each entry of `skipped` say why (`reason`, and `words` in the user's
  /// language).
  static func json(_ report: SyncReport) -> String {
    let localizer = Localizer(Messages.language)
    func logs(_ incomplete: Bool) -> JSONValue {
      .array(
        report.unread.filter { $0.isIncomplete == incomplete }.map {
          .object(
            [("device", .string($0.device)), ("sequence", .int($0.sequence))]
              + (incomplete
                ? []
                : [("reason", .string(code($0.reason))), ("words", .string(reason($0.reason, localizer)))]))
        })
    }
    return JSONWriter.write(
      .object([
        ("folder", .string(report.folder)), ("device", .string(report.device)),
        ("joined", .bool(report.joined)),
        ("in", .int(report.changesIn)), ("devices", .int(report.devicesIn)), ("out", .int(report.changesOut)),
        ("waiting", logs(true)), ("unreadable", logs(false)),
        (
          "clocksAhead",
          .array(
            report.clocksAhead.map { .object([("device", .string($0.device)), ("hours", .int($0.hours))]) })
        ),
        (
          "skipped",
          .array(
            report.skipped.map {
              .object([
                ("path", .string($0.path)), ("reason", .string(code($0.reason))),
                ("words", .string(reason($0.reason, localizer))), ("lines", .int($0.lines)),
              ])
            })
        ),
        (
          "dropped",
          .array(report.dropped.map { .object([("device", .string($0.device)), ("count", .int($0.count))]) })
        ),
        ("previousDevice", report.previousDevice.map(JSONValue.string) ?? .null),
        ("republished", .bool(report.republished)),
      ]))
  }

  /// A device's id as people read it: its first eight digits.
  static func shortName(_ device: String) -> String { String(device.prefix(8)) }
}

extension Messages {
  /// Why a sync did not happen, in the user's language.
  static func syncError(_ error: SyncError) -> String {
    switch error {
    case .noFolder: return localized(.cliSyncNoFolder)
    case .folderMissing(let path): return localized(.cliSyncFolderMissing(TerminalSafe.text(path)))
    case .notAFolder(let path): return localized(.cliSyncNotAFolder(TerminalSafe.text(path)))
    case .folderRefused(let path, let refusal):
      return localized(.cliSyncRefused(TerminalSafe.text(path), Messages.refusal(refusal)))
    case .store(let error): return localized(.cliSyncNotSynced(describe(error)))
    }
  }
}
