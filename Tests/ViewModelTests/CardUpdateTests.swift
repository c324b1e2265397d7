import FailingStores
import FlowTestSupport
import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport
import TrackerStore

@testable import TrackerViewModels

/// After a tap nothing is read back: the commit's marks bring the tapped cards up to date (fast
/// with 1,000 trackers); what the screen then shows must be exactly what reading the whole
/// screen shows, on both stores.
@MainActor
@Suite("Updating one card", .temporaryFolders)
struct CardUpdateTests {
  enum Kind: String, CaseIterable, Sendable {
    case memory, file
  }

  /// The demo in a store of `kind`.
  func world(_ kind: Kind) throws -> (TestWorld, any TrackerDataStore) {
    let world = try TestWorld.demo(.russian)
    guard kind == .file else { return (world, world.store) }
    let folder = TemporaryFolder().url
    let file = try SQLiteTrackerStore(
      path: folder.appendingPathComponent("tracker.sqlite").path, now: world.now)
    try file.insert(try world.store.contents())
    try file.saveSettings(try world.store.settings())
    return (world, file)
  }

  /// The screen as a new main screen on the same store shows it, at `day`.
  func wholeRead(_ environment: AppEnvironment, day: Day, search: String = "") async
    -> TrackersViewModel.State
  {
    let fresh = await loaded(TrackersViewModel(environment: environment))
    if day != fresh.state.selectedDay { fresh.daySelected(day) }
    if !search.isEmpty { fresh.searchChanged(search) }
    await fresh.settled()
    return fresh.state
  }

