import Foundation
import TrackerArchiveCodec
import TrackerModels

/// The command log an extension (a widget's button, a notification's action, a Shortcut run in
/// the background) hands its `HabitCommand`s to the app through, in a folder both share
/// (docs/native-client.md, "Commands from anywhere"). An extension never opens the data file: iOS
/// kills a process suspended while it holds a SQLite lock.
///
/// The sync log's rules, as one more device: numbered files written whole (aside, then renamed,
/// so a reader never meets half a file and a writer killed part way leaves nothing under a
/// number), a header that says how many lines follow, one command per line:
///
///     {"format": "tracker-commands", "version": 1, "log": "…", "sequence": 3, "entries": 1, "written": 1796115600000}
///     {"tracker": "…", "date": "2026-12-06", "action": "add-amount", "value": "1"}
///
/// The app merges the files after the place its data file keeps for the log
/// (`LoggedCommandApplying`), in order, the commands and the new place in one transaction: each
/// command is applied once, however the app or the extension is killed. Writers take turns by a
/// lock on `.lock` in the folder; the files the data file has applied are removed by the merge,
/// which keeps the newest number in `.last` (numbers are never used twice).
public struct CommandLog: Sendable {
  public static let format = "tracker-commands"
  public static let version = 1
  /// The folder's name inside the shared container.
  public static let folderName = "tracker-commands"

  /// The log's folder.
  public let folder: String

  /// The log in `folder` (made when the first command is written).
  public init(folder: String) { self.folder = folder }

  /// The log in the shared container `container`.
  public init(container: String) {
    folder = (container as NSString).appendingPathComponent(Self.folderName)
  }

  // MARK: Writing

  /// Writes `commands` as the log's next file, whole, and returns its number.
  @discardableResult
  public func append(_ commands: [HabitCommand], now: Date = Date()) throws(CommandLogError) -> Int {
    try makeFolder()
    return try withLock { () throws(CommandLogError) -> Int in
      guard let log = try logID(creating: true) else { throw CommandLogError.unwritable(folder) }
      // After the newest file, or the newest a merge removed: a number is never used twice.
      let sequence = max(try sequences().last ?? 0, lastRemoved()) + 1
      var lines = [
        JSONWriter.line(
          .object([
            ("format", .string(Self.format)), ("version", .int(Self.version)),
            ("log", .string(log.uuidString)),
            ("sequence", .int(sequence)), ("entries", .int(commands.count)),
            ("written", .int(Int(max(0, now.timeIntervalSince1970 * 1000)))),
          ]))
      ]
      lines += commands.map { JSONWriter.line(Self.encode($0)) }
      let path = self.path(sequence)
      let aside = path + ".writing"
      guard
        FileManager.default.createFile(
          atPath: aside, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
      else { throw CommandLogError.unwritable(aside) }
      guard rename(aside, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(aside)
        throw CommandLogError.unwritable(path + ": " + reason)
      }
      return sequence
    }
  }

  // MARK: Merging

  /// What a merge did.
  public struct MergeReport: Sendable {
    /// What the store did with the commands applied now.
    public var applied: LoggedCommandsReport
    /// Files that hold no commands this version can read (a later version's, or damaged), each
    /// with why: skipped, and reported, never tried again.
    public var skipped: [(file: String, reason: String)]
  }

  /// Applies the commands of the files after the store's place for this log, once each, and
  /// removes the files the store has applied. Nothing to merge (no folder, no
  /// file after the place) changes nothing.
  @discardableResult
  public func merge(into store: any LoggedCommandApplying) throws(CommandLogError) -> MergeReport {
    guard FileManager.default.fileExists(atPath: folder), let log = try logID(creating: false) else {
      return MergeReport(applied: LoggedCommandsReport(position: 0), skipped: [])
    }
    let position: Int
    do {
      position = try store.loggedPosition(log: log)
    } catch {
      throw .store(error)
    }
    let pending = try sequences().filter { $0 > position }
    var commands: [LoggedCommand] = []
    var skipped: [(file: String, reason: String)] = []
    for sequence in pending {
      switch read(sequence, log: log) {
      case .success(let found): commands += found
      case .failure(let reason): skipped.append((path(sequence), reason.reason))
      }
    }
    let report: LoggedCommandsReport
    do {
      report = try store.applyLogged(commands, through: pending.last ?? position, log: log)
    } catch {
      throw .store(error)
    }
    try removeApplied(through: report.position)
    return MergeReport(applied: report, skipped: skipped)
  }

  /// The commands of file `sequence`, or why it holds none this version reads.
  func read(_ sequence: Int, log: UUID) -> Result<[LoggedCommand], Skipped> {
    guard let data = FileManager.default.contents(atPath: path(sequence)),
      let text = String(data: data, encoding: .utf8)
    else { return .failure(Skipped(reason: "unreadable")) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    guard let first = lines.first, let header = try? JSONParser.parse(first),
      header["format"] == .string(Self.format)
    else { return .failure(Skipped(reason: "not a command log file")) }
    guard header["version"] == .int(Self.version) else {
      return .failure(Skipped(reason: "a version this Tracker does not read"))
    }
    guard header["log"] == .string(log.uuidString), header["sequence"] == .int(sequence) else {
      return .failure(Skipped(reason: "its header names another log or number"))
    }
    guard header["entries"] == .int(lines.count - 1) else { return .failure(Skipped(reason: "cut short")) }
    var commands: [LoggedCommand] = []
    for (index, line) in lines.dropFirst().enumerated() {
      guard let value = try? JSONParser.parse(line), let command = Self.decode(value) else {
        return .failure(Skipped(reason: "line \(index + 2) is not a command"))
      }
      commands.append(LoggedCommand(sequence: sequence, line: index + 1, command: command))
    }
    return .success(commands)
  }

  /// Removes the files at or before `position`, and files left aside by a writer killed part
  /// way, and keeps the number of the newest removed in `.last`, which numbers the next file: a
  /// data file that forgot its place (restored from a backup, salvaged) finds no applied file to
  /// apply again.
  func removeApplied(through position: Int) throws(CommandLogError) {
    try withLock { () throws(CommandLogError) in
      let removed = try sequences().filter { $0 <= position }
      if let newest = removed.last, newest > lastRemoved() {
        let file = (folder as NSString).appendingPathComponent(".last")
        guard FileManager.default.createFile(atPath: file + ".writing", contents: Data("\(newest)\n".utf8)),
          rename(file + ".writing", file) == 0
        else { throw CommandLogError.unwritable(file) }
      }
      for sequence in removed { unlink(path(sequence)) }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in names where name.hasSuffix(".jsonl.writing") {
        unlink((folder as NSString).appendingPathComponent(name))
      }
    }
  }

  /// The number of the newest file a merge removed (0: none).
  func lastRemoved() -> Int {
    let file = (folder as NSString).appendingPathComponent(".last")
    guard let data = FileManager.default.contents(atPath: file) else { return 0 }
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  // MARK: The folder

  /// The numbers of the log's files, ascending.
  func sequences() throws(CommandLogError) -> [Int] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .unreadable(folder)
    }
    return names.compactMap { name -> Int? in
      guard name.hasSuffix(".jsonl"), name.count == 14 else { return nil }
      return Int(name.prefix(8))
    }.sorted()
  }

  func path(_ sequence: Int) -> String {
    let digits = String(sequence)
    return (folder as NSString).appendingPathComponent(
      String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".jsonl")
  }

  private func makeFolder() throws(CommandLogError) {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .unwritable(folder)
    }
  }

