import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Reliability {
  /// Salvage under attack (issue 22): files cut short (to 10, 30, 60 and 90 % of their size), one
  /// page zeroed (every page in turn, whatever it holds: schema, category, tracker, record, index,
  /// summary, free), and a salvage killed at a random moment. After each, `stats` then `export`:
  /// what the new store holds is compared with the original, record by record.
  mutating func salvageFiles() throws -> Report {
    var report = Report(part: "salvage")
    report.watch(
      "crashes", "hangs", "wrong values kept", "silent differences", "silent empty stores",
      "silent losses after an interrupted salvage")
    let template = path("salvage-template.sqlite")
    try makeStore(template, [Archives.make(group: 6, prefix: "Salvage", trackers: 8, records: 600)])
    guard let original = try exportedRecords(template) else {
      throw ProgramFailure(description: "the salvage template does not export")
    }
    let size = (try FileManager.default.attributesOfItem(atPath: template)[.size] as? Int) ?? 0
    let pageSize = 4096
    let store = path("salvage.sqlite")

    // Files cut short.
    for percent in [10, 30, 60, 90] {
      var saved = 0
      for _ in 0..<scale.salvageCuts {
        try freshCopy(template, to: store)
        let length = size * percent / 100 + Int.random(in: 0..<pageSize, using: &random)
        try FileHandle(forUpdating: URL(fileURLWithPath: store)).truncate(atOffset: UInt64(min(length, size)))
        saved += try salvaged(store, original, "cut to \(percent) %", &report).count
      }
      report.count(
        "% of records saved, cut to \(percent) %", percentage(saved, original.count * scale.salvageCuts))
    }

    // One page zeroed, page after page.
    let pages = size / pageSize
    let step = max(1, pages / max(scale.salvagePages, 1))
    var zeroed = 0
    var savedAfterZeroing = 0
    for page in stride(from: 1, through: pages, by: step) {
      try freshCopy(template, to: store)
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: store))
      try handle.seek(toOffset: UInt64((page - 1) * pageSize))
      try handle.write(contentsOf: Data(count: pageSize))
      try handle.close()
      savedAfterZeroing += try salvaged(store, original, "page \(page) zeroed", &report).count
      zeroed += 1
    }
    report.count("pages zeroed", zeroed)
    report.count(
      "% of records saved, one page zeroed", percentage(savedAfterZeroing, original.count * zeroed))

    // A salvage killed at a random moment: the next command finishes it, or says where the data is.
    try freshCopy(template, to: store)
    try zeroPage(store, pages / 2, size: pageSize)
    let started = Date()
    let reference = try salvaged(store, original, "uninterrupted", &report)
    let duration = Date().timeIntervalSince(started)
    for trial in 0..<scale.salvageKills {
      try freshCopy(template, to: store)
      try zeroPage(store, pages / 2, size: pageSize)
      let running = try startTool(["stats", "--json", "--store", store])
      usleep(UInt32(Double.random(in: 0...duration, using: &random) * 1_000_000))
      running.kill()
      let killed = running.finish(timeout: 30)
      if killed.crashed, killed.signal != SIGKILL { report.fail("crashes", example: killed.errorText) }
      let next = try tool(["list", "--json", "--store", store], timeout: 30)
      let export = try tool(["export", "--output", "-", "--store", store], timeout: 30)
      let records = Self.records(ofExport: export.output) ?? []
      let said = !next.error.isEmpty || !export.error.isEmpty || export.status != 0
      let example = "interrupted salvage \(trial): \(records.count) of \(reference.count) records"
      if records.count < reference.count, !said {
        report.fail(
          records.isEmpty ? "silent empty stores" : "silent losses after an interrupted salvage",
          example: example)
      }
      report.fail("wrong values kept", records.subtracting(original).count, example: example)
      report.count("salvages killed")
    }
    return report
  }

  /// Copies `template` to `target`, removing what an earlier trial left beside it.
  func freshCopy(_ template: String, to target: String) throws {
    let name = (target as NSString).lastPathComponent
    for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    where file.hasPrefix(name + ".broken-") || file == name + ".salvage" {
      try FileManager.default.removeItem(atPath: path(file))
    }
    try copyStore(template, to: target)
  }

  private func zeroPage(_ store: String, _ page: Int, size: Int) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: store))
    try handle.seek(toOffset: UInt64((max(page, 1) - 1) * size))
    try handle.write(contentsOf: Data(count: size))
    try handle.close()
  }

  /// Runs `stats` then `export` on the damaged `store` and counts what is wrong; returns the
  /// records the export holds (none when it fails, with its reason).
  private func salvaged(_ store: String, _ original: Set<String>, _ damage: String, _ report: inout Report)
    throws -> Set<String>
  {
    let (export, said) = try statsThenExport(store, damage, &report)
    let records = Self.records(ofExport: export.output) ?? []
    let example = "\(damage): \(records.count) of \(original.count) records"
    report.fail("wrong values kept", records.subtracting(original).count, example: example)
    if records != original, !said {
      report.fail(records.isEmpty ? "silent empty stores" : "silent differences", example: example)
    }
    return records
  }

  /// Runs `stats` then `export` on the damaged `store`, counting hangs and crashes; returns the
  /// export, and whether either said something (a warning, an error).
  func statsThenExport(_ store: String, _ damage: String, _ report: inout Report) throws -> (
    export: Outcome, said: Bool
  ) {
    let stats = try tool(["stats", "--json", "--store", store], timeout: 60)
    let export = try tool(["export", "--output", "-", "--store", store], timeout: 60)
    for (name, outcome) in [("stats", stats), ("export", export)] {
      let example = "\(damage), \(name): exit \(outcome.status) \(outcome.errorText.prefix(160))"
      if outcome.timedOut { report.fail("hangs", example: example) }
      if outcome.crashed { report.fail("crashes", example: example) }
    }
    let said = stats.status != 0 || !stats.error.isEmpty || export.status != 0 || !export.error.isEmpty
    return (export, said)
  }

  func percentage(_ part: Int, _ whole: Int) -> Int {
    whole == 0 ? 100 : Int((Double(part) * 100 / Double(whole)).rounded())
  }
}
