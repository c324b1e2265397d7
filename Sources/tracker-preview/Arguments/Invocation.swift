import TrackerModels

/// A command line understood: which command, its argument, and the options given.
struct Invocation: Equatable {
  enum Command: Equatable {
    case tour
    case show(String)
    case run(String)
    /// `app`: the interactive mode.
    case app
    case stats
    case list
    case widget
    /// `remind`: the daily reminder, if it is due now, and each habit's reminder due now.
    case remind
    /// `reminder add|remove|list`: a habit's reminders.
    case reminder(ReminderVerb)
    /// `do <name> <action> --via-extension`: the command written to the command log.
    case logged(String, HabitCommand.Action)
    /// `add <name>`: a tracker made as the form makes it.
    case add(String)
    /// `archive [<name>]` (true; nil: the archived ones) or `unarchive <name>` (false).
    case archive(String?, archived: Bool)
    /// `move <name> --before|--after <other>`.
    case move(String)
    /// `done <name>` (true) or `undone <name>` (false).
    case mark(String, done: Bool)
    /// `note <name> <text>`, or `note <name> --clear` (nil text).
    case note(String, text: String?)

    /// `skip <name>|--all` (true) or `unskip …` (false); nil for `--all`.
    case skip(String?, off: Bool)
    case export
    case importFile(String)
    /// `sync`: send this device's changes to the shared folder and merge the others'.
    case sync
    case help(String?)
    case version
  }

  var command: Command
  /// The options given, each read into its type.
  var options: Options
}

/// What `reminder` does.
enum ReminderVerb: Equatable {
  /// `reminder add NAME HH:MM [--days …] [--always]`: adds the reminder, or changes the one at
  /// that time.
  case add(String, ReminderTime)
  /// `reminder remove NAME HH:MM`.
  case remove(String, ReminderTime)
  /// `reminder list [NAME]`: every habit's reminders, or one habit's.
  case list(String?)
}

/// A command line that cannot be understood; exit code 64.
struct UsageError: Error, Equatable {
  let message: String
  /// The command whose usage the hint shows, if known.
  var command: String?
}
