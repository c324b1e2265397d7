import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

extension StoreFile {
  // MARK: Setting a broken file aside

  /// The longest file name the system takes, in bytes (NAME_MAX).
  package static let longestName = 255

  /// `name + suffix`; when that (with `reserve` bytes to spare, for a companion's `-wal`) is longer
  /// than `longestName`, the name is cut at a character and a short hash of the whole name stands
  /// for the rest, so the file still sits beside the store under a name that says whose it is.
  package static func sideName(_ name: String, _ suffix: String, reserve: Int = 0) -> String {
    let limit = longestName - reserve
    guard name.utf8.count + suffix.utf8.count > limit else { return name + suffix }
    let hash = "~" + String(format: "%08x", UInt32(truncatingIfNeeded: RowSeal.of([.text(name)])))
    let room = limit - suffix.utf8.count - hash.utf8.count
    var cut = ""
    var length = 0
    for character in name {
      let size = String(character).utf8.count
      guard length + size <= room else { break }
      cut.append(character)
      length += size
    }
    return cut + hash + suffix
  }

  /// `path` with its last component given `suffix` (shortened as `sideName` says).
  package static func side(_ path: String, _ suffix: String, reserve: Int = 0) -> String {
    let name = (path as NSString).lastPathComponent
    let short = sideName(name, suffix, reserve: reserve)
    guard short != name + suffix else { return path + suffix }
    return ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(short)
  }

  /// Where a broken `path` goes: `<path>.broken-<UTC timestamp>`, a number added when that is
  /// taken, the name shortened when it would be too long for the system (its `-wal` included).
  package static func asideTarget(path: String, now: Date) -> String {
    let stamp = timestamp(now)
    var target = side(path, ".broken-\(stamp)", reserve: 4)
    var attempt = 2
    while FileManager.default.fileExists(atPath: target) {
      target = side(path, ".broken-\(stamp)-\(attempt)", reserve: 4)
      attempt += 1
    }
    return target
  }

  /// The marker of a salvage under way for `path`: `<path>.salvage`.
  package static func markerPath(_ path: String) -> String { side(path, ".salvage") }

