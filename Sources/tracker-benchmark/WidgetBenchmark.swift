import Foundation
import TrackerModels
import TrackerStore
import TrackerViewModels

/// The widgets' snapshot of 1,000 habits due today (issue 48: under 20 ms): made from the main
/// screen's read and written as JSON, as `WidgetFeed` does after each change; and with the read
/// itself, on a SQLite file, as the feed's first snapshot costs.
enum WidgetBenchmark {
  @MainActor
  static func run(today: Day) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widget-benchmark-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try SQLiteTrackerStore(
      path: folder.appendingPathComponent("tracker.sqlite").path, now: Date())
    let (flow, environment) = try RenderBenchmark.flowWithAThousandTrackers(
      today: today, store: store, measured: true)
    let screen = try flow.trackers.orThrow("no main screen")
    var bytes = 0
    let snapshotTime = Measurement.median(runs: 9) {
      for family in WidgetSnapshot.Family.allCases {
        bytes += WidgetSnapshot.make(from: screen, family: family)?.json().count ?? 0
      }
    }
    let withReadTime = Measurement.median(runs: 9) {
      let fresh = TrackersViewModel(environment: environment)
      environment.settle()
      _ = WidgetSnapshot.make(from: fresh, family: .large)?.json()
    }
    print(
      "Widget snapshots of 1,000 habits (SQLite), median of 9: the four families from the main screen's read "
        + "\(Measurement.milliseconds(snapshotTime)) ms (target < 20 ms); a large one with its own read "
        + "\(Measurement.milliseconds(withReadTime)) ms; \(bytes / 9 / 4) bytes a family on average")
  }
}

extension Optional {
  /// The value, or an error saying `what` is missing.
  func orThrow(_ what: String) throws -> Wrapped {
    guard let self else { throw MissingValue(what: what) }
    return self
  }
}

/// A value the benchmark needed was not there.
struct MissingValue: Error, CustomStringConvertible {
  var what: String
  var description: String { what }
}
