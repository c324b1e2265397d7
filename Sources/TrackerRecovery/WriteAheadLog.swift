import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

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
/// A log cut short (truncated, deleted) loses its last commits without a trace in the log itself;
/// the log's index (`<file>-shm`, `LogIndex`) still says how many frames were committed, so a log
/// that SQLite would replay to fewer of them is damage too, found the same way.
///
/// Only a log nobody has open is read: while another process uses the file, the log is live (it
/// grows, it is reset), and that process's own opening already checked it.
package enum WriteAheadLog {
  /// Why SQLite would drop commits from the log beside `path`, or nil when it would not (no log,
  /// an empty one, one in use, or one whose every commit is intact and holds every frame its
  /// index says was committed).
  package static func problem(_ path: String) -> StoreDamage? {
    guard !StoreFile.isInUse(path) else { return nil }
    let index = LogIndex(path + "-shm")
    let logBefore = VerifiedStamp(fileAt: path + "-wal")
    var scan = Scan()
    if FileInspection.isRegularFile(path + "-wal"), let handle = FileHandle(forReadingAtPath: path + "-wal") {
      defer { try? handle.close() }
      // Read frame by frame (the log of a large import can be hundreds of megabytes); a file cut
      // short while reading reads as a shorter log.
      scan = self.scan { count in (try? handle.read(upToCount: count)).map { [UInt8]($0) } ?? [] }
    }
    if let damage = scan.damage { return damage }
    guard let index, let missing = index.missingFrames(scan) else { return nil }
    // Judged only on a still picture: a process that opened, wrote or checkpointed the file while
    // it was read (the index rebuilt, the log reset) leaves nothing to judge, and its own opening
    // checked the log.
    guard !StoreFile.isInUse(path), LogIndex(path + "-shm") == index,
      VerifiedStamp(fileAt: path + "-wal") == logBefore
    else { return nil }
    return .logCutShort(missingFrames: missing)
  }

  /// The application id in the newest copy of the database's first page in the log beside `path`
  /// (of the log's current generation), or nil when the log holds none. Until a checkpoint, a new
  /// store's header with its application id is only there.
  package static func applicationID(_ path: String) -> Int32? {
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

  /// How many committed frames the log beside `path` lacks by its size alone, as its index (live
  /// or not) says; nil when none. For a short read of a log in use.
  package static func missingFrames(_ path: String) -> Int? {
    guard let index = LogIndex(path + "-shm") else { return nil }
    let size = VerifiedStamp(fileAt: path + "-wal").map { Int($0.size) } ?? 0
    let frames = max(0, size - 32) / (24 + index.pageSize)
    let missing = index.committedFrames - max(frames, index.copiedFrames)
    return missing > 0 ? missing : nil
  }

  /// `problem` for the bytes of a log (without an index).
  package static func problem(in bytes: [UInt8]) -> StoreDamage? { scan(bytes).damage }

  /// What SQLite's recovery would make of the bytes of a log.
  package static func scan(_ bytes: [UInt8]) -> Scan {
    var offset = 0
    return scan { count in
      let end = min(offset + count, bytes.count)
      defer { offset = end }
      return Array(bytes[offset..<end])
    }
  }

  /// What SQLite's recovery makes of a log.
  package struct Scan: Equatable {
    /// Commits SQLite would drop in silence (damage followed by more commits), or a damaged header.
    package var damage: StoreDamage?
    /// How many frames SQLite replays: up to the last commit before the first damaged frame.
    package var replayedFrames = 0
    /// The log's page size and salts (bytes 8–11 and 16–23 of its header), when its header is intact.
    package var pageSize: Int?
    package var salts: [UInt8] = []
  }

  /// `scan` for a log read by `read(count)`, which gives up to `count` next bytes.
  private static func scan(reading read: (Int) -> [UInt8]) -> Scan {
    var result = Scan()
    let header = read(32)
    guard header.count == 32 else { return result }
    func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
      UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
        | UInt32(bytes[offset + 3])
    }
    let magic = word(header, 0)
    let pageSize = Int(word(header, 8))
    let validPageSize = pageSize >= 512 && pageSize <= 65536 && pageSize & (pageSize - 1) == 0
    let damagedHeader = StoreDamage.damagedLogHeader
    guard magic == 0x377f_0682 || magic == 0x377f_0683, validPageSize else {
      result.damage = read(24).isEmpty ? nil : damagedHeader
      return result
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
      result.damage = read(frameSize).count == frameSize ? damagedHeader : nil
      return result
    }
    result.pageSize = pageSize
    result.salts = Array(header[16..<24])
    let salts = (word(header, 16), word(header, 20))
    var frameNumber = 0
    var intact = true
    // After the first frame SQLite stops at: whether that frame is a commit, and the frames of the
    // same log generation (same salts) that follow it.
    var stoppedAtCommit = false
    var followingFrames = 0
    var followingCommits = 0
    while true {
      let frame = read(frameSize)
      guard frame.count == frameSize else { break }
      frameNumber += 1
      let isCommit = word(frame, 4) != 0
      let saltsMatch = (word(frame, 8), word(frame, 12)) == salts
      if intact {
        running = checksum(frame, 24..<frameSize, checksum(frame, 0..<8, running))
        intact = saltsMatch && running == (word(frame, 16), word(frame, 20))
        if !intact { stoppedAtCommit = isCommit && saltsMatch }
        if intact, isCommit { result.replayedFrames = frameNumber }
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
    if lostCommits > 0 { result.damage = .lostLogCommits(lostCommits) }
    return result
  }
}

/// The header of a log's index (`<file>-shm`, SQLite's wal-index) as the last process using the
/// file left it: how many frames of the log were committed (`mxFrame`) and how many of them are
/// already copied into the file (`nBackfill`). SQLite writes the index after the log's frames are
/// on disk, so a log holding fewer committed frames than its index says was cut short afterwards.
///
/// SQLite rebuilds the index from the log when it opens a file nobody has open, so this is read
/// before SQLite opens the file. Only a header SQLite itself would trust is used: both copies
/// equal, its version, and its checksum.
package struct LogIndex: Equatable {
  /// Frames committed to the log (`mxFrame`).
  package let committedFrames: Int
  /// Of those, frames already copied into the database file (`nBackfill`).
  package let copiedFrames: Int
  /// The log's page size.
  package let pageSize: Int
  /// The log's salts, as they are in its header (bytes 16–23).
  package let salts: [UInt8]

  /// The header of the index at `path`, or nil when there is none SQLite would trust.
  package init?(_ path: String) {
    guard FileInspection.isRegularFile(path), let handle = FileHandle(forReadingAtPath: path) else {
      return nil
    }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: 136), data.count == 136 else { return nil }
    self.init(bytes: [UInt8](data))
  }

  /// The header in the first 136 bytes of an index (SQLite's `WalIndexHdr` twice, then
  /// `WalCkptInfo`), in this machine's byte order as SQLite writes it.
  package init?(bytes: [UInt8]) {
    guard bytes.count >= 136, bytes[0..<48] == bytes[48..<96] else { return nil }
    func word(_ offset: Int) -> UInt32 {
      let value = bytes[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
      return value
    }
    // iVersion 3007000, isInit set, and the checksum of the first 40 bytes (SQLite's "native"
    // checksum: the words as they are in memory).
    guard word(0) == 3_007_000, bytes[12] == 1 else { return nil }
    var first: UInt32 = 0
    var second: UInt32 = 0
    for offset in stride(from: 0, to: 40, by: 8) {
      first = first &+ word(offset) &+ second
      second = second &+ word(offset + 4) &+ first
    }
    guard first == word(40), second == word(44) else { return nil }
    let size = Int(bytes[14..<16].withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) })
    pageSize = size == 1 ? 65536 : size
    committedFrames = Int(word(16))
    copiedFrames = Int(word(96))
    salts = Array(bytes[32..<40])
  }

  /// How many committed frames the log `scan` lacks (those not yet copied into the file), or nil
  /// when it holds every one: SQLite replays them all, or the file already has them.
  package func missingFrames(_ scan: WriteAheadLog.Scan) -> Int? {
    guard committedFrames > copiedFrames else { return nil }
    // Another log in its place (other salts or page size, or no intact header): none of the
    // committed frames are there.
    let sameLog = scan.pageSize == pageSize && scan.salts == salts
    let replayed = sameLog ? scan.replayedFrames : 0
    guard replayed < committedFrames else { return nil }
    return committedFrames - max(replayed, copiedFrames)
  }
}
