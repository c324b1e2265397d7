import FailingStores
import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TrackerViewModels

/// Observing the flow, as a native client's root view does: every change a user could see
/// arrives, whoever made it (docs/native-client.md, "Every visible change is published").
@MainActor
@Suite("Publishing through AppFlow.observe", .temporaryFolders)
struct PublishingTests {
  let demo = DemoData(today: day("2026-11-30"))

  @Test func observingDeliversTheViewAtOnce() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    let published = PublishedViews(flow)
    #expect(published.views == [flow.view])
  }

  @Test func completingACardPublishesTheCardWithItsTickAndCounter() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    let published = PublishedViews(flow)
    try await flow.tapAndSettle("complete:Поливать растения")
    #expect(published.last?.card("Поливать растения")?.isCompleted == true)
    #expect(published.last?.card("Поливать растения")?.dayCounter == "11 дней")
    #expect(published.last == flow.view)
  }

  @Test func aChangeMadeThroughAnotherViewModelReachesTheFlowsObserversAtOnce() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    let published = PublishedViews(flow)
    // A second main screen on the same store, as a second window of the app would have.
    let other = TrackersViewModel(environment: world.environment(.ru))
    await other.settled()
    other.completeTapped(demo.trackers[1].id)
    await other.settled()
    #expect(published.views.count == 2)
    #expect(published.last?.card("Кошка заслонила камеру на созвоне")?.isCompleted == true)
  }

  @Test func aChangeMadeDirectlyOnTheStoreArrivesOnTheNextTurnOfTheMainActor() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    let published = PublishedViews(flow)
    try world.store.toggleRecord(trackerID: demo.trackers[2].id, on: day("2026-11-30"))
    let view = await published.next(after: 1) {
      $0.card("Бабушка прислала открытку в вотсапе")?.isCompleted == true
    }
    #expect(view?.card("Бабушка прислала открытку в вотсапе")?.dayCounter == "2 days")
  }

  @Test func aChangeMadeOnAnotherThreadArrivesOnTheMainActor() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    let published = PublishedViews(flow)
    let id = demo.trackers[1].id
    try await Task.detached { try world.store.deleteTracker(id: id) }.value
    let view = await published.next(after: 1) { $0.card("Кошка заслонила камеру на созвоне") == nil }
    #expect(view != nil)
    #expect(view == flow.view)
  }

  @Test func theStatisticsTabFollowsEveryChange() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    try await flow.tapAndSettle("tab-statistics")
    let published = PublishedViews(flow)
    #expect(published.last?.statistics?.cards.map(\.value) == ["10", "8", "20", "1,8"])
    try await Task.detached { [demo] in
      _ = try world.store.toggleRecord(trackerID: demo.trackers[1].id, on: day("2026-11-30"))
    }.value
    let view = await published.next(after: 1) { $0.statistics?.cards.map(\.value).contains("21") == true }
    #expect(view?.statistics?.cards.map(\.value) == ["10", "8", "21", "1,9"])  // 21 records on 11 days
  }

  @Test func everySheetPublishesItsChanges() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.en))
    await flow.settled()
    let published = PublishedViews(flow)
    func lastPresented() -> AppView.Presented? { published.last?.presented.last }

    try await flow.tapAndSettle("add")
    #expect(lastPresented()?.name == .typePicker)
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("name")
    try await flow.performAndSettle(.type("Swim"))
    guard case .trackerForm(let form)? = lastPresented() else {
      Issue.record("no form published")
      return
    }
    #expect(form.name == "Swim" && form.isClearVisible)
    try await flow.tapAndSettle("schedule")
    try await flow.tapAndSettle("day:sat")
    guard case .schedule(let schedule)? = lastPresented() else {
      Issue.record("no schedule published")
      return
    }
    #expect(schedule.rows.filter(\.isOn).map(\.weekday) == [.saturday])
    try await flow.tapAndSettle("done")
    guard case .trackerForm(let withDays)? = lastPresented() else {
      Issue.record("another screen is presented: \(String(describing: lastPresented()))")
      return
    }
    #expect(withDays.scheduleValue == "Sat")
    try await flow.tapAndSettle("cancel")
    try await flow.tapAndSettle("discard")  // the form has changes: Cancel asks first (issue 49)
    try await flow.tapAndSettle("date")
    try await flow.tapAndSettle("prev-month")
    guard case .calendar(let calendar)? = lastPresented() else {
      Issue.record("no calendar published")
      return
    }
    #expect(calendar.monthTitle == "October 2026")
    #expect(published.last == flow.view)
  }

  @Test func aCategoryAddedElsewhereShowsInTheOpenCategoryList() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    for id in ["add", "habit", "category"] { try await flow.tapAndSettle(id) }
    let published = PublishedViews(flow)
    try await Task.detached { try world.store.createCategory(TrackerCategory(id: id(77), title: "Спорт")) }
      .value
    let view = await published.next(after: 1) {
      guard case .categories(let list)? = $0.presented.last else { return false }
      return list.rows.map(\.title) == ["Домашний уют", "Радостные мелочи", "Спорт"]
    }
    #expect(view != nil)
  }

  @Test func anAlertIsPublishedAndSoIsItsDismissal() async throws {
    let world = try TestWorld.demo()
    let store = FailingStore(world.store)
    let flow = await AppFlow.launch(environment: world.environment(.en, store: store))
    await flow.settled()
    let published = PublishedViews(flow)
    store.fail(.nextWrite(FailingStore.readOnly))
    try await flow.tapAndSettle("complete:Поливать растения")
    #expect(published.last?.alert?.title == "Couldn't save")
    try await flow.tapAndSettle("ok")
    #expect(published.last?.alert == nil)
  }

  @Test func noViewIsPublishedTwiceInARow() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    let published = PublishedViews(flow)
    for id in [
      "add", "habit", "category", "category:Домашний уют", "cancel", "discard", "date", "day:2026-11-29",
    ] {
      try await flow.tapAndSettle(id)
    }
    #expect(published.views.count > 7)
    for (earlier, later) in zip(published.views, published.views.dropFirst()) { #expect(earlier != later) }
  }

  @Test func aCancelledTokenHearsNothingMore() async throws {
    let world = try TestWorld.demo()
    let flow = await AppFlow.launch(environment: world.environment(.ru))
    await flow.settled()
    var count = 0
    let token = flow.observe { _ in count += 1 }
    try await flow.tapAndSettle("add")
    token.cancel()
    try await flow.performAndSettle(.dismiss)
    #expect(count == 2)
  }
}
