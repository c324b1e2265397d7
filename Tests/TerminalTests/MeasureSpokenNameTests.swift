import Foundation
import Testing
import TrackerLocalization

@testable import TrackerTerminal

/// Issue 32, the form: the measure's and the quota's elements are named with their context on the
/// bottom line (and to a screen reader), and Create says what a measurable tracker still needs.
@MainActor
@Suite("The measure and the quota, named", .temporaryFolders)
struct MeasureSpokenNameTests {
  struct Words: Sendable, CustomTestStringConvertible {
    let language: Language
    let unit: String
    let target: String
    /// Before the unit and target are typed, then after.
    let empty: [String: String]
    let filled: [String: String]
    let schedule: [String: String]
    var testDescription: String { "\(language)" }
  }

  nonisolated static let both = [
    Words(
      language: .en, unit: "km", target: "12.5",
      empty: [
        "measure:yes-no": "Measure: Yes / No", "measure:amount": "Measure: Measurable, chosen",
        "unit": "Unit", "target": "Daily target", "direction:at-least": "Daily target: At least, chosen",
        "direction:at-most": "Daily target: At most",
        "create": "Create: fill in first: name, category, schedule, unit, daily target, emoji, color",
      ],
      filled: [
        "unit": "Unit: km", "target": "Daily target: 12.5 km",
        "create": "Create: fill in first: name, category, schedule, emoji, color",
      ],
      schedule: [
        "schedule:weekdays": "Days of the week", "schedule:week": "N times a week, chosen",
        "quota-minus": "One time fewer: 3 times a week", "quota-plus": "One time more: 3 times a week",
      ]),
    Words(
      language: .ru, unit: "км", target: "12,5",
      empty: [
        "measure:yes-no": "Учёт: Да / Нет", "measure:amount": "Учёт: Количество, выбрано",
        "unit": "Единица", "target": "Цель на день", "direction:at-least": "Цель на день: Не меньше, выбрано",
        "direction:at-most": "Цель на день: Не больше",
        "create":
          "Создать: сначала заполните: название, категория, расписание, единица, цель на день, эмодзи, цвет",
      ],
      filled: [
        "unit": "Единица: км", "target": "Цель на день: 12,5 км",
        "create": "Создать: сначала заполните: название, категория, расписание, эмодзи, цвет",
      ],
      schedule: [
        "schedule:weekdays": "Дни недели", "schedule:week": "N раз в неделю, выбрано",
        "quota-minus": "На один раз меньше: 3 раза в неделю",
        "quota-plus": "На один раз больше: 3 раза в неделю",
      ]),
  ]

  /// Types `text` into the field `identifier` from the keyboard: a field with the focus takes
  /// what is typed.
  func type(_ text: String, into identifier: String, _ session: InteractiveSession) async {
    await SpokenNameTests().focus(identifier, session)
    for character in text { _ = await session.press(.character(character)) }
    _ = await session.press(.escape)
  }

  @Test(arguments: both)
  func theMeasureAndQuotaElementsAreNamedWithTheirContext(words: Words) async throws {
    let spoken = SpokenNameTests()
    let session = try await EveryLayerWalkTests().session(.demo, words.language, columns: 80, rows: 24)
    _ = await session.press(.enter)  // "+"
    _ = await session.press(.enter)  // Habit
    _ = await session.press(.escape)  // leaves the name field
    await spoken.focus("measure:amount", session)
    _ = await session.press(.enter)
    spoken.expect(words.empty, in: session)
    await type(words.unit, into: "unit", session)
    await type(words.target, into: "target", session)
    spoken.expect(words.filled, in: session)
    await spoken.focus("schedule", session)
    _ = await session.press(.enter)
    await spoken.focus("schedule:week", session)
    _ = await session.press(.enter)
    spoken.expect(words.schedule, in: session)
  }
}
