import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The reliability suite: it attacks the built `tracker-preview` the way a hostile world would —
/// malformed imports, `kill -9` in the middle of writes, several processes at once, damaged files —
/// and counts what happened. Every count under `failures` must be 0.
struct Reliability {
  /// How many trials each part runs.
  struct Scale: Sendable {
    var mutations: Int
    var importKills: Int
    var scriptKills: Int
    var doneKills: Int
    var concurrentSeconds: Double
    var damages: Int
    /// Per length, files cut short; pages zeroed one at a time (at most); salvages killed.
    var salvageCuts: Int
    var salvagePages: Int
    var salvageKills: Int
    var walCuts: Int
    var fullDiskRounds: Int
    var fileLimitRounds: Int
    var specialRounds: Int
    /// Days off: files cut short per length, single bits flipped in their pages.
    var dayOffCuts: Int
    var dayOffFlips: Int
    /// Loads from a server that trickles, one that never answers, one that pages without end.
    var slowServers: Int
    var silentServers: Int
    var endlessServers: Int
    /// Random action sequences whose export must restore byte for byte.
    var roundTrips: Int
    /// `skip --all` ranges killed at a random moment.
    var rangeKills: Int
    /// Seeded three-device sync runs, and `sync` commands killed at a random moment.
    var syncRuns: Int
    var syncKills: Int
    /// `sync` killed at a named step (`TRACKER_SYNC_KILL_AT`), the steps in turn.
    var syncStepKills: Int

    /// The run `swift test` makes: a few seconds.
    static let short = Scale(
      mutations: 40, importKills: 4, scriptKills: 4, doneKills: 12, concurrentSeconds: 2, damages: 16,
      salvageCuts: 1, salvagePages: 6, salvageKills: 4, walCuts: 6, fullDiskRounds: 1, fileLimitRounds: 12,
      specialRounds: 1, dayOffCuts: 1, dayOffFlips: 4, slowServers: 1, silentServers: 0, endlessServers: 1,
      roundTrips: 500, rangeKills: 4, syncRuns: 20, syncKills: 10, syncStepKills: 12)
    /// The run `docs/reliability.md` reports.
    static let long = Scale(
      mutations: 3000, importKills: 100, scriptKills: 100, doneKills: 300, concurrentSeconds: 60,
      damages: 1000, salvageCuts: 25, salvagePages: 1000, salvageKills: 100, walCuts: 200, fullDiskRounds: 20,
      fileLimitRounds: 300, specialRounds: 5, dayOffCuts: 10, dayOffFlips: 300, slowServers: 3,
      silentServers: 3, endlessServers: 10, roundTrips: 20_000, rangeKills: 100, syncRuns: 2000,
      syncKills: 200, syncStepKills: 240)
  }

  /// What one part did: `counts` describe it, every one of `failures` must be 0.
  struct Report: Sendable {
    var part: String
    var counts: [(String, Int)] = []
    var failures: [(String, Int)] = []
    /// Examples of failures, for whoever investigates.
    var examples: [String] = []

    var isClean: Bool { failures.allSatisfy { $0.1 == 0 } }

    var text: String {
      let counted = counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
      let failed = failures.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
      return "\(part): \(counted)\n  \(failed)" + examples.prefix(5).map { "\n  example: \($0)" }.joined()
    }

    mutating func count(_ name: String, _ amount: Int = 1) { add(&counts, name, amount) }
    mutating func fail(_ name: String, _ amount: Int = 1, example: String? = nil) {
      add(&failures, name, amount)
      // A few examples are enough to investigate; thousands would only bury the report.
      if amount > 0, let example, examples.count < 20 { examples.append(example) }
    }
    /// Declares a failure count (so that a 0 is printed).
    mutating func watch(_ names: String...) { for name in names { add(&failures, name, 0) } }

    private func add(_ list: inout [(String, Int)], _ name: String, _ amount: Int) {
      if let index = list.firstIndex(where: { $0.0 == name }) {
        list[index].1 += amount
      } else {
        list.append((name, amount))
      }
    }
  }

