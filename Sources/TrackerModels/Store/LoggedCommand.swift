import Foundation

/// A `HabitCommand` handed to the app through a command log (an extension's: a widget's button, a
/// notification's action), at its place in the log. The log's place is what makes it apply once:
/// the store keeps, per log, the place of the last command applied, in the same transaction as the
/// commands (docs/native-client.md, "Commands from anywhere").
public struct LoggedCommand: Hashable, Sendable {
  /// Its place in the log: the number of the log file that holds it, then its line in the file.
  public var sequence: Int
  public var line: Int
  public var command: HabitCommand

  /// A logged command with every part given.
  public init(sequence: Int, line: Int = 0, command: HabitCommand) {
    self.sequence = sequence
    self.line = line
    self.command = command
  }
}

/// What applying a log's commands did.
public struct LoggedCommandsReport: Hashable, Sendable {
  /// Each command applied now, with what it did or why the store refused it (a habit deleted
  /// since, a day not yet come): a refused command is consumed, never tried again.
  public var applied: [(command: LoggedCommand, outcome: Result<HabitCommandOutcome, StoreError>)]
  /// The log's place after them: the last file applied.
  public var position: Int

  /// A report with every part given.
  public init(
    applied: [(command: LoggedCommand, outcome: Result<HabitCommandOutcome, StoreError>)] = [], position: Int
  ) {
    self.applied = applied
    self.position = position
  }

  public static func == (lhs: LoggedCommandsReport, rhs: LoggedCommandsReport) -> Bool {
    lhs.position == rhs.position
      && lhs.applied.elementsEqual(rhs.applied) { $0.command == $1.command && $0.outcome == $1.outcome }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(position)
    hasher.combine(applied.count)
  }
}

/// A store that applies logged commands exactly once: each command of a log file after the log's
/// stored place, in order, and the new place, in one transaction — a process killed part way
/// leaves the file and the place as they were, and the next merge applies the same commands once.
public protocol LoggedCommandApplying: Sendable {
  /// The place of the last command applied from log `log` (0: none yet).
  func loggedPosition(log: UUID) throws(StoreError) -> Int
  /// Applies `commands` (of files after the stored place, in order) and stores the place of the
  /// last file, `through`, in one transaction. Commands of files at or before the stored place
  /// are left out (another merge applied them). A refusal of the store's rules is the command's
  /// outcome; a failure of the storage fails the whole call, nothing applied.
  func applyLogged(_ commands: [LoggedCommand], through: Int, log: UUID) throws(StoreError)
    -> LoggedCommandsReport
}

extension LoggedCommandApplying {
  /// Runs each command on `store` in order, inside the caller's transaction (each as a savepoint
  /// of it when the store nests its writes): the rule refusals are outcomes, a storage failure
  /// is thrown.
  package static func run(_ commands: [LoggedCommand], on store: any TrackerDataStore) throws(StoreError)
    -> [(command: LoggedCommand, outcome: Result<HabitCommandOutcome, StoreError>)]
  {
    var results: [(command: LoggedCommand, outcome: Result<HabitCommandOutcome, StoreError>)] = []
    for logged in commands {
      do {
        results.append((logged, .success(try logged.command.run(on: store))))
      } catch {
        if case .storage = error { throw error }
        results.append((logged, .failure(error)))
      }
    }
    return results
  }
}
