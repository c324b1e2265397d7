import Foundation
import Testing

@testable import tracker_preview

/// The help a user reads: whole sentences, every command, the whole script language, and nothing
/// that points outside the repository.
@Suite("Help", .temporaryFolders)
struct HelpTests {
  @Test func helpRunListsEveryActionAndCheckOfTheScriptLanguage() async throws {
    let help = try await runCLI(["help", "run"])
    #expect(help.status == 0)
    for action in Script.actions where action != "expect" {
      #expect(help.output.contains("\n  \(action)"), "\(action)")
    }
    for check in Script.checks { #expect(help.output.contains("\n  expect \(check) "), "\(check)") }
  }

  @Test func summariesAreWholeAndEveryCommandIsListed() async throws {
    let help = try await runCLI(["--help"])
    for command in CommandLineSpec.commands {
      #expect(help.output.contains("\n  \(command.name) "), "\(command.name)")
    }
    #expect(help.output.contains("(see docs/scripting.md)."))
    #expect(help.output.contains("Every option is accepted by every command"))
    for option in CommandLineSpec.globalOptions {
      #expect(help.output.contains(option.name), "\(option.name)")
    }
  }

  @Test func noHelpTextPointsAtFilesAUserDoesNotHave() async throws {
    var texts = [try await runCLI(["--help"]).output]
    for command in CommandLineSpec.commands { texts.append(try await runCLI(["help", command.name]).output) }
    for text in texts {
      #expect(!text.contains("DESIGN.md") && !text.contains("../shared"))
      for match in text.matches(of: /docs\/[a-z-]+\.md/) {
        let path = repository.appendingPathComponent(String(match.output)).path
        #expect(FileManager.default.fileExists(atPath: path), "\(match.output)")
      }
    }
  }

  @Test func helpSpeaksRussian() async throws {
    let help = try await runCLI(["--help", "--lang", "ru"])
    #expect(help.output.hasPrefix("ОПИСАНИЕ: Трекер привычек в терминале"))
    #expect(
      help.output.contains(
        "\n  run         Управлять приложением сценарием из действий и проверок (подробнее в docs/scripting.md).\n"
      ))
    let run = try await runCLI(["help", "run"], environment: ["LANG": "ru_RU.UTF-8"])
    #expect(run.output.contains("\nЯЗЫК СЦЕНАРИЕВ:\n"))
    #expect(run.output.contains("  expect unchecked \"надпись\"|#id expect unchecked #day:sun\n"))
    #expect(!run.output.contains("SCRIPT LANGUAGE"))
  }
}
