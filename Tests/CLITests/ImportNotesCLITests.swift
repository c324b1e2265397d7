import Foundation
import TestSupport
import Testing

/// Notes (archive version 3) are counted by `import` like records: what came in, what was there.
@Suite("Import counts notes", .temporaryFolders)
struct ImportNotesCLITests {
  /// A version 3 archive of one event done on 2 November, with the notes `notes` (JSON objects).
  static func archive(notes: [String]) -> String {
    """
    {"format": "tracker", "version": 3,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Sport"}],
     "trackers": [{"id": "00000000-0000-4000-8000-000000000002", "name": "Run", "emoji": "🙂",
       "color": "#FD4C49", "category": "00000000-0000-4000-8000-000000000001", "schedule": null,
       "pinned": false, "created": "2026-11-01"}],
     "daysOff": [],
     "notes": [\(notes.joined(separator: ", "))],
     "records": [{"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-11-02"}]}
    """
  }

  static let rain =
    #"{"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-11-02", "text": "Ran in the rain"}"#
  static let sick =
    #"{"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-11-03", "text": "Sick"}"#

  @Test func aBackupThatBringsOnlyANoteSaysItCameInAndTheSameBackupAgainSaysNothingNew() async throws {
    let store = TemporaryFolder().path("t.sqlite")
    let first = try await runCLI(
      ["import", "-", "--store", store, "--lang", "en"] + fixed, input: Self.archive(notes: [Self.rain]))
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output == "Imported 1 category, 1 tracker, 1 record and 1 note.\n", "\(first.output)")
    // The same backup with a note written since: the note comes in, the rest was there.
    let later = Self.archive(notes: [Self.rain, Self.sick])
    let second = try await runCLI(["import", "-", "--store", store, "--lang", "en"] + fixed, input: later)
    #expect(second.status == 0, "\(second.error)")
    #expect(
      second.output
        == "Imported 1 note.\nAlready in the data file, left as they were: 1 tracker, 1 record and 1 note.\n",
      "\(second.output)")
    let again = try await runCLI(["import", "-", "--store", store, "--lang", "ru"] + fixed, input: later)
    #expect(again.status == 0, "\(again.error)")
    #expect(
      again.output
        == "Ничего нового: всё из этого файла уже есть в файле с данными (1 трекер, 1 запись и 2 заметки).\n",
      "\(again.output)")
  }
}
