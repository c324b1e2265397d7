import Foundation
import TestSupport
import Testing
import TrackerModels
import TrackerStore

/// `add` (issue 49): a tracker made from the command line as the form makes it, with the form's
/// rules and words, in both languages.
@Suite("Creating a tracker from the command line", .temporaryFolders)
struct AddCLITests {
  let day = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]

  /// The trackers and categories `path` holds.
  func stored(_ path: String) throws -> (trackers: [Tracker], categories: [TrackerCategory]) {
    let store = try SQLiteTrackerStore(path: path, now: Date())
    return (try store.trackers().map(\.tracker), try store.categories())
  }

  @Test func eachKindOfScheduleAndMeasureIsMadeAsTheFormMakesIt() async throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let file = ["--store", store] + day
    let first = try await runCLI(
      ["add", "Run", "--every", "mon,WED,fri", "--category", "Health", "--emoji", "🏓", "--color", "3"] + file)
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output == "Category Health created.\nRun: created, in Health.\n")
    // The only category is the default one; a title matches ignoring case and spaces around.
    #expect(
      try await runCLI(
        ["add", "  Walk ", "--times", "3", "--per", "week", "--measure", "km", "--at-least", "2,5"] + file
      ).status == 0)
    #expect(
      try await runCLI(
        ["add", "Coffee", "--every", "day", "--measure", "cups", "--at-most", "2", "--category", " health"]
          + file
      ).status == 0)
    let russian = try await runCLI(["add", "Кино", "--event", "--category", "Досуг", "--lang", "ru"] + file)
    #expect(russian.output == "Категория «Досуг» создана.\nКино: создан, в категории «Досуг».\n")
    let (trackers, categories) = try stored(store)
    #expect(Set(categories.map(\.title)) == ["Health", "Досуг"])
    let health = try #require(categories.first { $0.title == "Health" }).id
    let byName = Dictionary(uniqueKeysWithValues: trackers.map { ($0.name, $0) })
    let run = try #require(byName["Run"])
    #expect(run.kind == .habit(Schedule([.monday, .wednesday, .friday])!))
    #expect(run.emoji == "🏓" && run.color == TrackerColor.palette[2] && run.categoryID == health)
    #expect(run.measure == .yesNo && run.createdOn == Day(year: 2026, month: 11, day: 30)!)
    let walk = try #require(byName["Walk"])
    #expect(walk.kind == .habit(Schedule(quota: Quota(3, per: .week)!)))
    #expect(
      walk.measure
        == .measurable(try MeasureGoal(unit: "km", target: Amount(parsing: "2.5"), direction: .atLeast)))
    // The form's first emoji and color when none is given.
    #expect(walk.emoji == TrackerEmoji.all[0] && walk.color == TrackerColor.palette[0])
    let coffee = try #require(byName["Coffee"])
    #expect(coffee.kind == .habit(.everyDay) && coffee.categoryID == health)
    #expect(
      coffee.measure
        == .measurable(try MeasureGoal(unit: "cups", target: Amount(parsing: "2"), direction: .atMost)))
    #expect(try #require(byName["Кино"]).kind == .event)
    // A file `add` made opens on its main screen, with what was added on it.
    let screen = try await runCLI(["show", "trackers", "--lang", "en"] + file)
    #expect(
      screen.output.contains("Run") && !screen.output.contains("What will we track"), "\(screen.output)")
  }

  @Test(arguments: ["en", "ru"])
  func whatTheFormRefusesIsRefusedInItsWordsAndNothingIsMade(language: String) async throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let file = ["--store", store, "--lang", language] + day
    #expect(try await runCLI(["add", "Run", "--every", "day", "--category", "Health"] + file).status == 0)
    let en = language == "en"
    let refusals: [([String], String)] = [
      (
        ["add", "RUN ", "--every", "day"],
        en ? "A tracker with this name already exists" : "Трекер с таким названием уже есть"
      ),
      (
        ["add", String(repeating: "x", count: 39), "--every", "day"],
        en ? "38 character limit" : "Ограничение 38 символов"
      ),
      (
        ["add", "Run\u{202E}x", "--every", "day"],
        en
          ? "The name contains a character that cannot be used: U+202E"
          : "В названии есть недопустимый символ: U+202E"
      ),
      (
        ["add", "Ru\u{200B}n", "--every", "day"],
        en
          ? "The name contains a character that cannot be used: U+200B"
          : "В названии есть недопустимый символ: U+200B"
      ),
      (
        ["add", " ", "--every", "day"],
        en ? "the name is empty: give the tracker a name" : "название пустое: дайте трекеру название"
      ),
      (
        ["add", "Walk", "--every", "day", "--measure", "km\u{200B}", "--at-least", "3"],
        en
          ? "--measure: The unit contains a character that cannot be used: U+200B"
          : "--measure: В единице есть символ, который нельзя использовать: U+200B"
      ),
      (
        ["add", "Pages", "--every", "day", "--measure", "pages read today", "--at-least", "3"],
        en ? "--measure: 12 character limit" : "--measure: Ограничение 12 символов"
      ),
      (
        ["add", "Pages", "--every", "day", "--measure", "pages", "--at-least", "lots"],
        en ? "--at-least: Enter a number, like 12.5" : "--at-least: Введите число, например 12,5"
      ),
      (
        ["add", "Pages", "--every", "day", "--measure", "pages", "--at-least", "0"],
        en ? "--at-least: The target must be more than zero" : "--at-least: Цель должна быть больше нуля"
      ),
      (
        ["add", "Pages", "--every", "day", "--emoji", "X"],
        en ? "X is not one of the form's emoji: " : "X — не из эмодзи формы: "
      ),
      (["add", "Pages", "--every", "day", "--category", String(repeating: "c", count: 40)], ""),
    ]
    for (arguments, message) in refusals {
      let result = try await runCLI(arguments + file)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.output == "", "\(arguments)")
      #expect(
        result.error.hasPrefix((en ? "Error: " : "Ошибка: ") + message), "\(arguments): \(result.error)")
    }
    let (trackers, categories) = try stored(store)
    #expect(trackers.map(\.name) == ["Run"])
    #expect(categories.map(\.title) == ["Health"])
  }

  /// Issue 49: N times in Y days (`--times N --in Y`) and a target of a week or a month
  /// (`--per` beside a `--measure` target), made as the form makes them.
  @Test func aWindowAndAPeriodTargetAreMadeAndAMixOfThemIsRefusedInTheAppsWords() async throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let file = ["--store", store] + day
    let gym = try await runCLI(["add", "Gym", "--times", "3", "--in", "7", "--category", "Health"] + file)
    #expect(gym.status == 0, "\(gym.error)")
    let steps = try await runCLI(
      ["add", "Steps", "--every", "day", "--measure", "steps", "--at-least", "50000", "--per", "week"] + file)
    #expect(steps.status == 0, "\(steps.error)")
    let (trackers, _) = try stored(store)
    let byName = Dictionary(uniqueKeysWithValues: trackers.map { ($0.name, $0) })
    #expect(byName["Gym"]?.kind == .habit(Schedule(window: TimesInDays(3, in: 7)!)))
    #expect(
      byName["Steps"]?.measure
        == .measurable(
          try MeasureGoal(unit: "steps", target: Amount(parsing: "50000"), direction: .atLeast, period: .week)
        ))
    for (language, refusal) in [
      (
        "en",
        "“N times in Y days” counts ticks: a measurable tracker is due on weekdays or N times a week or a month."
      ),
      (
        "ru",
        "«N раз за Y дней» считает отметки: измеряемый трекер — по дням недели или N раз в неделю или в месяц."
      ),
    ] {
      let measured = try await runCLI(
        [
          "add", "Swim", "--times", "2", "--in", "10", "--measure", "km", "--at-least", "1", "--lang",
          language,
        ]
          + file)
      #expect(measured.status == 1 && measured.error.contains(refusal), "\(measured.error)")
    }
    #expect(try stored(store).0.count == 2)
    // With --times, --per is the quota's: the target stays a day's.
    let weekly = try await runCLI(
      ["add", "Swim", "--times", "2", "--per", "week", "--measure", "km", "--at-least", "1"] + file)
    #expect(weekly.status == 0, "\(weekly.error)")
    let swim = try #require(try stored(store).0.first { $0.name == "Swim" })
    #expect(swim.quota == Quota(2, per: .week) && swim.measure.goal?.period == nil)
  }

  /// `list` says a window habit's and a period target's progress as their cards do (issue 49).
  @Test(arguments: ["en", "ru"])
  func listSaysAWindowsAndAPeriodTargetsProgress(language: String) async throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let file = ["--store", store, "--lang", language] + day
    #expect(
      try await runCLI(["add", "Gym", "--times", "1", "--in", "2", "--category", "Health"] + file).status == 0
    )
    #expect(try await runCLI(["add", "Yoga", "--times", "3", "--in", "7"] + file).status == 0)
    #expect(
      try await runCLI(
        ["add", "Steps", "--every", "day", "--measure", "steps", "--at-least", "50000", "--per", "week"]
          + file
      )
      .status == 0)
    #expect(try await runCLI(["done", "Gym", "--date", "2026-11-29"] + file).status == 0)
    #expect(try await runCLI(["done", "Yoga"] + file).status == 0)
    #expect(try await runCLI(["done", "Steps", "--amount", "8000"] + file).status == 0)
    let list = try await runCLI(["list", "--color", "never"] + file).output
    let expected =
      language == "en"
      ? ["1 time in 2 days: met", "1/3 in 7 days", "8000 / 50000 steps this week"]
      : ["1 раз за 2 дня: выполнено", "1/3 за 7 дней", "8000 / 50000 steps на этой неделе"]
    for text in expected { #expect(list.contains(text), "\(text) in \(list)") }
    // Gym is met today by yesterday's window, with no check-in of its own: ✓ all the same.
    let gymLine = try #require(list.split(separator: "\n").first { $0.contains("Gym") })
    #expect(gymLine.contains("✓"), "\(gymLine)")
    let json = try await runCLI(["list", "--json"] + file).output
    #expect(json.contains(#""window": {"times": 1, "in": 2, "checkIns": 1, "filled": true}"#), "\(json)")
    #expect(json.contains(#""targetPer": "week""#))
    #expect(json.contains(#""periodSum": {"sum": 8000, "required": 50000, "met": false}"#), "\(json)")
  }

  /// What a user of a window or a week's target meets beside `list` (issue 49): the card says
  /// the whole week's sum at 40 columns in Russian, `done --amount` says the week's sum, and
  /// `undone` on a day a window covers says why the day still counts.
  @Test func aWindowAndAWeeksTargetSpeakWholeOnEveryCommand() async throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let file = ["--store", store] + day
    #expect(
      try await runCLI(
        [
          "add", "Шаги", "--every", "day", "--measure", "шагов", "--at-least", "50000", "--per", "week",
          "--category", "Здоровье",
        ] + file
      ).status == 0)
    let entered = try await runCLI(["done", "Шаги", "--amount", "32000"] + file)
    #expect(
      entered.output == "Шаги: 32000 шагов on 30 Nov 2026.\n32000 / 50000 шагов this week\n",
      "\(entered.output)")
    let card = try await runCLI(["show", "trackers", "--device", "se", "--lang", "ru"] + file).output
    #expect(card.contains("на этой") && card.contains("неделе") && !card.contains("…"), "\(card)")
    #expect(try await runCLI(["add", "Gym", "--times", "1", "--in", "3"] + file).status == 0)
    #expect(try await runCLI(["done", "Gym", "--date", "2026-11-29"] + file).status == 0)
    let undone = try await runCLI(["undone", "Gym"] + file)
    #expect(
      undone.output.contains(
        "It still counts as met: a window of its other check-ins covers that day (1 time in 3 days)."),
      "\(undone.output)")
    let russian = try await runCLI(["undone", "Gym", "--lang", "ru"] + file)
    #expect(
      russian.output.contains("День всё равно выполнен: его покрывает окно других отметок (1 раз за 3 дня)."))
  }

  @Test func optionsThatDoNotGoTogetherAreUsageErrors() async throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let file = ["--store", store] + day
    let errors: [([String], String)] = [
      (
        [],
        "say when it is due: --every mon,wed, --every day, --times N --per week|month, --times N --in Y, or --event"
      ),
      (
        ["--every", "day", "--event"],
        "say when it is due once: --every, --times with --per or --in, or --event"
      ),
      (
        ["--times", "3"],
        "--times goes with --per or --in, one of them: --times 3 --per week, --times 2 --in 10"
      ),
      (
        ["--times", "3", "--per", "week", "--in", "10"],
        "--times goes with --per or --in, one of them: --times 3 --per week, --times 2 --in 10"
      ),
      (["--per", "month"], "say when it is due: --every mon,wed, --every day"),
      (
        ["--every", "day", "--per", "month"],
        "--per goes with --times, or with a target of --measure (--at-least or --at-most)"
      ),
      (
        ["--times", "2", "--in", "2"],
        "--times 2 --in 2 cannot be asked: a window is 2 to 31 days and asks fewer times than its days"
      ),
      (
        ["--times", "2", "--in", "abc"],
        "The value 'abc' is invalid for '--in': expected a whole number of days, 2 to 31"
      ),
      (
        ["--times", "1", "--in", "32"],
        "The value '32' is invalid for '--in': expected a whole number of days, 2 to 31"
      ),
      (
        ["--times", "7", "--per", "week"],
        "--times 7 --per week cannot be asked: a week takes 1 to 6 (every day is --every day), a month 1 to 30"
      ),
      (["--times", "31", "--per", "month"], "--times 31 --per month cannot be asked"),
      (
        ["--times", "0", "--per", "week"],
        "The value '0' is invalid for '--times': expected a whole number of times, 1 or more"
      ),
      (["--every", "mon,funday"], "The value 'mon,funday' is invalid for '--every'"),
      (["--every", "day", "--at-least", "5"], "--at-least and --at-most need --measure and its unit"),
      (["--every", "day", "--measure", "km"], "--measure needs a target: --at-least X or --at-most X"),
      (
        ["--every", "day", "--measure", "km", "--at-least", "1", "--at-most", "2"],
        "give --at-least or --at-most, not both"
      ),
      (
        ["--every", "day", "--color", "0"],
        "The value '0' is invalid for '--color': expected auto, always, never, or a color's place in the form, 1 to 18"
      ),
    ]
    for (arguments, message) in errors {
      let result = try await runCLI(["add", "Run"] + arguments + file)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.error.hasPrefix("Error: " + message), "\(arguments): \(result.error)")
      #expect(result.error.contains("Usage: tracker-preview add <name> [options]"), "\(arguments)")
    }
    // Nothing was judged worth a file.
    #expect(!FileManager.default.fileExists(atPath: store))
  }

  @Test func theCategoryIsTheOnlyOneOrNamedAndANewFileHasNone() async throws {
    let store = TemporaryFolder().path("tracker.sqlite")
    let file = ["--store", store] + day
    let none = try await runCLI(["add", "Run", "--every", "day"] + file)
    #expect(none.status == 1)
    #expect(none.error == "Error: there is no category yet: give --category and its title, and it is made\n")
    // A refusal makes no data file, whatever it refuses.
    #expect(try await runCLI(["add", " ", "--every", "day", "--category", "Health"] + file).status == 1)
    #expect(!FileManager.default.fileExists(atPath: store))
    let empty = try await runCLI(["add", "Run", "--every", "day", "--category", "  "] + file)
    #expect(empty.status == 64)
    #expect(empty.error.hasPrefix("Error: the value of --category is empty: give the title of a category\n"))
    // A joiner alone is as empty, in both languages.
    let joiner = try await runCLI(["add", "Run", "--every", "day", "--category", "\u{200D}"] + file)
    #expect(joiner.status == 64)
    #expect(joiner.error.hasPrefix("Error: the value of --category is empty: give the title of a category\n"))
    let joinerRU = try await runCLI(
      ["add", "Run", "--every", "day", "--category", "\u{200D}", "--lang", "ru"] + file)
    #expect(joinerRU.error.hasPrefix("Ошибка: значение --category пустое: укажите название категории\n"))
    #expect(try await runCLI(["add", "Run", "--every", "day", "--category", "Health"] + file).status == 0)
    #expect(try await runCLI(["add", "Read", "--every", "day", "--category", "Mind"] + file).status == 0)
    let which = try await runCLI(["add", "Walk", "--every", "day", "--lang", "ru"] + file)
    #expect(which.status == 1)
    #expect(which.error == "Ошибка: укажите категорию через --category: Health, Mind\n")
    // --color still paints for the commands that paint: the same option, read by its value.
    #expect(try await runCLI(["list", "--color", "never"] + file).status == 0)
  }
}

