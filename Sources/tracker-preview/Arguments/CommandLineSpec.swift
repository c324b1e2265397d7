import TrackerLocalization

/// Everything the command line accepts; its wording is in the strings files, in both languages
/// (docs/command-line.md).
enum CommandLineSpec {
  static let toolName = "tracker-preview"
  static let version = "0.2.0"
  /// The value of every date option (`--today`, `--date`, `--from`, `--to`): ISO, or a long
  /// date as the messages write it (`DateText`).
  static let dateValue = "YYYY-MM-DD"

  /// A subcommand.
  struct Command {
    let name: String
    let arguments: String
    /// What it does, in the strings files.
    let overviewKey: TextKey
    /// Its arguments and what each is, or a literal list (`[command]`: the command names).
    let argumentHelp: [(String, ArgumentHelp)]
    /// The options its help lists (every option is accepted by every command).
    let options: [Option]
    /// More to read after the options (the script language of `run`).
    var detailsKey: TextKey? = nil

    /// What it does, in the run's language.
    var overview: String { Messages.localized(overviewKey) }
  }

  /// What an argument is: a text of the strings files, or a list of names.
  enum ArgumentHelp {
    case text(TextKey)
    case names(String)

    var text: String {
      switch self {
      case .text(let key): return Messages.localized(key)
      case .names(let names): return names
      }
    }
  }

  static let globalOptions: [Option] = [
    .app, .store, .demo, .lang, .today, .date, .all, .from, .to, .at, .timeZone, .device, .width, .theme,
    .color, .todosURL, .json, .elements, .output, .amount, .clear, .folder, .url, .family, .days, .always,
    .viaExtension, .container, .yes, .category, .every, .times, .per, .inDays, .event, .measure, .atLeast,
    .atMost, .emoji, .before, .after, .into, .help, .version,
  ]

  /// Every screen's name: the tracker's, then the to-do app's.
  static let screenNames =
    AppChoice.tracker.screens.joined(separator: ", ") + "; --app todo: "
    + AppChoice.todo.screens.joined(separator: ", ")

