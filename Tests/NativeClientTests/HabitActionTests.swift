import Foundation
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

/// Every card carries its actions for a screen reader, named in the user's language, and each
/// does what the card's button, menu or body does (issue 48, "Accessibility actions").
@MainActor
@Suite("A card's actions for a screen reader")
struct HabitActionTests {
  func world() throws -> (InMemoryTrackerStore, read: UUID, run: UUID) {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    var read = Tracker(
      id: UUID(), name: "Read", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: home.id,
      createdOn: Day(year: 2026, month: 11, day: 1)!, kind: .habit(.everyDay))
    try store.createTracker(read)
    read.id = UUID()
    read.name = "Run"
    read.measure = try .measurable(unit: "km", target: Amount(parsing: "5"), direction: .atLeast)
    try store.createTracker(read)
    return (store, try #require(store.trackers().first { $0.tracker.name == "Read" }).tracker.id, read.id)
  }

  func card(_ id: UUID, _ flow: AppFlow) -> TrackersViewModel.Card? {
    flow.trackers?.sections.flatMap(\.cards).first { $0.id == id }
  }

  @Test(arguments: Language.allCases)
  func eachCardNamesItsActions(language: Language) async throws {
    let (store, read, run) = try world()
    let flow = await AppFlow.launch(environment: clientEnvironment(store, language))
    await flow.settled()
    let names = try #require(card(read, flow)).actions.map(\.name)
    #expect(
      names
        == (language == .en
          ? ["Mark as done", "Take a day off", "Note for this day", "Open the details"]
          : ["Отметить выполненным", "Взять выходной", "Заметка на этот день", "Открыть подробности"]))
    #expect(try #require(card(run, flow)).actions.map(\.kind) == [.amount, .dayOff, .note, .open])
  }

  @Test func eachActionDoesWhatTheCardDoes() async throws {
    let (store, read, run) = try world()
    let flow = await AppFlow.launch(environment: clientEnvironment(store, .en))
    await flow.settled()
    let trackers = try #require(flow.trackers)
    trackers.actionChosen(.done, onCard: read)
    await flow.settled()
    #expect(card(read, flow)?.isCompleted == true)
    #expect(card(read, flow)?.actions.first?.kind == .notDone)
    // A done day taken off asks first, as the menu does.
    trackers.actionChosen(.dayOff, onCard: read)
    #expect(trackers.menu?.dayOffQuestion != nil)
    trackers.dayOffConfirmed()
    await flow.settled()
    #expect(card(read, flow)?.isDayOff == true && card(read, flow)?.isCompleted == false)
    #expect(card(read, flow)?.actions.map(\.kind).contains(.cancelDayOff) == true)
    trackers.actionChosen(.cancelDayOff, onCard: read)
    await flow.settled()
    #expect(card(read, flow)?.isDayOff == false)
    trackers.actionChosen(.amount, onCard: run)
    #expect(flow.screen == .amount)
    flow.sheet = nil
    trackers.actionChosen(.note, onCard: read)
    #expect(flow.screen == .note)
    flow.sheet = nil
    trackers.actionChosen(.open, onCard: read)
    guard case .detail(let detail)? = flow.sheet else {
      Issue.record("no detail: \(flow.screen)")
      return
    }
    #expect(detail.trackerID == read)
  }

  /// A widget's row offers the same actions, and those a button can do without the app carry
  /// their command.
  @Test func aWidgetRowsButtonsRunTheSameCommands() async throws {
    let (store, read, run) = try world()
    let environment = clientEnvironment(store, .en)
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    let trackers = try #require(flow.trackers)
    let snapshot = try #require(WidgetSnapshot.make(from: trackers, family: .large))
    let row = try #require(snapshot.rows.first { $0.id == read })
    #expect(row.actions == card(read, flow)?.actions)
    let done = try #require(row.actions.first?.kind.command(trackerID: read, day: environment.today))
    #expect(done == HabitCommand(trackerID: read, day: environment.today, action: .setDone(true)))
    #expect(try done.run(on: store).changed)
    #expect(try store.completedTrackerIDs(on: environment.today) == [read])
    let measured = try #require(snapshot.rows.first { $0.id == run })
    #expect(measured.actions.first?.kind.command(trackerID: run, day: environment.today) == nil)
    #expect(measured.link == DeepLink.habit(.id(run)).text)
  }

  /// Issue 49: a widget row of a period target says the target is a week's, and its text is the
  /// week's sum so far; a window habit's row says its check-ins, as the card does.
  @Test func aWidgetRowSaysAPeriodTargetsWeekAndAWindowsCheckIns() async throws {
    let (store, _, run) = try world()
    var steps = try #require(store.trackers().first { $0.tracker.id == run }).tracker
    steps.measure = try .measurable(
      unit: "km", target: Amount(parsing: "30"), direction: .atLeast, period: .week)
    try store.updateTracker(steps, addingRecordsOn: [], removingRecordsOn: [])
    var gym = steps
    gym.id = UUID()
    gym.name = "Gym"
    gym.measure = .yesNo
    gym.kind = .habit(Schedule(window: try #require(TimesInDays(3, in: 7))))
    try store.createTracker(gym)
    let flow = await AppFlow.launch(environment: clientEnvironment(store, .en))
    await flow.settled()
    let trackers = try #require(flow.trackers)
    let snapshot = try #require(WidgetSnapshot.make(from: trackers, family: .large))
    let row = try #require(snapshot.rows.first { $0.id == run })
    #expect(row.targetPer == "week" && row.target == Amount(units: 30))
    #expect(row.progressText == "0 / 30 km this week", "\(String(describing: row.progressText))")
    let window = try #require(snapshot.rows.first { $0.id == gym.id })
    #expect(window.progressText == "0/3 in 7 days" && window.targetPer == nil)
  }
}
