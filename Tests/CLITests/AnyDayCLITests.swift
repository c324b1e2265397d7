import Foundation
import TestSupport
import Testing

/// A day to run the command line on, with the time zone it is run in.
struct RunDay: CustomTestStringConvertible, Sendable {
  let date: String
  let timeZone: String

  init(_ date: String, _ timeZone: String = "Europe/Moscow") {
    self.date = date
    self.timeZone = timeZone
  }

  var arguments: [String] { ["--today", date, "--time-zone", timeZone] }
  var testDescription: String { "\(date) \(timeZone)" }

  /// Seven consecutive days (every weekday, across a month end), then the awkward ones: a year
  /// end, 29 February, and the daylight-saving days of New York and Europe.
  static let week: [RunDay] = (1...7).map { RunDay(String(format: "2026-12-%02d", $0)) }
  static let awkward: [RunDay] = [
    RunDay("2026-11-30"), RunDay("2026-12-31", "America/New_York"),
    RunDay("2027-01-01", "Pacific/Kiritimati"),
    RunDay("2028-02-29"), RunDay("2026-03-08", "America/New_York"), RunDay("2026-11-01", "America/New_York"),
    RunDay("2026-03-29", "Europe/Berlin"), RunDay("2026-10-25", "Europe/Berlin"),
  ]
  static let all = week + awkward
}

/// The README's commands and the examples on whatever day a newcomer runs them.
@Suite("tracker-preview on any day", .temporaryFolders)
struct AnyDayCLITests {
  static let tourSteps = 29

  @Test(arguments: RunDay.all)
  func theTourDrawsEveryStepOnAnyDay(day: RunDay) async throws {
    for (language, button) in [("en", "Let's go!"), ("ru", "Вот это технологии!")] {
      let result = try await runCLI(["--lang", language] + day.arguments)
      #expect(result.status == 0, "\(language) \(day.date): \(result.error)")
      #expect(result.error == "")
      #expect(result.output.contains(button))
      #expect(result.output.contains("\(Self.tourSteps)/\(Self.tourSteps) · "), "\(language) \(day.date)")
    }
  }

  /// The README's first command exactly as typed: no `--today`, the real clock and time zone.
  @Test func theReadmesFirstCommandRunsOnTheRealClock() async throws {
    for language in ["en_US.UTF-8", "ru_RU.UTF-8"] {
      let result = try await runCLI([], environment: ["LANG": language])
      #expect(result.status == 0, "\(language): \(result.error)")
      for step in 1...Self.tourSteps {
        #expect(result.output.contains("\(step)/\(Self.tourSteps) · "), "\(language): step \(step)")
      }
    }
  }

  /// Examples/scripts/vacation.sh: a week of days off for every habit keeps every streak, where
  /// the same week without them breaks some.
  @Test(arguments: RunDay.all)
  func theVacationExampleKeepsEveryStreakOnAnyDay(day: RunDay) async throws {
    let tool = Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path
    let result = try await runProgramAside(
      URL(fileURLWithPath: "/bin/sh"),
      [repository.appendingPathComponent("Examples/scripts/vacation.sh").path],
      environment: [
        "TRACKER_PREVIEW": tool, "TODAY": day.date, "TZ": day.timeZone, "PATH": "/usr/bin:/bin",
      ])
    #expect(result.status == 0, "\(day.date): \(result.error)")
    #expect(result.output.hasSuffix("Every streak kept; without the days off they would have broken.\n"))
    #expect(result.output.contains("Water the plants: 7 days off"))
  }

