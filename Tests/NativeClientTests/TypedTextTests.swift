import Foundation
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

@MainActor
@Suite("What the user typed survives a failed read", .temporaryFolders)
struct TypedTextTests {
  @Test(arguments: Language.allCases)
  func aSearchWhoseReadFailsKeepsTheTypedTextAndSaysWhy(language: Language) async throws {
    let store = UnreadableStore(InMemoryTrackerStore())
    let environment = clientEnvironment(store, language)
    let model = TrackersViewModel(environment: environment)
    await environment.access.settled()
    store.failsReads = true
    // Another day must be read: that read fails; the search typed after it reads again.
    model.daySelected(model.state.selectedDay.adding(days: -1))
    model.searchChanged("abc")
    #expect(model.state.searchText == "abc")
    await environment.access.settled()
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
    await environment.access.settled()
    #expect(model.state.searchText == "abcd")
  }
}

@MainActor
@Suite("A search keystroke", .temporaryFolders)
struct SearchInMemoryTests {
  @Test(arguments: Language.allCases)
  func filtersWhatIsInMemoryAndReadsNothingFromTheStore(language: Language) async throws {
    let base = InMemoryTrackerStore()
    let home = TrackerCategory(id: UUID(), title: "Home")
    try base.createCategory(home)
    for name in ["Walk", "Water the plants", "Read"] {
      try base.createTracker(
        Tracker(
          id: UUID(), name: name, emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
          categoryID: home.id,
          isPinned: false, createdOn: Day(daysSinceEpoch: 20_000), kind: .event))
    }
    let store = UnreadableStore(base)
    let environment = clientEnvironment(store, language)
    let model = TrackersViewModel(environment: environment)
    await environment.access.settled()
    #expect(model.state.sections.flatMap(\.cards).count == 3)
    // Every read would fail now: a keystroke that read the store would show an alert.
    store.failsReads = true
    model.searchChanged("wa")
    #expect(model.state.sections.flatMap(\.cards).map(\.name) == ["Walk", "Water the plants"])
    model.searchChanged("wat")
    #expect(model.state.sections.flatMap(\.cards).map(\.name) == ["Water the plants"])
    model.searchChanged("")
    #expect(model.state.sections.flatMap(\.cards).count == 3)
    // A read a keystroke started would have failed by now.
    await environment.access.settled()
    #expect(model.state.alert == nil)
  }
}

@MainActor
@Suite("Every screen binds the same way", .temporaryFolders)
struct BindingTests {
  @Test func theSheetsBindLikeEveryOtherScreen() throws {
    let environment = clientEnvironment(InMemoryTrackerStore(), .ru)
    let filters = FiltersViewModel(environment: environment, current: .completed)
    #expect(filters.rows.filter(\.isChecked).map(\.title) == ["Завершенные"])
    let picker = TypePickerViewModel(environment: environment)
    #expect(picker.habitTitle == "Привычка" && picker.eventTitle == "Нерегулярное событие")
  }
}

@Suite("The client's language", .temporaryFolders)
struct LanguageTests {
  @Test func theFirstPreferredLanguageTheAppSpeaksElseEnglish() {
    #expect(Language(preferring: ["de-DE", "ru-RU", "en-US"]) == .ru)
    #expect(Language(preferring: ["en_GB", "ru"]) == .en)
    #expect(Language(preferring: ["fr-FR", "de"]) == .en)
    #expect(Language(preferring: []) == .en)
  }
}
