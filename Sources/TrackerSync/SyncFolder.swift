import Foundation
import TrackerArchiveCodec
import TrackerModels

/// The shared folder as this device sees it: `<folder>/tracker-sync/<device>/<sequence>.jsonl`.
/// Every device writes only under its own name, each file to a temporary name first and renamed
/// when complete, never changed after; what is not named as a log is not ours and is left alone.
///
/// Nothing inside the folder is trusted (docs/sync.md, "Odd content"): a link is never followed,
/// to read, write or delete (a file syncer copies links, which may lead anywhere on this machine);
/// a device's "folder" that is a file, a log that is a folder or a pipe, a log that cannot be read
/// are each skipped with a reason, never a failed sync; a line longer than `SyncSkip.maximumLine`
/// is dropped as it is read, so a hostile file costs bounded memory.
package struct SyncFolder: Sendable {
  /// The folder the user chose.
  package let root: String

  package init(root: String) { self.root = root }

  /// Where the logs are.
  package var logs: String { (root as NSString).appendingPathComponent("tracker-sync") }

  package func folder(of device: String) -> String { (logs as NSString).appendingPathComponent(device) }

  /// A file's path inside the shared folder, as a report names it.
  package static func shown(_ device: String, _ name: String? = nil) -> String {
    "tracker-sync/" + device + (name.map { "/" + $0 } ?? "")
  }

  /// What a device's folder holds: its logs and snapshots by sequence, and the files named as logs
  /// that cannot be one, by name.
  package struct DeviceFiles: Hashable {
    package var logs: [Int] = []
    package var snapshots: [Int] = []
    package var odd: [String: SyncSkipReason] = [:]

    package init() {}

    /// The highest sequence of a log or snapshot there.
    package var newest: Int { max(logs.last ?? 0, snapshots.last ?? 0) }
  }

  /// Throws unless the chosen folder is there and is a folder.
  package func check() throws(SyncError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
      throw .folderMissing(root)
    }
    guard isFolder.boolValue else { throw .notAFolder(root) }
    guard access(root, R_OK | W_OK | X_OK) == 0 else { throw .folderRefused(root, Self.refusal(errno)) }
  }

  /// The kind of what is at `path`, not following a link; nil when nothing is.
  private static func kind(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  /// Throws unless `tracker-sync` is missing or a real folder: a link there (to a folder elsewhere,
  /// to nothing, round in a loop) is refused, so nothing is read or written through it.
  package func checkLogs() throws(SyncError) {
    switch Self.kind(logs) {
    case nil, S_IFDIR?: return
    case S_IFLNK?: throw .folderRefused(logs, .link)
    default: throw .folderRefused(logs, .notAFolder)
    }
  }

  /// The devices with a folder of logs (names that are canonical UUIDs and real folders), and the
  /// names of devices that are not folders, skipped.
  package func devices() throws(SyncError) -> (devices: [String], skipped: [SyncSkip]) {
    try checkLogs()
    guard Self.kind(logs) != nil else { return ([], []) }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: logs)
    } catch {
      throw .folderRefused(logs, FileSystemRefusal(error))
    }
    var devices: [String] = []
    var skipped: [SyncSkip] = []
    for name in names.sorted() where UUID(canonical: name)?.uuidString == name {
      switch Self.kind(folder(of: name)) {
      case S_IFDIR?: devices.append(name)
      case S_IFLNK?: skipped.append(SyncSkip(path: Self.shown(name), reason: .link))
      case nil: continue  // Gone while listed.
      default: skipped.append(SyncSkip(path: Self.shown(name), reason: .notAFolder))
      }
    }
    return (devices, skipped)
  }

  /// The sequences of `device`'s logs and snapshots, ascending, and the files named as logs that
  /// are not regular files; other files are ignored.
  package func files(of device: String) throws(SyncError) -> DeviceFiles {
    let path = folder(of: device)
    guard Self.kind(path) == S_IFDIR else { return DeviceFiles() }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .folderRefused(path, FileSystemRefusal(error))
    }
    var files = DeviceFiles()
    for name in names {
      let log = SyncLogFile.sequence(ofName: name)
      let snapshot = SyncLogFile.snapshotSequence(ofName: name)
      guard log != nil || snapshot != nil else { continue }
      switch Self.kind((path as NSString).appendingPathComponent(name)) {
      case S_IFREG?:
        if let log { files.logs.append(log) }
        if let snapshot { files.snapshots.append(snapshot) }
      case S_IFLNK?: files.odd[name] = .link
      case nil: continue
      default: files.odd[name] = .notAFile
      }
    }
    files.logs.sort()
    files.snapshots.sort()
    return files
  }

  /// Makes this device's folder (and `tracker-sync`) when missing; throws when it cannot be made,
  /// or is a link or a file: this device writes and deletes only in a real folder of its own.
  package func prepare(_ device: String) throws(SyncError) {
    try checkLogs()
    for path in [logs, folder(of: device)] {
      switch Self.kind(path) {
      case S_IFDIR?: continue
      case S_IFLNK?: throw .folderRefused(path, .link)
      case nil:
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
          let code = errno
          // A place that exists but takes no folder (`/proc`, a read-only mount) says so, not
          // "no such file".
          throw .folderRefused(
            path, code == ENOENT || code == ENOTSUP ? .cannotMakeFolder : Self.refusal(code))
        }
        guard Self.kind(path) == S_IFDIR else { throw .folderRefused(path, .notAFolder) }
      default: throw .folderRefused(path, .notAFolder)
      }
    }
    guard access(folder(of: device), W_OK | X_OK) == 0 else {
      throw .folderRefused(folder(of: device), Self.refusal(errno))
    }
  }

  /// The lines of a file of `device`, read without following a link, in bounded memory: each line
  /// without its newline (the last is what follows the last newline), a line longer than
  /// `SyncSkip.maximumLine` as nil. Fails with why it cannot be read: gone or not there yet (a
  /// placeholder not downloaded, a file just folded into a snapshot) is `.stillCopying`.
  package func lines(of device: String, _ name: String) -> Result<[SyncLogFile.Line], SyncSkipReason> {
    let path = (folder(of: device) as NSString).appendingPathComponent(name)
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Self.unreadable(errno)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(Self.unreadable(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
    let newline = UInt8(ascii: "\n")
    var lines: [SyncLogFile.Line] = []
    var current: [UInt8] = []
    var tooLong = false
    func take(_ part: ArraySlice<UInt8>) {
      guard !tooLong else { return }
      if current.count + part.count > SyncSkip.maximumLine {
        tooLong = true
        current = []
      } else {
        current += part
      }
    }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(Self.unreadable(errno))
      }
      if count == 0 { break }
      var start = 0
      while let end = buffer[start..<count].firstIndex(of: newline) {
        take(buffer[start..<end])
        lines.append(tooLong ? nil : current[...])
        current = []
        tooLong = false
        start = end + 1
      }
      take(buffer[start..<count])
    }
    lines.append(tooLong ? nil : current[...])
    return .success(lines)
  }

  /// The first line of a file of `device` (its header), read without the rest and without
  /// following a link; nil when it cannot be read now.
  package func header(of device: String, _ name: String) -> String? {
    let path = (folder(of: device) as NSString).appendingPathComponent(name)
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }

  /// Whether `device` has a file of that name (a link counts: nothing may be written over it).
  package func has(_ device: String, _ name: String) -> Bool {
    Self.kind((folder(of: device) as NSString).appendingPathComponent(name)) != nil
  }

  /// Whether the file `name` of `device` holds exactly `text`: a log this device wrote, or one a
  /// copy of its data file wrote under the same name.
  package func holds(_ device: String, _ name: String, _ text: String) -> Bool {
    guard case .success(let lines) = lines(of: device, name) else { return false }
    let expected = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return lines.count == expected.count
      && zip(lines, expected).allSatisfy { $0.0.map(Array.init) == Array($0.1) }
  }

  /// Removes a file of this device (its own, folded into a snapshot). `unlink` never follows a
  /// link, and `prepare` made sure the device's folder is not one.
  package func remove(_ device: String, _ name: String) throws(SyncError) {
    let path = (folder(of: device) as NSString).appendingPathComponent(name)
    guard unlink(path) == 0 || errno == ENOENT else { throw .folderRefused(path, Self.refusal(errno)) }
  }

  /// How old a temporary file of `write(text:device:name:)` must be before a sync of its device
  /// takes it for one a killed sync left: writing a log takes moments, never a minute.
  package static let abandonedAfter: TimeInterval = 60

  /// Removes the temporary files a sync of `device` killed between writing a log and naming it
  /// left in the device's folder (`.00000002.jsonl.tmp-…`), once they are `abandonedAfter` old:
  /// otherwise they stay for good, and a program that syncs the folder copies them to every
  /// device. Only this device's folder, and only names of that form; a younger one may be another
  /// sync of this data file still writing. Returns the names removed. `now` is the real clock, not
  /// the sync's: a file's age is measured against the times the file system stamped it with.
  @discardableResult
  package func removeAbandonedTemporaries(of device: String, now: Date = Date()) -> [String] {
    let path = folder(of: device)
    guard Self.kind(path) == S_IFDIR, let names = try? FileManager.default.contentsOfDirectory(atPath: path)
    else { return [] }  // No folder, nothing to tidy: the sync itself says what is wrong with it.
    var removed: [String] = []
    for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
      let file = (path as NSString).appendingPathComponent(name)
      var info = stat()
      guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec) >= Self.abandonedAfter
      else { continue }
      // A file that cannot be removed now is tried again at the next sync; it holds nothing the
      // device's named logs do not.
      if unlink(file) == 0 { removed.append(name) }
    }
    return removed.sorted()
  }

  /// Writes `file` under its name: to a temporary name beside it (made new, never through a link),
  /// flushed to the disk, then linked to its name, which fails if anything else has that name; so
  /// no other device ever sees it in part, and nothing is ever written over. The same file there
  /// already is no failure.
  package func write(_ file: SyncLogFile) throws(SyncError) {
    try write(text: file.text, device: file.device, name: file.fileName)
  }

  /// Writes `text` as the file `name` of `device`, as `write(_:)` does.
  package func write(text: String, device: String, name: String) throws(SyncError) {
    try prepare(device)
    let folder = folder(of: device)
    let path = (folder as NSString).appendingPathComponent(name)
    // A name of its own: two syncs of one data file (threads of one process too) may both write
    // the log the last one recorded.
    let temporary = (folder as NSString).appendingPathComponent(
      ".\(name).tmp-\(getpid())-\(UUID().uuidString.prefix(8))")
    let bytes = Array(text.utf8)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .folderRefused(folder, Self.refusal(errno)) }
    var failure: Int32 = 0
    var written = 0
    while failure == 0, written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno != EINTR { failure = errno }
      } else {
        written += count
      }
    }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == 0 { failure = errno }
    if failure == 0, link(temporary, path) != 0 {
      // A file system without hard links (FAT, some network shares): rename, after a look.
      if errno == EEXIST || Self.kind(path) != nil {
        failure = EEXIST
      } else if rename(temporary, path) != 0 {
        failure = errno
      }
    }
    unlink(temporary)
    // The same file there already is this one written: by another sync of this data file that
    // wrote the log this one recorded.
    if failure == EEXIST, holds(device, name, text) { return }
    if failure != 0 { throw .folderRefused(path, Self.refusal(failure)) }
  }

  private static func refusal(_ code: Int32) -> FileSystemRefusal {
    code == ELOOP ? .link : FileSystemRefusal(code: code)
  }

  /// Why a file cannot be read, from `open`'s or `read`'s error.
  private static func unreadable(_ code: Int32) -> SyncSkipReason {
    switch code {
    case ENOENT: return .stillCopying
    case ELOOP: return .link
    default: return .refused(refusal(code))
    }
  }
}
