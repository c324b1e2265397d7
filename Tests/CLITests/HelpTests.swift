import Foundation
import Testing

@testable import tracker_preview

/// The help a user reads: whole sentences, every command, the whole script language, and nothing
/// that points outside the repository.
@Suite("Help")
struct HelpTests {
  @Test func helpRunListsEveryActionAndCheckOfTheScriptLanguage() throws {
    let help = try runCLI(["help", "run"])
    #expect(help.status == 0)
    for action in Script.actions where action != "expect" {
      #expect(help.output.contains("\n  \(action)"), "\(action)")
    }
    for check in Script.checks { #expect(help.output.contains("\n  expect \(check) "), "\(check)") }
  }

  @Test func summariesAreWholeAndEveryCommandIsListed() throws {
    let help = try runCLI(["--help"])
    for command in CommandLineSpec.commands {
      #expect(help.output.contains("\n  \(command.name) "), "\(command.name)")
    }
    #expect(help.output.contains("(see docs/scripting.md)."))
    #expect(help.output.contains("Every option is accepted by every command"))
    for option in CommandLineSpec.globalOptions {
      #expect(help.output.contains(option.name), "\(option.name)")
    }
  }

  @Test func noHelpTextPointsAtFilesAUserDoesNotHave() throws {
    var texts = [try runCLI(["--help"]).output]
    for command in CommandLineSpec.commands { texts.append(try runCLI(["help", command.name]).output) }
    for text in texts {
      #expect(!text.contains("DESIGN.md") && !text.contains("../shared"))
      for match in text.matches(of: /docs\/[a-z-]+\.md/) {
        let path = repository.appendingPathComponent(String(match.output)).path
        #expect(FileManager.default.fileExists(atPath: path), "\(match.output)")
      }
    }
  }
}
