import Foundation
import TestSupport
import Testing

@testable import TrackerViewModels

/// `until`, the tests' wait for a change: woken by what the condition reads, never by polling.
@MainActor
@Suite("Waiting for a change")
struct UntilTests {
  @Test func aChangeOnAnotherThreadEndsTheWaitWithTheNewValueRead() async {
    let count = Watched(0)
    Thread.detachNewThread {
      for _ in 1...100 { count.update { $0 += 1 } }
    }
    #expect(await until { count.value == 100 })
    #expect(count.value == 100)
  }

  @Test func aChangeOnTheMainActorEndsTheWait() async {
    let state = ObservableState(0)
    Task { @MainActor in state.value = 7 }
    #expect(await until { state.value == 7 })
  }

  @Test func aConditionThatNeverHoldsEndsAtItsDeadline() async {
    let count = Watched(0)
    let started = ContinuousClock.now
    #expect(await until(within: 0.3) { count.value == 1 } == false)
    #expect(ContinuousClock.now - started >= .milliseconds(300))
  }

  @Test func aConditionThatReadsNothingObservableIsAnIssueOfTheTest() async {
    // It holds from its second look on, and nothing tells of that: the wait is not woken, and
    // the condition holds only when the deadline ends it.
    var looks = 0
    await withKnownIssue {
      _ = await until(within: 0.3) {
        looks += 1
        return looks > 1
      }
    }
    #expect(looks == 2)
  }

  @Test func aBlockingWaitEndsWhenTheValueIsChangedOnAnotherThread() {
    let heard = Heard<Int>()
    Thread.detachNewThread {
      for number in 1...5 { heard.add(number) }
    }
    #expect(heard.wait { $0.count == 5 })
    #expect(heard.all == [1, 2, 3, 4, 5])
    #expect(heard.wait(within: 0.1) { $0.count == 6 } == false)
  }
}
