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
  func choose(_ time: String, on flow: AppFlow) throws {
    #expect(flow.screen == .timePicker)
    try flow.perform(.clear)
    try flow.perform(.type(time))
    try flow.tap("done")
    #expect(flow.screen == .trackerForm)
  }

  @Test(arguments: Language.allCases)
  func aNewHabitIsCreatedWithTheRemindersAddedOnItsForm(language: Language) throws {
    let world = try MeasureAndQuotaFormTests.world()
    let flow = AppFlow(environment: world.environment(language))
    try MeasureAndQuotaFormTests.newHabit(flow, name: "Run")
    try flow.tap("schedule")
    try flow.tap("day:mon")
    try flow.tap("done")
    let add = try flow.find(.identifier("add-reminder"))
    #expect(add.label == (language == .ru ? "Добавить напоминание" : "Add a reminder"))
    try flow.tap("add-reminder")
    try choose("07:30", on: flow)
    // "+" offers 20:00 first.
    try flow.tap("add-reminder")
    #expect(flow.sheet?.model(TimePickerViewModel.self)?.state.text == "20:00")
    try flow.tap("done")
    #expect(flow.trackerFormState?.reminders.rows.map(\.text) == ["07:30", "20:00"])
    try flow.tap("create")
    #expect(flow.screen == .trackers)
    let stored = try #require(try MeasureAndQuotaFormTests.stored(world, "Run"))
    #expect(stored.reminders == [HabitReminder(time: at0730), HabitReminder(time: at2000)])
  }

  @Test func anEditedReminderKeepsItsDaysAndAlwaysAndARemovedOneGoes() throws {
    let world = try MeasureAndQuotaFormTests.world()
    var tracker = habit("Read", id: 10, days: [.monday, .friday])
    let chosen = HabitReminder(time: at0730, days: [.saturday], onlyIfNotDone: false)
    tracker.reminders = [chosen, HabitReminder(time: at2000)]
    try world.store.createTracker(tracker)
    let flow = AppFlow(environment: world.environment(.en))
    try flow.perform(.longPress(.identifier("card:Read")))
    try flow.tap("edit")
    let rows = try #require(flow.trackerFormState?.reminders.rows)
    #expect(rows.map(\.details) == ["Sat · even when done", nil])
    #expect(
      try flow.find(.identifier("reminder:07:30")).spokenLabel == "Reminders: 07:30, Sat · even when done")
    #expect(flow.trackerFormState?.hasChanges == false)
    try flow.tap("reminder:07:30")
    try choose("06:45", on: flow)
    #expect(flow.trackerFormState?.hasChanges == true)
    try flow.tap("remove-reminder:20:00")
    try flow.tap("create")
    #expect(flow.screen == .trackers)
    let stored = try #require(try MeasureAndQuotaFormTests.stored(world, "Read"))
    #expect(
      stored.reminders == [
        HabitReminder(time: ReminderTime(hour: 6, minute: 45)!, days: [.saturday], onlyIfNotDone: false)
      ])
  }

  @Test func aFormWithAReminderAddedAsksBeforeItIsLeftAndOneUndoneDoesNot() throws {
    let world = try MeasureAndQuotaFormTests.world()
    try world.store.createTracker(habit("Read", id: 10))
    let flow = AppFlow(environment: world.environment(.en))
    try flow.perform(.longPress(.identifier("card:Read")))
    try flow.tap("edit")
    try flow.tap("add-reminder")
    try flow.tap("done")
    #expect(flow.trackerFormState?.hasChanges == true)
    try flow.tap("remove-reminder:20:00")
    #expect(flow.trackerFormState?.hasChanges == false)
    try flow.tap("add-reminder")
    try flow.tap("done")
    try flow.perform(.dismiss)
    #expect(flow.trackerFormState?.discardQuestion != nil)
  }

  @Test func theEighthReminderIsTheLastAndAReminderMovedOntoAnotherTimeTakesItsPlace() throws {
    let world = try MeasureAndQuotaFormTests.world()
    try world.store.createTracker(habit("Read", id: 10))
    let flow = AppFlow(environment: world.environment(.en))
    try flow.perform(.longPress(.identifier("card:Read")))
    try flow.tap("edit")
    for hour in 1...HabitReminder.limit {
      try flow.tap("add-reminder")
      try choose("0\(hour):00", on: flow)
    }
    #expect(try !flow.find(.identifier("add-reminder")).isEnabled)
    try flow.tap("reminder:01:00")
    try choose("02:00", on: flow)
    #expect(flow.trackerFormState?.reminders.rows.map(\.text) == (2...8).map { "0\($0):00" })
    #expect(try flow.find(.identifier("add-reminder")).isEnabled)
  }
}

extension AppFlow {
  /// The tracker form's state, when the form is on top.
  var trackerFormState: TrackerFormViewModel.State? { sheet?.model(TrackerFormViewModel.self)?.state }
}
