import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// What `sync` says of a copied data file, odd folder content and changes a deletion hid, in
/// both languages (issue 46; docs/sync.md).
@Suite("sync reports what it met", .temporaryFolders)
struct SyncReportCLITests {
  let cli = SyncCLITests()

  /// A device's id from a `sync --json`.
  func device(_ arguments: [String]) async throws -> String {
    let object = try JSONParser.parse(try await runCLI(arguments + ["--json"]).output)
    guard case .string(let device)? = object["device"] else { throw CocoaError(.fileReadCorruptFile) }
    return device
  }

  @Test(arguments: [
    (
      "en",
      "This data file is a copy of another (or a backup put back): it now syncs as device %1 instead of %2, and sent everything it knows."
    ),
    (
      "ru",
      "Этот файл данных — копия другого (или возвращённая резервная копия): теперь он синхронизируется как устройство %1 вместо %2 и отправил всё, что знает."
    ),
  ])
  func aCopiedDataFileSaysOnceThatItTookANewId(language: String, line: String) async throws {
    let (a, _, share) = try cli.makeStores()
    let original = try await device(["sync", "--store", a, "--folder", share])
    let copy = (a as NSString).deletingLastPathComponent + "/copy.sqlite"
    try FileManager.default.copyItem(atPath: a, toPath: copy)
    #expect(try await runCLI(["done", "Water", "--store", a] + fixed).status == 0)
    #expect(try await runCLI(["sync", "--store", a]).status == 0)
    let result = try await runCLI(["sync", "--store", copy, "--json"])
    let object = try JSONParser.parse(result.output)
    #expect(object["previousDevice"] == .string(original))
    #expect(object["republished"] == .bool(true))
    guard case .string(let new)? = object["device"] else {
      Issue.record("no device in \(result.output)")
      return
    }
    // Said once: the next sync is an everyday one.
    let next = try await runCLI(["sync", "--store", copy, "--lang", language])
    #expect(!next.output.contains(String(new.prefix(8))))
    // In words, on a second copy.
    let second = (a as NSString).deletingLastPathComponent + "/second.sqlite"
    try FileManager.default.copyItem(atPath: a, toPath: second)
    #expect(try await runCLI(["done", "Water", "--store", a, "--date", "2026-11-29"] + fixed).status == 0)
    #expect(try await runCLI(["sync", "--store", a]).status == 0)
    let words = try await runCLI(["sync", "--store", second, "--lang", language])
    #expect(words.status == 0)
    let secondID = try await device(["sync", "--store", second])
    let expected = line.replacingOccurrences(of: "%1", with: String(secondID.prefix(8)))
      .replacingOccurrences(of: "%2", with: String(original.prefix(8)))
    #expect(words.output.contains(expected + "\n"), "\(words.output)")
    #expect(try await runCLI(["sync", "--store", a]).status == 0)
    #expect(try await runCLI(["sync", "--store", copy]).status == 0)
    #expect(try await runCLI(["export", "--store", a]).output == runCLI(["export", "--store", copy]).output)
  }

  @Test(arguments: [
    (
      "en",
      [
        "Log 1 of device 00000000 cannot be read (it is not a Tracker log): that device's later logs wait behind it.",
        "Left aside tracker-sync/00000000-0000-4000-8000-000000000090: it is a file where a device's folder should be.",
      ]
    ),
    (
      "ru",
      [
        "Журнал 1 устройства 00000000 не читается (это не журнал Tracker): следующие журналы того устройства ждут за ним.",
        "Пропущено tracker-sync/00000000-0000-4000-8000-000000000090: это файл на месте папки устройства.",
      ]
    ),
  ])
  func oddContentIsNamedWithWhyAndTheSyncSucceeds(language: String, lines: [String]) async throws {
    let (a, _, share) = try cli.makeStores()
    let logs = share + "/tracker-sync/"
    try FileManager.default.createDirectory(
      atPath: logs + id(91).uuidString, withIntermediateDirectories: true)
    try Data("hello\nworld\n".utf8).write(
      to: URL(fileURLWithPath: logs + id(91).uuidString + "/00000001.jsonl"))
    try Data("stray".utf8).write(to: URL(fileURLWithPath: logs + id(90).uuidString))
    let result = try await runCLI(["sync", "--store", a, "--folder", share, "--lang", language])
    #expect(result.status == 0, "\(result.error)")
    for line in lines { #expect(result.output.contains(line + "\n"), "\(result.output)") }
    let json = try JSONParser.parse(try await runCLI(["sync", "--store", a, "--json"]).output)
    guard case .array(let unreadable)? = json["unreadable"], case .array(let skipped)? = json["skipped"]
    else {
      Issue.record("no lists in \(json)")
      return
    }
    #expect(unreadable.map { $0["reason"] } == [.string("not-a-log")])
    #expect(skipped.map { $0["reason"] } == [.string("not-a-folder")])
  }

  @Test(arguments: [
    ("en", "Not kept: 1 change to trackers deleted on device %@."),
    ("ru", "Не сохранено: 1 изменение в трекерах, удалённых на устройстве %@."),
  ])
  func aTickOnAHabitDeletedElsewhereIsSaidNotKept(language: String, line: String) async throws {
    let (a, b, share) = try cli.makeStores()
    let desktop = try await device(["sync", "--store", a, "--folder", share])
    #expect(try await runCLI(["sync", "--store", b, "--folder", share]).status == 0)
    try SQLiteTrackerStore(path: a, now: Date()).deleteTracker(id: id(10))
    #expect(try await runCLI(["sync", "--store", a]).status == 0)
    #expect(try await runCLI(["done", "Water", "--store", b] + fixed).status == 0)
    let result = try await runCLI(["sync", "--store", b, "--lang", language])
    #expect(
      result.output.contains(line.replacingOccurrences(of: "%@", with: String(desktop.prefix(8))) + "\n"))
  }

  /// A sync that fails leaves no data file it made (it said "nothing was changed").
  @Test func aFailedSyncLeavesNoNewDataFile() async throws {
    let folder = TemporaryFolder()
    let store = folder.path("new.sqlite")
    let result = try await runCLI(["sync", "--store", store, "--folder", folder.path("missing")])
    #expect(result.status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")).isEmpty)
  }
}
