import Foundation
import TestSupport
import Testing

@testable import tracker_preview

/// One app's data file given to the other, and a folder given to `import`, are refused for what
/// they are, in both languages (issue 30, item 7), and left as they are.
@Suite("The other app's file, and a folder, said for what they are", .temporaryFolders)
struct OwnFileKindTests {
  /// A to-do data file in `folder` (its first launch, against a server that is not there) and a
  /// tracker data file beside it.
  func files(in folder: URL) async throws -> (todo: String, tracker: String) {
    let todo = folder.appendingPathComponent("todo.sqlite").path
    _ = try await runCLI(
      ["--app", "todo", "run", "-", "--store", todo, "--todos-url", "http://127.0.0.1:1/todos"] + fixed,
      input: "")
    #expect(FileManager.default.fileExists(atPath: todo))
    let archive = folder.appendingPathComponent("demo.json").path
    #expect(try await runCLI(["export", "--demo", "--output", archive] + fixed).status == 0)
    let tracker = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["import", archive, "--store", tracker] + fixed).status == 0)
    return (todo, tracker)
  }

  @Test func eachAppsFileGivenToTheOtherIsNamedForWhatItIsAndLeftAsItIs() async throws {
    let folder = TemporaryFolder().url
    let (todo, tracker) = try await files(in: folder)
    let todoBytes = try Data(contentsOf: URL(fileURLWithPath: todo))
    let trackerBytes = try Data(contentsOf: URL(fileURLWithPath: tracker))
    for command in [["list"], ["stats"], ["done", "Water the plants"], ["export"]] {
      let result = try await runCLI(command + ["--store", todo] + fixed)
      #expect(result.status == 1, "\(command)")
      #expect(
        result.error
          == "Error: \(todo) is the to-do list's data file, not the tracker's; it was left untouched. Open it with --app todo, or choose another file with --store\n",
        "\(command)")
    }
    let russian = try await runCLI(["list", "--store", todo, "--lang", "ru"] + fixed)
    #expect(
      russian.error
        == "Ошибка: \(todo) — файл данных списка дел, а не трекера; он оставлен как есть. Откройте его с --app todo или укажите другой файл через --store\n"
    )
    let reverse = try await runCLI(["--app", "todo", "show", "todos", "--store", tracker] + fixed)
    #expect(reverse.status == 1)
    #expect(
      reverse.error
        == "Error: \(tracker) is the tracker's data file, not the to-do list's; it was left untouched. Open it without --app todo, or choose another file with --store\n"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: todo)) == todoBytes)
    #expect(try Data(contentsOf: URL(fileURLWithPath: tracker)) == trackerBytes)
  }

  @Test func eachAppsDataFileGivenToImportIsNamedForWhatItIs() async throws {
    let folder = TemporaryFolder().url
    let (todo, tracker) = try await files(in: folder)
    let target = folder.appendingPathComponent("target.sqlite").path
    let fromTodo = try await runCLI(["import", todo, "--store", target] + fixed)
    #expect(fromTodo.status != 0)
    #expect(
      fromTodo.error.contains(
        "the to-do list's data file, not a Tracker export or a Loop Habit Tracker backup; open it with --app todo"
      ),
      "\(fromTodo.error)")
    let russian = try await runCLI(["import", todo, "--store", target, "--lang", "ru"] + fixed)
    #expect(russian.error.contains("файл данных списка дел, а не экспорт Трекера"), "\(russian.error)")
    let fromTracker = try await runCLI(["import", tracker, "--store", target] + fixed)
    #expect(fromTracker.status != 0)
    #expect(fromTracker.error.contains("a Tracker data file, not an export"), "\(fromTracker.error)")
  }

  @Test(arguments: [
    ("en", "Error: FOLDER is a folder, not a file; name a file inside it\n"),
    ("ru", "Ошибка: FOLDER — папка, а не файл; укажите файл в ней\n"),
  ])
  func importingAFolderSaysItIsAFolder(language: String, expected: String) async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let result = try await runCLI(["import", folder.path, "--store", store, "--lang", language] + fixed)
    #expect(result.status == 1)
    #expect(result.error == expected.replacingOccurrences(of: "FOLDER", with: folder.path))
    #expect(!FileManager.default.fileExists(atPath: store))
  }
}
