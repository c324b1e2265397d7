import FailingStores
import FlowTestSupport
import Foundation
import TestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// A notification center that answers as told and records every call.
final class RecordingScheduler: NotificationScheduler, @unchecked Sendable {
  enum Call: Equatable {
    case status, request
    case schedule(String, title: String, body: String)
    case cancel
  }
  private let lock = NSLock()
  private var recorded: [Call] = []
  var status: NotificationAuthorization
  /// What the system's question answers.
  let grants: Bool

  init(status: NotificationAuthorization = .notDetermined, grants: Bool = true) {
    self.status = status
    self.grants = grants
  }

  var calls: [Call] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  private func record(_ call: Call) {
    lock.lock()
    recorded.append(call)
    lock.unlock()
  }

  /// How many status questions wait for `answerHeldQuestions` (followed by `until`).
  let heldQuestions = Watched(0)
  private var isHoldingQuestions = false
  private var waitingQuestions: [CheckedContinuation<Void, Never>] = []

  /// From now on, the status question waits to be answered (`answerHeldQuestions`): the system
  /// answers late.
  func holdStatusQuestions() {
    lock.lock()
    isHoldingQuestions = true
    lock.unlock()
  }

  /// Answers the questions held, and answers the next ones at once.
  func answerHeldQuestions() {
    lock.lock()
    isHoldingQuestions = false
    let waiting = waitingQuestions
    waitingQuestions = []
    lock.unlock()
    for question in waiting { question.resume() }
  }

  func authorizationStatus() async -> NotificationAuthorization {
    record(.status)
    await withCheckedContinuation { question in
      lock.lock()
      guard isHoldingQuestions else {
        lock.unlock()
        return question.resume()
      }
      waitingQuestions.append(question)
      lock.unlock()
      heldQuestions.update { $0 += 1 }
    }
    return status
  }

  func requestAuthorization() async -> Bool {
    record(.request)
    status = grants ? .granted : .denied
    return grants
  }

  func scheduleDailyReminder(at time: ReminderTime, title: String, body: String) {
    record(.schedule(time.description, title: title, body: body))
  }

  func cancelDailyReminder() { record(.cancel) }
}

extension FailingStore {
  /// Two closed gates for this store's next writes: the first write waits at the first, every
  /// later one at the second (two saves, and a read between them).
  func twoWriteGates() -> (Gate, Gate) {
    let (first, second) = (Gate(), Gate())
    first.close()
    second.close()
    let writes = Watched(0)
    beforeEachWrite {
      let number = writes.update { count in
        count += 1
        return count
      }
      (number == 1 ? first : second).passThrough()
    }
    return (first, second)
  }
}

/// Seed 004, step 5: the settings tab's daily reminder.
@MainActor
@Suite("Settings: the daily reminder", .temporaryFolders)
struct SettingsTests {
  func flow(_ world: TestWorld, _ scheduler: RecordingScheduler, _ language: Language = .en) async throws
    -> AppFlow
  {
    var environment = world.environment(language)
    environment.notifications = scheduler
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("tab-settings")
    return flow
  }

  func settings(_ flow: AppFlow) -> SettingsViewModel.State? {
    if case .settings(let state) = flow.view.base { return state }
    return nil
  }

