import Foundation
import TrackerModels
import TrackerSQLite

/// Why a store file could not be opened at all. Nothing was deleted or moved when this is thrown.
public enum StoreOpenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The folder for the file could not be created.
  case cannotCreateFolder(path: String, reason: FileSystemRefusal)
  /// The file (or its journal) could not be opened or created, for example in a read-only folder.
  case cannotOpen(path: String, reason: String)
  /// The file is broken but could not be moved aside, so it was left as it is.
  case cannotMoveAside(path: String, reason: FileSystemRefusal)
  /// The file was written by a newer version of Tracker; it was left as it is.
  case newerSchema(path: String, version: Int, known: Int)
  /// The file is another program's SQLite database; it was left as it is.
  case notATrackerStore(path: String)
  /// The file is the other app's of this package (the to-do list's given to the tracker, or the
  /// reverse); it was left as it is.
  case otherAppsFile(path: String, owner: StoreOwner)
  /// The file is not a Tracker data file at all (text, a picture, a folder, a pipe…); it was left
  /// as it is, and its name kept.
  case notAStoreFile(path: String, kind: ForeignFile)
  /// Another process held the file's write lock past the busy timeout, or (`isReading`) read it in
  /// rollback journal mode, which keeps writers out; `holder` names it when the system tells
  /// ("tracker-preview, pid 4242").
  case busy(path: String, holder: String?, isReading: Bool = false)
  /// The file is broken and was left as it is, because the caller asked not to set it aside.
  case broken(path: String, reason: StoreDamage)
  /// The disk is full, or the file size limit (`ulimit -f`) reached, so SQLite could not make
  /// what opening needs (its write-ahead log's index); the file was left as it is.
  case noRoom(path: String)

  public var description: String {
    switch self {
    case .cannotCreateFolder(let path, let reason):
      return "cannot create the folder \(path): \(reason)"
    case .cannotOpen(let path, let reason):
      return
        "cannot open the data file \(path): \(reason). Check that the folder exists and is writable, or choose another file with --store"
    case .cannotMoveAside(let path, let reason):
      return "the data file \(path) is broken and could not be moved aside (\(reason)); it was left untouched"
    case .newerSchema(let path, let version, let known):
      return
        "the data file \(path) was made by a newer version of Tracker (schema \(version); this one knows up to \(known)); update Tracker to open it. The file was left untouched"
    case .notATrackerStore(let path):
      return
        "\(path) is a database of another program, not a Tracker data file; it was left untouched. Choose another file with --store"
    case .otherAppsFile(let path, let owner):
      return
        "\(path) is the \(owner == .todo ? "to-do list's" : "tracker's") data file, not the \(owner == .todo ? "tracker's" : "to-do list's"); it was left untouched"
    case .notAStoreFile(let path, let kind):
      return "\(path) is not a Tracker data file (\(kind)); nothing was changed"
    case .broken(let path, let reason):
      return "the data file \(path) is broken (\(reason)); it was left untouched"
    case .busy(let path, let holder, let isReading):
      return "the data file \(path) is being \(isReading ? "read" : "written") by another program"
        + (holder.map { " (\($0))" } ?? "") + (isReading ? ", which keeps it from being written" : "")
        + "; try again when it is done"
    case .noRoom(let path):
      return "cannot open the data file \(path): the disk is full or a file size limit is reached"
    }
  }
}

/// Tells that a broken data file was moved aside and a fresh store started in its place.
public struct StoreRecovery: Hashable, Sendable, CustomStringConvertible {
  /// The data file that was broken, now a fresh store.
  public var originalPath: String
  /// Where the broken file now is, byte-for-byte.
  public var movedTo: String
  /// What was wrong with it.
  public var reason: StoreDamage
  /// What could still be read from it and is in the new store.
  public var saved: StoreContents
  /// For the to-do app's file: how many tasks could still be read and are in the new store.
  public var savedTasks = 0
  /// How many rows could be read but not vouched for (a seal that does not match, a day the store
  /// cannot hold, a record without its tracker, a record its table and index disagree on), and
  /// were left out of the new store.
  public var leftOut = 0
  /// Whether this salvage was begun by an earlier command that was interrupted (killed, a power
  /// cut) and finished by this one.
  public var wasResumed = false
  /// Why what could be read could not be written into the new store (a full disk): the file aside
  /// still holds it, and the next opening tries again.
  public var salvageFailure: StoreError?

  /// A recovery with every field given.
  public init(originalPath: String, movedTo: String, reason: StoreDamage, saved: StoreContents = .empty) {
    self.originalPath = originalPath
    self.movedTo = movedTo
    self.reason = reason
    self.saved = saved
  }

  public var description: String {
    let start =
      (wasResumed ? "an interrupted salvage was finished: " : "")
      + "the data file \(originalPath) was broken (\(reason)); it was moved to \(movedTo) and "
    if let salvageFailure {
      return start
        + "what could still be read could not be saved yet (\(salvageFailure)); the next command tries again"
    }
    let end = leftOut > 0 ? "; entries left out because they could not be vouched for: \(leftOut)" : ""
    if savedTasks > 0 {
      return start + "a new store holds the \(savedTasks) tasks that could still be read" + end
    }
    guard saved != .empty else { return start + "a new, empty store was started" + end }
    return start
      + "a new store holds what could still be read: \(saved.records.count) records of \(saved.trackers.count) trackers in \(saved.categories.count) categories"
      + (saved.daysOff.isEmpty ? "" : ", and \(saved.daysOff.count) days off") + end
  }
}
