import Foundation

/// Reads a store's write-ahead log (`<file>-wal`) the way SQLite's recovery does, to find damage
/// SQLite would pass over in silence.
///
/// SQLite replays the log's frames up to the first one whose checksum or salts do not match and
/// drops the rest without an error; the next write then overwrites them. When the frames it would
/// drop include a commit, saved changes are lost. Opening checks for that first, so the file and its
/// log are set aside together (kept byte for byte) and salvaged, instead of losing the commits.
/// Frames after the last commit (a write cut short by a crash) are dropped as SQLite intends: they
/// were never acknowledged.
enum WriteAheadLog {
  /// Why SQLite would drop commits from the log beside `path`, or nil when it would not (no log,
  /// an empty one, or one whose every commit is intact).
  static func problem(_ path: String) -> String? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"), options: .alwaysMapped),
      data.count >= 32
    else { return nil }
    return data.withUnsafeBytes { problem(in: Array($0.bindMemory(to: UInt8.self))) }
  }

  /// `problem` for the bytes of a log.
  static func problem(in bytes: [UInt8]) -> String? {
    guard bytes.count >= 32 else { return nil }
    func word(_ offset: Int) -> UInt32 {
      UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
        | UInt32(bytes[offset + 3])
    }
    let magic = word(0)
    let pageSize = Int(word(8))
    let validPageSize = pageSize >= 512 && pageSize <= 65536 && pageSize & (pageSize - 1) == 0
    let frameSize = 24 + (validPageSize ? pageSize : 0)
    let hasFrames = validPageSize && bytes.count >= 32 + frameSize
    guard magic == 0x377f_0682 || magic == 0x377f_0683, validPageSize else {
      return hasFrames || bytes.count > 32 ? "its write-ahead log has a damaged header" : nil
    }
    let bigEndian = magic & 1 == 1
    func checksum(_ start: Int, _ count: Int, _ seed: (UInt32, UInt32)) -> (UInt32, UInt32) {
      var (first, second) = seed
      var offset = start
      while offset < start + count {
        let x0 = bigEndian ? word(offset) : word(offset).byteSwapped
        let x1 = bigEndian ? word(offset + 4) : word(offset + 4).byteSwapped
        first = first &+ x0 &+ second
        second = second &+ x1 &+ first
        offset += 8
      }
      return (first, second)
    }
    var running = checksum(0, 24, (0, 0))
    let salts = (word(16), word(20))
    guard running == (word(24), word(28)) else {
      return hasFrames ? "its write-ahead log has a damaged header" : nil
    }
    var offset = 32
    var intact = true
    // After the first frame SQLite stops at: whether that frame is a commit, and the frames of the
    // same log generation (same salts) that follow it.
    var stoppedAtCommit = false
    var followingFrames = 0
    var followingCommits = 0
    while offset + frameSize <= bytes.count {
      let isCommit = word(offset + 4) != 0
      let saltsMatch = (word(offset + 8), word(offset + 12)) == salts
      if intact {
        running = checksum(offset + 24, pageSize, checksum(offset, 8, running))
        intact = saltsMatch && running == (word(offset + 16), word(offset + 20))
        if !intact { stoppedAtCommit = isCommit && saltsMatch }
      } else if saltsMatch {
        // Frames of an older generation (other salts) are left over from before a checkpoint and
        // hold nothing the file lacks.
        followingFrames += 1
        if isCommit { followingCommits += 1 }
      }
      offset += frameSize
    }
    // A damaged last frame is what a crash in the middle of a commit leaves: that commit was
    // never acknowledged, and SQLite is right to drop it. Damage with frames after it is not.
    let lostCommits = followingCommits + (stoppedAtCommit && followingFrames > 0 ? 1 : 0)
    guard lostCommits > 0 else { return nil }
    return
      "its write-ahead log is damaged: \(lostCommits) saved change\(lostCommits == 1 ? "" : "s") in it cannot be read"
  }
}