  @Test(arguments: RunDay.all)
  func everyExampleScriptPassesOnAnyDay(day: RunDay) async throws {
    let folder = repository.appendingPathComponent("Examples/scripts")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".txt")
    }
    #expect(names.count >= 7)
    for name in names.sorted() {
      let file = folder.appendingPathComponent(name)
      let text = try String(contentsOf: file, encoding: .utf8)
      let header = try #require(text.split(separator: "\n").first { $0.contains("tracker-preview run") })
      // An example says how it is run, and never pins the day.
      #expect(!header.contains("--today"), "\(name)")
      var arguments = header.split(separator: " ").map(String.init).drop { $0 != "run" }.dropFirst(2).map {
        $0
      }
      if let index = arguments.firstIndex(of: "--store") {
        arguments[index + 1] = TemporaryFolder().path("tracker.sqlite")
      }
      let result = try await runCLI(["run", file.path] + arguments + day.arguments)
      #expect(result.status == 0, "\(name) on \(day.date): \(result.error)")
    }
  }

  @Test func aScriptWritesDaysRelativeToToday() async throws {
    let script =
      "tap #card:Morning exercise\nexpect unchecked #day:{today-12}\ntap #day:{today-12}\nexpect checked #day:{today-12}\n"
    let result = try await runCLI(
      ["run", "-", "--demo", "--lang", "en"] + RunDay("2026-12-03").arguments, input: script)
    #expect(result.status == 0, "\(result.error)")
    let typo = try await runCLI(
      ["run", "-", "--demo", "--lang", "en"] + RunDay("2026-12-03").arguments, input: "tap #day:{today+x}\n")
    #expect(typo.status == 1)
    #expect(
      typo.error
        == "Error: (standard input):1: '{today+x}' is not a date: write {today}, {today+N} or {today-N}\n")
    let russian = try await runCLI(
      ["run", "-", "--demo", "--lang", "ru"] + RunDay("2026-12-03").arguments, input: "\ntap #day:{today\n")
    #expect(
      russian.error
        == "Ошибка: (стандартный ввод):2: «{today» — не дата: пишите {today}, {today+N} или {today-N}\n")
  }

  static let screens = [
    "onboarding", "trackers", "type-picker", "tracker-form", "categories", "category-form", "schedule",
    "filters", "calendar", "statistics", "detail", "settings", "permission", "time-picker",
  ]

  @Test(arguments: RunDay.all.indices)
  func everyScreenOfTheDemoShowsOnAnyDay(index: Int) async throws {
    // Both languages over the days, one per day: every screen on every day in one of them.
    let day = RunDay.all[index]
    let language = index.isMultiple(of: 2) ? "en" : "ru"
    for screen in Self.screens {
      let result = try await runCLI(["show", screen, "--demo", "--lang", language] + day.arguments)
      #expect(result.status == 0, "\(screen) on \(day.date) (\(language)): \(result.error)")
      #expect(result.error == "" && !result.output.isEmpty, "\(screen) on \(day.date) (\(language))")
    }
  }

  /// A data file in a state `script` leaves it in, on a Thursday.
  func store(after script: String) async throws -> String {
    let path = TemporaryFolder().path("tracker.sqlite")
    let result = try await runCLI(
      ["run", "-", "--store", path, "--lang", "en"] + RunDay("2026-12-03").arguments, input: script)
    #expect(result.status == 0, "\(result.error)")
    return path
  }

  @Test func everyScreenShowsOnAnyStoreOnAThursday() async throws {
    let habit =
      "tap #add\ntap #habit\ntap #name\ntype \"Run\"\ntap #category\ntap #add-category\ntap #title\ntype \"Sport\"\ntap #done\ntap #category:Sport\ntap #schedule\ntap #day:mon\ntap #done\ntap #emoji:1\ntap #color:1\ntap #create\n"
    let stores: [(String, [String])] = await [
      ("demo", ["--demo"]),
      ("fresh", ["--store", try store(after: "expect screen onboarding\n")]),
      ("onboarding done", ["--store", try store(after: "tap #start\n")]),
      (
        "reminder on",
        ["--store", try store(after: "tap #start\ntap #tab-settings\ntap #reminder\ntap #allow\n")]
      ),
      ("a habit not due today", ["--store", try store(after: "tap #start\n" + habit)]),
    ]
    for ((name, arguments), language) in stores.flatMap({ store in ["en", "ru"].map { (store, $0) } }) {
      for screen in Self.screens {
        // A store with no tracker has no detail to show: that is the one refusal.
        let hasTracker = name == "demo" || name == "a habit not due today"
        let result = try await runCLI(
          ["show", screen, "--lang", language] + arguments + RunDay("2026-12-03").arguments)
        if screen == "detail" && !hasTracker {
          #expect(result.status == 1, "\(screen) on \(name)")
          #expect(
            result.error.contains(
              language == "en" ? "the data file holds no tracker" : "в файле данных нет ни одного трекера"))
          continue
        }
        #expect(result.status == 0, "\(screen) on \(name) (\(language)): \(result.error)")
        #expect(result.error == "", "\(screen) on \(name) (\(language))")
        #expect(!result.output.isEmpty)
      }
    }
  }

  @Test func theTimeSheetShowsTheStoredTimeWhileTheReminderIsOff() async throws {
    let path = try await store(
      after:
        "tap #start\ntap #tab-settings\ntap #reminder\ntap #allow\ntap #reminder-time\nclear\ntype \"07:30\"\ntap #done\ntap #reminder\nexpect unchecked #reminder\n"
    )
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try await runCLI(
      ["show", "time-picker", "--store", path, "--lang", "ru"] + RunDay("2026-12-05").arguments)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("07:30"))
    let permission = try await runCLI(
      [
        "show", "permission", "--store",
        try store(after: "tap #start\ntap #tab-settings\ntap #reminder\ntap #allow\n"),
        "--lang", "ru",
      ] + RunDay("2026-12-05").arguments)
    #expect(permission.status == 0, "\(permission.error)")
    #expect(permission.output.contains("Разрешить"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// Every command on a day that is not a Monday, on one data file.
  @Test func everyCommandWorksOnAThursday() async throws {
    let thursday = RunDay("2026-12-03").arguments
    let folder = TemporaryFolder().url
    let path = folder.appendingPathComponent("tracker.sqlite").path
    let data = ["--store", path, "--lang", "en"] + thursday
    let backup = folder.appendingPathComponent("backup.json").path
    // A demo backup imported: a real store with the demo's habits, as of Thursday.
    let demoExport = try await runCLI(["export", "--output", backup, "--demo", "--lang", "en"] + thursday)
    #expect(demoExport.status == 0, "\(demoExport.error)")
    let imported = try await runCLI(["import", backup] + data)
    #expect(imported.status == 0, "\(imported.error)")
    let list = try await runCLI(["list"] + data)
    #expect(list.status == 0)
    #expect(list.output.contains("Morning exercise") && list.output.contains("Water the plants"))
    #expect(!list.output.contains("Board games with friends"))
    #expect(try await runCLI(["done", "Water the plants"] + data).status == 0)
    #expect(try await runCLI(["done", "Water the plants"] + data).status == 0)
    #expect(try await runCLI(["undone", "Water the plants"] + data).status == 0)
    #expect(try await runCLI(["done", "Water the plants"] + data).status == 0)
    let stats = try await runCLI(["stats", "--json"] + data)
    #expect(stats.status == 0)
    #expect(stats.output.contains("\"completed\": 76"))
    let remind = try await runCLI(["remind", "--at", "20:00"] + data)
    #expect(remind.status == 0, "\(remind.error)")
    let export = try await runCLI(["export", "--output", "-"] + data)
    #expect(export.status == 0 && export.output.contains("\"date\": \"2026-12-03\""))
    for screen in ["trackers", "detail", "statistics"] {
      let shown = try await runCLI(["show", screen] + data)
      #expect(shown.status == 0, "\(screen): \(shown.error)")
    }
    let run = try await runCLI(
      ["run", "-"] + data, input: "expect text \"🔥 11\"\ntap #complete:Morning exercise\n")
    #expect(run.status == 0, "\(run.error)")
    #expect(try await runCLI(["tour", "--lang", "en"] + thursday).status == 0)
    #expect(try await runCLI(["help", "list"] + thursday).status == 0)
  }
}

