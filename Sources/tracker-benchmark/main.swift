// tracker-benchmark: measures what the issues set speed targets for. Run in release mode:
//   swift run -c release tracker-benchmark [statistics] [store] [scale] [loop] [large-loop] [import]
//   [render] [measured] [measured-import] [render-mixed] [sync] [widget] [reminders] [command-log]
//   [groups] [terminal]

// (all of them when none is named). Prints each figure as the median of several runs; nothing here
// is asserted in `swift test`.
import Foundation
import TrackerModels

let chosen = Set(CommandLine.arguments.dropFirst())
let today = Day(year: 2026, month: 11, day: 30) ?? Day(daysSinceEpoch: 0)

// The sync benchmark's helper: builds its year in a process of its own (SyncBenchmark).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "sync-prepare" {
  do {
    try SyncBenchmark.prepare(folder: CommandLine.arguments[2], today: today)
    exit(0)
  } catch {
    print("sync-prepare failed: \(error)")
    exit(1)
  }
}
func wants(_ name: String) -> Bool { chosen.isEmpty || chosen.contains(name) }

do {
  if wants("statistics") || wants("store") || wants("scale") || wants("loop") || wants("measured")
    || wants("measured-import")
  {
    print("Building the seeded history: 200 trackers × 10 years …")
    let history = SeededHistory(trackerCount: 200, years: 10, today: today, seed: 2026)
    print("  \(history.trackers.count) trackers, \(history.records.count) records")
    if wants("statistics") {
      var statistics = Statistics(trackers: [], records: [], today: today)
      let statisticsTime = Measurement.median(runs: 9) {
        statistics = Statistics(trackers: history.trackers, records: history.records, today: today)
      }
      print(
        "Statistics (four figures and every tracker's streaks), median of 9: \(Measurement.milliseconds(statisticsTime)) ms"
          + " (target < 50 ms)")
      print(
        "  best period \(statistics.bestPeriod), perfect days \(statistics.perfectDays), "
          + "completed \(statistics.completed), average \(statistics.averageToOneDecimal)")
    }
    if wants("store") { try StoreBenchmark.run(history: history, today: today) }
    if wants("scale") { try ScaleBenchmark.run(history: history, today: today) }
    if wants("loop") { try LoopImportBenchmark.run(history: history, today: today) }
    if wants("measured") { try MeasuredBenchmark.run(history: history, today: today) }
    if wants("measured-import") { try MeasuredImportBenchmark.run(history: history, today: today) }
  }
  if wants("import") { try ImportScaleBenchmark.run(today: today) }
  if wants("large-loop") { try LargeLoopImportBenchmark.run(today: today) }
  if wants("render") { try MainActor.assumeIsolated { try RenderBenchmark.run(today: today) } }
  if chosen.contains("render-mixed") {
    try MainActor.assumeIsolated { try RenderBenchmark.compareMixed(today: today) }
  }
  if wants("sync") { try SyncBenchmark.run(today: today) }
  if wants("widget") { try MainActor.assumeIsolated { try WidgetBenchmark.run(today: today) } }
  if wants("reminders") { try ReminderBenchmark.run(today: today) }
  if wants("command-log") { try CommandLogBenchmark.run(today: today) }
  if wants("groups") { try MainActor.assumeIsolated { try GroupsBenchmark.run(today: today) } }
  if wants("terminal") { try TerminalBenchmark.run() }
} catch {
  print("Benchmark failed: \(error)")
  exit(1)
}
