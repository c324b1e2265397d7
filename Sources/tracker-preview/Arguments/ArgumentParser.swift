import TrackerModels
import TrackerViewModels

/// Parses a command line in two steps, as swift-argument-parser does: split into tokens, then
/// interpret them against `CommandLineSpec`.
enum ArgumentParser {
  /// One piece of a command line.
  enum Token: Equatable {
    /// `--name` or `--name=value`.
    case option(String, inlineValue: String?)
    /// `-h`.
    case shortOption(Character)
    /// Anything else (and everything after `--`).
    case positional(String)
  }

  /// Splits arguments into tokens.
  static func tokenize(_ arguments: [String]) -> [Token] {
    var tokens: [Token] = []
    var afterTerminator = false
    for argument in arguments {
      if afterTerminator {
        tokens.append(.positional(argument))
      } else if argument == "--" {
        afterTerminator = true
      } else if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          tokens.append(
            .option("--" + body[..<equals], inlineValue: String(body[body.index(after: equals)...])))
        } else {
          tokens.append(.option(argument, inlineValue: nil))
        }
      } else if argument.count == 2, argument.hasPrefix("-"), let letter = argument.last, letter != "-",
        !letter.isNumber
      {
        tokens.append(.shortOption(letter))
      } else {
        tokens.append(.positional(argument))
      }
    }
    return tokens
  }

  /// Interprets `arguments` (without the program name): each option is read once into its
  /// place in `Options`, as its declaration says (`CommandLineSpec.Option`).
  static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
    parseTokens(arguments).mapError { error in
      // An option refused before the command was read still shows that command's usage
      // (`show trackers --bogus` shows `show`'s, as `show trackers --width abc` does).
      guard error.command == nil else { return error }
      var named = error
      named.command =
        tokenize(arguments).lazy.compactMap { token -> String? in
          guard case .positional(let name) = token, CommandLineSpec.command(named: name) != nil else {
            return nil
          }
          return name
        }.first
      return named
    }
  }

  private static func parseTokens(_ arguments: [String]) -> Result<Invocation, UsageError> {
    var options = Options()
    var given: Set<String> = []
    var positionals: [String] = []
    var tokens = tokenize(arguments)[...]
    while let token = tokens.popFirst() {
      switch token {
      case .shortOption("h"):
        options.help = true
        given.insert(CommandLineSpec.Option.help.name)
      case .shortOption(let letter):
        return .failure(UsageError(message: Messages.unknownShortOption(letter)))
      case .positional(let value):
        positionals.append(value)
      case .option(let name, let inline):
        guard let option = CommandLineSpec.option(named: name) else {
          let suggestion = Suggestion.closest(to: name, among: CommandLineSpec.globalOptions.map(\.name))
          return .failure(UsageError(message: Messages.unknownOption(name, suggestion: suggestion)))
        }
        guard given.insert(name).inserted else {
          return .failure(UsageError(message: Messages.optionTwice(name)))
        }
        guard let placeholder = option.value else {
          if inline != nil { return .failure(UsageError(message: Messages.optionTakesNoValue(name))) }
          _ = option.store(&options, nil)
          continue
        }
        var value = inline
        if value == nil, case .positional(let next)? = tokens.first {
          value = next
          tokens.removeFirst()
        }
        guard var value else {
          return .failure(UsageError(message: Messages.missingValue(name, placeholder)))
        }
        // `--date 1 Dec 2026` without quotes, as pasted from a message: the shell made three words.
        if option.isDate, case .positional(let month)? = tokens.first,
          case .positional(let year)? = tokens.dropFirst().first,
          DateText.isSplitLongDate(value, month: month, year: year)
        {
          value += " \(month) \(year)"
          tokens.removeFirst(2)
        }
        if let error = option.store(&options, value) { return .failure(error) }
      }
    }
    if options.store != nil, options.demo {
      return .failure(UsageError(message: Messages.storeAndDemo))
    }
    if options.version { return .success(Invocation(command: .version, options: options)) }
    guard let name = positionals.first else {
      return .success(Invocation(command: options.help ? .help(nil) : .tour, options: options))
    }
    guard CommandLineSpec.command(named: name) != nil else {
      let suggestion = Suggestion.closest(to: name, among: CommandLineSpec.commands.map(\.name))
      return .failure(UsageError(message: Messages.unknownCommand(name, suggestion: suggestion)))
    }
    if options.help { return .success(Invocation(command: .help(name), options: options)) }
    let rest = Array(positionals.dropFirst())
    func one(_ what: String) -> Result<String, UsageError> {
      guard rest.count <= 1 else {
        return .failure(UsageError(message: Messages.unexpectedArgument(rest[1]), command: name))
      }
      guard let value = rest.first else {
        return .failure(UsageError(message: Messages.missingArgument(what), command: name))
      }
      return .success(value)
    }
    func none() -> UsageError? {
      rest.first.map { UsageError(message: Messages.unexpectedArgument($0), command: name) }
    }
    let invocation: Invocation.Command
    switch name {
    case "tour":
      if let error = none() { return .failure(error) }
      invocation = .tour
    case "show" where options.url != nil:
      // The link names the screen.
      if !rest.isEmpty { return .failure(UsageError(message: Messages.screenAndLink, command: name)) }
      invocation = .show("")
    case "show":
      switch one(Messages.screenArgument) {
      case .success(let screen): invocation = .show(screen)
      case .failure(let error): return .failure(error)
      }
    case "run":
      switch one("<script|->") {
      case .success(let script): invocation = .run(script)
      case .failure(let error): return .failure(error)
      }
    case "app":
      if let error = none() { return .failure(error) }
      invocation = .app
    case "stats":
      if let error = none() { return .failure(error) }
      invocation = .stats
    case "list":
      if let error = none() { return .failure(error) }
      invocation = .list
    case "remind":
      if let error = none() { return .failure(error) }
      invocation = .remind
    case "widget":
      if let error = none() { return .failure(error) }
      invocation = .widget
    case "reminder":
      switch ReminderWords.read(rest) {
      case .success(let verb): invocation = .reminder(verb)
      case .failure(let refusal): return .failure(UsageError(message: refusal.message, command: name))
      }
    case "add":
      switch one(Messages.nameArgument) {
      case .success(let tracker): invocation = .add(tracker)
      case .failure(let error): return .failure(error)
      }
    case "archive":
      guard rest.count <= 1 else {
        return .failure(UsageError(message: Messages.unexpectedArgument(rest[1]), command: name))
      }
      invocation = .archive(rest.first, archived: true)
    case "unarchive":
      switch one(Messages.nameArgument) {
      case .success(let tracker): invocation = .archive(tracker, archived: false)
      case .failure(let error): return .failure(error)
      }
    case "move":
      switch one(Messages.nameArgument) {
      case .success(let tracker): invocation = .move(tracker)
      case .failure(let error): return .failure(error)
      }
    case "done", "undone":
      switch one(Messages.nameArgument) {
      case .success(let tracker): invocation = .mark(tracker, done: name == "done")
      case .failure(let error): return .failure(error)
      }
    case "note":
      switch (rest.count, options.clear) {
      case (0, _):
        return .failure(UsageError(message: Messages.missingArgument(Messages.nameArgument), command: name))
      case (1, true): invocation = .note(rest[0], text: nil)
      case (1, false): return .failure(UsageError(message: Messages.noteTextOrClear, command: name))
      case (2, false): invocation = .note(rest[0], text: rest[1])
      case (2, true): return .failure(UsageError(message: Messages.noteTextAndClear, command: name))
      default: return .failure(UsageError(message: Messages.unexpectedArgument(rest[2]), command: name))
      }
    case "do" where options.viaExtension:
      switch HabitCommandWords.action(rest) {
      case .success(let action): invocation = .logged(rest[0], action)
      case .failure(let refusal): return .failure(UsageError(message: refusal.message, command: name))
      }
    case "do":
      switch HabitCommandWords.read(rest, &options) {
      case .success(let command): invocation = command
      case .failure(let refusal): return .failure(UsageError(message: refusal.message, command: name))
      }
    case "skip", "unskip":

      if options.all {
        guard rest.isEmpty else { return .failure(UsageError(message: Messages.nameOrAll, command: name)) }
        invocation = .skip(nil, off: name == "skip")
      } else {
        switch one(Messages.nameOrAllArgument) {
        case .success(let tracker): invocation = .skip(tracker, off: name == "skip")
        case .failure(let error): return .failure(error)
        }
      }
    case "export":
      if let error = none() { return .failure(error) }
      invocation = .export
    case "sync":
      if let error = none() { return .failure(error) }
      invocation = .sync
    case "import":
      switch one("<file>") {
      case .success(let file): invocation = .importFile(file)
      case .failure(let error): return .failure(error)
      }
    default:
      guard rest.count <= 1 else {
        return .failure(UsageError(message: Messages.unexpectedArgument(rest[1]), command: name))
      }
      invocation = .help(rest.first)
    }
    // Every option is accepted by every command and ignored where it does not apply, so an alias
    // such as `tp='tracker-preview --store X --lang ru'` works with every command.
    return .success(Invocation(command: invocation, options: options))
  }
}

