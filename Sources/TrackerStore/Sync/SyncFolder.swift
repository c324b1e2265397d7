import Foundation
import TrackerModels

/// The shared folder as this device sees it: `<folder>/tracker-sync/<device>/<sequence>.jsonl`.
/// Every device writes only under its own name, each file to a temporary name first and renamed
/// when complete, never changed after; what is not named as a log is not ours and is left alone.
struct SyncFolder: Sendable {
  /// The folder the user chose.
  let root: String

  /// Where the logs are.
  var logs: String { (root as NSString).appendingPathComponent("tracker-sync") }

  func folder(of device: String) -> String { (logs as NSString).appendingPathComponent(device) }

  /// Throws unless the chosen folder is there and is a folder.
  func check() throws(SyncError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
      throw .folderMissing(root)
    }
    guard isFolder.boolValue else { throw .notAFolder(root) }
    guard access(root, R_OK | W_OK | X_OK) == 0 else { throw .folderRefused(root, .permissionDenied) }
  }

  /// The devices with a folder of logs: names that are canonical UUIDs.
  func devices() throws(SyncError) -> [String] {
    guard FileManager.default.fileExists(atPath: logs) else {
      // Nothing there is a folder not made yet; a link there that leads nowhere or round in a
      // loop is a folder that cannot be used (it read as an empty one, and a sync "succeeded").
      var entry = stat()
      var target = stat()
      if lstat(logs, &entry) == 0, stat(logs, &target) != 0 {
        throw .folderRefused(logs, Self.refusal(errno))
      }
      return []
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: logs)
    } catch {
      throw .folderRefused(logs, FileSystemRefusal(error))
    }
    return names.filter { UUID(canonical: $0)?.uuidString == $0 }.sorted()
  }

  /// The sequences of `device`'s logs and snapshots, ascending; other files are ignored.
  func files(of device: String) throws(SyncError) -> (logs: [Int], snapshots: [Int]) {
    let path = folder(of: device)
    guard FileManager.default.fileExists(atPath: path) else { return ([], []) }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .folderRefused(path, FileSystemRefusal(error))
    }
    return (
      names.compactMap(SyncLogFile.sequence(ofName:)).sorted(),
      names.compactMap(SyncLogFile.snapshotSequence(ofName:)).sorted()
    )
  }

  /// The text of a file of `device`, or nil when it cannot be read now (a placeholder not yet
  /// downloaded, a file just folded into a snapshot): read again at the next sync.
  func text(of device: String, _ name: String) -> String? {
    let path = (folder(of: device) as NSString).appendingPathComponent(name)
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The bytes of a file of `device`, or nil when it cannot be read now.
  func bytes(of device: String, _ name: String) -> [UInt8]? {
    let path = (folder(of: device) as NSString).appendingPathComponent(name)
    return FileManager.default.contents(atPath: path).map(Array.init)
  }

  /// The first line of a file of `device` (its header), read without the rest; nil when it cannot
  /// be read now.
  func header(of device: String, _ name: String) -> String? {
    let path = (folder(of: device) as NSString).appendingPathComponent(name)
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: 65_536) else { return nil }
    return String(decoding: data.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }

  /// Whether `device` has a file of that name.
  func has(_ device: String, _ name: String) -> Bool {
    FileManager.default.fileExists(atPath: (folder(of: device) as NSString).appendingPathComponent(name))
  }

  /// Removes a file of `device` (its own, folded into a snapshot).
  func remove(_ device: String, _ name: String) throws(SyncError) {
    let path = (folder(of: device) as NSString).appendingPathComponent(name)
    guard unlink(path) == 0 || errno == ENOENT else { throw .folderRefused(path, Self.refusal(errno)) }
  }

  /// Writes `file` under its name: to a temporary name beside it, flushed to the disk, then
  /// renamed, so no other device ever sees it in part. Throws if a file of that name is there.
  func write(_ file: SyncLogFile) throws(SyncError) {
    let folder = folder(of: file.device)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .folderRefused(folder, FileSystemRefusal(error))
    }
    let path = (folder as NSString).appendingPathComponent(file.fileName)
    let temporary = (folder as NSString).appendingPathComponent(".\(file.fileName).tmp-\(getpid())")
    let bytes = Array(file.text.utf8)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
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
    if failure == 0, access(path, F_OK) == 0 { failure = EEXIST }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw .folderRefused(path, Self.refusal(failure))
    }
  }

  private static func refusal(_ code: Int32) -> FileSystemRefusal {
    FileSystemRefusal(NSError(domain: NSPOSIXErrorDomain, code: Int(code)))
  }
}
