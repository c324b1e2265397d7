import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite

/// Schema 9: whether each tracker is archived and its place in the order, in
/// `tracker_arrangement` (`Schema.arrangementSQL`), one sealed row for each tracker that is
/// archived or was moved.
extension TrackerRows {
  /// A tracker's arrangement: archived, and its `order`.
  package struct Arrangement: Hashable, Sendable {
    package var isArchived: Bool
    package var order: Int

    /// What a tracker without a row has.
    package static let none = Arrangement(isArchived: false, order: 0)

    package init(isArchived: Bool, order: Int) {
      self.isArchived = isArchived
      self.order = order
    }

    /// The arrangement `tracker` has.
    package init(of tracker: Tracker) { self.init(isArchived: tracker.isArchived, order: tracker.order) }
  }

  /// The columns an arrangement row is read with, in `decodeArrangement`'s order.
  package static let arrangementColumns = "tracker, archived, position, seal"

  /// Every arrangement row of `database` by tracker number, each checked against its seal.
  package static func loadArrangements(_ database: Database) throws -> [Int: Arrangement] {
    var arrangements: [Int: Arrangement] = [:]
    try database.cached("SELECT \(arrangementColumns) FROM tracker_arrangement").forEachRow {
      arrangements[$0.int(0)] = try decodeArrangement($0)
    }
    return arrangements
  }

  /// The arrangement of tracker `number` (`.none` without a row).
  package static func loadArrangement(_ number: Int, in database: Database) throws -> Arrangement {
    try database.cached("SELECT \(arrangementColumns) FROM tracker_arrangement WHERE tracker = ?")
      .rows([.integer(Int64(number))]) { try decodeArrangement($0) }.first ?? .none
  }

  /// An arrangement row (tracker, archived, position, seal); a row that holds no valid value, or
  /// whose seal does not match, is damage naming the tracker.
  package static func decodeArrangement(_ row: Row) throws -> Arrangement {
    try RowSeal.check(
      row.int(3), [.integer(Int64(row.int(0))), .integer(Int64(row.int(1))), .integer(Int64(row.int(2)))],
      .tracker)
    guard (0...1).contains(row.int(1)) else { throw SQLiteError(damage: .invalidValue(.tracker)) }
    return Arrangement(isArchived: row.int(1) == 1, order: row.int(2))
  }

  /// The row of `arrangement` for tracker `number`, its seal last.
  package static func arrangementRow(_ arrangement: Arrangement, number: Int) -> [Statement.Value] {
    let values: [Statement.Value] = [
      .integer(Int64(number)), .integer(arrangement.isArchived ? 1 : 0), .integer(Int64(arrangement.order)),
    ]
    return values + [.integer(RowSeal.of(values))]
  }

  /// Makes tracker `number`'s row say `arrangement` (none for `.none`), touching nothing when it
  /// already does (so the sync's triggers name a field only when it changed).
  package static func storeArrangement(_ arrangement: Arrangement, number: Int, in database: Database) throws
  {
    let stored = try loadArrangement(number, in: database)
    guard stored != arrangement else { return }
    if arrangement == .none {
      try database.cached("DELETE FROM tracker_arrangement WHERE tracker = ?").run([.integer(Int64(number))])
    } else {
      // An update, not a replace, when there is a row: the triggers see each column's old value.
      try database.cached(
        """
        INSERT INTO tracker_arrangement (\(arrangementColumns)) VALUES (?, ?, ?, ?)
          ON CONFLICT (tracker) DO UPDATE SET archived = excluded.archived, position = excluded.position,
            seal = excluded.seal
        """
      ).run(arrangementRow(arrangement, number: number))
    }
  }

  /// Every arrangement row of `database` read and checked: the part of the full check for schema 9.
  package static func checkArrangements(_ database: Database) throws {
    _ = try loadArrangements(database)
  }
}
