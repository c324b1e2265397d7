import Foundation
import TrackerModels

/// Reads a store's write-ahead log (`<file>-wal`) the way SQLite's recovery does, to find damage
/// SQLite would pass over in silence.
///
/// SQLite replays the log's frames up to the first one whose checksum or salts do not match and
/// drops the rest without an error; the next write then overwrites them. When the frames it would
/// drop include a commit, saved changes are lost. Opening checks for that first, so the file and its
/// log are set aside together (kept byte for byte) and salvaged, instead of losing the commits.
/// Frames after the last commit (a write cut short by a crash) are dropped as SQLite intends: they
/// were never acknowledged.
///
/// Only a log nobody has open is read: while another process uses the file, the log is live (it
/// grows, it is reset), and that process's own opening already checked it.
enum WriteAheadLog {
  /// Why SQLite would drop commits from the log beside `path`, or nil when it would not (no log,
  /// an empty one, one in use, or one whose every commit is intact).
  static func problem(_ path: String) -> StoreDamage? {
    guard !StoreFile.isInUse(path), FileInspection.isRegularFile(path + "-wal"),
      let handle = FileHandle(forReadingAtPath: path + "-wal")
    else {
      return nil
    }
    defer { try? handle.close() }
    // Read frame by frame (the log of a large import can be hundreds of megabytes); a file cut
    // short while reading reads as a shorter log.
    return problem { count in (try? handle.read(upToCount: count)).map { [UInt8]($0) } ?? [] }
  }

  /// The application id in the newest copy of the database's first page in the log beside `path`
  /// (of the log's current generation), or nil when the log holds none. Until a checkpoint, a new
  /// store's header with its application id is only there.
  static func applicationID(_ path: String) -> Int32? {
    guard FileInspection.isRegularFile(path + "-wal"),
      let handle = FileHandle(forReadingAtPath: path + "-wal")
    else { return nil }
    defer { try? handle.close() }
    func word(_ bytes: Data, _ offset: Int) -> UInt32 {
      bytes[bytes.startIndex + offset..<bytes.startIndex + offset + 4].reduce(UInt32(0)) {
        $0 << 8 | UInt32($1)
      }
    }
    guard let header = try? handle.read(upToCount: 32), header.count == 32 else { return nil }
    let pageSize = Int(word(header, 8))
    guard pageSize >= 512, pageSize <= 65536 else { return nil }
    var found: Int32?
    while let frame = try? handle.read(upToCount: 24 + pageSize), frame.count == 24 + pageSize {
      // A frame: page number, commit size, the two salts, the two checksums, then the page.
      guard word(frame, 8) == word(header, 16), word(frame, 12) == word(header, 20) else { continue }
      if word(frame, 0) == 1 { found = Int32(bitPattern: word(frame, 24 + 68)) }
    }
    return found
  }

  /// `problem` for the bytes of a log.
  static func problem(in bytes: [UInt8]) -> StoreDamage? {
    var offset = 0
    return problem { count in
      let end = min(offset + count, bytes.count)
      defer { offset = end }
      return Array(bytes[offset..<end])
    }
  }

  /// `problem` for a log read by `read(count)`, which gives up to `count` next bytes.
  private static func problem(reading read: (Int) -> [UInt8]) -> StoreDamage? {
    let header = read(32)
    guard header.count == 32 else { return nil }
    func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
      UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
        | UInt32(bytes[offset + 3])
    }
    let magic = word(header, 0)
    let pageSize = Int(word(header, 8))
    let validPageSize = pageSize >= 512 && pageSize <= 65536 && pageSize & (pageSize - 1) == 0
    let damagedHeader = StoreDamage.damagedLogHeader
    guard magic == 0x377f_0682 || magic == 0x377f_0683, validPageSize else {
      return read(24).isEmpty ? nil : damagedHeader
    }
    let frameSize = 24 + pageSize
    let bigEndian = magic & 1 == 1
    func checksum(_ bytes: [UInt8], _ range: Range<Int>, _ seed: (UInt32, UInt32)) -> (UInt32, UInt32) {
      var (first, second) = seed
      for offset in stride(from: range.lowerBound, to: range.upperBound, by: 8) {
        let x0 = bigEndian ? word(bytes, offset) : word(bytes, offset).byteSwapped
        let x1 = bigEndian ? word(bytes, offset + 4) : word(bytes, offset + 4).byteSwapped
        first = first &+ x0 &+ second
        second = second &+ x1 &+ first
      }
      return (first, second)
    }
    var running = checksum(header, 0..<24, (0, 0))
    guard running == (word(header, 24), word(header, 28)) else {
      return read(frameSize).count == frameSize ? damagedHeader : nil
    }
    let salts = (word(header, 16), word(header, 20))
    var intact = true
    // After the first frame SQLite stops at: whether that frame is a commit, and the frames of the
    // same log generation (same salts) that follow it.
    var stoppedAtCommit = false
    var followingFrames = 0
    var followingCommits = 0
    while true {
      let frame = read(frameSize)
      guard frame.count == frameSize else { break }
      let isCommit = word(frame, 4) != 0
      let saltsMatch = (word(frame, 8), word(frame, 12)) == salts
      if intact {
        running = checksum(frame, 24..<frameSize, checksum(frame, 0..<8, running))
        intact = saltsMatch && running == (word(frame, 16), word(frame, 20))
        if !intact { stoppedAtCommit = isCommit && saltsMatch }
      } else if saltsMatch {
        // Frames of an older generation (other salts) are left over from before a checkpoint and
        // hold nothing the file lacks.
        followingFrames += 1
        if isCommit { followingCommits += 1 }
      }
    }
    // A damaged last frame is what a crash in the middle of a commit leaves: that commit was
    // never acknowledged, and SQLite is right to drop it. Damage with frames after it is not.
    let lostCommits = followingCommits + (stoppedAtCommit && followingFrames > 0 ? 1 : 0)
    guard lostCommits > 0 else { return nil }
    return .lostLogCommits(lostCommits)
  }
}
