import CSQLite
import Foundation
import TrackerModels

/// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement that owns its pointer and finalizes it in `deinit`.
package final class Statement {
  private let pointer: OpaquePointer
  private unowned let database: Database
  /// The statement's SQL, carried into errors.
  package let sql: String
  /// The tables it reads and writes, as SQLite said while compiling it: noted for the store call
  /// that runs it each time it runs (`TableRecording`).
  package let tables: StoreTables
  /// The recordings this statement's tables were last noted in (`TableRecording.note(_:written:once:)`).
  private var notedReadIn = TableRecording.Mark()
  private var notedWrittenIn = TableRecording.Mark()

  package init(pointer: OpaquePointer, database: Database, sql: String, tables: StoreTables = StoreTables()) {
    self.pointer = pointer
    self.database = database
    self.sql = sql
    self.tables = tables
  }

  /// Tells the recording store call, if any, which tables this run reads.
  private func noteTables() {
    guard !tables.read.isEmpty else { return }
    TableRecording.note(tables.read, written: false, once: &notedReadIn)
  }

  /// One step of the statement; tells the recording store call, if any, the tables it writes
  /// when the step changed a row (its triggers' rows included): a write that changed nothing (a
  /// delete of a row not there, an insert that did nothing on conflict) wrote no table.
  private func step() -> Int32 {
    guard !tables.written.isEmpty, TableRecording.isRecording, let handle = database.handle else {
      return sqlite3_step(pointer)
    }
    let before = sqlite3_total_changes64(handle)
    let code = sqlite3_step(pointer)
    if sqlite3_total_changes64(handle) != before {
      TableRecording.note(tables.written, written: true, once: &notedWrittenIn)
    }
    return code
  }

  deinit { sqlite3_finalize(pointer) }

  /// A value that can be bound to a parameter.
  package enum Value {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null
  }

  /// Resets the statement and binds `values` to parameters 1, 2, ….
  @discardableResult
  package func bind(_ values: [Value]) throws(SQLiteError) -> Statement {
    noteTables()
    sqlite3_reset(pointer)
    sqlite3_clear_bindings(pointer)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .integer(let number):
        code = sqlite3_bind_int64(pointer, index, number)
      case .text(let text):
        code = sqlite3_bind_text(pointer, index, text, Int32(text.utf8.count), transient)
      case .blob(let bytes):
        // A NULL pointer would bind NULL, not an empty blob.
        code =
          bytes.isEmpty
          ? sqlite3_bind_zeroblob(pointer, index, 0)
          : bytes.withUnsafeBytes {
            sqlite3_bind_blob(pointer, index, $0.baseAddress, Int32($0.count), transient)
          }
      case .null:
        code = sqlite3_bind_null(pointer, index)
      }
      guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }
    return self
  }

  /// Runs a statement that returns no rows.
  package func run(_ values: [Value] = []) throws(SQLiteError) {
    try bind(values)
    let code = step()
    guard code == SQLITE_DONE || code == SQLITE_ROW else { throw database.error(code, sql: sql) }
    sqlite3_reset(pointer)
  }

  /// Runs a statement with two integer parameters and no rows: the bulk-insert path, which binds
  /// without building an array per row.
  package func run(_ first: Int64, _ second: Int64) throws(SQLiteError) {
    noteTables()
    sqlite3_reset(pointer)
    var code = sqlite3_bind_int64(pointer, 1, first)
    if code == SQLITE_OK { code = sqlite3_bind_int64(pointer, 2, second) }
    guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    code = step()
    // The message is read before the reset, which may replace it.
    let failure = code == SQLITE_DONE ? nil : database.error(code, sql: sql)
    sqlite3_reset(pointer)
    if let failure { throw failure }
  }

  /// Runs a statement whose parameters are all integers, bound in order; no rows.
  package func run(integers: [Int64]) throws(SQLiteError) {
    noteTables()
    sqlite3_reset(pointer)
    for (offset, value) in integers.enumerated() {
      let code = sqlite3_bind_int64(pointer, Int32(offset + 1), value)
      guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }
    let code = step()
    // The message is read before the reset, which may replace it.
    let failure = code == SQLITE_DONE ? nil : database.error(code, sql: sql)
    sqlite3_reset(pointer)
    if let failure { throw failure }
  }

  /// Runs a statement whose parameters are all integers or NULL (nil), bound in order; no rows.
  package func run(optionalIntegers values: [Int64?]) throws(SQLiteError) {
    noteTables()
    sqlite3_reset(pointer)
    for (offset, value) in values.enumerated() {
      let code =
        value.map { sqlite3_bind_int64(pointer, Int32(offset + 1), $0) }
        ?? sqlite3_bind_null(pointer, Int32(offset + 1))
      guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }
    let code = step()
    // The message is read before the reset, which may replace it.
    let failure = code == SQLITE_DONE ? nil : database.error(code, sql: sql)
    sqlite3_reset(pointer)
    if let failure { throw failure }
  }

  /// Runs a query, calling `row` for each result row.
  package func forEachRow(_ values: [Value] = [], _ row: (Row) throws -> Void) throws {
    try bind(values)
    defer { sqlite3_reset(pointer) }
    while true {
      let code = step()
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else { throw database.error(code, sql: sql) }
      try row(Row(pointer: pointer))
    }
  }

  /// The rows of a query, each turned into a value by `transform`.
  package func rows<Element>(_ values: [Value] = [], _ transform: (Row) throws -> Element) throws -> [Element]
  {
    var result: [Element] = []
    try forEachRow(values) { result.append(try transform($0)) }
    return result
  }
}

/// The current row of a query; valid only inside the callback that receives it.
package struct Row {
  fileprivate let pointer: OpaquePointer

  /// Column `index` as a 64-bit integer (0 for NULL).
  package func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(pointer, index)) }

  /// The days a data file may hold: years 1 to 9999. Anything else is damage, never a value to
  /// compute with (a day near `Int.max` would overflow the calendar arithmetic).
  package static let dayRange = -719_162...2_932_896

  /// Column `index` as a day, range-checked: an out-of-range value throws `SQLITE_CORRUPT`.
  package func day(_ index: Int32) throws(SQLiteError) -> Day {
    let value = int(index)
    guard Row.dayRange.contains(value) else {
      throw SQLiteError(damage: .dayOutOfRange(value))
    }
    return Day(daysSinceEpoch: value)
  }

  /// Column `index` as a floating-point number (0 for NULL).
  package func double(_ index: Int32) -> Double { sqlite3_column_double(pointer, index) }

  /// Whether column `index` holds an integer (not NULL, a real, text or a blob).
  package func isInteger(_ index: Int32) -> Bool { sqlite3_column_type(pointer, index) == SQLITE_INTEGER }

  /// Whether column `index` is NULL.
  package func isNull(_ index: Int32) -> Bool { sqlite3_column_type(pointer, index) == SQLITE_NULL }

  /// Column `index` as text ("" for NULL).
  package func text(_ index: Int32) -> String {
    guard let bytes = sqlite3_column_text(pointer, index) else { return "" }
    let count = Int(sqlite3_column_bytes(pointer, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Column `index` as the bytes of a blob (empty for NULL).
  package func blob(_ index: Int32) -> [UInt8] {
    guard let bytes = sqlite3_column_blob(pointer, index) else { return [] }
    let count = Int(sqlite3_column_bytes(pointer, index))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}
