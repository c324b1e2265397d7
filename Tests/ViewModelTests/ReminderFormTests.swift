import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// Issue 48, the form's Reminders row: reminders added, changed and removed on the time picker of
/// Settings, saved with the tracker, and a form with changed reminders asks before it is left.
@MainActor
@Suite("The form's reminders", .temporaryFolders)
struct ReminderFormTests {
  let at0730 = ReminderTime(hour: 7, minute: 30)!
  let at2000 = ReminderTime.evening

  /// The time picker over the form: its time typed and Done.
  func choose(_ time: String, on flow: AppFlow) async throws {
    #expect(flow.screen == .timePicker)
    try await flow.performAndSettle(.clear)
    try await flow.performAndSettle(.type(time))
    try await flow.tapAndSettle("done")
    #expect(flow.screen == .trackerForm)
  }

  @Test(arguments: Language.allCases)
  func aNewHabitIsCreatedWithTheRemindersAddedOnItsForm(language: Language) async throws {
    let (world, flow) = try await MeasureAndQuotaFormTests.newHabitForm(language, name: "Run", dueOn: "mon")
    let add = try flow.find(.identifier("add-reminder"))
    #expect(add.label == (language == .ru ? "Добавить напоминание" : "Add a reminder"))
    try await flow.tapAndSettle("add-reminder")
    try await choose("07:30", on: flow)
    // "+" offers 20:00 first.
    try await flow.tapAndSettle("add-reminder")
    #expect(flow.sheet?.model(TimePickerViewModel.self)?.state.text == "20:00")
    try await flow.tapAndSettle("done")
    #expect(flow.trackerFormState?.reminders.rows.map(\.text) == ["07:30", "20:00"])
    try await flow.tapAndSettle("create")
    #expect(flow.screen == .trackers)
    let stored = try #require(try MeasureAndQuotaFormTests.stored(world, "Run"))
    #expect(stored.reminders == [HabitReminder(time: at0730), HabitReminder(time: at2000)])
  }

  @Test func anEditedReminderKeepsItsDaysAndAlwaysAndARemovedOneGoes() async throws {
    let world = try MeasureAndQuotaFormTests.world()
    var tracker = habit("Read", id: 10, days: [.monday, .friday])
    let chosen = HabitReminder(time: at0730, days: [.saturday], onlyIfNotDone: false)
    tracker.reminders = [chosen, HabitReminder(time: at2000)]
    try world.store.createTracker(tracker)
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:Read")))
    try await flow.tapAndSettle("edit")
    let rows = try #require(flow.trackerFormState?.reminders.rows)
    #expect(rows.map(\.details) == ["Sat · even when done", nil])
    #expect(
      try flow.find(.identifier("reminder:07:30")).spokenLabel == "Reminders: 07:30, Sat · even when done")
    #expect(flow.trackerFormState?.hasChanges == false)
    try await flow.tapAndSettle("reminder:07:30")
    try await choose("06:45", on: flow)
    #expect(flow.trackerFormState?.hasChanges == true)
    try await flow.tapAndSettle("remove-reminder:20:00")
    try await flow.tapAndSettle("create")
    #expect(flow.screen == .trackers)
    let stored = try #require(try MeasureAndQuotaFormTests.stored(world, "Read"))
    #expect(
      stored.reminders == [
        HabitReminder(time: ReminderTime(hour: 6, minute: 45)!, days: [.saturday], onlyIfNotDone: false)
      ])
  }

  @Test func aFormWithAReminderAddedAsksBeforeItIsLeftAndOneUndoneDoesNot() async throws {
    let world = try MeasureAndQuotaFormTests.world()
    try world.store.createTracker(habit("Read", id: 10))
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:Read")))
    try await flow.tapAndSettle("edit")
    try await flow.tapAndSettle("add-reminder")
    try await flow.tapAndSettle("done")
    #expect(flow.trackerFormState?.hasChanges == true)
    try await flow.tapAndSettle("remove-reminder:20:00")
    #expect(flow.trackerFormState?.hasChanges == false)
    try await flow.tapAndSettle("add-reminder")
    try await flow.tapAndSettle("done")
    try await flow.performAndSettle(.dismiss)
    #expect(flow.trackerFormState?.discardQuestion != nil)
  }

  @Test func theEighthReminderIsTheLastAndAReminderMovedOntoAnotherTimeTakesItsPlace() async throws {
    let world = try MeasureAndQuotaFormTests.world()
    try world.store.createTracker(habit("Read", id: 10))
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    try await flow.performAndSettle(.longPress(.identifier("card:Read")))
    try await flow.tapAndSettle("edit")
    for hour in 1...HabitReminder.limit {
      try await flow.tapAndSettle("add-reminder")
      try await choose("0\(hour):00", on: flow)
    }
    #expect(try !flow.find(.identifier("add-reminder")).isEnabled)
    try await flow.tapAndSettle("reminder:01:00")
    try await choose("02:00", on: flow)
    #expect(flow.trackerFormState?.reminders.rows.map(\.text) == (2...8).map { "0\($0):00" })
    #expect(try flow.find(.identifier("add-reminder")).isEnabled)
  }
}

extension AppFlow {
  /// The tracker form's state, when the form is on top.
  var trackerFormState: TrackerFormViewModel.State? { sheet?.model(TrackerFormViewModel.self)?.state }
}
