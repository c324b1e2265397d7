import CSQLite
import Foundation
import TestSupport
import Testing

/// Commits held in the write-ahead log by another process's long read, then the log cut short:
/// the next command says so and keeps the log, and no backup is made from what is left.
@Suite("A write-ahead log cut short is never a silent loss", .temporaryFolders)
struct CutLogCLITests {
  static let archive = """
    {"format": "tracker", "version": 1,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Спорт"}],
     "trackers": [{"id": "00000000-0000-4000-8000-000000000002", "name": "Бег", "emoji": "🙂",
                   "color": "#FD4C49", "category": "00000000-0000-4000-8000-000000000001",
                   "schedule": null, "pinned": false, "created": "2026-11-01"}],
     "records": []}
    """

  @Test(arguments: ["en", "ru"])
  func acknowledgedDonesCutFromTheLogAreReportedAndTheLogKept(language: String) async throws {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("archive.json")
    try Data(Self.archive.utf8).write(to: archive)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["import", archive.path, "--store", store] + fileTestsDay).status == 0)
    // Another program reads for a long time: its snapshot keeps the commits after it in the log.
    var reader: OpaquePointer?
    #expect(sqlite3_open_v2(store, &reader, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
    #expect(sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM sqlite_schema;", nil, nil, nil) == SQLITE_OK)
    for day in 20...29 {
      let done = try await runCLI(
        ["done", "Бег", "--date", "2026-11-\(day)", "--store", store] + fileTestsDay)
      #expect(done.status == 0, "\(done.error)")
    }
    #expect(truncate(store + "-wal", 32) == 0)
    let cutLog = try Data(contentsOf: URL(fileURLWithPath: store + "-wal"))
    sqlite3_exec(reader, "COMMIT", nil, nil, nil)
    sqlite3_close(reader)

    // No backup from it: the old one stays, the file stays.
    let backup = folder.appendingPathComponent("backup.json").path
    let export = try await runCLI(
      ["export", "--store", store, "--output", backup, "--lang", language] + fileTestsDay)
    #expect(export.status == 1)
    #expect(!FileManager.default.fileExists(atPath: backup))
    #expect(try Data(contentsOf: URL(fileURLWithPath: store + "-wal")) == cutLog)

    let stats = try await runCLI(["stats", "--store", store, "--lang", language] + fileTestsDay)
    #expect(stats.status == 0)
    let moved = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .first { $0.hasPrefix("tracker.sqlite.broken-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
    let movedPath = folder.appendingPathComponent(moved).path
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedPath + "-wal")) == cutLog)
    let reason =
      language == "ru"
      ? "его журнал предзаписи обрезан; страниц сохранённых изменений, которых в нём нет: "
      : "its write-ahead log was cut short; pages of saved changes missing from it: "
    #expect(stats.error.contains(reason), "\(stats.error)")
    #expect(stats.error.contains(movedPath))
  }
}
