import FlowTestSupport
import Foundation
import Testing
import TodoModels
import TodoStore
import TodoViewModels
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// What a native UI test reads from the element tree: each app's elements carry that app's own
/// action type, and a client switches over it exhaustively.
@MainActor
@Suite("Each app has its own typed actions", .temporaryFolders)
struct TypedActionTests {
  /// Every action an element of `elements` carries: tap, long press, swipe.
  func actions(_ elements: [Element]) -> [ElementAction] {
    elements.flatMap { [$0.action, $0.longPressAction, $0.swipeLeftAction].compactMap { $0 } }
  }

  @Test(arguments: Language.allCases)
  func everyElementOfTheTrackerCarriesATrackerAction(language: Language) async throws {
    var seen = 0
    for (name, steps) in EnvironmentChangeTests.journeys {
      let flow = await AppFlow.launch(
        environment: EnvironmentChangeTests.environment(try EnvironmentChangeTests.world(), language))
      await flow.settled()
      for step in steps { try await flow.performAndSettle(step) }
      for action in actions(flow.elements) {
        guard case .tracker(let action) = action else {
          Issue.record("\(name): \(action)")
          continue
        }
        // What the element does, said without a default: every case of the tracker is named.
        #expect(!Self.purpose(of: action).isEmpty)
        seen += 1
      }
    }
    #expect(seen > 100)
  }

  @Test(arguments: Language.allCases)
  func everyElementOfTheToDoListCarriesAToDoAction(language: Language) async throws {
    let task = TodoTask(
      id: UUID(), title: "Milk", text: "Buy milk", isDone: false, created: EnvironmentChangeTests.noon)
    let flow = TodoFlow(
      environment: .fixed(
        now: EnvironmentChangeTests.noon, language: language, store: InMemoryTodoStore([task]),
        loader: NoTasks()))
    await flow.settled()
    var all = actions(flow.elements)
    try await flow.performAndSettle(.swipe(.left, .identifier("todo:Milk")))
    all += actions(flow.elements)
    try await flow.tapAndSettle("cancel")
    try await flow.tapAndSettle("todo:Milk")
    all += actions(flow.elements)
    #expect(all.count >= 9)
    for action in all {
      guard case .todo(let action) = action else {
        Issue.record("\(action)")
        continue
      }
      #expect(!Self.purpose(of: action).isEmpty)
    }
  }

  @Test func sendingATypedActionDoesWhatTappingItsElementDoes() async throws {
    let task = TodoTask(
      id: UUID(), title: "Milk", text: "Buy milk", isDone: false, created: EnvironmentChangeTests.noon)
    let flow = TodoFlow(
      environment: .fixed(
        now: EnvironmentChangeTests.noon, language: .en, store: InMemoryTodoStore([task]), loader: NoTasks()))
    await flow.settled()
    try await flow.sendAndSettle(.openTask(task.id))
    #expect(flow.screen == .todoEdit)
    try await flow.sendAndSettle(.cancelTaskForm)
    #expect(flow.screen == .todos)
    let tracker = await AppFlow.launch(
      environment: EnvironmentChangeTests.environment(try EnvironmentChangeTests.world(), .en))
    await tracker.settled()
    try await tracker.sendAndSettle(.openFilters)
    #expect(tracker.screen == .filters)
  }

  /// A client's exhaustive switch over the tracker's actions (no default: a new action fails to
  /// compile here until it is named).
  static func purpose(of action: TrackerAction) -> String {
    switch action {
    case .dismissAlert, .finishOnboarding, .cancelForm, .cancelTrackerDeletion, .cancelCategoryDeletion,
      .goBack, .postponeNotifications, .cancelDayOff, .discardForm, .keepEditing:
      return "close"
    case .focus, .selectTab, .openCalendar, .openFilters, .openDetail, .openCardMenu, .openCategories,
      .openSchedule, .openCategoryMenu, .openReminderTime, .addTracker, .addCategory, .previousMonth,
      .nextMonth, .openDayStart, .openNote, .addReminder, .editReminder:
      return "show"
    case .toggleCompletion, .togglePin, .toggleWeekday, .toggleDay, .toggleReminder, .toggleDayOff,
      .toggleDayOffOn, .confirmDayOff, .archiveTracker, .unarchiveTracker, .toggleSection:
      return "toggle"
    case .askToDeleteTracker, .deleteTracker, .deleteCategory, .confirmTrackerDeletion,
      .confirmCategoryDeletion, .removeReminder:
      return "delete"
    case .editTracker, .editCategory, .clearName, .decreaseDays, .increaseDays, .textChanged, .decreaseQuota,
      .increaseQuota, .decreaseWindowDays, .increaseWindowDays, .decreaseAmount, .increaseAmount,
      .clearAmount, .clearNote, .moveTracker:
      return "edit"
    case .chooseKind, .chooseEmoji, .chooseColor, .chooseCategory, .chooseFilter, .chooseDay, .chooseDayStart,
      .chooseMeasure, .chooseDirection, .chooseTargetPeriod, .chooseScheduleKind, .chooseStatisticsCategory:
      return "choose"
    case .saveTracker, .saveCategory, .saveSchedule, .saveReminderTime, .allowNotifications, .saveAmount,
      .saveNote:
      return "save"
    }
  }

  /// The same for the to-do list's actions.
  static func purpose(of action: TodoAction) -> String {
    switch action {
    case .dismissAlert, .cancelTaskDeletion, .cancelTaskForm: return "close"
    case .focus, .addTask, .openTask: return "show"
    case .textChanged: return "edit"
    case .askToDeleteTask, .confirmTaskDeletion: return "delete"
    case .retryLoading: return "load"
    case .toggleTaskDone: return "toggle"
    case .saveTask: return "save"
    }
  }
}
