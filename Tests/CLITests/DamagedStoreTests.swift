import CSQLite
import Foundation
import TestSupport
import Testing

/// A Tracker store that is damaged is still Tracker's: wherever it lives, it is set aside and
/// salvaged as before, and the warning says why in the user's language.
@Suite("A damaged Tracker store is set aside and salvaged", .temporaryFolders)
struct DamagedTrackerStoreTests {
  static let archive = """
    {"format": "tracker", "version": 1,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Спорт"}],
     "trackers": [{"id": "00000000-0000-4000-8000-000000000002", "name": "Бег", "emoji": "🙂",
                   "color": "#FD4C49", "category": "00000000-0000-4000-8000-000000000001",
                   "schedule": null, "pinned": false, "created": "2026-11-01"}],
     "records": [{"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-12-01"}]}
    """

  /// A store with a category, a tracker and a record, at a path of the user's choosing.
  func madeStore() async throws -> String {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("backup.json")
    try Data(Self.archive.utf8).write(to: archive)
    let store = folder.appendingPathComponent("habits.sqlite").path
    let made = try await runCLIGuarded(
      ["import", archive.path, "--store", store] + fileTestsDay, timeout: 20)
    #expect(made.status == 0, "\(made.error)")
    return store
  }

  /// `text` without `paths` and with no word of English left: only names (SQLite) may stay.
  func englishWords(_ text: String, without paths: [String]) -> [String] {
    var rest = text
    for path in paths { rest = rest.replacingOccurrences(of: path, with: "") }
    return rest.split(whereSeparator: { !$0.isASCII || !$0.isLetter }).map(String.init)
      .filter { $0.count > 1 && $0 != "SQLite" }
  }

  @Test(arguments: ["en", "ru"])
  func aStoreWithOurApplicationIDIsSetAsideAndSalvagedWithTheReasonInTheUsersLanguage(language: String)
    async throws
  {
    let store = try await madeStore()
    // Behind Tracker's back, as bit rot would: a tracker's name changes and its checksum does not.
    var database: OpaquePointer?
    #expect(sqlite3_open(store, &database) == SQLITE_OK)
    #expect(sqlite3_exec(database, "UPDATE tracker SET name = 'Плавание'", nil, nil, nil) == SQLITE_OK)
    sqlite3_close(database)
    // Without its stamp, only the application id in its header says it is Tracker's.
    try FileManager.default.removeItem(atPath: store + ".verified")
    let damaged = try Data(contentsOf: URL(fileURLWithPath: store))
    let result = try await runCLIGuarded(
      ["list", "--store", store, "--lang", language] + fileTestsDay, timeout: 20)
    #expect(result.status == 0, "\(result.error)")
    let moved = try #require(
      try FileManager.default.contentsOfDirectory(atPath: (store as NSString).deletingLastPathComponent)
        .first { $0.hasPrefix("habits.sqlite.broken-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
    let movedPath = ((store as NSString).deletingLastPathComponent as NSString).appendingPathComponent(moved)
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedPath)) == damaged)
    let expected =
      language == "ru"
      ? "Предупреждение: файл с данными \(store) был повреждён (в файле с данными есть трекер с неверной контрольной суммой); он перемещён в \(movedPath), а в новом хранилище всё, что удалось прочитать: "
      : "Warning: the data file \(store) was broken (the data file holds a tracker whose checksum does not match); it was moved to \(movedPath), and a new store holds what could still be read: "
    #expect(result.error.hasPrefix(expected), "\(result.error)")
    if language == "ru" { #expect(englishWords(result.error, without: [movedPath, store]) == []) }
  }

  @Test(arguments: ["en", "ru"])
  func aSalvagedValueThatCannotBeVouchedForIsLeftOutAndTheWarningCountsIt(language: String) async throws {
    let store = try await madeStore()
    // 1800-01-01: a day SQLite reads but the store never holds; the summaries no longer match.
    var database: OpaquePointer?
    #expect(sqlite3_open(store, &database) == SQLITE_OK)
    #expect(sqlite3_exec(database, "UPDATE record SET day = -62091", nil, nil, nil) == SQLITE_OK)
    sqlite3_close(database)
    let result = try await runCLIGuarded(
      ["stats", "--store", store, "--lang", language] + fileTestsDay, timeout: 20)
    #expect(result.status == 0, "\(result.error)")
    let counted =
      language == "ru"
      ? "; записей, за которые нельзя поручиться, не перенесено: 1\n"
      : "; entries left out because they could not be vouched for: 1\n"
    #expect(result.error.hasSuffix(counted), "\(result.error)")
  }

