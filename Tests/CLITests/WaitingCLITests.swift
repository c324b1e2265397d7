import Foundation
import OtherProgram
import TestSupport
import Testing

/// A command whose write finds the data file held by another program says so at once, while it
/// waits, and goes on when the file is let go. Before, it waited up to the busy timeout (10 s)
/// in silence, and only a wait that ran out said who held the file.
@Suite("tracker-preview while another program holds the data file", .temporaryFolders)
struct WaitingCLITests {
  /// A data file with the habit "Бег" (onboarding over, as after restoring a backup).
  func preparedStore() async throws -> String { try await DailyUseTests().preparedStore() }

  @Test(arguments: [
    (
      "en", "Waiting for another program (tracker-store-w, pid PID) to let go of the data file PATH…\n",
      "Бег: done on"
    ),
    (
      "ru", "Жду, пока другая программа (tracker-store-w, pid PID) освободит файл с данными PATH…\n",
      "Бег: отмечено за"
    ),
  ])
  func aWriteThatFindsTheFileHeldSaysSoAtOnceAndGoesOnWhenItIsLetGo(
    language: String, waiting: String, done: String
  ) async throws {
    let store = try await preparedStore()
    let run = try await doneWhileHeld(store, language: language)
    #expect(run.whileSaid.holding && run.whileSaid.waiting)
    let expected = waiting.replacingOccurrences(of: "PID", with: "\(run.pid)")
      .replacingOccurrences(of: "PATH", with: store)
    #expect(run.said == expected)
    #expect(run.ended.status == 0, "\(run.ended.error)")
    #expect(run.ended.output.hasPrefix(done), "\(run.ended.output)")
    // Said once, and nothing else: the wait ended in the write.
    #expect(run.ended.error == run.said)
    let list = try await runCLI(["list", "--json", "--store", store] + fixed)
    let listed = try #require(JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
    let habits = (listed["sections"] as? [[String: Any]] ?? []).flatMap {
      $0["trackers"] as? [[String: Any]] ?? []
    }
    #expect(habits.first { $0["name"] as? String == "Бег" }?["done"] as? Bool == true, "\(list.output)")
  }