  @Test func theReminderIsOffAtEightByDefaultAndTheTabIsThird() async throws {
    let scheduler = RecordingScheduler()
    let flow = try await flow(try TestWorld.demo(), scheduler, .ru)
    #expect(flow.screen == .settings)
    var expected = SettingsViewModel.State(
      title: "Настройки", reminderTitle: "Ежедневное напоминание", isReminderOn: false,
      timeTitle: "Время",
      timeText: "20:00", dayStartTitle: "День начинается в 00:00", syncTitle: "Синхронизация: выкл.",
      syncHint:
        "Чтобы синхронизировать с другими устройствами через общую папку, выполните один раз:\ntracker-preview sync --folder DIR",
      isRead: true)
    expected.archivedTitle = "В архиве: нет"
    #expect(settings(flow) == expected)
    #expect(
      flow.elements.map(\.id) == [
        "reminder", "day-start", "sync", "tab-trackers", "tab-statistics", "tab-settings",
      ])
    // Off at launch: nothing may stay scheduled.
    #expect(scheduler.calls == [.cancel])
  }

  @Test func turningItOnExplainsThenAsksAndWhenGrantedSchedulesADailyReminder() async throws {
    let world = try TestWorld.demo()
    let scheduler = RecordingScheduler()
    let flow = try await flow(world, scheduler, .ru)
    try await flow.tapAndSettle("reminder")
    #expect(flow.screen == .permission)
    guard case .permission(let sheet) = flow.view.presented.last else {
      Issue.record("no sheet")
      return
    }
    #expect(sheet.text == "Разрешите уведомления, чтобы раз в день напоминать отметить привычки")
    #expect(flow.elements.map(\.label) == ["Разрешить", "Не сейчас"])
    try await flow.tapAndSettle("allow")
    #expect(flow.screen == .settings)
    #expect(settings(flow)?.isReminderOn == true)
    #expect(
      scheduler.calls == [
        .cancel, .status, .request,
        .schedule("20:00", title: "Трекер", body: "Пора отметить привычки за сегодня"),
      ])
    #expect(try world.store.settings().reminder == ReminderSettings(isOn: true, time: .evening))
    #expect(flow.elements.map(\.id).contains("reminder-time"))
  }

  @Test func deniedTheSwitchGoesBackOffAndSaysNotificationsAreOff() async throws {
    let world = try TestWorld.demo()
    let scheduler = RecordingScheduler(grants: false)
    let flow = try await flow(world, scheduler)
    try await flow.tapAndSettle("reminder")
    try await flow.tapAndSettle("allow")
    #expect(settings(flow)?.isReminderOn == false)
    #expect(settings(flow)?.deniedNote == "Notifications are turned off in the system settings")
    #expect(!scheduler.calls.contains { if case .schedule = $0 { return true } else { return false } })
    #expect(try world.store.settings().reminder.isOn == false)
    // Asked again later, the system says no at once: no explanation, the note again.
    try await flow.tapAndSettle("reminder")
    #expect(flow.screen == .settings && settings(flow)?.isReminderOn == false)
  }

  @Test func notNowOrSwipingTheSheetAwayLeavesTheSwitchOff() async throws {
    let world = try TestWorld.demo()
    let scheduler = RecordingScheduler()
    let flow = try await flow(world, scheduler)
    try await flow.tapAndSettle("reminder")
    try await flow.tapAndSettle("not-now")
    #expect(flow.screen == .settings && settings(flow)?.isReminderOn == false)
    try await flow.tapAndSettle("reminder")
    try await flow.performAndSettle(.dismiss)
    #expect(flow.screen == .settings && settings(flow)?.isReminderOn == false)
    #expect(!scheduler.calls.contains(.request))
    #expect(try world.store.settings().reminder.isOn == false)
  }

  @Test func aNewTimeReschedulesAndAnInvalidOneKeepsDoneDisabled() async throws {
    let world = try TestWorld.demo()
    let scheduler = RecordingScheduler(status: .granted)
    let flow = try await flow(world, scheduler)
    try await flow.tapAndSettle("reminder")
    #expect(settings(flow)?.isReminderOn == true)
    try await flow.tapAndSettle("reminder-time")
    #expect(flow.screen == .timePicker)
    try await flow.performAndSettle(.clear)
    try await flow.performAndSettle(.type("7:5"))
    guard case .timePicker(let invalid) = flow.view.presented.last else {
      Issue.record("no sheet")
      return
    }
    #expect(!invalid.isDoneEnabled && invalid.error == "Enter a time as HH:MM, from 00:00 to 23:59")
    #expect(throws: FlowError.self) { try flow.tap("done") }
    try await flow.performAndSettle(.clear)
    try await flow.performAndSettle(.type("07:30"))
    try await flow.tapAndSettle("done")
    #expect(flow.screen == .settings && settings(flow)?.timeText == "07:30")
    #expect(scheduler.calls.last == .schedule("07:30", title: "Tracker", body: "Time to mark today's habits"))
    #expect(try world.store.settings().reminder == ReminderSettings(isOn: true, time: ReminderTime("07:30")!))
  }

  @Test func turningItOffCancels() async throws {
    let world = try TestWorld.demo()
    let scheduler = RecordingScheduler(status: .granted)
    let flow = try await flow(world, scheduler)
    try await flow.tapAndSettle("reminder")
    try await flow.tapAndSettle("reminder")
    #expect(settings(flow)?.isReminderOn == false)
    #expect(scheduler.calls.last == .cancel)
    #expect(try world.store.settings().reminder.isOn == false)
    #expect(!flow.elements.map(\.id).contains("reminder-time"))
  }

  /// Settings read, on a store that can hold and fail its writes, with the reminder stored on at
  /// 20:00 and allowed (so scheduled).
  func reminderOnAt8PM() async throws
    -> (TestWorld, FailingStore, RecordingScheduler, AppEnvironment, SettingsViewModel)
  {
    let world = try TestWorld.demo()
    try world.store.updateSettings { $0.reminder = ReminderSettings(isOn: true, time: .evening) }
    let scheduler = RecordingScheduler(status: .granted)
    let store = FailingStore(world.store)
    var environment = world.environment(.en, store: store)
    environment.notifications = scheduler
    let model = SettingsViewModel(environment: environment)
    await environment.settled()
    return (world, store, scheduler, environment, model)
  }

  @Test func aReminderSwitchedOffWhileItsNewTimeIsSavingIsNotScheduledAgain() async throws {
    let (world, store, scheduler, environment, model) = try await reminderOnAt8PM()
    #expect(model.state.isRead && model.state.isReminderOn)
    // The new time's save waits for the file (another program's write, a sync); the switch is
    // flipped off meanwhile.
    let gate = Gate()
    gate.close()
    store.beforeEachWrite { gate.passThrough() }
    defer { gate.open() }
    model.timeChosen(ReminderTime("07:30")!)
    #expect(await until { gate.waiting == 1 })
    model.reminderToggled()
    #expect(scheduler.calls.last == .cancel)
    // The two saves end one after the other, and the screen reads what they left once both are
    // written (a read between them would show the first one's reminder for a moment).
    store.holdReads()
    defer { store.releaseReads() }
    store.beforeEachWrite(nil)
    gate.open()
    #expect(await until { environment.access.writer.state.waiting == 0 })
    store.releaseReads()
    await environment.settled()
    // The time's save ended after the switch: nothing is scheduled after the cancel.
    #expect(scheduler.calls.last == .cancel, "\(scheduler.calls)")
    #expect(!model.state.isReminderOn)
    #expect(
      try world.store.settings().reminder == ReminderSettings(isOn: false, time: ReminderTime("07:30")!))
  }

  @Test func aReadBetweenTwoSavesOfTheReminderDoesNotShowTheFirstForAMoment() async throws {
    let (world, store, scheduler, environment, model) = try await reminderOnAt8PM()
    // The new time's save waits at the first gate, the switch's save (made meanwhile) at the
    // second: between them, the screen reads the settings the first one left.
    let (first, second) = store.twoWriteGates()
    defer {
      first.open()
      second.open()
    }
    model.timeChosen(ReminderTime("07:30")!)
    #expect(await until { first.waiting == 1 })
    model.reminderToggled()
    let shown = Watched<[Bool]>([])
    let token = model.observe { state in shown.update { $0.append(state.isReminderOn) } }
    first.open()
    #expect(await until { second.waiting == 1 && environment.access.writer.state.waiting == 1 })
    await environment.access.settled(readsOnly: true)
    #expect(!shown.value.contains(true), "the switch showed on again: \(shown.value)")
    second.open()
    await environment.settled()
    token.cancel()
    #expect(!shown.value.contains(true), "\(shown.value)")
    #expect(scheduler.calls.last == .cancel, "\(scheduler.calls)")
    #expect(
      try world.store.settings().reminder == ReminderSettings(isOn: false, time: ReminderTime("07:30")!))
  }

  /// The Settings screen of the demo on a failing store, read.
  func settingsOnAFailingStore() async throws
    -> (TestWorld, FailingStore, AppEnvironment, SettingsViewModel)
  {
    let world = try TestWorld.demo()
    let store = FailingStore(world.store)
    let environment = world.environment(.en, store: store)
    let model = SettingsViewModel(environment: environment)
    await environment.settled()
    return (world, store, environment, model)
  }

  @Test func aReadBetweenTwoSavesOfTheDayStartDoesNotShowTheFirstForAMoment() async throws {
    let (world, store, environment, model) = try await settingsOnAFailingStore()
    let (first, second) = store.twoWriteGates()
    defer {
      first.open()
      second.open()
    }
    model.dayStartChosen(DayStart(hour: 5)!)
    #expect(await until { first.waiting == 1 })
    model.dayStartChosen(DayStart(hour: 6)!)
    let shown = Watched<[String]>([])
    let token = model.observe { state in shown.update { $0.append(state.dayStartTitle) } }
    first.open()
    #expect(await until { second.waiting == 1 && environment.access.writer.state.waiting == 1 })
    await environment.access.settled(readsOnly: true)
    #expect(shown.value.allSatisfy { $0 == "Day starts at 06:00" }, "\(shown.value)")
    second.open()
    await environment.settled()
    token.cancel()
    #expect(shown.value.allSatisfy { $0 == "Day starts at 06:00" }, "\(shown.value)")
    #expect(try world.store.settings().dayStart == DayStart(hour: 6)!)
  }

  /// Two hours picked while the file is busy, and both saves fail: the row goes back to the hour
  /// stored before both. Before, the second save's failure put back the first one's hour, which
  /// nothing stored, and "today" counted from it.
  @Test func twoDayStartSavesThatBothFailLeaveTheHourStoredBeforeThem() async throws {
    let (world, store, environment, model) = try await settingsOnAFailingStore()
    let stored = try world.store.settings().dayStart
    let (first, second) = store.twoWriteGates()
    defer {
      first.open()
      second.open()
    }
    store.fail(.everyWrite(FailingStore.readOnly))
    model.dayStartChosen(DayStart(hour: 5)!)
    #expect(await until { first.waiting == 1 })
    model.dayStartChosen(DayStart(hour: 6)!)
    first.open()
    second.open()
    await environment.settled()
    #expect(model.state.alert != nil)
    #expect(model.state.dayStartTitle == "Day starts at \(stored.description)")
    #expect(environment.dayStartCache.dayStart(through: environment.access) == stored)
    #expect(try world.store.settings().dayStart == stored)
  }

  @Test func aReminderSaveThatFailsShowsWhatWasStoredElsewhereMeanwhile() async throws {
    let (world, store, scheduler, environment, model) = try await reminderOnAt8PM()
    let gate = Gate()
    gate.close()
    store.beforeEachWrite { gate.passThrough() }
    defer { gate.open() }
    model.reminderToggled()
    #expect(await until { gate.waiting == 1 })
    // Another program moves the reminder to 09:00 while the switch's save waits: the screen
    // reads it, and keeps its own switch meanwhile.
    var heard = environment.access.changes().makeAsyncIterator()
    try world.store.updateSettings {
      $0.reminder = ReminderSettings(isOn: true, time: ReminderTime("09:00")!)
    }
    _ = await heard.next()
    await environment.access.settled(readsOnly: true)
    #expect(!model.state.isReminderOn)
    // The switch's save fails: the screen shows what is stored, and the scheduler agrees.
    store.fail(.nextWrite(FailingStore.readOnly))
    store.beforeEachWrite(nil)
    gate.open()
    await environment.settled()
    #expect(model.state.alert != nil)
    #expect(model.state.isReminderOn && model.state.timeText == "09:00", "\(model.state)")
    #expect(scheduler.calls.last == .schedule("09:00", title: "Tracker", body: "Time to mark today's habits"))
  }

  @Test func aReminderSwitchedOffWhileTheSystemAnswersIsNotScheduledByTheAnswer() async throws {
    let world = try TestWorld.demo()
    try world.store.updateSettings { $0.reminder = ReminderSettings(isOn: true, time: .evening) }
    // At launch the stored reminder is scheduled again once the system says it is allowed; the
    // answer comes late, after the user switched the reminder off.
    let scheduler = RecordingScheduler(status: .granted)
    scheduler.holdStatusQuestions()
    defer { scheduler.answerHeldQuestions() }
    var environment = world.environment(.en)
    environment.notifications = scheduler
    let model = SettingsViewModel(environment: environment)
    #expect(await until { scheduler.heldQuestions.value == 1 })
    #expect(model.state.isRead && model.state.isReminderOn)
    model.reminderToggled()
    #expect(scheduler.calls == [.status, .cancel])
    scheduler.answerHeldQuestions()
    await environment.settled()
    #expect(scheduler.calls == [.status, .cancel], "\(scheduler.calls)")
    #expect(!model.state.isReminderOn)
    #expect(try world.store.settings().reminder == ReminderSettings(isOn: false, time: .evening))
  }

  @Test func atRelaunchTheStoredSettingAndTheSchedulerAgree() async throws {
    let world = try TestWorld.demo()
    var settings = try world.store.settings()
    settings.reminder = ReminderSettings(isOn: true, time: ReminderTime("21:15")!)
    try world.store.saveSettings(settings)
    // Still allowed: scheduled again, as stored.
    let allowed = RecordingScheduler(status: .granted)
    let relaunched = try await flow(world, allowed)
    #expect(self.settings(relaunched)?.isReminderOn == true && self.settings(relaunched)?.timeText == "21:15")
    #expect(
      allowed.calls == [.status, .schedule("21:15", title: "Tracker", body: "Time to mark today's habits")])
    // Turned off in the system meanwhile: cancelled, stored off, and the note says why.
    let revoked = RecordingScheduler(status: .denied)
    let again = try await flow(world, revoked)
    #expect(self.settings(again)?.isReminderOn == false)
    #expect(self.settings(again)?.deniedNote == "Notifications are turned off in the system settings")
    #expect(revoked.calls == [.status, .cancel])
    #expect(
      try world.store.settings().reminder == ReminderSettings(isOn: false, time: ReminderTime("21:15")!))
  }

  @Test func aReminderTurnedOnByAnotherProgramStaysOnWhereThisAppWasNeverAsked() async throws {
    let world = try TestWorld.demo()
    let scheduler = RecordingScheduler(status: .notDetermined)
    let flow = try await flow(world, scheduler)
    #expect(self.settings(flow)?.isReminderOn == false)
    // Another program (the CLI, a widget) turns the reminder on and was allowed there.
    var settings = try world.store.settings()
    settings.reminder = ReminderSettings(isOn: true, time: ReminderTime("21:30")!)
    try world.store.saveSettings(settings)
    // The change arrives on a later turn of the main actor; once it has, it stays on.
    #expect(await until { self.settings(flow)?.timeText == "21:30" })
    #expect(try world.store.settings().reminder.isOn)
    #expect(self.settings(flow)?.isReminderOn == true)
    #expect(self.settings(flow)?.deniedNote == nil)
    #expect(!scheduler.calls.contains { if case .schedule = $0 { true } else { false } })
    // And a relaunch where this app was still never asked keeps it on too.
    let relaunched = try await self.flow(world, RecordingScheduler(status: .notDetermined))
    #expect(self.settings(relaunched)?.isReminderOn == true)
    #expect(try world.store.settings().reminder == ReminderSettings(isOn: true, time: ReminderTime("21:30")!))
  }

  @Test func theFlowPublishesEveryStepAndReleasesTheSheets() async throws {
    let world = try TestWorld.demo()
    let scheduler = RecordingScheduler()
    let flow = try await flow(world, scheduler)
    var screens: [ScreenName] = []
    var switches: [Bool] = []
    let token = flow.observe { view in
      screens.append(view.screen)
      if case .settings(let state) = view.base { switches.append(state.isReminderOn) }
    }
    try await flow.tapAndSettle("reminder")
    try await flow.tapAndSettle("allow")
    try await flow.tapAndSettle("reminder-time")
    try await flow.performAndSettle(.dismiss)
    #expect(screens.first == .settings && screens.contains(.permission) && screens.contains(.timePicker))
    #expect(screens.last == .settings && switches.last == true)
    withExtendedLifetime(token) {}
    // A hundred time sheets and explanations opened and closed leave no view model behind.
    weak var lastSheet: AnyObject?
    for _ in 0..<100 {
      try await flow.tapAndSettle("reminder-time")
      if case .timePicker(let model) = flow.layers.last?.screen { lastSheet = model }
      try await flow.performAndSettle(.dismiss)
    }
    #expect(lastSheet == nil && flow.layers.isEmpty)
    try await flow.tapAndSettle("reminder")  // off
    try await flow.tapAndSettle("reminder")  // on again: allowed already, no explanation
    #expect(flow.screen == .settings && settings(flow)?.isReminderOn == true)
  }

  @Test func aSaveThatFailsKeepsTheSwitchAsStoredAndSaysWhy() async throws {
    let world = try TestWorld.demo()
    let failing = FailingStore(world.store)
    var environment = world.environment(.en, store: failing)
    environment.notifications = RecordingScheduler(status: .granted)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("tab-settings")
    failing.fail(.nextWrite(FailingStore.diskFull))
    try await flow.tapAndSettle("reminder")
    #expect(settings(flow)?.isReminderOn == false)
    #expect(flow.view.alert?.title == "Couldn't save")
  }
}