  let preview: URL
  let folder: URL
  let scale: Scale
  var random: SplitMix64

  /// The fixed day and zone every command runs with.
  static let fixed = ["--today", "2026-11-30", "--time-zone", "UTC", "--lang", "en"]

  /// A run of `preview` at `scale`, its randomness from `seed`, its files in a folder of its own
  /// under `base` (the system's temporary directory by default; the tests give theirs).
  init(preview: URL, scale: Scale, seed: UInt64, under base: URL = FileManager.default.temporaryDirectory)
    throws
  {
    self.preview = preview
    self.scale = scale
    random = SplitMix64(seed: seed)
    folder = base.appendingPathComponent(
      "tracker-reliability-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func removeFolder() { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The parts, in order.
  static let parts = [
    "fuzz", "kill", "concurrent", "damage", "salvage", "daysoff", "walcut", "fulldisk", "filelimit",
    "special", "server", "roundtrip", "sync",
  ]

  mutating func run(_ part: String) throws -> Report {
    switch part {
    case "fuzz": return try fuzzImports()
    case "kill": return try killWrites()
    case "sync": return try syncDevices()
    case "concurrent": return try concurrentProcesses()
    case "damage": return try damageFiles()
    case "salvage": return try salvageFiles()
    case "daysoff": return try salvageDaysOff()
    case "walcut": return try cutLogs()
    case "fulldisk": return try fullDisks()
    case "filelimit": return try limitFiles()
    case "special": return try specialFiles()
    case "server": return try hostileServers()
    case "roundtrip": return try roundTrips()
    default: throw ProgramFailure(description: "no part named \(part)")
    }
  }

  // MARK: Running the tool

  /// Runs `tracker-preview` with `arguments` (and the fixed day) to its end or `timeout`.
  func tool(
    _ arguments: [String], input: String? = nil, timeout: Double = 30, environment: [String: String] = [:]
  ) throws -> Outcome {
    try Program.start(preview, arguments + Self.fixed, in: folder, input: input, environment: environment)
      .finish(timeout: timeout)
  }

  /// Starts `tracker-preview` without waiting.
  func startTool(_ arguments: [String], input: String? = nil) throws -> Program {
    try Program.start(preview, arguments + Self.fixed, in: folder, input: input)
  }

  /// Copies `source` (a closed store) to `target`, replacing what is there.
  func copyStore(_ source: String, to target: String) throws {
    let fileManager = FileManager.default
    for suffix in ["", "-wal", "-shm", ".verified"] where fileManager.fileExists(atPath: target + suffix) {
      try fileManager.removeItem(atPath: target + suffix)
    }
    try fileManager.copyItem(atPath: source, toPath: target)
  }

  /// A store at `path` holding `archives`, closed cleanly.
  func makeStore(_ path: String, _ archives: [String]) throws {
    for (index, archive) in archives.enumerated() {
      let file = self.path("seed-\(UUID().uuidString)-\(index).json")
      try Data(archive.utf8).write(to: URL(fileURLWithPath: file))
      let outcome = try tool(["import", file, "--store", path])
      guard outcome.status == 0 else {
        throw ProgramFailure(description: "could not seed a store: \(outcome.errorText)")
      }
    }
  }

  /// The records of an export (or its days off, with `key` "daysOff"), as "tracker date" strings,
  /// or nil when the output is no export.
  static func records(ofExport output: Data, key: String = "records") -> Set<String>? {
    guard let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any],
      let records = object[key] as? [[String: Any]]
    else { return nil }
    return Set(
      records.compactMap { record in
        guard let tracker = record["tracker"] as? String, let date = record["date"] as? String else {
          return nil
        }
        return tracker + " " + date
      })
  }
}

/// An error of the suite itself (not a finding).
struct ProgramFailure: Error, CustomStringConvertible {
  let description: String
}

/// How a run of the tool ended.
struct Outcome {
  var status: Int32
  /// The signal that ended it, when one did.
  var signal: Int32?
  var timedOut: Bool
  var output: Data
  var error: Data
  var seconds: Double
  /// The processor time it used, user and system together (read from `/proc` while it ran, to
  /// the last tick before it ended; 0 where there is no `/proc`).
  var processorSeconds: Double = 0

