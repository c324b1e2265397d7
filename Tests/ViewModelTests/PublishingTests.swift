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

  @Test func observingDeliversTheViewAtOnce() throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.ru))
    let published = PublishedViews(flow)
    #expect(published.views == [flow.view])
  }

  @Test func completingACardPublishesTheCardWithItsTickAndCounter() throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.ru))
    let published = PublishedViews(flow)
    try flow.tap("complete:Поливать растения")
    #expect(published.last?.card("Поливать растения")?.isCompleted == true)
    #expect(published.last?.card("Поливать растения")?.dayCounter == "11 дней")
    #expect(published.last == flow.view)
  }

  @Test func aChangeMadeThroughAnotherViewModelReachesTheFlowsObserversAtOnce() throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.ru))
    let published = PublishedViews(flow)
    // A second main screen on the same store, as a second window of the app would have.
    let other = TrackersViewModel(environment: world.environment(.ru))
    other.completeTapped(demo.trackers[1].id)
    #expect(published.views.count == 2)
    #expect(published.last?.card("Кошка заслонила камеру на созвоне")?.isCompleted == true)
  }

  @Test func aChangeMadeDirectlyOnTheStoreArrivesOnTheNextTurnOfTheMainActor() async throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.en))
    let published = PublishedViews(flow)
    try world.store.toggleRecord(trackerID: demo.trackers[2].id, on: day("2026-11-30"))
    let view = await published.next(after: 1) {
      $0.card("Бабушка прислала открытку в вотсапе")?.isCompleted == true
    }
    #expect(view?.card("Бабушка прислала открытку в вотсапе")?.dayCounter == "2 days")
  }

  @Test func aChangeMadeOnAnotherThreadArrivesOnTheMainActor() async throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.ru))
    let published = PublishedViews(flow)
    let id = demo.trackers[1].id
    try await Task.detached { try world.store.deleteTracker(id: id) }.value
    let view = await published.next(after: 1) { $0.card("Кошка заслонила камеру на созвоне") == nil }
    #expect(view != nil)
    #expect(view == flow.view)
  }

  @Test func theStatisticsTabFollowsEveryChange() async throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.ru))
    try flow.tap("tab-statistics")
    let published = PublishedViews(flow)
    #expect(published.last?.statistics?.cards.map(\.value) == ["10", "8", "20", "1,8"])
    try await Task.detached { [demo] in
      _ = try world.store.toggleRecord(trackerID: demo.trackers[1].id, on: day("2026-11-30"))
    }.value
    let view = await published.next(after: 1) { $0.statistics?.cards.map(\.value).contains("21") == true }
    #expect(view?.statistics?.cards.map(\.value) == ["10", "8", "21", "1,9"])  // 21 records on 11 days
  }

  @Test func everySheetPublishesItsChanges() throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.en))
    let published = PublishedViews(flow)
    func lastPresented() -> AppView.Presented? { published.last?.presented.last }

    try flow.tap("add")
    #expect(lastPresented()?.name == .typePicker)
    try flow.tap("habit")
    try flow.tap("name")
    try flow.perform(.type("Swim"))
    guard case .trackerForm(let form)? = lastPresented() else {
      Issue.record("no form published")
      return
    }
    #expect(form.name == "Swim" && form.isClearVisible)
    try flow.tap("schedule")
    try flow.tap("day:sat")
    guard case .schedule(let schedule)? = lastPresented() else {
      Issue.record("no schedule published")
      return
    }
    #expect(schedule.rows.filter(\.isOn).map(\.weekday) == [.saturday])
    try flow.tap("done")
    guard case .trackerForm(let withDays)? = lastPresented() else {
      Issue.record("another screen is presented: \(String(describing: lastPresented()))")
      return
    }
    #expect(withDays.scheduleValue == "Sat")
    try flow.tap("cancel")
    try flow.tap("discard")  // the form has changes: Cancel asks first (issue 49)
    try flow.tap("date")
    try flow.tap("prev-month")
    guard case .calendar(let calendar)? = lastPresented() else {
      Issue.record("no calendar published")
      return
    }
    #expect(calendar.monthTitle == "October 2026")
    #expect(published.last == flow.view)
  }

  @Test func aCategoryAddedElsewhereShowsInTheOpenCategoryList() async throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.ru))
    for id in ["add", "habit", "category"] { try flow.tap(id) }
    let published = PublishedViews(flow)
    try await Task.detached { try world.store.createCategory(TrackerCategory(id: id(77), title: "Спорт")) }
      .value
    let view = await published.next(after: 1) {
      guard case .categories(let list)? = $0.presented.last else { return false }
      return list.rows.map(\.title) == ["Домашний уют", "Радостные мелочи", "Спорт"]
    }
    #expect(view != nil)
  }

  @Test func anAlertIsPublishedAndSoIsItsDismissal() throws {
    let world = try TestWorld.demo()
    let store = FailingStore(world.store)
    let flow = AppFlow(environment: world.environment(.en, store: store))
    let published = PublishedViews(flow)
    store.fail(.nextWrite(FailingStore.readOnly))
    try flow.tap("complete:Поливать растения")
    #expect(published.last?.alert?.title == "Couldn't save")
    try flow.tap("ok")
    #expect(published.last?.alert == nil)
  }

  @Test func noViewIsPublishedTwiceInARow() throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.ru))
    let published = PublishedViews(flow)
    for id in [
      "add", "habit", "category", "category:Домашний уют", "cancel", "discard", "date", "day:2026-11-29",
    ] {
      try flow.tap(id)
    }
    #expect(published.views.count > 7)
    for (earlier, later) in zip(published.views, published.views.dropFirst()) { #expect(earlier != later) }
  }

  @Test func aCancelledTokenHearsNothingMore() throws {
    let world = try TestWorld.demo()
    let flow = AppFlow(environment: world.environment(.ru))
    var count = 0
    let token = flow.observe { _ in count += 1 }
    try flow.tap("add")
    token.cancel()
    try flow.perform(.dismiss)
    #expect(count == 2)
  }
}
