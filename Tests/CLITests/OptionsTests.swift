import Foundation
import Testing

@testable import tracker_preview

/// The options as the parser types them (docs/decisions.md, "Typed options"): every declared
/// option is read into its kind, once; a command line the parser refuses says what it always said.
@Suite("Typed options", .temporaryFolders)
@MainActor
struct OptionsTests {
  /// The options `arguments` give.
  func options(_ arguments: [String]) throws -> Options {
    try ArgumentParser.parse(arguments).get().options
  }

  /// The message the parser refuses `arguments` with, nil when it does not.
  func refusal(_ arguments: [String]) -> String? {
    guard case .failure(let error) = ArgumentParser.parse(arguments) else { return nil }
    return error.message
  }

  /// The whole run of `arguments`, in-process, on a fixed day with no data file.
  func run(_ arguments: [String]) async -> Outcome {
    await Tool.run(
      arguments,
      ToolContext(
        environment: [:], now: Date(timeIntervalSince1970: 1_796_032_800),
        timeZone: TimeZone(identifier: "Europe/Moscow")!, isTerminal: false, homeDirectory: "/nonexistent",
        readStandardInput: { _ in Data() }))
  }

  /// For every declared option: a command line that gives it, and what it must read as.
  nonisolated static let samples: [String: (arguments: [String], reads: @Sendable (Options) -> Bool)] = [
    "--app": (["--app", "TODO"], { $0.app == .todo }),
    "--store": (["--store", "/tmp/habits.sqlite"], { $0.store == "/tmp/habits.sqlite" }),
    "--demo": (["--demo"], { $0.demo }),
    "--lang": (["--lang=RU"], { $0.language == .ru }),
    "--today": (["--today", "1", "Dec", "2026"], { $0.today?.map(\.iso) == .success("2026-12-01") }),
    "--date": (["--date", "1 дек. 2026"], { $0.date?.map(\.iso) == .success("2026-12-01") }),
    "--all": (["--all"], { $0.all }),
    "--from": (["--from=2026-12-01"], { $0.from?.map(\.iso) == .success("2026-12-01") }),
    "--to": (["--to", "1 DEC 2026"], { $0.to?.map(\.iso) == .success("2026-12-01") }),
    "--at": (["--at", "07:30"], { $0.at?.map(\.description) == .success("07:30") }),
    "--time-zone": (
      ["--time-zone", "Asia/Tokyo"], { $0.timeZone == .success(TimeZone(identifier: "Asia/Tokyo")!) }
    ),
    "--device": (["--device", "SE"], { $0.device == .se }),
    "--width": (["--width", "40"], { $0.width == .success(40) }),
    "--theme": (["--theme", "dark"], { $0.theme == .dark }),
    "--color": (["--color", "never"], { $0.color == .never }),
    "--todos-url": (
      ["--todos-url", "http://127.0.0.1:8080/todos"],
      { $0.todosURL == .success(URL(string: "http://127.0.0.1:8080/todos")!) }
    ),
    "--json": (["--json"], { $0.json }),
    "--elements": (["--elements"], { $0.elements }),
    "--output": (["--output", "backup.json"], { $0.output == .file("backup.json") }),
    "--amount": (["--amount", "12,5"], { $0.amount?.map(\.thousandths) == .success(12_500) }),
    "--clear": (["--clear"], { $0.clear }),
    "--folder": (["--folder", "Sync/Tracker"], { $0.folder == "Sync/Tracker" }),
    "--url": (["--url", "tracker://habit/Run"], { $0.url == "tracker://habit/Run" }),
    "--family": (["--family", "Large"], { $0.family == .large }),
    "--days": (["--days", "MON, fri"], { $0.days == .success([.monday, .friday]) }),
    "--always": (["--always"], { $0.always }),
    "--yes": (["--yes"], { $0.yes }),
    "--category": (["--category", "Health"], { $0.category == "Health" }),
    "--every": (["--every", "day"], { $0.every == .success(.everyDay) }),
    "--times": (["--times", "3"], { $0.times == .success(3) }),
    "--per": (["--per", "Month"], { $0.per == .month }),
    "--in": (["--in", "10"], { $0.inDays == .success(10) }),
    "--event": (["--event"], { $0.event }),
    "--measure": (["--measure", "km"], { $0.measure == "km" }),
    "--at-least": (["--at-least", "2,5"], { $0.atLeast == "2,5" }),
    "--at-most": (["--at-most", "2"], { $0.atMost == "2" }),
    "--emoji": (["--emoji", "🏓"], { $0.emoji == "🏓" }),
    "--before": (["--before", "Run"], { $0.before == "Run" }),
    "--after": (["--after", "Read"], { $0.after == "Read" }),
    "--into": (["--into", "restored.sqlite"], { $0.into == "restored.sqlite" }),
    "--via-extension": (["--via-extension"], { $0.viaExtension }),
    "--container": (["--container", "/tmp/shared"], { $0.container == "/tmp/shared" }),
    "--help": (["--help"], { $0.help }),
    "--version": (["--version"], { $0.version }),
  ]

