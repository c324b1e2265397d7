/// Everything the command line accepts, and all of its wording (docs/command-line.md).
enum CommandLineSpec {
  static let toolName = "tracker-preview"
  static let version = "0.2.0"

  /// An option: its name, the value it takes (nil for a flag), and what it does.
  struct Option {
    let name: String
    let value: String?
    let help: String
    /// Values it accepts, when they form a closed list.
    let choices: [String]?
  }

  /// A subcommand.
  struct Command {
    let name: String
    let arguments: String
    let overview: String
    let argumentHelp: [(String, String)]
    let options: [String]
    /// More to read after the options (the script language of `run`).
    var details: String? = nil
  }

  /// The script language, for `help run`.
  static let scriptLanguage = """
    SCRIPT LANGUAGE:
      One action or check per line; '#' starts a comment. Arguments are "quoted" (\\" \\\\ \\n), or an
      identifier after '#', which runs to the end of the line. CRLF and a byte-order mark are fine.

      tap "label" | tap #id          tap #complete:Water the plants
      longpress "label" | #id        longpress #card:Water the plants
      type "text"                    type "Read books"
      clear                          empties the focused field
      swipe left|right [#id]         swipe left   /   swipe left #card:Read books
      dismiss                        closes the sheet, menu or question on top
      print                          writes the screen to standard output
      expect screen <name>           expect screen tracker-form
      expect text "…"                expect text "What are we going to track?"
      expect no-text "…"             expect no-text "Filters"
      expect enabled "label"|#id     expect enabled #create
      expect disabled "label"|#id    expect disabled "Create"
      expect checked "label"|#id     expect checked #complete:Water the plants
      expect unchecked "label"|#id   expect unchecked #day:sun

      A failed check, or a save the data file refuses, stops the script with exit code 1, the line
      and the screen. 'show <screen> --elements' lists the identifiers; docs/scripting.md has more.

    """

  static let globalOptions: [Option] = [
    Option(
      name: "--store", value: "path",
      help:
        "The data file (default: $XDG_DATA_HOME/tracker/tracker.sqlite, else ~/.local/share/tracker/tracker.sqlite).",
      choices: nil),
    Option(
      name: "--demo", value: nil,
      help: "Use the demo data in memory instead of a data file; nothing is saved.", choices: nil),
    Option(
      name: "--lang", value: "en|ru",
      help: "The language (default: from LC_ALL, LC_MESSAGES or LANG; else en).", choices: ["en", "ru"]),
    Option(
      name: "--today", value: "YYYY-MM-DD",
      help: "The day to treat as today (default: today in the time zone).", choices: nil),
    Option(
      name: "--date", value: "YYYY-MM-DD",
      help: "list, done, undone: the day to look at or mark (default: today).", choices: nil),
    Option(
      name: "--time-zone", value: "TZ",
      help: "The time zone that decides today, e.g. Europe/Moscow (default: the system's).", choices: nil),
    Option(
      name: "--device", value: "se|x",
      help: "Draw for an iPhone SE (40 columns) or X (47 columns; the default).", choices: ["se", "x"]),
    Option(
      name: "--width", value: "N", help: "Draw at N columns (32 or more); overrides --device.", choices: nil),
    Option(
      name: "--theme", value: "light|dark", help: "The color theme (default: from COLORFGBG, else dark).",
      choices: ["light", "dark"]),
    Option(
      name: "--color", value: "auto|always|never",
      help: "Colors on a terminal (default: auto, off with NO_COLOR or when not a terminal).",
      choices: ["auto", "always", "never"]),
    Option(name: "--json", value: nil, help: "stats, list, show --elements: print JSON.", choices: nil),
    Option(
      name: "--elements", value: nil,
      help: "show: list the screen's elements (identifier, label, state) instead of drawing it.", choices: nil
    ),
    Option(
      name: "--output", value: "file", help: "export: write to this file instead of standard output.",
      choices: nil),
    Option(name: "--help", value: nil, help: "Show help.", choices: nil),
    Option(name: "--version", value: nil, help: "Show the version.", choices: nil),
  ]

  static let screenNames =
    "onboarding, trackers, type-picker, tracker-form, categories, category-form, schedule, filters, calendar, statistics"

