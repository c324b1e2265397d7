import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// `sync` (issue 33; docs/sync.md): two data files over one folder, in both languages.
@Suite("sync on the command line", .temporaryFolders)
struct SyncCLITests {
  let home = TrackerCategory(id: id(1), title: "Home")

  /// A data file with "Water" (every day) and its folder; and an empty shared folder.
  func makeStores() throws -> (a: String, b: String, share: String) {
    let folder = TemporaryFolder()
    let a = folder.path("a.sqlite")
    let store = try SQLiteTrackerStore(path: a, now: Date())
    try store.createCategory(home)
    try store.createTracker(
      Tracker(
        id: id(10), name: "Water", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
        categoryID: home.id, createdOn: day("2026-11-23"), kind: .habit(.everyDay)))
    try store.updateSettings { $0.isOnboardingDone = true }
    let share = folder.path("share")
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    return (a, folder.path("b.sqlite"), share)
  }

  @Test func aChangeMadeOnOneDataFileReachesAnotherAndEachSaysWhatWentInAndOut() async throws {
    let (a, b, share) = try makeStores()
    let first = try await runCLI(["sync", "--store", a, "--folder", share])
    #expect(first.status == 0, "\(first.error)")
    #expect(
      first.output == "Joined the sync folder \(share).\nSynced with \(share): nothing in, 12 changes out.\n")
    let second = try await runCLI(["sync", "--store", b, "--folder", share, "--lang", "ru"])
    #expect(
      second.output
        == "Подключена папка синхронизации \(share).\n"
        + "Синхронизировано с \(share): получено 12 изменений с 1 устройства, ничего не отправлено.\n")
    #expect(try await runCLI(["done", "Water", "--store", b] + fixed).status == 0)
    // The folder is remembered: `sync` alone from now on.
    let third = try await runCLI(["sync", "--store", b])
    #expect(third.output == "Synced with \(share): nothing in, 1 change out.\n")
    let fourth = try await runCLI(["sync", "--store", a, "--lang", "ru"])
    #expect(
      fourth.output
        == "Синхронизировано с \(share): получено 1 изменение с 1 устройства, ничего не отправлено.\n")
    #expect(try SQLiteTrackerStore(path: a, now: Date()).recordDays(trackerID: id(10)) == [day("2026-11-30")])
    #expect(try await runCLI(["export", "--store", a]).output == runCLI(["export", "--store", b]).output)
  }

  @Test func jsonReportsTheSameCounts() async throws {
    let (a, _, share) = try makeStores()
    let result = try await runCLI(["sync", "--store", a, "--folder", share, "--json"])
    let object = try JSONParser.parse(result.output)
    #expect(object["joined"] == .bool(true))
    #expect(object["in"] == .int(0))
    #expect(object["devices"] == .int(0))
    #expect(object["out"] == .int(12))
    #expect(object["folder"] == .string(share))
    #expect(object["waiting"] == .array([]))
    #expect(object["clocksAhead"] == .array([]))
  }

  @Test(arguments: [
    (
      "en",
      "Error: the sync folder %@ does not exist (is the disk or the sync engine there?); nothing was changed\n"
    ),
    (
      "ru",
      "Ошибка: папки синхронизации %@ нет (подключён ли диск, запущена ли программа синхронизации?); ничего не изменено\n"
    ),
  ])
  func aMissingFolderIsRefusedAndNothingChanges(language: String, message: String) async throws {
    let (a, _, share) = try makeStores()
    let missing = share + "/nowhere"
    let before = try await runCLI(["export", "--store", a]).output
    let result = try await runCLI(["sync", "--store", a, "--folder", missing, "--lang", language])
    #expect(result.status == 1)
    #expect(result.error == message.replacingOccurrences(of: "%@", with: missing))
    #expect(try await runCLI(["export", "--store", a]).output == before)
    #expect(try SQLiteTrackerStore(path: a, now: Date()).syncStatus() == SyncStatus())
  }

  @Test func theFirstSyncWithoutAFolderSaysToGiveOne() async throws {
    let (a, _, _) = try makeStores()
    let result = try await runCLI(["sync", "--store", a])
    #expect(result.status == 1)
    #expect(result.error == "Error: no sync folder yet: give one with --folder DIR\n")
    let demo = try await runCLI(["sync", "--demo", "--lang", "ru"])
    #expect(demo.error == "Ошибка: синхронизация работает с файлом данных, а не с --demo\n")
  }
}
