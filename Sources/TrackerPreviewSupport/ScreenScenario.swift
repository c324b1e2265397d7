import Foundation
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// The tracker's named states (`Scenario`): snapshot tests, the renderer's fit tests and the
/// command line's `show` and `tour` use these.
public typealias ScreenScenario = Scenario<TrackerScenarios>

extension Scenario where App == TrackerScenarios {
  /// A scenario: its name, the screen it ends on, its data and its actions.
  public init(
    _ name: String, screen: ScreenName, data: TrackerScenarios.Data = .demo, refusesChanges: Bool = false,
    actions: @escaping @Sendable (ScenarioContext) -> [UserAction] = { _ in [] }
  ) {
    self.init(
      name: name, screen: screen, start: TrackerScenarios.Start(data: data, refusesChanges: refusesChanges),
      actions: actions)
  }

  /// Whether the store refuses every change once the data is in (a read-only data file).
  public var refusesChanges: Bool { start.refusesChanges }
}

/// The tracker app's part of its scenarios: its screens, the data a run starts from, and every
/// state that matters.
public enum TrackerScenarios: ScenarioApp {
  public typealias Screen = ScreenName

  /// The data the app starts with.
  public enum Data: Sendable {
    /// A first launch: nothing stored, onboarding not done.
    case firstLaunch
    /// Onboarding done, nothing else.
    case empty
    /// The demo data (docs/rules.md), onboarding done.
    case demo
    /// The demo with issue 32's measured run and three-a-week swim (`DemoData.pacedContents`).
    case paced
  }

  /// What a run of the tracker starts from.
  public struct Start: Sendable {
    public var data: Data
    /// Whether the store refuses every change once the data is in (a read-only data file).
    public var refusesChanges: Bool
    /// The sync Settings shows (issue 33): a folder joined, as of the scenario's clock; nil: the
    /// store cannot sync (the demo), and Settings says sync is off.
    public var sync: (@Sendable (Date) -> SyncStatus)? = nil
  }

  public static let scenarios: [ScreenScenario] = everyOther + syncScenarios

