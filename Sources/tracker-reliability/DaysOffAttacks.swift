import CSQLite
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Reliability {
  /// Days off under attack (issue 29): a store of 8 habits with 600 records each and 600 days off
  /// is cut short (to 10, 30, 60, 90 and 95 % of its size), has the roots of `day_off` and
  /// `day_off_by_day` zeroed (each, then both), each of their leaf pages zeroed in turn, and single
  /// bits flipped in their pages. After each, `stats` then `export`: the days off the new store
  /// holds are compared with the original, and with what SQLite itself still reads of the damaged
  /// file — `sqlite3`'s `.dump day_off` with `writable_schema` (when the shell is installed) and a
  /// read through `day_off_by_day`, each as far as it goes before the damage stops it.
  mutating func salvageDaysOff() throws -> Report {
    var report = Report(part: "daysoff")
    report.watch("crashes", "hangs", "wrong days off kept", "silent differences", "silent empty stores")
    let template = path("daysoff-template.sqlite")
    try makeStore(template, [Archives.make(group: 7, prefix: "Rest", trackers: 8, records: 600)])
    let skip = try tool(
      ["skip", "--all", "--from", "2023-01-01", "--to", "2023-03-16", "--yes", "--store", template],
      timeout: 60)
    guard skip.status == 0, let original = try exportedDaysOff(template), original.count == 600 else {
      throw ProgramFailure(description: "the days-off template cannot be made: \(skip.errorText)")
    }
    let whole = try Data(contentsOf: URL(fileURLWithPath: template))
    let pageSize = 4096
    let pages = try dayOffPages(template)
    let store = path("daysoff.sqlite")
    var tally = DaysOffTally()
    /// One trial: `damaged` bytes in place of the store, then the salvage and the comparison.
    func trial(_ name: String, _ damaged: Data, _ kind: String) throws {
      try freshCopy(template, to: store)
      try damaged.write(to: URL(fileURLWithPath: store))
      let sqlite = sqliteReads(store, original: original)
      let saved = try salvagedDaysOff(store, original, name, &report)
      tally.add(kind, saved: saved.intersection(original.values).count, sqlite: sqlite.count)
      tally.lost += sqlite.subtracting(saved).count
    }
    for percent in [10, 30, 60, 90, 95] {
      for _ in 0..<scale.dayOffCuts {
        let length = whole.count * percent / 100 + Int.random(in: 0..<pageSize, using: &random)
        try trial("cut to \(percent) %", whole.prefix(min(length, whole.count)), "cut to \(percent) %")
      }
    }
    func zeroed(_ numbers: [Int]) -> Data {
      var bytes = whole
      for page in numbers where page >= 1 && page * pageSize <= bytes.count {
        bytes.replaceSubrange((page - 1) * pageSize..<page * pageSize, with: Data(count: pageSize))
      }
      return bytes
    }
    try trial("day_off root zeroed", zeroed([pages.tableRoot]), "a root zeroed")
    try trial("day_off_by_day root zeroed", zeroed([pages.indexRoot]), "a root zeroed")
    try trial("both roots zeroed", zeroed([pages.tableRoot, pages.indexRoot]), "both roots zeroed")
    for leaf in pages.leaves {
      try trial("leaf \(leaf) zeroed", zeroed([leaf]), "a leaf zeroed")
    }
    let all = pages.leaves + [pages.tableRoot, pages.indexRoot]
    for number in 0..<scale.dayOffFlips {
      var bytes = whole
      let page = all[Int.random(in: 0..<all.count, using: &random)]
      let offset = (page - 1) * pageSize + Int.random(in: 0..<pageSize, using: &random)
      guard offset < bytes.count else { continue }
      bytes[offset] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
      try trial("bit flip \(number) (page \(page), byte \(offset))", bytes, "one bit flipped")
    }
    report.counts.insert(("days off in the store", original.count), at: 0)
    for (kind, figures) in tally.kinds {
      report.count("% saved, \(kind)", percentage(figures.saved, original.count * figures.trials))
      report.count("% SQLite reads, \(kind)", percentage(figures.sqlite, original.count * figures.trials))
    }
    report.count("days off SQLite reads that the salvage lost", tally.lost)
    return report
  }

  /// Per kind of damage: trials, days off saved, days off SQLite reads; and over all trials, the
  /// days off SQLite read but the salvage did not keep.
  private struct DaysOffTally {
    var kinds: [(String, (trials: Int, saved: Int, sqlite: Int))] = []
    var lost = 0

    mutating func add(_ kind: String, saved: Int, sqlite: Int) {
      if let index = kinds.firstIndex(where: { $0.0 == kind }) {
        kinds[index].1.trials += 1
        kinds[index].1.saved += saved
        kinds[index].1.sqlite += sqlite
      } else {
        kinds.append((kind, (1, saved, sqlite)))
      }
    }
  }

  /// The root pages of `day_off` and `day_off_by_day` in `store` and their leaf pages (SQLite's
  /// `dbstat`).
  private func dayOffPages(_ store: String) throws -> (tableRoot: Int, indexRoot: Int, leaves: [Int]) {
    var database: OpaquePointer?
    defer { sqlite3_close(database) }
    guard sqlite3_open_v2(store, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
      throw ProgramFailure(description: "cannot open \(store)")
    }
    let roots = rows(
      database, "SELECT rootpage FROM sqlite_schema WHERE name IN ('day_off', 'day_off_by_day') ORDER BY name"
    )
    let leaves = rows(
      database,
      "SELECT pageno FROM dbstat WHERE name IN ('day_off', 'day_off_by_day') AND pagetype = 'leaf' ORDER BY pageno"
    )
    guard roots.count == 2 else { throw ProgramFailure(description: "no days-off b-trees in \(store)") }
    return (roots[0][0], roots[1][0], leaves.map { $0[0] })
  }

  /// The integer rows `sql` gives on `database`, as far as it reads before an error; a row
  /// with a null (a page past the end of a file cut short reads as zeros) is not one.
  private func rows(_ database: OpaquePointer?, _ sql: String) -> [[Int]] {
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
    var found: [[Int]] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      let columns = sqlite3_column_count(statement)
      let values = (0..<columns).map { column -> Int? in
        sqlite3_column_type(statement, column) == SQLITE_INTEGER
          ? Int(sqlite3_column_int64(statement, column)) : nil
      }
      if values.allSatisfy({ $0 != nil }) { found.append(values.compactMap { $0 }) }
    }
    return found
  }

  /// The days off of `original` (keyed "tracker number day") SQLite reads in the damaged
  /// `store`, before the salvage touches it, as "tracker id date": `.dump day_off` of the
  /// `sqlite3` shell with `writable_schema`, and a read through `day_off_by_day` (on a copy).
  private func sqliteReads(_ store: String, original: [String: String]) -> Set<String> {
    let copy = store + ".sqlite3-copy"
    try? FileManager.default.removeItem(atPath: copy)
    guard (try? FileManager.default.copyItem(atPath: store, toPath: copy)) != nil else { return [] }
    defer { try? FileManager.default.removeItem(atPath: copy) }
    var read = Set<String>()
    var database: OpaquePointer?
    if sqlite3_open_v2(copy, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK {
      sqlite3_exec(database, "PRAGMA writable_schema = ON", nil, nil, nil)
      for row in rows(database, "SELECT tracker, day FROM day_off INDEXED BY day_off_by_day ORDER BY day") {
        read.insert("\(row[0]) \(row[1])")
      }
    }
    sqlite3_close(database)
    read.formUnion(dumped(copy))
    return Set(read.compactMap { original[$0] })
  }

  /// `.dump day_off` of the `sqlite3` shell with `writable_schema`, as "tracker number day"; none
  /// when the shell is not installed.
  private func dumped(_ path: String) -> Set<String> {
    let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let shell else { return [] }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = [path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    input.fileHandleForWriting.write(Data("PRAGMA writable_schema = ON;\n.dump day_off\n".utf8))
    try? input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var found = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("INSERT INTO day_off VALUES(") {
      let values = line.dropFirst("INSERT INTO day_off VALUES(".count).prefix { $0 != ")" }
        .split(separator: ",")
      if values.count == 2, let tracker = Int(values[0]), let day = Int(values[1]) {
        found.insert("\(tracker) \(day)")
      }
    }
    return found
  }

  /// The days off of an export of `store` ("tracker id date"), keyed by "tracker number day".
  private func exportedDaysOff(_ store: String) throws -> [String: String]? {
    let export = try tool(["export", "--output", "-", "--store", store], timeout: 60)
    guard export.status == 0, let daysOff = Self.daysOff(ofExport: export.output) else { return nil }
    var numbers: [String: Int] = [:]
    var database: OpaquePointer?
    defer { sqlite3_close(database) }
    guard sqlite3_open_v2(store, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return nil }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(database, "SELECT number, id FROM tracker", -1, &statement, nil) == SQLITE_OK
    else { return nil }
    while sqlite3_step(statement) == SQLITE_ROW {
      numbers[String(cString: sqlite3_column_text(statement, 1))] = Int(sqlite3_column_int64(statement, 0))
    }
    var keyed: [String: String] = [:]
    for dayOff in daysOff {
      let parts = dayOff.split(separator: " ")
      guard parts.count == 2, let number = numbers[String(parts[0])],
        let day = Self.dayNumber(String(parts[1]))
      else { continue }
      keyed["\(number) \(day)"] = dayOff
    }
    return keyed
  }

  /// Days since 1970-01-01 of a `YYYY-MM-DD` date.
  private static func dayNumber(_ iso: String) -> Int? {
    let parts = iso.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    guard let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    else {
      return nil
    }
    return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// The days off of an export, as "tracker date" strings, or nil when the output is no export.
  static func daysOff(ofExport output: Data) -> Set<String>? {
    guard let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any] else { return nil }
    let daysOff = object["daysOff"] as? [[String: Any]] ?? []
    return Set(
      daysOff.compactMap { dayOff in
        guard let tracker = dayOff["tracker"] as? String, let date = dayOff["date"] as? String else {
          return nil
        }
        return tracker + " " + date
      })
  }

  /// Runs `stats` then `export` on the damaged `store` and counts what is wrong; returns the
  /// days off the export holds, as "tracker id date" (none when it fails, with its reason).
  private func salvagedDaysOff(
    _ store: String, _ original: [String: String], _ damage: String, _ report: inout Report
  ) throws -> Set<String> {
    let (export, said) = try statsThenExport(store, damage, &report)
    let daysOff = Self.daysOff(ofExport: export.output) ?? []
    let expected = Set(original.values)
    let example = "\(damage): \(daysOff.count) of \(expected.count) days off"
    report.fail("wrong days off kept", daysOff.subtracting(expected).count, example: example)
    if daysOff != expected, !said {
      report.fail(daysOff.isEmpty ? "silent empty stores" : "silent differences", example: example)
    }
    return daysOff
  }
}
