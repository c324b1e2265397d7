import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

/// `done --amount`, `note` and what `list` shows of a day (issue 32; docs/command-line.md), in both
/// languages, on a data file holding a measurable habit, an at-most habit, a quota habit and a
/// yes/no habit.
@Suite("Amounts, notes and quotas on the command line", .temporaryFolders)
struct MeasureAndNoteCLITests {
  let home = TrackerCategory(id: id(1), title: "Home")

  /// A data file with "Run" (at least 5 km a day), "Coffee" (at most 2 cups), "Gym" (3 a week)
  /// and "Water" (yes/no, every day), created 2026-11-23 (a Monday).
  func makeStore() throws -> String {
    let path = TemporaryFolder().path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: Date())
    try store.createCategory(home)
    func tracker(_ name: String, _ number: Int) -> Tracker {
      Tracker(
        id: id(number), name: name, emoji: TrackerEmoji.all[number], color: TrackerColor.palette[number],
        categoryID: home.id, createdOn: day("2026-11-23"), kind: .habit(.everyDay))
    }
    var run = tracker("Run", 10)
    run.measure = try .measurable(unit: "km", target: Amount(parsing: "5"), direction: .atLeast)
    var coffee = tracker("Coffee", 11)
    coffee.measure = try .measurable(unit: "cups", target: Amount(parsing: "2"), direction: .atMost)
    var gym = tracker("Gym", 12)
    gym.kind = .habit(Schedule(quota: Quota(3, per: .week)!))
    for tracker in [run, coffee, gym, tracker("Water", 13)] { try store.createTracker(tracker) }
    try store.updateSettings { $0.isOnboardingDone = true }
    return path
  }

  /// `show amount --demo` and `show note --demo` (the demo's run: 3.5 of 5 km today, and today's
  /// note), in both languages; a data file without a measurable tracker has no amount sheet.
  @Test func theDemosAmountAndNoteSheetsShowInBothLanguages() async throws {
    for (language, amount, goal, note) in [
      ("en", "3.5▏", "Target: at least 5 km", ["Run, Mon 30 Nov", "Tired legs: the rest tonight"]),
      ("ru", "3,5▏", "Цель: не меньше 5 км", ["Бег, Пн 30 нояб.", "Ноги устали, добегу вечером"]),
    ] {
      let sheet = try await runCLI(["show", "amount", "--demo", "--lang", language] + fixed)
      #expect(sheet.status == 0, "\(sheet.error)")
      #expect(sheet.output.contains(amount) && sheet.output.contains(goal), "\(sheet.output)")
      let noted = try await runCLI(["show", "note", "--demo", "--lang", language] + fixed)
      #expect(noted.status == 0, "\(noted.error)")
      #expect(note.allSatisfy { noted.output.contains($0) }, "\(noted.output)")
    }
    let path = TemporaryFolder().path("tracker.sqlite")
    let store = try SQLiteTrackerStore(path: path, now: Date())
    try store.createCategory(home)
    try store.createTracker(
      Tracker(
        id: id(13), name: "Water", emoji: TrackerEmoji.all[1], color: TrackerColor.palette[1],
        categoryID: home.id, createdOn: day("2026-11-23"), kind: .habit(.everyDay)))
    let none = try await runCLI(["show", "amount", "--store", path, "--lang", "en"] + fixed)
    #expect(none.status == 1)
    #expect(none.error.contains("the data file holds no measurable tracker"), "\(none.error)")
  }

  @Test func doneWithAnAmountEntersItAndARepeatSaysAlready() async throws {
    let store = try makeStore()
    let done = try await runCLI(["done", "Run", "--amount", "3.5", "--store", store] + fixed)
    #expect(done.status == 0, "\(done.error)")
    #expect(done.output == "Run: 3.5 / 5 km on 30 Nov 2026.\n")
    let again = try await runCLI(
      ["done", "Run", "--amount", "3,500", "--store", store, "--lang", "ru"] + fixed)
    #expect(again.output == "Run: уже 3,5 / 5 km за 30 нояб. 2026.\n")
    let changed = try await runCLI(
      ["done", "Run", "--amount", "6,25", "--store", store, "--lang", "ru"] + fixed)
    #expect(changed.output == "Run: 6,25 / 5 km за 30 нояб. 2026.\n")
    let read = try SQLiteTrackerStore(path: store, now: Date())
    #expect(
      try read.records(trackerID: id(10)) == [
        TrackerRecord(trackerID: id(10), day: day("2026-11-30"), amount: Amount(parsing: "6.25"))
      ])
  }

  @Test func doneWithoutAnAmountEntersTheTargetButNeverOverwritesAnAmountEntered() async throws {
    let store = try makeStore()
    let done = try await runCLI(["done", "Run", "--store", store] + fixed)
    #expect(done.output == "Run: 5 / 5 km on 30 Nov 2026.\n")
    #expect(try await runCLI(["done", "Run", "--amount", "2", "--store", store] + fixed).status == 0)
    // cron repeats `done Run`: the 2 km entered by hand stay.
    let repeated = try await runCLI(["done", "Run", "--store", store] + fixed)
    #expect(repeated.output == "Run: already 2 / 5 km on 30 Nov 2026.\n")
    let undone = try await runCLI(["undone", "Run", "--store", store] + fixed)
    #expect(undone.output == "Run: no longer done on 30 Nov 2026.\n")
    let read = try SQLiteTrackerStore(path: store, now: Date())
    #expect(try read.records(trackerID: id(10)).isEmpty)
  }

  @Test(arguments: [("en", "1,2,3"), ("en", "-1"), ("ru", "abc"), ("ru", "1.2345")])
  func anAmountThatIsNoNumberIsAUsageErrorAndTouchesNothing(language: String, text: String) async throws {
    let folder = TemporaryFolder()
    let store = folder.path("new.sqlite")
    let result = try await runCLI(
      ["done", "Run", "--amount", text, "--store", store, "--lang", language] + fixed)
    #expect(result.status == 64)
    let expected =
      language == "ru"
      ? "число от 0 с не более чем тремя знаками после запятой, например 12,5 или 12.5"
      : "a number of 0 or more with at most three decimals, such as 12.5 or 12,5"
    #expect(result.error.contains(expected), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: store))
  }

  @Test func anAmountForAYesNoTrackerIsRefusedInBothLanguages() async throws {
    let store = try makeStore()
    let english = try await runCLI(["done", "Water", "--amount", "1", "--store", store] + fixed)
    #expect(english.status == 1)
    #expect(
      english.error.contains("Water is not measurable: --amount is for a tracker with a unit and a target"))
    let russian = try await runCLI(
      ["done", "Water", "--amount", "1", "--store", store, "--lang", "ru"] + fixed)
    #expect(russian.error.contains("Water — не измеряемый трекер"))
    let read = try SQLiteTrackerStore(path: store, now: Date())
    #expect(try read.allRecords().isEmpty)
  }

  @Test func aNoteIsWrittenOnAnyDayRepeatedSafelyAndCleared() async throws {
    let store = try makeStore()
    let written = try await runCLI(["note", "Water", "ran in the rain", "--store", store] + fixed)
    #expect(written.status == 0, "\(written.error)")
    #expect(written.output == "Water: note saved for 30 Nov 2026.\n")
    #expect(
      try await runCLI(["note", "Water", "ran in the rain", "--store", store] + fixed).output
        == "Water: the note for 30 Nov 2026 already says this.\n")
    // A future day (a plan) and a day before the tracker began both take a note.
    let future = try await runCLI(
      ["note", "Gym", "отпуск", "--date", "2026-12-24", "--store", store, "--lang", "ru"] + fixed)
    #expect(future.output == "Gym: заметка за 24 дек. 2026 сохранена.\n")
    let cleared = try await runCLI(["note", "Water", "--clear", "--store", store] + fixed)
    #expect(cleared.output == "Water: note removed from 30 Nov 2026.\n")
    let again = try await runCLI(["note", "Water", "--clear", "--store", store, "--lang", "ru"] + fixed)
    #expect(again.output == "Water: за 30 нояб. 2026 нет заметки, удалять нечего.\n")
    let read = try SQLiteTrackerStore(path: store, now: Date())
    #expect(
      try read.contents().notes == [TrackerNote(trackerID: id(12), day: day("2026-12-24"), text: "отпуск")])
  }

  @Test func aNoteThatBreaksARuleOrAMissingTextIsRefusedAndChangesNothing() async throws {
    let store = try makeStore()
    let long = try await runCLI(
      ["note", "Water", String(repeating: "a", count: 501), "--store", store] + fixed)
    #expect(long.status == 1)
    #expect(long.error.contains("the note was not saved: 500 character limit"), "\(long.error)")
    let empty = try await runCLI(["note", "Water", "  ", "--store", store, "--lang", "ru"] + fixed)
    #expect(empty.error.contains("заметка не сохранена: Напишите что-нибудь"), "\(empty.error)")
    let missing = try await runCLI(["note", "Water", "--store", store] + fixed)
    #expect(missing.status == 64)
    #expect(missing.error.contains("give the note's text, or --clear to remove it"))
    let both = try await runCLI(
      ["note", "Water", "text", "--clear", "--store", store, "--lang", "ru"] + fixed)
    #expect(both.status == 64)
    #expect(both.error.contains("укажите текст заметки или --clear, но не то и другое"))
    let read = try SQLiteTrackerStore(path: store, now: Date())
    #expect(try read.contents().notes.isEmpty)
  }

  @Test func theReminderCountsMetDaysQuotasAndNoAtMostHabitToday() async throws {
    let store = try makeStore()
    let file = try SQLiteTrackerStore(path: store, now: Date())
    try file.updateSettings { $0.reminder = ReminderSettings(isOn: true, time: .evening) }
    // Run below its target is expected and not met; Coffee (at most) is not expected today; Gym
    // (3 a week, nothing yet) and Water are expected.
    #expect(try await runCLI(["done", "Run", "--amount", "4", "--store", store] + fixed).status == 0)
    #expect(try await runCLI(["done", "Water", "--store", store] + fixed).status == 0)
    let before = try await runCLI(["remind", "--at", "21:00", "--store", store] + fixed)
    #expect(before.output == "Tracker — 1 of 3 habits done today\n", "\(before.error)")
    #expect(try await runCLI(["done", "Run", "--amount", "5", "--store", store] + fixed).status == 0)
    #expect(try await runCLI(["done", "Gym", "--store", store] + fixed).status == 0)
    // Everything expected is met: the reminder stays silent.
    let after = try await runCLI(["remind", "--at", "21:00", "--store", store] + fixed)
    #expect(after.status == 0 && after.output == "")
  }

  @Test func listShowsAmountsQuotaProgressAndNotesInBothLanguages() async throws {
    let store = try makeStore()
    for (name, date, extra) in [
      ("Run", "2026-11-30", ["--amount", "3.5"]), ("Gym", "2026-11-24", []), ("Gym", "2026-11-30", []),
      ("Coffee", "2026-11-29", ["--amount", "1"]),
    ] {
      #expect(try await runCLI(["done", name, "--date", date, "--store", store] + extra + fixed).status == 0)
    }
    #expect(try await runCLI(["note", "Run", "windy", "--store", store] + fixed).status == 0)
    let english = try await runCLI(["list", "--store", store] + fixed).output
    // 3.5 km of 5 is not met: not done, no streak; the note shows as ✎.
    #expect(english.contains("  [ ] 🙌 Run: 3.5 / 5 km; "), "\(english)")
    #expect(english.contains("; current streak 0 days ✎\n"), "\(english)")
    // 30 Nov is a Monday: its week holds one met day so far.
    #expect(english.contains("  [✓] 🥦 Gym: 1 of 3 this week; 2 days; current streak 1 day\n"), "\(english)")
    // At most 2 cups: every ended day without a record is met (zero is the best day); today is
    // judged once it has ended.
    #expect(english.contains("  [ ] 🍔 Coffee: 0 / 2 cups; "), "\(english)")
    #expect(english.contains("; current streak 7 days\n"), "\(english)")
    #expect(english.contains("  [ ] 🏓 Water: 0 days; current streak 0 days\n"), "\(english)")
    let russian = try await runCLI(["list", "--store", store, "--lang", "ru"] + fixed).output
    #expect(russian.contains("Run: 3,5 / 5 km;"), "\(russian)")
    #expect(russian.contains("Gym: 1 из 3 на этой неделе;"), "\(russian)")
    let yesterday = try await runCLI(["list", "--date", "2026-11-29", "--store", store] + fixed).output
    #expect(yesterday.contains("  [✓] 🍔 Coffee: 1 / 2 cups; "), "\(yesterday)")
    // Sunday the 29th ends last week: that week, as the card says, not "this week".
    #expect(yesterday.contains("Gym: 1 of 3 that week;"), "\(yesterday)")
    let json = try await runCLI(["list", "--json", "--store", store] + fixed).output
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let sections = object?["sections"] as? [[String: Any]]
    let cards = (sections?.first?["trackers"] as? [[String: Any]]) ?? []
    let byName = Dictionary(uniqueKeysWithValues: cards.map { ($0["name"] as? String ?? "", $0) })
    // Amounts are JSON numbers written exactly as entered ("3.5", never 3.4999…).
    #expect(
      json.contains("\"amount\": 3.5, \"target\": 5, \"unit\": \"km\", \"direction\": \"at-least\""),
      "\(json)")
    #expect(byName["Run"]?["note"] as? String == "windy")
    #expect(byName["Run"]?["done"] as? Bool == false)
    #expect(byName["Coffee"]?["direction"] as? String == "at-most")
    #expect(byName["Coffee"]?["amount"] is NSNull)
    let quota = byName["Gym"]?["quota"] as? [String: Any]
    #expect(quota?["times"] as? Int == 3 && quota?["per"] as? String == "week")
    #expect(quota?["met"] as? Int == 1 && quota?["required"] as? Int == 3)
    for key in ["amount", "target", "unit", "direction", "quota", "note"] {
      #expect(byName["Water"]?[key] is NSNull, "\(key)")
    }
  }
}
