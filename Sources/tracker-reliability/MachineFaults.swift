import CSQLite
import Foundation
import TrackerModels

#if canImport(Glibc)
  import Glibc
#endif

extension Reliability {
  /// A write-ahead log cut short: another program holds a read (its snapshot keeps the commits
  /// after it in the log), `done` commands are acknowledged, the log is cut at a random length,
  /// the reader goes away. The next `stats` must either show every acknowledged write or say
  /// that the file is damaged; `export` must never write a backup without them.
  mutating func cutLogs() throws -> Report {
    var report = Report(part: "walcut")
    report.watch("silent losses", "backups without acknowledged writes", "crashes")
    let template = path("walcut-template.sqlite")
    try makeStore(template, [Archives.make(group: 1, prefix: "Home", trackers: 2, records: 10)])
    let store = path("walcut.sqlite")
    for _ in 0..<scale.walCuts {
      try copyStore(template, to: store)
      var reader: OpaquePointer?
      guard sqlite3_open_v2(store, &reader, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
        sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM sqlite_schema;", nil, nil, nil) == SQLITE_OK
      else {
        sqlite3_close(reader)
        throw ProgramFailure(description: "cannot hold a read of \(store)")
      }
      var acknowledged: Set<String> = []
      for offset in 0..<Int.random(in: 1...14, using: &random) {
        let date = Archives.date(daysBack: 200 + offset)
        let outcome = try tool(["done", "Home 2", "--date", date, "--store", store])
        if outcome.status == 0 { acknowledged.insert(Archives.id(1, 2) + " " + date) }
        if outcome.crashed { report.fail("crashes", example: "done: \(outcome.errorText)") }
      }
      report.count("acknowledged writes", acknowledged.count)
      var info = stat()
      let size = stat(store + "-wal", &info) == 0 ? Int(info.st_size) : 0
      let frame = 24 + 4096
      let cut: Int
      switch Int.random(in: 0..<4, using: &random) {
      case 0: cut = 0
      case 1: cut = min(32, size)
      case 2: cut = 32 + Int.random(in: 0...max(0, (size - 32) / frame), using: &random) * frame
      default: cut = Int.random(in: 0...max(0, size), using: &random)
      }
      truncate(store + "-wal", off_t(min(cut, size)))
      sqlite3_exec(reader, "COMMIT", nil, nil, nil)
      sqlite3_close(reader)

      let export = try tool(["export", "--store", store, "--output", "-"])
      if export.crashed { report.fail("crashes", example: "export: \(export.errorText)") }
      if export.status == 0, let records = Self.records(ofExport: export.output),
        !acknowledged.isSubset(of: records)
      {
        report.fail("backups without acknowledged writes", example: "cut at \(cut) of \(size) bytes")
      }
      let stats = try tool(["stats", "--json", "--store", store])
      if stats.crashed { report.fail("crashes", example: "stats: \(stats.errorText)") }
      guard stats.status == 0, stats.error.isEmpty else {
        report.count("noticed")
        continue
      }
      let after = try exportedRecords(store) ?? []
      if acknowledged.isSubset(of: after) {
        report.count("harmless")
      } else {
        report.fail("silent losses", example: "cut at \(cut) of \(size) bytes")
      }
    }
    report.counts.insert(("cut logs", scale.walCuts), at: 0)
    return report
  }

  /// A disk that takes no more bytes: past the file size limit (`ulimit -f 0`, always), and a full
  /// tmpfs (when this process may mount one: root). `stats`, `list`, `show` and `export` must print
  /// what they print on a disk with room, and leave no log or log index (`-wal`, `-shm`) behind.
  mutating func fullDisks() throws -> Report {
    var report = Report(part: "fulldisk")
    report.watch("failed reads", "different outputs", "side files left", "crashes")
    let commands: [[String]] = [["stats", "--json"], ["list", "--json"], ["show", "trackers"], ["export"]]
    let store = path("fulldisk.sqlite")
    try makeStore(store, [Archives.make(group: 1, prefix: "Home", trackers: 3, records: 60)])
    var expected: [[String]: Data] = [:]
    for command in commands { expected[command] = try tool(command + ["--store", store]).output }

    /// Counts a read; `store` must have no log or index beside it after (none was there before).
    func check(_ outcome: Outcome, _ command: [String], _ how: String, _ store: String) {
      if outcome.crashed { report.fail("crashes", example: "\(how) \(command): \(outcome.errorText)") }
      for side in [store + "-wal", store + "-shm"] where FileManager.default.fileExists(atPath: side) {
        report.fail("side files left", example: "\(how) \(command): \(side)")
        try? FileManager.default.removeItem(atPath: side)
      }
      if outcome.status != 0 {
        report.fail("failed reads", example: "\(how) \(command): \(outcome.errorText)")
      } else if outcome.output != expected[command] {
        report.fail("different outputs", example: "\(how) \(command)")
      } else {
        report.count("reads")
      }
    }
    for _ in 0..<scale.fullDiskRounds {
      for command in commands {
        check(try limited(command + ["--store", store] + Self.fixed), command, "ulimit -f 0", store)
      }
    }
    let disk = path("fulldisk-tmpfs")
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    guard getuid() == 0, mount("tmpfs", disk, "tmpfs", 0, "size=1m") == 0 else {
      report.count("full tmpfs rounds (not root: skipped)", 0)
      return report
    }
    defer { umount(disk) }
    let full = disk + "/fulldisk.sqlite"
    try FileManager.default.copyItem(atPath: store, toPath: full)
    let descriptor = open(disk + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    let block = [UInt8](repeating: 0, count: 4096)
    while descriptor >= 0, block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    close(descriptor)
    for _ in 0..<scale.fullDiskRounds {
      for command in commands { check(try tool(command + ["--store", full]), command, "full tmpfs", full) }
    }
    report.count("full tmpfs rounds", scale.fullDiskRounds)
    return report
  }

  /// Writes past a file size limit (`ulimit -f`, drawn between nothing and the store's size plus
  /// 64 KiB): `done`, `undone`, an import and an `export --output` onto a good backup. The tool must
  /// not die by SIGXFSZ, must say why a write failed, must leave no temporary file, and the store
  /// (read without a limit after each) must hold exactly what was acknowledged: every acknowledged
  /// write, and nothing of a write that failed. A failed export leaves the backup it would replace
  /// as it was; a successful one is complete.
  mutating func limitFiles() throws -> Report {
    var report = Report(part: "filelimit")
    report.watch(
      "crashes", "hangs", "silent failures", "lost acknowledged writes",
      "failed writes that changed the store",
      "temporary files left", "damaged backups")
    let room = path("filelimit")
    try FileManager.default.createDirectory(atPath: room, withIntermediateDirectories: true)
    let store = room + "/filelimit.sqlite"
    let backup = room + "/backup.json"
    try makeStore(store, [Archives.make(group: 1, prefix: "Home", trackers: 3, records: 60)])
    guard var expected = try exportedRecords(store),
      try tool(["export", "--store", store, "--output", backup]).status == 0
    else { throw ProgramFailure(description: "the file limit store does not export") }
    let ours = Set([
      "filelimit.sqlite", "filelimit.sqlite-wal", "filelimit.sqlite-shm", "filelimit.sqlite.verified",
    ])
    for round in 0..<scale.fileLimitRounds {
      let size = (try? FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
      // Nothing more, around the store's size (the log and its checkpoint meet it), or some room.
      let limits = [0...4096, max(0, size - 16384)...(size + 16384), size...(size + 65536)]
      let blocks =
        Int.random(in: limits[Int.random(in: 0..<limits.count, using: &random)], using: &random) / 512
      let good = FileManager.default.contents(atPath: backup) ?? Data()
      let number = Int.random(in: 1...3, using: &random)
      let record =
        Archives.id(1, number) + " " + Archives.date(daysBack: Int.random(in: 0...90, using: &random))
      var command: [String]
      var acknowledged = expected
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        command = ["done", "Home \(number)", "--date", String(record.suffix(10))]
        acknowledged.insert(record)
      case 1:
        command = ["undone", "Home \(number)", "--date", String(record.suffix(10))]
        acknowledged.remove(record)
      case 2:
        let archive = Archives.make(group: 100 + round, prefix: "Limit \(round)", trackers: 1, records: 200)
        let file = path("filelimit-\(round).json")
        try Data(archive.utf8).write(to: URL(fileURLWithPath: file))
        command = ["import", file]
        acknowledged.formUnion(Self.records(ofExport: Data(archive.utf8)) ?? [])
      default:
        command = ["export", "--output", backup]
      }
      let outcome = try limited(command + ["--store", store] + Self.fixed, blocks: blocks)
      let example =
        "\(command[0]) under ulimit -f \(blocks): exit \(outcome.status) \(outcome.errorText.prefix(160))"
      if outcome.timedOut { report.fail("hangs", example: example) }
      if outcome.crashed { report.fail("crashes", example: example) }
      if outcome.status != 0, outcome.error.isEmpty { report.fail("silent failures", example: example) }
      report.count(outcome.status == 0 ? "acknowledged" : "refused with the reason")
      let left = Set((try? FileManager.default.contentsOfDirectory(atPath: room)) ?? [])
        .subtracting(ours).subtracting(["backup.json"])
      if !left.isEmpty {
        report.fail("temporary files left", example: "\(example): \(left.sorted())")
        for name in left { try? FileManager.default.removeItem(atPath: room + "/" + name) }
      }
      if command[0] == "export" {
        let written = FileManager.default.contents(atPath: backup) ?? Data()
        if outcome.status == 0 ? Self.records(ofExport: written) != expected : written != good {
          report.fail("damaged backups", example: example)
        }
      }
      let now = try exportedRecords(store)
      if outcome.status == 0, now != acknowledged {
        report.fail("lost acknowledged writes", example: example)
      } else if outcome.status != 0, now != expected {
        report.fail("failed writes that changed the store", example: example)
      }
      expected = now ?? expected
    }
    report.counts.insert(("writes under a file size limit", scale.fileLimitRounds), at: 0)
    return report
  }

  /// Runs `tracker-preview` with `arguments` under `ulimit -f` of `blocks` (of 512 bytes), its output
  /// going to pipes (which the limit does not cover), to its end or `timeout` (then killed).
  func limited(_ arguments: [String], blocks: Int = 0, timeout: Double = 60) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -f \(blocks); exec \"$@\"", "sh", preview.path] + arguments
    process.currentDirectoryURL = folder
    process.environment = ["HOME": folder.path, "LANG": "C.UTF-8", "TERM": "dumb"]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    let started = Date()
    try process.run()
    let printed = PipeReader(output)
    let said = PipeReader(error)
    var timedOut = false
    while process.isRunning {
      if Date().timeIntervalSince(started) > timeout {
        timedOut = true
        kill(process.processIdentifier, SIGKILL)
        break
      }
      usleep(1000)
    }
    process.waitUntilExit()
    let signaled = process.terminationReason == .uncaughtSignal
    return Outcome(
      status: process.terminationStatus, signal: signaled ? process.terminationStatus : nil,
      timedOut: timedOut,
      output: printed.data(), error: said.data(), seconds: Date().timeIntervalSince(started))
  }
}

/// What comes out of a pipe, read to its end on a thread of its own (so a child that writes more
/// than a pipe holds never waits for the suite).
final class PipeReader: Sendable {
  private let bytes = Locked(Data())
  /// Left once the pipe ended.
  private let finished = DispatchGroup()

  init(_ pipe: Pipe) {
    let handle = pipe.fileHandleForReading
    finished.enter()
    Thread { [bytes, finished] in
      bytes.value = handle.readDataToEndOfFile()
      finished.leave()
    }.start()
  }

  /// What was read, once the pipe ended (waiting at most 10 s after the child is gone).
  func data() -> Data {
    _ = finished.wait(timeout: .now() + 10)
    return bytes.value
  }
}
