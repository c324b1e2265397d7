import Foundation
import TrackerLocalization
import TrackerModels

// Links into the app (`DeepLink`): what a widget's row, a notification, Shortcuts or another app
// opens, turned into navigation state (issue 48; docs/native-client.md, "Links").
extension AppFlow {
  /// Opens `url` (`onOpenURL`): the screen it names, over nothing else. Throws, having changed
  /// nothing, when the link names no place of the app, while the introduction is on screen, or
  /// when an open form has changes (it then asks whether to discard them, as a swipe would).
  ///
  /// A habit's link reads the habits to find it: the detail opens when the read lands (at once
  /// where the main actor waits for store calls); when no habit has the link's id or name, the
  /// main screen says so in an alert (`DeepLinkError.noSuchHabit`).
  public func open(_ url: URL) throws(DeepLinkError) {
    try open(try DeepLink(url))
  }

  /// Opens `link` (see `open(_ url:)`).
  public func open(_ link: DeepLink) throws(DeepLinkError) {
    guard onboarding == nil, let trackers else { throw .onboardingNotDone }
    try oneState { () throws(DeepLinkError) in
      defer { publish() }
      try closeEverythingOver(trackers)
      switch link {
      case .statistics:
        showTab(.statistics)
      case .today:
        showTab(.trackers)
        trackers.daySelected(environment.today)
      case .new:
        showTab(.trackers)
        trackers.addTapped()
      case .habit(let reference):
        showTab(.trackers)
        openDetail(of: reference, from: trackers)
      }
    }
  }

  /// Selects `tab` once nothing covers the tab bar (the onboarding is over and every sheet closed,
  /// checked above), so the tap cannot be refused.
  private func showTab(_ tab: Tab) {
    do { try selectTab(tab) } catch {
      // Not reachable: the tab bar is uncovered.
      assertionFailure("\(error)")
    }
  }

  /// Closes what covers the tabs, from the top, as the user would one by one: alerts, menus and
  /// sheets. A form with changes asks instead, and the link stops there.
  private func closeEverythingOver(_ trackers: TrackersViewModel) throws(DeepLinkError) {
    while !layers.isEmpty || view.alert != nil || trackers.state.menu != nil || categoryMenu != nil {
      let before = (layers.count, view.alert, trackers.state.menu, categoryMenu)
      do { try dismissTop() } catch { throw .formHasChanges }
      if before == (layers.count, view.alert, trackers.state.menu, categoryMenu) { throw .formHasChanges }
    }
  }

  /// Reads the habits and opens the detail of the one `reference` names, as of today; says so on
  /// the main screen when none is.
  private func openDetail(of reference: DeepLink.HabitReference, from trackers: TrackersViewModel) {
    environment.access.read { (store) throws(StoreError) in
      try store.trackers().map(\.tracker)
    } then: { [weak self, weak trackers] result in
      guard let self, let trackers else { return }
      let localizer = self.environment.localizer
      switch result {
      case .success(let all):
        guard let found = reference.find(in: all) else {
          trackers.state.alert = AlertState(
            title: localizer.text(.linkAlertTitle),
            message: DeepLinkError.noSuchHabit(reference).message(localizer),
            buttons: [AlertState.Button(title: localizer.text(.alertOK), action: .dismiss)])
          return
        }
        // Only over the main screen as the link left it: the user may have moved on meanwhile.
        guard self.layers.isEmpty, self.tab == .trackers else { return }
        self.oneState {
          self.route(.detail(found.id, selectedDay: self.environment.today))
        }
      case .failure(let error):
        trackers.state.alert = .storeFailure(error, .read, localizer)
      }
    }
  }
}

extension DeepLinkError {
  /// Why the link opens nothing, in `localizer`'s language (an alert's message, the command
  /// line's error).
  public func message(_ localizer: Localizer) -> String {
    switch self {
    case .notALink(let text): localizer.text(.linkErrorNotALink(text: text))
    case .otherScheme(let scheme): localizer.text(.linkErrorOtherScheme(scheme: scheme))
    case .unknownPlace(let place): localizer.text(.linkErrorUnknownPlace(place: place))
    case .missingHabit: localizer.text(.linkErrorMissingHabit)
    case .extraParts(let link): localizer.text(.linkErrorExtraParts(link: link))
    case .noSuchHabit(.name(let name)): localizer.text(.linkErrorNoSuchHabitNamed(name: name))
    case .noSuchHabit(.id(let id)): localizer.text(.linkErrorNoSuchHabitID(id: id.uuidString))
    case .onboardingNotDone: localizer.text(.linkErrorOnboarding)
    case .formHasChanges: localizer.text(.linkErrorFormHasChanges)
    }
  }
}
