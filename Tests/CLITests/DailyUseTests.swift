import CSQLite
import Foundation
import OtherProgram
import TestSupport
import Testing

/// The commands people and their scripts use every day, run as the real binary: exit codes,
/// output, and the files on disk.
@Suite("tracker-preview for daily use and scripts", .temporaryFolders)
struct DailyUseTests {
  static let archive = """
    {"format": "tracker", "version": 1,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Спорт"}],
     "trackers": [
       {"id": "00000000-0000-4000-8000-000000000002", "name": "Бег", "emoji": "🙂", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "wed"], "pinned": false,
        "created": "2026-11-01"},
       {"id": "00000000-0000-4000-8000-000000000003", "name": "Ёлка", "emoji": "🌺", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": null, "pinned": false,
        "created": "2026-11-01"},
       {"id": "00000000-0000-4000-8000-000000000004", "name": "Яблоко", "emoji": "🍔", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": null, "pinned": false,
        "created": "2026-11-01"}],
     "records": [{"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-11-25"}]}
    """

  /// A data file holding the archive above (onboarding over, as after restoring a backup).
  func preparedStore() async throws -> String {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("backup.json")
    try Data(Self.archive.utf8).write(to: archive)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let result = try await runCLI(["import", archive.path, "--store", store] + fixed)
    #expect(result.status == 0, "\(result.error)")
    return store
  }

