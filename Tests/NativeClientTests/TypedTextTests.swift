import Foundation
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

@MainActor
@Suite("What the user typed survives a failed read")
struct TypedTextTests {
  @Test(arguments: Language.allCases)
  func aSearchWhoseReadFailsKeepsTheTypedTextAndSaysWhy(language: Language) throws {
    let store = UnreadableStore(InMemoryTrackerStore())
    let model = TrackersViewModel(environment: clientEnvironment(store, language))
    store.failsReads = true
    model.searchChanged("abc")
    #expect(model.state.searchText == "abc")
    let english = language == .en
    #expect(
      model.state.alert
        == AlertState(
          title: english ? "Couldn't read your data" : "Не удалось прочитать данные",
          message: english
            ? "The disk reported an error while using the data file."
            : "Диск сообщил об ошибке при работе с файлом данных.",
          buttons: [AlertState.Button(title: english ? "OK" : "Ок", action: .dismiss)]))
    // Once the store reads again, the next keystroke shows what matches.
    store.failsReads = false
    model.searchChanged("abcd")
    #expect(model.state.searchText == "abcd")
  }
}

/// The binding `docs/native-client.md` shows, generic over every screen's view model: it
/// compiles for each of them.
@MainActor
final class Observed<Model: ObservableViewModel> {
  let model: Model
  private(set) var state: Model.State
  private var token: BindingToken?

  init(_ model: Model) {
    self.model = model
    state = model.state
    token = model.observe { [weak self] in self?.state = $0 }
  }
}

@MainActor
@Suite("Every screen binds the same way")
struct BindingTests {
  @Test func theSheetsBindLikeEveryOtherScreen() throws {
    let environment = clientEnvironment(InMemoryTrackerStore(), .ru)
    let filters = Observed(FiltersViewModel(environment: environment, current: .completed))
    #expect(filters.state.rows.filter(\.isChecked).map(\.title) == ["Завершенные"])
    let picker = Observed(TypePickerViewModel(environment: environment))
    #expect(picker.state.habitTitle == "Привычка" && picker.state.eventTitle == "Нерегулярное событие")
  }
}
