import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// A value kept up to date (`StoreAccess.observe(fetch:)`) is read again after the commits that
/// wrote a table it read, and only after them: which tables those are is what the store says of
/// the statements it ran (SQLite's own account on a file), never a list per screen.
@MainActor
@Suite("A value is read again only after commits to what it read", .temporaryFolders)
struct ReadAgainTests {
  enum Kind: String, CaseIterable, Sendable {
    case memory, file
  }

  /// What the random steps do.
  enum Step: CaseIterable {
    case createCategory, renameCategory, toggleRecord, writeNote, chooseFilter, dayOff
  }

  /// The values observed.
  enum Observed: CaseIterable {
    case categoryTitles, filter, notes, records
  }

  /// Which values a step can never change, read literally: a note is no category, filter or
  /// mark; a filter no category, note or mark; a category no filter, note or mark; a mark no
  /// category, filter or note; a day off no category, filter or note.
  static let untouched: [Step: Set<Observed>] = [
    .createCategory: [.filter, .notes, .records],
    .renameCategory: [.filter, .notes, .records],
    .toggleRecord: [.categoryTitles, .filter, .notes],
    .writeNote: [.categoryTitles, .filter, .records],
    .chooseFilter: [.categoryTitles, .notes, .records],
    .dayOff: [.categoryTitles, .filter, .notes],
  ]

  nonisolated static let habit = Tracker(
    id: id(50), name: "Read", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
    categoryID: id(1), createdOn: day("2026-11-01"), kind: .habit(.everyDay))

  nonisolated func store(_ kind: Kind) throws -> any TrackerDataStore {
    let store: any TrackerDataStore =
      switch kind {
      case .memory: InMemoryTrackerStore()
      case .file:
        try SQLiteTrackerStore(
          path: TemporaryFolder().path("tracker.sqlite"), now: Date(timeIntervalSince1970: 1_796_288_400))
      }
    try store.createCategory(TrackerCategory(id: id(1), title: "Home"))
    try store.createTracker(Self.habit)
    return store
  }

  /// Runs `step` on `store` (the `number`th step: names and days differ from step to step).
  nonisolated static func run(_ step: Step, _ number: Int, on store: any TrackerDataStore) throws(StoreError)
  {
    let day = day("2026-11-01").adding(days: number % 20)
    switch step {
    case .createCategory:
      try store.createCategory(TrackerCategory(id: id(100 + number), title: "Category \(number)"))
    case .renameCategory: try store.renameCategory(id: id(1), to: "Home \(number)")
    case .toggleRecord: _ = try store.toggleRecord(trackerID: habit.id, on: day)
    case .writeNote: _ = try store.setNote("Note \(number)", trackerID: habit.id, on: day)
    case .chooseFilter:
      _ = try store.updateSettings { $0.filter = [.all, .today, .completed, .notCompleted][number % 4] }
    case .dayOff: _ = try store.setDaysOff(number % 3 != 0, [TrackerDayOff(trackerID: habit.id, day: day)])
    }
  }

  /// A fresh read of what `observed` shows.
  nonisolated static func read(_ observed: Observed, _ store: any TrackerDataStore) throws(StoreError)
    -> [String]
  {
    switch observed {
    case .categoryTitles: try store.categories().map(\.title)
    case .filter: ["\(try store.settings().filter)"]
    case .notes: try store.notes(trackerID: habit.id).map { "\($0.day) \($0.text)" }
    case .records: try store.records(trackerID: habit.id).map { "\($0.day)" }
    }
  }

  /// Random steps through the access on both stores: after each, every observed value is what a
  /// fresh read says (nothing missed), and a value the step cannot change was not read again.
  @Test(arguments: Kind.allCases, 0..<8)
  func aValueIsReadAgainAfterACommitToWhatItReadAndOnlyThen(kind: Kind, seed: UInt64) async throws {
    let store = try store(kind)
    let environment = AppEnvironment.fixed(
      now: Date(timeIntervalSince1970: 1_796_288_400), timeZone: TimeZone(identifier: "UTC")!, language: .en,
      store: store)
    let access = environment.access
    var fetches: [Observed: Counter] = [:]
    var shown: [Observed: Recorded<[String]>] = [:]
    var tokens: [ObservationToken] = []
    for observed in Observed.allCases {
      let (counter, recorded) = (Counter(), Recorded<[String]>())
      (fetches[observed], shown[observed]) = (counter, recorded)
      tokens.append(
        access.observe(
          fetch: { (store) throws(StoreError) in
            counter.add()
            return try Self.read(observed, store)
          },
          onChange: { if case .success(let value) = $0 { recorded.values.append(value) } }))
    }
    await access.settled()
    var random = SplitMix(seed: seed)
    for number in 0..<60 {
      let step = Step.allCases.randomElement(using: &random)!
      let before = fetches.mapValues(\.count)
      // The write, the commit's notice and the reads it starts: all in once this returns.
      let written = await access.write { (store) throws(StoreError) in try Self.run(step, number, on: store) }
      try written.get()
      await access.settled()
      for observed in Observed.allCases {
        let fresh = try Self.read(observed, store)
        #expect(shown[observed]?.values.last == fresh, "\(kind) step \(number) \(step): \(observed) missed")
        if Self.untouched[step]?.contains(observed) == true {
          #expect(
            fetches[observed]?.count == before[observed],
            "\(kind) step \(number) \(step): \(observed) read again")
        }
      }
    }
    withExtendedLifetime(tokens) {}
  }

  /// The store says which tables a call read and a commit wrote, on a file (SQLite's account of
  /// its statements) and in memory (the same tables for the same calls).
  @Test(arguments: Kind.allCases)
  func aStoreSaysTheTablesACallReadAndACommitWrote(kind: Kind) throws {
    let store = try store(kind)
    // On a file, columns ("category.title"); in memory, whole tables: the same tables either way.
    func tables(_ names: Set<String>) -> Set<String> { Set(names.map(StoreTables.table(of:))) }
    let categories = try TableRecording.recording { () throws(StoreError) in try store.categories() }
    #expect(tables(categories.tables.read) == ["category"] && categories.tables.written.isEmpty)
    let settings = try TableRecording.recording { () throws(StoreError) in try store.settings() }
    #expect(tables(settings.tables.read) == ["setting"])
    let heard = Locked<[StoreChange]>([])
    let token = store.observe { change in heard.withLock { $0.append(change) } }
    _ = try store.setNote("Read", trackerID: Self.habit.id, on: day("2026-11-02"))
    _ = try store.toggleRecord(trackerID: Self.habit.id, on: day("2026-11-02"))
    let changes = heard.value
    try #require(changes.count == 2)
    #expect(changes[0].tablesWritten.contains("note") && !tables(changes[0].tablesWritten).contains("record"))
    #expect(changes[1].tablesWritten.contains("record") && !tables(changes[1].tablesWritten).contains("note"))
    withExtendedLifetime(token) {}
  }
}
