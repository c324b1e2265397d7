import CSQLite
import Foundation

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
  /// what they print on a disk with room.
  mutating func fullDisks() throws -> Report {
    var report = Report(part: "fulldisk")
    report.watch("failed reads", "different outputs", "crashes")
    let commands: [[String]] = [["stats", "--json"], ["list", "--json"], ["show", "trackers"], ["export"]]
    let store = path("fulldisk.sqlite")
    try makeStore(store, [Archives.make(group: 1, prefix: "Home", trackers: 3, records: 60)])
    var expected: [[String]: Data] = [:]
    for command in commands { expected[command] = try tool(command + ["--store", store]).output }

    func check(_ outcome: Outcome, _ command: [String], _ how: String) {
      if outcome.crashed { report.fail("crashes", example: "\(how) \(command): \(outcome.errorText)") }
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
        check(try limited(command + ["--store", store] + Self.fixed), command, "ulimit -f 0")
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
      for command in commands { check(try tool(command + ["--store", full]), command, "full tmpfs") }
    }
    report.count("full tmpfs rounds", scale.fullDiskRounds)
    return report
  }

  /// Runs `tracker-preview` with `arguments` under `ulimit -f 0`, its output going to pipes (which
  /// the limit does not cover), to its end.
  func limited(_ arguments: [String]) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -f 0; exec \"$@\"", "sh", preview.path] + arguments
    process.currentDirectoryURL = folder
    process.environment = ["HOME": folder.path, "LANG": "C.UTF-8", "TERM": "dumb"]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    let started = Date()
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let said = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let signaled = process.terminationReason == .uncaughtSignal
    return Outcome(
      status: process.terminationStatus, signal: signaled ? process.terminationStatus : nil, timedOut: false,
      output: printed, error: said, seconds: Date().timeIntervalSince(started))
  }
}
