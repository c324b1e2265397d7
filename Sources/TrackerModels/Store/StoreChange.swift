import Foundation

/// What one committed transaction changed, so screens update only what they show.
public struct StoreChange: Hashable, CommittedChange {
  /// Categories added, renamed or deleted.
  public var categoryIDs: Set<UUID>
  /// Trackers added, changed or deleted.
  public var trackerIDs: Set<UUID>
  /// Trackers whose marks changed (records or days off), with the days that changed. A tracker
  /// added by the change is in `trackerIDs` only: it is new as a whole.
  public var recordDays: [UUID: Set<Day>]
  /// Trackers whose notes changed, with the days that changed (notes count in no figure, so a
  /// screen that shows none need not read again).
  public var noteDays: [UUID: Set<Day>]
  /// Whether the settings changed.
  public var settingsChanged: Bool
  /// Anything may have changed (another process wrote to the file): every screen reads again.
  public var isEverything = false
  /// The sync's own state changed (a folder joined, a sync ended): what Settings' sync row shows,
  /// even when the sync changed no data.
  public var syncChanged = false
  /// The marks of `recordDays`'s trackers as the commit left them, when the store says them (a
  /// change of a few trackers' marks: a tap, an amount, a day off), so a screen showing those
  /// trackers updates without reading them back; empty otherwise (an import, a range of days off
  /// for every tracker), and the screen reads. What the change left, not what it changed: two
  /// changes are equal when they changed the same things, whatever marks they carry.
  public var marks: [UUID: TrackerMarks] = [:]
  /// The tables the commit wrote, as the store said them while it ran (`TableRecording`): what
  /// decides which screens read again (`StoreAccess.observe(fetch:)`). Like `marks`, not part of
  /// equality: two changes are equal when they changed the same things.
  public var tablesWritten: Set<String> = []

  /// Anything may have changed.
  public static let everything: StoreChange = {
    var change = StoreChange(settingsChanged: true)
    change.isEverything = true
    return change
  }()

  /// A change with every part given.
  public init(
    categoryIDs: Set<UUID> = [], trackerIDs: Set<UUID> = [], recordDays: [UUID: Set<Day>] = [:],
    noteDays: [UUID: Set<Day>] = [:], settingsChanged: Bool = false
  ) {
    self.categoryIDs = categoryIDs
    self.trackerIDs = trackerIDs
    self.recordDays = recordDays
    self.noteDays = noteDays
    self.settingsChanged = settingsChanged
  }
}

extension StoreChange {
  public static func == (lhs: StoreChange, rhs: StoreChange) -> Bool {
    lhs.categoryIDs == rhs.categoryIDs && lhs.trackerIDs == rhs.trackerIDs && lhs.recordDays == rhs.recordDays
      && lhs.noteDays == rhs.noteDays && lhs.settingsChanged == rhs.settingsChanged
      && lhs.isEverything == rhs.isEverything && lhs.syncChanged == rhs.syncChanged
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(categoryIDs)
    hasher.combine(trackerIDs)
    hasher.combine(recordDays)
    hasher.combine(noteDays)
    hasher.combine(settingsChanged)
    hasher.combine(isEverything)
    hasher.combine(syncChanged)
  }

  /// Adds what `other` changed: one transaction that made both (a logged command applied inside
  /// the write that records it). The marks are dropped: they said what one part left.
  public mutating func formUnion(_ other: StoreChange) {
    categoryIDs.formUnion(other.categoryIDs)
    trackerIDs.formUnion(other.trackerIDs)
    recordDays.merge(other.recordDays) { $0.union($1) }
    noteDays.merge(other.noteDays) { $0.union($1) }
    settingsChanged = settingsChanged || other.settingsChanged
    isEverything = isEverything || other.isEverything
    syncChanged = syncChanged || other.syncChanged
    tablesWritten.formUnion(other.tablesWritten)
    marks = [:]
  }

  /// How many trackers' marks a store says with a change at most (`marks`): more are read.
  public static let marksLimit = 8

  /// Whether `marks` says the marks of every tracker whose marks changed.
  public var hasAllMarks: Bool { !recordDays.isEmpty && recordDays.keys.allSatisfy { marks[$0] != nil } }
}

/// Keeps an observation alive; cancelling it (or releasing it) stops the calls.
///
/// It holds no lock: a token may be cancelled on one thread and let go on another, so
/// `onCancel` may run more than once, and must do nothing the second time (remove a handler by
/// its key, set a flag). Every store's and the access's cancel is such a step.
public final class ObservationToken: Sendable {
  private let onCancel: @Sendable () -> Void

  /// A token that runs `onCancel` when cancelled and when released; `onCancel` must be idempotent.
  public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

  deinit { onCancel() }

  /// Stops the observation. Calling it again does nothing more.
  public func cancel() { onCancel() }
}
