import Foundation
import TestSupport
import Testing

/// The fixtures of Tools/fixtures/make-import-fixtures.py.
private let fixtures = repository.appendingPathComponent("Tests/StoreTests/Fixtures/Imports")

private func fixture(_ name: String) async -> String { fixtures.appendingPathComponent(name).path }

@Suite("import of a Loop Habit Tracker backup or a HabitBull CSV", .temporaryFolders)
struct ImportFromOtherTrackersTests {
  @Test func aLoopBackupImportsWithASummaryAndASecondImportAddsNothing() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let backup = await fixture("loop-v12.db")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
    let first = try await runCLI(["import", backup, "--store", store, "--lang", "en"] + fixed)
    #expect(first.status == 0 && first.error == "", "\(first.error)")
    #expect(
      first.output == """
        Imported from a Loop Habit Tracker backup (version 12): 2 categories, 7 trackers and 13 records.
        Carried over:
          habits of X times in Y days, met by Loop's own windows: 2 trackers
          reminders, at their time and on their days, while the habit is not done: 1 tracker
        Adapted:
          names cut to 38 characters: 1 tracker
          names already taken, numbered " 2", " 3"…: 1 tracker
        Left out (the app has no place for them):
          check-marks before 1900, more than two days after today, or skips on a day the tracker is not shown (off its schedule or before its first day): 2 check-marks

        """)
    let exported = try await runCLI(["export", "--store", store] + fixed)
    let again = try await runCLI(["import", backup, "--store", store, "--lang", "en"] + fixed)
    #expect(again.status == 0 && again.error == "")
    #expect(
      again.output == """
        Nothing new: everything in this file is already in the data file (7 trackers and 13 records).
        Left out (the app has no place for them):
          check-marks before 1900, more than two days after today, or skips on a day the tracker is not shown (off its schedule or before its first day): 2 check-marks

        """)
    #expect(try await runCLI(["export", "--store", store] + fixed).output == exported.output)
    // The backup is only read: the same bytes, and nothing beside it.
    #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == bytes)
    for suffix in ["-wal", "-shm", "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: backup + suffix))
    }
    // Restoring a history is not a first launch: the app opens on the trackers, not the onboarding.
    let opened = try await runCLI(["run", "-", "--store", store] + fixed, input: "expect screen trackers\n")
    #expect(opened.status == 0, "\(opened.output)\(opened.error)")
  }

  @Test func theSummaryAndTheCategoriesSpeakRussian() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let result = try await runCLI(
      ["import", fixture("loop-v22.db"), "--store", store, "--lang", "ru"] + fixed)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output == """
        Импортировано из резервной копии Loop Habit Tracker (версия 22): 2 категории, 5 трекеров, 11 записей и 2 выходных.
        Перенесено:
          измеряемые трекеры с единицей, целью и условием «не меньше» или «не больше»: 3 трекера, в них 8 значений
          цели на неделю (с понедельника по воскресенье) или на месяц, выполненные по сумме за период: 1 трекер
          напоминания — в их время и в их дни, пока привычка не выполнена: 1 трекер
        Перенесено иначе:
          привычки «не больше»: прошедший день без записи считается нулём, то есть в пределах цели (Loop такой день не оценивает): 1 трекер
          названия уже заняты, добавлен номер « 2», « 3»…: 1 трекер
          пропуски Loop — теперь выходные: Loop засчитывает пропущенный день в серию, здесь выходной серию не продлевает и не прерывает: 2 выходных

        """)
    let list = try await runCLI(["list", "--store", store, "--lang", "ru"] + fixed)
    // The habit Loop archived is archived here too: in "Из Loop · архив", off the main screen.
    #expect(list.output.contains("Из Loop\n") && !list.output.contains("Из Loop · архив\n"))
    #expect(!list.output.contains("Journal 2"))
    let archive = try await runCLI(["archive", "--store", store, "--lang", "ru"] + fixed)
    #expect(archive.output == "В архиве: Journal 2.\n", "\(archive.output)")
    let notes = try await runCLI(
      ["import", fixture("loop-v25.db"), "--store", store, "--lang", "ru"] + fixed)
    #expect(
      notes.output == """
        Импортировано из резервной копии Loop Habit Tracker (версия 25): 3 трекера, 8 записей, 2 выходных и 2 заметки.
        Перенесено:
          привычки «X раз за Y дней», выполненные по окнам, как считает Loop: 1 трекер
          напоминания — в их время и в их дни, пока привычка не выполнена: 1 трекер
        Перенесено иначе:
          пропуски Loop — теперь выходные: Loop засчитывает пропущенный день в серию, здесь выходной серию не продлевает и не прерывает: 2 выходных
        Не перенесено (этому в приложении нет места):
          описания и вопросы: 1 трекер

        """)
    // Its skips came in as days off and its notes as notes, so the same backup again brings
    // nothing, days off and notes included.
    let again = try await runCLI(
      ["import", fixture("loop-v25.db"), "--store", store, "--lang", "ru"] + fixed)
    #expect(
      again.output == """
        Ничего нового: всё из этого файла уже есть в файле с данными (3 трекера, 8 записей, 2 выходных и 2 заметки).
        Не перенесено (этому в приложении нет места):
          описания и вопросы: 1 трекер

        """)
  }

  @Test(arguments: ["en", "ru"])
  func aHabitBullCSVImportsFromAFileOrStandardInput(language: String) async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let result = try await runCLI(
      ["import", fixture("habitbull-iso.csv"), "--store", store, "--lang", language] + fixed)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == (language == "ru"
          ? """
          Импортировано из CSV HabitBull: 3 категории, 4 трекера, 5 записей и 2 заметки.
          Перенесено:
            измеряемые трекеры с единицей, целью и условием «не меньше» или «не больше»: 1 трекер, в них 2 значения
          Перенесено иначе:
            измеряемые трекеры без единицы — теперь в единицах «раз»: 1 трекер
            количества кроме 0 и 1 (у HabitBull нет цели) — теперь измеряемые трекеры с целью «не меньше самого частого количества в день»: 1 трекер
          Не перенесено (этому в приложении нет места):
            отметки до 1900 года, позже чем через два дня после сегодня или выходные в день, когда трекер не показывается (не по расписанию или до его первого дня): 1 отметка

          """
          : """
          Imported from a HabitBull CSV: 3 categories, 4 trackers, 5 records and 2 notes.
          Carried over:
            measurable trackers with their unit, target and "at least" or "at most": 1 tracker, with 2 amounts
          Adapted:
            measurable trackers without a unit, now in "times": 1 tracker
            amounts other than 0 and 1 (HabitBull keeps no target), now measurable trackers of at least their most common amount a day: 1 tracker
          Left out (the app has no place for them):
            check-marks before 1900, more than two days after today, or skips on a day the tracker is not shown (off its schedule or before its first day): 1 check-mark

          """))
    let csv = try await String(contentsOfFile: fixture("habitbull-us.csv"), encoding: .utf8)
    let piped = try await runCLI(["import", "-", "--store", store, "--lang", language] + fixed, input: csv)
    #expect(piped.status == 0, "\(piped.error)")
    #expect(
      piped.output
        == (language == "ru"
          ? """
          Импортировано из CSV HabitBull: 1 категория, 1 трекер и 2 записи.
          Уже были в файле с данными и остались как были: 1 трекер и 2 записи.

          """
          : """
          Imported from a HabitBull CSV: 1 category, 1 tracker and 2 records.
          Already in the data file, left as they were: 1 tracker and 2 records.

          """))
    let stats = try await runCLI(["stats", "--json", "--store", store] + fixed)
    // Pages read 25 and 0.5, at least 0.5 (its most common amount, the smaller of equals): both met.
    #expect(stats.output.contains("\"completed\": 7,"))
  }

  @Test(arguments: ["en", "ru"])
  func filesThatCannotBeImportedAreRefusedAndChangeNothing(language: String) async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["import", fixture("loop-v25.db"), "--store", store] + fixed).status == 0)
    let before = try await runCLI(["export", "--store", store] + fixed).output
    let english = [
      "loop-v26.db": "$: a Loop Habit Tracker backup of version 26; this app reads versions 12 to 25\n",
      "other-program.db":
        "$: a SQLite database, but neither a Loop Habit Tracker backup (tables Habits and Repetitions) nor a Tracker export\n",
      "habitbull-bad.csv": """
      line 2: CalendarDate "31/12/2026" is not a date in the form yyyy-MM-dd or M/d/yyyy
      line 3: 4 fields; a HabitBull row has 6
      line 4: HabitName is empty; every row names its habit

      """,
      // Neither HabitBull's header nor an archive: the kinds import reads.
      "neither.csv":
        "$: not a file import reads: a Tracker backup (JSON), a Loop backup, or a HabitBull CSV whose first line is \(HabitBullHeader.text)\n",
    ]
    let russian = [
      "loop-v26.db": "$: резервная копия Loop Habit Tracker версии 26; приложение читает версии с 12 по 25\n",
      "other-program.db":
        "$: база данных SQLite, но не резервная копия Loop Habit Tracker (таблицы Habits и Repetitions) и не экспорт Трекера\n",
      "habitbull-bad.csv": """
      line 2: CalendarDate "31/12/2026" — не дата вида yyyy-MM-dd или M/d/yyyy
      line 3: полей: 4, а в строке HabitBull их 6
      line 4: HabitName пусто, а в каждой строке названа привычка

      """,
      "neither.csv":
        "$: такой файл импорт не читает; он читает резервную копию Tracker (JSON), резервную копию Loop или CSV из HabitBull с первой строкой \(HabitBullHeader.text)\n",
    ]
    for (name, problems) in language == "ru" ? russian : english {
      let path = await fixture(name)
      let result = try await runCLI(["import", path, "--store", store, "--lang", language] + fixed)
      #expect(result.status == 1 && result.output == "", "\(name)")
      let head =
        language == "ru"
        ? "Ошибка: \(path) не импортирован, ничего не изменилось:\n"
        : "Error: \(path) was not imported; nothing changed:\n"
      #expect(result.error == head + problems, "\(name)")
      #expect(try await runCLI(["export", "--store", store] + fixed).output == before, "\(name)")
      // Into a data file that does not exist yet: none is made.
      let missing = folder.appendingPathComponent("new-\(name).sqlite").path
      #expect(try await runCLI(["import", path, "--store", missing, "--lang", language] + fixed).status == 1)
      #expect(!FileManager.default.fileExists(atPath: missing), "\(name)")
    }
  }

  @Test(arguments: ["en", "ru"])
  func helpForImportNamesLoopAndHabitBull(language: String) async throws {
    let help = try await runCLI(["help", "import", "--lang", language])
    #expect(help.status == 0)
    #expect(help.output.contains("Loop Habit Tracker") && help.output.contains("HabitBull"))
    #expect(help.output.contains("--lang"))
  }
}

/// HabitBull's header line, as the refusal of a file of no known kind quotes it.
enum HabitBullHeader {
  static let text = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText"
}
