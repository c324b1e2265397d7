import Foundation
import TestSupport
import Testing

/// Smaller defects of issue 21 §6, as a user meets them on a day that is not a Monday: what
/// `import` lets in, and which days `done` / `undone` and the detail grid can tick.
@Suite("import and done agree with the screens", .temporaryFolders)
struct OneRuleTests {
  /// Friday 2026-12-04: the detail's grid runs from Monday 2 November to Sunday 6 December.
  static let friday = ["--today", "2026-12-04", "--time-zone", "Europe/Moscow"]

  /// "Бег", due Mon, Wed, Fri, created Wednesday 2026-12-02, no records.
  static let archive = """
    {"format": "tracker", "version": 1,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Спорт"}],
     "trackers": [
       {"id": "00000000-0000-4000-8000-000000000002", "name": "Бег", "emoji": "🙂", "color": "#FD4C49",
        "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "wed", "fri"], "pinned": false,
        "created": "2026-12-02"}],
     "records": []}
    """

  func store(_ archive: String = Self.archive) async throws -> (
    store: String, importResult: (Int32, String, String)
  ) {
    let folder = TemporaryFolder().url
    let file = folder.appendingPathComponent("backup.json")
    try Data(archive.utf8).write(to: file)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let result = try await runCLI(["import", file.path, "--store", store, "--lang", "en"] + Self.friday)
    return (store, (result.status, result.output, result.error))
  }

  @Test(arguments: [
    (
      "en",
      [
        ##"trackers[0].emoji: "🏃" is not one of the 18 emoji of the app"##,
        ##"trackers[0].color: "#123456" is not one of the 18 colors of the app"##,
      ]
    ),
    (
      "ru",
      [
        ##"trackers[0].emoji: "🏃" — не из 18 эмодзи приложения"##,
        ##"trackers[0].color: "#123456" — не из 18 цветов приложения"##,
      ]
    ),
  ])
  func importRefusesAnEmojiAndAColorOutsideThePalettesWithTheOtherProblems(
    _ language: String, _ problems: [String]
  ) async throws {
    let folder = TemporaryFolder().url
    let file = folder.appendingPathComponent("backup.json")
    let foreign = Self.archive.replacingOccurrences(
      of: ##""emoji": "🙂", "color": "#FD4C49""##, with: ##""emoji": "🏃", "color": "#123456""##
    )
    .replacingOccurrences(
      of: #""records": []"#, with: #""records": [{"tracker": "nobody", "date": "2026-12-01"}]"#)
    try Data(foreign.utf8).write(to: file)
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let result = try await runCLI(["import", file.path, "--store", store, "--lang", language] + Self.friday)
    #expect(result.status == 1)
    // Listed as `path: message`, with the file's other problem, in the run's language.
    #expect(
      result.error.contains(":\n" + problems.joined(separator: "\n") + "\nrecords[0].tracker: "),
      "\(result.error)")
    // Nothing came in: `list` on the same file finds no tracker.
    #expect(!(try await runCLI(["list", "--store", store] + Self.friday).output.contains("Бег")))
  }

  @Test func doneAndUndoneTickExactlyTheDaysTheDetailGridCanTick() async throws {
    let (store, imported) = try await store()
    #expect(imported.0 == 0, "\(imported.2)")
    let elements = try await runCLI(
      ["show", "detail", "--store", store, "--elements", "--json"] + Self.friday)
    #expect(elements.status == 0, "\(elements.error)")
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(elements.output.utf8)) as? [[String: Any]])
    let cells = list.compactMap { element -> (day: String, enabled: Bool)? in
      guard let identifier = element["identifier"] as? String, identifier.hasPrefix("day:"),
        let enabled = element["enabled"] as? Bool
      else { return nil }
      return (String(identifier.dropFirst(4)), enabled)
    }
    #expect(cells.count == 35)
    // Before the first day (Monday 30 November) the grid ticks due days, so `done` does too.
    #expect(cells.first { $0.day == "2026-11-30" }?.enabled == true)
    for cell in cells {
      let done = try await runCLI(["done", "Бег", "--date", cell.day, "--store", store] + Self.friday)
      #expect((done.status == 0) == cell.enabled, "\(cell.day): \(done.error)")
      let undone = try await runCLI(["undone", "Бег", "--date", cell.day, "--store", store] + Self.friday)
      #expect((undone.status == 0) == cell.enabled, "\(cell.day): \(undone.error)")
    }
  }

  @Test(arguments: [
    (
      "en", "Бег: done on 30 Nov 2026.\n",
      "Error: Бег is not scheduled on 1 Dec 2026: only a day of its schedule can be marked\n",
      "Error: 5 Dec 2026 is in the future: a day can be marked once it has come\n"
    ),
    (
      "ru", "Бег: отмечено за 30 нояб. 2026.\n",
      "Ошибка: Бег: 1 дек. 2026 не по расписанию — отметить можно только день по расписанию\n",
      "Ошибка: День 5 дек. 2026 ещё не наступил: отметить его можно, когда он придёт\n"
    ),
  ])
  func doneTicksADueDayBeforeTheFirstDayAndRefusesADayOffTheScheduleAndTheFuture(
    _ language: String, _ ticked: String, _ notScheduled: String, _ future: String
  ) async throws {
    let (store, imported) = try await store()
    #expect(imported.0 == 0, "\(imported.2)")
    let options = ["--store", store, "--lang", language] + Self.friday
    let before = try await runCLI(["done", "Бег", "--date", "2026-11-30"] + options)
    #expect(before.status == 0 && before.output == ticked, "\(before.error)")
    let tuesday = try await runCLI(["done", "Бег", "--date", "2026-12-01"] + options)
    #expect(tuesday.status == 1 && tuesday.error == notScheduled)
    let saturday = try await runCLI(["done", "Бег", "--date", "2026-12-05"] + options)
    #expect(saturday.status == 1 && saturday.error == future)
  }
}
