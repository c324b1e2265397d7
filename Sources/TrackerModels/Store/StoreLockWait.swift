/// How a write tells whoever runs it that it is waiting for another program's write lock.
///
/// A write that finds the data file's write lock held tries again until its wait ends; on the
/// first try that finds it held, the store calls `report` (when the caller set one for the task)
/// with the failure the write would end in now — `.busy`, naming the program holding the lock
/// when the system says. The view models' store access sets it around each write, so a form's
/// Save queued behind a tap that waits for the file can say "busy" from the moment it was
/// pressed instead of after the tap's whole wait (docs/architecture.md, "Data access").
public enum StoreLockWait {
  /// Called, on the writing thread, when a write of the current task first finds the lock held.
  @TaskLocal public static var report: (@Sendable (StorageFailure) -> Void)?
}
