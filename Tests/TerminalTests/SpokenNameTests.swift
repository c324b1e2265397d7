import Foundation
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore
import TrackerViewModels

@testable import TrackerTerminal

/// What the bottom line (and a screen reader) calls each kind of element (issue 30, item 3): an
/// icon-only button what it does, a row or field its value, a choice or switch its state, a menu's
/// button the tracker it acts on, and a disabled element why it cannot be used.
@MainActor
@Suite("Every element named with its context", .temporaryFolders)
struct SpokenNameTests {
  /// The words of one language.
  struct Words: Sendable, CustomTestStringConvertible {
    let language: Language
    let main: [String: String]
    let calendar: [String: String]
    let future: String
    let menu: [String: String]
    let edit: [String: String]
    let create: String
    let todo: [String: String]
    let todoDone: String
    var testDescription: String { "\(language)" }
  }

  nonisolated static let both = [
    Words(
      language: .en,
      main: [
        "add": "Add tracker", "date": "Date: Mon 30 Nov",
        "card:Water the plants": "Water the plants, 10 days",
        "card:Morning exercise": "Morning exercise, 5 days, done", "tab-trackers": "Trackers tab, chosen",
        "tab-statistics": "Statistics tab",
      ],
      calendar: [
        "prev-month": "Previous month: October 2026", "next-month": "Next month: December 2026",
        "day:2026-11-30": "Mon 30 Nov, today, chosen",
      ],
      future: "Water the plants, Thu 3 Dec: a day to come, cannot be marked",
      menu: ["unpin": "Unpin: Water the plants", "delete": "Delete: Water the plants"],
      edit: [
        "name": "Name: Water the plants", "category": "Category: Home comfort",
        "schedule": "Schedule: Every day",
        "emoji:5": "Emoji ❤️, chosen", "days-minus": "One day fewer: 10 days",
        "days-plus": "One day more: 10 days",
      ],
      create: "Create: fill in first: name, category, schedule, emoji, color",
      todo: ["add": "Add a task"], todoDone: "Done: The task needs a text"),
    Words(
      language: .ru,
      main: [
        "add": "Добавить трекер", "date": "Дата: Пн 30 нояб.",
        "card:Поливать растения": "Поливать растения, 10 дней",
        "card:Зарядка": "Зарядка, 5 дней, выполнено", "tab-trackers": "Вкладка «Трекеры», выбрано",
        "tab-statistics": "Вкладка «Статистика»",
      ],
      calendar: [
        "prev-month": "Предыдущий месяц: Октябрь 2026", "next-month": "Следующий месяц: Декабрь 2026",
        "day:2026-11-30": "Пн 30 нояб., сегодня, выбрано",
      ],
      future: "Поливать растения, Чт 3 дек.: день ещё не наступил, отметить нельзя",
      menu: ["unpin": "Открепить: Поливать растения", "delete": "Удалить: Поливать растения"],
      edit: [
        "name": "Название: Поливать растения", "category": "Категория: Домашний уют",
        "schedule": "Расписание: Каждый день", "emoji:5": "Эмодзи ❤️, выбрано",
        "days-minus": "На день меньше: 10 дней", "days-plus": "На день больше: 10 дней",
      ],
      create: "Создать: сначала заполните: название, категория, расписание, эмодзи, цвет",
      todo: ["add": "Добавить задачу"], todoDone: "Готово: У задачи должен быть текст"),
  ]

  /// What the bottom line calls each element of `session`'s layer on top.
  func names(_ session: InteractiveSession) -> [String: String] {
    let elements = session.app.elements
    return Dictionary(
      uniqueKeysWithValues: elements.map { ($0.id, session.spokenLabel($0, in: elements)) })
  }

  func expect(
    _ expected: [String: String], in session: InteractiveSession,
    _ location: SourceLocation = #_sourceLocation
  ) {
    let names = names(session)
    for (identifier, name) in expected {
      #expect(names[identifier] == name, "#\(identifier)", sourceLocation: location)
    }
  }

  func focus(_ identifier: String, _ session: InteractiveSession) async {
    for _ in 0...session.app.elements.count where session.focusedIdentifier != identifier {
      _ = await session.press(.tab)
    }
  }

  @Test(arguments: both)
  func everyKindOfElementIsNamedWithItsContext(words: Words) async throws {
    let walk = EveryLayerWalkTests()
    let session = try await walk.session(.demo, words.language, columns: 80, rows: 24)
    expect(words.main, in: session)
    // The calendar's days and month buttons; a future day chosen disables the cards' buttons.
    await focus("date", session)
    _ = await session.press(.enter)
    expect(words.calendar, in: session)
    await focus("next-month", session)
    _ = await session.press(.enter)
    await focus("day:2026-12-03", session)
    // "Thu 3 Dec" / "Чт 3 дек.": the day as the card's refusal below says it.
    let thursday = words.future.components(separatedBy: ", ")[1].components(separatedBy: ":")[0]
    #expect(names(session)["day:2026-12-03"] == thursday)
    _ = await session.press(.enter)
    let plants = try #require(words.menu["delete"]?.components(separatedBy: ": ").last)
    await focus("complete:" + plants, session)
    #expect(names(session)["complete:" + plants] == words.future)
    _ = await session.press(.enter)  // refused, and the refusal says why
    #expect(session.frame().last == words.future)
    // A card's menu and its edit form.
    let menu = try await walk.session(.demo, words.language, columns: 80, rows: 24)
    await focus("card:" + plants, menu)
    _ = await menu.press(.character("m"))
    expect(words.menu, in: menu)
    await focus("edit", menu)
    _ = await menu.press(.enter)
    expect(words.edit, in: menu)
    // A new habit's Create says what is missing.
    let form = try await walk.session(.demo, words.language, columns: 80, rows: 24)
    _ = await form.press(.enter)  // "+"
    _ = await form.press(.enter)  // Habit
    #expect(names(form)["create"] == words.create)
    // A name of a joiner alone is no name: Create still asks for the name first.
    await focus("name", form)
    _ = await form.press(.character("\u{200D}"))
    #expect(names(form)["create"] == words.create)
    // The to-do list's "+" and a new task's Done.
    let todo = try await walk.session(.todo, words.language, columns: 80, rows: 24)
    expect(words.todo, in: todo)
    _ = await todo.press(.enter)
    #expect(names(todo)["done"] == words.todoDone)
  }
}