  static let commands: [Command] = [
    Command(
      name: "tour", arguments: "",
      overviewKey: .helpCommandTour,
      argumentHelp: [],
      options: [.app, .lang, .today, .timeZone, .device, .width, .theme, .color]),
    Command(
      name: "show", arguments: "<screen>",
      overviewKey: .helpCommandShow,
      argumentHelp: [("<screen>", .names(screenNames))],
      options: [
        .app, .url, .elements, .json, .store, .demo, .lang, .today, .timeZone, .device, .width, .theme,
        .color,
      ]),
    Command(
      name: "run", arguments: "<script|->",
      overviewKey: .helpCommandRun,
      argumentHelp: [("<script|->", .text(.helpArgumentScript))],
      options: [.app, .store, .demo, .todosURL, .lang, .today, .timeZone, .device, .width, .theme, .color],
      detailsKey: .helpScriptLanguage),
    Command(
      name: "app", arguments: "",
      overviewKey: .helpCommandApp,
      argumentHelp: [],
      options: [.app, .store, .demo, .todosURL, .lang, .today, .timeZone, .theme, .color]),
    Command(
      name: "stats", arguments: "",
      overviewKey: .helpCommandStats,
      argumentHelp: [], options: [.category, .json, .store, .demo, .lang, .today, .timeZone]),
    Command(
      name: "list", arguments: "",
      overviewKey: .helpCommandList,
      argumentHelp: [],
      options: [.date, .json, .store, .demo, .lang, .today, .timeZone]),
    Command(
      name: "widget", arguments: "",
      overviewKey: .helpCommandWidget,
      argumentHelp: [],
      options: [.family, .json, .store, .demo, .lang, .today, .timeZone]),
    Command(
      name: "remind", arguments: "",
      overviewKey: .helpCommandRemind,
      argumentHelp: [], options: [.at, .json, .store, .lang, .today, .timeZone]),
    Command(
      name: "reminder", arguments: "add|remove|list [<name> <HH:MM>]",
      overviewKey: .helpCommandReminder,
      argumentHelp: [
        ("add|remove|list", .text(.helpArgumentReminderVerb)), ("<name>", .text(.helpArgumentName)),
        ("<HH:MM>", .text(.helpArgumentReminderTime)),
      ],
      options: [.days, .always, .json, .store, .lang]),
    Command(
      name: "add", arguments: "<name>",
      overviewKey: .helpCommandAdd,
      argumentHelp: [("<name>", .text(.helpArgumentName))],
      options: [
        .category, .every, .times, .per, .inDays, .event, .measure, .atLeast, .atMost, .emoji, .color, .store,
        .lang, .today, .timeZone,
      ]),
    Command(
      name: "archive", arguments: "[<name>]",
      overviewKey: .helpCommandArchive,
      argumentHelp: [("<name>", .text(.helpArgumentName))],
      options: [.store, .lang]),
    Command(
      name: "unarchive", arguments: "<name>",
      overviewKey: .helpCommandUnarchive,
      argumentHelp: [("<name>", .text(.helpArgumentName))],
      options: [.store, .lang]),
    Command(
      name: "move", arguments: "<name>",
      overviewKey: .helpCommandMove,
      argumentHelp: [("<name>", .text(.helpArgumentName))],
      options: [.before, .after, .store, .lang]),
    Command(
      name: "done", arguments: "<name>",
      overviewKey: .helpCommandDone,
      argumentHelp: [("<name>", .text(.helpArgumentName))],
      options: [.date, .amount, .store, .lang, .today, .timeZone]),
    Command(
      name: "undone", arguments: "<name>",
      overviewKey: .helpCommandUndone,
      argumentHelp: [("<name>", .text(.helpArgumentName))],
      options: [.date, .store, .lang, .today, .timeZone]),
    Command(
      name: "note", arguments: "<name> <text>|--clear",
      overviewKey: .helpCommandNote,
      argumentHelp: [("<name>", .text(.helpArgumentName)), ("<text>", .text(.helpArgumentNoteText))],
      options: [.date, .clear, .store, .lang, .today, .timeZone]),
    Command(
      name: "do", arguments: "<name> <action> [<value>]",
      overviewKey: .helpCommandDo,
      argumentHelp: [("<name>", .text(.helpArgumentName)), ("<action>", .text(.helpArgumentDoAction))],
      options: [.date, .viaExtension, .container, .store, .lang, .today, .timeZone]),
    Command(
      name: "skip", arguments: "<name>|--all",
      overviewKey: .helpCommandSkip,
      argumentHelp: [("<name>", .text(.helpArgumentName))],
      options: [.all, .date, .from, .to, .yes, .store, .lang, .today, .timeZone]),
    Command(
      name: "unskip", arguments: "<name>|--all",
      overviewKey: .helpCommandUnskip,
      argumentHelp: [("<name>", .text(.helpArgumentName))],
      options: [.all, .date, .from, .to, .store, .lang, .today, .timeZone]),
    Command(
      name: "export", arguments: "",
      overviewKey: .helpCommandExport,
      argumentHelp: [], options: [.output, .store, .demo]),
    Command(
      name: "import", arguments: "<file>",
      overviewKey: .helpCommandImport,
      argumentHelp: [("<file>", .text(.helpArgumentFile))],
      options: [.into, .store, .lang, .today, .timeZone]),
    Command(
      name: "sync", arguments: "",
      overviewKey: .helpCommandSync,
      argumentHelp: [], options: [.folder, .json, .store, .lang]),
    Command(
      name: "help", arguments: "[command]", overviewKey: .helpCommandHelp,
      argumentHelp: [
        (
          "[command]",
          .names(
            "tour, show, run, app, list, widget, remind, reminder, done, undone, note, do, skip, unskip, stats, "
              + "export, import, sync"
          )

        )
      ],
      options: []
    ),
  ]

  static func option(named name: String) -> Option? { globalOptions.first { $0.name == name } }
  static func command(named name: String) -> Command? { commands.first { $0.name == name } }

  /// The tool's usage line, its placeholders in the run's language.
  static var usage: String { Messages.placeholders(in: "\(toolName) [options] <command>") }

  static func usage(of command: Command) -> String {
    Messages.placeholders(
      in: "\(toolName) \(command.name)" + (command.arguments.isEmpty ? "" : " " + command.arguments)
        + " [options]")
  }

