/// How a write tells whoever runs it that it is waiting for another program's write lock.
///
/// A write that finds the data file's write lock held tries again until its wait ends; on the
/// first try that finds it held, the store calls `report` (when the caller set one for the thread)
/// with the failure the write would end in now — `.busy`, naming the program holding the lock
/// when the system says. The view models' store access sets it around each write, so a form's
/// Save queued behind a tap that waits for the file can say "busy" from the moment it was
/// pressed instead of after the tap's whole wait (docs/architecture.md, "Data access").
public enum StoreLockWait {
  /// A report, held by the thread it is set on.
  package final class Reporter {
    let report: @Sendable (StorageFailure) -> Void
    init(_ report: @escaping @Sendable (StorageFailure) -> Void) { self.report = report }
  }

  private static let reporter = ThreadLocal<Reporter>()

  /// Called, on the writing thread, when a write run inside `reporting(to:_:)` on that thread
  /// first finds the lock held.
  package static var report: (@Sendable (StorageFailure) -> Void)? { reporter.current?.report }

  /// Runs `body` (a write, on the thread it runs on) with `report` hearing of its first wait for
  /// another program's lock.
  package static func reporting<Result, Failure: Error>(
    to report: @escaping @Sendable (StorageFailure) -> Void, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try reporter.withValue(Reporter(report), body)
  }
}
