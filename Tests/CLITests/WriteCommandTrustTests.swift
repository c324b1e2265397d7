import Foundation
import TestSupport
import Testing
import TrackerModels

@testable import tracker_preview

/// Write commands that fail leave nothing behind and say what happened; a range of days off is one
/// transaction; a day off that removes a completion says so (issue 29, items 3, 4, 15 and 16).
@Suite("Write commands: nothing behind a failure, every change said", .temporaryFolders)
struct WriteCommandTrustTests {
  /// The names in `folder`, sorted.
  func names(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test(arguments: [
    ["done", "Run"], ["undone", "Run"], ["skip", "Run"], ["unskip", "Run"], ["skip", "--all"],
    ["unskip", "--all"],
  ])
  func aWriteCommandOnAMistypedStoreCreatesNoFileAndNoFolder(_ command: [String]) async throws {
    let folder = TemporaryFolder().url
    for store in ["nodir/my.sqlite", "stray.sqlite"] {
      let path = folder.appendingPathComponent(store).path
      let result = try await runCLI(command + ["--store", path] + fixed)
      #expect(result.status == 1, "\(command) \(store)")
      #expect(
        result.error
          == "Error: there is no data file at \(path); check the path, or leave out --store to use your own data (nothing was created)\n"
      )
      #expect(try names(folder) == [], "\(command) \(store)")
    }
  }

