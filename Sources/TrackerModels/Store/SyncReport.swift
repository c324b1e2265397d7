import Foundation

/// How far a device's clock runs ahead of this one's, as its entries show.
public struct ClockAhead: Hashable, Sendable {
  /// The device (its id).
  public var device: String
  /// By how many whole hours, more than 24.
  public var hours: Int

  public init(device: String, hours: Int) {
    self.device = device
    self.hours = hours
  }
}

/// A log this sync could not read yet, or cannot read.
public struct UnreadLog: Hashable, Sendable {
  public var device: String
  public var sequence: Int
  /// Whether it is still being copied (cut short, its last line broken, not there yet): read again
  /// at the next sync. Otherwise it is not a log this version reads (a newer app's).
  public var isIncomplete: Bool

  public init(device: String, sequence: Int, isIncomplete: Bool) {
    self.device = device
    self.sequence = sequence
    self.isIncomplete = isIncomplete
  }
}

/// What a sync did (docs/sync.md).
public struct SyncReport: Hashable, Sendable {
  /// The folder, as given or remembered.
  public var folder: String
  /// This device's id.
  public var device: String
  /// Whether this sync joined the folder (the first with it).
  public var joined: Bool
  /// Fields other devices changed here.
  public var changesIn: Int
  /// How many devices those changes came from.
  public var devicesIn: Int
  /// Fields this device sent.
  public var changesOut: Int
  /// Logs not read, first of each device.
  public var unread: [UnreadLog]
  /// Devices whose entries are stamped more than 24 hours ahead of this clock.
  public var clocksAhead: [ClockAhead]
  /// How many of this device's files were folded into a snapshot.
  public var compacted = 0

  /// A report with every part given.
  public init(
    folder: String, device: String, joined: Bool, changesIn: Int = 0, devicesIn: Int = 0, changesOut: Int = 0,
    unread: [UnreadLog] = [], clocksAhead: [ClockAhead] = []
  ) {
    self.folder = folder
    self.device = device
    self.joined = joined
    self.changesIn = changesIn
    self.devicesIn = devicesIn
    self.changesOut = changesOut
    self.unread = unread
    self.clocksAhead = clocksAhead
  }
}

/// Where a store stands with its folder: what Settings shows.
public struct SyncStatus: Hashable, Sendable {
  /// The folder joined, or nil.
  public var folder: String?
  /// When the last sync ended.
  public var lastSynced: Date?
  /// Devices whose clocks ran more than 24 hours ahead at the last sync.
  public var clocksAhead: [ClockAhead]

  public init(folder: String? = nil, lastSynced: Date? = nil, clocksAhead: [ClockAhead] = []) {
    self.folder = folder
    self.lastSynced = lastSynced
    self.clocksAhead = clocksAhead
  }
}

/// Why a sync did not happen; nothing in the store or the folder changed. The command line says
/// it in the user's language.
public enum SyncError: Error, Hashable, Sendable {
  /// No folder given, and none remembered: the first sync needs `--folder`.
  case noFolder
  /// The folder is not there (an unmounted disk, a sync engine not started, a typo).
  case folderMissing(String)
  /// The path is a file, not a folder.
  case notAFolder(String)
  /// The folder or a file in it cannot be read or written.
  case folderRefused(String, FileSystemRefusal)
  /// The store refused (busy, damaged, full).
  case store(StoreError)
}

/// A store that syncs through a shared folder (docs/sync.md): what the view models need of it, so
/// Settings can show the folder and the last sync and the app can sync when it should. The SQLite
/// store is one; a native client could carry the same entries over CloudKit behind it.
public protocol SyncingStore: AnyObject, Sendable {
  /// The folder joined and the last sync.
  func syncStatus() throws(StoreError) -> SyncStatus
  /// Syncs with `folder`, or the folder joined before when nil, stamping new entries at `now`.
  @discardableResult
  func sync(folder: String?, now: Date) throws(SyncError) -> SyncReport
}

extension SyncingStore {
  /// Syncs with the folder joined before.
  @discardableResult
  public func sync(now: Date) throws(SyncError) -> SyncReport { try sync(folder: nil, now: now) }
}
