import CSQLite
import Foundation
import TestSupport
import Testing

/// A day summary that fails its checksum (issue 29, item 20) never leaves the store stuck: the
/// full check finds it, so the file is never stamped verified and `export` never backs it up,
/// and the first command that may set a file aside salvages it — every record kept, the
/// summaries computed again from them — after which every command works.
@Suite("A damaged day summary never leaves the store stuck", .temporaryFolders)
struct DamagedSummaryTests {
  /// A store holding the full-disk archive (a habit, two records).
  func madeStore() async throws -> (store: String, folder: URL) {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    try await FullDiskTests().makeStore(store, folder: folder)
    return (store, folder)
  }

  /// Changes one bit of the seal of the day summary of 2026-11-30, behind Tracker's back.
  func flipASummarySeal(_ store: String) {
    var database: OpaquePointer?
    #expect(sqlite3_open(store, &database) == SQLITE_OK)
    // 2026-11-30 is day 20787 since 1970-01-01; seal XOR 1.
    let flip = "UPDATE day_summary SET seal = (seal | 1) - (seal & 1) WHERE day = 20787"
    #expect(sqlite3_exec(database, flip, nil, nil, nil) == SQLITE_OK)
    #expect(sqlite3_changes(database) == 1)
    sqlite3_close(database)
  }

  @Test func exportRefusesItThenTheNextReadSalvagesItAndEveryCommandWorks() async throws {
    let (store, folder) = try await madeStore()
    let before = try await runCLI(["stats", "--store", store, "--lang", "en"] + fileTestsDay)
    #expect(before.status == 0, "\(before.error)")
    flipASummarySeal(store)
    try? FileManager.default.removeItem(atPath: store + ".verified")
    // `export` never makes a backup of a damaged file, and never stamps it verified.
    let backup = folder.appendingPathComponent("backup.json").path
    let refused = try await runCLI(
      ["export", "--store", store, "--output", backup, "--lang", "en"] + fileTestsDay)
    #expect(refused.status == 1)
    #expect(refused.error.hasPrefix("Error: the data file \(store) is broken ("), "\(refused.error)")
    #expect(!FileManager.default.fileExists(atPath: backup))
    #expect(!FileManager.default.fileExists(atPath: store + ".verified"))
    // `stats` sets it aside and salvages every record: the same figures, with the warning.
    let salvaged = try await runCLI(["stats", "--store", store, "--lang", "en"] + fileTestsDay)
    #expect(salvaged.status == 0, "\(salvaged.error)")
    #expect(salvaged.error.hasPrefix("Warning: the data file \(store) was broken ("), "\(salvaged.error)")
    #expect(salvaged.output == before.output)
    // From then on, everything works without a word.
    for command in [
      ["stats"], ["list"], ["export", "--output", backup], ["done", "Бег", "--date", "2026-11-30"], ["stats"],
    ] {
      let result = try await runCLI(command + ["--store", store, "--lang", "en"] + fileTestsDay)
      #expect(result.status == 0, "\(command): \(result.error)")
      #expect(result.error == "", "\(command)")
    }
    #expect(try String(contentsOfFile: backup, encoding: .utf8).contains("\"2026-11-30\""))
  }

  @Test(arguments: [["stats"], ["list"], ["done", "Бег", "--date", "2026-11-30"]])
  func noCommandFailsOnEveryRun(command: [String]) async throws {
    let store = try await madeStore().store
    flipASummarySeal(store)
    let first = try await runCLI(command + ["--store", store, "--lang", "en"] + fileTestsDay)
    #expect(first.status == 0, "\(first.error)")
    #expect(first.error.hasPrefix("Warning: the data file \(store) was broken ("), "\(first.error)")
    let second = try await runCLI(command + ["--store", store, "--lang", "en"] + fileTestsDay)
    #expect(second.status == 0, "\(second.error)")
    #expect(second.error == "")
    let export = try await runCLI(["export", "--store", store] + fileTestsDay)
    #expect(export.status == 0, "\(export.error)")
    #expect(export.output.contains("\"2026-11-30\"") && export.output.contains("\"2026-12-02\""))
  }

  @Test(arguments: ["en", "ru"])
  func theSalvageWarningCountsTheDaysOffItKept(language: String) async throws {
    let store = try await madeStore().store
    // Friday 2026-11-27 and Monday 2026-11-23 off (Бег is due Mon, Wed, Fri).
    for date in ["2026-11-23", "2026-11-27"] {
      let skip = try await runCLI(["skip", "Бег", "--date", date, "--store", store] + fileTestsDay)
      #expect(skip.status == 0, "\(skip.error)")
    }
    flipASummarySeal(store)
    let result = try await runCLI(["stats", "--store", store, "--lang", language] + fileTestsDay)
    #expect(result.status == 0, "\(result.error)")
    let counted =
      language == "ru"
      ? ": 2 записи, 1 трекер, 1 категория, а также 2 выходных\n"
      : ": 2 records of 1 tracker in 1 category, and 2 days off\n"
    #expect(result.error.hasSuffix(counted), "\(result.error)")
    let export = try await runCLI(["export", "--store", store] + fileTestsDay)
    #expect(export.output.contains("\"2026-11-23\"") && export.output.contains("\"2026-11-27\""))
  }
}
