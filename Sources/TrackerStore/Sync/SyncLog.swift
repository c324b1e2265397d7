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

  static func == (lhs: SyncLogFile, rhs: SyncLogFile) -> Bool {
    lhs.device == rhs.device && lhs.sequence == rhs.sequence && lhs.read == rhs.read
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
      .object([
        ("format", .string(Self.format)), ("version", .int(Self.version)), ("device", .string(device)),
        ("sequence", .int(sequence)), ("entries", .int(entries.count)),
        ("read", .object(read.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
      ]))
    text += "\n"
    text.reserveCapacity(text.utf8.count + entries.count * 96)
    for (key, value) in entries {
      text += JSONWriter.line(
        .object([
          ("t", .string(value.stamp.clockText)), ("e", .string(key.entity.rawValue)), ("id", .string(key.id)),
          ("f", .string(key.field)), ("v", value.value),
        ]))
      text += "\n"
    }
    return text
  }

  /// Why a file is not read (yet).
  enum Unread: Error, Hashable {
    /// Shorter than its header says, or its last line broken: still being copied; read again later.
    case incomplete
    /// Not a log of this device and sequence, or of a newer format: never read.
    case foreign(String)
  }

  /// The file of `device` and `sequence` from its text.
  static func decode(_ text: String, device: String, sequence: Int) -> Result<SyncLogFile, Unread> {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    guard let first = lines.popFirst(), let header = try? JSONParser.parse(String(first)) else {
      return .failure(.incomplete)
    }
    guard header["format"] == .string(format) else { return .failure(.foreign("not a tracker-sync log")) }
    guard case .number(let versionText)? = header["version"], let version = Int(versionText),
      version <= Self.version
    else { return .failure(.foreign("a log of a newer version")) }
    guard header["device"] == .string(device), header["sequence"] == .int(sequence) else {
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
    guard lines.count == count + 1, lines.last == "" else { return .failure(.incomplete) }
    var entries: [(key: SyncKey, value: SyncValue)] = []
    entries.reserveCapacity(count)
    for line in lines.dropLast() {
      guard let entry = try? JSONParser.parse(String(line)) else { return .failure(.incomplete) }
      guard case .string(let clockText)? = entry["t"], let clock = SyncStamp.clock(fromText: clockText),
        case .string(let entityText)? = entry["e"], case .string(let id)? = entry["id"],
        case .string(let field)? = entry["f"], let value = entry["v"]
      else { return .failure(.foreign("an entry without its stamp, entity, id, field or value")) }
      // An entity of a newer version is kept out of the merge, not a reason to refuse the file.
      guard let entity = SyncEntity(rawValue: entityText) else { continue }
      entries.append((SyncKey(entity, id, field), SyncValue(value, SyncStamp(clock: clock, device: device))))
    }
    return .success(SyncLogFile(device: device, sequence: sequence, entries: entries, read: read))
  }
}
