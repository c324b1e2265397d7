import Foundation
import TrackerModels

/// One log file of a device in the shared folder (docs/sync.md, "The folder"): a header line, then
/// one entry per line.
///
///     {"format": "tracker-sync", "version": 1, "device": "…", "sequence": 3, "entries": 2, "read": {"…": 5}}
///     {"t": "0190f2a4c6d80000", "e": "tracker", "id": "…", "f": "name", "v": "Run"}
///
/// `entries` says how many lines follow, so a file cut short is known as such; `read` says how far
/// the device had read each other device's logs when it wrote the file (what compaction waits for).
struct SyncLogFile: Hashable, Sendable {
  static let format = "tracker-sync"
  static let version = 1

  var device: String
  var sequence: Int
  var entries: [(key: SyncKey, value: SyncValue)]
  /// How far the device had read each other device's logs.
  var read: [String: Int]
  /// Whether this is a snapshot: the device's logs up to `sequence` folded into one (latest entry
  /// of each field), written once every device known to the folder had read them.
  var isSnapshot = false

  static func == (lhs: SyncLogFile, rhs: SyncLogFile) -> Bool {
    lhs.device == rhs.device && lhs.sequence == rhs.sequence && lhs.read == rhs.read
      && lhs.isSnapshot == rhs.isSnapshot
      && lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(device)
    hasher.combine(sequence)
  }

  /// The file's name: the sequence in eight digits, `00000003.jsonl`.
  static func name(_ sequence: Int) -> String {
    let digits = String(sequence)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".jsonl"
  }

  /// A snapshot's name: `snapshot-00000012.jsonl`.
  static func snapshotName(_ sequence: Int) -> String { "snapshot-" + name(sequence) }

  /// This file's name.
  var fileName: String { isSnapshot ? Self.snapshotName(sequence) : Self.name(sequence) }

  /// The sequence a snapshot's name stands for, or nil.
  static func snapshotSequence(ofName name: String) -> Int? {
    guard name.hasPrefix("snapshot-") else { return nil }
    return sequence(ofName: String(name.dropFirst("snapshot-".count)))
  }

  /// The sequence a file's name stands for, or nil for a name that is not a log's (a sync
  /// engine's conflict copy, a placeholder, a temporary file).
  static func sequence(ofName name: String) -> Int? {
    guard name.hasSuffix(".jsonl") else { return nil }
    let stem = name.dropLast(".jsonl".count)
    guard stem.utf8.count == 8, stem.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(stem)
  }

  /// The file's text.
  var text: String {
    var text = JSONWriter.line(
      .object(
        [
          ("format", .string(Self.format)), ("version", .int(Self.version)), ("device", .string(device)),
          ("sequence", .int(sequence)),
        ] + (isSnapshot ? [("snapshot", JSONValue.bool(true))] : []) + [
          ("entries", .int(entries.count)),
          ("read", .object(read.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
        ]))
    text += "\n"
    text.reserveCapacity(text.utf8.count + entries.count * 96)
    for (key, value) in entries {
      text +=
        "{\"t\": \"" + value.stamp.clockText + "\", \"e\": \"" + key.entity.rawValue + "\", \"id\": "
        + (SyncValueText.isPlain(key.id) ? "\"" + key.id + "\"" : JSONWriter.quoted(key.id)) + ", \"f\": "
        + (SyncValueText.isPlain(key.field) ? "\"" + key.field + "\"" : JSONWriter.quoted(key.field))
        + ", \"v\": "
        + SyncValueText.encode(value.value) + "}\n"
    }
    return text
  }

  /// How far a log's device had read each other device, from the log's first line alone; nil when
  /// it is not a log's first line.
  static func readPositions(header line: String) -> [String: Int]? {
    guard let header = try? JSONParser.parse(line), header["format"] == .string(format),
      case .object(let pairs)? = header["read"]
    else { return nil }
    var read: [String: Int] = [:]
    for (other, value) in pairs {
      if case .number(let text) = value, let position = Int(text) { read[other] = position }
    }
    return read
  }

  /// Why a file is not read (yet).
  enum Unread: Error, Hashable {
    /// Shorter than its header says, or its last line broken: still being copied; read again later.
    case incomplete
    /// Not a log of this device and sequence, or of a newer format: never read.
    case foreign(String)
  }

  /// An entry line exactly as `text` writes it, read by its bytes without the general parser; nil
  /// for any other spelling (which the parser then reads, or refuses).
  static func fastEntry(_ line: ArraySlice<UInt8>, device: String) -> (key: SyncKey, value: SyncValue)? {
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
  static func decode(_ text: String, device: String, sequence: Int, snapshot: Bool = false) -> Result<
    SyncLogFile, Unread
  > {
    decode(bytes: Array(text.utf8), device: device, sequence: sequence, snapshot: snapshot)
  }

  /// The file from its bytes (split into lines by bytes: splitting by Character would weigh every
  /// byte as a grapheme).
  static func decode(bytes: [UInt8], device: String, sequence: Int, snapshot: Bool = false) -> Result<
    SyncLogFile, Unread
  > {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
    guard let first = lines.popFirst(),
      let header = try? JSONParser.parse(String(decoding: first, as: UTF8.self))
    else {
      return .failure(.incomplete)
    }
    guard header["format"] == .string(format) else { return .failure(.foreign("not a tracker-sync log")) }
    guard case .number(let versionText)? = header["version"], let version = Int(versionText),
      version <= Self.version
    else { return .failure(.foreign("a log of a newer version")) }
    guard header["device"] == .string(device), header["sequence"] == .int(sequence),
      (header["snapshot"] == .bool(true)) == snapshot
    else {
      return .failure(.foreign("its header names another device or sequence"))
    }
    guard case .number(let countText)? = header["entries"], let count = Int(countText), count >= 0 else {
      return .failure(.foreign("no entry count"))
    }
    var read: [String: Int] = [:]
    if case .object(let pairs)? = header["read"] {
      for (other, value) in pairs {
        if case .number(let text) = value, let position = Int(text) { read[other] = position }
      }
    }
    // A complete file ends with a newline after its last entry: `count` lines, then an empty one.
    guard lines.count == count + 1, lines.last?.isEmpty == true else { return .failure(.incomplete) }
    var entries: [(key: SyncKey, value: SyncValue)] = []
    entries.reserveCapacity(count)
    for line in lines.dropLast() {
      if let entry = fastEntry(line, device: device) {
        entries.append(entry)
        continue
      }
      guard let entry = try? JSONParser.parse(String(decoding: line, as: UTF8.self)) else {
        return .failure(.incomplete)
      }
      guard case .string(let clockText)? = entry["t"], let clock = SyncStamp.clock(fromText: clockText),
        case .string(let entityText)? = entry["e"], case .string(let id)? = entry["id"],
        case .string(let field)? = entry["f"], let value = entry["v"]
      else { return .failure(.foreign("an entry without its stamp, entity, id, field or value")) }
      // An entity of a newer version is kept out of the merge, not a reason to refuse the file.
      guard let entity = SyncEntity(rawValue: entityText) else { continue }
      entries.append((SyncKey(entity, id, field), SyncValue(value, SyncStamp(clock: clock, device: device))))
    }
    return .success(
      SyncLogFile(device: device, sequence: sequence, entries: entries, read: read, isSnapshot: snapshot))
  }
}
