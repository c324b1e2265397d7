import TrackerViewModels

/// The tracker driven through its elements, as scripts and UI tests drive it.
extension AppFlow {
  /// What the user can act on now: the topmost layer's elements.
  public var elements: [Element] { ElementTree.spokenElements(of: view, localizer: environment.localizer) }

  /// The topmost layer's elements with their labels only (`ElementDriven`).
  public var unspokenElements: [Element] { ElementTree.elements(of: view, localizer: environment.localizer) }

  /// What names any of `elements` (`unspokenElements`) as `elements` names it.
  public func namer(among elements: [Element]) -> (Element) -> Element {
    ElementTree.namer(among: elements, of: view, localizer: environment.localizer)
  }

  /// Performs `action` as the user would, or explains why it cannot be done.
  public func perform(_ action: UserAction) throws(FlowError) {
    try asOneAction { () throws(FlowError) in try performOnElements(action) }
  }

  /// Does what an element's own action says, as the gesture on it would.
  public func send(_ action: ElementAction) throws(FlowError) {
    try asOneAction { () throws(FlowError) in try act(action) }
  }

  /// `body` as one user action: the clock read first, one new view at the end.
  private func asOneAction(_ body: () throws(FlowError) -> Void) throws(FlowError) {
    try oneState { () throws(FlowError) in
      clockChanged()
      defer { publish() }
      try body()
    }
  }

  /// The element `target` names, if exactly one matches.
  public func find(_ target: UserAction.Target) throws(FlowError) -> Element {
    try findElement(target, spoken: true)
  }
}

extension AppFlow: ElementDriven {
  /// An element's action: the tracker's own; the to-do list's actions are not on its screens.
  func act(_ action: ElementAction) throws(FlowError) {
    switch action {
    case .tracker(let action): try refused { () throws(ActionError) in try send(action) }
    case .todo(let action): throw unavailable(action)
    }
  }

  /// A swipe on the onboarding's pages.
  func swipe(_ direction: UserAction.Direction) throws(FlowError) {
    try refused { () throws(ActionError) in try swipePages(toTheLeft: direction == .left) }
  }
}
