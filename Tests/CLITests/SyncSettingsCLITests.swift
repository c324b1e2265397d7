import Foundation
import TestSupport
import Testing

/// The sync row of the settings tab from the command line (issue 33, docs/sync.md): `show` and
/// `run` read it as stored, and never sync.
@Suite("The sync row on the command line", .temporaryFolders)
struct SyncSettingsCLITests {
  /// An archive with nothing in it: importing it makes a data file past its onboarding.
  static let empty =
    "{\"format\": \"tracker\", \"version\": 1, \"categories\": [], \"trackers\": [], \"records\": []}"

  @Test func showSaysSyncIsOffOnTheDemoAndOnADataFileThatJoinedNoFolder() async throws {
    let store = TemporaryFolder().path("a.sqlite")
    #expect(try await runCLI(["import", "-", "--store", store], input: Self.empty).status == 0)
    for arguments in [["--demo"], ["--store", store]] {
      let shown = try await runCLI(["show", "settings", "--lang", "en"] + arguments + fixed)
      #expect(shown.status == 0, "\(shown.error)")
      #expect(shown.output.contains("Sync: off"), "\(shown.output)")
      #expect(shown.output.contains("tracker-preview sync --folder DIR"), "\(shown.output)")
    }
  }

  @Test func showAndRunReadTheFolderJoinedAndNeverSync() async throws {
    let folder = TemporaryFolder()
    let store = folder.path("a.sqlite")
    let share = folder.path("Shared")
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    #expect(try await runCLI(["import", "-", "--store", store], input: Self.empty).status == 0)
    #expect(try await runCLI(["sync", "--folder", share, "--store", store]).status == 0)
    let shown = try await runCLI(["show", "settings", "--store", store, "--lang", "ru", "--width", "120"])
    #expect(shown.output.contains("Синхронизация: \(share) · "), "\(shown.output)")
    #expect(!shown.output.contains("выкл."), "\(shown.output)")
    let listed = try await runCLI(["show", "settings", "--store", store, "--elements", "--lang", "en"])
    #expect(listed.output.contains("#sync \"Sync: \(share) · last synced "), "\(listed.output)")
    // The folder gone: `show` and `run` never sync, so nothing fails and nothing is written there.
    try FileManager.default.removeItem(atPath: share)
    let script = "tap #tab-settings\nexpect text \"Sync: \(share)\"\nexpect no-text \"Last sync failed\"\n"
    let ran = try await runCLI(
      ["run", "-", "--store", store, "--width", "120", "--lang", "en"], input: script)
    #expect(ran.status == 0, "\(ran.error)")
    #expect(!FileManager.default.fileExists(atPath: share))
  }
}
