import Foundation
import TrackerSQLite
import TrackerSchema

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
/// it as an error of that operation, by the row seals of what is read — and, for what a quick open
/// reads without a seal (a record, an index entry), by the full check that runs again once the last
/// one is `maximumAge` old, and before every export.
package struct VerifiedStamp: Equatable {
  /// How long a full check vouches for a file: a day.
  package static let maximumAge: TimeInterval = 24 * 60 * 60

  package let device: UInt64
  package let inode: UInt64
  package let size: UInt64
  package let modifiedSeconds: Int
  package let modifiedNanoseconds: Int

  /// The identity of the file at `path` now, or `nil` when it cannot be read.
  package init?(fileAt path: String) {
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

  /// A stamp's text: the identity, then when the last full check passed (seconds since 1970).
  private static func parse(_ text: String) -> (VerifiedStamp, checkedAt: Int)? {
    let numbers = text.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 6, let stamp = VerifiedStamp(numbers: numbers.prefix(5)) else { return nil }
    return (stamp, numbers[5])
  }

  private init?(numbers: ArraySlice<Int>) {
    let numbers = Array(numbers)
    guard numbers.count == 5, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
    device = UInt64(numbers[0])
    inode = UInt64(numbers[1])
    size = UInt64(numbers[2])
    modifiedSeconds = numbers[3]
    modifiedNanoseconds = numbers[4]
  }

  private func text(checkedAt: Int) -> String {
    "\(device) \(inode) \(size) \(modifiedSeconds) \(modifiedNanoseconds) \(checkedAt)\n"
  }

  /// Where the stamp of the store at `path` lives.
  package static func stampPath(for path: String) -> String { path + ".verified" }

  /// When the full check last passed for the file at `path`, if it is exactly as it was then
  /// (cleanly closed since, by Tracker) with no pending log, and that was less than `maximumAge`
  /// before `now`; otherwise nil, and the full check must run.
  package static func checkedAt(for path: String, now: Date) -> Date? {
    guard let (stamp, seconds) = recorded(for: path),
      let current = VerifiedStamp(fileAt: path)
    else { return nil }
    let wal = VerifiedStamp(fileAt: path + "-wal")
    guard stamp == current, wal == nil || wal?.size == 0 else { return nil }
    let checked = Date(timeIntervalSince1970: TimeInterval(seconds))
    // A check "in the future" (a clock set back) vouches for nothing.
    let age = now.timeIntervalSince(checked)
    return age >= -60 && age < maximumAge ? checked : nil
  }

  /// Whether a stamp of Tracker's is beside `path` (whatever it vouches for): the file there has
  /// been a Tracker store.
  package static func isPresent(for path: String) -> Bool { recorded(for: path) != nil }

  /// The stamp beside `path`, when there is one: read only from a small regular file, so a pipe
  /// or a device by that name is never opened.
  private static func recorded(for path: String) -> (VerifiedStamp, checkedAt: Int)? {
    var info = stat()
    let stampPath = stampPath(for: path)
    guard stat(stampPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 256,
      let text = try? String(contentsOfFile: stampPath, encoding: .utf8)
    else { return nil }
    return parse(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Records the current identity of the file at `path`, last fully checked at `checkedAt`.
  package static func record(for path: String, checkedAt: Date) {
    guard let current = VerifiedStamp(fileAt: path) else { return }
    let text = current.text(checkedAt: Int(checkedAt.timeIntervalSince1970))
    try? text.write(toFile: stampPath(for: path), atomically: true, encoding: .utf8)
  }

  /// Forgets any verification of `path`.
  package static func remove(for path: String) {
    try? FileManager.default.removeItem(atPath: stampPath(for: path))
  }
}
