import Foundation
import Testing
import TrackerTerminal

/// `LoopWake`, what the terminal's loop sleeps on between keys: a signal ends the wait under way
/// or the next one, a deadline ends a wait nobody signals, and nothing ends a wait early.
@MainActor
@Suite("The terminal loop's wake")
struct LoopWakeTests {
  @Test func aSignalWithNobodyWaitingEndsTheNextWaitAtOnce() async {
    let wake = LoopWake()
    wake.signal()
    let deadline = ContinuousClock.now + .seconds(60)
    await wake.wait(until: deadline)
    #expect(ContinuousClock.now < deadline, "the wait lasted to its deadline")
  }

  @Test func aSignalEndsTheWaitUnderWay() async {
    let wake = LoopWake()
    // Far: under the whole suite the main actor may run the signal's task a minute and more
    // after it was made (2026-12-07: 121 s), which is no fault of the wake.
    let deadline = ContinuousClock.now + .seconds(900)
    // Runs once the wait below has given up the main actor.
    Task { @MainActor in wake.signal() }
    await wake.wait(until: deadline)
    #expect(ContinuousClock.now < deadline, "the wait lasted to its deadline")
  }

  @Test func aWaitNobodySignalsEndsAtItsDeadlineAndNotBefore() async {
    let wake = LoopWake()
    let deadline = ContinuousClock.now + .milliseconds(50)
    await wake.wait(until: deadline)
    #expect(ContinuousClock.now >= deadline)
  }

  /// The deadline of a wait a signal ended is not the next wait's: it does not end it early.
  @Test func theDeadlineOfAWaitASignalEndedDoesNotEndTheNextWait() async {
    let wake = LoopWake()
    Task { @MainActor in wake.signal() }
    await wake.wait(until: ContinuousClock.now + .milliseconds(20))
    let deadline = ContinuousClock.now + .milliseconds(300)
    await wake.wait(until: deadline)
    #expect(ContinuousClock.now >= deadline, "the wait ended before its deadline")
  }

  /// Signals are reasons to look, not messages: two with nobody waiting end one wait, not two.
  @Test func twoSignalsWithNobodyWaitingEndOneWait() async {
    let wake = LoopWake()
    wake.signal()
    wake.signal()
    await wake.wait(until: ContinuousClock.now + .seconds(60))
    let deadline = ContinuousClock.now + .milliseconds(50)
    await wake.wait(until: deadline)
    #expect(ContinuousClock.now >= deadline, "the second signal ended a second wait")
  }

  @Test func aWaitWhoseDeadlineHasPassedEndsAtOnce() async {
    let wake = LoopWake()
    let deadline = ContinuousClock.now + .seconds(60)
    await wake.wait(until: ContinuousClock.now - .seconds(1))
    #expect(ContinuousClock.now < deadline)
  }
}
