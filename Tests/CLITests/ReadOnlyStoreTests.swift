import CSQLite
import Foundation
import TestSupport
import Testing

/// A data file the user cannot write: the screens still show what is stored, and every save is
/// refused out loud (exit 1 and the alert's words), never reported as done.
@Suite("A read-only data file, end to end", .temporaryFolders)
struct ReadOnlyStoreTests {
  /// Runs the binary as a user who cannot write `file`: as root (which writes anything) the binary
  /// runs as `nobody` through `setpriv`, from a copy in a folder `nobody` can reach.
  func runWithoutWriteAccess(_ arguments: [String], input: String? = nil) async throws
    -> (status: Int32, output: String, error: String)
  {
    guard getuid() == 0 else { return try await runCLI(arguments, input: input) }
    let folder = TemporaryFolder().url
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let copy = folder.appendingPathComponent("tracker-preview")
    try FileManager.default.copyItem(
      at: Bundle.main.bundleURL.appendingPathComponent("tracker-preview"), to: copy)
    // A copy just written may not run at once: another test's process started meanwhile can hold
    // the copy's file open for writing until it runs its own program ("Text file busy").
    var attempts = 0
    while true {
      let run = try runProgram(
        URL(fileURLWithPath: "/usr/bin/setpriv"),
        ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path] + arguments, input: input)
      attempts += 1
      guard run.status == 126, run.error.contains("Text file busy"), attempts < 20 else { return run }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  static let archive = """
    {"format": "tracker", "version": 1,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Спорт"}],
     "trackers": [{"id": "00000000-0000-4000-8000-000000000002", "name": "Бег", "emoji": "🙂",
                   "color": "#FD4C49", "category": "00000000-0000-4000-8000-000000000001",
                   "schedule": null, "pinned": false, "created": "2026-11-01"}],
     "records": []}
    """

  @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func aTapOnAReadOnlyFileExitsOneWithTheReasonAndChangesNothing() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let archive = folder.appendingPathComponent("backup.json")
    try Data(Self.archive.utf8).write(to: archive)
    #expect(try await runCLI(["import", archive.path, "--store", store] + fixed).status == 0)
    // The file is read-only; its folder stays writable (SQLite keeps its lock file there).
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
    let before = try Data(contentsOf: URL(fileURLWithPath: store))

    let tap = try await runWithoutWriteAccess(
      ["run", "-", "--store", store, "--lang", "ru"] + fixed, input: "tap #complete:Бег\nprint\n")
    #expect(tap.status == 1)
    #expect(tap.output == "")
    #expect(
      tap.error.hasPrefix(
        """
        Ошибка: (стандартный ввод):1: tap #complete:Бег
          Не удалось сохранить: Файл с данными нельзя изменить: он или его папка только для чтения.

        """), "\(tap.error)")

    let english = try await runWithoutWriteAccess(
      ["run", "-", "--store", store, "--lang", "en"] + fixed, input: "tap #complete:Бег\n")
    #expect(english.status == 1)
    #expect(
      english.error.contains("Couldn't save: The data file can't be changed: it or its folder is read-only."))

    let show = try await runWithoutWriteAccess(
      ["show", "trackers", "--store", store, "--lang", "ru"] + fixed)
    #expect(show.status == 0 && show.error == "")
    #expect(show.output.contains("Бег") && show.output.contains("0 дней"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
  }

  @Test func showExitsOneWithTheReasonWhenTheStoreCannotBeRead() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let archive = folder.appendingPathComponent("backup.json")
    try Data(Self.archive.utf8).write(to: archive)
    #expect(try await runCLI(["import", archive.path, "--store", store] + fixed).status == 0)
    // A file that opens and passes its checks but whose records cannot be read.
    var database: OpaquePointer?
    #expect(sqlite3_open(store, &database) == SQLITE_OK)
    #expect(sqlite3_exec(database, "DROP TABLE record", nil, nil, nil) == SQLITE_OK)
    sqlite3_close(database)
    // As if the damage came after the file was last verified (bit rot under the same timestamp):
    // the quick open trusts the stamp, and the damage is met by the read.
    var info = stat()
    #expect(stat(store, &info) == 0)
    let identity = [
      Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec,
    ]
    let stamp =
      (identity + [Int(Date().timeIntervalSince1970)]).map(String.init).joined(separator: " ") + "\n"
    try Data(stamp.utf8).write(to: URL(fileURLWithPath: store + ".verified"))

    let show = try await runCLI(["show", "trackers", "--store", store, "--lang", "en"] + fixed)
    #expect(show.status == 1)
    #expect(show.output == "")
    #expect(
      show.error
        == "Error: cannot show trackers: Couldn't read your data: Something went wrong with the data file.\n")
    let run = try await runCLI(["run", "-", "--store", store, "--lang", "ru"] + fixed, input: "print\n")
    #expect(run.status == 1 && run.output == "")
    #expect(run.error == "Ошибка: Не удалось прочитать данные: С файлом данных что-то пошло не так.\n")
  }
}
