import Foundation
import TestSupport
import Testing

/// `show --url`: the screen a link into the app opens, as a client's `onOpenURL` opens it, and
/// why a bad link opens none (issue 48, "Deep links").
@Suite("show --url")
struct LinkCLITests {
  let fixed = ["--demo", "--today", "2026-11-30", "--time-zone", "Europe/Moscow", "--width", "60"]

  @Test(arguments: [
    ("en", "Morning%20exercise", "Morning exercise"),
    ("ru", "%D0%97%D0%B0%D1%80%D1%8F%D0%B4%D0%BA%D0%B0", "Зарядка"),
  ])
  func aHabitsLinkPrintsItsDetail(language: String, encoded: String, name: String) async throws {
    let byLink = try await runCLI(
      ["show", "--url", "tracker://habit/\(encoded)", "--lang", language] + fixed)
    #expect(byLink.status == 0, "\(byLink.error)")
    #expect(byLink.output.contains(name))
    // The same screen the detail's own path shows for that habit.
    let lines = byLink.output.split(separator: "\n")
    #expect(lines.contains { $0.contains(language == "en" ? "Current streak" : "Текущая серия") })
  }

  @Test(arguments: ["en", "ru"])
  func eachPlacePrintsTheScreenItsNameShows(language: String) async throws {
    for (link, screen) in [
      ("tracker://statistics", "statistics"), ("tracker://new", "type-picker"),
      ("tracker://today", "trackers"),
    ] {
      let byLink = try await runCLI(["show", "--url", link, "--lang", language] + fixed)
      let byName = try await runCLI(["show", screen, "--lang", language] + fixed)
      #expect(byLink.status == 0 && byName.status == 0, "\(link): \(byLink.error)")
      #expect(byLink.output == byName.output, "\(link)")
    }
  }

  @Test(arguments: [
    (
      "en", "tracker://habit/Kayak",
      "Error: cannot show tracker://habit/Kayak: Can’t open the link: No habit is named “Kayak”.\n"
    ),
    (
      "ru", "tracker://habit/Kayak",
      "Ошибка: не удаётся показать tracker://habit/Kayak: Не удалось открыть ссылку: Нет привычки с названием «Kayak».\n"
    ),
    // A name close to a habit's: the nearest name is suggested, as `done` suggests it.
    (
      "en", "tracker://habit/Morning%20exercis",
      "Error: cannot show tracker://habit/Morning%20exercis: Can’t open the link: No habit is named “Morning exercis”. Did you mean 'Morning exercise'?\n"
    ),
    (
      "ru", "tracker://habit/%D0%97%D0%B0%D1%80%D1%8F%D0%B4%D0%BA",
      "Ошибка: не удаётся показать tracker://habit/%D0%97%D0%B0%D1%80%D1%8F%D0%B4%D0%BA: Не удалось открыть ссылку: Нет привычки с названием «Зарядк». Может быть, «Зарядка»?\n"
    ),
    (
      "en", "tracker://calendar",
      "Error: cannot show tracker://calendar: tracker://calendar leads nowhere: links open today, habit/NAME, statistics or new.\n"
    ),
    (
      "ru", "https://example.com",
      "Ошибка: не удаётся показать https://example.com: Ссылки https: не открывают приложение; его ссылки начинаются с tracker://.\n"
    ),
  ])
  func aBadLinkSaysWhy(language: String, link: String, expected: String) async throws {
    let result = try await runCLI(["show", "--url", link, "--lang", language] + fixed)
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.error == expected)
  }

  @Test func aScreenAndALinkAreOneTooMany() async throws {
    let result = try await runCLI(["show", "trackers", "--url", "tracker://today"] + fixed)
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: Give a screen or --url, not both\n"))
    let todo = try await runCLI(["show", "--url", "tracker://today", "--app", "todo", "--demo"])
    #expect(todo.status == 1)
    #expect(
      todo.error == "Error: cannot show tracker://today: links open the habit tracker, not the to-do list\n")
  }
}
