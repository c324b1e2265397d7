import Foundation
import Observation
import TrackerModels

/// Keeps the widgets' snapshots current: a main screen of its own on today, with every habit
/// whatever filter the user left on, and after each change of it (a tap, another process's
/// write, a sync, a new day after `clockChanged()`) a `widget-<family>.json` per family written
/// into `folder` — the container the app shares with its widgets (docs/native-client.md,
/// "Widgets"). Each file is written whole to a temporary name and renamed, so a widget never
/// reads half of one.
///
/// `failure` and `writes` are observable: a settings view can show why the widgets are stale,
/// and a client's test can wait for a change made elsewhere to reach the files.
@MainActor
public final class WidgetFeed: Observable {
  /// Where the snapshots go.
  public let folder: URL
  /// Why the snapshots could not all be written the last time they changed (a full disk, a folder
  /// gone): the first family that failed, with the system's reason; nil once every family that
  /// changed was written. Set once per pass, so an observer hears of it only when it changes.
  public private(set) var failure: String? {
    get {
      registrar.access(self, keyPath: \.failure)
      return lastFailure
    }
    set {
      guard newValue != lastFailure else { return }
      registrar.withMutation(of: self, keyPath: \.failure) { lastFailure = newValue }
    }
  }
  /// How many times a snapshot was written (one per family that changed).
  public private(set) var writes: Int {
    get {
      registrar.access(self, keyPath: \.writes)
      return writeCount
    }
    set { registrar.withMutation(of: self, keyPath: \.writes) { writeCount = newValue } }
  }
  private var lastFailure: String?
  private var writeCount = 0
  private let registrar = ObservationRegistrar()
  private let screen: TrackersViewModel
  private var binding: BindingToken?
  private var written: [WidgetSnapshot.Family: WidgetSnapshot] = [:]

  /// A feed of `environment`'s habits into `folder`.
  public init(environment: AppEnvironment, folder: URL) {
    self.folder = folder
    var everyHabit = environment
    everyHabit.store = EveryHabitStore(environment.store)
    screen = TrackersViewModel(environment: everyHabit)
    binding = screen.observe { [weak self] _ in self?.write() }
    write()
  }

  /// Returns once the feed's reads, and the snapshots they lead to, are done (its main screen
  /// reads through an access of its own, over every habit).
  public func settled() async { await screen.environment.access.settled() }

  /// The file of `family`'s snapshot.
  public func file(of family: WidgetSnapshot.Family) -> URL {
    folder.appendingPathComponent("widget-\(family.rawValue).json")
  }

  /// Call when the clock moved (a new day begins at the day start): the snapshots follow today.
  public func clockChanged() {
    screen.clockChanged()
    if screen.state.selectedDay != screen.environment.today { screen.daySelected(screen.environment.today) }
  }

  /// Writes each family's snapshot that changed since it was last written (one that could not be
  /// written is tried again at the next change).
  private func write() {
    var failures: [String] = []
    for family in WidgetSnapshot.Family.allCases {
      guard let snapshot = WidgetSnapshot.make(from: screen, family: family), written[family] != snapshot
      else { continue }
      let path = file(of: family).path
      // A family not written is forgotten: it is written at the next pass, even when the state
      // comes back to what it last wrote (its file may be gone meanwhile).
      written[family] = nil
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        failures.append("\(folder.path): \(Self.folderReason(folder.path, error))")
        continue
      }
      let code = Self.writeWhole(snapshot.json(), to: path)
      guard code == 0 else {
        failures.append("\(path): \(String(cString: strerror(code)))")
        continue
      }
      written[family] = snapshot
      writes += 1
    }
    failure = failures.first
  }

  /// Why the folder could not be made, as the system says it ("Not a directory" for a file in its
  /// place, "No such file or directory" for a link to nothing), not Foundation's "The operation
  /// could not be completed".
  private static func folderReason(_ path: String, _ error: any Error) -> String {
    var status = stat()
    if lstat(path, &status) == 0 {
      let kind = status.st_mode & S_IFMT
      if kind == S_IFLNK, stat(path, &status) != 0 { return String(cString: strerror(errno)) }
      if kind != S_IFDIR, kind != S_IFLNK { return String(cString: strerror(ENOTDIR)) }
    }
    return error.localizedDescription
  }

  /// Writes `data` whole to `path`: to a name of its own beside it, then renamed over it, so a
  /// widget never reads half of one. 0, or the system's `errno` (Foundation's atomic write says
  /// only "The operation could not be completed" on Linux).
  private static func writeWhole(_ data: Data, to path: String) -> Int32 {
    // A name of its own, made new: whatever an earlier write left there is never written through.
    let temporary = path + ".writing-\(getpid())-\(UUID().uuidString.prefix(8))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return errno }
    var failure: Int32 = 0
    data.withUnsafeBytes { buffer in
      var offset = 0
      while failure == 0, offset < buffer.count, let start = buffer.baseAddress {
        let count = Foundation.write(descriptor, start + offset, buffer.count - offset)
        if count < 0 {
          if errno != EINTR { failure = errno }
        } else {
          offset += count
        }
      }
    }
    if close(descriptor) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 { unlink(temporary) }
    return failure
  }
}

/// The store as a widget sees it: every habit of the day, whatever filter the main screen
/// remembers.
private final class EveryHabitStore: ForwardingTrackerStore {
  let base: any TrackerDataStore

  init(_ base: any TrackerDataStore) { self.base = base }

  func read<Result>(
    _ body: (any TrackerDataReading) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try base.read { (reader) throws(StoreError) in
      // Every habit: no filter, and no category collapsed (a widget has no headers to open).
      try body(
        ForwardingReader(
          reader,
          adjustingSettings: {
            $0.filter = .all
            $0.collapsedCategoryIDs = []
          }))
    }
  }
}
