import Foundation
import TestSupport
import Testing

/// `do … --via-extension` (issue 48): the command goes into the command log as a widget's button
/// puts it there, and the next command that changes the data file applies it, once.
@Suite("do --via-extension", .temporaryFolders)
struct CommandLogCLITests {
  let fixed = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]

  /// The demo in a data file, and the file's folder.
  func demoStore() async throws -> (store: String, folder: String) {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("demo.json").path
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["export", "--demo", "--lang", "en", "--output", archive] + fixed).status == 0)
    #expect(try await runCLI(["import", archive, "--store", store] + fixed).status == 0)
    return (store, folder.path)
  }

  @Test(arguments: ["en", "ru"])
  func aCommandHandedOverIsAppliedOnceByTheNextCommandThatChangesTheFile(language: String) async throws {
    let (store, folder) = try await demoStore()
    let lang = ["--lang", language, "--store", store] + fixed
    let handed = try await runCLI(["do", "Water the plants", "done", "--via-extension"] + lang)
    #expect(handed.status == 0, "\(handed.error)")
    let log = folder + "/tracker-commands"
    #expect(
      handed.output
        == (language == "en"
          ? "Water the plants, 30 Nov 2026: handed to the app through the command log in \(log) (file 1).\n"
          : "Water the plants, 30 нояб. 2026: передано приложению через журнал команд в \(log) (файл 1).\n"))
    #expect(try await runCLI(["do", "Run", "amount", "4.5", "--via-extension"] + lang).status == 0)
    // Looking changes nothing: the commands wait in the log.
    #expect(try await runCLI(["list", "--json"] + lang).output.contains("\"amount\": 3.5,"))
    // The next change applies them first, and says so on standard error.
    let next = try await runCLI(["skip", "Morning exercise", "--date", "2026-11-27", "--yes"] + lang)
    #expect(next.status == 0)
    #expect(
      next.error
        == (language == "en"
          ? "Applied from the command log (widgets, notifications): 2.\n"
          : "Применено из журнала команд (виджеты, уведомления): 2.\n"))
    let list = try await runCLI(["list", "--json"] + lang).output
    #expect(list.contains("\"amount\": 4.5,"))
    // Never twice.
    let again = try await runCLI(["done", "Water the plants"] + lang)
    #expect(again.error == "")
    #expect(try await runCLI(["list", "--json"] + lang).output == list)
  }

  @Test func aCommandForAHabitDeletedMeanwhileIsRefusedWithItsReasonAndConsumed() async throws {
    let (store, folder) = try await demoStore()
    let container = folder + "/shared"
    let options = ["--store", store, "--container", container] + fixed
    #expect(try await runCLI(["do", "Water the plants", "done", "--via-extension"] + options).status == 0)
    #expect(FileManager.default.fileExists(atPath: container + "/tracker-commands/00000001.jsonl"))
    // The habit is deleted in the app before it merges (a script whose log is elsewhere); the
    // command then names no habit.
    let script = folder + "/delete.txt"
    try "longpress #card:Water the plants\ntap #delete\ntap #confirm\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    #expect(
      try await runCLI(["run", script, "--store", store, "--container", folder + "/elsewhere"] + fixed).status
        == 0)
    let merge = try await runCLI(["done", "Run", "--amount", "5"] + options)
    #expect(merge.status == 0)
    #expect(merge.error.contains("A command of the command log was refused: "), "\(merge.error)")
    #expect(try await runCLI(["done", "Run", "--amount", "5"] + options).error == "")
  }

  @Test func aBadActionOrNameIsRefusedBeforeAnythingIsWritten() async throws {
    let (store, folder) = try await demoStore()
    let unknown = try await runCLI(
      ["do", "Water the plants", "fly", "--via-extension", "--store", store] + fixed)
    #expect(unknown.status == 64 && unknown.error.contains("Unknown action 'fly'"))
    let nobody = try await runCLI(["do", "Nobody", "done", "--via-extension", "--store", store] + fixed)
    #expect(nobody.status == 1 && nobody.error.contains("there is no tracker called \"Nobody\""))
    let future = try await runCLI(
      ["do", "Run", "done", "--via-extension", "--date", "2026-12-05", "--store", store] + fixed)
    #expect(future.status == 1 && future.error.contains("has not come yet"), "\(future.error)")
    let yesNo = try await runCLI(
      ["do", "Water the plants", "amount", "3", "--via-extension", "--store", store] + fixed)
    #expect(yesNo.status == 1 && yesNo.error.contains("not measurable"), "\(yesNo.error)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/tracker-commands/00000001.jsonl"))
  }
}
