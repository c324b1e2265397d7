import Foundation
import TrackerModels

/// What a flow shows its observers (`AppFlow`, `TodoFlow`): its whole view, published once per
/// action or hand-over of the store however many of its screens changed in it, and built only
/// then. One machinery for both apps' flows.
@MainActor
package final class FlowPublisher<View: Equatable & Sendable> {
  /// The view as last published, and who observes it.
  package let observers: ObservableState<View>
  /// Builds the view as it is now (set once the flow can build it).
  private var make: () -> View
  /// How many actions or hand-overs are under way (nested: an action may send another).
  private var depth = 0
  /// Whether something changed while one was under way.
  private var needsPublish = false
  private var handOverToken: ObservationToken?

  /// A publisher whose observers see `first` until the flow publishes.
  package init(_ first: View) {
    observers = ObservableState(first)
    make = { first }
  }

  /// Starts publishing what `make` builds, once per hand-over of `access` too (a call's outcome
  /// with the commits before it, the reads a commit started).
  package func start<Store, Change>(
    making make: @escaping () -> View, handOversOf access: StoreAccess<Store, Change>
  ) {
    self.make = make
    handOverToken = access.bracketHandOvers(
      began: { [weak self] in self?.depth += 1 },
      ended: { [weak self] in self?.ended() })
  }

  /// Whether an action or a hand-over is under way: the view is published at its end.
  package var isHeld: Bool { depth > 0 }

  /// The view: as last published, or while an action is under way, as it is now.
  package var view: View { isHeld ? make() : observers.value }

  /// Shows the view to the observers now, or at the end of the action under way.
  package func publish() {
    guard depth == 0 else {
      needsPublish = true
      return
    }
    observers.value = make()
  }

  /// Runs one action (`send`, `perform`): the screens it touches may change many times, the view
  /// is published once, at the end, if anything changed.
  package func oneState<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
    depth += 1
    defer { ended() }
    try body()
  }

  private func ended() {
    depth -= 1
    if depth == 0, needsPublish {
      needsPublish = false
      observers.value = make()
    }
  }
}
