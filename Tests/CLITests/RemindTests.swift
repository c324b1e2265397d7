import Foundation
import TestSupport
import Testing

/// `tracker-preview remind`: the terminal's daily reminder (seed 004, step 5), as cron runs it.
@Suite("tracker-preview remind", .temporaryFolders)
struct RemindTests {
  static let archive = """
    {"format": "tracker", "version": 1,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Home"}],
     "trackers": [
       {"id": "00000000-0000-4000-8000-000000000002", "name": "Run", "emoji": "🙂", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
        "pinned": false, "created": "2026-11-01"},
       {"id": "00000000-0000-4000-8000-000000000003", "name": "Read", "emoji": "🙂", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon"], "pinned": false,
        "created": "2026-11-01"},
       {"id": "00000000-0000-4000-8000-000000000004", "name": "Swim", "emoji": "🙂", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "fri"], "pinned": false,
        "created": "2026-11-01"},
       {"id": "00000000-0000-4000-8000-000000000005", "name": "Yoga", "emoji": "🙂", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": ["tue"], "pinned": false,
        "created": "2026-11-01"},
       {"id": "00000000-0000-4000-8000-000000000006", "name": "Walk", "emoji": "🙂", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": null, "pinned": false,
        "created": "2026-11-01"}],
     "records": []}
    """
  static let turnOn =
    "tap #tab-settings\ntap #reminder\nexpect screen permission\ntap #allow\nexpect checked #reminder\n"