  @Test(arguments: Kind.allCases)
  func tapsOnTodayAndOnPastDaysShowWhatAWholeReadShows(_ kind: Kind) async throws {
    let (world, store) = try world(kind)
    let environment = world.environment(.ru, store: store)
    let model = TrackersViewModel(environment: environment)
    await model.settled()
    let cards = model.state.sections.flatMap(\.cards)
    #expect(cards.count >= 4)
    for card in cards {
      model.completeTapped(card.id)  // on, then the screen as a whole read would show it
      await model.settled()
      #expect(await model.state == wholeRead(environment, day: model.state.selectedDay), "\(card.name)")
    }
    for past in ["2026-11-29", "2026-11-25", "2026-11-01"] {
      model.daySelected(day(past))
      await model.settled()
      for card in model.state.sections.flatMap(\.cards) {
        model.completeTapped(card.id)
        await model.settled()
        #expect(await model.state == wholeRead(environment, day: day(past)), "\(card.name) on \(past)")
        model.completeTapped(card.id)
        await model.settled()
        #expect(
          await model.state == wholeRead(environment, day: day(past)), "\(card.name) on \(past), undone")
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func aRecordBeforeAnEventsFirstDayShowsItOnMoreDaysAsAWholeReadWould(_ kind: Kind) async throws {
    let (world, store) = try world(kind)
    let environment = world.environment(.ru, store: store)
    let category = try #require(try store.categories().first)
    try store.createTracker(event("Новое событие", id: 500, category: category, created: "2026-11-29"))
    let model = TrackersViewModel(environment: environment)
    await model.settled()
    model.daySelected(day("2026-11-20"))
    await model.settled()
    #expect(!model.state.sections.flatMap(\.cards).contains { $0.id == id(500) })
    // A record before its first day (another process, or an import) moves the first day back.
    _ = try store.toggleRecord(trackerID: id(500), on: day("2026-11-10"))
    #expect(await until { model.state.sections.flatMap(\.cards).contains { $0.id == id(500) } })
    #expect(model.state.sections.flatMap(\.cards).contains { $0.id == id(500) })
    #expect(await model.state == wholeRead(environment, day: day("2026-11-20")))
  }

  /// A tap's commit says what the tapped card's marks now are (`StoreChange.marks`, read in the
  /// write's own transaction): the screen reads nothing back after it — the write's check of
  /// what is done (`setCompleted`) is the one read — and shows what a whole read shows.
  @Test func aTapReadsNothingBackAfterItsWrite() async throws {
    let world = try TestWorld.demo(.russian)
    let store = FailingStore(world.store)
    let environment = world.environment(.ru, store: store)
    let model = TrackersViewModel(environment: environment)
    await model.settled()
    for card in model.state.sections.flatMap(\.cards) where card.isCompleteEnabled {
      store.forgetReads()
      model.completeTapped(card.id)
      await model.settled()
      #expect(store.reads.isEmpty, "\(card.name)")
      #expect(await model.state == wholeRead(environment, day: model.state.selectedDay), "\(card.name)")
    }
  }

  /// The filter applies to what was read: a card done under "Not completed" leaves the screen
  /// with nothing read back either.
  @Test func withTheNotCompletedFilterATappedCardLeavesWithNothingReadBack() async throws {
    let world = try TestWorld.demo(.russian)
    let store = FailingStore(world.store)
    let environment = world.environment(.ru, store: store)
    let model = TrackersViewModel(environment: environment)
    await model.settled()
    model.filterChosen(.notCompleted)
    await model.settled()
    let first = try #require(model.state.sections.flatMap(\.cards).first)
    // The settings changed: "today" reads the day start hour again, once, before the tap counts.
    _ = environment.today
    await environment.settled()
    store.forgetReads()
    model.completeTapped(first.id)
    await model.settled()
    #expect(store.reads.isEmpty)
    #expect(!model.state.sections.flatMap(\.cards).contains { $0.id == first.id })
    #expect(await model.state == wholeRead(environment, day: model.state.selectedDay))
  }

  /// Amounts entered, changed and cleared on the measurable card, ticks and days off on the quota
  /// card, of the demo with issue 32's habits, on today and past days, with and without a search
  /// typed: only the changed card is composed again, and the screen is what a whole read shows.
  @Test(arguments: Kind.allCases)
  func amountsQuotaTicksAndDaysOffShowWhatAWholeReadShows(_ kind: Kind) async throws {
    let demo = DemoData(today: day("2026-11-30"), language: .russian)
    let memory = try InMemoryTrackerStore(
      contents: demo.pacedContents,
      settings: StoreSettings(isOnboardingDone: true, filter: .all, lastChosenCategoryID: nil))
    let world = TestWorld(store: memory)
    var store: any TrackerDataStore = memory
    if kind == .file {
      let file = try SQLiteTrackerStore(
        path: TemporaryFolder().url.appendingPathComponent("tracker.sqlite").path, now: world.now)
      try file.insert(try memory.contents())
      try file.saveSettings(try memory.settings())
      store = file
    }
    let environment = world.environment(.ru, store: store)
    let model = TrackersViewModel(environment: environment)
    await model.settled()
    let cards = model.state.sections.flatMap(\.cards)
    let run = try #require(cards.first { $0.isMeasurable }).id
    let swim = try #require(cards.first { $0.quotaText != nil }).id
    var random: UInt64 = 32
    func next(_ count: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(count))
    }
    let days = ["2026-11-30", "2026-11-29", "2026-11-24", "2026-11-02"].map { day($0) }
    for step in 0..<60 {
      if next(5) == 0 { model.daySelected(days[next(days.count)]) }
      if next(6) == 0 { model.searchChanged(["", "Б", "П", "x"][next(4)]) }
      let selected = model.state.selectedDay
      switch next(4) {
      case 0:
        let amount = next(3) == 0 ? nil : Amount(thousandths: next(9_000))
        try await environment.write { try $0.setAmount(amount, trackerID: run, on: selected) }
      case 1: try await environment.write { try $0.toggleRecord(trackerID: swim, on: selected) }
      case 2:
        let isOff = next(2) == 0
        let tracker = [run, swim][next(2)]
        try await environment.write { try $0.setDaysOff(isOff, trackerID: tracker, on: [selected]) }
      default: try await environment.write { try $0.toggleRecord(trackerID: run, on: selected) }
      }
      await model.settled()
      let fresh = await wholeRead(environment, day: selected, search: model.state.searchText)
      #expect(model.state == fresh, "step \(step)")
    }
  }

  /// In the app's mode, another day picked and the day before picked again before the other
  /// day's read came: that read never lands under the day before's date.
  @Test func backOnTheDayBeforeWhileAnotherDaysReadIsOnItsWayShowsTheDayBefore() async throws {
    let world = try TestWorld.demo(.russian)
    let environment = world.environment(.ru)
    let model = TrackersViewModel(environment: environment)
    await model.settled()
    await environment.access.settled()
    let today = model.state.selectedDay
    model.daySelected(day("2026-11-01"))
    model.daySelected(today)
    await model.settled()
    await environment.access.settled()
    #expect(model.state.selectedDay == today)
    #expect(await model.state == wholeRead(world.environment(.ru), day: today))
  }

  /// The app's mode, where every outcome comes on a later turn: random taps here, writes from
  /// another thread (another window on the store), other days and searches, interleaved as the
  /// seed says. Taps applied while a fetch is on its way, fetches overtaken by another day:
  /// once everything has arrived, the screen is what a whole read shows.
  @Test(arguments: 1...40)
  func inTheAppsModeAnyInterleavingEndsAsAWholeRead(seed: UInt64) async throws {
    let world = try TestWorld.demo(.russian)
    let environment = world.environment(.ru)
    let model = TrackersViewModel(environment: environment)
    await model.settled()
    await environment.access.settled()
    let ids = try world.store.trackers().map(\.tracker.id)
    var random = seed
    func next(_ count: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(count))
    }
    let days = ["2026-11-30", "2026-11-29", "2026-11-25"].map { day($0) }
    let elsewhere = DispatchGroup()
    let failures = Heard<String>()
    for _ in 0..<50 {
      switch next(6) {
      case 0, 1:
        let cards = model.state.sections.flatMap(\.cards).filter(\.isCompleteEnabled)
        if !cards.isEmpty { model.completeTapped(cards[next(cards.count)].id) }
      case 2:
        let (id, day) = (ids[next(ids.count)], days[next(days.count)])
        DispatchQueue.global().async(group: elsewhere) {
          do {
            _ = try world.store.toggleRecord(trackerID: id, on: day)
          } catch {
            failures.add("\(error)")
          }
        }
      case 3: model.daySelected(days[next(days.count)])
      case 4: model.searchChanged(["", "Б", "x"][next(3)])
      default: await Task.yield()
      }
    }
    elsewhere.wait()
    #expect(failures.all.isEmpty)
    // Every tap's write has ended: the store holds what it will. The screen comes to show what a
    // new one on the store shows, once the commits of the other thread have reached it and their
    // reads are in, and stays so.
    await environment.access.settled()
    let whole = await wholeRead(
      world.environment(.ru), day: model.state.selectedDay, search: model.state.searchText)
    #expect(await until { model.state == whole }, "seed \(seed)")
    await environment.access.settled()
    #expect(model.state == whole, "seed \(seed)")
  }
}

extension AppEnvironment {
  /// Writes with `body` as a screen does (off the main actor, through `access`); screens have
  /// heard of the commit when this returns.
  @MainActor
  fileprivate func write<Value: Sendable>(_ body: @escaping @Sendable (any TrackerDataStore) throws -> Value)
    async throws
  {
    let outcome = await access.write(.givingUpAfterWait) { (store) throws(StoreError) in
      do {
        _ = try body(store)
      } catch {
        throw error as? StoreError ?? .storage(StorageFailure(.other, detail: String(describing: error)))
      }
    }
    // The screens' reads that follow the commit, too.
    await settled()
    try outcome.get()
  }
}
