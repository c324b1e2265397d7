import Foundation
import TestSupport
import Testing
import TrackerArchiveCodec

@testable import tracker_preview

/// `reminder add|remove|list` and each habit's reminder in `remind` (issue 48; docs/command-line.md,
/// "Reminders"). The demo on Monday 30 November 2026 in Moscow; the tool runs in this process with
/// its clock fixed, so the day start's rule meets a real instant.
@Suite("Reminders for each habit on the command line", .temporaryFolders)
@MainActor
struct ReminderCLITests {
  let store: String

  init() async throws {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("demo.json").path
    store = folder.appendingPathComponent("tracker.sqlite").path
    let fixed = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]
    #expect(try await runCLI(["export", "--demo", "--lang", "en", "--output", archive] + fixed).status == 0)
    #expect(try await runCLI(["import", archive, "--store", store] + fixed).status == 0)
  }

  /// The tool at `instant` (Moscow), on this test's data file.
  func run(_ arguments: [String], at instant: String = "2026-11-30T09:00:00Z") async -> Outcome {
    await Tool.run(
      arguments + ["--store", store, "--time-zone", "Europe/Moscow"],
      ToolContext(
        environment: [:], now: ISO8601DateFormatter().date(from: instant)!,
        timeZone: TimeZone(identifier: "Europe/Moscow")!, isTerminal: false, homeDirectory: "/nonexistent",
        readStandardInput: { _ in Data() }))
  }

  @Test(arguments: ["en", "ru"])
  func aReminderOnlyIfNotDoneSpeaksAtItsTimeAndFallsSilentOnceTheDayIsDone(language: String) async {
    let lang = ["--lang", language]
    await #expect(run(["reminder", "add", "Water the plants", "07:30"] + lang).exitCode == 0)
    await #expect(run(["reminder", "add", "water the plants", "21:00"] + lang).exitCode == 0)
    let line =
      language == "en"
      ? "❤️ Water the plants — Not done yet today.\n" : "❤️ Water the plants — Сегодня ещё не отмечено.\n"
    let morning = await run(["remind", "--at", "07:30"] + lang)
    #expect(morning.standardOutput.contains(line), "\(morning.standardOutput)\(morning.standardError)")
    // Another minute: no reminder is set for it.
    await #expect(!run(["remind", "--at", "07:31"] + lang).standardOutput.contains("Water the plants"))
    await #expect(run(["done", "Water the plants"] + lang).exitCode == 0)
    let evening = await run(["remind", "--at", "21:00"] + lang)
    #expect(evening.exitCode == 0)
    #expect(!evening.standardOutput.contains("Water the plants"), "\(evening.standardOutput)")
    // One that always speaks still does.
    await #expect(run(["reminder", "add", "Water the plants", "21:00", "--always"] + lang).exitCode == 0)
    await #expect(run(["remind", "--at", "21:00"] + lang).standardOutput.contains("Water the plants"))
    // Archived, it is silent (issue 49); brought back, it speaks again.
    await #expect(run(["archive", "Water the plants"] + lang).exitCode == 0)
    await #expect(!run(["remind", "--at", "21:00"] + lang).standardOutput.contains("Water the plants"))
    // The list keeps them, and says they are silent.
    await #expect(
      run(["reminder", "list"] + lang).standardOutput.contains(
        language == "en"
          ? "Water the plants (archived: its reminders are silent until it is brought back)\n"
          : "Water the plants (в архиве: его напоминания молчат, пока он не вернётся)\n"))
    await #expect(run(["reminder", "list", "--json"] + lang).standardOutput.contains("\"archived\": true"))
    await #expect(run(["unarchive", "Water the plants"] + lang).exitCode == 0)
    await #expect(run(["remind", "--at", "21:00"] + lang).standardOutput.contains("Water the plants"))
  }

  @Test(arguments: ["en", "ru"])
  func withADayStartAtThreeAHalfPastOneReminderSpeaksForTheDayBefore(language: String) async throws {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("start.json").path
    try
      #"{"format": "tracker", "version": 2, "dayStart": "03:00", "categories": [], "trackers": [], "daysOff": [], "records": []}"#
      .write(toFile: archive, atomically: true, encoding: .utf8)
    await #expect(run(["import", archive]).exitCode == 0)
    let lang = ["--lang", language]
    await #expect(run(["reminder", "add", "Water the plants", "01:30"] + lang).exitCode == 0)
    // 01:30 on Tuesday 1 December in Moscow is still Monday 30 November.
    let night = "2026-11-30T22:30:00Z"
    let first = await run(["remind", "--json"] + lang, at: night)
    let json = try JSONParser.parse(first.standardOutput)
    #expect(json["day"] == .string("2026-11-30"))
    guard case .array(let habits)? = json["habits"], let habit = habits.first else {
      Issue.record("no habit reminder: \(first.standardOutput)\(first.standardError)")
      return
    }
    #expect(habit["name"] == .string("Water the plants") && habit["day"] == .string("2026-11-30"))
    // Done then (Monday's evening, by the clock alone): the reminder is silent.
    await #expect(run(["done", "Water the plants"] + lang, at: night).exitCode == 0)
    await #expect(run(["remind"] + lang, at: night).standardOutput == "")
  }

  @Test func remindJSONListsEachReminderWithItsButtonsAndTheCommandsTheyRun() async throws {
    await #expect(run(["reminder", "add", "Water the plants", "08:00"]).exitCode == 0)
    await #expect(run(["reminder", "add", "Run", "08:00"]).exitCode == 0)
    let json = try JSONParser.parse(await run(["remind", "--at", "08:00", "--json"]).standardOutput)
    #expect(json["at"] == .string("08:00"))
    guard case .array(let habits)? = json["habits"] else {
      Issue.record("no habits")
      return
    }
    // In the main screen's order: the pinned watering, then Sport's run.
    #expect(habits.map { $0["name"] } == [.string("Water the plants"), .string("Run")])
    func kinds(_ habit: JSONValue) -> [JSONValue] {
      guard case .array(let actions)? = habit["actions"] else { return [] }
      return actions.map { $0["kind"] ?? .null }
    }
    #expect(kinds(habits[0]) == [.string("done"), .string("dayOff"), .string("open")])
    #expect(kinds(habits[1]) == [.string("amount"), .string("dayOff"), .string("open")])
    #expect(habits[1]["category"] == .string("habit-reminder-amount"))
    guard case .array(let actions)? = habits[0]["actions"] else {
      Issue.record("the first habit has no actions: \(habits[0])")
      return
    }
    #expect(actions.map { $0["runs"] } == [.string("done"), .string("day-off"), .null])
    #expect(habits[0]["link"] == .string("tracker://habit/DE000000-0000-4000-8000-000000000065"))
  }

  @Test func addChangeListAndRemoveSayWhatTheyDidInBothLanguages() async throws {
    let added = await run(["reminder", "add", "Run", "07:30", "--days", "mon,wed"])
    #expect(added.standardOutput == "Run: reminder at 07:30 added (Mon, Wed, if not done yet).\n")
    let again = await run(["reminder", "add", "Run", "07:30", "--days", "wed,mon"])
    #expect(again.standardOutput == "Run: the reminder at 07:30 is already so (Mon, Wed, if not done yet).\n")
    let changed = await run(["reminder", "add", "run", "07:30", "--always", "--lang", "ru"])
    #expect(
      changed.standardOutput
        == "Run: напоминание на 07:30 теперь звучит в дни привычки, даже если отмечено.\n")
    await #expect(run(["reminder", "add", "Run", "21:00", "--days", "every-day"]).exitCode == 0)
    await #expect(
      run(["reminder", "list"]).standardOutput
        == "🥇 Run\n  07:30  on its days, even when done\n  21:00  every day, if not done yet\n")
    let json = try JSONParser.parse(await run(["reminder", "list", "Run", "--json"]).standardOutput)
    guard case .array(let trackers)? = json["trackers"],
      case .array(let reminders)? = trackers.first?["reminders"]
    else {
      Issue.record("no reminders in the JSON")
      return
    }
    #expect(reminders.map { $0["at"] } == [.string("07:30"), .string("21:00")])
    #expect(reminders[0]["days"] == .null && reminders[0]["ifNotDone"] == .bool(false))
    let removed = await run(["reminder", "remove", "Run", "07:30", "--lang", "ru"])
    #expect(removed.standardOutput == "Run: напоминание на 07:30 удалено.\n")
    await #expect(run(["reminder", "remove", "Run", "21:00"]).exitCode == 0)
    await #expect(run(["reminder", "list"]).standardOutput.hasPrefix("No habit has reminders."))
    await #expect(
      run(["reminder", "list", "Run", "--lang", "ru"]).standardOutput == "У «Run» нет напоминаний.\n")
  }

  @Test func whatCannotBeDoneIsRefusedWithAReasonAndChangesNothing() async {
    await #expect(run(["reminder", "add", "Run", "07:30"]).exitCode == 0)
    let missing = await run(["reminder", "remove", "Run", "08:00"])
    #expect(missing.exitCode == 1)
    #expect(missing.standardError.contains("Run has no reminder at 08:00; its reminders: 07:30"))
    let unknown = await run(["reminder", "frob"])
    #expect(unknown.exitCode == 64 && unknown.standardError.contains("Unknown reminder command 'frob'"))
    let near = await run(["reminder", "ad", "Run", "07:00"])
    #expect(near.standardError.contains("Did you mean 'add'?") || near.standardError.contains("'add'"))
    let badTime = await run(["reminder", "add", "Run", "7.30"])
    #expect(badTime.exitCode == 64 && badTime.standardError.contains("7.30"))
    let badDays = await run(["reminder", "add", "Run", "09:00", "--days", "mon,xyz"])
    #expect(badDays.exitCode == 64 && badDays.standardError.contains("weekdays such as mon,wed,fri"))
    let noOne = await run(["reminder", "add", "Rn", "09:00"])
    #expect(noOne.exitCode == 1 && noOne.standardError.contains("Run"))
    for hour in 10..<(10 + 7) { await #expect(run(["reminder", "add", "Run", "\(hour):00"]).exitCode == 0) }
    let full = await run(["reminder", "add", "Run", "18:00", "--lang", "ru"])
    #expect(full.exitCode == 1)
    #expect(full.standardError.contains("У «Run» уже 8 напоминаний"), "\(full.standardError)")
    await #expect(
      run(["reminder", "list", "Run"]).standardOutput.components(separatedBy: "\n").count == 1 + 8 + 1)
  }
}
