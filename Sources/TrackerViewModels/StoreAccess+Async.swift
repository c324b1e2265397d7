import Foundation
import TrackerModels

// The store access for Swift concurrency: a read or a write awaited, and the values and commits
// as asynchronous sequences — what a client's own code (a widget's timeline, an App Intent, a
// SwiftUI `.task`) uses instead of callbacks. They run on the same queues, in the same order,
// as the calls the view models make.
extension StoreAccess {
  /// `fetch`'s outcome, read off the main actor in one snapshot:
  /// `let titles = try await access.read { try $0.categories() }.get()`.
  public func read<Value: Sendable>(
    _ fetch: @escaping @Sendable (Store) throws(StoreError) -> Value
  ) async -> Result<Value, StoreError> {
    await withCheckedContinuation { continuation in
      read(fetch) { continuation.resume(returning: $0) }
    }
  }

  /// `body`'s outcome, written off the main actor after the writes made before it, in one
  /// transaction; the screens heard of the commit when this returns.
  public func write<Value: Sendable>(
    _ policy: WritePolicy = .waitingInBackground,
    _ body: @escaping @Sendable (Store) throws(StoreError) -> Value
  ) async -> Result<Value, StoreError> {
    await withCheckedContinuation { continuation in
      write(policy, body) { continuation.resume(returning: $0) }
    }
  }

  /// The value `fetch` reads, now and again after each burst of commits that wrote what it read,
  /// each one that differs from the last (or why it could not be read), as `observe(fetch:)`
  /// delivers them: `for await titles in access.values(fetch: { try $0.categories() }) { … }`.
  /// The observation ends with the sequence: when the task looping over it is cancelled, or the
  /// sequence is let go (a loop over `access.values(…)` itself ends).
  public func values<Value: Equatable & Sendable>(
    fetch: @escaping @Sendable (Store) throws(StoreError) -> Value
  ) -> AsyncStream<Result<Value, StoreError>> where Change: CommittedChange {
    let (stream, continuation) = AsyncStream<Result<Value, StoreError>>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let token = observe(fetch: fetch) { continuation.yield($0) }
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }

  /// Each commit (this process's or another's), in order, until the sequence is let go or its
  /// task cancelled.
  public func changes() -> AsyncStream<Change> {
    let (stream, continuation) = AsyncStream<Change>.makeStream()
    let token = observe { continuation.yield($0) }
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }
}
