import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// The figures of "years of data feel instant": the statistics after one tap, `show statistics`
/// against `show trackers` end to end, import CPU against a plain Python peer, import peak memory,
/// import time against the number of trackers, and opening with and without the full check.
enum ScaleBenchmark {
  static func run(history: SeededHistory, today: Day) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracker-scale-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let archive = TrackerArchive.export(
      StoreContents(categories: history.categories, trackers: history.trackers, records: history.records))
    let archiveFile = folder.appendingPathComponent("archive.json")
    try Data(archive.utf8).write(to: archiveFile)
    print("\nScale (\(history.records.count) records, archive \(archive.utf8.count / 1_000_000) MB)")

    // Import CPU, ours in this process and the Python peer in its own.
    var run = 0
    let path = folder.appendingPathComponent("tracker.sqlite").path
    let ours = try medianCPU(runs: 3) {
      run += 1
      let store = try SQLiteTrackerStore(path: run == 3 ? path : path + ".\(run)", now: Date())
      try store.importArchive(archive, today: today)
    }
    var line = "  import CPU, ours: \(format(ours)) s"
    if let peer = peerCPU(archive: archiveFile, folder: folder) {
      line +=
        "; Python peer (json + sqlite3, Tools/bench/import_peer.py): \(format(peer)) s; peer / ours \(ratio(peer, ours)) (target ≥ 3×)"
    } else {
      line += "; the Python peer was not run (no python3)"
    }
    print(line)
    if let peak = peakMemory(["import", archiveFile.path, "--store", path + ".memory", "--today", today.iso])
    {
      print("  import peak memory (tracker-preview import, max RSS): \(peak / 1024) MiB (target ≤ 150 MiB)")
    }

    // The statistics after one tap on the 715k-record file: the write keeps the summaries, the
    // screen then reads them.
    do {
      // Closed at the end of the block, as the app closes it: the next open needs no full check.
      let store = try SQLiteTrackerStore(path: path, now: Date())
      try store.saveSettings(StoreSettings(isOnboardingDone: true))
      let tracker = history.trackers[0].id
      // 22 toggles: the file ends as it began.
      let write = try Measurement.median(runs: 22) { try store.toggleRecord(trackerID: tracker, on: today) }
      var statistics = try store.statistics(asOf: today)
      let read = try Measurement.median(runs: 21) { statistics = try store.statistics(asOf: today) }
      print(
        "  one tap: the write with its summaries \(Measurement.milliseconds(write)) ms; the statistics after it \(Measurement.milliseconds(read)) ms (target < 2 ms)"
      )
      print("    (perfect days \(statistics.perfectDays), completed \(statistics.completed))")
    }

    // End to end, the release binary beside this one.
    if let trackers = medianWall(["show", "trackers", "--store", path, "--today", today.iso]),
      let statisticsScreen = medianWall(["show", "statistics", "--store", path, "--today", today.iso]),
      let nothing = medianWall(["--version"])
    {
      print(
        "  end to end: show trackers \(Measurement.milliseconds(trackers)) ms, show statistics \(Measurement.milliseconds(statisticsScreen)) ms: \(ratio(Double(statisticsScreen), Double(trackers))) (target ≤ 1.5×)"
      )
      print(
        "    (of which starting a process from here, as '--version' takes: \(Measurement.milliseconds(nothing)) ms)"
      )
    }

    // Opening: with the full integrity check (no stamp) and without it (stamp current).
    try? FileManager.default.removeItem(atPath: path + ".verified")
    let checked = try Measurement.median(runs: 1) { _ = try SQLiteTrackerStore(path: path, now: Date()) }
    let quick = try Measurement.median(runs: 5) { _ = try SQLiteTrackerStore(path: path, now: Date()) }
    print(
      "  open: with the full integrity check \(Measurement.milliseconds(checked)) ms; without (file unchanged since) \(Measurement.milliseconds(quick)) ms"
    )

    // Import time against the number of trackers.
    var times: [Int: UInt64] = [:]
    for count in [2_000, 8_000] {
      let many = SeededHistory(trackerCount: count, days: 30, today: today, seed: 7)
      let text = TrackerArchive.export(
        StoreContents(categories: many.categories, trackers: many.trackers, records: many.records))
      var attempt = 0
      times[count] = try Measurement.median(runs: 3) {
        attempt += 1
        let fresh = try SQLiteTrackerStore(path: path + ".many\(count).\(attempt)", now: Date())
        try fresh.importArchive(text, today: today)
      }
    }
    if let small = times[2_000], let large = times[8_000] {
      print(
        "  import of 2,000 trackers \(Measurement.milliseconds(small)) ms, of 8,000 \(Measurement.milliseconds(large)) ms: \(ratio(Double(large), Double(small))) (target ≤ 5×)"
      )
    }
  }

  private static func format(_ seconds: Double) -> String { String(format: "%.2f", seconds) }
  private static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.1f×", a / b) }

  /// The median CPU time (user + system) of `runs` runs of `body`, in seconds.
  private static func medianCPU(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = cpuSeconds()
      try body()
      times.append(cpuSeconds() - start)
    }
    return times.sorted()[runs / 2]
  }

  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The peer's own CPU seconds, median of 3, or nil without python3.
  private static func peerCPU(archive: URL, folder: URL) -> Double? {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tools/bench/import_peer.py")
    var times: [Double] = []
    for attempt in 0..<3 {
      let output = folder.appendingPathComponent("peer\(attempt).sqlite").path
      guard let text = runProcess("/usr/bin/env", ["python3", script.path, archive.path, output]),
        let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
      else { return nil }
      times.append(seconds)
    }
    return times.sorted()[1]
  }

  /// The maximum resident size in KiB of `tracker-preview arguments`, from `/usr/bin/time`.
  private static func peakMemory(_ arguments: [String]) -> Int? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%M", toolPath()] + arguments
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").last.flatMap { Int($0) }
  }

  /// The median wall time of 7 runs of `tracker-preview arguments`, in nanoseconds.
  private static func medianWall(_ arguments: [String]) -> UInt64? {
    guard FileManager.default.isExecutableFile(atPath: toolPath()) else { return nil }
    _ = runProcess(toolPath(), arguments)  // warm the page cache
    return Measurement.median(runs: 7) { _ = runProcess(toolPath(), arguments) }
  }

  private static func toolPath() -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("tracker-preview").path
  }

  /// Runs a program and returns its standard output, or nil when it could not run or failed.
  private static func runProcess(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }
}
