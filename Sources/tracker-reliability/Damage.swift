import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Reliability {
  /// Damages a verified store file — a flipped bit, a cut, a run of garbage — keeping its
  /// modification time (bit rot under an unchanged timestamp, the hardest case for the quick-open
  /// stamp), then uses it: statistics and the list first (the quick open), then `export` (the
  /// full check), then both again. A command may succeed with the same output, or say something
  /// (a warning, an error); succeeding in silence with different output is a silent difference.
  mutating func damageFiles() throws -> Report {
    var report = Report(part: "damage")
    report.watch("crashes", "hangs", "silent differences", "silent differences before the full check")
    let template = path("damage-template.sqlite")
    try makeStore(template, [Archives.make(group: 5, prefix: "Home", trackers: 4, records: 400)])
    let commands: [[String]] = [["stats", "--json"], ["list", "--json"], ["show", "trackers"]]
    let exportCommand = ["export", "--output", "-"]
    var references: [[String]: Data] = [:]
    for command in commands + [exportCommand] {
      references[command] = try tool(command + ["--store", template]).output
    }
    let size = (try FileManager.default.attributesOfItem(atPath: template)[.size] as? Int) ?? 0
    let store = path("damage.sqlite")
    for trial in 0..<scale.damages {
      try copyStore(template, to: store)
      // A first use verifies the copy and stamps it.
      _ = try tool(["list", "--store", store])
      let damage = try damageFile(store, size: size)
      var warned = false
      for (step, command) in (commands + [exportCommand] + commands).enumerated() {
        let outcome = try tool(command + ["--store", store], timeout: 30)
        let example =
          "trial \(trial), \(damage), step \(step) \(command[0]): exit \(outcome.status) \(outcome.errorText.prefix(160))"
        if ProcessInfo.processInfo.environment["RELIABILITY_TRACE"] != nil {
          print(String(format: "%.3f s ", outcome.seconds) + example)
        }
        if outcome.timedOut {
          if let keep = ProcessInfo.processInfo.environment["RELIABILITY_KEEP"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where name.hasPrefix("damage.sqlite") {
              try? FileManager.default.copyItem(atPath: self.path(name), toPath: keep + "/" + name)
            }
          }
          report.fail("hangs", example: example)
          warned = true
          continue
        }
        if outcome.crashed { report.fail("crashes", example: example) }
        if outcome.status != 0 || !outcome.error.isEmpty {
          warned = true
          continue
        }
        guard outcome.output != references[command], !warned else { continue }
        let isBeforeFullCheck = step < commands.count
        report.fail(
          isBeforeFullCheck ? "silent differences before the full check" : "silent differences",
          example: example)
        warned = true
      }
      report.count(warned ? "noticed" : "harmless")
    }
    report.counts.insert(("damaged files", scale.damages), at: 0)
    return report
  }

  /// Damages the file at `path` of `size` bytes in place and puts its timestamps back.
  mutating func damageFile(_ path: String, size: Int) throws -> String {
    var info = stat()
    guard stat(path, &info) == 0, let handle = FileHandle(forUpdatingAtPath: path) else {
      throw ProgramFailure(description: "cannot open \(path)")
    }
    let description: String
    let kind = Int.random(in: 0..<10, using: &random)
    if kind < 7 {
      let offset = Int.random(in: 0..<size, using: &random)
      try handle.seek(toOffset: UInt64(offset))
      let byte = try handle.read(upToCount: 1)?.first ?? 0
      let bit = UInt8(1) << UInt8.random(in: 0..<8, using: &random)
      try handle.seek(toOffset: UInt64(offset))
      try handle.write(contentsOf: [byte ^ bit])
      description = "bit \(bit) flipped at \(offset)"
    } else if kind < 9 {
      let offset = Int.random(in: 0..<size, using: &random)
      let count = Int.random(in: 1...4096, using: &random)
      try handle.seek(toOffset: UInt64(offset))
      try handle.write(contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
      description = "\(count) random bytes at \(offset)"
    } else {
      let length = Int.random(in: 0..<size, using: &random)
      try handle.truncate(atOffset: UInt64(length))
      description = "cut to \(length) bytes"
    }
    try handle.close()
    var times = [info.st_atim, info.st_mtim]
    _ = utimensat(AT_FDCWD, path, &times, 0)
    return description
  }
}