  static let commands: [Command] = [
    Command(
      name: "tour", arguments: "",
      overview:
        "Print every screen in the order a new user meets them, with the demo data (the default command). Touches no data file.",
      argumentHelp: [],
      options: ["--lang", "--today", "--time-zone", "--device", "--width", "--theme", "--color"]),
    Command(
      name: "show", arguments: "<screen>",
      overview: "Print one screen of the demo or of a data file (it is never changed), or list its elements.",
      argumentHelp: [("<screen>", screenNames)],
      options: [
        "--elements", "--json", "--store", "--demo", "--lang", "--today", "--time-zone", "--device",
        "--width", "--theme", "--color",
      ]),
    Command(
      name: "run", arguments: "<script|->",
      overview: "Drive the app with a script of user actions and checks (see docs/scripting.md).",
      argumentHelp: [("<script|->", "The script file, or - for standard input.")],
      options: [
        "--store", "--demo", "--lang", "--today", "--time-zone", "--device", "--width", "--theme", "--color",
      ], details: scriptLanguage),
    Command(
      name: "stats", arguments: "",
      overview: "The four statistics, and per tracker: completed, current and best streak.",
      argumentHelp: [], options: ["--json", "--store", "--demo", "--lang", "--today", "--time-zone"]),
    Command(
      name: "list", arguments: "",
      overview:
        "The trackers shown on a day, as on the main screen: done or not, days completed, current streak.",
      argumentHelp: [],
      options: ["--date", "--json", "--store", "--demo", "--lang", "--today", "--time-zone"]),
    Command(
      name: "done", arguments: "<name>",
      overview:
        "Mark a tracker done on a day. Safe to repeat (a tracker already done stays done), so it can run from cron; a future day or a day the tracker is not shown on is refused.",
      argumentHelp: [("<name>", "The tracker's name (case does not matter).")],
      options: ["--date", "--store", "--lang", "--today", "--time-zone"]),
    Command(
      name: "undone", arguments: "<name>",
      overview: "Take a tracker's mark off a day. Safe to repeat, like done.",
      argumentHelp: [("<name>", "The tracker's name (case does not matter).")],
      options: ["--date", "--store", "--lang", "--today", "--time-zone"]),
    Command(
      name: "export", arguments: "",
      overview: "Write the data as JSON, the format import reads (see docs/data-format.md).",
      argumentHelp: [], options: ["--output", "--store", "--demo"]),
    Command(
      name: "import", arguments: "<file>",
      overview:
        "Add the trackers of a JSON export to the data file: all of it, or nothing with every problem listed.",
      argumentHelp: [("<file>", "The JSON file, or - for standard input.")],
      options: ["--store", "--today", "--time-zone"]),
    Command(
      name: "help", arguments: "[command]", overview: "Show help for the tool or a command.",
      argumentHelp: [("[command]", "tour, show, run, list, done, undone, stats, export, import")], options: []
    ),
  ]

  static func option(named name: String) -> Option? { globalOptions.first { $0.name == name } }
  static func command(named name: String) -> Command? { commands.first { $0.name == name } }

  static let usage = "\(toolName) [options] <command>"

  static func usage(of command: Command) -> String {
    "\(toolName) \(command.name)" + (command.arguments.isEmpty ? "" : " " + command.arguments) + " [options]"
  }

  /// The tool's help.
  static var help: String {
    var text = """
      OVERVIEW: Tracker, the habit tracker, in a terminal: see every screen, script the app, and \
      use your data.

      USAGE: \(usage)

      OPTIONS:

      """
    text += optionLines(globalOptions)
    text += "\n  Every option is accepted by every command; where one does not apply it is ignored.\n"
    text += "\nSUBCOMMANDS:\n"
    for command in commands {
      text += "  " + pad(command.name, 12) + firstSentence(command.overview) + "\n"
    }
    text += "\n  See '\(toolName) help <subcommand>' for detailed help.\n"
    return text
  }

  /// A command's help.
  static func help(for command: Command) -> String {
    var text = "OVERVIEW: \(command.overview)\n\nUSAGE: \(usage(of: command))\n"
    if !command.argumentHelp.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in command.argumentHelp { text += "  " + pad(name, 24) + help + "\n" }
    }
    let options = command.options.compactMap(option(named:)) + [option(named: "--help")].compactMap { $0 }
    text += "\nOPTIONS:\n" + optionLines(options)
    text += "\n  The other options of '\(toolName) --help' are accepted too, and ignored here.\n"
    if let details = command.details { text += "\n" + details }
    return text
  }

  private static func optionLines(_ options: [Option]) -> String {
    options.map { option in
      let head = option.name + (option.value.map { " <\($0)>" } ?? "")
      return "  " + pad(head, 24) + option.help + "\n"
    }.joined()
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
