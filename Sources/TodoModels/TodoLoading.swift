import Foundation
import TrackerModels

/// A task as the server lists it (`https://dummyjson.com/todos`: `{"id", "todo", "completed",
/// "userId"}`).
public struct LoadedTodo: Hashable, Sendable {
  public var remoteID: Int
  public var text: String
  public var isDone: Bool

  /// A task with every field given.
  public init(remoteID: Int, text: String, isDone: Bool) {
    self.remoteID = remoteID
    self.text = text
    self.isDone = isDone
  }
}

/// Why the starting tasks could not be loaded, in words a screen can show.
public enum TodoLoadError: Error, Hashable, Sendable {
  /// No connection (offline, no such host, connection lost).
  case offline
  /// The server's machine answered but refused the connection (nothing listens there): the
  /// address, as `host:port`.
  case refused(String)
  /// No answer within the timeout.
  case timedOut
  /// The server did not send its tasks within this many requests.
  case tooManyRequests(Int)
  /// The server answered with an HTTP status other than 2xx.
  case status(Int)
  /// The answer is not the expected JSON; the detail says where.
  case malformed(String)
  /// The system's library for HTTP could not be loaded (Linux: `libcurl.so.4`), so nothing was
  /// asked.
  case noNetworkLibrary
  /// Anything else the system reported.
  case other(String)
}

/// Loads the starting tasks (seed 003: on first launch, or whenever no tasks are stored). The
/// result comes through `completion`, on any thread, exactly once.
public protocol TodoLoader: Sendable {
  func load(_ completion: @escaping @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void)
}
