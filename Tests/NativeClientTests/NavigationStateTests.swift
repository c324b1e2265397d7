import Foundation
import Observation
import Testing
import TodoStore
import TodoViewModels
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// A change heard by `withObservationTracking` (its `onChange` runs inside the change, here on
/// the main actor).
private final class Heard: @unchecked Sendable {
  var count = 0
}

/// The flow's navigation is state a SwiftUI client binds to (`TabView(selection:)`,
/// `sheet(item:)`), tracked like any view model's field, and its view is built once per change.
@MainActor
@Suite("Navigation is state", .temporaryFolders)
struct NavigationStateTests {
  private func mainFlow(_ language: Language = .en) async throws -> AppFlow {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    return await AppFlow.launch(environment: clientEnvironment(store, language))
  }

  private func tracking<Value>(_ read: () -> Value) -> Heard {
    let heard = Heard()
    _ = withObservationTracking(read) { heard.count += 1 }
    return heard
  }

  @Test func aSheetOpenedByAnActionIsTheFlowsSheetAndItsReaderHearsOfIt() async throws {
    let flow = try await mainFlow()
    #expect(flow.sheet == nil && flow.screens.isEmpty)
    let sheet = tracking { flow.sheet?.id }
    let tab = tracking { flow.selectedTab }
    try flow.send(.openFilters)
    #expect(sheet.count >= 1)
    #expect(tab.count == 0)
    guard case .filters(let filters)? = flow.sheet else {
      Issue.record("the filters sheet is not the flow's sheet: \(String(describing: flow.sheet))")
      return
    }
    #expect(filters.rows.count == TrackerFilter.allCases.count)
    #expect(flow.screens.map(\.id) == [flow.sheet?.id])
  }

  @Test func settingTheSheetToNilIsTheUserSwipingItAway() async throws {
    let flow = try await mainFlow()
    try flow.send(.openFilters)
    flow.sheet = nil
    #expect(flow.sheet == nil && flow.screen == .trackers)
  }

  /// SwiftUI's way (issue 47): the form refuses the swipe up front while it holds changes
  /// (`interactiveDismissDisabled`), tracked on its own, and its Cancel asks.
  @Test(arguments: Language.allCases)
  func aFormWithChangesRefusesTheSwipeUpFrontAndItsCancelAsks(language: Language) async throws {
    let flow = try await mainFlow(language)
    try flow.send(.addTracker)
    try flow.send(.chooseKind(.habit))
    let sheet = try #require(flow.sheet)
    guard case .trackerForm(let form) = sheet else {
      Issue.record("no form on top: \(flow.screen)")
      return
    }
    #expect(!sheet.isDismissDisabled)
    #expect(flow.view.presented.last?.isDismissDisabled == false)
    let turned = tracking { sheet.isDismissDisabled }
    form.name = "Run"
    #expect(turned.count == 1)
    #expect(sheet.isDismissDisabled)
    #expect(flow.view.presented.last?.isDismissDisabled == true)
    // More typing changes nothing a reader of the flag sees.
    let again = tracking { sheet.isDismissDisabled }
    form.name = "Running"
    #expect(again.count == 0)
    // The form's Cancel asks whether to discard, and keeps what was typed.
    try flow.send(.cancelForm)
    #expect(flow.screen == .trackerForm)
    #expect(form.discardQuestion != nil)
    #expect(form.name == "Running")
    // Typed back to how it opened: the swipe is allowed again.
    try flow.send(.keepEditing)
    form.name = ""
    #expect(!sheet.isDismissDisabled)
  }

  /// A sheet the user swiped away is gone from the screen (SwiftUI closed it): the flow agrees,
  /// even for a form with changes whose client did not refuse the swipe. Nothing is saved.
  @Test(arguments: Language.allCases)
  func aSheetSwipedAwayIsClosedEvenAFormWithChanges(language: Language) async throws {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let flow = await AppFlow.launch(environment: clientEnvironment(store, language))
    await flow.settled()
    try flow.send(.addTracker)
    try flow.send(.chooseKind(.habit))
    guard case .trackerForm(let form)? = flow.sheet else {
      Issue.record("no form on top: \(flow.screen)")
      return
    }
    form.name = "Run"
    let closed = tracking { flow.sheet?.id }
    flow.sheet = nil
    #expect(closed.count == 1)
    #expect(flow.sheet == nil && flow.screen == .trackers)
    #expect(flow.view.presented.isEmpty)
    #expect(try store.trackers().isEmpty)
  }

