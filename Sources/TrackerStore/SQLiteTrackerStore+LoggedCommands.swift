import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

/// Commands handed over through a command log, each applied once (`LoggedCommandApplying`): the
/// log's place is a sealed row of `setting` (`command_log:<log id>`), written in the same
/// transaction as the commands, each of which runs as a savepoint of it.
extension SQLiteTrackerStore: LoggedCommandApplying {
  static func positionKey(_ log: UUID) -> String { "command_log:" + log.uuidString }

  public func loggedPosition(log: UUID) throws(StoreError) -> Int {
    try reading { try self.storedPosition(log) }
  }

  /// The stored place of `log`, its seal checked.
  func storedPosition(_ log: UUID) throws -> Int {
    let key = Self.positionKey(log)
    let rows = try database.cached("SELECT value, seal FROM setting WHERE key = ?").rows([.text(key)]) {
      ($0.text(0), $0.int(1))
    }
    guard let (value, seal) = rows.first else { return 0 }
    try RowSeal.check(seal, [.text(key), .text(value)], .setting)
    guard let position = Int(value), position >= 0 else { throw SQLiteError(damage: .invalidValue(.setting)) }
    return position
  }

  public func applyLogged(_ commands: [LoggedCommand], through: Int, log: UUID) throws(StoreError)
    -> LoggedCommandsReport
  {
    var report = LoggedCommandsReport(position: 0)
    try write {
      let stored = try self.storedPosition(log)
      let fresh = commands.filter { $0.sequence > stored }
      report = LoggedCommandsReport(applied: try Self.run(fresh, on: self), position: max(stored, through))
      if through > stored {
        let key = Self.positionKey(log)
        let value = String(through)
        try self.database.cached(
          """
          INSERT INTO setting (key, value, seal) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, seal = excluded.seal
          """
        ).run([.text(key), .text(value), .integer(RowSeal.of([.text(key), .text(value)]))])
      }
      return StoreChange()
    }
    return report
  }
}
