import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// Issue 32: import per record with amounts. The 10-year, 200-tracker history exported as our
/// archive twice — all yes/no, and with half its habits measurable (an amount on each of their
/// records) or quota habits (`MeasuredBenchmark.mixedHistory`) — each imported into an empty data
/// file, the two alternated round by round; per record, since both hold the same records.
enum MeasuredImportBenchmark {
  static func run(history: SeededHistory, today: Day, rounds: Int = 3) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracker-measured-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let mixed = try MeasuredBenchmark.mixedHistory(history)
    var archives: [(name: String, text: String, records: Int, amounts: Int)] = []
    // `TRACKER_BENCHMARK_ONLY=yes-no` or `mixed` imports that archive alone (for a profiler).
    let only = ProcessInfo.processInfo.environment["TRACKER_BENCHMARK_ONLY"]
    for (name, source) in [("yes/no", history), ("mixed", mixed)]
    where only == nil || only == (name == "mixed" ? "mixed" : "yes-no") {
      let text = TrackerArchive.export(
        StoreContents(categories: source.categories, trackers: source.trackers, records: source.records))
      archives.append((name, text, source.records.count, source.records.count { $0.amount != nil }))
    }
    print("\nImport per record with amounts (our archive into an empty file, \(rounds) rounds alternating)")
    for archive in archives {
      print(
        "  \(archive.name): \(archive.records) records, \(archive.amounts) with an amount, "
          + "\(archive.text.utf8.count / 1_000_000) MB")
    }
    // Wall and CPU time of the whole import, and of the decoding alone (parse + check).
    var figures: [String: [(wall: UInt64, cpu: Double, decode: UInt64)]] = [:]
    var run = 0
    for round in 1...rounds {
      var line = "  round \(round):"
      for archive in archives {
        run += 1
        let store = try SQLiteTrackerStore(
          path: folder.appendingPathComponent("import-\(run).sqlite").path, now: Date())
        let cpuBefore = cpuSeconds()
        let wall = try Measurement.duration { try store.importArchive(archive.text, today: today) }
        let cpu = cpuSeconds() - cpuBefore
        let decode = Measurement.duration {
          _ = TrackerArchive.decode(archive.text, today: today, existing: .empty)
        }
        figures[archive.name, default: []].append((wall, cpu, decode))
        line +=
          " \(archive.name) \(Measurement.milliseconds(wall)) ms (CPU \(String(format: "%.2f", cpu)) s,"
          + " decoding \(Measurement.milliseconds(decode)) ms);"
      }
      print(line)
    }
    guard only == nil else { return }
    typealias Figure = (wall: UInt64, cpu: Double, decode: UInt64)
    func median<Value: Comparable>(_ name: String, _ pick: (Figure) -> Value) -> Value {
      let values = (figures[name] ?? []).map(pick).sorted()
      return values[values.count / 2]
    }
    func perRecord(_ nanoseconds: UInt64, _ name: String) -> String {
      let records = archives.first { $0.name == name }?.records ?? 1
      return String(format: "%.2f µs", Double(nanoseconds) / 1_000 / Double(max(records, 1)))
    }
    func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f×", a / max(b, 1e-9)) }
    let (yesNo, measured) = (median("yes/no", \.wall), median("mixed", \.wall))
    let (yesNoDecode, measuredDecode) = (median("yes/no", \.decode), median("mixed", \.decode))
    print(
      "  median per record: yes/no \(perRecord(yesNo, "yes/no")), mixed \(perRecord(measured, "mixed"))"
        + " (\(ratio(Double(measured), Double(yesNo))); target ≤ 1.2×); CPU"
        + " \(ratio(median("mixed", \.cpu), median("yes/no", \.cpu))); decoding alone"
        + " \(perRecord(yesNoDecode, "yes/no")) against \(perRecord(measuredDecode, "mixed"))"
        + " (\(ratio(Double(measuredDecode), Double(yesNoDecode))))")
  }

  /// User + system CPU seconds of this process so far.
  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
