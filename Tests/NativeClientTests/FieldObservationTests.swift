import Foundation
import Observation
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// Whether a change was heard, set from `withObservationTracking`'s `onChange` (which may run on
/// any thread; here always on the main actor, inside the change).
private final class Heard: @unchecked Sendable {
  var count = 0
}

/// A view that reads one field is told when that field changes and not when another does: what
/// SwiftUI's per-property tracking gives a native client, proven with `withObservationTracking`
/// (the same mechanism, in the toolchain on Linux).
@MainActor
@Suite("Each field of a screen is observed on its own", .temporaryFolders)
struct FieldObservationTests {
  /// Runs `read` inside `withObservationTracking` and counts the changes it hears of.
  private func tracking<Value>(_ read: () -> Value) -> Heard {
    let heard = Heard()
    _ = withObservationTracking(read) { heard.count += 1 }
    return heard
  }

  @Test(arguments: Language.allCases)
  func typingATitleDoesNotTellAReaderOfTheScreensTitle(language: Language) async throws {
    let environment = clientEnvironment(InMemoryTrackerStore(), language)
    let form = CategoryFormViewModel(environment: environment)
    await environment.access.settled()  // the titles taken, which Done checks against
    let title = tracking { form.title }
    let text = tracking { form.text }
    let doneEnabled = tracking { form.isDoneEnabled }
    form.text = "Sport"
    #expect(title.count == 0)
    #expect(text.count == 1)
    #expect(doneEnabled.count == 1)
  }

  /// A view that reads the form's `hasChanges` (to disable the swipe, as SwiftUI's
  /// `interactiveDismissDisabled` does) is told when it turns, not at every keystroke.
  @Test func hasChangesTellsItsReaderOnlyWhenItTurns() async throws {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let flow = await AppFlow.launch(environment: clientEnvironment(store, .en))
    await flow.settled()
    try flow.send(.addTracker)
    try flow.send(.chooseKind(.habit))
    guard case .trackerForm(let form)? = flow.sheet else {
      Issue.record("no form: \(String(describing: flow.sheet))")
      return
    }
    #expect(!form.hasChanges)
    let first = tracking { form.hasChanges }
    form.nameChanged("R")
    #expect(first.count == 1 && form.hasChanges)
    let typing = tracking { form.hasChanges }
    form.nameChanged("Ru")
    form.nameChanged("Run")
    #expect(typing.count == 0)
    let back = tracking { form.hasChanges }
    form.nameChanged("")
    #expect(back.count == 1 && !form.hasChanges)
  }

  @Test func aReaderOfTheWholeStateHearsOfEveryChange() throws {
    let form = CategoryFormViewModel(environment: clientEnvironment(InMemoryTrackerStore(), .en))
    let whole = tracking { form.state }
    form.textChanged("S")
    #expect(whole.count == 1)
  }

  @Test func aChangeOfLanguageTellsTheReaderOfTheTitle() throws {
    let environment = clientEnvironment(InMemoryTrackerStore(), .en)
    let form = CategoryFormViewModel(environment: environment)
    let title = tracking { form.title }
    let text = tracking { form.text }
    environment.environmentChanged(language: .ru, timeZone: environment.timeZone)
    #expect(title.count == 1)
    #expect(text.count == 0)
    #expect(
      form.title != CategoryFormViewModel(environment: clientEnvironment(InMemoryTrackerStore(), .en)).title)
  }

  @Test func settingAFieldToTheSameTextTellsNoOne() throws {
    let form = CategoryFormViewModel(environment: clientEnvironment(InMemoryTrackerStore(), .en))
    form.text = "Sport"
    let text = tracking { form.text }
    let whole = tracking { form.state }
    form.text = "Sport"
    #expect(text.count == 0 && whole.count == 0)
  }

  @Test func aClosureBindingOfOneFieldIsCalledOnlyWhenThatFieldChanges() throws {
    let form = CategoryFormViewModel(environment: clientEnvironment(InMemoryTrackerStore(), .en))
    var titles: [String] = []
    var texts: [String] = []
    let titleBinding = form.observable.observe(\.title) { titles.append($0) }
    let textBinding = form.observable.observe(\.text) { texts.append($0) }
    form.text = "S"
    form.text = "Sp"
    withExtendedLifetime((titleBinding, textBinding)) {
      #expect(titles == [form.title])
      #expect(texts == ["", "S", "Sp"])
    }
  }

  @Test(arguments: Language.allCases)
  func anAlertIsIdentifiableAndItsBindingIsTheOK(language: Language) async throws {
    let store = UnreadableStore(InMemoryTrackerStore())
    store.failsReads = true
    let environment = clientEnvironment(store, language)
    let model = StatisticsViewModel(environment: environment)
    await environment.access.settled()
    let alert = try #require(model.alert)
    #expect(alert.id == alert.title + "\n" + alert.message)
    let cards = tracking { model.cards }
    let shown = tracking { model.isShowingAlert }
    #expect(model.isShowingAlert)
    model.isShowingAlert = false
    #expect(model.alert == nil)
    #expect(shown.count == 1 && cards.count == 0)
  }
}
