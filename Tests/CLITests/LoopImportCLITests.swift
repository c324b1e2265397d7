import CSQLite
import Foundation
import TestSupport
import Testing

private let fixtures = repository.appendingPathComponent("Tests/StoreTests/Fixtures/Imports")

/// Makes a Loop backup of version 25 at `path` with `sql` run after Loop's two tables.
private func makeBackup(_ path: String, _ sql: String) throws {
  var database: OpaquePointer?
  defer { sqlite3_close(database) }
  let schema = """
    PRAGMA user_version = 25;
    CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, uuid TEXT, freq_num INTEGER, freq_den INTEGER,
      position INTEGER, archived INTEGER);
    CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT);
    """
  guard sqlite3_open(path, &database) == SQLITE_OK,
    sqlite3_exec(database, schema + sql, nil, nil, nil) == SQLITE_OK
  else {
    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
  }
}

/// Milliseconds at UTC midnight of a day of November 2026, as Loop stores it.
private func november(_ day: Int) -> Int { (20_758 + day - 1) * 86_400_000 }

/// Every file of `folder` with its bytes.
private func snapshot(_ folder: URL) throws -> [String: Data] {
  var files: [String: Data] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
    files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
  }
  return files
}

@Suite("import from Loop and HabitBull says what really happened (issue 29)", .temporaryFolders)
struct LoopImportCLITests {
  @Test(arguments: ["en", "ru"])
  func numericalHabitsSkipsAndDescriptionsAreEachSaidForWhatTheyBecame(language: String) async throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let backup = fixtures.appendingPathComponent("loop-v24.db").path
    let result = try await runCLI(["import", backup, "--store", store, "--lang", language] + fixed)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == (language == "ru"
          ? """
          Импортировано из резервной копии Loop Habit Tracker (версия 24): 1 категория, 4 трекера, 9 записей и 4 выходных.
          Перенесено:
            измеряемые трекеры с единицей, целью и условием «не меньше» или «не больше»: 3 трекера, в них 8 значений
            цели на неделю (с понедельника по воскресенье) или на месяц, выполненные по сумме за период: 1 трекер
          Перенесено иначе:
            привычки «не больше»: прошедший день без записи считается нулём, то есть в пределах цели (Loop такой день не оценивает): 1 трекер
            пропуски Loop — теперь выходные: Loop засчитывает пропущенный день в серию, здесь выходной серию не продлевает и не прерывает: 4 выходных
          Не перенесено (этому в приложении нет места):
            описания и вопросы: 2 трекера

          """
          : """
          Imported from a Loop Habit Tracker backup (version 24): 1 category, 4 trackers, 9 records and 4 days off.
          Carried over:
            measurable trackers with their unit, target and "at least" or "at most": 3 trackers, with 8 amounts
            targets of a week (Monday to Sunday) or a month, met by the period's sum: 1 tracker
          Adapted:
            "at most" habits: a past day with nothing entered is 0, within the target (Loop leaves it unjudged): 1 tracker
            Loop's skips, now days off: Loop counts a skipped day in a streak, here a day off neither adds to a streak nor breaks it: 4 days off
          Left out (the app has no place for them):
            descriptions and questions: 2 trackers

          """))
  }

  @Test(arguments: ["en", "ru"])
  func aSecondImportSaysWhatItLeftOutEvenWhenNothingIsNew(language: String) async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let first = folder.appendingPathComponent("first.db").path
    let second = folder.appendingPathComponent("second.db").path
    let habit = "INSERT INTO Habits VALUES (1, 'Read', '8d9e0f1a2b3c4d4e9f5a6b7c8d9e0f1a', 1, 1, 0, 0);"
    try makeBackup(
      first, habit + "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(november(28)), 2);")
    // A later backup of the same habit with skips before the day the data file's tracker starts.
    try makeBackup(
      second,
      habit
        + "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(november(28)), 2), (1, \(november(20)), 3), (1, \(november(21)), 3);"
    )
    #expect(try await runCLI(["import", first, "--store", store] + fixed).status == 0)
    let again = try await runCLI(["import", second, "--store", store, "--lang", language] + fixed)
    #expect(again.status == 0, "\(again.error)")
    #expect(
      again.output
        == (language == "ru"
          ? """
          Ничего нового: всё из этого файла уже есть в файле с данными (1 трекер и 1 запись).
          Не перенесено (этому в приложении нет места):
            отметки до 1900 года, позже чем через два дня после сегодня или выходные в день, когда трекер не показывается (не по расписанию или до его первого дня): 2 отметки

          """
          : """
          Nothing new: everything in this file is already in the data file (1 tracker and 1 record).
          Left out (the app has no place for them):
            check-marks before 1900, more than two days after today, or skips on a day the tracker is not shown (off its schedule or before its first day): 2 check-marks

          """))
  }

  @Test(arguments: ["en", "ru"])
  func aCSVWhoseHeaderIsNearlyHabitBullsIsRefusedForWhatItIs(language: String) async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let cases = [
      (
        "lower.csv", "habitname,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n", "habitname",
        "HabitName"
      ),
      (
        "spaces.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText  \r\n",
        "CommentText  ", "CommentText"
      ),
    ]
    for (name, header, found, expected) in cases {
      let path = folder.appendingPathComponent(name).path
      try Data((header + "Running,,Sport,2026-11-28,1,\n").utf8).write(to: URL(fileURLWithPath: path))
      let result = try await runCLI(["import", path, "--store", store, "--lang", language] + fixed)
      #expect(result.status == 1, "\(name)")
      let problem =
        language == "ru"
        ? "line 1: файл CSV, но заголовок не как у HabitBull: \"\(found)\" там, где у HabitBull \"\(expected)\"\n"
        : "line 1: a CSV file, but its header is not HabitBull's: \"\(found)\" where HabitBull has \"\(expected)\"\n"
      #expect(result.error.hasSuffix(problem), "\(name): \(result.error)")
      #expect(!result.error.contains("JSON"), "\(name)")
    }
  }

  @Test(arguments: ["en", "ru"])
  func habitBullDuplicateRowsAreMergedAndAmountsMakeAMeasurableTracker(language: String) async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let path = folder.appendingPathComponent("habitbull.csv").path
    try Data(
      """
      HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
      Running,,Sport,2026-11-28,1,
      Running,,Sport,2026-11-28,1,
      Running,,Sport,11/28/2026,1,
      Pages,,,2026-11-29,12,
      Pages,,,2026-11-29,3,

      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let result = try await runCLI(["import", path, "--store", store, "--lang", language] + fixed)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == (language == "ru"
          ? """
          Импортировано из CSV HabitBull: 2 категории, 2 трекера и 2 записи.
          Перенесено:
            измеряемые трекеры с единицей, целью и условием «не меньше» или «не больше»: 1 трекер, в них 1 значение
          Перенесено иначе:
            измеряемые трекеры без единицы — теперь в единицах «раз»: 1 трекер
            количества кроме 0 и 1 (у HabitBull нет цели) — теперь измеряемые трекеры с целью «не меньше самого частого количества в день»: 1 трекер
            строки той же привычки за тот же день, слиты в одну: 3 строки

          """
          : """
          Imported from a HabitBull CSV: 2 categories, 2 trackers and 2 records.
          Carried over:
            measurable trackers with their unit, target and "at least" or "at most": 1 tracker, with 1 amount
          Adapted:
            measurable trackers without a unit, now in "times": 1 tracker
            amounts other than 0 and 1 (HabitBull keeps no target), now measurable trackers of at least their most common amount a day: 1 tracker
            rows of the same habit and day, merged into one: 3 rows

          """))
  }

  @Test func aBackupWithAWriteAheadLogBesideItImportsItsCommitsAndStaysByteForByte() async throws {
    let folder = TemporaryFolder().url
    let backups = folder.appendingPathComponent("backups")
    try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
    let path = backups.appendingPathComponent("Loop Habits Backup.db").path
    try makeBackup(
      path, "PRAGMA journal_mode = WAL; INSERT INTO Habits VALUES (1, 'Read', NULL, 1, 1, 0, 0);")
    var writer: OpaquePointer?
    #expect(sqlite3_open(path, &writer) == SQLITE_OK)
    let commits = """
      PRAGMA wal_autocheckpoint = 0;
      INSERT INTO Habits VALUES (2, 'Walk', NULL, 1, 1, 1, 0);
      INSERT INTO Repetitions (habit, timestamp, value) VALUES (2, \(november(29)), 2);
      """
    #expect(sqlite3_exec(writer, commits, nil, nil, nil) == SQLITE_OK)
    let copy = folder.appendingPathComponent("copy")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    let copied = copy.appendingPathComponent("Loop Habits Backup.db").path
    try FileManager.default.copyItem(atPath: path, toPath: copied)
    try FileManager.default.copyItem(atPath: path + "-wal", toPath: copied + "-wal")
    sqlite3_close(writer)
    let before = try snapshot(copy)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let result = try await runCLI(["import", copied, "--store", store, "--lang", "en"] + fixed)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.hasPrefix(
        "Imported from a Loop Habit Tracker backup (version 25): 1 category, 2 trackers and 1 record.\n"))
    #expect(try snapshot(copy) == before)
  }

  /// The issue's figures, end to end (issue 49): a Loop backup's "1 in 2 days" done every other
  /// day for 12 weeks is Loop's 84-day streak after `import`, and 8,000 steps a day against
  /// Loop's 50,000 a week meets every one of those days.
  @Test func aLoopWindowAndAWeeksTargetKeepLoopsNumbersAfterImport() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let path = folder.appendingPathComponent("pace.db").path
    var database: OpaquePointer?
    defer { sqlite3_close(database) }
    // 84 days ending on Sunday 29 November: the run every other day, the steps every day.
    let first = november(29) - 83 * 86_400_000
    let runs = stride(from: 0, to: 84, by: 2).map { "(1, \(first + $0 * 86_400_000), 2)" }
    let steps = (0..<84).map { "(2, \(first + $0 * 86_400_000), 8000000)" }
    let sql = """
      PRAGMA user_version = 25;
      CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, freq_num INTEGER, freq_den INTEGER, type INTEGER,
        target_type INTEGER, target_value REAL, unit TEXT);
      CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT);
      INSERT INTO Habits VALUES (1, 'Run', 1, 2, 0, 0, 0, ''), (2, 'Steps', 1, 7, 1, 0, 50000, 'steps');
      INSERT INTO Repetitions (habit, timestamp, value) VALUES \((runs + steps).joined(separator: ", "));
      """
    #expect(sqlite3_open(path, &database) == SQLITE_OK)
    #expect(sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK)
    let imported = try await runCLI(["import", path, "--store", store, "--lang", "en"] + fixed)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.contains("habits of X times in Y days, met by Loop's own windows: 1 tracker"))
    #expect(
      imported.output.contains(
        "targets of a week (Monday to Sunday) or a month, met by the period's sum: 1 tracker"))
    let sunday = ["--today", "2026-11-29", "--time-zone", "Europe/Moscow"]
    let stats = try await runCLI(["stats", "--json", "--store", store] + sunday)
    #expect(stats.status == 0, "\(stats.error)")
    #expect(
      stats.output.contains(#""name": "Run", "completed": 84, "currentStreak": 84, "bestStreak": 84"#),
      "\(stats.output)")
    #expect(
      stats.output.contains(#""name": "Steps", "completed": 84, "currentStreak": 84, "bestStreak": 84"#),
      "\(stats.output)")
  }

  @Test(arguments: ["en", "ru"])
  func everyWayAMeasureAQuotaOrANoteWasAdaptedIsSaidOnce(language: String) async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let path = folder.appendingPathComponent("measures.db").path
    var database: OpaquePointer?
    defer { sqlite3_close(database) }
    let long = String(repeating: "n", count: 600)
    let sql = """
      PRAGMA user_version = 25;
      CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, freq_num INTEGER, freq_den INTEGER, type INTEGER,
        target_type INTEGER, target_value REAL, unit TEXT);
      CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT);
      INSERT INTO Habits VALUES (1, 'Run', 1, 7, 1, 0, 70, 'km'), (2, 'Pages', 1, 7, 1, 0, 100, 'pages'),
        (3, 'Yoga', 3, 7, 0, 0, 0, ''), (4, 'Swim', 2, 10, 0, 0, 0, ''), (5, 'Sugar', 1, 1, 1, 1, 2, ''),
        (6, 'Water', 1, 1, 1, 0, 0, 'glasses of water');
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (1, \(november(28)), 12000, '\(long)'),
        (5, \(november(29)), 3, NULL), (4, \(november(29)), 2, 'short');
      """
    #expect(sqlite3_open(path, &database) == SQLITE_OK)
    #expect(sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK)
    let result = try await runCLI(["import", path, "--store", store, "--lang", language] + fixed)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == (language == "ru"
          ? """
          Импортировано из резервной копии Loop Habit Tracker (версия 25): 1 категория, 6 трекеров, 2 записи, 1 выходной и 2 заметки.
          Перенесено:
            измеряемые трекеры с единицей, целью и условием «не меньше» или «не больше»: 4 трекера, в них 1 значение
            привычки «X раз за Y дней», выполненные по окнам, как считает Loop: 2 трекера
            цели на неделю (с понедельника по воскресенье) или на месяц, выполненные по сумме за период: 2 трекера
          Перенесено иначе:
            привычки «не больше»: прошедший день без записи считается нулём, то есть в пределах цели (Loop такой день не оценивает): 1 трекер
            цели 0 и меньше или слишком большие — теперь ближайшие допустимые (0,001 или 999 999 999,999): 1 трекер
            измеряемые трекеры без единицы — теперь в единицах «раз»: 1 трекер
            единицы сокращены до 12 символов: 1 трекер
            заметки длиннее 500 символов сокращены: 1 заметка
            пропуски Loop — теперь выходные: Loop засчитывает пропущенный день в серию, здесь выходной серию не продлевает и не прерывает: 1 выходной

          """
          : """
          Imported from a Loop Habit Tracker backup (version 25): 1 category, 6 trackers, 2 records, 1 day off and 2 notes.
          Carried over:
            measurable trackers with their unit, target and "at least" or "at most": 4 trackers, with 1 amount
            habits of X times in Y days, met by Loop's own windows: 2 trackers
            targets of a week (Monday to Sunday) or a month, met by the period's sum: 2 trackers
          Adapted:
            "at most" habits: a past day with nothing entered is 0, within the target (Loop leaves it unjudged): 1 tracker
            targets of 0 or less, or too large, now the nearest allowed (0.001 or 999,999,999.999): 1 tracker
            measurable trackers without a unit, now in "times": 1 tracker
            units cut to 12 characters: 1 tracker
            notes longer than 500 characters, cut: 1 note
            Loop's skips, now days off: Loop counts a skipped day in a streak, here a day off neither adds to a streak nor breaks it: 1 day off

          """))
  }
}