  @Test func aPermissionSheetSwipedAwayIsNotNow() async throws {
    let flow = try await mainFlow()
    flow.selectedTab = .settings
    await flow.settled()  // the settings read
    try await flow.sendAndSettle(.toggleReminder)
    #expect(flow.screen == .permission)
    flow.sheet = nil
    await flow.settled()
    #expect(flow.screen == .settings)
    guard case .settings(let settings) = flow.view.base else {
      Issue.record("not the settings under: \(flow.screen)")
      return
    }
    #expect(!settings.isReminderOn)
  }

  @Test func theToDoFormIsTheToDoFlowsSheetTrackedAndSwipedAwayBySettingItToNil() async throws {
    let flow = TodoFlow(
      environment: .fixed(
        now: Date(timeIntervalSince1970: 1_796_032_800), language: .en, store: InMemoryTodoStore(),
        loader: NoTasks()))
    await flow.settled()
    #expect(flow.sheet == nil)
    let sheet = tracking { flow.sheet?.id }
    try flow.send(.addTask)
    #expect(sheet.count == 1)
    #expect(flow.sheet != nil && flow.screen == .todoForm)
    #expect(flow.focusedField == .title)
    let closed = tracking { flow.sheet?.id }
    flow.sheet = nil
    #expect(closed.count == 1)
    #expect(flow.sheet == nil && flow.screen == .todos)
  }

  @Test func theSelectedTabBindsAsATabViewsSelection() async throws {
    let flow = try await mainFlow()
    let tab = tracking { flow.selectedTab }
    flow.selectedTab = .statistics
    #expect(tab.count == 1)
    #expect(flow.screen == .statistics)
    flow.selectedTab = .trackers
    #expect(flow.screen == .trackers)
  }

  @Test func aTabCannotBeChosenUnderASheet() async throws {
    let flow = try await mainFlow()
    try flow.send(.openFilters)
    flow.selectedTab = .settings
    #expect(flow.selectedTab == .trackers && flow.screen == .filters)
  }

  @Test func theViewReadIsTheOnePublished() async throws {
    let flow = try await mainFlow()
    var published: [AppView] = []
    let binding = flow.observe { published.append($0) }
    try flow.send(.openFilters)
    withExtendedLifetime(binding) {
      #expect(published.count == 2)
      #expect(flow.view == published.last)
    }
  }
}

/// `NavigationStack(path: $flow.screens)` and a `TabView` bound field by field (issue 47): the
/// screens are a settable, `Hashable` path; the tab roots are public.
@MainActor
@Suite("Navigation a SwiftUI stack binds")
struct NavigationPathTests {
  private func mainFlow() async throws -> AppFlow {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    return await AppFlow.launch(environment: clientEnvironment(store, .en))
  }

  @Test func aShorterPathClosesTheScreensAboveItFromTheTop() async throws {
    let flow = try await mainFlow()
    try flow.send(.addTracker)
    try flow.send(.chooseKind(.habit))
    try flow.send(.openSchedule)
    // The type picker gave its place to the form; the schedule is over it.
    #expect(flow.screens.count == 2)
    #expect(Set(flow.screens).count == 2)
    // The user went back from the schedule: the form is on top again, untouched.
    flow.screens = Array(flow.screens.prefix(1))
    #expect(flow.screens.count == 1)
    guard case .trackerForm? = flow.screens.last else {
      Issue.record("not the form on top: \(flow.screens)")
      return
    }
    // A path that is not the start of the screens shown changes nothing.
    try flow.send(.openSchedule)
    flow.screens = Array(flow.screens.suffix(1))
    #expect(flow.screens.count == 2)
    // Back to the tabs: the form has no changes, so it closes too.
    flow.screens = []
    #expect(flow.screens.isEmpty && flow.screen == .trackers)
  }

  @Test func aShorterPathClosesAFormWithChangesTooAsTheUserWentBack() async throws {
    let flow = try await mainFlow()
    try flow.send(.addTracker)
    try flow.send(.chooseKind(.habit))
    try flow.send(.textChanged(.name, "Read"))
    try flow.send(.openSchedule)
    #expect(flow.screens.count == 2)
    // The form under the schedule refuses a swipe; the schedule does not.
    #expect(flow.screens.map(\.isDismissDisabled) == [true, false])
    flow.screens = []
    #expect(flow.screens.isEmpty && flow.screen == .trackers)
  }

  @Test func theTabRootsArePublic() async throws {
    let flow = try await mainFlow()
    #expect(flow.trackers != nil)
    try flow.send(.selectTab(.statistics))
    #expect(flow.statistics != nil)
    try flow.send(.selectTab(.settings))
    #expect(flow.settings != nil)
  }
}
