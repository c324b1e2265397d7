import Foundation

// tracker-reliability: the reliability suite (docs/reliability.md).
//
//   swift run -c release tracker-reliability [--long] [--seed N] [part …]
//
// Parts: fuzz, kill, concurrent, damage, salvage, daysoff, walcut, fulldisk, filelimit, special, server (all
// by default). Prints the counts of each part and exits 1 when any failure count is not 0.

/// Writes a line to standard output at once (a long run reports part by part).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

var arguments = Array(CommandLine.arguments.dropFirst())
var scale = Reliability.Scale.short
var seed: UInt64 = 2026
var parts: [String] = []
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--long": scale = .long
  case "--seed":
    guard let value = arguments.first.flatMap({ UInt64($0) }) else {
      FileHandle.standardError.write(Data("tracker-reliability: --seed needs a number\n".utf8))
      exit(64)
    }
    arguments.removeFirst()
    seed = value
  case "--help", "-h":
    say(
      "USAGE: tracker-reliability [--long] [--seed N] [part …]\n  parts: "
        + Reliability.parts.joined(separator: " ")
    )
    exit(0)
  default:
    guard Reliability.parts.contains(argument) else {
      FileHandle.standardError.write(Data("tracker-reliability: no part named \(argument)\n".utf8))
      exit(64)
    }
    parts.append(argument)
  }
}

let preview = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent()
  .appendingPathComponent("tracker-preview")
guard FileManager.default.isExecutableFile(atPath: preview.path) else {
  FileHandle.standardError.write(
    Data("tracker-reliability: \(preview.path) is missing; build it first (swift build -c release)\n".utf8))
  exit(1)
}
/// Runs the parts; whether every failure count was 0.
@MainActor func runSuite() throws -> Bool {
  var suite = try Reliability(preview: preview, scale: scale, seed: seed)
  defer { suite.removeFolder() }
  var clean = true
  say(
    "tracker-reliability: seed \(seed), \(scale.mutations == Reliability.Scale.long.mutations ? "long" : "short") run"
  )
  for part in parts.isEmpty ? Reliability.parts : parts {
    let started = Date()
    let report = try suite.run(part)
    say(report.text + String(format: "\n  (%.1f s)", Date().timeIntervalSince(started)))
    clean = clean && report.isClean
  }
  return clean
}

do {
  exit(try runSuite() ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("tracker-reliability: \(error)\n".utf8))
  exit(1)
}