  /// The tool's help, in the run's language.
  static var help: String {
    var text = Messages.localized(.helpHeadingOverview) + " " + Messages.localized(.helpOverview) + "\n\n"
    text +=
      Messages.localized(.helpHeadingUsage) + " \(usage)\n\n" + Messages.localized(.helpHeadingOptions) + "\n"
    text += optionLines(globalOptions)
    text += "\n  " + Messages.localized(.helpEveryOption) + "\n"
    text += "\n" + Messages.localized(.helpHeadingSubcommands) + "\n"
    for command in commands {
      text += "  " + pad(command.name, 12) + firstSentence(command.overview) + "\n"
    }
    text += "\n  " + Messages.localized(.helpSeeSubcommand(toolName)) + "\n"
    return text
  }

  /// A command's help, in the run's language.
  static func help(for command: Command) -> String {
    var text = Messages.localized(.helpHeadingOverview) + " \(command.overview)\n\n"
    text += Messages.localized(.helpHeadingUsage) + " \(usage(of: command))\n"
    if !command.argumentHelp.isEmpty {
      text += "\n" + Messages.localized(.helpHeadingArguments) + "\n"
      for (name, help) in command.argumentHelp {
        text += line(Messages.placeholders(in: name), help.text)
      }
    }
    let options = command.options + [.help]
    text += "\n" + Messages.localized(.helpHeadingOptions) + "\n" + optionLines(options, of: command)
    text += "\n  " + Messages.localized(.helpOtherOptions(toolName)) + "\n"
    if let details = command.detailsKey { text += "\n" + Messages.localized(details) + "\n" }
    return text
  }

  /// A line of each option: its name, value and what it does. In a command's help, the commands an
  /// option's text begins with ("list, done, undone: the day…") go: the reader knows which command.
  private static func optionLines(_ options: [Option], of command: Command? = nil) -> String {
    options.map { option in
      let head = option.name + (option.value.map { " " + Messages.placeholders(in: "<\($0)>") } ?? "")
      let help = Messages.localized(option.helpKey)
      return line(head, command.map { withoutCommandPrefix(part(of: help, for: $0)) } ?? help)
    }.joined()
  }

  /// `head` in a column, then `text`; a head too wide for the column puts the text on the next
  /// line, in the column, as the other lines have it.
  private static func line(_ head: String, _ text: String) -> String {
    let column = 24
    guard head.count < column - 1 else {
      return "  " + head + "\n  " + String(repeating: " ", count: column) + text + "\n"
    }
    return "  " + pad(head, column) + text + "\n"
  }

  /// The part of an option's text that is about `command`, when the text has parts for several
  /// ("add: the tracker's category…; stats: the figures of…"): the part naming it, else the one
  /// naming no command, else the whole text.
  private static func part(of text: String, for command: Command) -> String {
    var parts: [String] = []
    for piece in text.components(separatedBy: "; ") {
      if let last = parts.last, commandNames(of: piece) == nil {
        parts[parts.count - 1] = last + "; " + piece
      } else {
        parts.append(piece)
      }
    }
    guard parts.count > 1 else { return text }
    let chosen =
      parts.first { commandNames(of: $0)?.contains(command.name) == true }
      ?? parts.first { commandNames(of: $0) == nil } ?? text
    // A part cut from a sentence ends as one.
    return chosen.hasSuffix(".") ? chosen : chosen + "."
  }

  /// The commands a text begins with ("skip, unskip: …"), nil when it begins otherwise.
  private static func commandNames(of text: String) -> [String]? {
    guard let colon = text.range(of: ": ") else { return nil }
    let names = text[..<colon.lowerBound].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    return names.allSatisfy({ self.command(named: $0) != nil }) ? names : nil
  }

  /// `text` without the list of commands it begins with ("skip, unskip: every tracker…" is
  /// "Every tracker…"); a text that begins otherwise stays as it is.
  private static func withoutCommandPrefix(_ text: String) -> String {
    guard let colon = text.range(of: ": ") else { return text }
    let names = text[..<colon.lowerBound].split(separator: ",").map {
      $0.split(separator: " ").first.map(String.init) ?? ""
    }
    guard names.allSatisfy({ command(named: $0) != nil }) else { return text }
    let rest = text[colon.upperBound...]
    return rest.prefix(1).uppercased() + rest.dropFirst()
  }

  /// The text up to the first period that ends a sentence (followed by a space or the end), so
  /// "docs/scripting.md" and "e.g." inside a sentence do not cut it.
  private static func firstSentence(_ text: String) -> String {
    var index = text.startIndex
    while let period = text[index...].firstIndex(of: ".") {
      let next = text.index(after: period)
      if next == text.endIndex || text[next] == " " { return String(text[..<next]) }
      index = next
    }
    return text
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
  }
}
