import Foundation
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// The command line tool: parses, resolves the options, runs the command.
@MainActor
enum Tool {
  /// Runs the command line, every message in the language it asks for (`--lang`, else the
  /// locale variables), even when the command line itself cannot be understood.
  static func run(_ arguments: [String], _ context: ToolContext) async -> Outcome {
    await Messages.$language.withValue(language(of: arguments, context)) {
      await runInLanguage(arguments, context)
    }
  }

  /// The language `--lang` names (in any case, as `--lang ru` or `--lang=ru`), else the locale's.
  /// It is read before the parser runs, so that the parser's own errors speak that language.
  static func language(of arguments: [String], _ context: ToolContext) -> Language {
    let lang = CommandLineSpec.Option.lang.name
    for (index, argument) in arguments.enumerated() {
      var value: String?
      if argument == lang, index + 1 < arguments.count { value = arguments[index + 1] }
      if argument.hasPrefix(lang + "=") { value = String(argument.dropFirst(lang.count + 1)) }
      if let value, let language = Language(rawValue: value.lowercased()) { return language }
      if argument == "--" { break }
    }
    return Language.preferred(environment: context.environment)
  }

  private static func runInLanguage(_ arguments: [String], _ context: ToolContext) async -> Outcome {
    let invocation: Invocation
    switch ArgumentParser.parse(arguments) {
    case .success(let parsed): invocation = parsed
    case .failure(let error): return .usage(error)
    }
    switch invocation.command {
    case .version:
      return Outcome(standardOutput: CommandLineSpec.version + "\n")
    case .help(nil):
      return Outcome(standardOutput: CommandLineSpec.help)
    case .help(let name?):
      guard let command = CommandLineSpec.command(named: name) else {
        let suggestion = Suggestion.closest(to: name, among: CommandLineSpec.commands.map(\.name))
        return .usage(UsageError(message: Messages.unknownCommand(name, suggestion: suggestion)))
      }
      return Outcome(standardOutput: CommandLineSpec.help(for: command))
    case .tour, .show, .run, .app, .stats, .list, .widget, .remind, .reminder, .logged, .add, .archive, .move,
      .mark, .note,
      .skip, .export, .importFile, .sync:
      break
    }
    let settings: Settings
    switch Settings.resolve(invocation, context) {
    case .success(let resolved): settings = resolved
    case .failure(let error):
      return .usage(UsageError(message: error.message, command: invocation.commandName))
    }
    switch invocation.command {
    case .tour:
      return await TourCommand.run(settings)
    case .show(let screen):
      return await ShowCommand.run(screen, invocation, settings, context)
    case .run(let script):
      return await RunCommand.run(script, invocation, settings, context)
    case .app:
      return await AppCommand.run(invocation, settings, context)
    case .list:
      return await ListCommand.run(invocation, settings, context)
    case .widget:
      return await WidgetCommand.run(invocation, settings, context)
    default:
      return sayingWhenItWaits(invocation, context) { runAtOnce(invocation, settings, context) }
    }
  }

  /// Runs `command` (one that calls the store itself, on this thread), telling the person at once
  /// when one of its writes, or the opening of the data file, finds the file held by another
  /// program, so that a command never waits in silence for up to the busy timeout (10 s) before
  /// it goes on or says why it cannot. Said once, on standard error, so standard output stays the
  /// command's answer alone. Every command's opening of the file says it the same way
  /// (`StoreOpening`); of the commands that run the app's screens, a script's steps say it as
  /// they write (`RunCommand.launch`), while `app` tells of its writes' waits on its bottom line
  /// ("Saving…") and in its busy alert.
  private static func sayingWhenItWaits(
    _ invocation: Invocation, _ context: ToolContext, _ command: () -> Outcome
  ) -> Outcome {
    StoreLockWait.reporting(
      to: sayingOnceWhatItWaitsFor(StoreOpening.trackerPath(invocation, context), context), command)
  }

  /// What tells the person that the command waits for another program's hold on the data file
  /// at `path`: the line, on standard error at once, in the run's language; once in a run
  /// (`ToolContext.toldWaiting`), however many waits and whichever says it first.
  nonisolated static func sayingOnceWhatItWaitsFor(_ path: String, _ context: ToolContext)
    -> @Sendable (StorageFailure) -> Void
  {
    let language = Messages.language
    let told = context.toldWaiting
    let tell = context.tell
    return { failure in
      let toldBefore = told.withLock { told in
        defer { told = true }
        return told
      }
      guard !toldBefore else { return }
      tell(Messages.$language.withValue(language) { Messages.waiting(for: path, holder: failure.holder) })
    }
  }

  /// The commands that call the store themselves and await nothing.
  private static func runAtOnce(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext)
    -> Outcome
  {
    switch invocation.command {
    case .stats:
      return StatsCommand.run(invocation, settings, context)
    case .remind:
      return RemindCommand.run(invocation, settings, context)
    case .reminder(let verb):
      return ReminderCommand.run(verb, invocation, settings, context)
    case .logged(let name, let action):
      return LoggedCommandCommand.run(name, action, invocation, settings, context)
    case .add(let name):
      return AddCommand.run(name, invocation, settings, context)
    case .archive(let name, let archived):
      return ArchiveCommand.run(name, archived: archived, invocation, settings, context)
    case .move(let name):
      return MoveCommand.run(name, invocation, settings, context)
    case .mark(let name, let done):
      return MarkCommand.run(name, done: done, invocation, settings, context)
    case .note(let name, let text):
      return NoteCommand.run(name, text: text, invocation, settings, context)
    case .skip(let name, let off):
      return SkipCommand.run(name, off: off, invocation, settings, context)
    case .export:
      return ExportCommand.run(invocation, settings, context)
    case .importFile(let file):
      return ImportCommand.run(file, invocation, settings, context)
    case .sync:
      return SyncCommand.run(invocation, settings, context)
    case .help, .version, .tour, .show, .run, .app, .list, .widget:
      return Outcome()
    }
  }

  /// A world in memory for `data`, for the tour and the demo.
  static func scenarioEnvironment(_ settings: Settings) async -> AppEnvironment {
    await settings.appEnvironment(store: InMemoryTrackerStore(clock: settings.storeClock))
  }
}

extension Invocation {
  /// The command's name, for usage hints.
  var commandName: String? {
    switch command {
    case .tour: return "tour"
    case .show: return "show"
    case .run: return "run"
    case .app: return "app"
    case .stats: return "stats"
    case .list: return "list"
    case .widget: return "widget"
    case .remind: return "remind"
    case .reminder: return "reminder"
    case .logged: return "do"
    case .add: return "add"
    case .archive(_, let archived): return archived ? "archive" : "unarchive"
    case .move: return "move"
    case .mark(_, let done): return done ? "done" : "undone"
    case .note: return "note"

    case .skip(_, let off): return off ? "skip" : "unskip"
    case .export: return "export"
    case .importFile: return "import"
    case .sync: return "sync"
    case .help, .version: return nil
    }
  }
}
