import Foundation
import TestSupport
import Testing

@testable import tracker_preview

/// `skip` / `unskip` and the day start hour on the command line (docs/command-line.md). The demo
/// on 2026-11-30 (a Monday): the exercise is due Mon, Wed, Fri; the board games Sat, Sun.
@Suite("Days off and the day start on the command line", .temporaryFolders)
struct DaysOffCLITests {
  /// A data file holding the demo as of 2026-11-30.
  func demoStore() async throws -> String {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("demo.json").path
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["export", "--demo", "--lang", "en", "--output", archive] + fixed).status == 0)
    #expect(try await runCLI(["import", archive, "--store", store] + fixed).status == 0)
    return store
  }

  @Test func aWeekOffForEveryTrackerTakesOnlyTheDaysEachIsShownAndIsSafeToRepeat() async throws {
    let store = try await demoStore()
    // Today's watering done before leaving, and the run's 3.5 km brought up to its 5, as everything
    // else due today is done.
    #expect(try await runCLI(["done", "Water the plants", "--store", store] + fixed).status == 0)
    #expect(try await runCLI(["done", "Run", "--amount", "5", "--store", store] + fixed).status == 0)
    let arguments = ["skip", "--all", "--from", "2026-12-01", "--to", "2026-12-07", "--store", store] + fixed
    let first = try await runCLI(arguments)
    #expect(first.status == 0, "\(first.error)")
    #expect(
      first.output == """
        Board games with friends: 2 days off, 1 Dec 2026 – 7 Dec 2026.
        Grandma sent a postcard on WhatsApp: 7 days off, 1 Dec 2026 – 7 Dec 2026.
        Morning exercise: 3 days off, 1 Dec 2026 – 7 Dec 2026.
        Run: 7 days off, 1 Dec 2026 – 7 Dec 2026.
        Swim: 7 days off, 1 Dec 2026 – 7 Dec 2026.
        The cat blocked the camera on a call: 7 days off, 1 Dec 2026 – 7 Dec 2026.
        Water the plants: 7 days off, 1 Dec 2026 – 7 Dec 2026.

        """)
    let again = try await runCLI(arguments)
    #expect(again.status == 0)
    #expect(again.output.hasPrefix("Board games with friends: already off, 1 Dec 2026 – 7 Dec 2026.\n"))
    // The statistics do not count days off as done, and a week later every streak is still there.
    let before = try await runCLI(["stats", "--json", "--store", store] + fixed).output
    let after = try await runCLI(["stats", "--json", "--store", store, "--today", "2026-12-08"]).output
    #expect(before.contains("\"completed\": 77"))
    func streaks(_ json: String) -> [Substring] {
      json.split(separator: "\n").filter { $0.contains("currentStreak") }.map {
        $0[$0.range(of: "\"currentStreak\"")!.lowerBound...]
      }
    }
    #expect(streaks(before) == streaks(after))
    #expect(before.contains("\"currentStreak\": 5"))
  }

  @Test func oneTrackerOffForADayItIsNotShownOnIsRefused() async throws {
    let store = try await demoStore()
    let refused = try await runCLI(
      ["skip", "Morning exercise", "--date", "2026-12-01", "--store", store] + fixed)
    #expect(refused.status == 1)
    #expect(
      refused.error
        == "Error: Morning exercise is not shown on 1 Dec 2026: a day off is taken only on its days\n")
    let russian = try await runCLI(
      ["skip", "Morning exercise", "--date", "2026-12-01", "--store", store, "--lang", "ru"] + fixed)
    #expect(
      russian.error
        == "Ошибка: Morning exercise не показывается 1 дек. 2026: выходной берут только в его дни\n")
  }

  @Test func todayIsTheDefaultAndListShowsTheDayOff() async throws {
    let store = try await demoStore()
    let taken = try await runCLI(["skip", "Water the plants", "--store", store, "--lang", "ru"] + fixed)
    #expect(taken.output == "Water the plants: 1 выходной, 30 нояб. 2026.\n")
    let list = try await runCLI(["list", "--store", store] + fixed)
    #expect(list.output.contains("  [–] ❤️ Water the plants: 10 days; current streak 10 days\n"))
    let json = try await runCLI(["list", "--json", "--store", store] + fixed)
    #expect(
      json.output.contains(
        "\"name\": \"Water the plants\", \"emoji\": \"❤️\", \"done\": false, \"dayOff\": true"))
    // done on a day off completes it (and the day off goes); unskip then has nothing to cancel.
    #expect(try await runCLI(["done", "Water the plants", "--store", store] + fixed).status == 0)
    let cancelled = try await runCLI(["unskip", "Water the plants", "--store", store] + fixed)
    #expect(cancelled.output == "Water the plants: no day off to cancel, 30 Nov 2026.\n")
  }

  @Test func badRangesAreUsageErrorsInBothLanguages() async throws {
    let cases: [([String], String, String)] = [
      (
        ["--from", "2026-12-09", "--to", "2026-12-01"], "--from 9 Dec 2026 is after --to 1 Dec 2026",
        "--from 9 дек. 2026 позже, чем --to 1 дек. 2026"
      ),
      (
        ["--from", "2026-12-09"], "use --date for one day, or --from and --to together for a range",
        "укажите --date для одного дня или --from вместе с --to для нескольких"
      ),
      (
        ["--from", "2026-01-01", "--to", "2027-12-31"],
        "the range spans 730 days; days off are taken at most 366 at a time",
        "в промежутке 730 дн.; за раз можно взять не больше 366 выходных"
      ),
    ]
    for (options, english, russian) in cases {
      for (language, message) in [("en", english), ("ru", russian)] {
        let result = try await runCLI(["skip", "--all", "--demo", "--lang", language] + options + fixed)
        #expect(result.status == 64, "\(options)")
        #expect(result.error.contains(message), "\(result.error)")
      }
    }
    let both = try await runCLI(["skip", "Run", "--all", "--demo"] + fixed)
    #expect(both.status == 64 && both.error.contains("give a tracker name or --all, not both"))
  }

  @Test func withADayStartAtThreeDoneAtHalfPastOneCountsForTheEveningBefore() async throws {
    let store = try await demoStore()
    // The day start as a backup restores it (version 2 archives carry it).
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("start.json").path
    try
      #"{"format": "tracker", "version": 2, "dayStart": "03:00", "categories": [], "trackers": [], "daysOff": [], "records": []}"#
      .write(toFile: archive, atomically: true, encoding: .utf8)
    #expect(try await runCLI(["import", archive, "--store", store] + fixed).status == 0)
    // 01:30 on Tuesday 1 December in Moscow is still Monday 30 November: the clock, no --today.
    @MainActor func run(_ arguments: [String]) async -> Outcome {
      await Tool.run(
        arguments + ["--store", store, "--time-zone", "Europe/Moscow"],
        ToolContext(
          environment: [:], now: ISO8601DateFormatter().date(from: "2026-11-30T22:30:00Z")!,
          timeZone: TimeZone(identifier: "Europe/Moscow")!, isTerminal: false, homeDirectory: "/nonexistent",
          readStandardInput: { _ in Data() }))
    }
    let done = await run(["done", "Water the plants"])
    #expect(done.standardOutput == "Water the plants: done on 30 Nov 2026.\n", "\(done.standardError)")
    let list = await run(["list"])
    #expect(list.standardOutput.hasPrefix("Trackers · 30 Nov 2026\n"))
    // Tuesday has not begun: it is still in the future.
    let tuesday = await run(["done", "Water the plants", "--date", "2026-12-01"])
    #expect(tuesday.exitCode == 1 && tuesday.standardError.contains("is in the future"))
    // With the day starting at midnight, the same instant is Tuesday.
    let midnight = folder.appendingPathComponent("midnight.json").path
    try
      #"{"format": "tracker", "version": 2, "dayStart": "00:00", "categories": [], "trackers": [], "daysOff": [], "records": []}"#
      .write(toFile: midnight, atomically: true, encoding: .utf8)
    #expect(try await runCLI(["import", midnight, "--store", store] + fixed).status == 0)
    let listTuesday = await run(["list"])
    #expect(listTuesday.standardOutput.hasPrefix("Trackers · 1 Dec 2026\n"))
  }
}