  /// The states before issue 33's, in the order a new user meets them.
  private static let everyOther: [ScreenScenario] = [
    ScreenScenario("onboarding-page1", screen: .onboarding, data: .firstLaunch),
    ScreenScenario("onboarding-page2", screen: .onboarding, data: .firstLaunch) { _ in [.swipe(.left)] },
    ScreenScenario("trackers-empty", screen: .trackers, data: .empty),
    ScreenScenario("trackers-filled", screen: .trackers),
    ScreenScenario("trackers-search", screen: .trackers) { run in
      [.tap(.element(.field(.search))), .type(run.language == .ru ? "кош" : "cat")]
    },
    ScreenScenario("trackers-search-nothing-found", screen: .trackers) { _ in
      [.tap(.element(.field(.search))), .type("zzz")]
    },
    ScreenScenario("trackers-filter-today", screen: .trackers) { _ in filter(.today) },
    ScreenScenario("trackers-filter-completed", screen: .trackers) { _ in filter(.completed) },
    ScreenScenario("trackers-filter-not-completed", screen: .trackers) { _ in filter(.notCompleted) },
    ScreenScenario("trackers-future-date", screen: .trackers) { run in
      // The second day of next month: always in the future, always one arrow away.
      let future = run.today.firstOfMonth(addingMonths: 1).adding(days: 1)
      return [
        .tap(.element(.date)), .tap(.element(.nextMonth)), .tap(.element(.day(future))),
      ]
    },
    ScreenScenario("trackers-context-menu", screen: .trackers) { run in
      [.longPress(.element(.card(demoName(0, run.language))))]
    },
    ScreenScenario("trackers-day-off-menu", screen: .trackers) { run in
      // The cat on calls is off today in the demo: its menu offers to cancel the day off.
      [.longPress(.element(.card(demoName(1, run.language))))]
    },
    ScreenScenario("trackers-day-off-taken", screen: .trackers) { run in
      // Watering taken off today from its menu: "–" on its card, its flame kept.
      [.longPress(.element(.card(demoName(0, run.language)))), .tap(.element(.dayOff))]
    },
    ScreenScenario("trackers-day-off-done-question", screen: .trackers) { run in
      // Watering done today, then taken off from its menu: the action sheet asks first, since the
      // day's record would go.
      let name = demoName(0, run.language)
      return [
        .tap(.element(.complete(name))), .longPress(.element(.card(name))),
        .tap(.element(.dayOff)),
      ]
    },
    ScreenScenario("trackers-delete-confirmation", screen: .trackers) { run in
      [.longPress(.element(.card(demoName(1, run.language)))), .tap(.element(.delete))]
    },
    ScreenScenario("trackers-save-failed", screen: .trackers, refusesChanges: true) { run in
      [.tap(.element(.complete(demoName(0, run.language))))]
    },
    ScreenScenario("tracker-form-save-failed", screen: .trackerForm, refusesChanges: true) { run in
      [
        .longPress(.element(.card(demoName(0, run.language)))), .tap(.element(.edit)),
        .tap(.element(.create)),
      ]
    },
    ScreenScenario("type-picker", screen: .typePicker) { _ in [.tap(.element(.add))] },
    ScreenScenario("tracker-form-empty", screen: .trackerForm) { _ in newHabit },
    ScreenScenario("tracker-form-discard-question", screen: .trackerForm) { run in
      // A name typed, then the sheet dismissed (Esc, a swipe down): the changes are not thrown
      // away without a word.
      newHabit + [.tap(.element(.field(.name))), .type(run.language == .ru ? "Бег" : "Run"), .dismiss]
    },
    ScreenScenario("tracker-form-event", screen: .trackerForm) { _ in
      [.tap(.element(.add)), .tap(.element(.event))]
    },
    // The new habit of the tour's story: the category it adds ("Sport") and the days it picks
    // (Monday and Friday) are the ones the steps before show.
    ScreenScenario("tracker-form-filled", screen: .trackerForm, data: .empty) { run in
      newHabit + [.tap(.element(.field(.name))), .type(run.language == .ru ? "Читать книги" : "Read books")]
        + [
          .tap(.element(.categoryRow)), .tap(.element(.addCategory)), .tap(.element(.field(.title))),
          .type(run.language == .ru ? "Спорт" : "Sport"), .tap(.element(.done)),
          .tap(.element(.category(run.language == .ru ? "Спорт" : "Sport"))),
        ]
        + [
          .tap(.element(.scheduleRow)), .tap(.element(.weekday(.monday))), .tap(.element(.weekday(.friday))),
          .tap(.element(.done)),
        ]
        + [.tap(.element(.emoji(5))), .tap(.element(.color(3)))]
    },
    ScreenScenario("tracker-form-too-long", screen: .trackerForm) { _ in
      newHabit + [.tap(.element(.field(.name))), .type(String(repeating: "Ж", count: 39))]
    },
    ScreenScenario("tracker-form-duplicate", screen: .trackerForm) { run in
      newHabit + [.tap(.element(.field(.name))), .type(demoName(0, run.language).uppercased())]
    },
    ScreenScenario("tracker-form-edit", screen: .trackerForm) { run in
      [
        .longPress(.element(.card(demoName(0, run.language)))), .tap(.element(.edit)),
        .tap(.element(.daysPlus)),
      ]
    },
    // Issue 48: a habit's reminders on its edit form: one at 07:30, one at the 20:00 the "+" offers.
    ScreenScenario("tracker-form-reminders", screen: .trackerForm) { run in
      [
        .longPress(.element(.card(demoName(0, run.language)))), .tap(.element(.edit)),
        .tap(.element(.addReminder)), .clear, .type("07:30"), .tap(.element(.done)),
        .tap(.element(.addReminder)), .tap(.element(.done)),
      ]
    },
    // Issue 32: form. A measurable habit of 3 times a week being created, its fields refused, and
    // one being edited.
    ScreenScenario("tracker-form-measurable", screen: .trackerForm) { run in
      let ru = run.language == .ru
      return newHabit + [.tap(.element(.field(.name))), .type(ru ? "Бег" : "Run")]
        + [.tap(.element(.scheduleRow)), .tap(.element(.scheduleKind(.week))), .tap(.element(.done))]
        + [
          .tap(.element(.measure(.amount))), .tap(.element(.field(.unit))), .type(ru ? "км" : "km"),
          .tap(.element(.field(.target))), .type(ru ? "12,5" : "12.5"),
        ]
    },
    ScreenScenario("tracker-form-measure-errors", screen: .trackerForm) { run in
      newHabit + [
        .tap(.element(.measure(.amount))), .tap(.element(.field(.unit))),
        .type(String(repeating: run.language == .ru ? "ш" : "w", count: 13)), .tap(.element(.field(.target))),
        .type("12.5.1"),
      ]
    },
    ScreenScenario("tracker-form-edit-measurable", screen: .trackerForm) { run in
      let ru = run.language == .ru
      let name = ru ? "Кофе" : "Coffee"
      return newHabit + [.tap(.element(.field(.name))), .type(name)]
        + [.tap(.element(.categoryRow)), .tap(.element(.category(ru ? "Домашний уют" : "Home comfort")))]
        + [
          .tap(.element(.scheduleRow)), .tap(.element(.scheduleKind(.month))), .tap(.element(.quotaPlus)),
          .tap(.element(.done)),
        ]
        + [
          .tap(.element(.measure(.amount))), .tap(.element(.field(.unit))), .type(ru ? "чашки" : "cups"),
          .tap(.element(.field(.target))), .type("2"), .tap(.element(.direction(.atMost))),
        ]
        + [.tap(.element(.emoji(12))), .tap(.element(.color(7))), .tap(.element(.create))]
        + [.longPress(.element(.card(name))), .tap(.element(.edit))]
    },
    ScreenScenario("categories-empty", screen: .categories, data: .empty) { _ in
      newHabit + [.tap(.element(.categoryRow))]
    },
    ScreenScenario("categories-checked", screen: .categories) { _ in
      newHabit + [.tap(.element(.categoryRow))]
    },
    ScreenScenario("categories-menu", screen: .categories) { run in
      newHabit + [
        .tap(.element(.categoryRow)),
        .longPress(.element(.category(run.language == .ru ? "Радостные мелочи" : "Little joys"))),
      ]
    },
    ScreenScenario("categories-delete-confirmation", screen: .categories) { run in
      newHabit + [
        .tap(.element(.categoryRow)),
        .longPress(.element(.category(run.language == .ru ? "Радостные мелочи" : "Little joys"))),
        .tap(.element(.delete)),
      ]
    },
    ScreenScenario("category-form", screen: .categoryForm) { run in
      newHabit + [
        .tap(.element(.categoryRow)), .tap(.element(.addCategory)), .tap(.element(.field(.title))),
        .type(run.language == .ru ? "Спорт" : "Sport"),
      ]
    },
    ScreenScenario("schedule", screen: .schedule) { _ in
      newHabit + [
        .tap(.element(.scheduleRow)), .tap(.element(.weekday(.monday))), .tap(.element(.weekday(.friday))),
      ]
    },
    // Issue 32: form. N times a week, and N a month at its most (+ disabled).
    ScreenScenario("schedule-quota-week", screen: .schedule) { _ in
      newHabit + [.tap(.element(.scheduleRow)), .tap(.element(.scheduleKind(.week)))]
    },
    ScreenScenario("schedule-quota-month-most", screen: .schedule) { _ in
      newHabit + [.tap(.element(.scheduleRow)), .tap(.element(.scheduleKind(.month)))]
        + Array(repeating: .tap(.element(.quotaPlus)), count: 27)
    },
    // Issue 49: N times in Y days, "2 times in 10 days".
    ScreenScenario("schedule-window", screen: .schedule) { _ in
      newHabit + [
        .tap(.element(.scheduleRow)), .tap(.element(.scheduleKind(.window))), .tap(.element(.quotaMinus)),
      ]
        + Array(repeating: .tap(.element(.windowDaysPlus)), count: 3)
    },
    ScreenScenario("filters", screen: .filters) { _ in filter(.completed) + [.tap(.element(.filters))] },
    ScreenScenario("calendar", screen: .calendar) { _ in [.tap(.element(.date))] },
    ScreenScenario("statistics", screen: .statistics) { _ in [.tap(.element(.tab(.statistics)))] },
    ScreenScenario("settings", screen: .settings) { _ in [.tap(.element(.tab(.settings)))] },
    ScreenScenario("permission", screen: .permission) { _ in
      [.tap(.element(.tab(.settings))), .tap(.element(.reminder))]
    },
    ScreenScenario("settings-reminder-on", screen: .settings) { _ in
      [.tap(.element(.tab(.settings))), .tap(.element(.reminder)), .tap(.element(.allow))]
    },
    ScreenScenario("time-picker", screen: .timePicker) { _ in
      [
        .tap(.element(.tab(.settings))), .tap(.element(.reminder)), .tap(.element(.allow)),
        .tap(.element(.reminderTime)),
      ]
    },
    ScreenScenario("time-picker-invalid", screen: .timePicker) { _ in
      [
        .tap(.element(.tab(.settings))), .tap(.element(.reminder)), .tap(.element(.allow)),
        .tap(.element(.reminderTime)), .clear, .type("24:61"),
      ]
    },
    ScreenScenario("detail", screen: .detail) { run in [exerciseCard(run)] },
    ScreenScenario("detail-day-ticked", screen: .detail) { run in
      // Two weeks before today, a due day the demo missed (its schedule turns with today's
      // weekday), ticked in the grid.
      [exerciseCard(run), .tap(.element(.day(run.today.adding(days: -14))))]
    },
    ScreenScenario("detail-day-off", screen: .detail) { run in
      // A vacation planned ahead: the exercise's next due day (two days on) taken off, when the
      // grid (five weeks up to this Sunday) shows it; on a weekend, the due day it missed 12 days
      // ago (an illness).
      let ahead = run.today.adding(days: 2)
      let day = ahead.weekday.rawValue > run.today.weekday.rawValue ? ahead : run.today.adding(days: -12)
      return [exerciseCard(run), .longPress(.element(.day(day)))]
    },
    ScreenScenario("detail-day-off-done-question", screen: .detail) { run in
      // A missed day ticked in the grid, then long-pressed: taking it off asks first.
      let day = ElementID.day(run.today.adding(days: -14))
      return [exerciseCard(run), .tap(.element(day)), .longPress(.element(day))]
    },
    ScreenScenario("day-start", screen: .dayStart) { _ in
      [.tap(.element(.tab(.settings))), .tap(.element(.dayStart))]
    },
    // Issue 49: a category collapsed from its header, its day's progress instead of its cards.
    ScreenScenario("trackers-collapsed", screen: .trackers) { run in
      [.tap(.element(.section(run.language == .ru ? "Радостные мелочи" : "Little joys")))]
    },
    // Issue 49: two habits archived from their cards' menus, listed in Settings with their buttons.
    ScreenScenario("settings-archived", screen: .settings, data: .paced) { run in
      [pacedName(run, swim: false), pacedName(run, swim: true)].flatMap { name in
        [UserAction.longPress(.element(.card(name))), .tap(.element(.archive))]
      } + [.tap(.element(.tab(.settings)))]
    },
    ScreenScenario("settings-day-start", screen: .settings) { _ in
      [.tap(.element(.tab(.settings))), .tap(.element(.dayStart)), .tap(.element(.hour(3)))]
    },
    ScreenScenario("detail-delete", screen: .detail) { run in
      [exerciseCard(run), .tap(.element(.delete))]
    },
    ScreenScenario("statistics-empty", screen: .statistics, data: .empty) { _ in
      [.tap(.element(.tab(.statistics)))]
    },
    // Issue 32: cards, sheets, detail (the demo with its measured run and three-a-week swim)
    ScreenScenario("trackers-paced", screen: .trackers, data: .paced),
    ScreenScenario("trackers-paced-menu", screen: .trackers, data: .paced) { run in
      [.longPress(.element(.card(pacedName(run, swim: false))))]
    },
    ScreenScenario("amount", screen: .amount, data: .paced) { run in
      [.tap(.element(.complete(pacedName(run, swim: false))))]
    },
    ScreenScenario("amount-invalid", screen: .amount, data: .paced) { run in
      [
        .tap(.element(.complete(pacedName(run, swim: false)))), .clear,
        .type(run.language == .ru ? "12,5,1" : "12.5.1"),
      ]
    },
    ScreenScenario("note", screen: .note, data: .paced) { run in
      [.longPress(.element(.card(pacedName(run, swim: true)))), .tap(.element(.note))]
    },
    ScreenScenario("note-filled", screen: .note, data: .paced) { run in
      [
        .longPress(.element(.card(pacedName(run, swim: true)))), .tap(.element(.note)),
        .type(
          run.language == .ru ? "Бассейн закрыт,\nплавал в озере" : "The pool was closed,\nswam in the lake"),
      ]
    },
    ScreenScenario("detail-measured", screen: .detail, data: .paced) { run in
      [.tap(.element(.card(pacedName(run, swim: false))))]
    },
    ScreenScenario("detail-quota", screen: .detail, data: .paced) { run in
      [.tap(.element(.card(pacedName(run, swim: true))))]
    },
    // The statistics of the command line's demo (`show statistics --demo`): the run's met days and
    // the swim's ticks completed, the run's weeks before the other habits among the perfect days.
    ScreenScenario("statistics-paced", screen: .statistics, data: .paced) { _ in
      [.tap(.element(.tab(.statistics)))]
    },
  ]

