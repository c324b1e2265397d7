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

/// A log this sync could not read yet, or cannot read: the device's later logs wait behind it.
public struct UnreadLog: Hashable, Sendable {
  public var device: String
  public var sequence: Int
  /// Why it was not read.
  public var reason: SyncSkipReason

  /// Whether it is still being copied (cut short, its last line broken, not there yet): read again
  /// at the next sync. Otherwise it cannot be read as it is (`reason` says why).
  public var isIncomplete: Bool { reason == .stillCopying }

  public init(device: String, sequence: Int, reason: SyncSkipReason) {
    self.device = device
    self.sequence = sequence
    self.reason = reason
  }

  /// A log still being copied (`isIncomplete`), or one of a newer version.
  public init(device: String, sequence: Int, isIncomplete: Bool) {
    self.init(device: device, sequence: sequence, reason: isIncomplete ? .stillCopying : .newerVersion)
  }
}

/// Why a sync left something in the folder aside (docs/sync.md, "Odd content"): a whole file or
/// folder, or lines of a log it read.
public enum SyncSkipReason: Error, Hashable, Sendable {
  /// Cut short or its last line broken: being copied; read again at the next sync.
  case stillCopying
  /// Written by a newer version of Tracker.
  case newerVersion
  /// Named as a log but not one: no tracker-sync header, or one naming another device or sequence,
  /// or more lines than its header says.
  case notALog
  /// A folder, a pipe or a device where a log should be.
  case notAFile
  /// A file where a device's folder should be.
  case notAFolder
  /// A symbolic link: sync never follows links inside the folder.
  case link
  /// The system refused to read it.
  case refused(FileSystemRefusal)
  /// A line longer than `SyncSkip.maximumLine` bytes, dropped unread.
  case lineTooLong
  /// A line that is not an entry (not JSON, or without its stamp, entity, id, field or value).
  case malformedEntry
  /// An entry whose id, field, value or device is not valid for what it is about.
  case invalidEntry
  /// An entry stamped more than `SyncSkip.maximumLead` ahead of this device's clock.
  case stampFarAhead
}

/// Something of the folder a sync skipped, and why: a file or folder, or lines of a log.
public struct SyncSkip: Hashable, Sendable {
  /// The longest line a log may have: 1 MiB (a line is one field; the longest note is far shorter).
  public static let maximumLine = 1 << 20
  /// How far ahead of this device's clock an entry may be stamped and still be read: a year. A
  /// device whose clock runs a day or a month ahead is a device to warn about (its entries are
  /// kept); a stamp years ahead is damage or an attack, and would win its field for ever.
  public static let maximumLead: UInt64 = 366 * 86_400_000

  /// The path inside the shared folder (`tracker-sync/6F1C…/00000003.jsonl`).
  public var path: String
  public var reason: SyncSkipReason
  /// How many lines of a log read were skipped; 0 when the whole file or folder was.
  public var lines: Int

  public init(path: String, reason: SyncSkipReason, lines: Int = 0) {
    self.path = path
    self.reason = reason
    self.lines = lines
  }
}

/// Changes that did not survive the merge because their tracker or category was deleted (a tick
/// made on one device after another deleted the habit): how many, and the device that deleted.
public struct DroppedChanges: Hashable, Sendable {
  /// The device whose deletion hid them.
  public var device: String
  public var count: Int

  public init(device: String, count: Int) {
    self.device = device
    self.count = count
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
  /// Files, folders and lines of the folder left aside, with why.
  public var skipped: [SyncSkip] = []
  /// Changes made here or received that their tracker's (or category's) deletion hid.
  public var dropped: [DroppedChanges] = []
  /// Set when this data file turned out to be a copy (another file, or a backup restored, syncs
  /// under the same device id): the id it had. It now syncs as `device`, and sent everything it
  /// knows under that id.
  public var previousDevice: String?
  /// Whether this device sent everything it knows again, as one snapshot: its own logs were gone
  /// from the folder (a folder recreated, its subfolder deleted) or it took a new id.
  public var republished = false

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
