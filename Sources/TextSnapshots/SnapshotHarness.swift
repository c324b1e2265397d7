import Foundation

/// Compares rendered text with reference files in one folder, one file per snapshot name.
///
/// An actor: parallel tests share one harness, and the names it has seen (a name used twice is a
/// failure) are its own state, with no lock. It returns failures as values so any test framework
/// can report them.
public actor SnapshotHarness {
  /// Where the references are.
  public let directory: URL
  /// What happens on a missing or different reference.
  public let mode: SnapshotMode

  private var used: Set<String> = []

  /// A harness over `directory` in `mode`.
  public init(directory: URL, mode: SnapshotMode) {
    self.directory = directory
    self.mode = mode
  }

  /// The reference file of `name`.
  public nonisolated func referenceURL(_ name: String) -> URL {
    directory.appendingPathComponent(name + ".txt")
  }

  /// The file the actual text of a mismatch is written to, next to the reference.
  public nonisolated func actualURL(_ name: String) -> URL {
    directory.appendingPathComponent(name + ".actual.txt")
  }

  /// Compares `actual` with the reference `name`; nil when they match.
  public func check(_ actual: String, named name: String) -> SnapshotFailure? {
    guard SnapshotHarness.isValidName(name) else {
      return SnapshotFailure(
        name: name, kind: .invalidName,
        message: "\"\(name)\" is not a valid snapshot name: use letters, digits, '.', '-' and '_'")
    }
    guard used.insert(name).inserted else {
      return SnapshotFailure(
        name: name, kind: .duplicateName,
        message: "the snapshot name \"\(name)\" is used twice; every snapshot needs its own name")
    }
    let reference = referenceURL(name)
    let actualText = normalized(actual)
    guard let data = try? Data(contentsOf: reference) else {
      if mode == .verify {
        return SnapshotFailure(
          name: name, kind: .missing,
          message:
            "no reference \(reference.path) (nothing was written: verify mode, as always when CI is set). "
            + "Run the tests without CI set to record it, then read it.")
      }
      return record(
        actualText, at: reference, name: name, kind: .recorded,
        message:
          "recorded a new reference \(reference.path); read it as a user would, then run the tests again")
    }
    let referenceText = normalized(String(decoding: data, as: UTF8.self))
    guard referenceText != actualText else {
      try? FileManager.default.removeItem(at: actualURL(name))
      return nil
    }
    let diff = UnifiedDiff.make(
      reference: referenceText, actual: actualText, referenceName: reference.path, actualName: "actual")
    if mode == .update {
      return record(
        actualText, at: reference, name: name, kind: .updated,
        message: "updated \(reference.path); review the change (git diff) before committing:\n\(diff)")
    }
    let actualFile = actualURL(name)
    try? Data(actualText.utf8).write(to: actualFile)
    return SnapshotFailure(
      name: name, kind: .mismatch,
      message: "\(name) does not match its reference; the actual text is in \(actualFile.path). "
        + "If the change is intended, run with SNAPSHOTS=update and review it.\n\(diff)")
  }

  /// The reference files in the folder that none of `names` uses.
  public nonisolated func unusedReferences(expected names: Set<String>) -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".txt") && !$0.hasSuffix(".actual.txt") }
      .map { String($0.dropLast(4)) }
      .filter { !names.contains($0) }
      .sorted()
  }

  /// The names used twice in `names`.
  public static func duplicates(in names: [String]) -> [String] {
    var seen: Set<String> = []
    var repeated: Set<String> = []
    for name in names where !seen.insert(name).inserted { repeated.insert(name) }
    return repeated.sorted()
  }

  /// Whether `name` is fit for a file name: ASCII letters, digits, '.', '-', '_'.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".")
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "._-".unicodeScalars.contains($0)
      }
  }

  private nonisolated func record(
    _ text: String, at url: URL, name: String, kind: SnapshotFailure.Kind, message: String
  )
    -> SnapshotFailure
  {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      return SnapshotFailure(name: name, kind: kind, message: message)
    } catch {
      return SnapshotFailure(
        name: name, kind: .unwritable, message: "cannot write \(url.path): \(error.localizedDescription)")
    }
  }

  /// Line ends compared as LF.
  private nonisolated func normalized(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: "\n")
  }
}

/// Why a snapshot check failed, with a message that says what to do next.
public struct SnapshotFailure: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    case missing, recorded, updated, mismatch, duplicateName, invalidName, unwritable
  }

  public var name: String
  public var kind: Kind
  public var message: String

  public var description: String { message }
}