  /// The name of the paced demo's run, or its swim.
  private static func pacedName(_ run: ScenarioContext, swim: Bool) -> String {
    switch (run.language, swim) {
    case (.ru, false): return "Бег"
    case (.ru, true): return "Плавание"
    case (.en, false): return "Run"
    case (.en, true): return "Swim"
    }
  }

  /// Settings with a folder joined (issue 33): synced two minutes ago; synced yesterday evening,
  /// when a device's clock ran 31 hours ahead. Without a folder Settings says sync is off
  /// (`settings`).
  private static let syncScenarios: [ScreenScenario] = [
    settings("settings-sync", joined(syncedSecondsAgo: 120)),
    settings(
      "settings-sync-clock-ahead",
      joined(
        syncedSecondsAgo: 14 * 3600 + 20 * 60,
        clocksAhead: [ClockAhead(device: "6F1C2A3B-0D4E-4F5A-8B6C-7D8E9F0A1B2C", hours: 31)])),
  ]

  /// The settings tab, with `sync`.
  private static func settings(_ name: String, _ sync: @escaping @Sendable (Date) -> SyncStatus)
    -> ScreenScenario
  {
    var scenario = ScreenScenario(name, screen: .settings) { _ in [.tap(.element(.tab(.settings)))] }
    scenario.start.sync = sync
    return scenario
  }

