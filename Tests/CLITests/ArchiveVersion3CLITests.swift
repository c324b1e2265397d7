import Foundation
import TestSupport
import Testing

/// The problems of a version 3 archive (measures, quotas, amounts, notes) in the user's language.
@Suite("Archive version 3 problems in both languages", .temporaryFolders)
struct ArchiveVersion3CLITests {
  static let archive = """
    {"format": "tracker", "version": 3, "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Sport"}],
     "trackers": [
      {"id": "00000000-0000-4000-8000-000000000002", "name": "Run", "emoji": "🙂", "color": "#FD4C49",
       "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon"], "pinned": false,
       "created": "2026-11-01", "measure": {"unit": "", "target": "0", "direction": "up"},
       "quota": {"times": 9, "per": "week"}},
      {"id": "00000000-0000-4000-8000-000000000003", "name": "Read", "emoji": "🙂", "color": "#FD4C49",
       "category": "00000000-0000-4000-8000-000000000001", "schedule": null, "pinned": false,
       "created": "2026-11-01"}],
     "notes": [{"tracker": "00000000-0000-4000-8000-000000000003", "date": "2026-11-02", "text": " "}],
     "records": [{"tracker": "00000000-0000-4000-8000-000000000003", "date": "2026-11-02", "amount": "2"},
                 {"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-11-03", "amount": "1,0001"}]}
    """

  @Test(arguments: [
    (
      "en",
      """
      Error: - was not imported; nothing changed:
      trackers[0].measure.unit: empty; a measurable tracker needs a unit
      trackers[0].measure.target: 0 is a target at most only (a habit to quit); at least, it is more than zero
      trackers[0].measure.direction: "up" is not a direction; use "at-least" or "at-most"
      trackers[0].quota.times: 9 times a week; a quota asks 1 to 6 times a week (7 is a habit on every day)
      records[0].amount: the tracker 00000000-0000-4000-8000-000000000003 is yes/no (it has no measure); only a measurable tracker's record carries an amount
      records[1].amount: "1,0001" has more than three decimals
      notes[0].text: empty; a note has some text

      """
    ),
    (
      "ru",
      """
      Ошибка: - не импортирован, ничего не изменилось:
      trackers[0].measure.unit: пусто: у измеряемого трекера должна быть единица
      trackers[0].measure.target: 0 — цель только «не больше» (привычка, от которой отказываются); «не меньше» — больше нуля
      trackers[0].measure.direction: "up" — не направление; используйте "at-least" или "at-most"
      trackers[0].quota.times: раз в неделю: 9; норма — от 1 до 6 раз в неделю (7 — это привычка на каждый день)
      records[0].amount: трекер 00000000-0000-4000-8000-000000000003 — «да/нет» (без меры); количество бывает только у записи измеряемого трекера
      records[1].amount: в "1,0001" больше трёх знаков после запятой
      notes[0].text: пусто: в заметке должен быть текст

      """
    ),
  ])
  func everyProblemOfMeasuresQuotasAmountsAndNotesIsListedInTheUsersLanguage(
    language: String, expected: String
  ) async throws {
    let store = TemporaryFolder().path("t.sqlite")
    let result = try await runCLI(
      ["import", "-", "--store", store, "--lang", language] + fixed, input: Self.archive)
    #expect(result.status == 1)
    #expect(result.error == expected, "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: store))
  }
}
