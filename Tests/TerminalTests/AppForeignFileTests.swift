import Foundation
import TestSupport
import Testing

/// `app` on a file that is not a Tracker store: refused before the screen opens, the file kept.
@Suite("The interactive mode leaves other files alone", .temporaryFolders, .ownThread)
struct InteractiveForeignFileTests {
  @Test(arguments: ["en", "ru"])
  func appRefusesATextFileAndLeavesItByteForByte(language: String) throws {
    let folder = TemporaryFolder().url
    let notes = folder.appendingPathComponent("notes.txt")
    try Data("milk\neggs\n".utf8).write(to: notes)
    let terminal = try PseudoTerminal(
      [
        "app", "--store", notes.path, "--lang", language, "--today", "2026-12-03", "--time-zone",
        "Europe/Moscow",
      ])
    #expect(terminal.exitStatus(within: 20) == 1)
    let expected =
      language == "ru"
      ? "\(notes.path) — не файл с данными Трекера (это текстовый файл); ничего не изменено"
      : "\(notes.path) is not a Tracker data file (it is a text file); nothing was changed"
    // The program has ended; what it wrote last may still be on its way from the terminal.
    let said = terminal.waitForOutput(containing: expected, timeout: 10)
    #expect(said, "\(String(decoding: terminal.output, as: UTF8.self))")
    #expect(try Data(contentsOf: notes) == Data("milk\neggs\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
  }
}
