import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerViewModels

/// `StoreLane`, the actor a store access hands its calls to: the calls run one at a time in the
/// order they were numbered, a call that asks the main actor whether it may begin holds the calls
/// after it until it knows, and the answers come to the main actor in the calls' order.
@MainActor
@Suite("A lane of store calls")
struct StoreLaneTests {
  /// Calls made on the lane's thread, in the order they ran.
  final class Ran: Sendable {
    private let numbers = Locked<[Int]>([])
    func add(_ number: Int) { numbers.withLock { $0.append(number) } }
    var values: [Int] { numbers.value }
  }

  @Test(arguments: 0..<12)
  func callsRunAndAnswerInTheirNumbersOrderWhateverTheMainActorSays(seed: Int) async throws {
    var random = SplitMix(seed: UInt64(seed))
    let lane = StoreLane(label: "test.lane")
    let ran = Ran()
    let answered = Recorded<Int>()
    var expected: [Int] = []
    for number in 0..<200 {
      // A third of the calls ask whether they may begin (a form's Save); a third of those are
      // told no (answered out of turn), and never run.
      let asks = random.next(upTo: 3) == 0
      let begins = !asks || random.next(upTo: 3) != 0
      if begins { expected.append(number) }
      let mayBegin: (@MainActor @Sendable () -> Bool)? = asks ? { @MainActor @Sendable in begins } : nil
      lane.submit(
        number, mayBegin: mayBegin,
        {
          ran.add(number)
          return number
        },
        then: { answered.values.append($0) })
      // Now and then the main actor has a turn while the calls run.
      if random.next(upTo: 10) == 0 { await Task.yield() }
    }
    #expect(await until { answered.values.count == expected.count }, "seed \(seed)")
    #expect(ran.values == expected, "seed \(seed)")
    #expect(answered.values == expected, "seed \(seed)")
  }

  @Test func aCallBeginsWhileTheMainActorIsBusy() async throws {
    let lane = StoreLane(label: "test.lane")
    let ended = DispatchSemaphore(value: 0)
    let answered = Recorded<Int>()
    lane.submit(
      0, mayBegin: nil,
      {
        ended.signal()
        return 0
      },
      then: { answered.values.append($0) })
    // The main actor does not let go: the call begins anyway, on the lane's own thread.
    #expect(ended.wait(timeout: .now() + 60) == .success)
    #expect(answered.values.isEmpty)
    #expect(await until { answered.values == [0] })
  }
}

/// `CancelFlag`, what an observation token sets: a token cancelled where the main actor runs
/// sets it at once, so no answer already on its way is delivered after the cancel.
@MainActor
@Suite("An observation's cancel flag")
struct CancelFlagTests {
  @Test func aTokenCancelledOnTheMainActorSetsTheFlagAtOnce() {
    let flag = CancelFlag()
    let token = flag.token
    #expect(!flag.isSet)
    token.cancel()
    #expect(flag.isSet)
  }

  @Test func aTokenCancelledOnAnotherThreadSetsTheFlagOnTheMainActorsNextTurn() async throws {
    let flag = CancelFlag()
    let token = flag.token
    let cancelled = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      token.cancel()
      cancelled.signal()
    }
    #expect(cancelled.wait(timeout: .now() + 60) == .success)
    #expect(!flag.isSet)
    await withCheckedContinuation { set in flag.whenSet = { set.resume() } }
    #expect(flag.isSet)
  }
}