  @Test func anImportIntoAFolderThatDoesNotExistNamesItAndCreatesNothing() async throws {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("demo.json").path
    #expect(try await runCLI(["export", "--demo", "--output", archive] + fixed).status == 0)
    let store = folder.appendingPathComponent("nodir/my.sqlite").path
    let result = try await runCLI(["import", archive, "--store", store] + fixed)
    #expect(result.status == 1)
    #expect(
      result.error
        == "Error: there is no folder \(folder.path)/nodir for the data file \(store); check the path (nothing was created)\n"
    )
    let russian = try await runCLI(["import", archive, "--store", store, "--lang", "ru"] + fixed)
    #expect(
      russian.error
        == "Ошибка: папки \(folder.path)/nodir для файла данных \(store) нет; проверьте путь (ничего не создано)\n"
    )
    #expect(try names(folder) == ["demo.json"])
  }

  @Test(arguments: [
    ["import", "backup.json"], ["done", "Run"], ["skip", "--all"], ["stats"], ["list"], ["export"],
    ["remind"],
    ["show", "trackers"], ["run", "script.txt"],
  ])
  func anEmptyStorePathIsAUsageErrorForEveryCommand(_ command: [String]) async throws {
    // A cron line with `--store "$DB"` and DB unset: SQLite would open "" as a private temporary
    // database and an import would be kept nowhere.
    for arguments in [["--store", ""], ["--store="]] {
      let result = try await runCLI(command + arguments + fixed)
      #expect(result.status == 64, "\(command)")
      #expect(result.error.hasPrefix("Error: The value of '--store' is empty: give the path of a file\n"))
      #expect(result.output == "")
    }
    let russian = try await runCLI(command + ["--store", "", "--lang", "ru"] + fixed)
    #expect(russian.error.hasPrefix("Ошибка: Значение «--store» пустое: укажите путь к файлу\n"))
  }

  @Test func anEmptyOutputPathIsAUsageError() async throws {
    let result = try await runCLI(["export", "--demo", "--output", ""] + fixed)
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: The value of '--output' is empty: give the path of a file\n"))
  }

  @Test func aDayOffOnADoneDayAsksFirstAndANoOrNoAnswerChangesNothing() async throws {
    let store = try await DaysOffCLITests().demoStore()
    #expect(try await runCLI(["done", "Water the plants", "--store", store] + fixed).status == 0)
    let question = """
      Water the plants: the record on 30 Nov 2026 would be removed (a day is done or off, never both).
      Take the day off anyway? [y/N]\u{20}
      """
    // A script that cannot answer (standard input ends), and a person who says no or nothing: the
    // question's line is ended either way (an answer from a pipe is not echoed).
    for (input, ending) in [(nil, "\n"), ("n\n", "\n"), ("\n", "\n"), ("nope\n", "\n")] as [(String?, String)]
    {
      let refused = try await runCLI(["skip", "Water the plants", "--store", store] + fixed, input: input)
      #expect(refused.status == 1)
      #expect(refused.output == "")
      #expect(
        refused.error == question + ending
          + "Error: nothing changed: a day off on a done day removes its record; answer y to the question, or give --yes\n"
      )
      let list = try await runCLI(["list", "--json", "--store", store] + fixed).output
      let water = list.split(separator: "\n").first { $0.contains("\"name\": \"Water the plants\"") } ?? ""
      #expect(water.contains("\"done\": true, \"dayOff\": false"), "\(water)")
    }
    // In Russian, over a range: each record is named; "да" takes the days off.
    let range = [
      "skip", "Morning exercise", "--from", "2026-11-24", "--to", "2026-11-27", "--store", store, "--lang",
      "ru",
    ]
    let yes = try await runCLI(range + fixed, input: " Да \n")
    #expect(yes.status == 0, "\(yes.error)")
    #expect(
      yes.error == """
        Morning exercise: будет удалено 2 записи, за 25 нояб. 2026, 27 нояб. 2026 (день либо отмечен, либо выходной).
        Всё равно сделать выходными? [д/Н]\u{20}

        """)
    #expect(yes.output.hasPrefix("Morning exercise: 2 выходных, 24 нояб. 2026 – 27 нояб. 2026.\n"))
    // "y" answers in English; with nothing done on the days there is nothing to ask.
    #expect(
      try await runCLI(["skip", "Water the plants", "--store", store] + fixed, input: "y\n").status == 0)
    let quiet = try await runCLI(["skip", "Run", "--date", "2026-12-01", "--store", store] + fixed)
    #expect(quiet.status == 0 && quiet.error == "")
    // A long range names its first records and its last, not a screenful of dates.
    let month = try await runCLI(
      ["skip", "Water the plants", "--from", "2026-11-01", "--to", "2026-11-29", "--store", store] + fixed)
    #expect(month.status == 1)
    #expect(
      month.error.hasPrefix(
        "Water the plants: 10 records would be removed, on 20 Nov 2026, 21 Nov 2026, 22 Nov 2026, …, 29 Nov 2026 ("
      ),
      "\(month.error)")
  }

  @Test func aDayOffOnADoneDayNamesTheRecordItRemovedInBothLanguages() async throws {
    let store = try await DaysOffCLITests().demoStore()
    #expect(try await runCLI(["done", "Water the plants", "--store", store] + fixed).status == 0)
    let one = try await runCLI(["skip", "Water the plants", "--yes", "--store", store] + fixed)
    #expect(
      one.output == """
        Water the plants: 1 day off, 30 Nov 2026.
        Water the plants: the record on 30 Nov 2026 was removed (a day is done or off, never both).

        """)
    // The demo's exercise is done on 2026-11-25 and 2026-11-27 (Wed, Fri).
    let range = try await runCLI(
      [
        "skip", "Morning exercise", "--from", "2026-11-24", "--to", "2026-11-27", "--yes", "--store", store,
        "--lang", "ru",
      ]
        + fixed)
    #expect(
      range.output == """
        Morning exercise: 2 выходных, 24 нояб. 2026 – 27 нояб. 2026.
        Morning exercise: удалено 2 записи, за 25 нояб. 2026, 27 нояб. 2026 (день либо отмечен, либо выходной).

        """)
    // A day off where nothing was done says only the day off.
    let plain = try await runCLI(
      ["skip", "Water the plants", "--date", "2026-12-01", "--store", store] + fixed)
    #expect(plain.output == "Water the plants: 1 day off, 1 Dec 2026.\n")
  }

  @Test func aRangeOfDaysOffForEveryTrackerIsOneTransactionEvenWhenTheFileSizeLimitCutsItShort() async throws
  {
    let folder = TemporaryFolder().url
    // 60 every-day trackers, each done on every day of 2026: a year off replaces 60 × 334 records.
    let category = "C0000000-0000-4000-8000-000000000001"
    var trackers: [String] = []
    var records: [String] = []
    let january = Calendar(identifier: .gregorian).date(
      from: DateComponents(timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 1, day: 1))!
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let days = (0..<334).map { formatter.string(from: january.addingTimeInterval(Double($0) * 86_400)) }
    for number in 1...60 {
      let id = String(format: "A0000000-0000-4000-8000-%012d", number)
      trackers.append(
        """
        {"id": "\(id)", "name": "Habit \(number)", "emoji": "🙂", "color": "#FD4C49", "category": "\(category)", \
        "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": false, "created": "2026-01-01"}
        """)
      records += days.map { "{\"tracker\": \"\(id)\", \"date\": \"\($0)\"}" }
    }
    let archive = """
      {"format": "tracker", "version": 2, "categories": [{"id": "\(category)", "title": "All"}],
      "trackers": [\(trackers.joined(separator: ",\n"))], "daysOff": [], "records": [\(records.joined(separator: ",\n"))]}
      """
    let archiveFile = folder.appendingPathComponent("year.json")
    try Data(archive.utf8).write(to: archiveFile)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["import", archiveFile.path, "--store", store] + fixed).status == 0)
    func count(_ store: String) async throws -> Int {
      let stats = try await runCLI(["stats", "--json", "--store", store] + fixed)
      let line = stats.output.split(separator: "\n").first { $0.contains("\"completed\"") } ?? ""
      return Int(line.filter(\.isNumber)) ?? -1
    }
    #expect(try await count(store) == 60 * 334)
    // Limits from 4 KiB to 500 KiB past the store (the log of this change is about as large as the
    // store itself, so the sweep starts just past it): one command's single transaction either fits
    // whole or is refused whole, however far the log got; one transaction per tracker would leave
    // some trackers off and others not.
    let size = try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int ?? 0
    let binary = Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path
    var refusals = 0
    for extra in stride(from: 8, through: 1000, by: 124) {
      let copy = folder.appendingPathComponent("copy-\(extra).sqlite").path
      try FileManager.default.copyItem(atPath: store, toPath: copy)
      let arguments =
        [binary, "skip", "--all", "--from", "2026-01-01", "--to", "2026-11-30", "--yes", "--store", copy]
        + fixed
      let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
      let limit = size / 512 + extra
      let limited = try await runProgramAside(
        URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f \(limit); exec \(quoted)"])
      let completed = try await count(copy)
      if limited.status == 0 {
        #expect(completed == 0, "limit \(limit): \(limited.output)")
      } else {
        refusals += 1
        #expect(limited.status == 1)
        #expect(limited.error.contains("nothing was saved"), "\(limited.error)")
        #expect(limited.output == "")
        // Nothing of it was applied: every record is still there, and no tracker is off.
        #expect(completed == 60 * 334, "limit \(limit)")
        let list = try await runCLI(["list", "--date", "2026-06-01", "--json", "--store", copy] + fixed)
        #expect(!list.output.contains("\"dayOff\": true"))
      }
    }
    #expect(refusals > 0, "no limit was low enough to cut the command short")
  }
}