  @Test func everyDeclaredOptionIsReadIntoItsKind() throws {
    #expect(Set(Self.samples.keys) == Set(CommandLineSpec.globalOptions.map(\.name)))
    for option in CommandLineSpec.globalOptions {
      let sample = try #require(Self.samples[option.name], "\(option.name)")
      let read = try options(["stats"] + sample.arguments)
      #expect(sample.reads(read), "\(option.name)")
      #expect(read != Options(), "\(option.name)")
    }
    #expect(try options(["export", "--output", "-"]).output == .standardOutput)
    // `--color` paints, or, as a number, is `add`'s color by its place.
    #expect(try options(["add", "Run", "--color", "18"]).trackerColor == .success(18))
    #expect(try options(["-h"]).help)
    #expect(try options(["stats"]) == Options())
  }

  @Test func aValueOnlyItsCommandJudgesIsKeptWithItsError() async throws {
    let read = try options(["list", "--width", "3", "--date", "31 Feb 2026", "--at", "25:00"])
    #expect(
      read.width
        == .failure(
          UsageError(
            message: "The value '3' is invalid for '--width': expected a number of columns from 32 to 1000")))
    #expect(read.at == .failure(UsageError(message: "25:00 is not a time: use HH:MM, from 00:00 to 23:59")))
    guard case .failure(let error) = read.date else {
      Issue.record("31 Feb 2026 read as a day")
      return
    }
    #expect(error.message.hasPrefix("The value '31 Feb 2026' is invalid for '--date'"))
    // Ignored where it does not apply: `list` reads no --at, and no --from.
    await #expect(run(["list", "--demo", "--at", "99:99", "--from", "garbage"]).exitCode == 0)
    // Refused by the command that reads it, with that command's usage.
    let remind = await run(["remind", "--demo", "--at", "25:00"])
    #expect(remind.exitCode == 64)
    #expect(
      remind.standardError
        == """
        Error: 25:00 is not a time: use HH:MM, from 00:00 to 23:59
        Usage: tracker-preview remind [options]
          See 'tracker-preview help remind' for more information.

        """)
  }

  @Test func aMisspeltOptionSaysWhatItAlwaysSaid() async {
    #expect(refusal(["--jsn"]) == "Unknown option '--jsn'. Did you mean '--json'?")
    #expect(refusal(["list", "--bogus"]) == "Unknown option '--bogus'")
    #expect(refusal(["-x"]) == "Unknown option '-x'")
    // The parser's errors come before any value is judged.
    #expect(refusal(["show", "trackers", "--width", "abc", "--bogus"]) == "Unknown option '--bogus'")
    let outcome = await run(["--stor", "x"])
    #expect(outcome.exitCode == 64)
    #expect(
      outcome.standardError
        == """
        Error: Unknown option '--stor'. Did you mean '--store'?
        Usage: tracker-preview [options] <command>
          See 'tracker-preview --help' for more information.

        """)
  }

  /// A refused option shows the usage of the command it was given to, wherever it stands.
  @Test func aRefusedOptionShowsItsCommandsUsage() async {
    for arguments in [["show", "trackers", "--demo", "--bogus"], ["--bogus", "show", "trackers"]] {
      let outcome = await run(arguments)
      #expect(outcome.exitCode == 64)
      #expect(
        outcome.standardError
          == """
          Error: Unknown option '--bogus'
          Usage: tracker-preview show <screen> [options]
            See 'tracker-preview help show' for more information.

          """, "\(arguments)")
    }
    // Without a command, the tool's usage.
    await #expect(run(["--bogus"]).standardError.contains("Usage: tracker-preview [options] <command>"))
  }

  @Test func anOptionGivenTwiceIsRefusedAsBefore() async throws {
    #expect(refusal(["--json", "--json"]) == "The option '--json' is given twice")
    #expect(refusal(["--date", "garbage", "--date", "2026-12-01"]) == "The option '--date' is given twice")
    #expect(refusal(["--lang", "ru", "--lang=en"]) == "The option '--lang' is given twice")
    #expect(refusal(["-h", "--help"]) == "The option '--help' is given twice")
    // -h after --help, or twice, is still only help.
    #expect(try options(["--help", "-h"]).help)
    #expect(try options(["-h", "-h"]).help)
    #expect(await run(["--demo", "--demo"]).exitCode == 64)
  }

  @Test func refusedValuesAndMissingOnesSayWhatTheyAlwaysSaid() {
    #expect(
      refusal(["--lang", "fr"]) == "The value 'fr' is invalid for '--lang': expected one of 'en', 'ru'")
    #expect(refusal(["--store", ""]) == "The value of '--store' is empty: give the path of a file")
    #expect(refusal(["--output="]) == "The value of '--output' is empty: give the path of a file")
    #expect(refusal(["--folder", ""]) == "The value of '--folder' is empty: give the path of a folder")
    #expect(refusal(["--json=1"]) == "The option '--json' takes no value")
    #expect(refusal(["--today"]) == "Missing value for '--today <YYYY-MM-DD>'")
    #expect(refusal(["--store", "a", "--demo"]) == "'--store' and '--demo' cannot be used together")
    #expect(refusal(["--demo", "--store", "a"]) == "'--store' and '--demo' cannot be used together")
  }
}