  /// A file another program switched to a rollback journal and holds, writing or reading, cannot
  /// even be opened (put back in WAL mode) until it lets go: the opening's wait is said the same
  /// way (before, it was not, even once writes' waits were).
  /// Held exclusively, the file keeps even the opening's first read out (in SQLite's own wait,
  /// which said nothing before, for every command, `list` included).
  @Test(arguments: [Holding.writing, .reading, .exclusive])
  func anOpeningThatFindsTheFileHeldInRollbackJournalModeSaysSoAtOnce(holding: Holding) async throws {
    let store = try await preparedStore()
    let run = try await doneWhileHeld(store, language: "en", holding: holding)
    #expect(run.whileSaid.holding && run.whileSaid.waiting)
    #expect(
      run.said
        == "Waiting for another program (tracker-store-w, pid \(run.pid)) to let go of the data file \(store)…\n"
    )
    #expect(run.ended.status == 0, "\(run.ended.error)")
    #expect(run.ended.output.hasPrefix("Бег: done on"), "\(run.ended.output)")
    #expect(run.ended.error == run.said)
  }

  /// A script's step that writes (a tap on a card's "+") while another program holds the file
  /// says so as a command does, and the script goes on once the file is let go. Before, a script
  /// waited in silence, its step's write on the app's writer thread.
  @Test func aScriptsStepThatWaitsForTheFileSaysSoAtOnce() async throws {
    let store = try await preparedStore()
    let script = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("tap.txt")
    try Data("tap #complete:Бег\nexpect text \"2 days\"\n".utf8).write(to: script)
    let run = try await doneWhileHeld(store, language: "en", command: ["run", script.path])
    #expect(run.whileSaid.holding && run.whileSaid.waiting)
    #expect(
      run.said
        == "Waiting for another program (tracker-store-w, pid \(run.pid)) to let go of the data file \(store)…\n"
    )
    #expect(run.ended.status == 0, "\(run.ended.error)")
    #expect(run.ended.error == run.said)
  }

  /// Runs `done Бег` (or `command`) on `store` while another program holds it (`LockHolder`),
  /// reads what the command says on standard error up to the end of its first line, then lets
  /// the file go and waits for the command's end. All on a thread of its own, so that the file is
  /// let go within the busy timeout however busy the tests' pool is.
  func doneWhileHeld(
    _ store: String, language: String, command: [String] = ["done", "Бег"], holding: Holding? = nil,
    app: [String] = []
  )
    async throws -> (
      pid: Int32, said: String, whileSaid: (holding: Bool, waiting: Bool),
      ended: (status: Int32, output: String, error: String)
    )
  {
    let arguments = command + app + ["--store", store, "--lang", language] + fixed
    return try await aside {
      let holder = try LockHolder(
        store, rollbackJournal: holding != nil, reading: holding == .reading, exclusive: holding == .exclusive
      )
      let command = try Started(builtProduct("tracker-preview"), arguments)
      let said = command.readErrorLine()
      let whileSaid = (holding: holder.isHolding, waiting: command.isRunning)
      holder.release()
      return (pid: holder.pid, said: said, whileSaid: whileSaid, ended: command.end())
    }
  }

  /// How another program holds the file once it switched it to a rollback journal.
  enum Holding: Sendable { case writing, reading, exclusive }

  /// A read waits only for a program holding the file exclusively, and says so too.
  @Test func aListThatWaitsForAnExclusiveHoldSaysSo() async throws {
    let store = try await preparedStore()
    let run = try await doneWhileHeld(store, language: "ru", command: ["list"], holding: .exclusive)
    #expect(run.whileSaid.holding && run.whileSaid.waiting)
    #expect(
      run.said
        == "Жду, пока другая программа (tracker-store-w, pid \(run.pid)) освободит файл с данными \(store)…\n"
    )
    #expect(run.ended.status == 0, "\(run.ended.error)")
    #expect(run.ended.output.contains("Бег"), "\(run.ended.output)")
  }

  /// The to-do list's data file is opened the same way, and says the same line (before, its
  /// `run` and `app` waited in silence).
  @Test func aToDoScriptWhoseFileIsHeldSaysSo() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("todo.sqlite").path
    let script = folder.appendingPathComponent("empty.txt")
    try Data("# nothing\n".utf8).write(to: script)
    let todo = ["--app", "todo", "--todos-url", "http://127.0.0.1:9/todos"]
    let made = try await runCLI(["run", script.path, "--store", store] + todo + fixed)
    #expect(made.status == 0, "\(made.error)")
    let run = try await doneWhileHeld(
      store, language: "en", command: ["run", script.path], holding: .writing, app: todo)
    #expect(run.whileSaid.holding && run.whileSaid.waiting)
    #expect(
      run.said
        == "Waiting for another program (tracker-store-w, pid \(run.pid)) to let go of the data file \(store)…\n"
    )
    #expect(run.ended.status == 0, "\(run.ended.error)")
  }

  /// The data file's name is the user's, and may hold anything: the line names it without its
  /// control characters, as every message does (a title set, the text turned red, before).
  @Test func theWaitingLineNamesAFileWithoutItsControlCharacters() async throws {
    let store = try await preparedStore()
    let odd = URL(fileURLWithPath: store).deletingLastPathComponent()
      .appendingPathComponent("e\u{1B}]0;PWNED\u{7}\u{1B}[31mred.sqlite").path
    try FileManager.default.copyItem(atPath: store, toPath: odd)
    let run = try await doneWhileHeld(odd, language: "en")
    #expect(run.said.hasPrefix("Waiting for another program"), "\(run.said)")
    #expect(!run.said.contains("\u{1B}") && !run.said.contains("\u{7}"), "\(run.said)")
    #expect(run.ended.status == 0, "\(run.ended.error)")
  }

  /// A file nobody holds: nothing is said of waiting (standard error stays empty).
  @Test func aWriteThatFindsTheFileFreeSaysNothingOfWaiting() async throws {
    let store = try await preparedStore()
    let done = try await runCLI(["done", "Бег", "--store", store, "--lang", "en"] + fixed)
    #expect(done.status == 0)
    #expect(done.error.isEmpty, "\(done.error)")
  }
}

/// A program started with its standard output and error piped, read while it runs.
private final class Started {
  private let process = Process()
  private let output = Pipe()
  private let error = Pipe()
  /// What was read of standard error so far.
  private var errorRead = Data()

  init(_ executable: URL, _ arguments: [String]) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.environment = [:]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
  }

  var isRunning: Bool { process.isRunning }

  /// Blocks until standard error has a whole line (or ends), and returns what it said so far.
  func readErrorLine() -> String {
    while !errorRead.contains(UInt8(ascii: "\n")) {
      let chunk = error.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      errorRead.append(chunk)
    }
    return String(decoding: errorRead, as: UTF8.self)
  }

  /// Waits for the program's end: its status and all it printed.
  func end() -> (status: Int32, output: String, error: String) {
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    errorRead.append(error.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: printed, as: UTF8.self),
      String(decoding: errorRead, as: UTF8.self)
    )
  }
}
