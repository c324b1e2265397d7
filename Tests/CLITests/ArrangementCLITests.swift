import Foundation
import TestSupport
import Testing

/// `archive`, `unarchive`, `move` and `stats --category` (issue 49), in both languages.
@Suite("Archive, order and groups on the command line", .temporaryFolders)
struct ArrangementCLITests {
  let day = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]

  /// A data file with Run, Read and Swim in Health and Paint in Joys; Run done on 28 and 29 Nov.
  func store() async throws -> [String] {
    let file = ["--store", TemporaryFolder().path("tracker.sqlite")] + day
    for (name, category) in [("Run", "Health"), ("Read", "Health"), ("Swim", "Health"), ("Paint", "Joys")] {
      let made = try await runCLI(["add", name, "--every", "day", "--category", category] + file)
      #expect(made.status == 0, "\(made.error)")
    }
    for date in ["2026-11-28", "2026-11-29"] {
      #expect(try await runCLI(["done", "Run", "--date", date] + file).status == 0)
    }
    return file
  }

  /// The names `list` shows, in its order (each a word here: "  [ ] 🙂 Run: 2 days; …").
  func listed(_ file: [String]) async throws -> [String] {
    try await runCLI(["list"] + file).output.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  ["), let head = line.split(separator: ":").first else { return nil }
      return head.split(separator: " ").last.map(String.init)
    }
  }

  @Test func archiveTakesAHabitOffTheListAndTheFiguresAndUnarchiveBringsItBackWhole() async throws {
    let file = try await store()
    #expect(try await runCLI(["archive"] + file).output == "No tracker is archived.\n")
    let archived = try await runCLI(["archive", "run"] + file)
    #expect(archived.status == 0)
    #expect(
      archived.output
        == "Run: archived. It is off the main screen, its reminders and the statistics, its history kept; unarchive brings it back.\n"
    )
    #expect(try await runCLI(["archive", "Run"] + file).output == "Run: already archived.\n")
    // Every tracker of the day archived: list says so, not "What are we going to track?".
    let others =
      try await runCLI(["archive", "Read"] + file).status
      + (try await runCLI(["archive", "Swim"] + file).status)
      + (try await runCLI(["archive", "Paint"] + file).status)
    #expect(others == 0)
    #expect(
      try await runCLI(["list"] + file).output.contains(
        "Every tracker of this day is archived: Settings brings them back"))
    for name in ["Read", "Swim", "Paint"] {
      #expect(try await runCLI(["unarchive", name] + file).status == 0)
    }
    #expect(try await runCLI(["archive", "--lang", "ru"] + file).output == "В архиве: Run.\n")
    #expect(try await listed(file) == ["Read", "Swim", "Paint"])
    let stats = try await runCLI(["stats", "--json"] + file).output
    #expect(stats.contains("\"completed\": 0,") && !stats.contains("\"Run\""), "\(stats)")
    let back = try await runCLI(["unarchive", "Run", "--lang", "ru"] + file)
    #expect(back.output == "Run: снова на главном экране, с историей.\n")
    #expect(try await runCLI(["unarchive", "Run"] + file).output == "Run: not archived.\n")
    #expect(try await runCLI(["stats", "--json"] + file).output.contains("\"completed\": 2,"))
    let missing = try await runCLI(["archive", "Rum"] + file)
    #expect(missing.status == 1)
    #expect(missing.error == "Error: there is no tracker called \"Rum\". Did you mean 'Run'?\n")
  }

  @Test func movePutsATrackerBeforeOrAfterAnotherOfItsSectionAndTheOrderStays() async throws {
    let file = try await store()
    #expect(try await listed(file) == ["Read", "Run", "Swim", "Paint"])
    let moved = try await runCLI(["move", "Swim", "--before", "read"] + file)
    #expect(moved.output == "Swim: moved before Read.\n")
    #expect(try await listed(file) == ["Swim", "Read", "Run", "Paint"])
    #expect(
      try await runCLI(["move", "Swim", "--before", "Read", "--lang", "ru"] + file).output
        == "Swim: уже перед Read.\n")
    #expect(try await runCLI(["move", "Read", "--after", "Run"] + file).output == "Read: moved after Run.\n")
    #expect(try await listed(file) == ["Swim", "Run", "Read", "Paint"])
    let other = try await runCLI(["move", "Paint", "--before", "Run"] + file)
    #expect(other.status == 1)
    #expect(
      other.error
        == "Error: Paint and Run are not in the same section (a category, or Pinned): a tracker moves within its own\n"
    )
    let itself = try await runCLI(["move", "Run", "--after", "run"] + file)
    #expect(itself.status == 1)
    #expect(itself.error.hasPrefix("Error: Run cannot move before or after itself"))
    #expect(try await runCLI(["archive", "Swim"] + file).status == 0)
    let archived = try await runCLI(["move", "Run", "--before", "Swim"] + file)
    #expect(archived.status == 1 && archived.error.hasPrefix("Error: Swim is archived"))
    // A tracker made after a move goes last; --all days off leave the archived one alone.
    #expect(try await runCLI(["add", "Walk", "--every", "day", "--category", "Health"] + file).status == 0)
    #expect(try await listed(file) == ["Run", "Read", "Walk", "Paint"])
    #expect(try await runCLI(["done", "Swim", "--date", "2026-11-29"] + file).status == 0)
    let allOff = try await runCLI(["skip", "--all", "--date", "2026-11-29", "--yes"] + file)
    #expect(allOff.status == 0 && !allOff.output.contains("Swim"), "\(allOff.output)")
    for arguments in [["move", "Run"], ["move", "Run", "--before", "Read", "--after", "Swim"]] {
      let usage = try await runCLI(arguments + file)
      #expect(usage.status == 64)
      #expect(usage.error.hasPrefix("Error: say where: --before OTHER or --after OTHER\n"))
    }
  }

  @Test(arguments: ["en", "ru"])
  func statsOfOneCategoryGiveItsFiguresAndItsTrackersAlone(language: String) async throws {
    let file = try await store() + ["--lang", language]
    let joys = try await runCLI(["stats", "--category", "joys"] + file)
    #expect(joys.status == 0, "\(joys.error)")
    #expect(joys.output.hasPrefix((language == "en" ? "Statistics" : "Статистика") + " · Joys\n"))
    #expect(joys.output.contains("Paint") && !joys.output.contains("Run"))
    let health = try await runCLI(["stats", "--category", "Health", "--json"] + file).output
    #expect(health.contains("\"category\": \"Health\"") && health.contains("\"completed\": 2,"))
    #expect(health.contains("\"Run\"") && !health.contains("\"Paint\""))
    let missing = try await runCLI(["stats", "--category", "Helth"] + file)
    #expect(missing.status == 1)
    #expect(
      missing.error
        == (language == "en"
          ? "Error: there is no category called \"Helth\". Did you mean 'Health'?\n"
          : "Ошибка: категории «Helth» нет. Может быть, «Health»?\n"))
  }
}

