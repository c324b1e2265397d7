import Foundation
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// Waits until `condition` holds (a change made off the view models arrives on a later turn),
/// woken by the changes of what it reads, and records an issue when it never does.
@MainActor
func settle(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
  let held = await until(condition, sourceLocation: sourceLocation)
  #expect(held, "the change never arrived", sourceLocation: sourceLocation)
}

@MainActor
@Suite("Every screen follows the store", .temporaryFolders)
struct FollowingTheStoreTests {
  nonisolated static let cases = ClientStore.allCases.flatMap { store in Language.allCases.map { (store, $0) }
  }

  @Test(arguments: cases)
  func aReminderSavedElsewhereShowsInSettings(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    var environment = clientEnvironment(store, language)
    environment.notifications = StoredSettingScheduler(allowed: true)
    let settings = SettingsViewModel(environment: environment)
    await environment.access.settled()
    let recorder = Recorder(settings)
    #expect(!settings.state.isReminderOn && settings.state.timeText == "20:00")
    // Another screen (or process) saves the reminder: on, at 07:30.
    var stored = try store.settings()
    stored.reminder = ReminderSettings(isOn: true, time: ReminderTime("07:30") ?? .evening)
    try store.saveSettings(stored)
    await settle { settings.state.isReminderOn }
    #expect(settings.state.isReminderOn && settings.state.timeText == "07:30")
    #expect(recorder.states.count == 2)
  }

  @Test(arguments: cases)
  func aFilterSetElsewhereShowsOnTheMainScreen(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    let environment = clientEnvironment(store, language)
    let main = TrackersViewModel(environment: environment)
    await environment.access.settled()
    #expect(main.state.filter == .all)
    var stored = try store.settings()
    stored.filter = .completed
    try store.saveSettings(stored)
    await settle { main.state.filter == .completed }
    #expect(main.state.filter == .completed)
  }

  @Test(arguments: cases)
  func choosingAFilterPublishesOneState(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    let environment = clientEnvironment(store, language)
    let main = TrackersViewModel(environment: environment)
    await environment.access.settled()
    let recorder = Recorder(main)
    main.filterChosen(.notCompleted)
    await environment.access.settled()
    #expect(recorder.states.map(\.filter) == [.all, .notCompleted])
    #expect(try store.settings().filter == .notCompleted)
  }

  @Test(arguments: cases)
  func turningTheReminderOffPublishesOneState(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    var stored = try store.settings()
    stored.reminder = ReminderSettings(isOn: true, time: .evening)
    try store.saveSettings(stored)
    var environment = clientEnvironment(store, language)
    environment.notifications = StoredSettingScheduler(allowed: true)
    let settings = SettingsViewModel(environment: environment)
    await environment.access.settled()
    let recorder = Recorder(settings)
    settings.reminderToggled()
    await environment.access.settled()
    #expect(recorder.states.map(\.isReminderOn) == [true, false])
  }
}

@MainActor
@Suite("Routes are never lost", .temporaryFolders)
struct RouteTests {
  @Test(arguments: ClientStore.allCases)
  func theDetailOfATrackerAlreadyGoneClosesOnceTheClientListens(store kind: ClientStore) async throws {
    let store = try kind.make()
    let environment = clientEnvironment(store, .en)
    let detail = DetailViewModel(
      environment: environment, trackerID: UUID(), selectedDay: Day(daysSinceEpoch: 20_000))
    await environment.access.settled()  // the read that finds the tracker gone
    var routes: [DetailViewModel.Route] = []
    // The client sets its handler after making the screen, as UIKit code does.
    detail.onRoute = { routes.append($0) }
    #expect(routes == [.close])
    detail.onRoute = { routes.append($0) }
    #expect(routes == [.close])
  }
}