  /// The shared folder of the sync scenarios, last synced `seconds` before the scenario's now.
  private static func joined(syncedSecondsAgo seconds: TimeInterval, clocksAhead: [ClockAhead] = [])
    -> @Sendable (Date) -> SyncStatus
  {
    { now in
      SyncStatus(
        folder: "/home/anna/Sync/Tracker", lastSynced: now.addingTimeInterval(-seconds),
        clocksAhead: clocksAhead)
    }
  }

  /// A tap on the demo's morning exercise card (its detail).
  private static func exerciseCard(_ run: ScenarioContext) -> UserAction {
    .tap(.element(.card(run.language == .ru ? "Зарядка" : "Morning exercise")))
  }

  private static let newHabit: [UserAction] = [.tap(.element(.add)), .tap(.element(.habit))]

  private static func filter(_ filter: TrackerFilter) -> [UserAction] {
    [.tap(.element(.filters)), .tap(.element(.filter(filter)))]
  }

  /// The name of demo tracker `index` in `language`.
  private static func demoName(_ index: Int, _ language: Language) -> String {
    DemoData(today: Day(daysSinceEpoch: 0), language: language == .ru ? .russian : .english).trackers[index]
      .name
  }

  @MainActor public static func today(in environment: AppEnvironment) -> Day { environment.today }