  @Test func everyOptionIsAcceptedByEveryCommand() async throws {
    let store = try await preparedStore()
    let alias = ["--store", store, "--lang", "ru", "--width", "40", "--color", "never"] + fixed
    for command in [["stats"], ["list"], ["export"], ["show", "trackers"], ["tour"]] {
      let result = try await runCLI(command + alias)
      #expect(result.status == 0, "\(command): \(result.error)")
    }
    #expect(try await runCLI(["tour", "--demo", "--json"] + fixed).status == 0)
    #expect(
      try await runCLI(["show", "statistics", "--demo", "--lang", "RU"] + fixed).output.contains("Статистика")
    )
    let negative = try await runCLI(["show", "trackers", "--demo", "--width", "-5"] + fixed)
    #expect(negative.status == 64)
    #expect(negative.error.hasPrefix("Error: The value '-5' is invalid for '--width'"))
  }

  @Test func importEndsTheOnboardingSoEveryScreenShows() async throws {
    let store = try await preparedStore()
    let statistics = try await runCLI(["show", "statistics", "--store", store, "--lang", "en"] + fixed)
    #expect(statistics.status == 0 && statistics.error == "")
    #expect(statistics.output.contains("Trackers completed"))
    let run = try await runCLI(["run", "-", "--store", store] + fixed, input: "expect screen trackers\n")
    #expect(run.status == 0, "\(run.error)")
  }

  @Test func doneAndUndoneAreSafeToRepeat() async throws {
    let store = try await preparedStore()
    let first = try await runCLI(["done", "бег", "--store", store] + fixed)
    #expect(first.status == 0 && first.output == "Бег: done on 30 Nov 2026.\n" && first.error == "")
    let again = try await runCLI(["done", "Бег", "--store", store] + fixed)
    #expect(again.status == 0 && again.output == "Бег: already done on 30 Nov 2026.\n")
    let list = try await runCLI(["list", "--store", store, "--lang", "ru"] + fixed)
    #expect(list.output.contains("  [✓] 🙂 Бег: 2 дня; текущая серия 2 дня\n"))
    let undone = try await runCLI(["undone", "Бег", "--store", store] + fixed)
    #expect(undone.status == 0 && undone.output == "Бег: no longer done on 30 Nov 2026.\n")
    let undoneAgain = try await runCLI(["undone", "Бег", "--store", store] + fixed)
    #expect(undoneAgain.status == 0 && undoneAgain.output == "Бег: already not done on 30 Nov 2026.\n")
  }

  @Test func doneRefusesTheFutureADayNotShownAndAnUnknownName() async throws {
    let store = try await preparedStore()
    let future = try await runCLI(["done", "Бег", "--date", "2026-12-01", "--store", store] + fixed)
    #expect(future.status == 1)
    #expect(future.error == "Error: 1 Dec 2026 is in the future: a day can be marked once it has come\n")
    let tuesday = try await runCLI(["done", "Бег", "--date", "2026-11-24", "--store", store] + fixed)
    #expect(tuesday.status == 1)
    #expect(
      tuesday.error
        == "Error: Бег is not scheduled on 24 Nov 2026: only a day of its schedule can be marked\n")
    let noDay = try await runCLI(["done", "Бег", "--date", "2026-02-30", "--store", store] + fixed)
    #expect(noDay.status == 64)
    #expect(
      noDay.error.hasPrefix(
        "Error: The value '2026-02-30' is invalid for '--date': expected an existing date, written as 2026-12-01 or 1 Dec 2026 (or 1 дек. 2026)\n"
      ))
    let typo = try await runCLI(["done", "Бек", "--store", store] + fixed)
    #expect(typo.status == 1)
    #expect(typo.error == "Error: there is no tracker called \"Бек\". Did you mean 'Бег'?\n")
    #expect(
      try await runCLI(["list", "--json", "--date", "2026-11-24", "--store", store] + fixed).output.contains(
        "Бег")
        == false)
  }

  @Test func listAndStatsOrderNamesAsTheScreenDoes() async throws {
    let store = try await preparedStore()
    let list = try await runCLI(["list", "--store", store, "--lang", "ru"] + fixed)
    let names = list.output.split(separator: "\n").compactMap { line in
      ["Бег", "Ёлка", "Яблоко"].first { line.contains($0) }
    }
    #expect(names == ["Бег", "Ёлка", "Яблоко"])
    let stats = try await runCLI(["stats", "--json", "--store", store] + fixed)
    let yolka = try #require(stats.output.range(of: "Ёлка"))
    let yabloko = try #require(stats.output.range(of: "Яблоко"))
    #expect(yolka.lowerBound < yabloko.lowerBound)
    let export = try await runCLI(["export", "--store", store] + fixed)
    let exportedYolka = try #require(export.output.range(of: "Ёлка"))
    #expect(exportedYolka.lowerBound < (try #require(export.output.range(of: "Яблоко"))).lowerBound)
  }

  @Test func commandsThatOnlyReadCreateNoFile() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("typo/tracker.sqlite").path
    for command in [
      ["stats"], ["list"], ["export"], ["show", "trackers"], ["show", "trackers", "--elements"],
    ] {
      let result = try await runCLI(command + ["--store", store] + fixed)
      #expect(result.status == 1, "\(command): \(result.error)")
      let first = try await runCLI(command + fixed, environment: ["XDG_DATA_HOME": folder.path + "/data"])
      #expect(first.status == 0, "\(command): \(first.error)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test func exportOfABrokenFileFailsAndKeepsTheLastGoodBackup() async throws {
    let store = try await preparedStore()
    let backup = TemporaryFolder().url.appendingPathComponent("backup.json")
    #expect(try await runCLI(["export", "--output", backup.path, "--store", store] + fixed).status == 0)
    let good = try Data(contentsOf: backup)
    #expect(String(decoding: good, as: UTF8.self).contains("Яблоко"))
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: store))
    let broken = try await runCLI(["export", "--output", backup.path, "--store", store] + fixed)
    #expect(broken.status == 1)
    #expect(broken.error.hasPrefix("Error: the data file \(store) is broken ("))
    #expect(try Data(contentsOf: backup) == good)
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == Data(repeating: 0x41, count: 4096))
  }

  @Test func exportWritesToStandardOutputForADashAndExplainsBadOutputs() async throws {
    let store = try await preparedStore()
    let folder = TemporaryFolder().url
    let dash = try await runCLI(["export", "--output", "-", "--store", store] + fixed)
    #expect(dash.status == 0 && dash.output.hasPrefix("{\n  \"format\": \"tracker\""))
    #expect(!FileManager.default.fileExists(atPath: "/-"))
    let intoFolder = try await runCLI(["export", "--output", folder.path, "--store", store] + fixed)
    #expect(intoFolder.status == 1)
    #expect(intoFolder.error == "Error: cannot write \(folder.path): it is a folder; name a file inside it\n")
    let missing = folder.appendingPathComponent("nope/backup.json").path
    let noFolder = try await runCLI(["export", "--output", missing, "--store", store] + fixed)
    #expect(noFolder.status == 1)
    #expect(
      noFolder.error == "Error: cannot write \(missing): the folder \(folder.path)/nope does not exist\n")
  }

  @Test func anotherProgramsDatabaseIsRefusedByEveryCommandAndLeftByteForByte() async throws {
    let path = TemporaryFolder().path("notes.sqlite")
    var database: OpaquePointer?
    #expect(sqlite3_open(path, &database) == SQLITE_OK)
    #expect(
      sqlite3_exec(database, "CREATE TABLE note (body TEXT); INSERT INTO note VALUES ('milk')", nil, nil, nil)
        == SQLITE_OK)
    sqlite3_close(database)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for command in [["stats"], ["export"], ["show", "trackers"], ["done", "Бег"], ["run", "-"]] {
      let result = try await runCLI(command + ["--store", path] + fixed, input: "")
      #expect(result.status == 1, "\(command)")
      #expect(
        result.error
          == "Error: \(path) is a database of another program, not a Tracker data file; it was left untouched. Choose another file with --store\n",
        "\(command)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func scriptsMayHaveAByteOrderMarkAndCRLFLineEnds() async throws {
    let script =
      "\u{FEFF}# saved on Windows\r\nexpect screen trackers\r\ntap #filters\r\nexpect checked #filter:all\r\n"
    let result = try await runCLI(["run", "-", "--demo"] + fixed, input: script)
    #expect(result.status == 0, "\(result.error)")
  }

  @Test func checkedAndUncheckedTellWhetherACardIsDone() async throws {
    let passing = """
      expect checked #complete:Morning exercise
      expect unchecked #complete:Water the plants
      tap #complete:Water the plants
      expect checked #complete:Water the plants
      expect checked #tab-trackers
      expect unchecked #tab-statistics
      """
    let result = try await runCLI(["run", "-", "--demo", "--lang", "en"] + fixed, input: passing)
    #expect(result.status == 0, "\(result.error)")
    let failing = try await runCLI(
      ["run", "-", "--demo", "--lang", "en"] + fixed, input: "expect checked #complete:Water the plants\n")
    #expect(failing.status == 1)
    #expect(failing.error.contains("  #complete:Water the plants \"+\" (unchecked) is unchecked\n"))
    let notCheckable = try await runCLI(
      ["run", "-", "--demo", "--lang", "en"] + fixed, input: "expect checked #add\n")
    #expect(notCheckable.status == 1)
    #expect(notCheckable.error.contains("is neither checked nor unchecked"))
  }

  @Test func aSwipedCardAsksTheDeleteQuestion() async throws {
    let script = """
      swipe left #card:Morning exercise
      expect text "Are you sure you want to delete the tracker?"
      tap #confirm
      expect no-text "Morning exercise"
      """
    let result = try await runCLI(["run", "-", "--demo", "--lang", "en"] + fixed, input: script)
    #expect(result.status == 0, "\(result.error)")
  }

  @Test func expectTextFindsAPhraseTheCardWrapsAtAnyWidth() async throws {
    for width in ["32", "40", "47", "80"] {
      let script = """
        expect text "The cat blocked the camera on a call"
        longpress #card:The cat blocked the camera on a call
        tap #delete
        expect text "Are you sure you want to delete the tracker?"
        """
      let result = try await runCLI(
        ["run", "-", "--demo", "--lang", "en", "--width", width] + fixed, input: script)
      #expect(result.status == 0, "at \(width): \(result.error)")
    }
    let hidden = try await runCLI(
      ["run", "-", "--store", TemporaryFolder().path("t.sqlite")] + fixed,
      input: "tap #start\nexpect no-text \"Filters\"\n")
    #expect(hidden.status == 0, "\(hidden.error)")
  }

  @Test func showListsTheElementsOfAScreenAsTextAndJSON() async throws {
    let text = try await runCLI(["show", "filters", "--elements", "--demo", "--lang", "en"] + fixed)
    #expect(
      text.output == """
        #filter:all "All trackers" row (checked)
        #filter:today "Trackers for today" row (unchecked)
        #filter:completed "Completed" row (unchecked)
        #filter:not-completed "Not completed" row (unchecked)

        """)
    let json = try await runCLI(
      ["show", "trackers", "--elements", "--json", "--demo", "--lang", "en"] + fixed)
    #expect(json.status == 0)
    #expect(
      json.output.contains(
        "{\"identifier\": \"complete:Morning exercise\", \"label\": \"✓\", \"kind\": \"button\", \"enabled\": true, \"checked\": true}"
      ))
    #expect(
      json.output.contains(
        "{\"identifier\": \"add\", \"label\": \"+\", \"kind\": \"button\", \"enabled\": true, \"checked\": null}"
      ))
  }

  @Test func aFocusedFieldShowsTheEndOfTheTextAndTheCursorAtAnyWidth() async throws {
    let empty = try await runCLI(
      ["run", "-", "--demo", "--lang", "en", "--width", "32"] + fixed, input: "tap #search\nprint\n")
    #expect(empty.output.contains("[ 🔍 ▏Search                   ]\n"))
    let long = try await runCLI(
      ["run", "-", "--demo", "--lang", "en", "--width", "32"] + fixed,
      input: "tap #search\ntype \"grandma sent a postcard on whatsapp\"\nprint\n")
    #expect(long.output.contains("[ 🔍 … postcard on whatsapp▏ ✕ ]\n"), "\(long.output)")
  }

  @Test(arguments: ["en", "ru"])
  func theToursStoryHoldsTogetherAndItsCaptionsFitTheWidth(language: String) async throws {
    let tour = try await runCLI(["tour", "--lang", language, "--width", "32"] + fixed)
    #expect(tour.status == 0)
    for line in tour.output.split(separator: "\n") where line.unicodeScalars.allSatisfy({ $0.value < 0x2000 })
    {
      #expect(line.count <= 32, "\(line)")
    }
    let steps = tour.output.components(separatedBy: "═\n")
    // Step N's screen follows the N-th rule of ═; it ends with the caption of step N + 1.
    let filled = try #require(steps.dropFirst(9).first)
    #expect(filled.contains(language == "ru" ? "Пн, Пт" : "Mon, Fri"))
    #expect(filled.contains(language == "ru" ? "Спорт" : "Sport"))
    let categoryForm = try #require(steps.dropFirst(7).first)
    #expect(categoryForm.contains(language == "ru" ? "Спорт" : "Sport"))
  }

  @Test func aTamperedDayIsDamageThatExportReportsNotACrash() async throws {
    let store = try await preparedStore()
    var database: OpaquePointer?
    #expect(sqlite3_open(store, &database) == SQLITE_OK)
    #expect(sqlite3_exec(database, "UPDATE record SET day = 9223372036854775000", nil, nil, nil) == SQLITE_OK)
    sqlite3_close(database)
    let export = try await runCLI(["export", "--store", store] + fixed)
    #expect(export.status == 1 && export.output == "")
    // Export runs the full check first: the day fails it, and the file is left for the next open
    // to set aside.
    #expect(
      export.error.hasPrefix(
        "Error: the data file \(store) is broken (the data file holds a day out of range"))
    #expect(export.error.contains("it was left untouched"))
  }

  @Test func anImportCountsWhatItAddedAndSaysWhatWasAlreadyThere() async throws {
    let store = try await preparedStore()  // Бег has a record on 2026-11-25
    let records = """
      {"format": "tracker", "version": 1, "categories": [], "trackers": [],
       "records": [{"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-11-25"},
                   {"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-11-23"}]}
      """
    let english = try await runCLI(["import", "-", "--store", store] + fixed, input: records)
    #expect(english.status == 0, "\(english.error)")
    #expect(
      english.output
        == "Imported 1 record.\nSkipped 1 record already in the data file.\n")
    let again = try await runCLI(["import", "-", "--store", store, "--lang", "ru"] + fixed, input: records)
    #expect(
      again.output
        == "Ничего нового: всё из этого файла уже есть в файле с данными (2 записи).\n"
    )
  }

  @Test func anEndlessInputFailsCleanlyAsTooLarge() async throws {
    let store = TemporaryFolder().path("t.sqlite")
    let zero = try await runCLI(["import", "/dev/zero", "--store", store] + fixed)
    #expect(zero.status == 1)
    #expect(zero.error == "Error: /dev/zero is too large: more than 256 MiB\n")
  }

  @Test func exportRunsTheFullCheckEvenWhenTheQuickOpenStampSaysTheFileIsUnchanged() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    // A tracker with four years of records: the file has pages enough to damage one.
    var records: [String] = []
    for year in 2021...2025 {
      for month in 1...12 {
        for date in 1...28 {
          records.append(
            "{\"tracker\": \"00000000-0000-4000-8000-000000000002\", \"date\": \"\(year)-"
              + String(format: "%02d-%02d", month, date) + "\"}")
        }
      }
    }
    let archive = Self.archive.replacingOccurrences(
      of: "\"records\": [{\"tracker\": \"00000000-0000-4000-8000-000000000002\", \"date\": \"2026-11-25\"}]",
      with: "\"records\": [" + records.joined(separator: ",") + "]")
    #expect(try await runCLI(["import", "-", "--store", store] + fixed, input: archive).status == 0)
    // A clean close stamps the file.
    #expect(try await runCLI(["stats", "--store", store] + fixed).status == 0)
    // Damage one page in the middle, keeping the size and the modification time to the nanosecond.
    var before = stat()
    #expect(stat(store, &before) == 0)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
    try handle.seek(toOffset: 4096 * 6)
    handle.write(Data(repeating: 0xA5, count: 4096))
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, store, &times, 0) == 0)
    let export = try await runCLI(["export", "--store", store] + fixed)
    #expect(export.status == 1 && export.output == "")
    #expect(export.error.contains("is broken ("), "\(export.error)")
  }

  /// Runs `body` while this process — another program, to the binary — is in the middle of a
  /// write transaction on `store`.
  func whileWriting(_ store: String, _ body: () async throws -> Void) async throws {
    var database: OpaquePointer?
    #expect(sqlite3_open(store, &database) == SQLITE_OK)
    defer { sqlite3_close(database) }
    let write = "BEGIN IMMEDIATE; INSERT INTO setting (key, value) VALUES ('x', 'y')"
    #expect(sqlite3_exec(database, write, nil, nil, nil) == SQLITE_OK)
    try await body()
    #expect(sqlite3_exec(database, "ROLLBACK", nil, nil, nil) == SQLITE_OK)
  }

  @Test func readersAreNotBlockedWhileAnotherProcessWrites() async throws {
    let store = try await preparedStore()
    // Another program mid-write for just under the busy timeout (9 s of 10): a reader that
    // waited for the file (to open it, or to empty the log at its end) would end only after it
    // let go.
    let holder = try LockHolder(store, seconds: 9)
    let show = try runCLIAtOnce(["show", "trackers", "--store", store, "--lang", "en"] + fixed)
    let stats = try runCLIAtOnce(["stats", "--json", "--store", store] + fixed)
    let list = try runCLIAtOnce(["list", "--store", store] + fixed)
    #expect(holder.isHolding)  // all three answered while it still wrote
    #expect(
      show.status == 0 && stats.status == 0 && list.status == 0, "\(show.error)\(stats.error)\(list.error)")
  }

  /// The holder is named in the run's language, as the app's alert names it, by a write and by an
  /// import (the attack of 2026-12-07 found it named only in English, inside SQLite's words, and
  /// the import's refusal as "storage failed" under the file's problems).
  @Test(arguments: [
    (
      "en", "Error: nothing was saved: ", "was not imported; nothing changed:\nAnother program (",
      ") is using the data file. Try again in a moment. (SQLite error 5"
    ),
    (
      "ru", "Ошибка: ничего не сохранено: ",
      "не импортирован, ничего не изменилось:\nФайл с данными занят другой программой (",
      "). Попробуйте ещё раз чуть позже. (SQLite error 5"
    ),
  ])
  func aWriteThatWaitedPastTheBusyTimeoutSaysWhoHoldsTheFile(
    language: String, notSaved: String, notImported: String, holderEnds: String
  ) async throws {
    let store = try await preparedStore()
    // A backup with one habit the data file does not have: its import must write.
    let backup = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("new.json")
    try Data(
      Self.archive.replacingOccurrences(of: "000000000004", with: "000000000005")
        .replacingOccurrences(of: "Яблоко", with: "Груша").utf8
    ).write(to: backup)
    try await whileWriting(store) {
      // Each waits the whole busy timeout (10 s), as a real second writer would: aside, so that
      // other tests run meanwhile, and side by side.
      let preview = builtProduct("tracker-preview")
      async let done = runProgramAside(
        preview, ["done", "Бег", "--store", store, "--lang", language] + fixed)
      async let imported = runProgramAside(
        preview, ["import", backup.path, "--store", store, "--lang", language] + fixed)
      let (write, restore) = try await (done, imported)
      // First the line said as the wait began (WaitingCLITests), then the failure.
      let lines = write.error.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(
        lines.count == 3 && lines[0].contains("pid \(getpid())") && lines[0].hasSuffix("…"), "\(write.error)")
      #expect(lines.count == 3 && lines[1].hasPrefix(notSaved), "\(write.error)")
      #expect(restore.error.contains(notImported), "\(restore.error)")
      for result in [write, restore] {
        #expect(result.status == 1)
        #expect(result.error.contains("pid \(getpid())" + holderEnds), "\(result.error)")
        #expect(!result.error.contains("the write lock is held by"), "\(result.error)")
        #expect(!result.error.contains("storage failed"), "\(result.error)")
      }
    }
  }

  /// A program reading a file it switched to a rollback journal keeps every writer out, the
  /// opening's switch back to WAL mode included: a command that waited it out names it as
  /// reading, in the run's language (before: "being written by another program", unnamed).
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")),
    arguments: [
      ("en", "is being read by another program (tracker-store-w, pid %d), which keeps it from being written"),
      ("ru", "сейчас читает другая программа (tracker-store-w, pid %d), и записать в него нельзя"),
    ])
  func aCommandThatWaitedOutARollbackJournalsReaderNamesIt(language: String, said: String) async throws {
    let store = try await preparedStore()
    let reader = try LockHolder(store, seconds: 600, reading: true)
    // It waits the whole busy timeout (10 s): aside, so that other tests run meanwhile.
    let done = try await runProgramAside(
      builtProduct("tracker-preview"), ["done", "Бег", "--store", store, "--lang", language] + fixed)
    #expect(reader.isHolding)
    #expect(done.status == 1)
    #expect(done.error.contains(String(format: said, reader.pid)), "\(done.error)")
    reader.release()
  }
}
