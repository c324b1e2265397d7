import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value of the current thread, set for the length of a call (`withValue`): what a store call
/// running synchronously on a queue's thread hands to the layers under it without passing it
/// down every function (the tables it touches, whom to tell that it waits for a lock).
///
/// A thread's own rather than a task-local: the store's calls run on threads of dispatch queues,
/// outside any task, where a `@TaskLocal` falls back to storage of its own that crashed in
/// optimized builds (`swift_task_localValuePush`, a bad pointer, on the writer queue).
package final class ThreadLocal<Value: AnyObject>: Sendable {
  /// The key of the thread-specific slot.
  private let key: pthread_key_t

  package init() {
    var key = pthread_key_t()
    let code = pthread_key_create(&key, nil)
    precondition(code == 0, "no thread-specific key: \(code)")
    self.key = key
  }

  deinit { pthread_key_delete(key) }

  /// The value set on this thread by the innermost `withValue` running, if any.
  package var current: Value? {
    pthread_getspecific(key).map { Unmanaged<Value>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Runs `body` with `value` as this thread's value, then puts back the one before.
  package func withValue<Result, Failure: Error>(
    _ value: Value, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let outer = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(value).toOpaque())
    defer {
      pthread_setspecific(key, outer)
      withExtendedLifetime(value) {}
    }
    return try body()
  }
}
