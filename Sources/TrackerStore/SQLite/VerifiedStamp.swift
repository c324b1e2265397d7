import Foundation

/// Remembers that a store file passed `PRAGMA integrity_check` and has not been touched since,
/// so the check (about a second on ten years of history) is not repeated at every launch.
///
/// After a full check passes, and again whenever a connection closes cleanly (the write-ahead log
/// checkpointed and emptied), the file's identity — device, inode, size and modification time to
/// the nanosecond — is written to `<file>.verified`. The next open skips the full check only when
/// the file still has exactly that identity and no write-ahead log is pending. Anything else —
/// another program truncating or rewriting the file, a crash that left a log behind, a restored
/// backup — changes the identity, and the full check runs. Damage that changes none of these
/// (bit rot under an unchanged timestamp) is found when SQLite reads the damaged page and reports
/// it as an error of that operation.
struct VerifiedStamp: Equatable {
  let device: UInt64
  let inode: UInt64
  let size: UInt64
  let modifiedSeconds: Int
  let modifiedNanoseconds: Int

  /// The identity of the file at `path` now, or `nil` when it cannot be read.
  init?(fileAt path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = UInt64(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    #endif
  }

  private init?(text: String) {
    let numbers = text.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 5, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
    device = UInt64(numbers[0])
    inode = UInt64(numbers[1])
    size = UInt64(numbers[2])
    modifiedSeconds = numbers[3]
    modifiedNanoseconds = numbers[4]
  }

  private var text: String { "\(device) \(inode) \(size) \(modifiedSeconds) \(modifiedNanoseconds)\n" }

  /// Where the stamp of the store at `path` lives.
  static func stampPath(for path: String) -> String { path + ".verified" }

  /// Whether the file at `path` is exactly as it was when last verified, with no pending log.
  static func isCurrent(for path: String) -> Bool {
    guard let recorded = try? String(contentsOfFile: stampPath(for: path), encoding: .utf8),
      let stamp = VerifiedStamp(text: recorded.trimmingCharacters(in: .whitespacesAndNewlines)),
      let current = VerifiedStamp(fileAt: path)
    else { return false }
    let wal = VerifiedStamp(fileAt: path + "-wal")
    return stamp == current && (wal == nil || wal?.size == 0)
  }

  /// Records the current identity of the file at `path` as verified.
  static func record(for path: String) {
    guard let current = VerifiedStamp(fileAt: path) else { return }
    try? current.text.write(toFile: stampPath(for: path), atomically: true, encoding: .utf8)
  }

  /// Forgets any verification of `path`.
  static func remove(for path: String) {
    try? FileManager.default.removeItem(atPath: stampPath(for: path))
  }
}
