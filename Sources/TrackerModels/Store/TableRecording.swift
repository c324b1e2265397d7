import Foundation

/// The tables of a store that a call read and wrote: what SQLite itself says of the statements
/// the call ran (the columns each one reads and updates and the tables it inserts into and
/// deletes from, its triggers' included, as SQLite's authorizer reports them while it compiles
/// the statement), or what an in-memory store says of the parts of its state it looked at and
/// changed. Each is named "table" (all of it) or "table.column" (that column).
public struct StoreTables: Hashable, Sendable {
  /// The tables and columns read.
  public var read: Set<String> = []
  /// The tables and columns written.
  public var written: Set<String> = []

  /// "table.column", or "table" for the whole of it (an empty column).
  public static func name(_ table: String, _ column: String) -> String {
    column.isEmpty ? table : table + "." + column
  }

  /// Whether writing `written` may change what was read from `read`: a column read was updated, or
  /// a table read from had rows inserted or deleted (or was read whole and anything of it was
  /// written).
  public static func overlap(read: Set<String>, written: Set<String>) -> Bool {
    guard !read.isDisjoint(with: written) else {
      let writtenTables = Set(written.map(Self.table(of:)))
      return read.contains { name in
        let table = Self.table(of: name)
        // A whole table read: any write to it; a column read: its table's rows added or removed.
        return name == table ? writtenTables.contains(table) : written.contains(table)
      }
    }
    return true
  }

  /// The table of "table" or "table.column".
  public static func table(of name: String) -> String {
    name.firstIndex(of: ".").map { String(name[..<$0]) } ?? name
  }

  /// Tables read and written.
  public init(read: Set<String> = [], written: Set<String> = []) {
    self.read = read
    self.written = written
  }
}

/// A commit as the screens hear of it: which tables it wrote, or that anything may have changed.
public protocol CommittedChange: Sendable {
  /// Anything may have changed (another process wrote to the file): every screen reads again.
  var isEverything: Bool { get }
  /// The tables the commit wrote, as the store said them (`StoreTables.written`); empty when the
  /// store does not say, which the screens take as "anything".
  var tablesWritten: Set<String> { get }
}

extension CommittedChange {
  /// Whether a value read from `tables` may differ after this commit: anything may have changed,
  /// one of them was written, or either side does not say (a store that records nothing).
  public func mayChange(valueReadFrom tables: Set<String>) -> Bool {
    isEverything || tablesWritten.isEmpty || tables.isEmpty
      || StoreTables.overlap(read: tables, written: tablesWritten)
  }
}

/// Collects the tables the store calls made on this thread read and wrote while `recording` runs
/// (docs/architecture.md, "Which commits a screen hears of"): a screen's fetch learns what it
/// read, a write learns what it wrote, and neither lists them by hand. A store that says nothing
/// (a client's own) leaves both empty, which the screens take as "anything".
package enum TableRecording {
  /// The tables noted so far in one recording.
  package final class Recorder {
    var tables = StoreTables()
  }

  /// A statement's memory of the recording it last noted its tables in. It holds that recording
  /// weakly: one that ended is gone, and never taken for a later one made where it was, so no
  /// count shared by every thread is needed to tell recordings apart.
  package struct Mark {
    fileprivate weak var recorder: Recorder?

    /// A mark of no recording.
    package init() {}
  }

  /// The recorder of this thread's innermost recording, if any.
  private static let recorder = ThreadLocal<Recorder>()

  /// Runs `body`, and returns with its result the tables the store calls in it read and wrote.
  /// A recording inside another one adds what it noted to the outer one too.
  package static func recording<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> (result: Result, tables: StoreTables) {
    let inner = Recorder()
    let outer = recorder.current
    defer {
      outer?.tables.read.formUnion(inner.tables.read)
      outer?.tables.written.formUnion(inner.tables.written)
    }
    let result = try recorder.withValue(inner, body)
    return (result, inner.tables)
  }

  /// Whether a recording runs on this thread (a store skips saying what nobody collects).
  package static var isRecording: Bool { recorder.current != nil }

  /// Notes tables read and written by a store call on this thread; nothing when no recording runs.
  package static func note(read: Set<String> = [], written: Set<String> = []) {
    guard let current = recorder.current else { return }
    current.tables.read.formUnion(read)
    current.tables.written.formUnion(written)
  }

  /// Notes what one statement reads (`written` false) or writes, once per recording: `mark` is
  /// the statement's own memory of the recording it last noted them in, so a statement run a
  /// thousand times in one write (an import's inserts) is noted once.
  package static func note(_ tables: Set<String>, written: Bool, once mark: inout Mark) {
    guard let current = recorder.current, mark.recorder !== current else { return }
    mark.recorder = current
    if written {
      current.tables.written.formUnion(tables)
    } else {
      current.tables.read.formUnion(tables)
    }
  }
}