/// A quota habit's met period on the command line (issue 49).
@Suite("A met period on the command line", .temporaryFolders)
struct MetPeriodCLITests {
  @Test(arguments: ["en", "ru"])
  func listMarksAMetWeekOnEveryDayAndSaysMoreThanAskedAsMet(language: String) async throws {
    let file = [
      "--store", TemporaryFolder().path("tracker.sqlite"), "--lang", language, "--time-zone", "UTC",
    ]
    let wednesday = ["--today", "2026-12-02"]
    #expect(
      try await runCLI(
        ["add", "Gym", "--times", "2", "--per", "week", "--category", "Health"] + file + wednesday
      )
      .status == 0)
    for date in ["2026-11-30", "2026-12-01"] {
      #expect(try await runCLI(["done", "Gym", "--date", date] + file + wednesday).status == 0)
    }
    let met = try await runCLI(["list"] + file + wednesday).output
    #expect(
      met.contains("  [✓] 🙂 Gym: " + (language == "en" ? "2 of 2 this week;" : "2 из 2 на этой неделе;")),
      "\(met)")
    #expect(try await runCLI(["done", "Gym"] + file + wednesday).status == 0)
    let more = try await runCLI(["list"] + file + wednesday).output
    #expect(
      more.contains(
        "  [✓] 🙂 Gym: " + (language == "en" ? "3 this week: met;" : "3 на этой неделе: выполнено;")),
      "\(more)")
    // A week wholly off asks for nothing, and says so.
    #expect(
      try await runCLI(["skip", "Gym", "--from", "2026-12-07", "--to", "2026-12-13"] + file + wednesday)
        .status == 0
    )
    let off = try await runCLI(["list"] + file + ["--today", "2026-12-09"]).output
    #expect(off.contains("Gym: " + (language == "en" ? "a week off;" : "неделя выходных;")), "\(off)")
  }
}
