import Foundation
import Testing
import TrackerModels
import TrackerSQLite

/// SQLite says which tables a statement reads and writes while it compiles it (its authorizer):
/// what decides which screens read again after a commit, with no list kept by hand.
@Suite("The tables of a statement, as SQLite says them")
struct StatementTablesTests {
  func database() throws -> Database {
    let database = try Database(path: ":memory:", create: true)
    try database.execute(
      """
      CREATE TABLE habit (id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE mark (habit INTEGER, day INTEGER, PRIMARY KEY (habit, day)) WITHOUT ROWID;
      CREATE TABLE edit (what TEXT);
      CREATE TRIGGER habit_edited AFTER UPDATE ON habit BEGIN INSERT INTO edit VALUES ('habit'); END;
      """)
    return database
  }

  @Test func aQuerySaysEveryTableItReadsAndWritesNone() throws {
    let statement = try database().prepare(
      "SELECT habit.name, count(mark.day) FROM habit LEFT JOIN mark ON mark.habit = habit.id GROUP BY habit.id"
    )
    #expect(
      statement.tables
        == StoreTables(read: ["habit.id", "habit.name", "mark.habit", "mark.day"], written: []))
  }

  @Test func aWriteSaysTheTablesItsTriggersWriteToo() throws {
    let statement = try database().prepare("UPDATE habit SET name = ? WHERE id = ?")
    // The column updated, and the table the trigger inserts into.
    #expect(statement.tables.written == ["habit.name", "edit"])
    #expect(try database().prepare("DELETE FROM mark WHERE habit = ?").tables.written == ["mark"])
  }

  @Test func aRecordingCollectsTheTablesOfTheStatementsRunInItOnly() throws {
    let database = try database()
    try database.execute("INSERT INTO habit VALUES (1, 'Walk')")
    let insert = try database.prepare("INSERT INTO mark VALUES (?, ?)")
    try insert.run([.integer(1), .integer(2)])
    let (_, tables) = try TableRecording.recording { () throws in
      try database.prepare("SELECT count(*) FROM edit").forEachRow { _ in }
      try insert.run(1, 3)
      try database.execute("UPDATE habit SET name = 'Read'")
    }
    #expect(tables == StoreTables(read: ["edit"], written: ["mark", "habit.name", "edit"]))
  }

  /// A statement notes its tables once per recording: run a thousand times in one, noted once;
  /// run again in each of many recordings, one after another (each made where the last one was,
  /// as often as not) or one inside another, noted in every one.
  @Test func aStatementIsNotedInEveryRecordingItRunsInOnceEach() throws {
    let database = try database()
    try database.execute("INSERT INTO habit VALUES (1, 'Walk')")
    let insert = try database.prepare("INSERT OR REPLACE INTO mark VALUES (?, ?)")
    let query = try database.prepare("SELECT count(*) FROM edit")
    for round in 0..<200 {
      let (_, tables) = try TableRecording.recording { () throws in
        for day in 0..<Int64(round % 3 + 1) { try insert.run(1, day) }
        try query.forEachRow { _ in }
      }
      #expect(tables == StoreTables(read: ["edit"], written: ["mark"]), "round \(round)")
    }
    let (inner, outer) = try TableRecording.recording { () throws in
      try query.forEachRow { _ in }
      return try TableRecording.recording { () throws in try query.forEachRow { _ in } }.tables
    }
    #expect(inner == StoreTables(read: ["edit"]))
    #expect(outer == StoreTables(read: ["edit"]))
  }

  @Test func aWriteThatChangedNoRowWroteNoTable() throws {
    let database = try database()
    let (_, tables) = try TableRecording.recording { () throws in
      try database.prepare("DELETE FROM mark WHERE habit = ?").run([.integer(7)])
      try database.execute("UPDATE habit SET name = 'Read' WHERE id = 7")
    }
    #expect(tables.written.isEmpty)
    #expect(tables.read == ["mark.habit", "habit.id"])
  }

  @Test func aValueIsTouchedByAColumnItReadOrRowsAddedOrRemovedFromItsTable() {
    let read: Set<String> = ["tracker.id", "tracker.number", "note.text"]
    // Another column of a table read: not touched.
    #expect(!StoreTables.overlap(read: read, written: ["tracker.record_count"]))
    #expect(StoreTables.overlap(read: read, written: ["tracker.number"]))
    // Rows inserted or deleted: every column of the table.
    #expect(StoreTables.overlap(read: read, written: ["note"]))
    #expect(!StoreTables.overlap(read: read, written: ["record", "sync_edit.clock"]))
    // A whole table read (count(*)): any write to it.
    #expect(StoreTables.overlap(read: ["record"], written: ["record.amount"]))
  }
}
