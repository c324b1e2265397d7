import Foundation
import TestSupport
import Testing

/// `do <name> <action> [<value>]` (issue 48): each action does and says exactly what the command
/// of the same effect does, on the same data file, in both languages.
@Suite("do", .temporaryFolders)
struct DoCommandTests {
  let fixed = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]

  /// Two copies of the demo in data files.
  func twoStores() async throws -> (String, String) {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("demo.json").path
    #expect(try await runCLI(["export", "--demo", "--lang", "en", "--output", archive] + fixed).status == 0)
    var stores: [String] = []
    for name in ["a.sqlite", "b.sqlite"] {
      let store = folder.appendingPathComponent(name).path
      #expect(try await runCLI(["import", archive, "--store", store] + fixed).status == 0)
      stores.append(store)
    }
    return (stores[0], stores[1])
  }

  @Test(arguments: ["en", "ru"])
  func eachActionIsTheCommandOfTheSameEffect(language: String) async throws {
    let (viaDo, direct) = try await twoStores()
    let pairs: [([String], [String])] = [
      (["do", "Water the plants", "done"], ["done", "Water the plants"]),
      (["do", "Water the plants", "done"], ["done", "Water the plants"]),  // again: already
      (["do", "Water the plants", "undone"], ["undone", "Water the plants"]),
      (["do", "Run", "amount", "4.5"], ["done", "Run", "--amount", "4.5"]),
      (
        ["do", "Morning exercise", "day-off", "--date", "2026-11-27"],
        ["skip", "Morning exercise", "--date", "2026-11-27"]
      ),
      (
        ["do", "Morning exercise", "no-day-off", "--date", "2026-11-27"],
        ["unskip", "Morning exercise", "--date", "2026-11-27"]
      ),
      (["do", "Swim", "note", "Cold water"], ["note", "Swim", "Cold water"]),
      (["do", "Swim", "no-note"], ["note", "Swim", "--clear"]),
      (
        ["do", "Water the plants", "done", "--date", "2026-12-01"],
        ["done", "Water the plants", "--date", "2026-12-01"]
      ),
      (["do", "Kayak", "done"], ["done", "Kayak"]),
    ]
    for (viaDoArguments, directArguments) in pairs {
      let a = try await runCLI(viaDoArguments + ["--store", viaDo, "--lang", language] + fixed)
      let b = try await runCLI(directArguments + ["--store", direct, "--lang", language] + fixed)
      #expect(a.status == b.status, "\(viaDoArguments)")
      #expect(a.output == b.output, "\(viaDoArguments)")
      #expect(a.error == b.error, "\(viaDoArguments)")
    }
    let listA = try await runCLI(["list", "--json", "--store", viaDo] + fixed)
    let listB = try await runCLI(["list", "--json", "--store", direct] + fixed)
    #expect(listA.output == listB.output)
  }

  @Test(arguments: [
    (
      "en", ["dne"],
      "Error: Unknown action 'dne'. Did you mean 'done'? Actions: done, undone, amount, day-off, no-day-off, note, no-note.\n"
    ),
    (
      "ru", ["заметка"],
      "Ошибка: Неизвестное действие «заметка». Действия: done, undone, amount, day-off, no-day-off, note, no-note.\n"
    ),
  ])
  func anUnknownActionNamesTheActions(language: String, words: [String], expected: String) async throws {
    let result = try await runCLI(["do", "Run"] + words + ["--demo", "--lang", language] + fixed)
    #expect(result.status == 64)
    #expect(result.error.hasPrefix(expected), "\(result.error)")
  }

  @Test func aMissingOrExtraWordIsAUsageError() async throws {
    for words in [["do"], ["do", "Run"], ["do", "Run", "amount"], ["do", "Run", "done", "now"]] {
      let result = try await runCLI(words + ["--demo"] + fixed)
      #expect(result.status == 64, "\(words): \(result.error)")
    }
  }
}
