import Foundation
import TestSupport
import Testing

/// The words of the command line (issue 30, item 9): a date in a message is the language's long
/// date and every date option reads it back, Russian texts quote with «», placeholders speak the
/// language, and no summary says a count of zero.
@Suite("Words of the command line", .temporaryFolders)
struct CommandLineWordsTests {
  /// The same day as each date option may be given it.
  static let forms: [[String]] = [
    ["2026-11-29"], ["29 Nov 2026"], ["29 нояб. 2026"], ["29", "Nov", "2026"], ["29 NOV 2026"],
  ]

  @Test(arguments: ["en", "ru"], forms)
  func everyDateOptionReadsISOAndTheLongDateOfEitherLanguage(language: String, form: [String]) async throws {
    let long = language == "ru" ? "29 нояб. 2026" : "29 Nov 2026"
    let title = language == "ru" ? "Трекеры" : "Trackers"
    let today = try await runCLI(
      ["list", "--demo", "--lang", language, "--time-zone", "Europe/Moscow", "--today"] + form)
    #expect(today.status == 0, "\(today.error)")
    #expect(today.output.hasPrefix("\(title) · \(long)\n"), "\(today.output)")
    let date = try await runCLI(["list", "--demo", "--lang", language] + fixed + ["--date"] + form)
    #expect(date.output.hasPrefix("\(title) · \(long)\n"), "\(date.error)")
    let range = try await runCLI(
      ["skip", "--all", "--yes", "--demo", "--lang", language] + fixed + ["--from"] + form + ["--to"] + form)
    #expect(range.status == 0, "\(range.error)")
    #expect(range.output.contains(", \(long).\n"), "\(range.output)")
  }

