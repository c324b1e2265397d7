import Foundation
import TrackerArchiveCodec
import TrackerModels

/// One log file of a device in the shared folder (docs/sync.md, "The folder"): a header line, then
/// one entry per line.
///
///     {"format": "tracker-sync", "version": 1, "device": "…", "sequence": 3, "entries": 2, "read": {"…": 5},
///      "written": 1796115600000}
///     {"t": "0190f2a4c6d80000", "e": "tracker", "id": "…", "f": "name", "v": "Run"}
///     {"t": "0190f2a4c6d80001", "d": "…", "e": "note", "id": "…/2026-12-01", "f": "text", "v": "rain"}
///
/// `entries` says how many lines follow, so a file cut short is known as such; `read` says how far
/// the device had read each other device's logs when it wrote the file (what compaction waits for);
/// `written` is the device's wall clock when it wrote the file (what a clock far ahead is told by).
/// An entry's `d` names the device that made it when that is not the file's device (a snapshot
/// of everything a device knows carries other devices' entries with their own stamps).
package struct SyncLogFile: Hashable, Sendable {
  package static let format = "tracker-sync"
  package static let version = 1

  package var device: String
  package var sequence: Int
  package var entries: [(key: SyncKey, value: SyncValue)]
  /// How far the device had read each other device's logs.
  package var read: [String: Int]
  /// Whether this is a snapshot: the device's logs up to `sequence` folded into one (latest entry
  /// of each field), written once every device known to the folder had read them.
  package var isSnapshot = false
  /// The writer's wall clock when it wrote the file (milliseconds since 1970); nil in a log of an
  /// earlier version.
  package var written: UInt64? = nil

  package init(
    device: String, sequence: Int, entries: [(key: SyncKey, value: SyncValue)], read: [String: Int],
    isSnapshot: Bool = false, written: UInt64? = nil
  ) {
    self.device = device
    self.sequence = sequence
    self.entries = entries
    self.read = read
    self.isSnapshot = isSnapshot
    self.written = written
  }

  package static func == (lhs: SyncLogFile, rhs: SyncLogFile) -> Bool {
    lhs.device == rhs.device && lhs.sequence == rhs.sequence && lhs.read == rhs.read
      && lhs.isSnapshot == rhs.isSnapshot && lhs.written == rhs.written
      && lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(device)
    hasher.combine(sequence)
  }

  /// The file's name: the sequence in eight digits, `00000003.jsonl`.
  package static func name(_ sequence: Int) -> String {
    let digits = String(sequence)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".jsonl"
  }

  /// A snapshot's name: `snapshot-00000012.jsonl`.
  package static func snapshotName(_ sequence: Int) -> String { "snapshot-" + name(sequence) }

  /// This file's name.
  package var fileName: String { Self.fileName(sequence, snapshot: isSnapshot) }

  /// The name of a log or a snapshot.
  package static func fileName(_ sequence: Int, snapshot: Bool) -> String {
    snapshot ? snapshotName(sequence) : name(sequence)
  }

  /// The sequence a snapshot's name stands for, or nil.
  package static func snapshotSequence(ofName name: String) -> Int? {
    guard name.hasPrefix("snapshot-") else { return nil }
    return sequence(ofName: String(name.dropFirst("snapshot-".count)))
  }

  /// The sequence a file's name stands for, or nil for a name that is not a log's (a sync
  /// engine's conflict copy, a placeholder, a temporary file).
  package static func sequence(ofName name: String) -> Int? {
    guard name.hasSuffix(".jsonl") else { return nil }
    let stem = name.dropLast(".jsonl".count)
    guard stem.utf8.count == 8, stem.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(stem)
  }

  /// The file's text.
  package var text: String {
    // The header's fields one statement at a time: as one expression of `+`s it took the type
    // checker a second.
    var header: [(String, JSONValue)] = [
      ("format", .string(Self.format)), ("version", .int(Self.version)), ("device", .string(device)),
      ("sequence", .int(sequence)),
    ]
    if isSnapshot { header.append(("snapshot", .bool(true))) }
    header.append(("entries", .int(entries.count)))
    header.append(("read", .object(read.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })))
    if let written { header.append(("written", .number(String(written)))) }
    var text = JSONWriter.line(.object(header))
    text += "\n"
    text.reserveCapacity(text.utf8.count + entries.count * 96)
    for (key, value) in entries {
      text +=
        "{\"t\": \"" + value.stamp.clockText
        + (value.stamp.device == device ? "" : "\", \"d\": \"" + value.stamp.device)
        + "\", \"e\": \"" + key.entity.rawValue + "\", \"id\": "
        + (SyncValueText.isPlain(key.id) ? "\"" + key.id + "\"" : JSONWriter.quoted(key.id)) + ", \"f\": "
        + (SyncValueText.isPlain(key.field) ? "\"" + key.field + "\"" : JSONWriter.quoted(key.field))
        + ", \"v\": "
        + SyncValueText.encode(value.value) + "}\n"
    }
    return text
  }

  /// How far a log's device had read each other device, from the log's first line alone; nil when
  /// it is not a log's first line.
  package static func readPositions(header line: String) -> [String: Int]? {
    guard let header = try? JSONParser.parse(line), header["format"] == .string(format),
      case .object(let pairs)? = header["read"]
    else { return nil }
    var read: [String: Int] = [:]
    for (other, value) in pairs {
      if case .number(let text) = value, let position = Int(text) { read[other] = position }
    }
    return read
  }

  /// When a log's device wrote it, by its own clock, from the log's first line alone; nil when the
  /// line does not say (a log of an earlier version).
  package static func written(header line: String) -> UInt64? {
    guard let header = try? JSONParser.parse(line), case .number(let text)? = header["written"] else {
      return nil
    }
    return UInt64(text)
  }

  /// Why a file is not read (yet).
  package enum Unread: Error, Hashable {
    /// Shorter than its header says, or its last line broken: still being copied; read again later.
    case incomplete
    /// Not a log of this device and sequence, or of a newer format: never read as it is.
    case foreign(SyncSkipReason)
  }

  /// A line of a log as read from the disk: its bytes, or nil for one longer than
  /// `SyncSkip.maximumLine`, dropped while it was read.
  package typealias Line = ArraySlice<UInt8>?

  /// A log read whole, with the lines it skipped.
  package struct Decoded {
    package var file: SyncLogFile
    /// The lines left out, by why.
    package var skipped: [SyncSkipReason: Int] = [:]
  }

  /// An entry line exactly as `text` writes it, read by its bytes without the general parser; nil
  /// for any other spelling (which the parser then reads, or refuses).
  package static func fastEntry(_ line: ArraySlice<UInt8>, device: String) -> (
    key: SyncKey, value: SyncValue
  )? {
    var position = line.startIndex
    func expect(_ literal: StaticString) -> Bool {
      literal.withUTF8Buffer { expected in
        guard line.endIndex - position >= expected.count,
          line[position..<position + expected.count].elementsEqual(expected)
        else { return false }
        position += expected.count
        return true
      }
    }
    /// The bytes up to the next quote: a plain string (no escape in it), or nil.
    func plain() -> ArraySlice<UInt8>? {
      guard let end = line[position...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
      let taken = line[position..<end]
      guard !taken.contains(UInt8(ascii: "\\")) else { return nil }
      position = end + 1
      return taken
    }
    guard expect("{\"t\": \""), let clockBytes = plain(),
      let clock = SyncStamp.clock(fromText: String(decoding: clockBytes, as: UTF8.self)),
      expect(", \"e\": \""), let entityBytes = plain(),
      let entity = SyncEntity(rawValue: String(decoding: entityBytes, as: UTF8.self)),
      expect(", \"id\": \""), let id = plain(), expect(", \"f\": \""), let field = plain(),
      expect(", \"v\": "),
      line.last == UInt8(ascii: "}"), position < line.endIndex - 1,
      let value = SyncValueText.decode(String(decoding: line[position..<line.endIndex - 1], as: UTF8.self))
    else { return nil }
    return (
      SyncKey(entity, String(decoding: id, as: UTF8.self), String(decoding: field, as: UTF8.self)),
      SyncValue(value, SyncStamp(clock: clock, device: device))
    )
  }

  /// The file of `device` and `sequence` from its text.
  package static func decode(_ text: String, device: String, sequence: Int, snapshot: Bool = false) -> Result<
    SyncLogFile, Unread
  > {
    decode(bytes: Array(text.utf8), device: device, sequence: sequence, snapshot: snapshot).map(\.file)
  }

  /// The file from its bytes (split into lines by bytes: splitting by Character would weigh every
  /// byte as a grapheme).
  package static func decode(bytes: [UInt8], device: String, sequence: Int, snapshot: Bool = false) -> Result<
    Decoded, Unread
  > {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      $0.count > SyncSkip.maximumLine ? nil : $0
    }
    return decode(lines: lines, device: device, sequence: sequence, snapshot: snapshot)
  }

  /// The file from its lines, as `SyncFolder.lines` reads them: the last is what follows the last
  /// newline (empty in a whole file). A line that is not an entry, or one too long, is left out and
  /// counted; a file whose header is not ours, or that has more lines than its header says, is not
  /// a log; one with fewer, or a last line cut short (no newline after it), is still being copied.
  package static func decode(lines all: [Line], device: String, sequence: Int, snapshot: Bool = false)
    -> Result<
      Decoded, Unread
    >
  {
    var lines = all[...]
    // No newline at all: the first line itself may be cut short.
    guard all.count >= 2, let first = lines.popFirst() else { return .failure(.incomplete) }
    guard let first, let header = try? JSONParser.parse(String(decoding: first, as: UTF8.self)) else {
      return .failure(.foreign(.notALog))
    }
    guard header["format"] == .string(format) else { return .failure(.foreign(.notALog)) }
    guard case .number(let versionText)? = header["version"], let version = Int(versionText), version >= 1
    else {
      return .failure(.foreign(.notALog))
    }
    guard version <= Self.version else { return .failure(.foreign(.newerVersion)) }
    guard header["device"] == .string(device), header["sequence"] == .int(sequence),
      (header["snapshot"] == .bool(true)) == snapshot
    else {
      return .failure(.foreign(.notALog))
    }
    guard case .number(let countText)? = header["entries"], let count = Int(countText), count >= 0 else {
      return .failure(.foreign(.notALog))
    }
    var read: [String: Int] = [:]
    if case .object(let pairs)? = header["read"] {
      for (other, value) in pairs {
        if case .number(let text) = value, let position = Int(text), position >= 0,
          UUID(canonical: other)?.uuidString == other
        {
          read[other] = position
        }
      }
    }
    var written: UInt64?
    if case .number(let text)? = header["written"] { written = UInt64(text) }
    // A complete file ends with a newline after its last entry: `count` lines, then an empty one.
    guard lines.count <= count + 1 else { return .failure(.foreign(.notALog)) }
    guard lines.count == count + 1, lines.last??.isEmpty == true else { return .failure(.incomplete) }
    var decoded = Decoded(
      file: SyncLogFile(
        device: device, sequence: sequence, entries: [], read: read, isSnapshot: snapshot, written: written))
    decoded.file.entries.reserveCapacity(count)
    for line in lines.dropLast() {
      guard let line else {
        decoded.skipped[.lineTooLong, default: 0] += 1
        continue
      }
      switch entry(line, device: device) {
      case .success(let entry?): decoded.file.entries.append(entry)
      case .success(nil): continue
      case .failure(let reason): decoded.skipped[reason, default: 0] += 1
      }
    }
    return .success(decoded)
  }

  /// One entry line: the entry, nil for one about an entity of a newer version (kept out of the
  /// merge, not a reason to refuse anything), or why it is left out.
  package static func entry(_ line: ArraySlice<UInt8>, device: String) -> Result<
    (key: SyncKey, value: SyncValue)?, SyncSkipReason
  > {
    if let entry = fastEntry(line, device: device) { return .success(entry) }
    guard let entry = try? JSONParser.parse(String(decoding: line, as: UTF8.self)) else {
      return .failure(.malformedEntry)
    }
    guard case .string(let clockText)? = entry["t"], let clock = SyncStamp.clock(fromText: clockText),
      case .string(let entityText)? = entry["e"], case .string(let id)? = entry["id"],
      case .string(let field)? = entry["f"], let value = entry["v"]
    else { return .failure(.malformedEntry) }
    var maker = device
    if let named = entry["d"] {
      guard case .string(let other) = named, UUID(canonical: other)?.uuidString == other else {
        return .failure(.invalidEntry)
      }
      maker = other
    }
    guard let entity = SyncEntity(rawValue: entityText) else {
      // A newer version's kind of entry is a plain word: kept out of the merge, not a problem.
      let plain =
        (1...40).contains(entityText.utf8.count)
        && entityText.utf8.allSatisfy {
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "-")
        }
      return plain ? .success(nil) : .failure(.invalidEntry)
    }
    return .success((SyncKey(entity, id, field), SyncValue(value, SyncStamp(clock: clock, device: maker))))
  }
}
