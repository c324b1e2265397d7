import Foundation

extension Reliability {
  /// `kill -9` in the middle of writes: a large import (all of it or nothing), a script of taps
  /// (the store stays consistent, summaries included: export runs the full check), and single
  /// `done` commands (every acknowledged one survives).
  mutating func killWrites() throws -> Report {
    var report = Report(part: "kill")
    report.watch("crashes", "half imports", "damaged stores", "lost acknowledged writes")
    let template = path("kill-template.sqlite")
    try makeStore(template, [Archives.make(group: 1, prefix: "Home", trackers: 2, records: 30)])
    let base = try exportedRecords(template)

    // A large import, killed at a random moment.
    let big = path("kill-big.json")
    try Data(Archives.make(group: 3, prefix: "Big", trackers: 10, records: 2000).utf8).write(
      to: URL(fileURLWithPath: big))
    let store = path("kill.sqlite")
    try copyStore(template, to: store)
    let whole = try tool(["import", big, "--store", store])
    guard whole.status == 0 else {
      throw ProgramFailure(description: "the big import failed: \(whole.errorText)")
    }
    let full = try exportedRecords(store)
    for _ in 0..<scale.importKills {
      try copyStore(template, to: store)
      let running = try startTool(["import", big, "--store", store])
      usleep(UInt32(Double.random(in: 0...(whole.seconds * 1.2), using: &random) * 1_000_000))
      running.kill()
      let outcome = running.finish(timeout: 30)
      if outcome.status == 0 && outcome.signal == nil { report.count("imports that finished first") }
      let after = try exportedRecords(store)
      switch after {
      case nil: report.fail("damaged stores", example: "after a killed import")
      case base: report.count("imports killed before their commit")
      case full: report.count("imports complete")
      default: report.fail("half imports", example: "\(after?.count ?? 0) records")
      }
      if outcome.signal == nil, outcome.status == 0, after != full { report.fail("lost acknowledged writes") }
    }

    // A script toggling a habit again and again, killed at a random moment.
    let script = path("kill-script.txt")
    let taps = (0..<300).map { _ in "tap #complete:Home 1" }.joined(separator: "\n")
    try Data((taps + "\n").utf8).write(to: URL(fileURLWithPath: script))
    for _ in 0..<scale.scriptKills {
      try copyStore(template, to: store)
      let running = try startTool(["run", script, "--store", store])
      usleep(UInt32.random(in: 0...400_000, using: &random))
      running.kill()
      let outcome = running.finish(timeout: 30)
      if outcome.crashed && outcome.signal != SIGKILL { report.fail("crashes", example: outcome.errorText) }
      if try exportedRecords(store) == nil {
        report.fail("damaged stores", example: "after a killed script")
      } else {
        report.count("scripts killed")
      }
    }

    // `done` on successive days, some killed: every one that exited 0 must be in the store.
    try copyStore(template, to: store)
    var acknowledged: Set<String> = []
    for trial in 0..<scale.doneKills {
      let date = Archives.date(daysBack: 100 + trial)
      let running = try startTool(["done", "Home 2", "--date", date, "--store", store])
      let killsIt = Bool.random(using: &random)
      if killsIt {
        usleep(UInt32.random(in: 0...60_000, using: &random))
        running.kill()
      }
      let outcome = running.finish(timeout: 30)
      if outcome.signal == nil && outcome.status == 0 {
        acknowledged.insert(Archives.id(1, 2) + " " + date)
        report.count("acknowledged")
      } else if outcome.signal == SIGKILL {
        report.count("killed")
      } else {
        report.fail("crashes", example: "done: exit \(outcome.status) \(outcome.errorText)")
      }
    }
    if let after = try exportedRecords(store) {
      report.fail("lost acknowledged writes", acknowledged.subtracting(after).count)
    } else {
      report.fail("damaged stores", example: "after killed done commands")
    }
    try killRanges(&report)
    report.counts.insert(("kills", scale.importKills + scale.scriptKills), at: 0)
    return report
  }

  /// `skip --all` over a year for 30 trackers done every day, killed at a random moment: one
  /// command is one transaction, so the store holds either every day off of the range (and none
  /// of its records) or none of it.
  mutating func killRanges(_ report: inout Report) throws {
    report.watch("half ranges")
    let template = path("kill-range-template.sqlite")
    try makeStore(template, [Archives.make(group: 5, prefix: "Range", trackers: 30, records: 400)])
    let store = path("kill-range.sqlite")
    let range = [
      "skip", "--all", "--yes", "--from", Archives.date(daysBack: 365), "--to", Archives.date(daysBack: 0),
    ]
    try copyStore(template, to: store)
    guard let before = try exportedMarks(store) else {
      throw ProgramFailure(description: "the template cannot be exported")
    }
    let whole = try tool(range + ["--store", store])
    guard whole.status == 0, let after = try exportedMarks(store), after != before else {
      throw ProgramFailure(description: "the whole range failed: \(whole.errorText)")
    }
    for _ in 0..<scale.rangeKills {
      try copyStore(template, to: store)
      let running = try startTool(range + ["--store", store])
      usleep(UInt32(Double.random(in: 0...(whole.seconds * 1.2), using: &random) * 1_000_000))
      running.kill()
      let outcome = running.finish(timeout: 30)
      switch try exportedMarks(store) {
      case nil: report.fail("damaged stores", example: "after a killed range")
      case before: report.count("ranges killed before their commit")
      case after: report.count("ranges complete")
      case let marks?:
        report.fail("half ranges", example: "\(marks.records.count) records, \(marks.daysOff.count) days off")
      }
      if outcome.signal == nil, outcome.status == 0, try exportedMarks(store) != after {
        report.fail("lost acknowledged writes", example: "a range that exited 0")
      }
    }
  }

  /// The records and days off an export of `store` lists, or nil when the export fails.
  func exportedMarks(_ store: String) throws -> Marks? {
    let outcome = try tool(["export", "--store", store, "--output", "-"])
    guard outcome.status == 0, let records = Self.records(ofExport: outcome.output),
      let daysOff = Self.records(ofExport: outcome.output, key: "daysOff")
    else { return nil }
    return Marks(records: records, daysOff: daysOff)
  }

  /// The records an export of `store` lists, or nil when the export fails.
  func exportedRecords(_ store: String) throws -> Set<String>? {
    let outcome = try tool(["export", "--store", store, "--output", "-"])
    guard outcome.status == 0 else { return nil }
    return Self.records(ofExport: outcome.output)
  }
}

/// What an export holds day by day: records and days off, as "tracker date" strings.
struct Marks: Equatable {
  var records: Set<String>
  var daysOff: Set<String>
}
