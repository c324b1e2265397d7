import Foundation

/// Wall-clock timing of repeated runs.
enum Measurement {
  /// The median duration of `runs` runs of `body`, in nanoseconds.
  static func median(runs: Int, _ body: () throws -> Void) rethrows -> UInt64 {
    var durations: [UInt64] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      durations.append(DispatchTime.now().uptimeNanoseconds - start)
    }
    durations.sort()
    return durations[durations.count / 2]
  }

  /// How long one run of `body` took, in nanoseconds.
  static func duration(_ body: () throws -> Void) rethrows -> UInt64 {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return DispatchTime.now().uptimeNanoseconds - start
  }

  /// The median of `durations`.
  static func median(_ durations: [UInt64]) -> UInt64 { durations.sorted()[durations.count / 2] }

  /// Nanoseconds as milliseconds with one decimal.
  static func milliseconds(_ nanoseconds: UInt64) -> String {
    String(format: "%.1f", Double(nanoseconds) / 1_000_000)
  }
}
