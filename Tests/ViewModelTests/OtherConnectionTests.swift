import FlowTestSupport
import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// Another process commits while a screen reads or saves: the screen's store and the other one
/// are two connections to one data file, and the other one's commit lands between two reads of
/// the screen's (the store's `afterRead` hook). A screen reads one state of the file, never a mix,
/// and a change of one setting never undoes another process's change of another.
@MainActor
@Suite("Another connection committing meanwhile", .temporaryFolders)
struct OtherConnectionTests {
  /// The demo on a SQLite file, and a second connection to that file.
  func twoConnections() throws -> (TestWorld, screen: SQLiteTrackerStore, other: SQLiteTrackerStore) {
    let world = try TestWorld.demo(.english)
    let (screen, path) = try world.onFile()
    return (world, screen, try SQLiteTrackerStore(path: path, now: world.now))
  }

  /// The main screen on `day` as a new screen reads it now.
  func mainScreen(_ environment: AppEnvironment, on day: Day) async -> TrackersViewModel.State {
    let fresh = await loaded(TrackersViewModel(environment: environment))
    fresh.daySelected(day)
    await fresh.settled()
    return fresh.state
  }

  @Test func theMainScreenShowsTheOldStateOrTheNewNeverAMix() async throws {
    let (world, screen, other) = try twoConnections()
    let environment = world.environment(.en, store: screen)
    let model = await loaded(TrackersViewModel(environment: environment))
    let yesterday = day("2026-11-29")
    let old = await mainScreen(environment, on: yesterday)
    let undone = try #require(old.sections.flatMap(\.cards).first { !$0.isCompleted && $0.isCompleteEnabled })
    // Right after the screen's first read, the other process completes the tracker yesterday.
    let commit = OneCommit { try other.toggleRecord(trackerID: undone.id, on: yesterday) }
    screen.afterRead = { commit.run() }
    model.daySelected(yesterday)
    await model.settled()
    screen.afterRead = nil
    #expect(commit.ran)
    let new = await mainScreen(environment, on: yesterday)
    #expect(old != new)
    #expect(model.state == old || model.state == new, "\(model.state)")
  }

  /// The screen opens, then `action` arms the hook before its intent: the other process makes
  /// `change` right after the screen's next read (or, should the screen not read again, after the
  /// intent). Returns the settings stored, the other process's change checked in them.
  func bothSurvive(
    other change: @escaping @Sendable (inout StoreSettings) -> Void,
    screen action: @MainActor (AppEnvironment, _ arm: () -> Void) async throws -> Void
  ) async throws -> StoreSettings {
    let (world, screen, other) = try twoConnections()
    let environment = world.environment(.en, store: screen)
    let commit = OneCommit {
      var settings = try other.settings()
      change(&settings)
      try other.saveSettings(settings)
    }
    try await action(environment) { screen.afterRead = { commit.run() } }
    await environment.settled()
    screen.afterRead = nil
    commit.run()
    let stored = try screen.settings()
    var expected = stored
    change(&expected)
    #expect(stored == expected, "the other process's change is kept")
    return stored
  }

  @Test func aFilterChosenKeepsAReminderChangedElsewhere() async throws {
    let reminder = ReminderSettings(isOn: true, time: ReminderTime(hour: 7, minute: 5)!)
    let change: @Sendable (inout StoreSettings) -> Void = { $0.reminder = reminder }
    let stored = try await bothSurvive(other: change) { environment, arm in
      let model = await loaded(TrackersViewModel(environment: environment))
      arm()
      model.filterChosen(.completed)
      await model.settled()
      #expect(model.state.alert == nil)
    }
    #expect(stored.filter == .completed)
  }

  @Test func aReminderTimeChosenKeepsAFilterChangedElsewhere() async throws {
    let time = ReminderTime(hour: 6, minute: 45)!
    let change: @Sendable (inout StoreSettings) -> Void = { $0.filter = .notCompleted }
    let stored = try await bothSurvive(other: change) { environment, arm in
      let model = await loaded(SettingsViewModel(environment: environment))
      arm()
      model.timeChosen(time)
      await model.settled()
      #expect(model.state.alert == nil)
    }
    #expect(stored.reminder.time == time)
  }

  @Test func aDayStartChosenKeepsAFilterChangedElsewhere() async throws {
    let start = try #require(DayStart(hour: 4))
    let change: @Sendable (inout StoreSettings) -> Void = { $0.filter = .completed }
    let stored = try await bothSurvive(other: change) { environment, arm in
      let model = await loaded(SettingsViewModel(environment: environment))
      arm()
      model.dayStartChosen(start)
      await model.settled()
      #expect(model.state.alert == nil)
    }
    #expect(stored.dayStart == start)
  }

  @Test func aCategoryChosenKeepsAReminderChangedElsewhere() async throws {
    let time = ReminderTime(hour: 21, minute: 30)!
    let change: @Sendable (inout StoreSettings) -> Void = { $0.reminder.time = time }
    var chosen: UUID?
    let stored = try await bothSurvive(other: change) { environment, arm in
      let model = await loaded(CategoryListViewModel(environment: environment, checked: nil))
      chosen = model.state.rows.last?.id
      arm()
      if let chosen { model.categoryTapped(chosen) }
      await model.settled()
      #expect(model.state.alert == nil)
    }
    #expect(chosen != nil)
    #expect(stored.lastChosenCategoryID == chosen)
  }

  @Test func theOnboardingEndedKeepsAFilterChangedElsewhere() async throws {
    let change: @Sendable (inout StoreSettings) -> Void = { $0.filter = .notCompleted }
    let stored = try await bothSurvive(other: change) { environment, arm in
      try environment.store.saveSettings(StoreSettings())
      let model = await loaded(OnboardingViewModel(environment: environment))
      arm()
      model.startTapped()
      await model.settled()
      #expect(model.state.alert == nil)
    }
    #expect(stored.isOnboardingDone)
  }
}

extension TestWorld {
  /// The world's data and settings in a new SQLite file, in the test's temporary folder (removed
  /// after the test).
  func onFile() throws -> (SQLiteTrackerStore, path: String) {
    let path = TemporaryFolder().path("tracker.sqlite")
    let file = try SQLiteTrackerStore(path: path, now: now)
    try file.insert(try store.contents())
    try file.saveSettings(try store.settings())
    return (file, path)
  }
}

/// A commit made once, by whichever comes first: the hook of the screen's store or the test.
final class OneCommit: @unchecked Sendable {
  private let lock = NSLock()
  private var done = false
  private let body: () throws -> Void

  init(_ body: @escaping () throws -> Void) { self.body = body }

  /// Whether it ran.
  var ran: Bool { lock.withLock { done } }

  /// Runs it, the first time only; a failure is recorded as the test's.
  func run() {
    let first = lock.withLock {
      defer { done = true }
      return !done
    }
    guard first else { return }
    do {
      try body()
    } catch {
      Issue.record(error)
    }
  }
}