  /// A store with three habits due on Monday 2026-11-30 (and one not due, and an event), the
  /// reminder turned on through the settings tab as a user does it.
  func store(reminderOn: Bool = true) async throws -> String {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("backup.json")
    try Data(Self.archive.utf8).write(to: archive)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["import", archive.path, "--store", store] + fixed).status == 0)
    if reminderOn {
      let run = try await runCLI(["run", "-", "--store", store] + fixed, input: Self.turnOn)
      #expect(run.status == 0, "\(run.error)")
    }
    return store
  }

  func remind(_ store: String, at time: String, _ language: String = "en") async throws -> (
    status: Int32, output: String, error: String
  ) {
    try await runCLI(["remind", "--at", time, "--store", store, "--lang", language] + fixed)
  }

  @Test func atItsTimeItSaysHowManyOfTodaysHabitsAreDoneInBothLanguages() async throws {
    let store = try await store()
    for name in ["Run", "Read"] {
      #expect(try await runCLI(["done", name, "--store", store] + fixed).status == 0)
    }
    #expect(try await remind(store, at: "20:00") == (0, "Tracker — 2 of 3 habits done today\n", ""))
    #expect(
      try await remind(store, at: "23:30", "ru") == (0, "Трекер — Отмечено 2 из 3 привычек за сегодня\n", ""))
  }

  @Test func beforeItsTimeWhenAllIsDoneOrWhenItIsOffItSaysNothing() async throws {
    let store = try await store()
    #expect(try await remind(store, at: "19:59") == (0, "", ""))
    #expect(
      try await remind(store, at: "20:00", "ru") == (0, "Трекер — Отмечено 0 из 3 привычек за сегодня\n", ""))
    for name in ["Run", "Read", "Swim"] {
      #expect(try await runCLI(["done", name, "--store", store] + fixed).status == 0)
    }
    #expect(try await remind(store, at: "21:00") == (0, "", ""))
    let off = try await self.store(reminderOn: false)
    #expect(try await remind(off, at: "21:00") == (0, "", ""))
    #expect(try await runCLI(["remind", "--at", "21:00", "--demo"] + fixed) == (0, "", ""))
  }

  @Test func aNewTimeFromTheTimeSheetIsWhatRemindUses() async throws {
    let store = try await store()
    let script =
      "tap #tab-settings\ntap #reminder-time\nclear\ntype \"07:15\"\ntap #done\nexpect text \"07:15\"\n"
    #expect(try await runCLI(["run", "-", "--store", store] + fixed, input: script).status == 0)
    #expect(try await remind(store, at: "07:14") == (0, "", ""))
    #expect(try await remind(store, at: "07:15") == (0, "Tracker — 0 of 3 habits done today\n", ""))
    // Turned off again: silent.
    let off = "tap #tab-settings\ntap #reminder\nexpect unchecked #reminder\n"
    #expect(try await runCLI(["run", "-", "--store", store] + fixed, input: off).status == 0)
    #expect(try await remind(store, at: "22:00") == (0, "", ""))
  }

  @Test func aBackupCarriesTheReminderToAFreshStore() async throws {
    let store = try await store()
    let script = "tap #tab-settings\ntap #reminder-time\nclear\ntype \"06:45\"\ntap #done\n"
    #expect(try await runCLI(["run", "-", "--store", store] + fixed, input: script).status == 0)
    let backup = TemporaryFolder().path("backup.json")
    #expect(try await runCLI(["export", "--store", store, "--output", backup] + fixed).status == 0)
    let text = try String(contentsOfFile: backup, encoding: .utf8)
    #expect(text.contains(#""reminder": {"on": true, "time": "06:45"}"#))
    let fresh = TemporaryFolder().path("tracker.sqlite")
    #expect(try await runCLI(["import", backup, "--store", fresh] + fixed).status == 0)
    #expect(try await remind(fresh, at: "06:45") == (0, "Tracker — 0 of 3 habits done today\n", ""))
    let shown = try await runCLI(["show", "settings", "--store", fresh, "--lang", "en"] + fixed)
    #expect(shown.output.contains("06:45"))
  }

  @Test func withADayStartHourTheReminderStillSpeaksAfterMidnightUntilTheDayEnds() async throws {
    // Day start 08:00, the reminder on at 21:30: at 07:05 it is still yesterday's day, not done.
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("backup.json")
    let version2 = Self.archive.replacingOccurrences(
      of: #"{"format": "tracker", "version": 1,"#,
      with:
        #"{"format": "tracker", "version": 2, "dayStart": "08:00", "reminder": {"on": true, "time": "21:30"},"#
    )
    try Data(version2.utf8).write(to: archive)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["import", archive.path, "--store", store] + fixed).status == 0)
    let zone = ["--time-zone", "Europe/Moscow"]
    for today in [["--today", "2026-11-30"], []] {
      let morning = try await runCLI(["remind", "--at", "07:05", "--store", store] + today + zone)
      #expect(morning.status == 0, "\(morning.error)")
      #expect(morning.output.hasPrefix("Tracker — 0 of "), "\(today): \(morning.output)")
      // From 08:00 a new day begins, and its reminder waits for 21:30.
      let later = try await runCLI(["remind", "--at", "08:00", "--store", store] + today + zone)
      #expect(later.output == "", "\(today)")
    }
  }

  @Test func aTimeThatIsNoTimeIsAUsageError() async throws {
    let result = try await runCLI(["remind", "--at", "24:00", "--demo", "--lang", "ru"] + fixed)
    #expect(result.status == 64 && result.output == "")
    #expect(result.error.hasPrefix("Ошибка: 24:00 — не время: укажите ЧЧ:ММ, от 00:00 до 23:59"))
  }

  @Test func itNeverCreatesADataFile() async throws {
    let data = TemporaryFolder().path
    // A first use: nothing to remind of, nothing made.
    #expect(
      try await runCLI(["remind", "--at", "21:00"] + fixed, environment: ["XDG_DATA_HOME": data]) == (
        0, "", ""
      ))
    #expect(try FileManager.default.contentsOfDirectory(atPath: data) == [])
    // A --store that names nothing (a typo in a crontab) is said, not silently empty.
    let missing = data + "/none.sqlite"
    let typo = try await runCLI(["remind", "--at", "21:00", "--store", missing] + fixed)
    #expect(typo.status == 1 && typo.error.hasPrefix("Error: there is no data file at \(missing)"))
    #expect(!FileManager.default.fileExists(atPath: missing))
  }
}
