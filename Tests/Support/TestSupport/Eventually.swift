import Foundation

/// Lets the main actor run (a write finished off it reports there) until `condition` holds or
/// `seconds` pass; returns whether it held. A deadline, never a tight timing assertion: a busy
/// machine may take long to schedule anyone, and a condition that holds ends the wait at once.
@MainActor
public func eventually(within seconds: Double = 60, _ condition: () -> Bool) async throws -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try await Task.sleep(for: .milliseconds(20))
  }
  return condition()
}

/// The same for a thread that may block: polls `condition` every 20 ms.
public func eventuallyPolling(within seconds: Double = 60, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return condition()
}

/// The same for a condition that awaits (a fresh screen's reads): looks every 20 ms.
@MainActor
public func eventuallyAwaiting(within seconds: Double = 60, _ condition: () async -> Bool) async throws
  -> Bool
{
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if await condition() { return true }
    try await Task.sleep(for: .milliseconds(20))
  }
  return await condition()
}