/// "Did you mean": the closest candidate by edit distance, if it is close enough.
enum Suggestion {
  static func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }.sorted { $0.1 < $1.1 }
    guard let best = scored.first, best.1 <= max(2, word.count / 3) else { return nil }
    return best.0
  }

  /// Levenshtein distance.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// `do <name> <action> [<value>]`: one habit command in the words of Shortcuts and scripts, each
/// the command of the same effect (`done`, `undone`, `done --amount`, `skip`, `unskip`, `note`,
/// `note --clear`), so every path ends in the same `HabitCommand` and says the same.
enum ReminderWords {
  /// The verbs, as `reminder` spells them.
  static let verbs = ["add", "remove", "list"]

  /// The verb `words` ask for, or the message of why none.
  static func read(_ words: [String]) -> Result<ReminderVerb, HabitCommandWords.Refusal> {
    guard let verb = words.first?.lowercased() else {
      return .failure(.init(message: Messages.missingArgument("add|remove|list")))
    }
    switch verb {
    case "list":
      if let extra = words.dropFirst(2).first {
        return .failure(.init(message: Messages.unexpectedArgument(extra)))
      }
      return .success(.list(words.count > 1 ? words[1] : nil))
    case "add", "remove":
      guard words.count > 1 else {
        return .failure(.init(message: Messages.missingArgument(Messages.nameArgument)))
      }
      guard words.count > 2 else { return .failure(.init(message: Messages.missingArgument("HH:MM"))) }
      if let extra = words.dropFirst(3).first {
        return .failure(.init(message: Messages.unexpectedArgument(extra)))
      }
      guard let time = ReminderTime(words[2]) else {
        return .failure(.init(message: Messages.badTime(words[2])))
      }
      return .success(verb == "add" ? .add(words[1], time) : .remove(words[1], time))
    default:
      let suggestion = Suggestion.closest(to: verb, among: verbs)
      return .failure(.init(message: Messages.unknownReminderVerb(words[0], suggestion: suggestion)))
    }
  }
}

