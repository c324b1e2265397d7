import TrackerModels

/// One thing wrong with an import file: where (`trackers[3].schedule[1]`) and what.
public struct ImportProblem: Hashable, Sendable, CustomStringConvertible {
  /// The path of the offending value; `$` is the file as a whole.
  public var path: String
  /// What is wrong with it, with the key of its translations.
  public var reason: StoreMessage

  /// A problem at `path`.
  public init(path: String, reason: StoreMessage) {
    self.path = path
    self.reason = reason
  }

  /// What is wrong, in English.
  public var message: String { reason.description }

  public var description: String { "\(path): \(message)" }
}

/// An import that was refused; the store was left unchanged.
public struct ImportFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// Every problem found, in file order.
  public var problems: [ImportProblem]
  /// The store's own refusal when the write failed (another program holds the file, a full
  /// disk): a caller says it in the user's words, as any refused write is said.
  public var storeError: StoreError?

  /// A failure listing `problems`, and the store's refusal behind them, if any.
  public init(problems: [ImportProblem], storeError: StoreError? = nil) {
    self.problems = problems
    self.storeError = storeError
  }

  /// One problem per line, as `path: message`.
  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