/// A habit to quit from the command line (issue 49): at most 0, its days clean in `list`.
@Suite("A habit to quit on the command line", .temporaryFolders)
struct QuitHabitCLITests {
  @Test(arguments: ["en", "ru"])
  func atMostZeroIsMadeAndListSaysItsDaysClean(language: String) async throws {
    let day = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]
    let file = ["--store", TemporaryFolder().path("tracker.sqlite"), "--lang", language] + day
    let made = try await runCLI(
      [
        "add", "Smoke", "--every", "day", "--measure", "cigs", "--at-most", "0", "--category", "Health",
        "--today", "2026-11-20",
      ] + file.filter { $0 != "2026-11-30" && $0 != "--today" })
    #expect(made.status == 0, "\(made.error)")
    let clean = try await runCLI(["list"] + file).output
    #expect(
      clean.contains(language == "en" ? "Smoke: 11 days clean;" : "Smoke: 11 дней без срыва;"), "\(clean)")
    #expect(try await runCLI(["done", "Smoke", "--amount", "2", "--date", "2026-11-27"] + file).status == 0)
    let after = try await runCLI(["list"] + file).output
    #expect(after.contains(language == "en" ? "Smoke: 3 days clean;" : "Smoke: 3 дня без срыва;"), "\(after)")
    let json = try await runCLI(["list", "--json"] + file).output
    #expect(json.contains("\"daysClean\": 3"), "\(json)")
  }
}