enum HabitCommandWords {
  /// Why the words name no command: the message a usage error shows.
  struct Refusal: Error {
    var message: String
  }

  /// The actions, as `do` spells them.
  static let actions = ["done", "undone", "amount", "day-off", "no-day-off", "note", "no-note"]

  /// The `do` action that runs a button's command (`done`, `day-off`…), nil for one that opens the
  /// app (an amount, a note, the detail).
  static func words(for kind: HabitAction.Kind) -> String? {
    switch kind {
    case .done: "done"
    case .notDone: "undone"
    case .dayOff: "day-off"
    case .cancelDayOff: "no-day-off"
    case .amount, .note, .open: nil
    }
  }

  /// The action `words` ask for (`do NAME ACTION [VALUE] --via-extension`), or why none.
  static func action(_ words: [String]) -> Result<HabitCommand.Action, Refusal> {
    var options = Options()
    switch read(words, &options) {
    case .failure(let refusal): return .failure(refusal)
    case .success(.mark(_, let done)):
      if case .success(let amount)? = options.amount { return .success(.setAmount(amount)) }
      return .success(.setDone(done))
    case .success(.skip(_, let off)): return .success(.setDayOff(off))
    case .success(.note(_, let text)): return .success(.writeNote(text))
    case .success: return .failure(Refusal(message: Messages.missingArgument("<action>")))
    }
  }

  /// The command `words` ask for (the amount goes into `options`), or the message of why none.
  static func read(_ words: [String], _ options: inout Options) -> Result<Invocation.Command, Refusal> {
    guard let name = words.first else {
      return .failure(Refusal(message: Messages.missingArgument(Messages.nameArgument)))
    }
    guard words.count >= 2 else { return .failure(Refusal(message: Messages.missingArgument("<action>"))) }
    let action = words[1].lowercased()
    let takesValue = action == "amount" || action == "note"
    let value = words.count > 2 ? words[2] : nil
    if let extra = words.dropFirst(takesValue ? 3 : 2).first {
      return .failure(Refusal(message: Messages.unexpectedArgument(extra)))
    }
    if takesValue, value == nil {
      return .failure(Refusal(message: Messages.missingArgument(action == "amount" ? "X" : "<text>")))
    }
    switch action {
    case "done", "undone": return .success(.mark(name, done: action == "done"))
    case "amount":
      guard case .success(let amount) = ValueKind<Parsed<Amount>>.amount.read(value ?? "", "amount") else {
        return .failure(Refusal(message: Messages.missingArgument("X")))
      }
      options.amount = amount
      return .success(.mark(name, done: true))
    case "day-off", "no-day-off": return .success(.skip(name, off: action == "day-off"))
    case "note": return .success(.note(name, text: value))
    case "no-note": return .success(.note(name, text: nil))
    default:
      let suggestion = Suggestion.closest(to: action, among: actions)
      return .failure(Refusal(message: Messages.unknownHabitAction(words[1], suggestion: suggestion)))
    }
  }
}