  @Test(arguments: ["en", "ru"])
  func aDatePastedFromAMessageWorksInACommand(language: String) async throws {
    let store = TemporaryFolder().path("t.sqlite")
    let imported = try await runCLI(["import", "-", "--store", store] + fixed, input: Self.archive)
    #expect(imported.status == 0, "\(imported.error)")
    let done = try await runCLI(
      ["done", "Run", "--date", "2026-11-27", "--store", store, "--lang", language] + fixed)
    #expect(
      done.output == (language == "ru" ? "Run: отмечено за 27 нояб. 2026.\n" : "Run: done on 27 Nov 2026.\n"))
    // The date as the message wrote it, copied as a mouse would.
    let pasted = try #require(done.output.firstMatch(of: /\d{1,2} \S+ \d{4}/)).output
    let undone = try await runCLI(
      ["undone", "Run", "--date", String(pasted), "--store", store, "--lang", language] + fixed)
    #expect(undone.status == 0, "\(undone.error)")
    #expect(undone.output.contains(String(pasted)), "\(undone.output)")
  }

  @Test(arguments: ["en", "ru"], ["--today", "--date", "--from", "--to"])
  func aWrongDateNamesTheOptionAndTheFormsItReads(language: String, option: String) async throws {
    let other = option == "--from" ? "--to" : "--from"
    let extra = ["--from", "--to"].contains(option) ? [other, "2026-11-30"] : []
    for wrong in ["31 Feb 2026", "29 November 2026", "2026-11-31"] {
      let result = try await runCLI(["skip", "Run", "--demo", "--lang", language, option, wrong] + extra)
      #expect(result.status == 64)
      let expected =
        language == "ru"
        ? "Ошибка: Значение «\(wrong)» не подходит для «\(option)»: ожидается существующая дата в виде 2026-12-01 или 1 дек. 2026 (или 1 Dec 2026)\n"
        : "Error: The value '\(wrong)' is invalid for '\(option)': expected an existing date, written as 2026-12-01 or 1 Dec 2026 (or 1 дек. 2026)\n"
      #expect(result.error.hasPrefix(expected), "\(result.error)")
    }
  }

  @Test func listNamesItsDayAsTheMessagesDo() async throws {
    #expect(
      try await runCLI(["list", "--demo", "--lang", "en"] + fixed).output.hasPrefix(
        "Trackers · 30 Nov 2026\n"))
    #expect(
      try await runCLI(["list", "--demo", "--lang", "ru"] + fixed).output.hasPrefix(
        "Трекеры · 30 нояб. 2026\n"))
  }

  @Test func anImportProblemNamesItsDaysAsTheMessagesDo() async throws {
    let archive = Self.archive.replacingOccurrences(of: "2026-11-28", with: "2026-12-31")
    let store = TemporaryFolder().path("t.sqlite")
    let russian = try await runCLI(["import", "-", "--store", store, "--lang", "ru"] + fixed, input: archive)
    #expect(russian.status == 1)
    #expect(
      russian.error.contains("records[0].date: 31 дек. 2026 позже сегодняшнего дня (30 нояб. 2026)"),
      "\(russian.error)")
  }

  @Test(arguments: ["skip", "unskip"])
  func skipWithoutANameSaysThatAllExists(command: String) async throws {
    let english = try await runCLI([command, "--demo", "--lang", "en"] + fixed)
    #expect(english.status == 64)
    #expect(
      english.error.hasPrefix("Error: Missing <name>: the tracker's name, or --all for every tracker\n"))
    let russian = try await runCLI([command, "--demo", "--lang", "ru"] + fixed)
    #expect(
      russian.error
        == """
        Ошибка: Не указан аргумент <название>: название трекера или --all для всех трекеров
        Использование: tracker-preview \(command) <название>|--all [параметры]
          Подробнее: «tracker-preview help \(command)».

        """)
  }

  @Test func russianHelpSpeaksRussianPlaceholdersAndQuotesWithGuillemets() async throws {
    var texts = [try await runCLI(["--help", "--lang", "ru"]).output]
    for command in [
      "tour", "show", "run", "app", "list", "remind", "done", "undone", "skip", "unskip", "stats", "export",
      "import", "help",
    ] {
      texts.append(try await runCLI(["help", command, "--lang", "ru"]).output)
    }
    #expect(texts[0].contains("\nИСПОЛЬЗОВАНИЕ: tracker-preview [параметры] <команда>\n"))
    #expect(texts[0].contains("  --today <ГГГГ-ММ-ДД>    "))
    #expect(texts[0].contains("  --store <путь>          "))
    #expect(texts[0].contains("Подробнее о команде: «tracker-preview help <команда>»."))
    #expect(texts[0].contains("Дата пишется как 2026-12-01 или так, как её пишут сообщения: 1 дек. 2026"))
    for text in texts {
      #expect(
        !text.contains("[options]") && !text.contains("<command>") && !text.contains("<name>"), "\(text)")
      // Quotes in the prose are «»; "…" stays only as the script language's own syntax.
      #expect(!text.contains("'"), "\(text)")
    }
    let skip = try await runCLI(["help", "skip", "--lang", "ru"]).output
    #expect(skip.contains("ИСПОЛЬЗОВАНИЕ: tracker-preview skip <название>|--all [параметры]\n"))
    let run = try await runCLI(["help", "run", "--lang", "ru"]).output
    #expect(run.contains("  <сценарий|->            Файл сценария"))
    #expect(run.contains("«show <экран> --elements»"))
  }

  @Test(arguments: ["en", "ru"])
  func russianErrorsQuoteWithGuillemetsAndEnglishKeepsItsQuotes(language: String) async throws {
    let result = try await runCLI(["list", "--lang", language, "--color", "sometimes"])
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(
        language == "ru"
          ? "Ошибка: Значение «sometimes» не подходит для «--color»: ожидается одно из «auto», «always», «never»\n"
          : "Error: The value 'sometimes' is invalid for '--color': expected one of 'auto', 'always', 'never'\n"
      ))
  }

  @Test(arguments: ["en", "ru"])
  func aCommandsHelpSaysWhatEachOptionDoesWithoutRepeatingWhichCommands(language: String) async throws {
    let done = try await runCLI(["help", "done", "--lang", language]).output
    #expect(
      done.contains(
        language == "ru"
          ? "  --date <ГГГГ-ММ-ДД>     День, который показать, отметить или описать (по умолчанию сегодня).\n"
          : "  --date <YYYY-MM-DD>     The day to look at, mark or write about (default: today).\n"),
      "\(done)")
    let help = try await runCLI(["--help", "--lang", language]).output
    // The whole help keeps the list: there it says which commands an option is for.
    #expect(
      help.contains(
        language == "ru"
          ? "list, done, undone, note, skip, unskip: день" : "list, done, undone, note, skip, unskip: the day"
      ))
    // An option whose text has a part for each command shows each command its own part.
    if language == "en" {
      let stats = try await runCLI(["help", "stats"]).output
      #expect(
        stats.contains("  --category <title>      The figures of this category's trackers alone.\n"),
        "\(stats)")
      let add = try await runCLI(["help", "add"]).output
      #expect(add.contains("The tracker's color by its place in the form, 1 to 18 (default 1).\n"), "\(add)")
      let show = try await runCLI(["help", "show"]).output
      #expect(
        show.contains(
          "Colors on a terminal (default: auto, off with NO_COLOR, TERM=dumb or when not a terminal).\n"))
    }
    // A name too wide for the column has its text on the next line, in the column.
    #expect(help.contains("\n  --color <auto|always|never|1-18>\n                          "), "\(help)")
  }

  /// A tracker archive of one daily habit "Run" created on 2026-11-01, with one record.
  static let archive = """
    {"format": "tracker", "version": 1, "categories": [{"id": "00000000-0000-4000-8000-000000000010", "title": "Sport"}],
    "trackers": [{"id": "00000000-0000-4000-8000-000000000020", "name": "Run", "emoji": "🙂", "color": "#FD4C49",
    "category": "00000000-0000-4000-8000-000000000010", "schedule": null, "pinned": false, "created": "2026-11-01"}],
    "records": [{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-11-28"}]}
    """
}
