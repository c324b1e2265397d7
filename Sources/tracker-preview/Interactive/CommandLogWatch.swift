import Foundation
import TrackerModels
import TrackerStore
import TrackerSync
import TrackerViewModels

/// The command log the interactive app merges when its folder changes (a file renamed into it by
/// an extension or `do --via-extension` changes the folder's modification time): looked at once a
/// second, off the main actor. An actor on a thread of its own (a look reads the file system, a
/// merge writes the data file), so the looks and merges come one at a time and what it last saw
/// is its own.
actor CommandLogWatch {
  private nonisolated let executor = QueueExecutor(DispatchQueue(label: "tracker.command-log"))
  let log: CommandLog
  let store: SQLiteTrackerStore
  /// The folder's modification time when last looked at.
  private var seen: Date?

  init(log: CommandLog, store: SQLiteTrackerStore) {
    self.log = log
    self.store = store
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Merges the log when its folder changed since the last look (it appearing counts): what the
  /// merge did, or why it failed; nil when the folder did not change. A merge that failed (the
  /// data file held by another program) is tried again at the next look, folder changed or not:
  /// what was handed over is applied once the file is free, not when the next command comes.
  func mergeIfChanged() -> Result<CommandLog.MergeReport, CommandLogError>? {
    guard hasChanged() else { return nil }
    let merged = Result { () throws(CommandLogError) in try log.merge(into: store) }
    if case .failure = merged { seen = nil }
    return merged
  }

  /// Whether the folder changed since the last look. A folder that cannot be read has not
  /// changed: the next look asks again, and a merge would say why it failed.
  private func hasChanged() -> Bool {
    let attributes = try? FileManager.default.attributesOfItem(atPath: log.folder)
    let modified = attributes?[.modificationDate] as? Date
    defer { seen = modified }
    return modified != nil && modified != seen
  }
}
