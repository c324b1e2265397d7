import Foundation
import Testing

/// Runs the built `tracker-preview` as a subprocess, from `/`, with a clean environment.
func runCLI(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String, error: String) {
  let process = Process()
  process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tracker-preview")
  process.arguments = arguments
  process.environment = environment
  process.currentDirectoryURL = URL(fileURLWithPath: "/")
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  try process.run()
  let outData = output.fileHandleForReading.readDataToEndOfFile()
  let errData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

@Suite("tracker-preview end to end")
struct CLITests {
  @Test func printsTheDemoStatisticsInRussianFromAnyDirectory() throws {
    let result = try runCLI(["--today", "2026-11-30"], environment: ["LANG": "ru_RU.UTF-8"])
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(result.output.hasPrefix("""
      Статистика

       10  Лучший период
        8  Идеальные дни
       20  Трекеров завершено
      1,8  Среднее значение

      По трекерам
      ❤️ Поливать растения: 10 дней; текущая серия 10 дней, лучшая серия 10 дней

      """))
  }

  @Test func printsEnglishWhenTheLocaleIsNotRussian() throws {
    let result = try runCLI(["stats", "--today", "2026-11-30"], environment: ["LANG": "de_DE.UTF-8"])
    #expect(result.status == 0)
    #expect(result.output.contains("1.8  Average\n"))
    #expect(result.output.contains("🌺 Grandma sent a postcard on WhatsApp: 1 day; current streak 0 days, best streak 1 day\n"))
  }

  @Test func printsJSON() throws {
    let result = try runCLI(["--json", "--today", "2026-11-30"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("""
      {
        "bestPeriod": 10,
        "perfectDays": 8,
        "completed": 20,
        "average": 1.8,
        "trackers": [
          {"id": "DE000000-0000-4000-8000-000000000065", "name": "Water the plants", "completed": 10, "currentStreak": 10, "bestStreak": 10},

      """))
  }

  @Test func badUsageExits64WithOneErrorLineAndAHint() throws {
    let result = try runCLI(["--today", "2026-02-30"])
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("Error: The value '2026-02-30' is invalid for '--today': expected a date YYYY-MM-DD\nUsage: "))
    #expect(try runCLI(["--frobnicate"]).status == 64)
  }

  @Test func aBrokenStoreIsMovedAsideWithAWarning() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("tracker.sqlite").path
    try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))
    let result = try runCLI(["--store", path, "--today", "2026-11-30"])
    #expect(result.status == 0)
    #expect(result.error.hasPrefix("Warning: the data file \(path) was broken (file is not a database); it was moved to \(path).broken-"))
    #expect(result.output == "Statistics\n\nNothing to analyze yet\n")
  }
}

@Suite("tracker-preview carries its texts")
struct PortableBinaryTests {
  @Test func aCopiedBinaryStillSpeaksBothLanguages() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copied-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent("tracker-preview")
    try FileManager.default.copyItem(at: Bundle.main.bundleURL.appendingPathComponent("tracker-preview"), to: copy)
    for (language, title) in [("ru", "Статистика"), ("en", "Statistics")] {
      let process = Process()
      process.executableURL = copy
      process.arguments = ["--lang", language, "--today", "2026-11-30"]
      process.currentDirectoryURL = URL(fileURLWithPath: "/")
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      #expect(text.hasPrefix(title + "\n"))
    }
  }
}