@Suite("Days the store keeps", .temporaryFolders)
struct DayRangeCLITests {
  @Test func aDateBefore1900IsRefusedBeforeAnythingIsWritten() async throws {
    let path = TemporaryFolder().path("tracker.sqlite")
    for (language, expected) in [
      ("en", "Error: The value '0000-01-01' is invalid for '--date': expected a date from 1 Jan 1900 on\n"),
      (
        "ru", "Ошибка: Значение «0000-01-01» не подходит для «--date»: ожидается дата не раньше 1 янв. 1900\n"
      ),
    ] {
      let result = try await runCLI(
        ["done", "Water the plants", "--date", "0000-01-01", "--store", path, "--lang", language]
          + RunDay("2026-12-03").arguments)
      #expect(result.status == 64)
      #expect(result.error.hasPrefix(expected), "\(result.error)")
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}

@Suite("Files a command must not harm", .temporaryFolders)
struct StoreFileSafetyCLITests {
  @Test func exportNeverWritesOntoTheStoreItExportsNorItsSideFiles() async throws {
    let folder = TemporaryFolder().url
    let path = folder.appendingPathComponent("s.sqlite").path
    let backup = folder.appendingPathComponent("demo.json").path
    let thursday = RunDay("2026-12-03").arguments
    #expect(try await runCLI(["export", "--demo", "--output", backup] + thursday).status == 0)
    #expect(try await runCLI(["import", backup, "--store", path] + thursday).status == 0)
    let link = folder.appendingPathComponent("link.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    let hardLink = folder.appendingPathComponent("hard.json").path
    try FileManager.default.linkItem(atPath: path, toPath: hardLink)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for (language, reason) in [
      ("en", "it is the data file being exported, or a file that belongs to it; write the backup elsewhere"),
      ("ru", "это сам экспортируемый файл данных или его служебный файл; сохраните копию в другое место"),
    ] {
      for output in [path, path + "-wal", path + "-shm", link, hardLink, folder.path + "/./s.sqlite"] {
        let result = try await runCLI(
          ["export", "--store", path, "--output", output, "--lang", language] + thursday)
        #expect(result.status == 1, "\(output)")
        #expect(result.error.contains(reason), "\(output): \(result.error)")
      }
      // Through the link as the store, onto the real file.
      let viaLink = try await runCLI(
        ["export", "--store", link, "--output", path, "--lang", language] + thursday)
      #expect(viaLink.status == 1)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let stats = try await runCLI(["stats", "--json", "--store", path] + thursday)
    #expect(stats.status == 0 && stats.output.contains("\"completed\": 75"))
  }

  @Test func exportFromAStoreThatIsNotThereNeverReplacesAGoodBackup() async throws {
    let folder = TemporaryFolder().url
    let backup = folder.appendingPathComponent("good.json").path
    let thursday = RunDay("2026-12-03").arguments
    #expect(try await runCLI(["export", "--demo", "--output", backup] + thursday).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: backup))
    let link = folder.appendingPathComponent("l.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/nonexistent/x.sqlite")
    for store in [
      folder.appendingPathComponent("typo.sqlite").path, link, folder.path + "/no/such/folder.sqlite",
    ] {
      for language in ["en", "ru"] {
        let result = try await runCLI(
          ["export", "--store", store, "--output", backup, "--lang", language] + thursday)
        #expect(result.status == 1, "\(store): \(result.error)")
        #expect(result.error.hasPrefix(language == "en" ? "Error: " : "Ошибка: "))
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["good.json", "l.sqlite"])
  }

  @Test func theDefaultDataFileLivesUnderHome() async throws {
    let home = TemporaryFolder().url
    let result = try await runCLI(
      ["run", "-", "--lang", "en"] + RunDay("2026-12-03").arguments, environment: ["HOME": home.path],
      input: "tap #start\n")
    #expect(result.status == 0, "\(result.error)")
    #expect(FileManager.default.fileExists(atPath: home.path + "/.local/share/tracker/tracker.sqlite"))
  }
}

@Suite("A file size limit", .temporaryFolders)
struct FileSizeLimitCLITests {
  /// Runs tracker-preview under `ulimit -f 1` (1 KiB).
  func limited(_ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
    let binary = Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path
    let quoted = ([binary] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
    return try await runProgramAside(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 1; exec \(quoted)"])
  }

  @Test func aWritePastTheLimitIsReportedAndLeavesNoTemporaryFile() async throws {
    let folder = TemporaryFolder().url
    let backup = folder.appendingPathComponent("backup.json").path
    let thursday = RunDay("2026-12-03").arguments
    #expect(try await runCLI(["export", "--demo", "--output", backup] + thursday).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: backup))
    let export = try await limited(["export", "--demo", "--output", backup, "--lang", "en"] + thursday)
    // Not killed by SIGXFSZ (exit 153): an error that says why.
    #expect(export.status == 1)
    #expect(export.error == "Error: cannot write \(backup): File too large\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["backup.json"])
    let store = folder.appendingPathComponent("s.sqlite").path
    let imported = try await limited(["import", backup, "--store", store, "--lang", "en"] + thursday)
    #expect(imported.status == 1)
    #expect(imported.error.hasPrefix("Error: "))
  }
}

@Suite("A backup across the date line", .temporaryFolders)
struct DateLineCLITests {
  @Test func aDayDoneInKiritimatiImportsInPagoPagoAndCountsOnlyOnItsDay() async throws {
    let folder = TemporaryFolder().url
    let made = folder.appendingPathComponent("kiritimati.sqlite").path
    let kiritimati = ["--today", "2026-12-02", "--time-zone", "Pacific/Kiritimati", "--lang", "en"]
    let pagoPago = ["--today", "2026-12-01", "--time-zone", "Pacific/Pago_Pago", "--lang", "en"]
    let script =
      "tap #start\ntap #add\ntap #event\ntap #name\ntype \"Swim\"\ntap #category\ntap #add-category\ntap #title\ntype \"Sea\"\ntap #done\ntap #category:Sea\ntap #emoji:1\ntap #color:1\ntap #create\n"
    // Made a week before, marked done on 2 December in Kiritimati.
    let weekBefore = ["--today", "2026-11-25", "--time-zone", "Pacific/Kiritimati", "--lang", "en"]
    #expect(try await runCLI(["run", "-", "--store", made] + weekBefore, input: script).status == 0)
    #expect(try await runCLI(["done", "Swim", "--store", made] + kiritimati).status == 0)
    let backup = folder.appendingPathComponent("backup.json").path
    #expect(try await runCLI(["export", "--store", made, "--output", backup] + kiritimati).status == 0)
    // The same instant in Pago Pago is still the day before.
    let store = folder.appendingPathComponent("pago.sqlite").path
    let imported = try await runCLI(["import", backup, "--store", store] + pagoPago)
    #expect(imported.status == 0, "\(imported.error)")
    let before = try await runCLI(["list", "--json", "--store", store] + pagoPago)
    #expect(
      before.output.contains("\"done\": false, \"dayOff\": false, \"completed\": 0"), "\(before.output)")
    let card = try await runCLI(["show", "trackers", "--store", store] + pagoPago)
    #expect(card.output.contains("0 days"), "\(card.output)")
    #expect(
      try await runCLI(["stats", "--json", "--store", store] + pagoPago).output.contains("\"completed\": 0"))
    let onItsDay = ["--today", "2026-12-02", "--time-zone", "Pacific/Pago_Pago", "--lang", "en"]
    let after = try await runCLI(["list", "--json", "--store", store] + onItsDay)
    #expect(
      after.output.contains("\"done\": true, \"dayOff\": false, \"completed\": 1"), "\(after.output)")
    // Three days ahead is no backup from anywhere on Earth.
    let tooFar = try await runCLI(
      [
        "import", backup, "--store", folder.appendingPathComponent("far.sqlite").path, "--today",
        "2026-11-29",
      ])
    #expect(tooFar.status == 1)
  }
}
