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

/// The user switches the app's language, or flies across the date line, while the app runs.
@MainActor
@Suite("Language and time zone change while the app runs", .temporaryFolders)
struct EnvironmentChangeTests {
  /// English to Russian and Russian to English.
  nonisolated static let switches = Language.allCases.flatMap { from in
    Language.allCases.filter { $0 != from }.map { (from, $0) }
  }

  static let home = UUID(uuidString: "00000000-0000-4000-8000-00000000a001")!
  static let read = UUID(uuidString: "00000000-0000-4000-8000-00000000b001")!
  static let walk = UUID(uuidString: "00000000-0000-4000-8000-00000000b002")!
  /// 2026-12-01 12:00 UTC.
  static let noon = Date(timeIntervalSince1970: 1_796_126_400)

  /// The same store every time: a category, a daily habit done twice and an event.
  static func world(onboardingDone: Bool = true) throws -> InMemoryTrackerStore {
    let store = InMemoryTrackerStore()
    try store.createCategory(TrackerCategory(id: home, title: "Home"))
    let today = Day(noon, in: TimeZone(identifier: "UTC")!)
    try store.createTracker(
      Tracker(
        id: read, name: "Read", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0], categoryID: home,
        isPinned: false, createdOn: today.adding(days: -10), kind: .habit(Schedule(.everyDay)!)))
    try store.createTracker(
      Tracker(
        id: walk, name: "Walk", emoji: TrackerEmoji.all[1], color: TrackerColor.palette[1], categoryID: home,
        isPinned: true, createdOn: today.adding(days: -10), kind: .event))
    _ = try store.toggleRecord(trackerID: read, on: today.adding(days: -1))
    _ = try store.toggleRecord(trackerID: read, on: today)
    try store.saveSettings(StoreSettings(isOnboardingDone: onboardingDone))
    return store
  }

  static func environment(
    _ store: any TrackerDataStore, _ language: Language, zone: String = "Europe/Moscow", now: Date = noon
  ) -> AppEnvironment {
    .fixed(now: now, timeZone: TimeZone(identifier: zone)!, language: language, store: store)
  }

  /// Steps that end on each screen of the app, with what it can show in words (questions, errors,
  /// menus, a counter, a note).
  static let journeys: [(String, [UserAction])] = [
    ("main screen", []),
    ("card menu and its question", [.longPress(.identifier("card:Read")), .tap(.identifier("delete"))]),
    ("search that finds nothing", [.tap(.identifier("search")), .type("zzz")]),
    ("type picker", [.tap(.identifier("add"))]),
    (
      "new habit with a taken name",
      [.tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("name")), .type("Read")]
    ),
    (
      "schedule", [.tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("schedule"))]
    ),
    (
      "categories and a delete question",
      [
        .tap(.identifier("add")), .tap(.identifier("habit")), .tap(.identifier("category")),
        .longPress(.identifier("category:Home")), .tap(.identifier("delete")),
      ]
    ),
    (
      "category form with a taken title",
      [
        .tap(.identifier("add")), .tap(.identifier("event")), .tap(.identifier("category")),
        .tap(.identifier("add-category")), .tap(.identifier("title")), .type("Home"),
      ]
    ),
    ("edit form with its day counter", [.longPress(.identifier("card:Read")), .tap(.identifier("edit"))]),
    ("filters", [.tap(.identifier("filters"))]),
    ("calendar", [.tap(.identifier("date"))]),
    ("detail and its question", [.tap(.identifier("card:Read")), .tap(.identifier("delete"))]),
    ("statistics", [.tap(.identifier("tab-statistics"))]),
    ("settings", [.tap(.identifier("tab-settings"))]),
    ("reminder switched on", [.tap(.identifier("tab-settings")), .tap(.identifier("reminder"))]),
    (
      "time sheet with an error",
      [
        .tap(.identifier("tab-settings")), .tap(.identifier("reminder")), .tap(.identifier("allow")),
        .tap(.identifier("reminder-time")), .type("9"),
      ]
    ),
  ]

  @Test(arguments: switches)
  func everyScreenOfTheFlowIsRelabelledInOneView(from: Language, to: Language) async throws {
    for (name, steps) in Self.journeys {
      let flow = await AppFlow.launch(environment: Self.environment(try Self.world(), from))
      await flow.settled()
      for step in steps { try await flow.performAndSettle(step) }
      let before = flow.view
      let recorder = FlowRecorder(flow)
      let published = recorder.published {
        flow.environmentChanged(language: to, timeZone: flow.environment.timeZone)
      }
      // The same steps taken in the other language from the start show the same screen.
      let fresh = await AppFlow.launch(environment: Self.environment(try Self.world(), to))
      await fresh.settled()
      for step in steps { try await fresh.performAndSettle(step) }
      #expect(published.count == 1, "\(name): \(published.count) views")
      #expect(flow.view == fresh.view, "\(name)")
      #expect(flow.view != before, "\(name)")
      #expect(flow.environment.language == to)
    }
  }

  @Test(arguments: switches)
  func onboardingIsRelabelled(from: Language, to: Language) async throws {
    let flow = await AppFlow.launch(
      environment: Self.environment(try Self.world(onboardingDone: false), from))
    await flow.settled()
    try await flow.performAndSettle(.swipe(.left, nil))
    let recorder = FlowRecorder(flow)
    let published = recorder.published {
      flow.environmentChanged(language: to, timeZone: .init(identifier: "UTC")!)
    }
    let fresh = await AppFlow.launch(
      environment: Self.environment(try Self.world(onboardingDone: false), to, zone: "UTC"))
    await fresh.settled()
    try await fresh.performAndSettle(.swipe(.left, nil))
    #expect(published.count == 1)
    #expect(flow.view == fresh.view)
  }

  @Test(arguments: switches)
  func aScreenAClientOwnsFollowsWithOneState(from: Language, to: Language) async throws {
    func follows<Model: ObservableViewModel>(
      _ name: String, _ make: (AppEnvironment) -> Model, after act: (Model) -> Void = { _ in }
    ) async throws {
      let environment = Self.environment(try Self.world(), from)
      let model = make(environment)
      await environment.settled()
      act(model)
      await environment.settled()
      let recorder = Recorder(model)
      // A copy of the environment shares the language: the screen built on the original follows.
      let copy = environment
      copy.environmentChanged(language: to, timeZone: environment.timeZone)
      await environment.settled()
      let other = Self.environment(try Self.world(), to)
      let fresh = make(other)
      await other.settled()
      act(fresh)
      await other.settled()
      #expect(recorder.states.count == 2, "\(name): \(recorder.states.count - 1) new states")
      #expect(model.state == fresh.state, "\(name)")
      #expect(model.state != recorder.states.first, "\(name)")
    }
    let today = Day(Self.noon, in: TimeZone(identifier: "Europe/Moscow")!)
    try await follows(
      "main screen", { TrackersViewModel(environment: $0) }, after: { $0.cardLongPressed(Self.read) })
    try await follows("statistics", { StatisticsViewModel(environment: $0) })
    try await follows("settings", { SettingsViewModel(environment: $0) })
    try await follows("calendar", { CalendarViewModel(environment: $0, selected: today) })
    try await follows(
      "detail", { DetailViewModel(environment: $0, trackerID: Self.read, selectedDay: today) },
      after: { $0.deleteTapped() })
    try await follows("type picker", { TypePickerViewModel(environment: $0) })
    try await follows("filters", { FiltersViewModel(environment: $0, current: .completed) })
    try await follows("schedule", { ScheduleViewModel(environment: $0, days: [.monday, .friday]) })
    try await follows("categories", { CategoryListViewModel(environment: $0, checked: Self.home) })
    try await follows(
      "category form", { CategoryFormViewModel(environment: $0) }, after: { $0.textChanged("Home") })
    try await follows(
      "tracker form", { TrackerFormViewModel(environment: $0, mode: .newHabit) },
      after: { $0.nameChanged("Read") })
    try await follows("permission", { PermissionViewModel(environment: $0) })
    try await follows(
      "time sheet", { TimePickerViewModel(environment: $0, time: .evening) }, after: { $0.textChanged("9") })
    try await follows("onboarding", { OnboardingViewModel(environment: $0) }, after: { $0.swipedLeft() })
  }

  @Test(arguments: switches)
  func anAlertIsWordedAgain(from: Language, to: Language) async throws {
    // A screen built on its own is awaited through its environment, as a client's test can.
    let store = UnreadableStore(try Self.world())
    let shownIn = Self.environment(store, from)
    let model = TrackersViewModel(environment: shownIn)
    await shownIn.settled()
    store.failsReads = true
    model.daySelected(model.state.selectedDay.adding(days: -1))
    await shownIn.settled()
    let shown = try #require(model.state.alert)
    model.alertDismissed()
    await shownIn.settled()
    store.failsReads = false
    // The same failure met in the other language says the same words as the switched alert.
    let other = UnreadableStore(try Self.world())
    let freshIn = Self.environment(other, to)
    let fresh = TrackersViewModel(environment: freshIn)
    await freshIn.settled()
    other.failsReads = true
    fresh.daySelected(fresh.state.selectedDay.adding(days: -1))
    await freshIn.settled()
    let expected = try #require(fresh.state.alert)
    #expect(shown != expected)
    let failing = UnreadableStore(try Self.world())
    let environment = Self.environment(failing, from)
    let switched = TrackersViewModel(environment: environment)
    await environment.settled()
    failing.failsReads = true
    switched.daySelected(switched.state.selectedDay.adding(days: -1))
    await environment.settled()
    failing.failsReads = false
    environment.environmentChanged(language: to, timeZone: environment.timeZone)
    #expect(switched.state.alert == expected)
  }

  @Test(arguments: Language.allCases)
  func crossingTheDateLineMovesTodayOnEveryScreen(language: Language) async throws {
    // 2026-12-01 20:00 UTC: 10:00 on the 1st in Honolulu, already 10:00 on the 2nd in Kiritimati.
    let instant = Self.noon.addingTimeInterval(8 * 3600)
    let store = try Self.world()
    let environment = Self.environment(store, language, zone: "Pacific/Honolulu", now: instant)
    let first = environment.today
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.tapAndSettle("date")
    let recorder = FlowRecorder(flow)
    let kiritimati = TimeZone(identifier: "Pacific/Kiritimati")!
    let published = recorder.published { flow.environmentChanged(language: language, timeZone: kiritimati) }
    #expect(published.count == 1)
    #expect(flow.environment.today == first.adding(days: 1))
    guard case .trackers(let main) = flow.view.base, case .calendar(let calendar)? = flow.view.presented.last
    else {
      Issue.record("the main screen under the calendar: \(flow.view)")
      return
    }
    // The main screen showed today, so it shows the new today; the calendar marks it.
    #expect(main.selectedDay == first.adding(days: 1))
    #expect(calendar.weeks.joined().first { $0.isToday }?.day == first.adding(days: 1))
    // The same as a flow started across the date line (the calendar opened on the old day).
    let fresh = await AppFlow.launch(
      environment: Self.environment(try Self.world(), language, zone: "Pacific/Kiritimati", now: instant))
    await fresh.settled()
    await flow.settled()
    #expect(fresh.view.base == flow.view.base)
    // Nothing is left for the clock to move.
    #expect(recorder.published { flow.clockChanged() }.isEmpty)
    // And back: today is the 1st again.
    let honolulu = TimeZone(identifier: "Pacific/Honolulu")!
    #expect(recorder.published { flow.environmentChanged(language: language, timeZone: honolulu) }.count == 1)
    #expect(flow.environment.today == first)
  }

  @Test(arguments: switches)
  func theToDoListAndItsFormAreRelabelledInOneView(from: Language, to: Language) async throws {
    func flow(_ language: Language) async throws -> TodoFlow {
      let task = TodoTask(
        id: UUID(uuidString: "00000000-0000-4000-8000-00000000c001")!, title: "Milk", text: "Buy milk",
        isDone: false, created: Self.noon)
      let flow = TodoFlow(
        environment: .fixed(
          now: Self.noon, language: language, store: InMemoryTodoStore([task]), loader: NoTasks()))
      await flow.settled()
      try await flow.performAndSettle(.swipe(.left, .identifier("todo:Milk")))
      try await flow.tapAndSettle("cancel")
      try await flow.tapAndSettle("todo:Milk")
      return flow
    }
    let switched = try await flow(from)
    let before = switched.view
    var views: [TodoFlow.View] = []
    let token = switched.observe { views.append($0) }
    switched.environmentChanged(language: to)
    #expect(views.count == 2)
    let fresh = try await flow(to)
    #expect(switched.view == fresh.view)
    #expect(switched.view != before)
    token.cancel()
  }
}

/// A loader with nothing to load (the to-do store already holds tasks).
struct NoTasks: TodoLoader {
  func load(_ completion: @escaping @Sendable (Result<[LoadedTodo], TodoLoadError>) -> Void) {
    completion(.success([]))
  }
}
