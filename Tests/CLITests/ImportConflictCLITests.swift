import Foundation
import TestSupport
import Testing

/// An import that meets the data file's own items with other values says each conflict whole and
/// offers to restore the file into a new data file (`import FILE --into NEW.sqlite`, issue 49).
@Suite("Import conflicts and restoring into a new file", .temporaryFolders)
struct ImportConflictCLITests {
  let day = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]

  /// A backup of one habit whose every field but its id differs from the data file's.
  static func backup(name: String) -> String {
    """
    {"format": "tracker", "version": 3, "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Home"}],
    "trackers": [{"id": "00000000-0000-4000-8000-000000000010", "name": "\(name)", "emoji": "😻",
    "color": "#FF99CC", "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "tue"],
    "pinned": true, "created": "2026-10-01", "measure": {"unit": "pages", "target": "25", "direction": "at-least"}}],
    "records": [{"tracker": "00000000-0000-4000-8000-000000000010", "date": "2026-11-20", "amount": "30"}]}
    """
  }

  @Test(arguments: ["en", "ru"])
  func everyConflictIsSaidWholeAndTheBackupRestoresIntoANewFile(language: String) async throws {
    let folder = TemporaryFolder()
    let store = folder.path("tracker.sqlite")
    let file = ["--store", store, "--lang", language] + day
    let first = """
      {"format": "tracker", "version": 2, "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Home"}],
      "trackers": [{"id": "00000000-0000-4000-8000-000000000010", "name": "Morning run around the park lake",
      "emoji": "🙂", "color": "#FD4C49", "category": "00000000-0000-4000-8000-000000000001", "schedule": null,
      "pinned": false, "created": "2026-11-01"}], "records": []}
      """
    #expect(try await runCLI(["import", "-"] + file, input: first).status == 0)
    let backup = folder.path("backup.json")
    try Self.backup(name: "Reading twenty five pages before bed").write(
      toFile: backup, atomically: true, encoding: .utf8)
    let refused = try await runCLI(["import", backup] + file)
    #expect(refused.status == 1)
    // Every field that differs, to the last, on its line: nothing cut.
    let conflict = try #require(refused.error.split(separator: "\n").first { $0.contains("trackers[0].id") })
    #expect(conflict.count > 240 && !conflict.contains("…"), "\(conflict)")
    for field in ["name:", "emoji:", "color:", "schedule:", "pinned:", "created:", "measure:"] {
      #expect(conflict.contains(field), "\(field) in \(conflict)")
    }
    // Each of the 7 fields' differences in the summary's language too (the sentence's own
    // "already in the store, " makes the eighth).
    let said = language == "en" ? "in the store, " : "в хранилище, "
    #expect(conflict.components(separatedBy: said).count == 9, "\(conflict)")
    if language == "ru" { #expect(!conflict.contains(" here"), "\(conflict)") }
    let hint =
      language == "en"
      ? "To restore this backup as it is, into a new data file of its own: tracker-preview import \(backup) --into NEW.sqlite\n"
      : "Чтобы восстановить эту копию как есть, в отдельный новый файл данных: tracker-preview import \(backup) --into NEW.sqlite\n"
    #expect(refused.error.hasSuffix(hint), "\(refused.error)")
    // --into: a new data file holds the backup; the data file is as it was.
    let restored = folder.path("restored.sqlite")
    let into = try await runCLI(["import", backup, "--into", restored, "--lang", language] + day)
    #expect(into.status == 0, "\(into.error)")
    #expect(
      into.output.hasSuffix(
        language == "en"
          ? "Restored into \(restored): use it with --store \(restored).\n"
          : "Восстановлено в \(restored): используйте его с --store \(restored).\n"))
    #expect(
      try await runCLI(["list", "--store", restored] + day).output.contains(
        "Reading twenty five pages before bed"))
    #expect(try await runCLI(["list"] + file).output.contains("Morning run around the park lake"))
    // Never over a file that is there; with --store as well (an alias's), --into names the file.
    let again = try await runCLI(["import", backup, "--into", restored, "--lang", language] + day)
    #expect(again.status == 1 && again.error.contains(restored))
    let other = folder.path("other.sqlite")
    let both = try await runCLI(["import", backup, "--into", other, "--store", store] + day)
    #expect(both.status == 0, "\(both.error)")
    #expect(
      try await runCLI(["list", "--store", other] + day).output.contains(
        "Reading twenty five pages before bed"))
    #expect(try await runCLI(["list"] + file).output.contains("Morning run around the park lake"))
  }

  @Test func aHostileFilesHugeValueIsCutInTheConflictNotTheOtherFields() async throws {
    let folder = TemporaryFolder()
    let store = folder.path("tracker.sqlite")
    #expect(
      try await runCLI(["import", "-", "--store", store] + day, input: Self.backup(name: "Read")).status == 0)
    let huge = Self.backup(name: "Read").replacingOccurrences(
      of: #""created": "2026-10-01""#, with: #""created": "\#(String(repeating: "9", count: 100_000))""#
    ).replacingOccurrences(of: #""emoji": "😻""#, with: #""emoji": "🙂""#)
    let refused = try await runCLI(["import", "-", "--store", store] + day, input: huge)
    #expect(refused.status == 1)
    #expect(refused.error.count < 20_000)
    let conflict = try #require(refused.error.split(separator: "\n").first { $0.contains("trackers[0].id") })
    #expect(conflict.contains("emoji:") && conflict.contains("…"), "\(conflict)")
  }
}