  var errorText: String { String(decoding: error.prefix(2000), as: UTF8.self) }
  var crashed: Bool { signal != nil && !timedOut }
}

/// A running child process with its output going to files.
final class Program {
  let process = Process()
  let started = Date()
  private let outputPath: String
  private let errorPath: String
  /// Set when the suite killed it on purpose.
  private(set) var killedOnPurpose = false

  private init(outputPath: String, errorPath: String) {
    self.outputPath = outputPath
    self.errorPath = errorPath
  }

  static func start(
    _ executable: URL, _ arguments: [String], in folder: URL, input: String?,
    environment: [String: String] = [:]
  ) throws -> Program {
    let name = UUID().uuidString
    let program = Program(
      outputPath: folder.appendingPathComponent("\(name).out").path,
      errorPath: folder.appendingPathComponent("\(name).err").path)
    guard FileManager.default.createFile(atPath: program.outputPath, contents: nil),
      FileManager.default.createFile(atPath: program.errorPath, contents: nil)
    else { throw ProgramFailure(description: "cannot write in \(folder.path)") }
    program.process.executableURL = executable
    program.process.arguments = arguments
    program.process.environment = [
      "HOME": folder.path, "XDG_DATA_HOME": folder.appendingPathComponent("xdg").path, "LANG": "C.UTF-8",
      "TERM": "dumb",
    ].merging(environment) { $1 }
    program.process.currentDirectoryURL = folder
    program.process.standardOutput = FileHandle(forWritingAtPath: program.outputPath)
    program.process.standardError = FileHandle(forWritingAtPath: program.errorPath)
    if let input {
      let inputPath = folder.appendingPathComponent("\(name).in").path
      guard FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8)) else {
        throw ProgramFailure(description: "cannot write in \(folder.path)")
      }
      program.process.standardInput = FileHandle(forReadingAtPath: inputPath)
    } else {
      program.process.standardInput = FileHandle.nullDevice
    }
    try program.process.run()
    return program
  }

  /// Sends SIGKILL.
  func kill() {
    killedOnPurpose = true
    #if canImport(Glibc)
      Glibc.kill(process.processIdentifier, SIGKILL)
    #else
      Darwin.kill(process.processIdentifier, SIGKILL)
    #endif
  }

  /// Waits for the end (killing it after `timeout` seconds) and collects its output.
  func finish(timeout: Double) -> Outcome {
    let deadline = started.addingTimeInterval(timeout)
    var timedOut = false
    var processorSeconds = 0.0
    while process.isRunning {
      processorSeconds = Self.processorSeconds(of: process.processIdentifier) ?? processorSeconds
      if Date() > deadline {
        timedOut = true
        kill()
        break
      }
      usleep(500)
    }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(started)
    let output = FileManager.default.contents(atPath: outputPath) ?? Data()
    let error = FileManager.default.contents(atPath: errorPath) ?? Data()
    try? FileManager.default.removeItem(atPath: outputPath)
    try? FileManager.default.removeItem(atPath: errorPath)
    let signaled = process.terminationReason == .uncaughtSignal
    return Outcome(
      status: process.terminationStatus, signal: signaled ? process.terminationStatus : nil,
      timedOut: timedOut, output: output, error: error, seconds: seconds, processorSeconds: processorSeconds)
  }

  /// The user and system processor time of process `pid` so far, from `/proc/<pid>/stat`.
  static func processorSeconds(of pid: Int32) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = text.range(of: ")", options: .backwards)
    else { return nil }
    // After "pid (name)": state is field 3, utime 14 and stime 15 (in clock ticks).
    let fields = text[end.upperBound...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return nil
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}

/// A small, seedable generator, so a run can be repeated exactly (`--seed`).
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
