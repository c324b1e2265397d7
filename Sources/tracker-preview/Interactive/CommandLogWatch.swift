import Foundation
import TrackerModels
import TrackerStore
import TrackerSync

/// The command log the interactive app merges when its folder changes (a file renamed into it by
/// an extension or `do --via-extension` changes the folder's modification time): looked at once a
/// second, merged off the main actor.
final class CommandLogWatch: Sendable {
  let log: CommandLog
  let store: SQLiteTrackerStore
  /// The folder's modification time when last looked at.
  private let seen = Locked<Date?>(nil)

  init(log: CommandLog, store: SQLiteTrackerStore) {
    self.log = log
    self.store = store
  }

  /// Whether the folder changed since the last look (it appearing counts).
  func hasChanged() -> Bool {
    let attributes = try? FileManager.default.attributesOfItem(atPath: log.folder)
    let modified = attributes?[.modificationDate] as? Date
    return seen.withLock { last in
      defer { last = modified }
      return modified != nil && modified != last
    }
  }

  func merge() throws(CommandLogError) -> CommandLog.MergeReport { try log.merge(into: store) }
}
