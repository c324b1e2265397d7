/// Everything the command line accepts, and all of its wording (DESIGN.md §9).
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
  }

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
    Option(name: "--json", value: nil, help: "stats: print JSON.", choices: nil),
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
      name: "show", arguments: "<screen>", overview: "Print one screen of the demo or of a data file.",
      argumentHelp: [("<screen>", screenNames)],
      options: [
        "--store", "--demo", "--lang", "--today", "--time-zone", "--device", "--width", "--theme", "--color",
      ]),
    Command(
      name: "run", arguments: "<script|->",
      overview: "Drive the app with a script of user actions and checks (see docs/scripting.md).",
      argumentHelp: [("<script|->", "The script file, or - for standard input.")],
      options: [
        "--store", "--demo", "--lang", "--today", "--time-zone", "--device", "--width", "--theme", "--color",
      ]),
    Command(
      name: "stats", arguments: "",
      overview: "The four statistics, and per tracker: completed, current and best streak.",
      argumentHelp: [], options: ["--json", "--store", "--demo", "--lang", "--today", "--time-zone"]),
    Command(
      name: "export", arguments: "", overview: "Write the data as JSON (DESIGN.md §6).",
      argumentHelp: [], options: ["--output", "--store", "--demo"]),
    Command(
      name: "import", arguments: "<file>",
      overview:
        "Add the trackers of a JSON export to the data file: all of it, or nothing with every problem listed.",
      argumentHelp: [("<file>", "The JSON file, or - for standard input.")],
      options: ["--store", "--today", "--time-zone"]),
    Command(
      name: "help", arguments: "[command]", overview: "Show help for the tool or a command.",
      argumentHelp: [("[command]", "tour, show, run, stats, export, import")], options: []),
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
    text += optionLines(globalOptions.filter { $0.name != "--json" && $0.name != "--output" })
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
    return text
  }

  private static func optionLines(_ options: [Option]) -> String {
    options.map { option in
      let head = option.name + (option.value.map { " <\($0)>" } ?? "")
      return "  " + pad(head, 24) + option.help + "\n"
    }.joined()
  }

  private static func firstSentence(_ text: String) -> String {
    guard let end = text.firstIndex(of: ".") else { return text }
    return String(text[...end])
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
  }
}
