/// Why a store file is broken: what opening or reading it found. The store knows only the English
/// (`description`); the command line says it in the user's language. SQLite's own words, when it
/// is SQLite that found the damage, are carried as a detail to quote.
public enum StoreDamage: Hashable, Sendable, CustomStringConvertible {
  /// The file does not start with SQLite's header.
  case notADatabase
  /// The header of the write-ahead log (`<file>-wal`) is damaged.
  case damagedLogHeader
  /// The write-ahead log is damaged: this many saved changes in it cannot be read.
  case lostLogCommits(Int)
  /// The write-ahead log is shorter than its index says: this many committed frames (pages of
  /// saved changes not yet in the file) are missing from it.
  case logCutShort(missingFrames: Int)
  /// SQLite's integrity check failed: its first finding (SQLite's words) and how many more.
  case integrityCheckFailed(first: String, more: Int)
  /// A table or column that the file's recorded migrations add is missing (SQLite's words).
  case missingPart(String)
  /// A row's checksum does not match its values.
  case sealMismatch(DamagedPart)
  /// A row holds a value no Tracker ever writes (an id that is not a UUID, a value out of range).
  case invalidValue(DamagedPart)
  /// A day number outside the days Tracker knows.
  case dayOutOfRange(Int)
  /// Summaries that disagree with the records they summarize.
  case summaryMismatch(DamagedPart)
  /// SQLite reported the file damaged (its words).
  case reportedBySQLite(String)

  /// The part of a store a finding is about.
  public enum DamagedPart: String, Hashable, Sendable {
    case category, tracker, trackerSummary, setting, daySummary, task, note
  }

  public var description: String {
    switch self {
    case .notADatabase: return "it is not a SQLite database"
    case .damagedLogHeader: return "its write-ahead log has a damaged header"
    case .lostLogCommits(let count):
      return
        "its write-ahead log is damaged: \(count) saved change\(count == 1 ? "" : "s") in it cannot be read"
    case .logCutShort(let missing):
      return
        "its write-ahead log was cut short: \(missing) page\(missing == 1 ? "" : "s") of saved changes are missing from it"
    case .integrityCheckFailed(let first, let more):
      return "integrity check failed: " + first + (more > 0 ? " (and \(more) more)" : "")
    case .missingPart(let detail): return "part of the data file is missing: " + detail
    case .sealMismatch(let part):
      return "the data file holds \(Self.english(part)) whose checksum does not match"
    case .invalidValue(let part): return "the data file holds \(Self.english(part)) with a value out of range"
    case .dayOutOfRange(let value): return "the data file holds a day out of range (\(value))"
    case .summaryMismatch(.daySummary):
      return "the data file holds day summaries that do not match its records"
    case .summaryMismatch(let part):
      return "the data file holds \(Self.english(part)) that does not match its records"
    case .reportedBySQLite(let detail): return detail
    }
  }

  private static func english(_ part: DamagedPart) -> String {
    switch part {
    case .category: return "a category"
    case .tracker: return "a tracker"
    case .trackerSummary: return "a tracker summary"
    case .setting: return "a setting"
    case .daySummary: return "a day summary"
    case .task: return "a task"
    case .note: return "a note"

    }
  }
}
