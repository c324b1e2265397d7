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