  @Test(arguments: ["en", "ru"])
  func aSalvageInterruptedAfterTheMoveIsFinishedByTheNextCommandWithAWord(language: String) async throws {
    let store = try await madeStore()
    // What a kill between the move and the salvage leaves: the file aside, its marker, no store.
    let aside = store + ".broken-20261201T000000Z"
    try FileManager.default.moveItem(atPath: store, toPath: aside)
    try? FileManager.default.removeItem(atPath: store + ".verified")
    let marker = (aside as NSString).lastPathComponent + "\nnotADatabase\n0\n\n"
    try Data(marker.utf8).write(to: URL(fileURLWithPath: store + ".salvage"))
    let result = try await runCLIGuarded(
      ["list", "--store", store, "--json", "--lang", language] + fileTestsDay, timeout: 20)
    #expect(result.status == 0, "\(result.error)")
    let start =
      language == "ru"
      ? "Предупреждение: прерванное спасение данных завершено: файл с данными \(store) был повреждён "
      : "Warning: an interrupted salvage was finished: the data file \(store) was broken "
    #expect(result.error.hasPrefix(start), "\(result.error)")
    #expect(result.output.contains("Бег"), "\(result.output)")
    #expect(!FileManager.default.fileExists(atPath: store + ".salvage"))
    if language == "ru" { #expect(englishWords(result.error, without: [aside, store]) == []) }
  }

  @Test(arguments: ["en", "ru"])
  func aStoreWhoseHeaderIsGoneIsKnownByItsStampAndSetAside(language: String) async throws {
    let store = try await madeStore()
    // The first page overwritten with text: only the stamp beside it says it was Tracker's.
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: store))
    try handle.write(contentsOf: Data(String(repeating: "overwritten ", count: 10).utf8))
    try handle.close()
    let result = try await runCLIGuarded(
      ["stats", "--store", store, "--lang", language] + fileTestsDay, timeout: 20)
    #expect(result.status == 0, "\(result.error)")
    let reason = language == "ru" ? "(это не база данных SQLite)" : "(it is not a SQLite database)"
    #expect(result.error.contains(reason), "\(result.error)")
    let start =
      language == "ru"
      ? "Предупреждение: файл с данными \(store) был повреждён "
      : "Warning: the data file \(store) was broken "
    #expect(result.error.hasPrefix(start))
    if language == "ru" {
      let moved =
        result.error.components(separatedBy: "перемещён в ").last?.components(separatedBy: ",").first ?? ""
      #expect(englishWords(result.error, without: [moved, store]) == [])
    }
  }

  @Test(arguments: ["en", "ru"])
  func damageMetWhileReadingIsSaidInTheUsersLanguage(language: String) async throws {
    let store = try await madeStore()
    var database: OpaquePointer?
    #expect(sqlite3_open(store, &database) == SQLITE_OK)
    #expect(sqlite3_exec(database, "UPDATE tracker SET name = 'Плавание'", nil, nil, nil) == SQLITE_OK)
    sqlite3_close(database)
    // As if the damage came after the file was last verified (bit rot under the same timestamp):
    // the quick open trusts the stamp, and the read meets the damage.
    var info = stat()
    #expect(stat(store, &info) == 0)
    let identity = [
      Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec,
    ]
    let stamp =
      (identity + [Int(Date().timeIntervalSince1970)]).map(String.init).joined(separator: " ") + "\n"
    try Data(stamp.utf8).write(to: URL(fileURLWithPath: store + ".verified"))
    let result = try await runCLIGuarded(
      ["stats", "--store", store, "--lang", language] + fileTestsDay, timeout: 20)
    #expect(result.status == 1)
    let finding =
      language == "ru"
      ? "(в файле с данными есть трекер с неверной контрольной суммой)"
      : "(the data file holds a tracker whose checksum does not match)"
    #expect(result.error.contains(finding), "\(result.error)")
    if language == "ru" { #expect(englishWords(result.error, without: [store]) == [], "\(result.error)") }
  }

  @Test(arguments: ["en", "ru"])
  func aFolderThatCannotBeMadeIsSaidInTheUsersLanguage(language: String) async throws {
    let folder = TemporaryFolder().url
    let blocker = folder.appendingPathComponent("notes.txt")
    try Data("milk\n".utf8).write(to: blocker)
    let store = blocker.appendingPathComponent("tracker.sqlite").path
    let archive = folder.appendingPathComponent("backup.json")
    try Data(#"{"format": "tracker", "version": 1, "categories": [], "trackers": [], "records": []}"#.utf8)
      .write(to: archive)
    let result = try await runCLIGuarded(
      ["import", archive.path, "--store", store, "--lang", language] + fileTestsDay, timeout: 20)
    #expect(result.status == 1)
    #expect(
      result.error
        == (language == "ru"
          ? "Ошибка: не удаётся создать папку \(blocker.path): часть пути — файл, а не папка\n"
          : "Error: cannot create the folder \(blocker.path): a part of the path is a file, not a folder\n"))
    #expect(try Data(contentsOf: blocker) == Data("milk\n".utf8))
  }
}