  /// The data put in as of the environment's today (off the main actor, where the app never calls
  /// a store itself), the store made read-only or given its sync when the scenario says so, then
  /// the app launched as an app launches (its settings read off the main actor).
  @MainActor
  public static func launch(_ start: Start, environment: AppEnvironment) async throws -> AppFlow {
    let store = environment.store
    try await put(start.data, into: store, today: environment.today, language: environment.language)
    var environment = environment
    if start.refusesChanges { environment.store = ReadOnlyStore(store) }
    if let sync = start.sync { environment.sync = AppSync(store: StandingSync(sync(environment.now()))) }
    return await AppFlow.launch(environment: environment)
  }

  /// The tracker loads nothing at launch that a run waits for.
  public static func loads(_ start: Start) -> Bool { false }

  /// Puts the scenario's data into `store` as of `today`, off the main actor, where the app never
  /// calls a store itself (a data file's writes block).
  private nonisolated static func put(
    _ data: Data, into store: any TrackerDataStore, today: Day, language: Language
  ) async throws {
    switch data {
    case .firstLaunch:
      break
    case .empty:
      try store.saveSettings(StoreSettings(isOnboardingDone: true))
    case .demo, .paced:
      let demo = DemoData(today: today, language: language == .ru ? .russian : .english)
      try store.insert(data == .paced ? demo.pacedContents : demo.contents)
      try store.saveSettings(
        StoreSettings(isOnboardingDone: true, filter: .all, lastChosenCategoryID: demo.lastChosenCategoryID))
    }
  }
}