  /// Whether a salvage of `path` was begun and not finished.
  package static func salvageIsPending(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: markerPath(path))
  }

  /// The refusal a system error number stands for.
  package static func refusal(_ number: Int32) -> FileSystemRefusal {
    FileSystemRefusal(NSError(domain: NSPOSIXErrorDomain, code: Int(number)))
  }

  /// Writes the marker naming the file aside (its name: it lies in the same folder) and why it is
  /// broken, synced to disk with its folder before anything moves.
  package static func markSalvage(path: String, aside: String, reason: StoreDamage) throws(StoreOpenError) {
    let marker = markerPath(path)
    let text = (aside as NSString).lastPathComponent + "\n" + encode(reason) + "\n"
    let descriptor = openFile(marker, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .cannotMoveAside(path: path, reason: refusal(errno)) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { writeFile(descriptor, $0.baseAddress, $0.count) }
    let failure = written == bytes.count && fsync(descriptor) == 0 ? 0 : (written < 0 ? errno : EIO)
    closeFile(descriptor)
    guard failure == 0 else {
      unlink(marker)
      throw .cannotMoveAside(path: path, reason: refusal(failure))
    }
    syncFolder(of: path)
  }

  /// Removes the marker of `path`'s salvage: called once the salvaged data is committed.
  package static func finishSalvage(_ path: String) {
    SalvageInterruption.reach(.committed)
    unlink(markerPath(path))
    syncFolder(of: path)
  }

  /// Syncs the folder of `path`, so a rename or a new name in it survives a power cut.
  package static func syncFolder(of path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let descriptor = openFile(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    closeFile(descriptor)
  }

  /// Finishes a salvage of `path` an earlier command began (the marker is there) and could not end:
  /// the moves it did not make are made, the fresh store is made when missing, and the store then
  /// salvages the file aside into it (unless that already committed). Nil when none is pending, or
  /// when it was interrupted before the file moved (the broken file, still in place, is then
  /// handled as usual).
  package static func resumeSalvage(
    path: String, now: Date, schema: StoreSchema, fullCheck: Bool
  ) throws(StoreOpenError) -> Opened? {
    let marker = markerPath(path)
    let fileManager = FileManager.default
    guard fileManager.fileExists(atPath: marker) else { return nil }
    let text: String
    do {
      text = try String(contentsOfFile: marker, encoding: .utf8)
    } catch {
      throw .cannotOpen(path: marker, reason: describe(error))
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let name = lines.first ?? ""
    let folder = (path as NSString).deletingLastPathComponent
    let aside = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    guard !name.isEmpty, !name.contains("/"), fileManager.fileExists(atPath: aside) else {
      unlink(marker)
      return nil
    }
    if !fileManager.fileExists(atPath: path) {
      // Interrupted between the moves: the log and shared memory still here belong to the broken file.
      for suffix in ["-wal", "-shm"] where fileManager.fileExists(atPath: path + suffix) {
        do {
          if fileManager.fileExists(atPath: aside + suffix) {
            try fileManager.removeItem(atPath: path + suffix)
          } else {
            try fileManager.moveItem(atPath: path + suffix, toPath: aside + suffix)
          }
        } catch {
          throw .cannotMoveAside(path: path, reason: FileSystemRefusal(error))
        }
      }
    }
    do {
      var isFresh = true
      let (database, checkedAt, _) = try prepared(
        path: path, now: now, schema: schema, fullCheck: fullCheck, readOnly: false, isTrackers: &isFresh)
      keepMode(of: aside, on: path)
      var recovery = StoreRecovery(
        originalPath: path, movedTo: aside, reason: decodeDamage(Array(lines.dropFirst())))
      recovery.wasResumed = true
      return Opened(
        database: database, recovery: recovery, ranIntegrityCheck: checkedAt == nil,
        checkedAt: checkedAt ?? now)
    } catch {
      throw .cannotOpen(path: path, reason: describe(error))
    }
  }

  /// Renames `path` (and its -wal and -shm companions, which belong to it) to `target`; when the
  /// file itself cannot move, the marker goes and the file stays where it is.
  package static func moveAside(path: String, to target: String) throws(StoreOpenError) {
    let fileManager = FileManager.default
    do {
      try fileManager.moveItem(atPath: path, toPath: target)
    } catch {
      unlink(markerPath(path))
      throw .cannotMoveAside(path: path, reason: FileSystemRefusal(error))
    }
    VerifiedStamp.remove(for: path)
    SalvageInterruption.reach(.moved)
    do {
      for suffix in ["-wal", "-shm"] where fileManager.fileExists(atPath: path + suffix) {
        try fileManager.moveItem(atPath: path + suffix, toPath: target + suffix)
      }
    } catch {
      // The marker stays: the next command moves the rest and salvages.
      throw .cannotMoveAside(path: path, reason: FileSystemRefusal(error))
    }
    syncFolder(of: path)
    SalvageInterruption.reach(.movedAll)
  }

  /// Gives the fresh file at `target` the permissions of the broken file at `source` (a read-only
  /// file stays read-only). The connection already open writes the salvage regardless.
  package static func keepMode(of source: String, on target: String) {
    var info = stat()
    guard stat(source, &info) == 0 else { return }
    // Failing leaves the fresh file with the default mode, as before: nothing is lost by it.
    _ = chmod(target, info.st_mode & 0o7777)
  }

  /// `reason` as lines of the marker: its kind, a number, a text.
  package static func encode(_ reason: StoreDamage) -> String {
    func line(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ") }
    switch reason {
    case .notADatabase: return "notADatabase\n0\n"
    case .damagedLogHeader: return "damagedLogHeader\n0\n"
    case .lostLogCommits(let count): return "lostLogCommits\n\(count)\n"
    case .logCutShort(let missing): return "logCutShort\n\(missing)\n"
    case .integrityCheckFailed(let first, let more): return "integrityCheckFailed\n\(more)\n" + line(first)
    case .missingPart(let detail): return "missingPart\n0\n" + line(detail)
    case .sealMismatch(let part): return "sealMismatch\n0\n" + part.rawValue
    case .invalidValue(let part): return "invalidValue\n0\n" + part.rawValue
    case .dayOutOfRange(let value): return "dayOutOfRange\n\(value)\n"
    case .summaryMismatch(let part): return "summaryMismatch\n0\n" + part.rawValue
    case .reportedBySQLite(let detail): return "reportedBySQLite\n0\n" + line(detail)
    }
  }

  /// The damage `encode` wrote, as the marker's lines after the first.
  package static func decodeDamage(_ lines: [String]) -> StoreDamage {
    let kind = lines.first ?? ""
    let number = lines.count > 1 ? Int(lines[1]) ?? 0 : 0
    let text = lines.count > 2 ? lines[2] : ""
    let part = StoreDamage.DamagedPart(rawValue: text) ?? .tracker
    switch kind {
    case "notADatabase": return .notADatabase
    case "damagedLogHeader": return .damagedLogHeader
    case "lostLogCommits": return .lostLogCommits(number)
    case "logCutShort": return .logCutShort(missingFrames: number)
    case "integrityCheckFailed": return .integrityCheckFailed(first: text, more: number)
    case "missingPart": return .missingPart(text)
    case "sealMismatch": return .sealMismatch(part)
    case "invalidValue": return .invalidValue(part)
    case "dayOutOfRange": return .dayOutOfRange(number)
    case "summaryMismatch": return .summaryMismatch(part)
    default: return .reportedBySQLite(text)
    }
  }

  /// `20261130T031500Z`.
  package static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T"
      + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
  }

  package static func describe(_ error: Error) -> String {
    if let error = error as? SQLiteError { return error.message }
    if let error = error as? Unusable { return error.damage.description }
    return (error as NSError).localizedDescription
  }
}