  /// The log's id, kept in `.id`: made by the first writer. A folder made again is a new log, so
  /// the numbers it starts again from are not taken for ones applied.
  func logID(creating: Bool) throws(CommandLogError) -> UUID? {
    let file = (folder as NSString).appendingPathComponent(".id")
    if let data = FileManager.default.contents(atPath: file) {
      guard
        let id = UUID(
          uuidString: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      else { throw .unreadable(file) }
      return id
    }
    guard creating else { return nil }
    let id = UUID()
    let aside = file + ".writing"
    guard FileManager.default.createFile(atPath: aside, contents: Data((id.uuidString + "\n").utf8)),
      rename(aside, file) == 0
    else { throw .unwritable(file) }
    return id
  }

  /// Runs `body` holding the folder's lock (`flock` on `.lock`): writers take turns, and a merge
  /// removes files only between them. A process killed holding it lets it go.
  private func withLock<Result>(_ body: () throws(CommandLogError) -> Result) throws(CommandLogError)
    -> Result
  {
    let lockPath = (folder as NSString).appendingPathComponent(".lock")
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .unwritable(lockPath) }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX) == 0 else { throw .unwritable(lockPath) }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}

/// Why a log file holds no command this version reads.
struct Skipped: Error {
  var reason: String
}

/// Why the command log could not be written or merged.
public enum CommandLogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A file or the folder could not be written (the path, and the system's reason when known).
  case unwritable(String)
  /// The folder or the log's id could not be read.
  case unreadable(String)
  /// The data file refused or failed.
  case store(StoreError)

  public var description: String {
    switch self {
    case .unwritable(let path): return "cannot write \(path)"
    case .unreadable(let path): return "cannot read \(path)"
    case .store(let error): return error.description
    }
  }
}

extension CommandLog {
  /// A command as a log line.
  static func encode(_ command: HabitCommand) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("tracker", .string(command.trackerID.uuidString)), ("date", .string(command.day.iso)),
    ]
    switch command.action {
    case .setDone(let isDone): members.append(("action", .string(isDone ? "done" : "undone")))
    case .toggleDone: members.append(("action", .string("toggle")))
    case .setAmount(let amount):
      members += [("action", .string("amount")), ("value", amount.map { .string($0.description) } ?? .null)]
    case .addAmount(let amount):
      members += [("action", .string("add-amount")), ("value", .string(amount.description))]
    case .setDayOff(let isOff): members.append(("action", .string(isOff ? "day-off" : "no-day-off")))
    case .writeNote(let text):
      members += [("action", .string("note")), ("value", text.map { .string($0) } ?? .null)]
    }
    return .object(members)
  }

  /// A log line's command, or nil for one this version does not read.
  static func decode(_ value: JSONValue) -> HabitCommand? {
    guard case .string(let trackerText)? = value["tracker"], let tracker = UUID(canonical: trackerText),
      case .string(let dateText)? = value["date"], let day = try? Day(iso: dateText),
      case .string(let name)? = value["action"]
    else { return nil }
    func amount() -> Amount?? {
      switch value["value"] {
      case .null?: return .some(nil)
      case .string(let text)?: return (try? Amount(parsing: text)).map { .some($0) }
      default: return nil
      }
    }
    let action: HabitCommand.Action
    switch name {
    case "done": action = .setDone(true)
    case "undone": action = .setDone(false)
    case "toggle": action = .toggleDone
    case "amount":
      guard let given = amount() else { return nil }
      action = .setAmount(given)
    case "add-amount":
      guard let given = amount(), let added = given else { return nil }
      action = .addAmount(added)
    case "day-off": action = .setDayOff(true)
    case "no-day-off": action = .setDayOff(false)
    case "note":
      switch value["value"] {
      case .null?: action = .writeNote(nil)
      case .string(let text)?: action = .writeNote(text)
      default: return nil
      }
    default: return nil
    }
    return HabitCommand(trackerID: tracker, day: day, action: action)
  }
}