/// Every export restores, and a backup imported again adds nothing (issue 29, items 1 and 2).
@Suite("Backups restore, and restore again", .temporaryFolders)
struct BackupRestoreCLITests {
  static let archive = """
    {"format": "tracker", "version": 2, "categories": [{"id": "C0000000-0000-4000-8000-000000000001", "title": "Books"}],
    "trackers": [{"id": "A0000000-0000-4000-8000-000000000001", "name": "Read books", "emoji": "🙂", "color": "#FD4C49",
    "category": "C0000000-0000-4000-8000-000000000001", "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
    "pinned": false, "created": "2026-11-20"}], "daysOff": [], "records": []}
    """

  /// A data file in `folder` holding `archive`.
  func seededStore(in folder: URL) async throws -> String {
    let seed = folder.appendingPathComponent("seed.json")
    try Data(Self.archive.utf8).write(to: seed)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["import", seed.path, "--store", store] + fixed).status == 0)
    return store
  }

  @Test func aDayOffLeftBeforeTheFirstDayByATakenBackRecordExportsAndImportsByteForByte() async throws {
    let folder = TemporaryFolder().url
    let store = try await seededStore(in: folder)
    // A record before the first day moves it back; a day off after it; the record taken back.
    for command in [
      ["done", "Read books", "--date", "2026-11-17"], ["skip", "Read books", "--date", "2026-11-19"],
      ["undone", "Read books", "--date", "2026-11-17"],
    ] {
      let result = try await runCLI(command + ["--store", store] + fixed)
      #expect(result.status == 0, "\(command): \(result.error)")
    }
    let backup = folder.appendingPathComponent("backup.json").path
    #expect(try await runCLI(["export", "--store", store, "--output", backup] + fixed).status == 0)
    let restored = folder.appendingPathComponent("restored.sqlite").path
    let imported = try await runCLI(["import", backup, "--store", restored] + fixed)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output == "Imported 1 category, 1 tracker and 1 day off.\n")
    let again = try await runCLI(["export", "--store", restored] + fixed)
    #expect(again.output == (try String(contentsOfFile: backup, encoding: .utf8)))
  }

  @Test(arguments: ["en", "ru"])
  func importingYourOwnBackupAgainSaysNothingNewAndExitsZero(language: String) async throws {
    let folder = TemporaryFolder().url
    let store = try await seededStore(in: folder)
    #expect(
      try await runCLI(["done", "Read books", "--date", "2026-11-28", "--store", store] + fixed).status == 0)
    #expect(
      try await runCLI(["skip", "Read books", "--date", "2026-11-29", "--store", store] + fixed).status == 0)
    let backup = folder.appendingPathComponent("backup.json").path
    #expect(try await runCLI(["export", "--store", store, "--output", backup] + fixed).status == 0)
    let again = try await runCLI(["import", backup, "--store", store, "--lang", language] + fixed)
    #expect(again.status == 0, "\(again.error)")
    #expect(again.error == "")
    #expect(
      again.output
        == (language == "ru"
          ? "Ничего нового: всё из этого файла уже есть в файле с данными (1 трекер, 1 запись и 1 выходной).\n"
          : "Nothing new: everything in this file is already in the data file (1 tracker, 1 record and 1 day off).\n")
    )
    // A backup of the store before a record was taken back brings that record, and says what was there.
    #expect(
      try await runCLI(["undone", "Read books", "--date", "2026-11-28", "--store", store] + fixed).status == 0
    )
    let older = try await runCLI(["import", backup, "--store", store] + fixed)
    #expect(
      older.output == """
        Imported 1 record.
        Already in the data file, left as they were: 1 tracker and 1 day off.

        """)
  }

  /// A backup whose settings differ from the store's: "Nothing new" is about the data, and each
  /// setting the file restored is named with what it was, so no change goes unsaid.
  @Test(arguments: ["en", "ru"])
  func anOlderBackupSaysNothingNewAndNamesEachSettingItRestored(language: String) async throws {
    let folder = TemporaryFolder().url
    let store = try await seededStore(in: folder)
    let settingsOnly = { (reminder: String, dayStart: String) in
      #"{"format": "tracker", "version": 2, "reminder": \#(reminder), "dayStart": "\#(dayStart)", "#
        + #""categories": [], "trackers": [], "daysOff": [], "records": []}"#
    }
    let newer = folder.appendingPathComponent("newer.json")
    try Data(settingsOnly(#"{"on": true, "time": "07:30"}"#, "03:00").utf8).write(to: newer)
    let older = folder.appendingPathComponent("older.json")
    try Data(settingsOnly(#"{"on": false, "time": "20:00"}"#, "00:00").utf8).write(to: older)
    let english = [
      """
      Nothing new: this file holds no tracker, record or day off to add.
      Restored from the file: the day starts at 03:00 (it was 00:00).
      Restored from the file: the daily reminder on at 07:30 (it was off).

      """,
      """
      Nothing new: this file holds no tracker, record or day off to add.
      Restored from the file: the day starts at 00:00 (it was 03:00).
      Restored from the file: the daily reminder off (it was on at 07:30).

      """,
    ]
    let russian = [
      """
      Ничего нового: в этом файле нет ни трекеров, ни отметок, ни выходных, которые можно добавить.
      Восстановлено из файла: день начинается в 03:00 (было 00:00).
      Восстановлено из файла: ежедневное напоминание включено, в 07:30 (было выключено).

      """,
      """
      Ничего нового: в этом файле нет ни трекеров, ни отметок, ни выходных, которые можно добавить.
      Восстановлено из файла: день начинается в 00:00 (было 03:00).
      Восстановлено из файла: ежедневное напоминание выключено (было включено, в 07:30).

      """,
    ]
    for (file, expected) in zip([newer, older], language == "ru" ? russian : english) {
      let result = try await runCLI(["import", file.path, "--store", store, "--lang", language] + fixed)
      #expect(result.status == 0 && result.error == "", "\(result.error)")
      #expect(result.output == expected)
    }
    // An off reminder at another time is not a change a user sees: no line for it.
    let otherTime = folder.appendingPathComponent("other-time.json")
    try Data(settingsOnly(#"{"on": false, "time": "09:00"}"#, "00:00").utf8).write(to: otherTime)
    let quiet = try await runCLI(["import", otherTime.path, "--store", store, "--lang", language] + fixed)
    #expect(quiet.output == (language == "ru" ? russian : english)[1].components(separatedBy: "\n")[0] + "\n")
    // The same file again changes nothing, and says only that.
    let again = try await runCLI(["import", older.path, "--store", store, "--lang", language] + fixed)
    #expect(again.output == (language == "ru" ? russian : english)[1].components(separatedBy: "\n")[0] + "\n")
  }
}

/// A name kept from before the typed rule (imported, synced) with an invisible character in it is
/// found by the name the user sees, when no other name looks the same.
@Suite("A kept look-alike name")
struct LookAlikeNameTests {
  static func summary(_ name: String, _ number: Int) -> TrackerSummary {
    TrackerSummary(
      tracker: Tracker(
        id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)")!, name: name, emoji: "🙂",
        color: TrackerColor.palette[0], categoryID: UUID(uuidString: "00000000-0000-4000-8000-000000000009")!,
        createdOn: Day(daysSinceEpoch: 20_000), kind: .event),
      recordCount: 0, earliestRecord: nil)
  }

  @Test func aKeptNameWithAnInvisibleCharacterIsFoundByTheNameItShows() throws {
    let kept = Self.summary("Ru\u{200B}n", 1)
    let found = try StoreOpening.tracker(named: "run", in: [kept, Self.summary("Read", 2)]).get()
    #expect(found.tracker.name == "Ru\u{200B}n")
    // The exact name wins over a look-alike; two look-alikes are no answer.
    let exact = Self.summary("Run", 3)
    #expect(try StoreOpening.tracker(named: "Run", in: [kept, exact]).get().tracker.id == exact.tracker.id)
    let other = Self.summary("R\u{00AD}un", 4)
    #expect(throws: (any Error).self) { try StoreOpening.tracker(named: "Run", in: [kept, other]).get() }
  }
}
