// tracker-preview: the command-line front door (DESIGN.md §9). Until the full CLI lands it does
// one real job: the statistics of the demo data, as text in the terminal's language or as JSON.
import Foundation

let environment = ProcessInfo.processInfo.environment
let outcome = PreviewCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: environment,
  now: Date(),
  timeZone: TimeZone.current)
FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
FileHandle.standardError.write(Data(outcome.standardError.utf8))
exit(outcome.exitCode)
